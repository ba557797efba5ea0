"""The situation before and after a stroke: the ball on, the points remaining, who needs
snookers (3.3, 3.14(b)); from positions, the path to the ball on, snookered, touching balls,
the free-ball snooker (Section 2 16, 3.8, 3.10(b)(ii)).

One method per rule paragraph; ``Wpbsa2007Referee`` (``__init__.py``) puts the groups together
and a later edition overrides single methods.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Mapping, Sequence

from rules_engine import geometry
from rules_engine.balls import COLOURS, VALUES, lowest_colour
from rules_engine.rulesets.wpbsa2007.work import (
    GeometricFacts,
    _points_remaining,
    _tuple_new,
)
from rules_engine.table import Point
from rules_engine.values import Positions, State, Stroke


class Situation:
    """The referee's methods of the situation before and after a stroke."""

    @staticmethod
    def points_remaining(state: State) -> int:
        """Most points the striker could still score from the table (a free ball counts as one
        more ball on).

        >>> Situation.points_remaining(State(reds=14, ball_on="colour"))
        146
        >>> Situation.points_remaining(
        ...     State(reds=0, colours=("pink", "black"), ball_on="pink"))
        13
        """
        return _points_remaining(state.reds, state.colours, state.ball_on, state.free_ball)

    @staticmethod
    def needs_snookers(scores: Mapping[str, int], remaining: int) -> tuple[str, ...]:
        """Sides behind by more than the points remaining.

        >>> Situation.needs_snookers({"A": 10, "B": 50}, 35)
        ('A',)
        """
        values = scores.values()
        least = max(values) - remaining
        if min(values) >= least:  # the usual case: nobody needs snookers
            return ()
        return tuple([side for side, score in scores.items() if score < least])

    @staticmethod
    def balls_on(ball_on: str, reds: int, colours: Sequence[str]) -> tuple[str, ...]:
        """The balls that are on (``colour``: every colour)."""
        if ball_on == "red":
            return ("red",) if reds else ()
        if ball_on == "colour":
            return tuple(colours)
        return (ball_on,)

    def geometric_facts(self, state: State, stroke: Stroke) -> GeometricFacts:
        """Path to the ball on, snookered, touching (before) and snookered after, from positions
        when known."""
        positions = state.positions
        path = stroke.path_to_ball_on
        if positions is None and stroke.positions_after is None:  # as the case states them
            return _tuple_new(
                GeometricFacts,
                (
                    path,
                    None,
                    tuple(state.touching or ()),
                    stroke.snookered_after,
                    stroke.free_ball_snookers,
                ),
            )
        snookered = None
        touching = state.touching or ()
        if positions is not None:
            on = self.balls_on(state.ball_on, state.reds, state.colours)
            quality = self.path_quality(positions, on)
            snookered = quality != "full"
            # A free ball may be any ball, so some ball that could be on is always in clear view
            # (3.14(b)).
            path = "full" if state.free_ball else quality
            if positions.white is not None:
                touching = geometry.touching_balls(positions.white, positions.object_balls())
        snookered_after = stroke.snookered_after
        free_ball_snookers = stroke.free_ball_snookers
        after = stroke.positions_after
        if after is not None:
            snookered_after, free_ball_snookers = self.snookers_after(state, stroke, after)
        # Built as a plain tuple in field order: a NamedTuple's keyword __new__ is several times
        # slower, and this runs for every judgement.
        return _tuple_new(
            GeometricFacts,
            (path, snookered, tuple(touching), snookered_after, free_ball_snookers),
        )

    @staticmethod
    def path_quality(positions: Positions, on: Sequence[str], ignore: str | None = None) -> str:
        """Best straight-line access from the cue ball (or from the D when in hand) to a ball on."""
        targets: list[Point] = []
        obstacles: list[Point] = []
        for name, point in positions.object_balls():
            if name == ignore:
                continue
            (targets if name in on else obstacles).append(point)
        if not targets:
            return "none"
        if positions.white is None:
            return geometry.in_hand_path_quality(targets, obstacles)
        return geometry.path_quality(positions.white, targets, obstacles)

    def snookers_after(self, state: State, stroke: Stroke, after: Positions) -> tuple[bool, bool]:
        """(snookered after the stroke, snookered by the free ball) from ``positions_after``.

        After a foul every colour potted comes back, so the next ball on is a red while reds remain,
        else the lowest colour; re-spotted colours are placed first, as they can snooker.
        """
        leaving = Counter(stroke.potted) + Counter(stroke.off_table)
        respot = [c for c in reversed(COLOURS) if leaving[c] and c in state.colours]
        balls = [point for _, point in after.object_balls()] + (
            [after.white] if after.white else []
        )
        placed = list(after.colours)
        for colour in respot:
            _, _, point = self.place_colour(colour, balls=balls, occupied=None)
            if point is not None:
                placed.append((colour, point))
                balls.append(point)
        table = Positions(
            white=after.white,
            red=after.red,
            colours=tuple(sorted(placed, key=lambda item: VALUES[item[0]])),
        )
        on_after = ("red",) if after.red else (lowest_colour([c for c, _ in placed]),)
        snookered_after = self.path_quality(table, on_after) != "full"
        free = self.free_ball_taken(state, stroke)
        free_ball_snookers = False
        if free is not None and after.white is not None and free in dict(after.colours):
            # The ball on of the stroke itself: all reds, or the lowest colour (3.10(b)(ii)).
            on = ("red",) if state.reds else (state.ball_on,)
            free_ball_snookers = self.effectively_snookered_by(after, on, free)
        return snookered_after, free_ball_snookers

    @staticmethod
    def effectively_snookered_by(positions: Positions, on: Sequence[str], ball: str) -> bool:
        """Whether ``ball`` effectively snookers the cue ball on every ball on (Section 2, 16).

        Snookered: no ball on can be struck at both extreme edges. For each ball on, the balls
        that obstruct any part of it are the snookering balls and the nearest to the cue ball is
        the effective one (several when equally near, 16(b)); when the balls on are snookered by
        different balls there is no effective snookering ball (16(c)). So ``ball`` snookers
        the cue ball only when it is an effective snookering ball for every ball on.
        """
        cue = positions.white
        assert cue is not None
        targets = [point for name, point in positions.object_balls() if name in on]
        others = [(name, point) for name, point in positions.object_balls() if name not in on]
        obstacles = [point for _, point in others]
        if not targets:
            return False
        for target in targets:
            if geometry.path_quality(cue, [target], obstacles) == "full":
                return False
            blocking = [
                (math.dist(cue, point), name)
                for name, point in others
                if geometry.path_quality(cue, [target], [point]) != "full"
            ]
            if not blocking:  # only several balls together hide it: none is effective on its own
                return False
            nearest = min(distance for distance, _ in blocking)
            if ball not in {name for distance, name in blocking if distance - nearest < 1e-6}:
                return False
        return True

    @staticmethod
    def free_ball_taken(state: State, stroke: Stroke) -> str | None:
        """The ball nominated (or clearly played) as the free ball, None when the free ball was
        not taken."""
        if not state.free_ball or not stroke.struck:
            return None
        ball_on = state.ball_on
        ball = stroke.nominated
        if ball is None and len(stroke.first_contact) == 1:
            ball = stroke.first_contact[0]
        if ball is None or ball == ball_on:
            return None
        return ball

    @staticmethod
    def could_be_on(state: State, ball: str) -> bool:
        """3.8(c): whether ``ball`` is on or could be nominated as the ball on for this stroke.

        >>> Situation.could_be_on(State(reds=5, ball_on="colour"), "blue")
        True
        >>> Situation.could_be_on(State(reds=5), "blue")
        False
        >>> Situation.could_be_on(State(reds=5, free_ball=True), "blue")
        True
        """
        if state.free_ball:
            return True
        if state.ball_on == "colour":
            return ball in COLOURS
        return ball == state.ball_on
