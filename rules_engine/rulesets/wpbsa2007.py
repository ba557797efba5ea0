"""The referee of the WPBSA rules as translated in ``shared/rules/`` (``ruleset`` ``wpbsa-2007``).

``Wpbsa2007Referee.judge`` applies the rules of Section 3 to a stroke in the
order of ``STROKE_STEPS``; each step is one method applying one rule paragraph,
so a later edition overrides only the methods whose paragraph changed (see
``rulesets/__init__.py``). The small hooks ``snookers_needed_excepts_miss`` (3.14(b))
and ``free_ball_snooker_excepted`` (3.10(b)(ii)) are where the 2019+ text is known to
differ.

Where the texts in ``shared/rules/`` are silent the WPBSA text is followed and
the method says so.

>>> from rules_engine.case import load_case
>>> case = load_case({"format": "snooker-referee-case/1", "id": "d",
...                   "state": {"reds": 0, "colours": ["pink", "black"]},
...                   "stroke": {"first_contact": ["pink"], "potted": ["pink"]}})
>>> decision = Wpbsa2007Referee().judge(case)
>>> decision.points, decision.next.ball_on, [s.code for s in decision.trail]
({'A': 6, 'B': 0}, 'black', ['ball_on_lowest_colour', 'first_contact_ball_on', 'stroke_fair', \
'potted_ball_on_scores', 'striker_scores', 'colour_stays_down', 'turn_continues'])
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import NamedTuple, TypeVar

from rules_engine import geometry
from rules_engine.balls import CALLS, COLOURS, FOUL_CLASSES, OBJECT_BALLS, VALUES, lowest_colour
from rules_engine.decision import Assessment, Decision, Foul, Frame, Next, Respot, TrailStep
from rules_engine.table import SPOTS, Point
from rules_engine.trail import TRAIL_CODES
from rules_engine.values import Case, Positions, Procedure, State, Stroke

#: Spots in the order a colour takes them when its own is occupied: highest value first (3.7(d)).
_SPOTS_HIGHEST_FIRST = tuple(reversed(COLOURS))
_ON_RESPOTTED_BLACK = Frame(respotted_black=True)
_FRAME_GOES_ON = Frame()
#: The next player's options after a foul (3.11(h)), and after one whose balls may be replaced.
_OPTIONS_AFTER_FOUL = ("play", "offender_again")
_OPTIONS_AFTER_REPLACEABLE_FOUL = (*_OPTIONS_AFTER_FOUL, "replace_offender_again")
_NO_BALLS: frozenset[str] = frozenset()
_SPOT_NAMES = {colour: f"{colour}_spot" for colour in COLOURS}
_CALL_ORDER = {call: index for index, call in enumerate(CALLS)}
_COLOUR_SUMS: dict[tuple[str, ...], int] = {}
_RULES = {code: spec.rule for code, spec in TRAIL_CODES.items()}
_BARE_STEPS = {code: TrailStep(spec.rule, code, ()) for code, spec in TRAIL_CODES.items()}
_NOTHING_LEAVING: dict[str, int] = dict.fromkeys(("red",) + COLOURS, 0)
#: ``VALUES`` as a plain dict (quicker to read than the read-only mapping, read on every stroke).
_VALUE: dict[str, int] = dict(VALUES)
#: The set holding just one ball, for every ball: the ball on is looked up, never rebuilt.
_ONLY: dict[str, frozenset[str]] = {ball: frozenset((ball,)) for ball in OBJECT_BALLS}
#: Where a colour looks for a spot (3.7(c)(d)): its own, then the highest value first.
_SPOT_SEARCH: dict[str, tuple[str, ...]] = {c: (c,) + _SPOTS_HIGHEST_FIRST for c in COLOURS}
#: ``FOUL_CLASSES`` as a plain dict, and for each foul code the one ball param its step takes
#: (``ball``, ``balls`` or none), read from ``TRAIL_CODES`` once.
_FOUL_CLASS: dict[str, str] = dict(FOUL_CLASSES)
_FOUL_BALL_PARAM: dict[str, str | None] = {
    code: "balls" if "balls" in spec.params else "ball" if "ball" in spec.params else None
    for code, spec in TRAIL_CODES.items()
}
# Spots are given to the hundredth of a millimetre: a colour placed on one needs no rounding.
assert all(round(v, 2) == v for point in SPOTS.values() for v in point)
_FAILED_TO_HIT = frozenset(
    {"missed_all", "first_contact_not_on", "reds_successive", "free_ball_not_first"}
)


def _consultation(stroke: Stroke) -> bool:
    """A ball touched during the consultation after a miss (``consultation_touch``, 3.14(h)):
    the case says it is then the only infringement and no stroke was made."""
    infringements = stroke.infringements
    return bool(infringements) and infringements[0].code == "consultation_touch"


_T = TypeVar("_T")
#: Steps that do nothing without one fact of the stroke, in the order of the plan key in
#: ``Wpbsa2007Referee.judge``: touching balls, balls forced off, infringements seen, a free
#: ball, an edge ball, positions after the stroke, the cue ball off the table or an edge ball,
#: the black alone left or re-spotted.
_GUARDED_STEPS = (
    "touching_ball",
    "forced_off",
    "infringements",
    "free_ball_snooker",
    "edge_of_pocket",
    "touching_ball_call",
    "cue_ball",
    "end_of_frame",
)


class GeometricFacts(NamedTuple):
    """Facts about the table: computed from positions when the case gives them, else as the case
    states.

    ``path_to_ball_on`` and ``snookered`` describe the position before the stroke,
    ``snookered_after`` and ``free_ball_snookers`` the position after it.
    """

    path_to_ball_on: str | None
    snookered: bool | None
    touching: tuple[str, ...]
    snookered_after: bool | None
    free_ball_snookers: bool | None


def _step(code: str, /, *pairs: tuple[str, object], **params: object) -> TrailStep:
    """A trail step; params are given in the code's documented order, lists as tuples, as
    ``(name, value)`` pairs or as keywords (see ``_Work.step``)."""
    return _tuple_new(TrailStep, (_RULES[code], code, pairs or tuple(params.items())))


_object_new = object.__new__
_tuple_new = tuple.__new__


def _new(cls: type[_T], fields: dict[str, object]) -> _T:
    """An instance of frozen dataclass ``cls`` from all its fields, without the per-field cost of
    ``__init__`` (the fields are exactly those ``__init__`` would set; nothing is validated
    there)."""
    instance = _object_new(cls)
    instance.__dict__.update(fields)
    return instance


#: Parts of decisions already built, by their fields (``_part``): being immutable, one object
#: serves every decision with the same values. There are few such values (who plays next and
#: how, the situation before a stroke); a table that ever grows past ``_PARTS_MAX`` starts afresh.
_NEXT_PARTS: dict[tuple, Next] = {}
_ASSESSMENT_PARTS: dict[tuple, Assessment] = {}
_FOUL_PARTS: dict[tuple, Foul] = {}
_PARTS_MAX = 4096
_NEXT_FIELDS = ("striker", "ball_on", "in_hand", "free_ball", "options", "warned")
_ASSESSMENT_FIELDS = (
    "ball_on",
    "points_remaining",
    "needs_snookers",
    "snookered",
    "path_to_ball_on",
    "touching",
)
_FOUL_FIELDS = ("code", "ball", "penalty", "rule")
_RESPOT_PARTS: dict[tuple, Respot] = {}
_RESPOT_FIELDS = ("ball", "to", "position")


def _part(cls: type[_T], table: dict[tuple, _T], names: tuple[str, ...], values: tuple) -> _T:
    """The frozen ``cls`` with fields ``names`` set to ``values``: the one already made, or a new
    one, kept for next time.

    >>> from rules_engine.decision import Foul
    >>> foul = _part(Foul, {}, _FOUL_FIELDS, ("missed_all", None, 4, "3.12(a)"))
    >>> foul == Foul("missed_all", None, 4, "3.12(a)")
    True
    """
    part = table.get(values)
    if part is None:
        part = _new(cls, dict(zip(names, values, strict=True)))
        if len(table) >= _PARTS_MAX:
            table.clear()
        table[values] = part
    return part


def _points_remaining(reds: int, colours: tuple[str, ...], ball_on: str, free_ball: bool) -> int:
    """See ``Wpbsa2007Referee.points_remaining``."""
    total = _COLOUR_SUMS.get(colours)
    if total is None:
        total = _COLOUR_SUMS[colours] = sum(VALUES[colour] for colour in colours)
    if reds:
        total += 8 * reds + (7 if ball_on == "colour" else 0)
        return total + (8 if free_ball else 0)
    if ball_on == "colour":  # after the last red: any colour, then all of them
        return 7 + total
    return total + (VALUES[ball_on] if free_ball else 0)


class _Work:
    """The referee's working notes while judging one stroke (private, mutable, short-lived).

    Every note has a slot, set in ``__init__``: the steps set different notes in different
    orders, which would make each judgement build and grow an instance dict of its own. An
    edition's own notes still go in the instance dict (``__dict__`` is one of the slots).
    """

    __slots__ = (
        "case",
        "state",
        "stroke",
        "facts",
        "trail",
        "fouls",
        "foul_penalties",
        "calls",
        "points",
        "scores",
        "reds_after",
        "colours_after",
        "free_ball",
        "nominated_colour",
        "on_first",
        "ball_on_value",
        "ball_on_name",
        "no_nomination",
        "contact",
        "points_scored",
        "red_on_scored",
        "replace_all",
        "replaced",
        "replay",
        "miss",
        "warned",
        "replace_option",
        "frame",
        "penalty",
        "next_striker",
        "next_options",
        "next_free_ball",
        "next_in_hand",
        "next_ball_on",
        "leaving",
        "needs_before",
        "points_remaining",
        "black_respotted",
        "scoring",
        "scored_balls",
        "respots",
        "__dict__",
    )

    def __init__(self, case: Case, facts: GeometricFacts) -> None:
        self.case = case
        self.state = state = case.state
        self.stroke = case.stroke
        self.facts = facts
        self.trail: list[TrailStep] = []
        self.fouls: list[
            tuple[str, str | None, tuple[str, ...]]
        ] = []  # code, ball, balls (simultaneous)
        self.foul_penalties: list[int] = []
        self.calls: set[str] = set()
        self.points: dict[str, int] = dict.fromkeys(state.sides, 0)
        self.scores: dict[str, int] = dict(state.scores)
        self.reds_after = state.reds
        self.colours_after: tuple[str, ...] = state.colours
        self.free_ball: str | None = None
        self.nominated_colour: str | None = None
        self.on_first: frozenset[str] = _NO_BALLS
        self.ball_on_value = 1
        self.ball_on_name = "red"
        self.no_nomination = False
        self.contact: tuple[str, ...] = ()
        self.points_scored = 0
        self.red_on_scored = False
        self.replace_all = False
        self.replaced: tuple[str, ...] = ()
        self.replay = False
        self.miss = False
        self.warned = False
        self.replace_option = False
        self.frame = _FRAME_GOES_ON
        self.penalty = 0
        self.next_striker: str | None = None
        self.next_options: tuple[str, ...] = ("play",)
        self.next_free_ball = False
        self.next_in_hand = False
        self.next_ball_on: str | None = None
        self.leaving: dict[str, int] = _NOTHING_LEAVING
        self.needs_before: tuple[str, ...] = ()
        self.points_remaining = 0
        self.black_respotted = False  # the stroke leaves the scores level on the last black
        # Most strokes leave these empty; the step that fills one first makes it a fresh list.
        self.scoring: list[TrailStep] | tuple[()] = ()
        self.scored_balls: tuple[str, ...] = ()
        self.respots: list[Respot] | tuple[()] = ()

    def step(self, code: str, /, *pairs: tuple[str, object], **params: object) -> None:
        """Add a trail step; params are given in the code's documented order, lists as tuples,
        either as keywords or as ``(name, value)`` pairs (the quicker form, used on the paths
        every judgement takes: no keyword dict to build and unpack).

        >>> work = _Work.__new__(_Work)
        >>> work.trail = []
        >>> work.step("colour_nominated", ("ball", "pink"))
        >>> work.step("colour_nominated", ball="pink")
        >>> work.trail[0] == work.trail[1] == TrailStep.of("colour_nominated", ball="pink")
        True
        """
        if pairs:
            self.trail.append(_tuple_new(TrailStep, (_RULES[code], code, pairs)))
        elif params:
            self.trail.append(_tuple_new(TrailStep, (_RULES[code], code, tuple(params.items()))))
        else:  # steps are immutable: one shared step per code without params
            self.trail.append(_BARE_STEPS[code])

    def foul(self, code: str, ball: str | None = None, balls: tuple[str, ...] = ()) -> None:
        self.fouls.append((code, ball, balls))

    @property
    def legal(self) -> bool:
        return not self.fouls


class Wpbsa2007Referee:
    """Judges referee cases by the WPBSA rules of Section 3 (the ``wpbsa-2007`` ruleset)."""

    name = "wpbsa-2007"

    @staticmethod
    def rule_of(code: str) -> str:
        """The paragraph a trail step of ``code`` cites in this edition (a later edition with
        another numbering overrides it).

        >>> Wpbsa2007Referee.rule_of("free_ball_called")
        '3.10'
        """
        return _RULES[code]

    #: The methods applied to a stroke, in order. Each applies one rule paragraph.
    STROKE_STEPS: tuple[str, ...] = (
        "ball_on",  # 3.3(e)(f): which ball is on
        "nomination",  # 3.3(f), 3.10(a): the colour nominated, the free ball nominated
        "touching_ball",  # 3.8: a touching ball that is on counts as struck first
        "first_contact",  # 3.6, 3.10(b)(i), 3.12(a)(b)(c)(d): what the cue ball struck first
        "pots",  # 3.3(e)(f), 3.9(c), 3.10(c)(d)(e), 3.12(b): what was potted
        "forced_off",  # 3.12(b): object balls forced off the table
        "cue_ball",  # 3.12(a): in-off, cue ball off the table
        "infringements",  # 3.11(a), 3.12: fouls the referee saw
        "free_ball_snooker",  # 3.10(b)(ii): snookering behind the free ball
        "nomination_foul",  # 3.12(d): a foul before a colour was nominated
        "penalty",  # 3.11(e)(g), 3.12: the penalty, the minimum of four, the highest applies
        "edge_of_pocket",  # 3.9(a)(b): a ball falling from the edge of a pocket
        "miss",  # 3.14: foul and a miss, warning, frame awarded
        "scoring",  # 3.1(c), 3.3: points to the striker
        "end_of_frame",  # 3.4: the last black, the re-spotted black
        "free_ball_call",  # 3.10: snookered after a foul
        "respotting",  # 3.3(f)(g), 3.7: colours back on the table
        "next_turn",  # 3.3(h), 3.11(f)(h), 3.13, 3.14(a), 3.17(c): who plays next and how
        "touching_ball_call",  # 3.8(a): the cue ball came to rest touching a ball on
    )

    # ================================================================ public entry points
    def judge(self, case: Case) -> Decision:
        """The decision for ``case`` (a stroke or a procedure)."""
        if case.procedure is not None:
            return self.judge_procedure(case, case.procedure)
        assert case.stroke is not None
        stroke, state = case.stroke, case.state
        facts = self.geometric_facts(state, stroke)
        work = _Work(case, facts)
        work.points_remaining = self.points_remaining(state)
        work.needs_before = self.needs_snookers(state.scores, work.points_remaining)
        key = (  # the facts are tuples: empty or not
            facts.touching != (),
            stroke.off_table != (),
            stroke.infringements != (),
            state.free_ball,
            stroke.edge is not None,
            stroke.positions_after is not None,
            stroke.cue_ball != "table" or stroke.edge is not None,
            state.respotted_black or state.only_black_left,
        )
        plans = self.__dict__.get("_plans")
        plan = plans.get(key) if plans is not None else None
        if plan is None:
            plan = self._plan(key)
        for step in plan:
            step(work)
        return self.decision(work)

    def _plan(self, key: tuple[bool, ...]) -> tuple:
        """The steps of ``_steps()`` less those with nothing to do for strokes of this ``key``.

        Each step in ``_GUARDED_STEPS`` returns at once when its fact is absent (no touching
        ball, nothing forced off, no infringement, no free ball, no edge ball, no positions
        after, the cue ball on the table and no edge ball, more than the black left and no
        re-spotted black): it is left out, as long as it is this class's own method (an edition
        that overrides one is always called).
        """
        skipped = {
            getattr(Wpbsa2007Referee, name)
            for index, name in enumerate(_GUARDED_STEPS)
            if not key[index]
        }
        plan = tuple(
            step for step in self._steps() if getattr(step, "__func__", None) not in skipped
        )
        self.__dict__.setdefault("_plans", {})[key] = plan
        return plan

    def _steps(self) -> tuple:
        steps = self.__dict__.get("_bound_steps")
        if steps is None:
            steps = self.__dict__["_bound_steps"] = tuple(
                getattr(self, name) for name in self.STROKE_STEPS
            )
        return steps

    def assess(self, state: State, stroke: Stroke | None = None) -> Assessment:
        """The situation before a stroke: ball on, points remaining, who needs snookers,
        snookered, path.

        >>> from rules_engine.case import State
        >>> Wpbsa2007Referee().assess(State(reds=1, scores={"A": 0, "B": 40})).needs_snookers
        ('A',)
        """
        facts = self.geometric_facts(state, stroke or Stroke())
        remaining = self.points_remaining(state)
        return Assessment(
            ball_on=state.ball_on,
            points_remaining=remaining,
            needs_snookers=self.needs_snookers(state.scores, remaining),
            snookered=facts.snookered,
            path_to_ball_on=facts.path_to_ball_on or "full",
            touching=facts.touching,
        )

    # ================================================================ the situation
    @staticmethod
    def points_remaining(state: State) -> int:
        """Most points the striker could still score from the table (a free ball counts as one
        more ball on).

        >>> Wpbsa2007Referee.points_remaining(State(reds=14, ball_on="colour"))
        146
        >>> Wpbsa2007Referee.points_remaining(
        ...     State(reds=0, colours=("pink", "black"), ball_on="pink"))
        13
        """
        return _points_remaining(state.reds, state.colours, state.ball_on, state.free_ball)

    @staticmethod
    def needs_snookers(scores: Mapping[str, int], remaining: int) -> tuple[str, ...]:
        """Sides behind by more than the points remaining.

        >>> Wpbsa2007Referee.needs_snookers({"A": 10, "B": 50}, 35)
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

        >>> Wpbsa2007Referee.could_be_on(State(reds=5, ball_on="colour"), "blue")
        True
        >>> Wpbsa2007Referee.could_be_on(State(reds=5), "blue")
        False
        >>> Wpbsa2007Referee.could_be_on(State(reds=5, free_ball=True), "blue")
        True
        """
        if state.free_ball:
            return True
        if state.ball_on == "colour":
            return ball in COLOURS
        return ball == state.ball_on

    # ================================================================ the steps of a stroke
    def ball_on(self, work: _Work) -> None:
        """3.3(e)(f): a red while reds remain, a colour after a red, then the colours in ascending
        order."""
        ball_on = work.state.ball_on
        if ball_on == "red":
            work.step("ball_on_red")
        elif ball_on == "colour":
            work.step("ball_on_colour_after_red")
        else:
            work.step("ball_on_lowest_colour", ("ball", ball_on))

    def nomination(self, work: _Work) -> None:
        """3.3(f), 3.10(a): which ball the striker declared, or clearly indicated, as the one he
        plays."""
        state, stroke = work.state, work.stroke
        ball_on = state.ball_on
        if ball_on == "colour":
            colour = stroke.nominated
            if colour is not None:
                work.step("colour_nominated", ("ball", colour))
            elif len(stroke.first_contact) == 1 and stroke.first_contact[0] in COLOURS:
                colour = stroke.first_contact[0]
                work.step("colour_indicated", ("ball", colour))
            if colour is None:
                work.no_nomination = True
                work.ball_on_name = "colour"
                work.ball_on_value = 7
                work.step("colour_not_nominated")
            else:
                work.nominated_colour = colour
                work.on_first = _ONLY[colour]
                work.ball_on_value = _VALUE[colour]
                work.ball_on_name = colour
            return
        work.on_first = _ONLY[ball_on]
        work.ball_on_name = ball_on
        work.ball_on_value = _VALUE[ball_on]
        free = self.free_ball_taken(state, stroke) if state.free_ball else None
        if free is not None:
            work.free_ball = free
            work.on_first = _ONLY[free]
            work.ball_on_name = free
            # 3.10(a)(ii): the nominated ball is regarded as the ball on and acquires its value,
            # so a penalty "of the value of the ball on" stays that of the ball on.
            if ball_on == "red":
                work.step("free_ball_nominated_as_red", ("ball", free))
            else:
                work.step("free_ball_nominated", ("ball", free), ("ball_on", ball_on))

    def touching_ball(self, work: _Work) -> None:
        """3.8(b)(c)(d)(f): a touching ball that is on, or could be on and is declared, counts as
        struck first.

        A touching ball that could be on (any colour when the colour is on, any ball on a free
        ball) but is not the one nominated is 3.8(c)(iii): no foul when it stays put and the
        nominated ball is struck first; when nothing was nominated it was simply not declared
        (3.8(c)(ii)). Only a ball that cannot be on is 3.8(d).
        """
        touching = work.facts.touching
        stroke = work.stroke
        if not touching or not stroke.struck:
            return
        counted = None
        state = work.state
        for ball in touching:
            if counted is None and ball in work.on_first:
                declared = ball == stroke.nominated or ball == work.free_ball
                work.step(
                    "touching_ball_declared"
                    if declared and state.ball_on != ball
                    else "touching_ball_on",
                    ("ball", ball),
                )
                counted = ball
            elif ball == counted:
                continue
            elif not self.could_be_on(state, ball):
                work.step("touching_ball_not_on", ("ball", ball))
            elif work.stroke.nominated is not None or work.free_ball is not None:
                # Only a declared ball makes the other one "not declared"; a colour merely
                # indicated by contact (3.3(f)), or asked for and not declared (2014 3.8(a)),
                # leaves the touching ball undeclared, which is what the trail says.
                work.step(
                    "touching_ball_other_nominated", ("ball", ball), ("ball_on", work.ball_on_name)
                )
            else:  # nothing nominated: the colour on, or a free ball not taken
                work.step("touching_ball_not_declared", ("ball", ball))
        moved_ball = counted or touching[0]
        if stroke.touching_moved == "striker":
            work.foul("touching_moved", moved_ball)
        elif stroke.touching_moved == "not_striker":
            work.step("touching_moved_not_striker", ("ball", moved_ball))
        if counted is not None:
            work.contact = (counted,)

    def first_contact(self, work: _Work) -> None:
        """3.6, 3.10(b)(i), 3.12: the first ball struck must be on; two reds, or free ball and
        ball on, together."""
        stroke = work.stroke
        if not stroke.struck:
            return
        contact = work.contact or stroke.first_contact
        work.contact = contact
        ball_on = work.state.ball_on
        if not contact:
            if not self.edge_fall_caused_foul(stroke):
                work.foul("missed_all")
            return
        if ball_on == "colour" and "red" in contact:
            if len(contact) == 2 and contact != ("red", "red"):
                # The striker played at the colour he nominated (or indicated) and struck a red
                # with it: 3.12(c), not a red played after a red (3.12(d)).
                if work.nominated_colour is None:
                    work.foul("reds_successive")
                work.foul("simultaneous", self.higher(contact), self.ordered(contact))
            else:
                work.foul("reds_successive")  # a red again after a red (or a free ball as a red)
            return
        if len(contact) == 1:
            ball = contact[0]
            if ball in work.on_first:
                work.step("first_contact_ball_on", ("ball", ball))
            elif work.free_ball is not None:
                work.foul("free_ball_not_first", ball)
            else:
                work.foul("first_contact_not_on", ball)
            return
        pair = set(contact)
        if contact == ("red", "red") and ball_on == "red" and work.free_ball is None:
            work.step("simultaneous_reds_allowed")
        elif work.free_ball is not None and pair == {work.free_ball, ball_on}:
            work.step(
                "simultaneous_free_ball_and_ball_on", ("ball", work.free_ball), ("ball_on", ball_on)
            )
        elif (
            work.free_ball is not None and work.free_ball not in pair and contact == ("red", "red")
        ):
            work.foul("free_ball_not_first", "red")
        else:
            work.foul("simultaneous", self.higher(contact), self.ordered(contact))

    @staticmethod
    def higher(balls: Sequence[str]) -> str:
        return max(balls, key=VALUES.__getitem__)

    @staticmethod
    def ordered(balls: Sequence[str]) -> tuple[str, ...]:
        return tuple(sorted(balls, key=VALUES.__getitem__, reverse=True))

    def pots(self, work: _Work) -> None:
        """3.3(e)(f), 3.9(c), 3.10(c)(d)(e), 3.12(b): balls potted, what they would score, balls
        not on."""
        stroke, state = work.stroke, work.state
        potted = stroke.potted
        edge = stroke.edge
        if edge is not None and edge.fell == "after_balancing":
            work.step("edge_ball_counts_potted", ("ball", edge.ball))
            potted = (*potted, edge.ball)
        if potted or stroke.off_table:
            leaving = work.leaving = dict(_NOTHING_LEAVING)
            for ball in potted:
                leaving[ball] += 1
            for ball in stroke.off_table:
                leaving[ball] += 1
        if not potted:
            return
        ball_on, free = state.ball_on, work.free_ball
        work.scoring = []
        if stroke.off_table:
            counts = dict(_NOTHING_LEAVING)
            for ball in potted:
                counts[ball] += 1
        else:  # only potted balls leave the table: the same counts
            counts = work.leaving
        if ball_on == "red":
            if counts["red"]:
                work.scoring.append(
                    _step("potted_reds_score", ("count", counts["red"]), ("points", counts["red"]))
                )
                work.points_scored += counts["red"]
                work.red_on_scored = True
            if free is not None and counts[free]:
                work.scoring.append(_step("free_ball_potted_scores", ("ball", free), ("points", 1)))
                work.points_scored += 1
                work.red_on_scored = True
            on = {"red", free}
        elif ball_on == "colour":
            colour = work.nominated_colour
            if colour is not None and counts[colour]:
                work.scoring.append(
                    _step("potted_ball_on_scores", ("ball", colour), ("points", VALUES[colour]))
                )
                work.points_scored += VALUES[colour]
            on = {colour}
        else:
            value = VALUES[ball_on]
            if free is None:
                if counts[ball_on]:
                    work.scoring.append(
                        _step("potted_ball_on_scores", ("ball", ball_on), ("points", value))
                    )
                    work.scored_balls = (ball_on,)
                    work.points_scored += value
            elif counts[free] and counts[ball_on]:
                work.scoring.append(
                    _step(
                        "free_ball_and_ball_on_potted",
                        ("ball", free),
                        ("ball_on", ball_on),
                        ("points", value),
                    )
                )
                work.scored_balls = (ball_on,)
                work.points_scored += value
            elif counts[free]:
                work.scoring.append(
                    _step("free_ball_potted_scores", ("ball", free), ("points", value))
                )
                work.points_scored += value
            elif counts[ball_on]:
                work.scoring.append(
                    _step("ball_on_potted_after_free_ball", ("ball", ball_on), ("points", value))
                )
                work.scored_balls = (ball_on,)
                work.points_scored += value
            on = {ball_on, free}
        for ball in dict.fromkeys(potted):
            if ball not in on:
                work.foul("potted_not_on", ball)

    @staticmethod
    def edge_fall_caused_foul(stroke: Stroke) -> bool:
        """3.9(b)(i): the fall of an unhit edge ball itself caused the foul (missing it, the cue
        ball following).

        Section 3 commentary (ru.txt, 3.9): then there is no penalty; the balls are replaced and
        3.9(b)(i)
        applies.
        """
        edge = stroke.edge
        return edge is not None and edge.fell == "unhit" and edge.caused_foul

    def forced_off(self, work: _Work) -> None:
        """3.12(b): forcing an object ball off the table is a foul."""
        for ball in dict.fromkeys(work.stroke.off_table):
            work.foul("forced_off", ball)

    def cue_ball(self, work: _Work) -> None:
        """3.12(a): the cue ball potted or forced off the table."""
        stroke = work.stroke
        edge = stroke.edge
        if edge is not None and self.edge_fall_caused_foul(stroke):
            work.step("edge_fall_caused_foul", ("ball", edge.ball))
            return
        cue_ball = stroke.cue_ball
        if cue_ball == "potted":
            work.foul("cue_ball_potted")
        elif cue_ball == "off_table":
            work.foul("cue_ball_off_table")

    def infringements(self, work: _Work) -> None:
        """3.12: fouls the referee saw; a class (b) foul without a ball concerns the ball on."""
        for infringement in work.stroke.infringements:
            ball = infringement.ball
            if ball is None and FOUL_CLASSES[infringement.code] == "b":
                ball = work.ball_on_name if work.ball_on_name != "colour" else None
            work.foul(infringement.code, ball)

    def free_ball_snooker(self, work: _Work) -> None:
        """3.10(b)(ii): the free ball must not snooker the cue ball on all reds or the ball on."""
        if work.free_ball is None or not work.facts.free_ball_snookers:
            return
        if self.free_ball_snooker_excepted(work.state):
            work.step("free_ball_snooker_pink_black_exception")
        else:
            work.foul("free_ball_snooker")

    def free_ball_snooker_excepted(self, state: State) -> bool:
        """3.10(b)(ii): no foul when only pink and black remain."""
        return state.reds == 0 and state.colours == ("pink", "black")

    def edge_of_pocket(self, work: _Work) -> None:
        """3.9(a)(b): a ball that fell from the edge of a pocket without being struck."""
        edge = work.stroke.edge
        if edge is None or edge.fell != "unhit":
            return
        if edge.involved or edge.caused_foul:
            work.replace_all = True
            if work.fouls:
                work.step("foul_balls_replaced", ("ball", edge.ball))
            else:
                work.replay = True
                work.calls.add("replay")
                work.step("replay_balls_replaced", ("ball", edge.ball))
        else:
            work.replaced = (edge.ball,)
            work.step("edge_ball_replaced", ("ball", edge.ball))

    def nomination_foul(self, work: _Work) -> None:
        """3.12(d): with the colour on, a foul before any colour was declared or indicated is
        seven points.

        The fouls of class (d) stay as they are; the others are all that one foul.
        """
        if work.no_nomination and work.fouls:
            kept = [
                f
                for f in work.fouls
                if FOUL_CLASSES[f[0]] == "d" and f[0] != "foul_before_nomination"
            ]
            work.fouls = kept + [("foul_before_nomination", None, ())]

    def foul_penalty(self, work: _Work, code: str, ball: str | None, balls: tuple[str, ...]) -> int:
        """3.12(a)-(d): the value of one foul, before the minimum of four."""
        kind = _FOUL_CLASS[code]
        if kind == "a":
            return work.ball_on_value
        if kind == "b":
            return max(work.ball_on_value, _VALUE.get(ball or "", 0))
        if kind == "c":
            return max([work.ball_on_value] + [_VALUE[b] for b in balls])
        return 7

    def penalty(self, work: _Work) -> None:
        """3.11(e)(g), 3.12: every foul's penalty (at least four), the highest applies, to the
        opponent."""
        state = work.state
        if not work.fouls:
            return
        highest = -math.inf  # the highest foul's own value, before the minimum of four
        for code, ball, balls in work.fouls:
            value = self.foul_penalty(work, code, ball, balls)
            if value > highest:
                highest = value
            penalty = value if value > 4 else 4
            work.foul_penalties.append(penalty)
            param = _FOUL_BALL_PARAM.get(code, "")
            if param == "":  # a code added after this module was imported
                param = "balls" if "balls" in TRAIL_CODES[code].params else "ball"
            if param == "balls":
                work.step(code, ("balls", balls), ("penalty", penalty))
            elif param == "ball":
                work.step(code, ("ball", ball), ("penalty", penalty))
            else:
                work.step(code, ("penalty", penalty))
        work.penalty = highest if highest > 4 else 4
        if highest < 4:
            work.step("penalty_minimum_four", ("penalty", 4))
        if len(work.fouls) > 1:
            work.step("highest_penalty_applies", ("penalty", work.penalty))
        if not work.stroke.struck and not _consultation(work.stroke):
            work.step("foul_no_stroke_turn_ends")
        opponent = state.opponent_side
        work.points[opponent] = work.penalty
        work.scores[opponent] += work.penalty
        work.calls.add("foul")
        work.step("penalty_to_opponent", ("side", opponent), ("penalty", work.penalty))
        if work.points_scored:
            work.step("no_points_in_foul_stroke", ("points", work.points_scored))
        reds_down = work.leaving["red"]
        edge = work.stroke.edge
        if reds_down and not (
            edge is not None and edge.fell == "unhit" and (edge.involved or edge.caused_foul)
        ):
            work.step("reds_stay_down", ("count", reds_down))

    def miss(self, work: _Work) -> None:
        """3.14: foul and a miss when the striker failed to hit a ball on, with its exceptions and
        sanctions."""
        state, stroke = work.state, work.stroke
        if not work.fouls:
            return
        if not stroke.struck:
            if _consultation(stroke):  # 3.14(h): not a foul while preparing to play
                return
            if state.misses:  # 3.14(d): a foul before the stroke from a replaced position
                work.step("miss_not_called_no_stroke")
                work.replace_option = True
                if state.misses >= 2:
                    work.warned = True
                    work.step("warning_remains", ("player", state.striker))
            return
        for code, _, _ in work.fouls:
            if code in _FAILED_TO_HIT:
                break
        else:  # no failure to hit a ball on
            if not (work.no_nomination and not work.contact):
                return
        if state.only_black_left:
            work.step("miss_not_called_only_black")
            return
        path = work.facts.path_to_ball_on or "full"
        if not stroke.best_attempt:
            called = "miss_not_best_attempt"
        elif path == "full" and state.misses >= 1:
            called = "miss_full_ball_repeat"
        elif path == "none":
            work.step("miss_not_called_no_path")
            return
        else:
            needing = self.sides_needing_snookers(work)
            if needing and self.snookers_needed_excepts_miss(work):
                work.step("miss_not_called_snookers_needed", ("sides", needing))
                return
            called = "miss_clear_path"
        work.step(called)
        work.miss = True
        work.replace_option = True
        work.calls.add("miss")
        if path == "full" and state.misses == 1:
            work.warned = True
            work.step("warning_after_second_miss", ("player", state.striker))
        elif path == "full" and state.misses >= 2:
            winner = state.opponent_side
            work.calls.add("frame_awarded")
            work.frame = Frame(over=True, winner=winner, reason="third_miss")
            work.step("frame_awarded_third_miss", ("winner", winner))

    def sides_needing_snookers(self, work: _Work) -> tuple[str, ...]:
        """Sides that needed snookers before the stroke or as a result of it (3.14(b)).

        After the foul the colours potted come back and the reds potted stay down; the next player
        starts a turn, so a red is on while reds remain, else the lowest colour.
        """
        state = work.state
        reds = state.reds if work.replace_all else state.reds - work.leaving["red"]
        ball_on = "red" if reds else (lowest_colour(state.colours) or "black")
        remaining_after = _points_remaining(reds, state.colours, ball_on, False)
        after = self.needs_snookers(work.scores, remaining_after)
        return tuple(dict.fromkeys(work.needs_before + after))

    def snookers_needed_excepts_miss(self, work: _Work) -> bool:
        """3.14(b): needing snookers excuses a failure to hit the ball on (when the attempt was
        genuine)."""
        return True

    def scoring(self, work: _Work) -> None:
        """3.1(c), 3.3(e)(f), 3.10(c)(d)(e): a fair stroke's pots score for the striker."""
        if work.fouls or work.replay:
            return
        work.step("stroke_fair")
        work.trail.extend(work.scoring)
        if work.points_scored:
            side = work.state.striker_side
            work.points[side] += work.points_scored
            work.scores[side] += work.points_scored
            work.step(
                "striker_scores", ("player", work.state.striker), ("points", work.points_scored)
            )

    def end_of_frame(self, work: _Work) -> None:
        """3.4: with the black alone left, its first pot or a foul ends the frame, unless the
        scores are level."""
        state = work.state
        if work.frame.over:
            return
        black_scored = not work.fouls and work.leaving["black"] > 0
        if work.replace_all or not state.only_black_left or not work.fouls and not black_scored:
            if state.respotted_black:  # the frame goes on, still on the re-spotted black
                work.frame = _ON_RESPOTTED_BLACK
            return
        scores = work.scores
        if len(set(scores.values())) == 1:
            work.frame = _ON_RESPOTTED_BLACK
            work.black_respotted = True
            work.calls.add("respotted_black")
            work.step(
                "respotted_black_totals_level"
                if state.totals_count
                else "respotted_black_scores_level"
            )
            return
        winner = max(scores, key=scores.__getitem__)
        if black_scored:
            work.frame = Frame(over=True, winner=winner, reason="black_potted")
            work.step("frame_over_black_potted", ("winner", winner))
        else:
            work.frame = Frame(over=True, winner=winner, reason="foul_on_black")
            work.step("frame_over_foul_on_black", ("winner", winner))

    def free_ball_call(self, work: _Work) -> None:
        """3.10: after a foul that leaves the next player snookered, the referee calls free ball."""
        if not work.fouls or work.frame.over or work.black_respotted:
            return
        if _consultation(work.stroke):  # 3.14(h): the offender plays on, no one else
            return
        if work.replace_all:
            # The balls go back: the next player faces the position before the stroke, with his
            # own ball on.
            snookered = (
                work.state.ball_on != "colour" and (work.facts.path_to_ball_on or "full") != "full"
            )
        elif not work.stroke.struck:
            snookered = bool(work.stroke.snookered_after) or (
                work.state.ball_on != "colour" and work.facts.snookered is True
            )
        else:
            snookered = bool(work.facts.snookered_after)
        if snookered:
            next_player = self.next_in_order(work.state)
            work.calls.add("free_ball")
            work.next_free_ball = True
            work.step("free_ball_called", ("player", next_player))
            work.step("free_ball_lapses_if_offender_plays")

    def respotting(self, work: _Work) -> None:
        """3.3(f)(g), 3.7, 3.10(c): colours come back, highest value first; reds and the final
        colours stay down."""
        state = work.state
        leaving = work.leaving
        if work.black_respotted:
            work.respots = [Respot("black", "black_spot", SPOTS["black"])]  # 3.4(b)
            work.reds_after, work.colours_after = 0, ("black",)
            return
        if work.replace_all or work.frame.over:
            return
        work.reds_after = state.reds - leaving["red"]
        if leaving is _NOTHING_LEAVING:
            return
        in_sequence = state.reds == 0 and state.ball_on != "colour"
        respot = []
        for colour in _SPOTS_HIGHEST_FIRST:
            if not leaving[colour]:
                continue
            if in_sequence and colour in work.scored_balls and not work.fouls:
                work.step("colour_stays_down", ("ball", colour))
                work.colours_after = tuple(c for c in state.colours if c != colour)
                continue
            respot.append(colour)
        if not respot:  # only reds, or colours that stay down
            return
        if len(respot) > 1:
            work.step("respot_higher_value_first", ("balls", tuple(respot)))
        after = work.stroke.positions_after
        balls: list[Point] | None = None
        occupied: set[str] | None = None
        if after is not None:
            balls = [point for _, point in after.object_balls()]
            if after.white is not None:
                balls.append(after.white)
            for ball in work.replaced:  # 3.9(a): back where it was, so it is there to avoid
                where = state.positions.colour(ball) if state.positions is not None else None
                if where is not None:
                    balls.append(where)
        elif state.positions is not None and state.occupied_spots is None:
            # Only the table before the stroke is known: the balls that stayed put, less the
            # colours coming back and the cue ball (which moved). Potted reds cannot be told
            # apart, so all of them stay.
            balls = [point for name, point in state.positions.object_balls() if name not in respot]
        else:
            occupied = set(state.occupied_spots or ())
        work.respots = []
        for colour in respot:
            if colour == work.free_ball:
                work.step("free_ball_respotted", ("ball", colour))
            code, to, point = self.place_colour(colour, balls=balls, occupied=occupied)
            if code == "respot_own_spot":
                work.step(code, ("ball", colour))
            else:
                work.step(code, ("ball", colour), ("to", to))
            if point is not None and balls is not None:  # a spot needs no rounding (above)
                point = (round(point[0], 2), round(point[1], 2))
            work.respots.append(_part(Respot, _RESPOT_PARTS, _RESPOT_FIELDS, (colour, to, point)))

    def place_colour(
        self, colour: str, *, balls: list[Point] | None, occupied: set[str] | None
    ) -> tuple[str, str, Point | None]:
        """3.7(d)-(h): where a colour goes. Returns (trail code, target, position or None).

        With ``balls`` (positions known) spots are tested and the ball placed exactly, and the
        placed ball is added to ``balls``; otherwise ``occupied`` names the occupied spots and the
        spot taken is added to it.
        """

        if balls is None:
            assert occupied is not None
            for spot_colour in _SPOT_SEARCH[colour]:
                if spot_colour not in occupied:
                    occupied.add(spot_colour)
                    code = (
                        "respot_own_spot" if spot_colour == colour else "respot_highest_available"
                    )
                    return code, _SPOT_NAMES[spot_colour], SPOTS[spot_colour]
            # Without positions there is taken to be room between the spot and the top cushion.
            return "respot_towards_top_cushion", f"above_{colour}_spot", None
        for spot_colour in _SPOT_SEARCH[colour]:
            if not geometry.spot_is_occupied(SPOTS[spot_colour], balls):
                balls.append(SPOTS[spot_colour])
                code = "respot_own_spot" if spot_colour == colour else "respot_highest_available"
                return code, _SPOT_NAMES[spot_colour], SPOTS[spot_colour]
        point = geometry.place_towards_top(SPOTS[colour], balls)
        if point is not None:
            balls.append(point)
            return "respot_towards_top_cushion", f"above_{colour}_spot", point
        # 3.7(g) provides for pink and black; a lower colour with no room above its spot (which only
        # an unplayable wall of balls could cause) is placed the same way, below its spot.
        point = geometry.place_below(SPOTS[colour], balls)
        if point is not None:
            balls.append(point)
        if colour in ("pink", "black"):
            return "respot_below_spot", f"below_{colour}_spot", point
        return "respot_towards_top_cushion", f"above_{colour}_spot", point

    def next_in_order(self, state: State) -> str:
        """The player after the striker in the order of play (3.3(a), 3.17(a))."""
        players = state.players
        return players[(players.index(state.striker) + 1) % len(players)]

    def next_turn(self, work: _Work) -> None:
        """3.3(f)(h), 3.11(f)(h), 3.14(a), 3.17(c): who plays next, the ball on, in hand, the
        options."""
        state, stroke = work.state, work.stroke
        if work.frame.over:
            work.next_options = ()
            return
        if work.black_respotted:
            work.next_ball_on, work.next_in_hand = (
                "black",
                True,
            )  # striker decided by lot (3.4(b), 3.17(d))
            return
        if work.replay:
            work.next_striker, work.next_ball_on = state.striker, state.ball_on
            work.next_in_hand, work.next_free_ball = state.in_hand, state.free_ball
            return
        if _consultation(stroke):
            self.consultation_order(work)
            return
        reds, colours = work.reds_after, work.colours_after
        if work.replace_all:
            reds, colours = state.reds, state.colours
        first_of_turn = "red" if reds else lowest_colour(colours)
        if not work.fouls and work.points_scored:
            work.next_striker = state.striker
            if work.red_on_scored:
                work.next_ball_on = "colour"
            else:
                work.next_ball_on = first_of_turn
            work.step("turn_continues", ("player", state.striker))
            return
        next_player = self.next_in_order(state)
        work.next_striker = next_player
        work.next_ball_on = first_of_turn
        if not work.fouls:
            work.step("turn_ends", ("player", next_player))
            return
        work.next_in_hand = (
            state.in_hand
            if work.replace_all
            else stroke.cue_ball != "table"
            or (not stroke.struck and state.in_hand and not stroke.cue_ball_placed)
        )
        work.next_options = (
            _OPTIONS_AFTER_REPLACEABLE_FOUL if work.replace_option else _OPTIONS_AFTER_FOUL
        )
        work.step("turn_ends", ("player", next_player))
        if work.next_in_hand and not work.replace_all and stroke.cue_ball != "table":
            work.step("cue_ball_in_hand", ("player", next_player))
        elif not stroke.struck and state.in_hand:  # 3.11(f): placed on the table, or still in hand
            code = "cue_ball_placed_in_play" if stroke.cue_ball_placed else "cue_ball_stays_in_hand"
            work.step(code, ("player", next_player))
        work.step("next_player_options", ("player", next_player))
        if work.replace_option:
            code = "replace_option_after_miss" if work.miss else "replace_option_no_stroke"
            work.step(code, ("player", next_player))
        if len(state.players) > 2:
            work.step("four_handed_offender_plays_again", ("player", state.striker))

    def consultation_order(self, work: _Work) -> None:
        """3.14(h) (pl 14(H)): a ball touched during the consultation while the balls are
        replaced after a miss is penalised as if the one who touched it were the striker,
        without affecting the order of play: the ball touched is put back and the player asked
        to play again still plays from the replaced position (the request to replace stands,
        3.13), with the warning he had."""
        state = work.state
        touched = next(i for i in work.stroke.infringements if i.code == "consultation_touch")
        ball = touched.ball or (work.ball_on_name if work.ball_on_name != "colour" else None)
        if ball is not None:
            work.replaced = tuple(dict.fromkeys(work.replaced + (ball,)))
        work.next_striker, work.next_ball_on = state.striker, state.ball_on
        work.next_in_hand, work.next_free_ball = state.in_hand, False
        work.next_options = ("play",)
        work.warned = state.misses >= 2
        work.step("consultation_touch_order_unchanged", ("player", state.striker))

    def touching_ball_call(self, work: _Work) -> None:
        """3.8(a): the cue ball came to rest touching a ball that is or could be on for the next
        stroke."""
        after = work.stroke.positions_after
        if (
            after is None
            or after.white is None
            or work.frame.over
            or work.replace_all
            or work.next_ball_on is None
        ):
            return
        balls = list(after.object_balls()) + [
            (r.ball, r.position) for r in work.respots if r.position
        ]
        touching = geometry.touching_balls(after.white, balls, each=True)
        if work.next_free_ball:
            could_be_on: Sequence[str] = OBJECT_BALLS
        elif work.next_ball_on == "colour":
            could_be_on = COLOURS
        else:
            could_be_on = (work.next_ball_on,)
        # The referee names every ball he calls, each red separately (ru.txt 3.8(a)), so a ball
        # touched twice is listed twice; balls not on are not named (3.8(e)).
        called = tuple([ball for ball in touching if ball in could_be_on])
        if called:
            work.calls.add("touching_ball")
            work.step("touching_ball_called", ("balls", called), ("count", len(called)))
            not_on = tuple([ball for ball in touching if ball not in could_be_on])
            if not_on:
                work.step("touching_ball_not_on_not_called", ("balls", not_on))

    # ================================================================ the decision
    def decision(self, work: _Work) -> Decision:
        """The frozen Decision from the working notes (built directly: this runs for every
        judgement)."""
        state = work.state
        facts = work.facts
        fouls = (
            tuple(
                [
                    _part(Foul, _FOUL_PARTS, _FOUL_FIELDS, (code, ball, penalty, _RULES[code]))
                    for (code, ball, _), penalty in zip(
                        work.fouls, work.foul_penalties, strict=True
                    )
                ]
            )
            if work.fouls
            else ()
        )
        calls = work.calls
        # The parts seen before are looked up here, without a call (the usual case).
        next_values = (
            work.next_striker,
            work.next_ball_on,
            work.next_in_hand,
            work.next_free_ball,
            work.next_options,
            work.warned,
        )
        following = _NEXT_PARTS.get(next_values) or _part(
            Next, _NEXT_PARTS, _NEXT_FIELDS, next_values
        )
        assessment_values = (
            state.ball_on,
            work.points_remaining,
            work.needs_before,
            facts.snookered,
            facts.path_to_ball_on or "full",
            facts.touching,
        )
        assessment = _ASSESSMENT_PARTS.get(assessment_values) or _part(
            Assessment, _ASSESSMENT_PARTS, _ASSESSMENT_FIELDS, assessment_values
        )
        return _new(Decision, {
            "case": work.case.id, "legal": not work.fouls, "fouls": fouls, "penalty": work.penalty,
            "points": work.points, "scores": work.scores,
            "calls": tuple(sorted(calls, key=_CALL_ORDER.__getitem__)) if len(calls) > 1
            else tuple(calls),
            "respots": tuple(work.respots), "replace_all": work.replace_all,
            "replaced": work.replaced, "next": following, "frame": work.frame,
            "assessment": assessment, "trail": tuple(work.trail),
        })  # fmt: skip

    # ================================================================ procedures
    def judge_procedure(self, case: Case, procedure: Procedure) -> Decision:
        """3.16 stalemate, concession, claim."""
        state = case.state
        trail: list[TrailStep] = []
        scores = dict(state.scores)
        calls: tuple[str, ...] = ()
        frame = Frame()
        nxt = Next(
            striker=state.striker,
            ball_on=state.ball_on,
            in_hand=state.in_hand,
            free_ball=state.free_ball,
            options=("play",),
            warned=False,
        )
        restart = Next(
            striker=state.breaker,
            ball_on="red",
            in_hand=True,
            free_ball=False,
            options=("play",),
            warned=False,
        )
        gone = Next(
            striker=None, ball_on=None, in_hand=False, free_ball=False, options=(), warned=False
        )
        if procedure.kind == "stalemate":
            if procedure.all_agree_restart:
                trail.append(_step("stalemate_restart", player=state.breaker))
            else:
                trail.append(_step("stalemate_play_on"))
                if procedure.changed_after_period is False:
                    trail.append(_step("stalemate_restart_after_period", player=state.breaker))
            if procedure.all_agree_restart or procedure.changed_after_period is False:
                scores = dict.fromkeys(scores, 0)
                calls = ("restart",)
                nxt = restart
        elif procedure.kind == "concede":
            winner = next(side for side in state.sides if side != procedure.side)
            trail.append(_step("frame_conceded", side=procedure.side, winner=winner))
            frame, nxt = Frame(over=True, winner=winner, reason="conceded"), gone
        else:
            winner = state.striker_side
            lead = scores[winner] - scores[state.opponent_side]
            trail.append(_step("frame_claimed", winner=winner, points=lead))
            frame, nxt = Frame(over=True, winner=winner, reason="claimed"), gone
        return Decision(
            case=case.id,
            legal=True,
            fouls=(),
            penalty=0,
            points=dict.fromkeys(state.sides, 0),
            scores=scores,
            calls=calls,
            respots=(),
            replace_all=False,
            replaced=(),
            next=nxt,
            frame=frame,
            assessment=self.assess(state),
            trail=tuple(trail),
        )
