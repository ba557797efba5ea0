"""Grading: run the engine on a scenario's case and compare the answer field by field.

The right answer is always the engine's decision; nothing else is consulted.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from quiz import asks
from rules_engine.editions import DEFAULT_RULESET

if TYPE_CHECKING:
    from quiz.models import Scenario


@dataclass(frozen=True)
class FieldGrade:
    """One field of an answer: what was given, what the engine decided, and whether they agree."""

    name: str
    given: Any
    expected: Any
    correct: bool

    @property
    def label(self) -> str:
        return str(asks.FIELD_LABELS[self.name])

    @property
    def given_text(self) -> str:
        return asks.describe(self.name, self.given)

    @property
    def expected_text(self) -> str:
        return asks.describe(self.name, self.expected)


@dataclass(frozen=True)
class Grade:
    """The grade of one answer: ``score`` 0..1, each field, and the engine's decision.

    ``ruleset`` and ``engine_version`` say which engine graded it (stored with the grade, so
    that answers graded by an earlier version can be found and regraded); ``variants`` are the
    local variants applied on top of ``ruleset``.
    """

    score: float
    fields: tuple[FieldGrade, ...]
    decision: dict[str, Any]
    ruleset: str = ""
    engine_version: str = ""
    variants: tuple[str, ...] = ()

    @property
    def correct(self) -> bool:
        return self.score >= 1.0


def decide(case: Mapping[str, Any]) -> dict[str, Any]:
    """The engine's decision on a case, as the JSON of the spec (section 5)."""
    from rules_engine import judge, load_case

    return judge(load_case(case)).to_dict()


def expected_answer(
    *, decision: Mapping[str, Any], ask: str, ask_ball: str
) -> dict[str, Any]:
    """The decision's fields that a question asks about, in the answer's own terms.

    >>> decision = {"legal": False, "penalty": 5, "points": {"A": 0, "B": 5},
    ...     "calls": ["miss", "foul"], "respots": [{"ball": "blue", "to": "blue_spot"}],
    ...     "next": {"striker": "B", "ball_on": "red", "options": ["play", "offender_again"]},
    ...     "frame": {"over": False}}
    >>> expected_answer(decision=decision, ask="decision", ask_ball="blue")["points"]
    {'B': 5}
    >>> expected_answer(decision=decision, ask="respot", ask_ball="pink")
    {'respot': ':none'}
    """
    next_ = decision.get("next") or {}
    frame_over = bool((decision.get("frame") or {}).get("over"))
    values: dict[str, Any] = {
        "legal": bool(decision.get("legal")),
        "penalty": int(decision.get("penalty") or 0),
        "points": {side: n for side, n in (decision.get("points") or {}).items() if n},
        "calls": sorted(decision.get("calls") or ()),
        "next_striker": next_.get("striker")
        or (asks.FRAME_OVER if frame_over else asks.LOT),
        "next_options": sorted(next_.get("options") or ()),
        "ball_on": next_.get("ball_on") or asks.NO_BALL_ON,
        "respot": next(
            (r["to"] for r in decision.get("respots") or () if r.get("ball") == ask_ball),
            asks.NOT_RESPOTTED,
        ),
    }
    names = asks.field_names(ask=ask, ask_ball=ask_ball)
    if frame_over:
        # With the frame over nobody plays on, so there are no options to weigh.
        names = tuple(name for name in names if name != "next_options")
    return {name: values[name] for name in names}


def _agrees(name: str, given: Any, expected: Any) -> bool:
    if name in {"calls", "next_options"}:
        return set(given or ()) == set(expected)
    return given == expected


def grade(
    *,
    scenario: Scenario,
    answer: Mapping[str, Any],
    ruleset: str | None = None,
    variants: Sequence[str] = (),
) -> Grade:
    """Grade an answer (``AnswerForm.answer``) to a scenario against the engine's decision.

    A question about one thing scores 1 or 0; the full decision earns a share of
    a point for every field that agrees (partial credit). ``ruleset`` (an edition the trainee
    chose) and ``variants`` replace the case's own (``quiz.editions``).
    """
    case = with_edition(scenario.case, ruleset=ruleset, variants=variants)
    decision = decide(case)
    expected = expected_answer(decision=decision, ask=scenario.ask, ask_ball=scenario.ask_ball)
    fields = tuple(
        FieldGrade(
            name=name,
            given=answer.get(name),
            expected=value,
            correct=_agrees(name, answer.get(name), value),
        )
        for name, value in expected.items()
    )
    right = sum(field.correct for field in fields)
    if scenario.ask == asks.Ask.DECISION:
        score = right / len(fields) if fields else 0.0
    else:
        score = 1.0 if fields and right == len(fields) else 0.0
    return Grade(
        score=score,
        fields=fields,
        decision=decision,
        variants=tuple(case.get("variants") or ()),
        **graded_by(case=case),
    )


def graded_by(*, case: Mapping[str, Any]) -> dict[str, str]:
    """The ruleset and engine version that grade ``case`` now.

    >>> from rules_engine import __version__
    >>> graded_by(case={"id": "x"}) == {"ruleset": "wpbsa-2007", "engine_version": __version__}
    True
    """
    from rules_engine import __version__

    ruleset = case_ruleset(case) if isinstance(case, Mapping) else ""
    return {"ruleset": str(ruleset), "engine_version": __version__}


def with_edition(
    case: Mapping[str, Any], *, ruleset: str | None, variants: Sequence[str] = ()
) -> dict[str, Any]:
    """``case`` judged by ``ruleset`` (its own when None) with ``variants`` on top; the case
    is returned unchanged when both are its own already."""
    judged = dict(case)
    if ruleset and ruleset != case_ruleset(case):
        judged["ruleset"] = ruleset
    if variants:
        judged["variants"] = list(variants)
    return judged


def case_ruleset(case: Mapping[str, Any]) -> str:
    return str(case.get("ruleset") or DEFAULT_RULESET)
