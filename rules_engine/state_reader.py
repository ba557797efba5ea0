"""The loader's reading of a case's ``state`` (spec section 3): every field, then the facts
checked against each other and, when positions are given, against the table.

``StateReader`` extends ``FieldReader``; ``StrokeReader`` (``stroke_reader.py``) extends it in turn.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from rules_engine import geometry
from rules_engine.balls import (
    BALL_ON_VALUES,
    COLOURS,
    OBJECT_BALLS,
    lowest_colour,
)
from rules_engine.reading import MAX_SCORE, FieldReader, describe, is_int
from rules_engine.table import Point
from rules_engine.values import Positions, State, Stroke, occupied_spots, unspotted_points

#: The fields of ``state`` (spec section 3).
_STATE_FIELDS = (
    "players",
    "sides",
    "striker",
    "breaker",
    "scores",
    "reds",
    "colours",
    "ball_on",
    "free_ball",
    "in_hand",
    "touching",
    "misses",
    "respotted_black",
    "totals_count",
    "deciding_frame",
    "unspotted_colour",
    "occupied_spots",
    "positions",
)


class StateReader(FieldReader):
    """Reads ``state``, its positions and the checks of its facts."""

    # ---- state -----------------------------------------------------------------------
    def positions(self, value: Any, path: str) -> Positions | None:
        data = self.mapping(value, path, ("white", "red") + COLOURS)
        if data is None:
            return None
        white = self.point(data["white"], f"{path}.white") if "white" in data else None
        reds: list[Point] = []
        if "red" in data:
            if not isinstance(data["red"], list) or len(data["red"]) > 15:
                self.problem(f"{path}.red", "must be a list of at most 15 [x, y] positions")
            else:
                for index, item in enumerate(data["red"]):
                    point = self.point(item, f"{path}.red[{index}]")
                    if point is not None:
                        reds.append(point)
        colours = []
        for colour in COLOURS:
            if colour in data:
                point = self.point(data[colour], f"{path}.{colour}")
                if point is not None:
                    colours.append((colour, point))
        positions = Positions(white=white, red=tuple(reds), colours=tuple(colours))
        self.check_layout(positions, path)
        return positions

    def check_layout(self, positions: Positions, path: str) -> None:
        named: list[tuple[str, Point]] = []
        if positions.white is not None:
            named.append((f"{path}.white", positions.white))
        named += [(f"{path}.red[{index}]", point) for index, point in enumerate(positions.red)]
        named += [(f"{path}.{colour}", point) for colour, point in positions.colours]
        on_surface = []
        for name, point in named:
            if geometry.on_playing_surface(point):
                on_surface.append((name, point))
            else:
                self.problem(
                    name, f"ball at {describe(list(point))} is not wholly on the playing surface"
                )
        named = on_surface  # a ball off the surface is reported once, not also as overlapping
        for first, second in geometry.overlaps(named):
            self.problem(named[second][0], f"overlaps the ball at {named[first][0]}")

    def state(self, value: Any) -> State | None:
        path = "state"
        data = self.mapping(value, path, _STATE_FIELDS)
        if data is None:
            return None
        before = len(self.problems)
        players, striker, breaker = self.players(data, path)
        sides = self.sides(data, players)
        scores = self.scores(data, sides)
        positions = (
            self.positions(data["positions"], f"{path}.positions") if "positions" in data else None
        )
        reds, colours = self.reds_and_colours(data, path, positions)
        ball_on = self.choice(data, "ball_on", path, BALL_ON_VALUES, None)
        free_ball = self.boolean(data, "free_ball", path, False)
        in_hand = self.in_hand(data, path, positions)
        misses = self.misses(data, path)
        respotted_black = self.boolean(data, "respotted_black", path, False)
        totals_count = self.boolean(data, "totals_count", path, False)
        deciding_frame = self.boolean(data, "deciding_frame", path, False)
        unspotted = self.choice(data, "unspotted_colour", path, COLOURS, None)
        touching = self.string_list(data, "touching", path, OBJECT_BALLS, default=None)  # type: ignore[arg-type]
        occupied = self.string_list(data, "occupied_spots", path, COLOURS, default=None)  # type: ignore[arg-type]

        if reds is not None and colours is not None:
            self.check_table(
                reds, colours, ball_on, free_ball, in_hand, respotted_black, scores, touching
            )
        if len(self.problems) != before or players is None or sides is None or scores is None:
            return None
        if ball_on is None:
            ball_on = "red" if reds else lowest_colour(colours)  # type: ignore[arg-type]
        state = State(
            players=players,
            sides=sides,
            striker=striker,
            breaker=breaker,
            scores=scores,
            reds=reds,
            colours=colours,
            ball_on=ball_on,
            free_ball=bool(free_ball),
            in_hand=bool(in_hand),
            touching=touching,
            misses=misses,
            respotted_black=bool(respotted_black),
            totals_count=bool(totals_count),
            deciding_frame=bool(deciding_frame),
            unspotted_colour=unspotted,
            occupied_spots=tuple(c for c in COLOURS if c in occupied)
            if occupied is not None
            else None,
            positions=positions,
        )
        if positions is not None:
            self.check_state_geometry(state)
        if unspotted is not None:
            self.check_unspotted(state, unspotted)
        return state if len(self.problems) == before else None

    def players(
        self, data: Mapping[str, Any], path: str
    ) -> tuple[tuple[str, ...] | None, Any, Any]:
        """``(players, striker, breaker)``; players None when they are not valid."""
        players = self.string_list(data, "players", path, default=("A", "B"))
        if players is not None and (
            len(players) < 2 or len(set(players)) != len(players) or "" in players
        ):
            self.problem(f"{path}.players", "must list at least two different player names")
            players = None
        striker = breaker = None
        if players:
            striker = data.get("striker", players[0])
            if striker not in players:
                self.problem(f"{path}.striker", f"{describe(striker)} is not one of the players")
            breaker = data.get("breaker", players[0])
            if breaker not in players:
                self.problem(f"{path}.breaker", f"{describe(breaker)} is not one of the players")
        return players, striker, breaker

    def reds_and_colours(
        self, data: Mapping[str, Any], path: str, positions: Positions | None
    ) -> tuple[int | None, tuple[str, ...] | None]:
        """The reds and colours on the table, in value order (None when not valid), agreeing with
        the positions when they are given."""
        reds = data.get("reds", len(positions.red) if positions is not None else 15)
        if not is_int(reds) or not 0 <= reds <= 15:
            self.problem(
                f"{path}.reds", f"must be a whole number from 0 to 15, not {describe(reds)}"
            )
            reds = None
        elif positions is not None and reds != len(positions.red):
            self.problem(
                f"{path}.reds", f"says {reds} but positions place {len(positions.red)} reds"
            )
        default_colours = (
            tuple(c for c, _ in positions.colours) if positions is not None else COLOURS
        )
        colour_list = self.string_list(data, "colours", path, COLOURS, default=default_colours)
        colours: tuple[str, ...] | None = None
        if colour_list is not None:
            if len(set(colour_list)) != len(colour_list):
                self.problem(f"{path}.colours", "lists a colour twice")
            colours = tuple(c for c in COLOURS if c in colour_list)
            if positions is not None and set(colours) != set(default_colours):
                self.problem(f"{path}.colours", "does not match the colours placed in positions")
        return reds, colours

    def in_hand(
        self, data: Mapping[str, Any], path: str, positions: Positions | None
    ) -> bool | None:
        """``in_hand``: by default, and necessarily, whether positions leave out the white."""
        in_hand_default = positions is not None and positions.white is None
        in_hand = self.boolean(data, "in_hand", path, in_hand_default)
        if positions is not None and "in_hand" in data and in_hand != in_hand_default:
            self.problem(
                f"{path}.in_hand",
                "must agree with positions: the cue ball is in hand exactly "
                "when positions.white is absent",
            )
        return in_hand

    def misses(self, data: Mapping[str, Any], path: str) -> int:
        misses = data.get("misses", 0)
        if not is_int(misses) or not 0 <= misses <= 2:
            self.problem(
                f"{path}.misses",
                f"must be 0, 1 or 2, not {describe(misses)} (a third miss awards the frame)",
            )
            return 0
        return misses

    def sides(
        self, data: Mapping[str, Any], players: tuple[str, ...] | None
    ) -> dict[str, tuple[str, ...]] | None:
        path = "state.sides"
        if players is None:
            return None
        if "sides" not in data:
            if len(players) != 2:
                self.problem(
                    path, "needed unless there are exactly two players: the players of each side"
                )
                return None
            return {player: (player,) for player in players}
        value = data["sides"]
        if not isinstance(value, Mapping) or len(value) != 2:
            self.problem(path, "must map exactly two sides to their players")
            return None
        sides: dict[str, tuple[str, ...]] = {}
        seen: Counter[str] = Counter()
        for side, members in value.items():
            if (
                not isinstance(members, list)
                or not members
                or not all(isinstance(m, str) for m in members)
            ):
                self.problem(f"{path}.{side}", "must be a non-empty list of players")
                return None
            for member in members:
                if member not in players:
                    self.problem(f"{path}.{side}", f"{member!r} is not one of the players")
            seen.update(members)
            sides[str(side)] = tuple(members)
        for player in players:
            if seen[player] != 1:
                self.problem(path, f"player {player!r} must belong to exactly one side")
        return sides

    def scores(
        self, data: Mapping[str, Any], sides: Mapping[str, Any] | None
    ) -> dict[str, int] | None:
        path = "state.scores"
        value = data.get("scores", {})
        if not isinstance(value, Mapping):
            self.problem(path, f"must map sides to scores, not {describe(value)}")
            return None
        if sides is None:
            return None
        scores = {side: 0 for side in sides}
        for side, score in value.items():
            if side not in sides:
                self.problem(f"{path}.{side}", f"{side!r} is not a side ({', '.join(sides)})")
            elif not is_int(score) or not 0 <= score <= MAX_SCORE:
                self.problem(
                    f"{path}.{side}",
                    f"must be a whole number, zero or more (at most {MAX_SCORE}), "
                    f"not {describe(score)}",
                )
            else:
                scores[side] = score
        return scores

    def check_table(
        self,
        reds: int,
        colours: tuple[str, ...],
        ball_on: str | None,
        free_ball: bool | None,
        in_hand: bool | None,
        respotted_black: bool | None,
        scores: Mapping[str, int] | None,
        touching: tuple[str, ...] | None,
    ) -> None:
        path = "state"
        self.check_colours(reds, colours, ball_on)
        self.check_ball_on(reds, colours, ball_on)
        if ball_on == "colour" and free_ball:
            self.problem(
                f"{path}.free_ball",
                "a free ball starts a turn, so it cannot be taken while the colour "
                "after a red is on",
            )
        if ball_on == "colour" and in_hand:
            self.problem(
                f"{path}.in_hand",
                "the colour after a red is on, so the cue ball stayed on the table",
            )
        if respotted_black:
            if reds or colours != ("black",):
                self.problem(
                    f"{path}.respotted_black",
                    "a re-spotted black needs the black alone on the table",
                )
            elif scores and len(set(scores.values())) != 1:
                self.problem(
                    f"{path}.respotted_black",
                    "the black is re-spotted only when the scores are level",
                )
        for index, ball in enumerate(touching or ()):
            if (ball == "red" and not reds) or (ball in COLOURS and ball not in colours):
                self.problem(f"{path}.touching[{index}]", f"{ball} is not on the table")
        if touching and len(set(touching)) != len(touching) and "red" not in touching:
            self.problem(f"{path}.touching", "lists a ball twice")

    def check_colours(self, reds: int, colours: tuple[str, ...], ball_on: str | None) -> None:
        """Every colour is on the table while reds remain (and with the colour after the last
        red on); after that they leave in ascending order."""
        path = "state"
        if reds and len(colours) < 6:
            missing = ", ".join(c for c in COLOURS if c not in colours)
            self.problem(
                f"{path}.colours",
                f"reds remain on the table, so every colour must be on it; missing: {missing}",
            )
        if not reds:
            if not colours:
                self.problem(
                    f"{path}.colours", "no object ball is left on the table: the frame is over"
                )
            elif ball_on == "colour" and len(colours) < 6:
                self.problem(
                    f"{path}.colours",
                    "the colour after the last red is on, so every colour must be on the table",
                )
            elif colours != COLOURS[len(COLOURS) - len(colours) :]:
                self.problem(
                    f"{path}.colours",
                    "with no reds left the colours leave the table in ascending "
                    f"order: {', '.join(colours)} cannot be all that is left",
                )

    def check_ball_on(self, reds: int, colours: tuple[str, ...], ball_on: str | None) -> None:
        """A red is on only while reds remain, a colour named only when it is the lowest left."""
        path = "state"
        if ball_on == "red" and not reds:
            self.problem(f"{path}.ball_on", "red cannot be on: no reds are left on the table")
        elif ball_on in COLOURS:
            if reds:
                self.problem(
                    f"{path}.ball_on", f"{ball_on} cannot be on while reds remain on the table"
                )
            elif colours and ball_on != lowest_colour(colours):
                self.problem(
                    f"{path}.ball_on",
                    f"{ball_on} cannot be on: the colours are on in ascending order "
                    f"and {lowest_colour(colours)} is on the table",
                )

    def check_state_geometry(self, state: State) -> None:
        positions = state.positions
        assert positions is not None
        if state.touching is not None:
            actual = (
                geometry.touching_balls(positions.white, positions.object_balls())
                if positions.white
                else ()
            )
            for index, ball in enumerate(state.touching):
                if ball not in actual:
                    self.problem(
                        f"state.touching[{index}]",
                        f"positions do not place {ball} touching the cue ball",
                    )
        if state.occupied_spots is not None:
            derived = occupied_spots(positions)
            if set(derived) != set(state.occupied_spots):
                self.problem(
                    "state.occupied_spots",
                    f"must agree with positions, which occupy: {', '.join(derived) or 'no spot'}",
                )

    def check_unspotted(self, state: State, colour: str) -> None:
        """``state.unspotted_colour``: the striker potted ``colour`` in his previous stroke, so he
        is in a break: the colour is on the table (being spotted), the cue ball is not in hand,
        no free ball, no miss count, no re-spotted black, and a red or a colour is on as after
        a colour (or after a free ball taken as a red)."""
        where = "state.unspotted_colour"
        reasons = (
            (colour not in state.colours, f"{colour} must be listed in colours: a colour being "
             "spotted counts as on the table"),
            (state.in_hand, "the striker potted it in his previous stroke, so the cue ball is "
             "not in hand (state.in_hand)"),
            (state.free_ball, "the striker is in a break, so he has no free ball "
             "(state.free_ball)"),
            (state.misses > 0, "the striker potted a ball in his previous stroke, so no miss "
             "count runs against him (state.misses)"),
            (state.respotted_black, "on a re-spotted black no colour is being spotted"),
        )  # fmt: skip
        for wrong, message in reasons:
            if wrong:
                self.problem(where, message)

    def check_early_stroke(self, stroke: Stroke, state: State) -> None:
        """A stroke made while ``state.unspotted_colour`` was being spotted is ``early_stroke``
        (the colour was potted as the colour on) or ``early_stroke_free_ball`` (as a free ball)
        naming that colour, and the state is the one such a pot leaves."""
        colour = state.unspotted_colour
        early = [
            (index, i)
            for index, i in enumerate(stroke.infringements)
            if i.code in ("early_stroke", "early_stroke_free_ball")
        ]
        for index, infringement in early:
            if infringement.ball != colour:
                self.problem(
                    f"stroke.infringements[{index}]",
                    f"state.unspotted_colour is {colour}, so the early stroke concerns "
                    f"{colour}: {infringement.code}:{colour}",
                )
        if not early:
            if stroke.struck:
                self.problem(
                    "stroke.infringements",
                    f"state.unspotted_colour says {colour} was not yet spotted, so the stroke "
                    f"is early_stroke:{colour} (early_stroke_free_ball:{colour} when it was "
                    "potted as a free ball)",
                )
            return
        if len(early) > 1:
            self.problem(
                f"stroke.infringements[{early[1][0]}]",
                f"{colour} was potted either as the colour on or as a free ball: the early "
                "stroke is early_stroke or early_stroke_free_ball, not both",
            )
            return
        code = early[0][1].code
        self.check_after_early_pot(state, code)
        side = state.striker_side
        points = unspotted_points(state, code)
        if state.scores[side] < points:
            self.problem(
                f"state.scores.{side}",
                f"includes the {points} point(s) {state.striker} scored for {colour} "
                "(state.unspotted_colour), so it is at least that",
            )

    def check_after_early_pot(self, state: State, code: str) -> None:
        """The ball on is the one the pot of ``state.unspotted_colour`` leaves: as the colour on
        (``early_stroke``), or as a free ball (``early_stroke_free_ball``)."""
        colour = state.unspotted_colour
        if code == "early_stroke":  # a colour potted as the colour on: a red or yellow next
            expected = "red" if state.reds else "yellow"
            if state.ball_on != expected or (not state.reds and len(state.colours) < 6):
                self.problem(
                    "state.ball_on",
                    f"after {colour} is potted as the colour on, {expected} is on"
                    + ("" if state.reds else ", with every colour on the table"),
                )
        elif state.reds and state.ball_on != "colour":
            self.problem(
                "state.ball_on",
                f"after {colour} is potted as a free ball taken as a red, a colour is on",
            )
        elif not state.reds and state.ball_on == "colour":
            self.problem(
                "state.ball_on",
                f"after {colour} is potted as a free ball with no reds left, the colour that "
                "was on is still on",
            )
        elif not state.reds and colour == state.ball_on:
            self.problem(
                "state.unspotted_colour", f"{colour} is the ball on, so it was not a free ball"
            )
