"""Referee cases: frozen State / Stroke / Procedure / Case, and ``load_case()``.

``load_case`` reads the JSON structure of ``shared/spec/referee-case.md``,
checks every field and every fact against the others, and either returns a
``Case`` or raises ``CaseError`` listing every problem with its JSON path.

>>> case = load_case({"format": "snooker-referee-case/1", "id": "demo",
...                   "state": {"reds": 3}, "stroke": {"first_contact": ["red"]}})
>>> case.state.reds, case.state.ball_on, case.state.colours[-1]
(3, 'red', 'black')
>>> load_case({"format": "snooker-referee-case/1", "id": "bad",
...            "state": {"reds": 3, "ball_on": "yellow"}, "stroke": {"first_contact": []}})
Traceback (most recent call last):
...
rules_engine.errors.CaseError: state.ball_on: yellow cannot be on while reds remain on the table

Facts the case states explicitly (``touching``, ``occupied_spots``,
``path_to_ball_on``, ``snookered_after``, ``free_ball_snookers``) are kept as
given (``None`` when absent); when positions are known the referee computes
them, and ``load_case`` rejects a case whose stated facts disagree.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from rules_engine.balls import (
    BALL_ON_VALUES,
    COLOURS,
    DERIVED_FOULS,
    INFRINGEMENT_CLASSES,
    INFRINGEMENTS_NEEDING_BALL,
    OBJECT_BALLS,
    PATH_QUALITIES,
    VALUES,
    lowest_colour,
)
from rules_engine.editions import DEFAULT_RULESET, EDITIONS, VARIANTS
from rules_engine.errors import CaseError, Problem
from rules_engine.table import Point

CASE_FORMAT = "snooker-referee-case/1"
CUE_BALL_ENDS = ("table", "potted", "off_table")
TOUCHING_MOVED = ("none", "striker", "not_striker")
EDGE_FALLS = ("unhit", "after_balancing")
PROCEDURE_KINDS = ("stalemate", "concede", "claim")
_SLUG = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]*$")


@dataclass(frozen=True)
class Positions:
    """Ball centres in millimetres; a ball absent is not on the table (``white`` None: in hand).

    >>> p = Positions(white=(889.0, 1300.0), red=((889.0, 2400.0),),
    ...               colours=(("blue", (889.0, 1784.5)),))
    >>> p.object_balls()
    (('red', (889.0, 2400.0)), ('blue', (889.0, 1784.5)))
    >>> p.colour("blue"), p.colour("pink")
    ((889.0, 1784.5), None)
    """

    white: Point | None
    red: tuple[Point, ...] = ()
    colours: tuple[tuple[str, Point], ...] = ()

    def colour(self, name: str) -> Point | None:
        return next((point for colour, point in self.colours if colour == name), None)

    def object_balls(self) -> tuple[tuple[str, Point], ...]:
        """Every object ball as ``(name, centre)``, reds first, then colours in value order."""
        return tuple(("red", point) for point in self.red) + self.colours

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {}
        if self.white is not None:
            data["white"] = list(self.white)
        if self.red:
            data["red"] = [list(point) for point in self.red]
        for colour, point in self.colours:
            data[colour] = list(point)
        return data


@dataclass(frozen=True)
class State:
    """The situation before the stroke (spec section 3), defaults filled in and ``ball_on``
    resolved.

    ``sides`` maps each side to its players, ``scores`` each side to its score.
    """

    players: tuple[str, ...] = ("A", "B")
    sides: Mapping[str, tuple[str, ...]] = field(default_factory=lambda: {"A": ("A",), "B": ("B",)})
    striker: str = "A"
    breaker: str = "A"
    scores: Mapping[str, int] = field(default_factory=lambda: {"A": 0, "B": 0})
    reds: int = 15
    colours: tuple[str, ...] = COLOURS
    ball_on: str = "red"
    free_ball: bool = False
    in_hand: bool = False
    touching: tuple[str, ...] | None = None
    misses: int = 0
    respotted_black: bool = False
    totals_count: bool = False
    occupied_spots: tuple[str, ...] | None = None
    positions: Positions | None = None
    #: The last frame of the match with the frames level (the exception of variant 3.4(d)*).
    deciding_frame: bool = False
    #: A colour the striker potted in the previous stroke of this break (as the colour on, or
    #: as a free ball) that the referee had not finished spotting; its points are in ``scores``
    #: (docs/editions.md; 2014 3.3(g)(iv)).
    unspotted_colour: str | None = None

    def side_of(self, player: str) -> str:
        """The side ``player`` plays for."""
        return next(side for side, members in self.sides.items() if player in members)

    @cached_property
    def striker_side(self) -> str:
        return self.side_of(self.striker)

    @cached_property
    def opponent_side(self) -> str:
        return next(side for side in self.sides if side != self.striker_side)

    @property
    def only_black_left(self) -> bool:
        return self.reds == 0 and self.colours == ("black",)

    def to_dict(self) -> dict[str, Any]:
        """The state as a case's ``state`` (spec section 3); ``load_case`` reads it back.

        >>> State(reds=3, scores={"A": 8, "B": 0}).to_dict()["scores"]
        {'A': 8, 'B': 0}
        >>> load_case({"format": CASE_FORMAT, "id": "x", "state": State(reds=3).to_dict(),
        ...            "stroke": {"first_contact": []}}).state == State(reds=3)
        True
        """
        data: dict[str, Any] = {
            "players": list(self.players),
            "striker": self.striker,
            "breaker": self.breaker,
            "scores": dict(self.scores),
            "reds": self.reds,
            "colours": list(self.colours),
            "ball_on": self.ball_on,
            "free_ball": self.free_ball,
            "in_hand": self.in_hand,
            "misses": self.misses,
            "respotted_black": self.respotted_black,
            "totals_count": self.totals_count,
        }
        if any(members != (side,) for side, members in self.sides.items()):
            data["sides"] = {side: list(members) for side, members in self.sides.items()}
        if self.touching is not None:
            data["touching"] = list(self.touching)
        if self.occupied_spots is not None:
            data["occupied_spots"] = list(self.occupied_spots)
        if self.positions is not None:
            data["positions"] = self.positions.to_dict()
        if self.deciding_frame:
            data["deciding_frame"] = True
        if self.unspotted_colour is not None:
            data["unspotted_colour"] = self.unspotted_colour
        return data


@dataclass(frozen=True)
class Infringement:
    """A foul the referee saw that does not follow from the contact facts (``touched:pink``)."""

    code: str
    ball: str | None = None


@dataclass(frozen=True)
class Edge:
    """A ball that rested on the edge of a pocket and fell during the stroke (3.9)."""

    ball: str
    fell: str
    involved: bool = False
    caused_foul: bool = False


@dataclass(frozen=True)
class Stroke:
    """The facts of one stroke (spec section 4)."""

    struck: bool = True
    nominated: str | None = None
    #: False: the striker declared no ball (2014 3.10(d)(vi) when snookered); None: not
    #: recorded, a single colour struck first then counts as indicated (docs/editions.md).
    declared: bool | None = None
    first_contact: tuple[str, ...] = ()
    cue_ball_placed: bool = False
    potted: tuple[str, ...] = ()
    off_table: tuple[str, ...] = ()
    cue_ball: str = "table"
    infringements: tuple[Infringement, ...] = ()
    best_attempt: bool = True
    path_to_ball_on: str | None = None
    snookered_after: bool | None = None
    free_ball_snookers: bool | None = None
    touching_moved: str = "none"
    edge: Edge | None = None
    positions_after: Positions | None = None


@dataclass(frozen=True)
class Procedure:
    """A referee procedure that is not a stroke (spec section 4a)."""

    kind: str
    all_agree_restart: bool = False
    changed_after_period: bool | None = None
    side: str | None = None


@dataclass(frozen=True)
class Case:
    """A whole referee case. ``expect`` (a subset of a decision) is kept as given, or None."""

    id: str
    state: State
    stroke: Stroke | None = None
    procedure: Procedure | None = None
    ruleset: str = DEFAULT_RULESET
    expect: Mapping[str, Any] | None = field(default=None, compare=False)
    #: Local variants applied on top of the edition (``rules_engine.editions.VARIANTS``).
    variants: tuple[str, ...] = ()


def load_case(data: Mapping[str, Any]) -> Case:
    """Check a case read from JSON and return it as a ``Case``; raise ``CaseError`` listing every
    problem.

    >>> load_case({"format": "snooker-referee-case/1", "id": "x",
    ...            "stroke": {"first_contact": ["red"]}, "state": {"score": {}}})
    Traceback (most recent call last):
    ...
    rules_engine.errors.CaseError: state.score: unknown field
    """
    deep = _too_deep(data)
    if deep is not None:
        raise CaseError(
            [Problem(deep, f"nested more than {MAX_NESTING} levels deep: not a referee case")]
        )
    loader = _Loader()
    try:
        case = loader.case(data)
    except RecursionError:  # pragma: no cover - _too_deep refuses such input first
        raise CaseError([Problem("(case)", "nested too deeply to be a referee case")]) from None
    if loader.problems or case is None:
        raise CaseError(loader.problems)
    return case


# --------------------------------------------------------------------------------------
# The loader: one method per part of the format, each appending Problems.


#: Deepest nesting a case can have (``expect.respots[0].position`` is four levels); anything
#: deeper is refused before it is read, so no reader recurses without bound.
MAX_NESTING = 32
#: Largest score a state may give: far beyond any frame, small enough to stay an exact number.
MAX_SCORE = 99_999


def _describe(value: Any, depth: int = 0) -> str:
    """A short, safe rendering of a value for an error message: bounded in depth and length, and
    never failing (huge integers, deeply nested lists).

    >>> _describe(10**5000)
    'a whole number of about 5001 digits'
    >>> _describe([[[[[1]]]]])
    '[[[...]]]'
    """
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 64:
        return f"a whole number of about {int(value.bit_length() * 0.30103) + 1} digits"
    if isinstance(value, (list, tuple)):
        if depth >= 2:
            return "[...]"
        items = [_describe(item, depth + 1) for item in value[:4]]
        text = "[" + ", ".join(items + (["..."] if len(value) > 4 else [])) + "]"
    elif isinstance(value, Mapping):
        if depth >= 2:
            return "{...}"
        pairs = [
            f"{_describe(key, 2)}: {_describe(item, depth + 1)}"
            for key, item in list(value.items())[:3]
        ]
        text = "{" + ", ".join(pairs + (["..."] if len(value) > 3 else [])) + "}"
    elif value is None or isinstance(value, (bool, int, float, str)):
        text = repr(value[:60] if isinstance(value, str) else value)
    else:
        text = type(value).__name__
    return text if len(text) <= 40 else text[:37] + "..."


def _too_deep(data: Any, limit: int = MAX_NESTING) -> str | None:
    """The JSON path of the first value nested deeper than ``limit`` levels, or None (iterative:
    it cannot itself run out of stack).

    >>> _too_deep({"state": {"a": [[[1]]]}}, limit=3)
    'state.a[0]'
    """
    stack: list[tuple[Any, str, int]] = [(data, "", 0)]
    while stack:
        value, path, depth = stack.pop()
        if isinstance(value, Mapping):
            children = [
                (item, f"{path}.{key}" if path else str(key)) for key, item in value.items()
            ]
        elif isinstance(value, (list, tuple)):
            children = [(item, f"{path}[{index}]") for index, item in enumerate(value)]
        else:
            continue
        if depth >= limit:
            return path if len(path) <= 80 else path[:77] + "..."
        stack.extend((item, where, depth + 1) for item, where in children)
    return None


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_coordinate(value: Any) -> bool:
    """A finite number of millimetres that a float holds (a huge integer does not fit one)."""
    if _is_int(value):
        return value.bit_length() <= 64
    return isinstance(value, float) and math.isfinite(value)


class _Loader:
    def __init__(self) -> None:
        self.problems: list[Problem] = []

    def problem(self, path: str, message: str) -> None:
        self.problems.append(Problem(path, message))

    # ---- generic readers -------------------------------------------------------------
    def mapping(self, value: Any, path: str, known: Sequence[str]) -> Mapping[str, Any] | None:
        if not isinstance(value, Mapping):
            self.problem(path or "(case)", f"must be an object, not {_describe(value)}")
            return None
        for key in value:
            if key not in known:
                self.problem(f"{path}.{key}" if path else str(key), "unknown field")
        return value

    def boolean(
        self, data: Mapping[str, Any], key: str, path: str, default: bool | None
    ) -> bool | None:
        value = data.get(key, default)
        if key in data and not isinstance(value, bool):
            self.problem(f"{path}.{key}", f"must be true or false, not {_describe(value)}")
            return default
        return value

    def choice(
        self,
        data: Mapping[str, Any],
        key: str,
        path: str,
        choices: Sequence[str],
        default: str | None,
    ) -> str | None:
        if key not in data:
            return default
        value = data[key]
        if value not in choices or not isinstance(value, str):
            self.problem(
                f"{path}.{key}", f"must be one of {', '.join(choices)}, not {_describe(value)}"
            )
            return default
        return value

    def string_list(
        self,
        data: Mapping[str, Any],
        key: str,
        path: str,
        choices: Sequence[str] | None = None,
        default: tuple[str, ...] = (),
    ) -> tuple[str, ...] | None:
        if key not in data:
            return default
        value = data[key]
        if not isinstance(value, list):
            self.problem(f"{path}.{key}", f"must be a list, not {_describe(value)}")
            return None
        ok = True
        for index, item in enumerate(value):
            if not isinstance(item, str) or (choices is not None and item not in choices):
                expected = f"one of {', '.join(choices)}" if choices is not None else "a name"
                self.problem(f"{path}.{key}[{index}]", f"must be {expected}, not {_describe(item)}")
                ok = False
        return tuple(value) if ok else None

    def point(self, value: Any, path: str) -> Point | None:
        if (
            not isinstance(value, list)
            or len(value) != 2
            or not all(_is_coordinate(c) for c in value)
        ):
            self.problem(path, f"must be [x, y] in millimetres, not {_describe(value)}")
            return None
        return (float(value[0]), float(value[1]))

    # ---- the case --------------------------------------------------------------------
    def case(self, data: Any) -> Case | None:
        top = self.mapping(
            data,
            "",
            ("format", "id", "ruleset", "variants", "state", "stroke", "procedure", "expect"),
        )
        if top is None:
            return None
        if top.get("format") != CASE_FORMAT:
            self.problem("format", f"must be {CASE_FORMAT!r}, not {_describe(top.get('format'))}")
        case_id = top.get("id")
        if not isinstance(case_id, str) or not _SLUG.match(case_id):
            self.problem("id", f"must be a slug (letters, digits, - _ .), not {_describe(case_id)}")
            case_id = ""
        ruleset = top.get("ruleset", DEFAULT_RULESET)
        if not isinstance(ruleset, str) or ruleset not in EDITIONS:
            self.problem(
                "ruleset", f"unknown ruleset {_describe(ruleset)}; known: {', '.join(EDITIONS)}"
            )
        variants = top.get("variants", [])
        if not isinstance(variants, list) or not all(
            isinstance(v, str) and v in VARIANTS for v in variants
        ):
            self.problem(
                "variants",
                f"must be a list of known variants ({', '.join(VARIANTS)}), "
                f"not {_describe(variants)}",
            )
            variants = []
        elif len(set(variants)) != len(variants):
            self.problem("variants", "lists a variant twice")
        variants = tuple(variants)
        state = self.state(top.get("state", {}))
        stroke = procedure = None
        if ("stroke" in top) == ("procedure" in top):
            self.problem("stroke", "a case has exactly one of stroke and procedure")
        elif "stroke" in top:
            stroke = self.stroke(top["stroke"], state)
        else:
            procedure = self.procedure(top["procedure"], state)
        expect = top.get("expect")
        if expect is not None:
            self.expect(expect)
        if self.problems or state is None:
            return None
        return Case(
            id=case_id,
            state=state,
            stroke=stroke,
            procedure=procedure,
            ruleset=ruleset,
            expect=expect,
            variants=variants,
        )

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
        from rules_engine import geometry

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
                    name, f"ball at {_describe(list(point))} is not wholly on the playing surface"
                )
        named = on_surface  # a ball off the surface is reported once, not also as overlapping
        for first, second in geometry.overlaps(named):
            self.problem(named[second][0], f"overlaps the ball at {named[first][0]}")

    def state(self, value: Any) -> State | None:
        path = "state"
        known = (
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
        data = self.mapping(value, path, known)
        if data is None:
            return None
        before = len(self.problems)
        players = self.string_list(data, "players", path, default=("A", "B"))
        if players is not None and (
            len(players) < 2 or len(set(players)) != len(players) or "" in players
        ):
            self.problem(f"{path}.players", "must list at least two different player names")
            players = None
        sides = self.sides(data, players)
        striker = breaker = None
        if players:
            striker = data.get("striker", players[0])
            if striker not in players:
                self.problem(f"{path}.striker", f"{_describe(striker)} is not one of the players")
            breaker = data.get("breaker", players[0])
            if breaker not in players:
                self.problem(f"{path}.breaker", f"{_describe(breaker)} is not one of the players")
        scores = self.scores(data, sides)

        positions = (
            self.positions(data["positions"], f"{path}.positions") if "positions" in data else None
        )
        reds = data.get("reds", len(positions.red) if positions is not None else 15)
        if not _is_int(reds) or not 0 <= reds <= 15:
            self.problem(
                f"{path}.reds", f"must be a whole number from 0 to 15, not {_describe(reds)}"
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
        ball_on = self.choice(data, "ball_on", path, BALL_ON_VALUES, None)
        free_ball = self.boolean(data, "free_ball", path, False)
        in_hand_default = positions is not None and positions.white is None
        in_hand = self.boolean(data, "in_hand", path, in_hand_default)
        if positions is not None and "in_hand" in data and in_hand != in_hand_default:
            self.problem(
                f"{path}.in_hand",
                "must agree with positions: the cue ball is in hand exactly "
                "when positions.white is absent",
            )
        misses = data.get("misses", 0)
        if not _is_int(misses) or not 0 <= misses <= 2:
            self.problem(
                f"{path}.misses",
                f"must be 0, 1 or 2, not {_describe(misses)} (a third miss awards the frame)",
            )
            misses = 0
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
            self.problem(path, f"must map sides to scores, not {_describe(value)}")
            return None
        if sides is None:
            return None
        scores = {side: 0 for side in sides}
        for side, score in value.items():
            if side not in sides:
                self.problem(f"{path}.{side}", f"{side!r} is not a side ({', '.join(sides)})")
            elif not _is_int(score) or not 0 <= score <= MAX_SCORE:
                self.problem(
                    f"{path}.{side}",
                    f"must be a whole number, zero or more (at most {MAX_SCORE}), "
                    f"not {_describe(score)}",
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

    def check_state_geometry(self, state: State) -> None:
        from rules_engine import geometry

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
        side = state.striker_side
        points = unspotted_points(state, code)
        if state.scores[side] < points:
            self.problem(
                f"state.scores.{side}",
                f"includes the {points} point(s) {state.striker} scored for {colour} "
                "(state.unspotted_colour), so it is at least that",
            )

    # ---- stroke ----------------------------------------------------------------------
    def stroke(self, value: Any, state: State | None) -> Stroke | None:
        path = "stroke"
        known = (
            "struck",
            "cue_ball_placed",
            "nominated",
            "declared",
            "first_contact",
            "potted",
            "off_table",
            "cue_ball",
            "infringements",
            "best_attempt",
            "path_to_ball_on",
            "snookered_after",
            "free_ball_snookers",
            "touching_moved",
            "edge",
            "positions_after",
        )
        data = self.mapping(value, path, known)
        if data is None:
            return None
        before = len(self.problems)
        struck = self.boolean(data, "struck", path, True)
        cue_ball_placed = self.boolean(data, "cue_ball_placed", path, False)
        if cue_ball_placed and struck is not False:
            self.problem(
                f"{path}.cue_ball_placed",
                "only for a foul before the stroke (struck: false): once the ball is struck "
                "it is in play anyway",
            )
        nominated = self.choice(data, "nominated", path, OBJECT_BALLS, None)
        declared = self.boolean(data, "declared", path, None)
        if declared is not None and (nominated is not None) != declared:
            self.problem(
                f"{path}.declared",
                "true only with the ball declared in nominated; false only without nominated",
            )
        if declared is not None and struck is False:
            self.problem(f"{path}.declared", "no stroke was made (struck is false)")
        if struck and "first_contact" not in data:
            self.problem(
                f"{path}.first_contact",
                "required when the ball was struck ([] when it hit nothing)",
            )
        first_contact = self.string_list(data, "first_contact", path, OBJECT_BALLS) or ()
        if len(first_contact) > 2:
            self.problem(f"{path}.first_contact", "lists at most two balls struck first together")
        elif len(first_contact) == 2 and first_contact[0] == first_contact[1] != "red":
            self.problem(f"{path}.first_contact", "lists the same colour twice")
        potted = self.string_list(data, "potted", path, OBJECT_BALLS) or ()
        off_table = self.string_list(data, "off_table", path, OBJECT_BALLS) or ()
        cue_ball = self.choice(data, "cue_ball", path, CUE_BALL_ENDS, "table")
        infringements = self.infringements(data, path)
        best_attempt = self.boolean(data, "best_attempt", path, True)
        path_to_ball_on = self.choice(data, "path_to_ball_on", path, PATH_QUALITIES, None)
        snookered_after = self.boolean(data, "snookered_after", path, None)
        free_ball_snookers = self.boolean(data, "free_ball_snookers", path, None)
        touching_moved = self.choice(data, "touching_moved", path, TOUCHING_MOVED, "none")
        edge = self.edge(data["edge"], f"{path}.edge") if "edge" in data else None
        positions_after = (
            self.positions(data["positions_after"], f"{path}.positions_after")
            if "positions_after" in data
            else None
        )
        if struck is False:
            for key in ("first_contact", "potted", "off_table", "edge", "positions_after"):
                if data.get(key):
                    self.problem(
                        f"{path}.{key}",
                        "no stroke was made (struck is false), so nothing can be given here",
                    )
            if cue_ball != "table":
                self.problem(
                    f"{path}.cue_ball",
                    "no stroke was made (struck is false), so the cue ball stayed put",
                )
            if not data.get("infringements"):
                self.problem(
                    f"{path}.infringements",
                    "struck is false, so at least one infringement must say "
                    "what the foul before the stroke was",
                )
        if free_ball_snookers and snookered_after is False:
            self.problem(f"{path}.snookered_after", "must be true when free_ball_snookers is true")
        if len(self.problems) != before:
            return None
        stroke = Stroke(
            struck=bool(struck),
            nominated=nominated,
            declared=declared,
            first_contact=first_contact,
            cue_ball_placed=bool(cue_ball_placed),
            potted=potted,
            off_table=off_table,
            cue_ball=cue_ball or "table",
            infringements=infringements,
            best_attempt=bool(best_attempt),
            path_to_ball_on=path_to_ball_on,
            snookered_after=True if free_ball_snookers else snookered_after,
            free_ball_snookers=free_ball_snookers,
            touching_moved=touching_moved or "none",
            edge=edge,
            positions_after=positions_after,
        )
        if state is not None:
            self.check_stroke(stroke, state)
        return stroke if len(self.problems) == before else None

    def infringements(self, data: Mapping[str, Any], path: str) -> tuple[Infringement, ...]:
        codes = self.string_list(data, "infringements", path) or ()
        found = []
        for index, text in enumerate(codes):
            code, _, ball = text.partition(":")
            where = f"{path}.infringements[{index}]"
            if code in DERIVED_FOULS:
                self.problem(
                    where, f"{code} is derived by the engine from the contact facts; do not list it"
                )
            elif code not in INFRINGEMENT_CLASSES:
                self.problem(where, f"unknown infringement code {code!r}")
            elif ball and INFRINGEMENT_CLASSES[code] != "b":
                self.problem(where, f"{code} does not name a ball")
            elif ball and ball not in ("white",) + OBJECT_BALLS:
                self.problem(where, f"unknown ball {ball!r}")
            elif not ball and code in INFRINGEMENTS_NEEDING_BALL:
                self.problem(where, f"{code} must name the ball concerned, e.g. {code}:pink")
            else:
                found.append(Infringement(code, ball or None))
        if len(set(found)) != len(found):
            self.problem(f"{path}.infringements", "lists an infringement twice")
        return tuple(found)

    def edge(self, value: Any, path: str) -> Edge | None:
        data = self.mapping(value, path, ("ball", "fell", "involved", "caused_foul"))
        if data is None:
            return None
        ball = data.get("ball")
        if ball not in OBJECT_BALLS:
            self.problem(f"{path}.ball", f"must be an object ball, not {_describe(ball)}")
        if "fell" not in data:
            self.problem(f"{path}.fell", "required: unhit or after_balancing")
        fell = self.choice(data, "fell", path, EDGE_FALLS, None)
        involved = self.boolean(data, "involved", path, False)
        caused_foul = self.boolean(data, "caused_foul", path, False)
        if ball not in OBJECT_BALLS or fell is None:
            return None
        return Edge(ball=ball, fell=fell, involved=bool(involved), caused_foul=bool(caused_foul))

    def check_stroke(self, stroke: Stroke, state: State) -> None:
        path = "stroke"
        on_table = Counter({"red": state.reds, **{colour: 1 for colour in state.colours}})

        def check_on_table(ball: str, where: str) -> None:
            if not on_table[ball]:
                self.problem(where, f"{ball} is not on the table")

        for index, ball in enumerate(stroke.first_contact):
            check_on_table(ball, f"{path}.first_contact[{index}]")
        if stroke.first_contact == ("red", "red") and state.reds < 2:
            self.problem(
                f"{path}.first_contact",
                "two reds struck together, but fewer than two are on the table",
            )
        if stroke.nominated is not None:
            check_on_table(stroke.nominated, f"{path}.nominated")
            self.check_nomination(stroke.nominated, state)
        leaving = Counter(stroke.potted) + Counter(stroke.off_table)
        if stroke.edge is not None:
            check_on_table(stroke.edge.ball, f"{path}.edge.ball")
            leaving[stroke.edge.ball] += 1
            if stroke.edge.ball != "red" and stroke.edge.ball in stroke.potted:
                self.problem(
                    f"{path}.edge.ball",
                    f"{stroke.edge.ball} is also listed in potted; the edge ball is "
                    "never also listed there",
                )
        for key, balls in (("potted", stroke.potted), ("off_table", stroke.off_table)):
            for index, ball in enumerate(balls):
                check_on_table(ball, f"{path}.{key}[{index}]")
        self.check_moved_by_hand(stroke, leaving)
        for ball, count in leaving.items():
            if on_table[ball] and count > on_table[ball]:
                self.problem(
                    f"{path}.potted",
                    f"{count} × {ball} leave the table, but only {on_table[ball]} were on it",
                )
        for index, infringement in enumerate(stroke.infringements):
            if infringement.ball not in (None, "white"):
                check_on_table(infringement.ball, f"{path}.infringements[{index}]")
        if stroke.cue_ball_placed and not state.in_hand:
            self.problem(
                f"{path}.cue_ball_placed",
                "the cue ball was not in hand (state.in_hand is false), so it was not placed",
            )
        if stroke.free_ball_snookers and not state.free_ball:
            self.problem(
                f"{path}.free_ball_snookers", "there was no free ball (state.free_ball is false)"
            )
        if stroke.touching_moved != "none" and not state.touching and state.positions is None:
            self.problem(
                f"{path}.touching_moved",
                "no ball was declared touching the cue ball (state.touching)",
            )
        if state.unspotted_colour is not None:
            self.check_early_stroke(stroke, state)
        self.check_consultation(stroke)
        if stroke.positions_after is not None:
            self.check_positions_after(stroke, state, leaving)
        if state.positions is not None or stroke.positions_after is not None:
            self.check_stroke_geometry(stroke, state)

    def check_consultation(self, stroke: Stroke) -> None:
        """``consultation_touch`` happens while the balls are being replaced after a miss, before
        any stroke (``struck: false``), and is then the striker's only infringement."""
        codes = [i.code for i in stroke.infringements]
        if "consultation_touch" not in codes:
            return
        if stroke.struck:
            self.problem(
                "stroke.struck",
                "must be false with consultation_touch: the balls were being replaced, no "
                "stroke was made",
            )
        if len(codes) > 1:
            self.problem(
                "stroke.infringements",
                "consultation_touch is the only infringement of the consultation",
            )

    def check_moved_by_hand(self, stroke: Stroke, leaving: Counter[str]) -> None:
        """``moved_by_hand:BALL`` names an object ball, which may count as leaving the table
        (2014, Section 2 Rule 14), so it is counted in ``leaving``, or the cue ball (in hand in
        2014), which is not; where it came to rest is not recorded, so ``positions_after``
        cannot be given with it."""
        for infringement in stroke.infringements:
            if infringement.code != "moved_by_hand":
                continue
            if infringement.ball == "white":  # in hand in 2014; never leaves the table count
                continue
            leaving[infringement.ball or ""] += 1
            if stroke.positions_after is not None:
                self.problem(
                    "stroke.positions_after",
                    "cannot be given with moved_by_hand: where the striker moved the ball to "
                    "is not recorded",
                )

    def check_nomination(self, nominated: str, state: State) -> None:
        where = "stroke.nominated"
        if state.free_ball:
            return
        if state.ball_on == "red" and nominated != "red":
            self.problem(
                where, f"{nominated} cannot be nominated: a red is on and there is no free ball"
            )
        elif state.ball_on == "colour" and nominated == "red":
            self.problem(where, "a red cannot be nominated: a colour is on")
        elif state.ball_on in COLOURS and nominated != state.ball_on:
            self.problem(
                where,
                f"{nominated} cannot be nominated: {state.ball_on} is on and there is no free ball",
            )

    def check_positions_after(self, stroke: Stroke, state: State, leaving: Counter[str]) -> None:
        after = stroke.positions_after
        assert after is not None
        where = "stroke.positions_after"
        if (after.white is None) != (stroke.cue_ball != "table"):
            self.problem(
                f"{where}.white", "must be given exactly when the cue ball ended on the table"
            )
        expected_reds = state.reds - leaving["red"]
        if len(after.red) != expected_reds:
            self.problem(
                f"{where}.red",
                f"must place {expected_reds} reds: {state.reds} before the stroke, "
                f"{leaving['red']} potted or off the table",
            )
        expected = {c for c in state.colours if not leaving[c]}
        placed = {c for c, _ in after.colours}
        for colour in sorted(placed ^ expected, key=VALUES.__getitem__):
            reason = (
                "was potted, forced off or not on the table"
                if colour in placed
                else "stayed on the table"
            )
            self.problem(f"{where}.{colour}", f"{colour} {reason}")

    def check_stroke_geometry(self, stroke: Stroke, state: State) -> None:
        from rules_engine.rulesets import referee_for

        facts = referee_for(DEFAULT_RULESET).geometric_facts(state, stroke)
        for key, actual in (
            ("path_to_ball_on", facts.path_to_ball_on),
            ("snookered_after", facts.snookered_after),
            ("free_ball_snookers", facts.free_ball_snookers),
        ):
            given = getattr(stroke, key)
            if given is not None and actual is not None and given != actual:
                self.problem(
                    f"stroke.{key}",
                    f"says {_describe(given)} but the positions give {_describe(actual)}",
                )

    # ---- procedure -------------------------------------------------------------------
    def procedure(self, value: Any, state: State | None) -> Procedure | None:
        path = "procedure"
        data = self.mapping(
            value, path, ("kind", "all_agree_restart", "changed_after_period", "side")
        )
        if data is None:
            return None
        kind = data.get("kind")
        if kind not in PROCEDURE_KINDS:
            self.problem(
                f"{path}.kind",
                f"must be one of {', '.join(PROCEDURE_KINDS)}, not {_describe(kind)}",
            )
            return None
        allowed = {
            "stalemate": ("all_agree_restart", "changed_after_period"),
            "concede": ("side",),
            "claim": (),
        }[kind]
        for key in data:
            if key != "kind" and key not in allowed:
                self.problem(f"{path}.{key}", f"does not apply to a {kind} procedure")
        agree = self.boolean(data, "all_agree_restart", path, False)
        changed = self.boolean(data, "changed_after_period", path, None)
        side = data.get("side")
        if kind == "concede" and state is not None:
            if not isinstance(side, str) or side not in state.sides:
                self.problem(
                    f"{path}.side",
                    f"must be a side ({', '.join(state.sides)}), not {_describe(side)}",
                )
            elif side != state.striker_side:
                self.problem(
                    f"{path}.side",
                    f"{side} may concede only in its own turn: "
                    f"{state.striker} ({state.striker_side}) is the striker",
                )
        if kind == "claim" and state is not None:
            lead = state.scores[state.striker_side] - state.scores[state.opponent_side]
            if not state.only_black_left or lead <= 7:
                self.problem(
                    path,
                    "a frame is claimed only with the black alone left and a lead of more than "
                    f"seven (lead now {lead})",
                )
        return Procedure(
            kind=kind,
            all_agree_restart=bool(agree),
            changed_after_period=changed,
            side=side if isinstance(side, str) else None,
        )

    # ---- expect ----------------------------------------------------------------------
    def expect(self, value: Any) -> None:
        from rules_engine.check import check_expect_shape

        for problem in check_expect_shape(value):
            self.problems.append(problem)


def unspotted_points(state: State, code: str) -> int:
    """The points the striker scored in his previous stroke for ``state.unspotted_colour``:
    its value when potted as the colour on (``early_stroke``), the value of the ball on when
    potted as a free ball (``early_stroke_free_ball``: one as a red, else the colour on, which
    the pot of a free ball leaves on).

    >>> unspotted_points(State(reds=3, unspotted_colour="blue"), "early_stroke")
    5
    >>> unspotted_points(State(reds=3, ball_on="colour", unspotted_colour="blue"),
    ...                  "early_stroke_free_ball")
    1
    """
    colour = state.unspotted_colour
    assert colour is not None
    if code == "early_stroke_free_ball":
        return 1 if state.reds else VALUES.get(state.ball_on, 0)
    return VALUES[colour]


def occupied_spots(positions: Positions, *, ignore: Sequence[str] = ()) -> tuple[str, ...]:
    """Spots (by colour) on which a ball cannot be placed without touching another ball.

    ``ignore`` names colours whose own balls are leaving the table (potted, forced off) and so
    occupy nothing.

    >>> occupied_spots(Positions(white=(889.0, 1800.0)))
    ('blue',)
    """
    from rules_engine import geometry
    from rules_engine.table import SPOTS

    balls = [point for name, point in positions.object_balls() if name not in ignore]
    if positions.white is not None:
        balls.append(positions.white)
    return tuple(colour for colour in COLOURS if geometry.spot_is_occupied(SPOTS[colour], balls))
