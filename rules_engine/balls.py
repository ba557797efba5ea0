"""Ball names, values and the other fixed vocabularies of the referee-case format.

The tuples are in the order the site shows them as choices.

>>> VALUES["pink"]
6
>>> COLOURS[0], COLOURS[-1]
('yellow', 'black')
>>> lowest_colour(("black", "pink"))
'pink'
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from types import MappingProxyType

BALLS: tuple[str, ...] = ("white", "red", "yellow", "green", "brown", "blue", "pink", "black")
COLOURS: tuple[str, ...] = ("yellow", "green", "brown", "blue", "pink", "black")
OBJECT_BALLS: tuple[str, ...] = BALLS[1:]
VALUES: Mapping[str, int] = MappingProxyType(
    {"red": 1, "yellow": 2, "green": 3, "brown": 4, "blue": 5, "pink": 6, "black": 7}
)
CALLS: tuple[str, ...] = (
    "foul",
    "miss",
    "free_ball",
    "touching_ball",
    "replay",
    "respotted_black",
    "frame_awarded",
    "restart",
)
NEXT_OPTIONS: tuple[str, ...] = ("play", "offender_again", "replace_offender_again")
RESPOT_TARGETS: tuple[str, ...] = (
    tuple(f"{colour}_spot" for colour in COLOURS)
    + tuple(f"above_{colour}_spot" for colour in COLOURS)
    + ("below_pink_spot", "below_black_spot")
)
FRAME_REASONS: tuple[str, ...] = (
    "black_potted",
    "foul_on_black",
    "third_miss",
    "conceded",
    "claimed",
    "snookers_needed",  # local variant 3.4(d)*: four snookers or more needed
)
PATH_QUALITIES: tuple[str, ...] = ("full", "partial", "none")
#: ``ball_on`` values: a red, any colour (to be nominated), or one colour.
BALL_ON_VALUES: tuple[str, ...] = ("red", "colour") + COLOURS

#: Penalty class (3.12) of every infringement code an author may list in ``stroke.infringements``.
INFRINGEMENT_CLASSES: Mapping[str, str] = MappingProxyType(
    {
        "double_hit": "a",
        "feet_off_floor": "a",
        "out_of_turn": "a",
        "bad_from_hand": "a",
        "jump_shot": "a",
        "bad_cue": "a",
        "partner_consulted": "a",
        "balls_moving": "b",
        "early_stroke": "b",
        "push_stroke": "b",
        "touched": "b",
        "ball_off_table_used": "d",
        "measured": "d",
        "non_white_cue_ball": "d",
        "no_declaration": "d",
        "foul_before_nomination": "d",
        # Facts the later editions judge differently (rules_engine/rulesets/wpbsa2014.py):
        "early_stroke_free_ball": "b",  # struck before a colour taken as a free ball was spotted
        "consultation_touch": "b",  # touched a ball while the balls were replaced after a miss
        "partner_caused_touch": "b",  # the striker's partner caused him to move a ball
        "moved_by_hand": "b",  # the striker intentionally moved an object ball by hand
    }
)
#: Infringements that must name the ball concerned (``touched:pink``).
INFRINGEMENTS_NEEDING_BALL: frozenset[str] = frozenset({"touched", "moved_by_hand"})
#: Fouls the engine derives from the contact facts; authors never list these.
DERIVED_FOULS: Mapping[str, str] = MappingProxyType(
    {
        "missed_all": "a",
        "cue_ball_potted": "a",
        "cue_ball_off_table": "a",
        "free_ball_snooker": "a",
        "first_contact_not_on": "b",
        "potted_not_on": "b",
        "forced_off": "b",
        "free_ball_not_first": "b",
        "touching_moved": "b",
        "simultaneous": "c",
        "reds_successive": "d",
        # 2014 3.10(d)(vi): the striker was snookered and declared no ball (``stroke.declared``)
        "undeclared_when_snookered": "d",
    }
)
#: Every foul code a decision can contain, with its penalty class.
FOUL_CLASSES: Mapping[str, str] = MappingProxyType({**INFRINGEMENT_CLASSES, **DERIVED_FOULS})


def lowest_colour(colours: Iterable[str]) -> str | None:
    """The lowest-valued colour among ``colours``, or None when there is none.

    >>> lowest_colour(["blue", "green"])
    'green'
    >>> lowest_colour([]) is None
    True
    """
    present = set(colours)
    return next((colour for colour in COLOURS if colour in present), None)


def spot_name(colour: str) -> str:
    """The re-spot target naming a colour's own spot.

    >>> spot_name("blue")
    'blue_spot'
    """
    return f"{colour}_spot"
