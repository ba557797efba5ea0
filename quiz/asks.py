"""What a scenario can ask, and the choices a reader answers from.

Every choice comes from the engine's domain (all penalties, all calls, all
spots), never from a stored answer. The value of an answer is a plain JSON-able
dict keyed by field name; :mod:`quiz.grading` reads the same names from the
engine's decision.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.db import models
from django.utils.translation import gettext_lazy as _

import rules_engine
from quiz.explain import (
    ball_on_label,
    call_label,
    format_list,
    option_label,
    points_phrase,
    respot_label,
)

#: Choice values that are not players, spots or balls. The colon keeps them
#: apart from any player's name a case may use.
LOT = ":lot"
FRAME_OVER = ":over"
NOT_RESPOTTED = ":none"
NO_BALL_ON = ":none"
NOBODY = ":nobody"
ANY_COLOUR = "colour"


class Ask(models.TextChoices):
    LEGAL = "legal", _("Foul or fair")
    PENALTY = "penalty", _("The penalty")
    POINTS = "points", _("The points and who gets them")
    CALLS = "calls", _("The referee's calls")
    NEXT = "next", _("Who plays next and the options")
    BALL_ON = "ball_on", _("The next ball on")
    RESPOT = "respot", _("Where a colour is re-spotted")
    DECISION = "decision", _("The full decision")


#: The answer's fields for each kind of question, in the order of the form.
FIELDS_BY_ASK: Mapping[str, tuple[str, ...]] = {
    Ask.LEGAL: ("legal",),
    Ask.PENALTY: ("penalty",),
    Ask.POINTS: ("points",),
    Ask.CALLS: ("calls",),
    Ask.NEXT: ("next_striker", "next_options"),
    Ask.BALL_ON: ("ball_on",),
    Ask.RESPOT: ("respot",),
    Ask.DECISION: (
        "legal",
        "penalty",
        "points",
        "calls",
        "next_striker",
        "next_options",
        "ball_on",
        "respot",
    ),
}

FIELD_LABELS: Mapping[str, Any] = {
    "legal": _("Foul or fair"),
    "penalty": _("Penalty"),
    "points": _("Points"),
    "calls": _("Calls"),
    "next_striker": _("Next player"),
    "next_options": _("Options of the next player"),
    "ball_on": _("Next ball on"),
    "respot": _("Re-spotted on"),
}


def field_names(*, ask: str, ask_ball: str) -> tuple[str, ...]:
    """The answer's fields for a scenario; a re-spot field only when a ball is named.

    >>> field_names(ask="next", ask_ball="")
    ('next_striker', 'next_options')
    >>> field_names(ask="decision", ask_ball="")[-1]
    'ball_on'
    """
    names = FIELDS_BY_ASK[ask]
    if not ask_ball:
        names = tuple(name for name in names if name != "respot")
    return names


def is_complete(answer: Mapping[str, Any], *, ask: str, ask_ball: str) -> bool:
    """Whether an answer (``AnswerForm.answer`` or ``.partial_answer``) gives every field.

    >>> is_complete({"next_striker": "A"}, ask="next", ask_ball="")
    False
    >>> is_complete({"points": {"A": None}}, ask="points", ask_ball="")
    False
    >>> is_complete({"points": {}}, ask="points", ask_ball="")
    True
    """
    if any(amount is None for amount in (answer.get("points") or {}).values()):
        return False
    return all(name in answer for name in field_names(ask=ask, ask_ball=ask_ball))


def points_answerable(points: Mapping[str, int]) -> bool:
    """Whether the answer's points field (one side and the points it gains, or nobody) can
    give ``points``, the sides whose score a decision changes (``expected_answer``'s).

    It cannot when points are taken off a side (2014 3.3(g)(iv)): the opponent gains the
    penalty too, so two sides' scores change.

    >>> points_answerable({"B": 5}), points_answerable({}), points_answerable({"A": -5, "B": 5})
    (True, True, False)
    """
    return len(points) <= 1 and all(amount > 0 for amount in points.values())


def penalties() -> tuple[int, ...]:
    """Every penalty the rules know: none, or at least four up to the highest value.

    >>> penalties()
    (0, 4, 5, 6, 7)
    """
    return (0, *sorted({max(4, value) for value in rules_engine.VALUES.values()}))


def players(case: Mapping[str, Any]) -> tuple[str, ...]:
    """The players of a case, in order of play (spec §3: default A and B)."""
    return tuple(case.get("state", {}).get("players") or ("A", "B"))


def sides(case: Mapping[str, Any]) -> tuple[str, ...]:
    """The sides that keep a score: the named sides, else each player."""
    named = case.get("state", {}).get("sides")
    return tuple(named) if named else players(case)


def legal_choices() -> list[tuple[str, str]]:
    return [("foul", _("Foul")), ("fair", _("Fair stroke"))]


def penalty_choices() -> list[tuple[str, str]]:
    return [(str(value), penalty_text(value)) for value in penalties()]


def penalty_text(value: int) -> str:
    return str(_("No penalty")) if value == 0 else points_phrase(value)


def call_choices() -> list[tuple[str, str]]:
    return [(call, call_label(call)) for call in rules_engine.CALLS]


def option_choices() -> list[tuple[str, str]]:
    return [(option, option_label(option)) for option in rules_engine.NEXT_OPTIONS]


def striker_choices(case: Mapping[str, Any]) -> list[tuple[str, str]]:
    return [
        *((player, player) for player in players(case)),
        (LOT, str(_("Decided by lot"))),
        (FRAME_OVER, str(_("Nobody: the frame is over"))),
    ]


def side_choices(case: Mapping[str, Any]) -> list[tuple[str, str]]:
    return [*((side, side) for side in sides(case)), (NOBODY, str(_("Nobody scores")))]


def ball_on_choices() -> list[tuple[str, str]]:
    return [
        *((ball, ball_on_label(ball)) for ball in ("red", ANY_COLOUR, *rules_engine.COLOURS)),
        (NO_BALL_ON, ball_on_label(None)),
    ]


def respot_choices() -> list[tuple[str, str]]:
    return [
        *((target, respot_label(target)) for target in rules_engine.RESPOT_TARGETS),
        (NOT_RESPOTTED, str(_("Not re-spotted"))),
    ]


def sentence_list(labels: list[str]) -> str:
    """Labels (each capitalised, as a choice is) joined into one phrase: capital first only.

    >>> from django.utils import translation
    >>> with translation.override("en"):
    ...     sentence_list(["Ask the offender to play again", "Play from where the balls lie"])
    'Ask the offender to play again and play from where the balls lie'
    """
    return format_list([label if n == 0 else label[:1].lower() + label[1:]
                        for n, label in enumerate(labels)])


def side_points(side: str, amount: int | None) -> str:
    """One side's change of score: points it gains, or points taken off it (2014 3.3(g)(iv):
    a colour played before it was spotted is not scored, so ``decision.points`` is negative).

    >>> from django.utils import translation
    >>> with translation.override("en"):
    ...     side_points("B", 5), side_points("A", -1), side_points("A", None)
    ('B: 5 points', 'A: minus 1 point', 'A: —')
    """
    if amount is None:
        return _("%(side)s: %(points)s") % {"side": side, "points": "—"}
    if amount < 0:
        return _("%(side)s: minus %(points)s") % {"side": side, "points": points_phrase(-amount)}
    return _("%(side)s: %(points)s") % {"side": side, "points": points_phrase(amount)}


def describe(name: str, value: Any) -> str:
    """A value of an answer or of the decision, as the reader reads it.

    >>> from django.utils import translation
    >>> with translation.override("en"):
    ...     describe("points", {"B": 5}), describe("next_striker", LOT), describe("legal", True)
    ('B: 5 points', 'Decided by lot', 'Fair stroke')
    """
    if value is None:
        return "—"
    if name == "legal":
        return str(_("Fair stroke")) if value else str(_("Foul"))
    if name == "penalty":
        return penalty_text(int(value))
    if name == "points":
        if not value:
            return str(_("Nobody scores"))
        return format_list([side_points(side, amount) for side, amount in value.items()])
    if name == "calls":
        return sentence_list([call_label(call) for call in value]) if value else str(_("No call"))
    if name == "next_options":
        return sentence_list([option_label(option) for option in value]) if value else "—"
    if name == "next_striker":
        return {LOT: str(_("Decided by lot")), FRAME_OVER: str(_("Nobody: the frame is over"))}.get(
            value, str(value)
        )
    if name == "ball_on":
        return dict(ball_on_choices()).get(value, str(value))
    if name == "respot":
        return dict(respot_choices()).get(value, str(value))
    return str(value)
