"""Referee cases as values: the frozen ``Positions``, ``State``, ``Infringement``, ``Edge``,
``Stroke``, ``Procedure`` and ``Case`` (spec sections 3 to 4a), the format's names, and what a
state alone says (``unspotted_points``, ``occupied_spots``).

The rulesets, the frame and the loader (``rules_engine.case``, which re-exports all of these)
import them from here: a value type knows nothing of how a case is read or judged.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from rules_engine import geometry
from rules_engine.balls import COLOURS, VALUES
from rules_engine.editions import DEFAULT_RULESET
from rules_engine.table import SPOTS, Point

CASE_FORMAT = "snooker-referee-case/1"
CUE_BALL_ENDS = ("table", "potted", "off_table")
TOUCHING_MOVED = ("none", "striker", "not_striker")
EDGE_FALLS = ("unhit", "after_balancing")
PROCEDURE_KINDS = ("stalemate", "concede", "claim")


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
        >>> from rules_engine.case import load_case
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
    balls = [point for name, point in positions.object_balls() if name not in ignore]
    if positions.white is not None:
        balls.append(positions.white)
    return tuple(colour for colour in COLOURS if geometry.spot_is_occupied(SPOTS[colour], balls))
