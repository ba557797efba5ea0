"""The referee's working notes (``_Work``) and what every paragraph group shares: the quick
builders of trail steps and decision parts, the tables read on every stroke, the facts about the
table (``GeometricFacts``).
"""

from __future__ import annotations

from typing import NamedTuple, TypeVar

from rules_engine.balls import CALLS, COLOURS, FOUL_CLASSES, OBJECT_BALLS, VALUES
from rules_engine.decision import Assessment, Foul, Frame, Next, Respot, TrailStep
from rules_engine.table import SPOTS
from rules_engine.trail import TRAIL_CODES
from rules_engine.values import Case, Stroke

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
