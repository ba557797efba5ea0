"""One stroke's calls graded part by part against the engine's decision for that stroke.

The parts are what a referee says aloud after a stroke: foul or fair, the penalty, the
calls (foul, foul and a miss, free ball, touching ball, re-spotted black, frame over …),
who plays next and, after a foul, what the next player may choose; and the score he
announces. The right answer is always the decision (``frames.judging``).

>>> decision = {"legal": False, "penalty": 4, "points": {"A": 0, "B": 4},
...     "scores": {"A": 10, "B": 4}, "calls": ["foul"],
...     "next": {"striker": "B", "options": ["play", "offender_again"]},
...     "frame": {"over": False}}
>>> answer = {"legal": "foul", "penalty": 4, "calls": ["foul"], "next_striker": "B",
...     "next_options": ["play", "offender_again"], "scores": {"A": 10, "B": 8}}
>>> graded = grade_stroke(decision=decision, answer=answer)
>>> [(part.name, part.correct) for part in graded.parts][-2:], round(graded.score, 2)
([('next_options', True), ('scores', False)], 0.83)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from django.utils.translation import gettext_lazy as _

from quiz import asks
from quiz.numbers import format_number

#: The pseudo-call "frame over" (not one of the engine's calls: its ``frame.over``).
FRAME_OVER = asks.FRAME_OVER
#: Every part of a call, in the form's order.
PARTS = ("legal", "penalty", "calls", "next_striker", "next_options", "scores")
PART_LABELS: Mapping[str, Any] = {
    **{name: asks.FIELD_LABELS[name] for name in PARTS if name != "scores"},
    "scores": _("Score after the stroke"),
}


def expected_calls(decision: Mapping[str, Any]) -> dict[str, Any]:
    """The decision in the call form's terms (``frames.forms.CallForm.answer``); the options
    are left out when the frame is over (nobody plays on)."""
    next_ = decision.get("next") or {}
    over = bool((decision.get("frame") or {}).get("over"))
    calls = sorted(decision.get("calls") or ())
    values: dict[str, Any] = {
        "legal": "fair" if decision.get("legal") else "foul",
        "penalty": int(decision.get("penalty") or 0),
        "calls": [*calls, FRAME_OVER] if over else calls,
        "next_striker": next_.get("striker") or (FRAME_OVER if over else asks.LOT),
        "next_options": sorted(next_.get("options") or ("play",)),
        "scores": dict(decision.get("scores") or {}),
    }
    if over:
        del values["next_options"]
    return values


def _agrees(name: str, given: Any, expected: Any) -> bool:
    if name == "calls":
        return set(given or ()) == set(expected)
    if name == "next_options":  # nothing ticked: play on from where the balls lie
        return set(given or ("play",)) == set(expected)
    if name == "scores":
        return {side: given.get(side) for side in expected} == expected if given else False
    return given == expected


def scores_text(scores: Mapping[str, Any] | None) -> str:
    """A score as the referee announces it: ``A 12 – B 30``, in the reader's digits.

    >>> scores_text({"A": 12, "B": 30}).strip("\u2066\u2069")
    'A 12 – B 30'
    """
    if not scores:
        return "—"
    said = " – ".join(
        f"{side} {format_number(value) if value is not None else '—'}"
        for side, value in scores.items()
    )
    # Isolated left to right (U+2066 … U+2069): in a right-to-left sentence the sides keep
    # their order, "A 41 – B 38", instead of being reordered around the numbers.
    return f"\u2066{said}\u2069"


def describe(name: str, value: Any) -> str:
    """A part's value, as the reader reads it."""
    if name == "legal":
        return asks.describe("legal", value == "fair") if value in ("fair", "foul") else "—"
    if name == "calls":
        labels = dict(call_choices())
        named = [labels.get(call, call) for call in value or ()]
        return asks.sentence_list(named) if named else str(_("No call"))
    if name == "next_options":
        return asks.describe(name, list(value or ("play",)))
    if name == "scores":
        return scores_text(value)
    return asks.describe(name, value)


def call_choices() -> list[tuple[str, str]]:
    """The calls to tick: the engine's (``rules_engine.CALLS``) and "frame over"."""
    return [*asks.call_choices(), (FRAME_OVER, str(_("Frame over")))]


@dataclass(frozen=True)
class PartGrade:
    """One part of a call: what was said, what the engine decided, whether they agree."""

    name: str
    given: Any
    expected: Any
    correct: bool

    @property
    def label(self) -> str:
        return str(PART_LABELS[self.name])

    @property
    def given_text(self) -> str:
        return describe(self.name, self.given)

    @property
    def expected_text(self) -> str:
        return describe(self.name, self.expected)


@dataclass(frozen=True)
class StrokeGrade:
    """A stroke's call graded: each part, and the share right (0..1); with the decision and
    the edition that graded it, it is what ``quiz/_feedback.html`` shows (``fields``)."""

    parts: tuple[PartGrade, ...]
    decision: Mapping[str, Any] = field(default_factory=dict)
    ruleset: str = ""
    variants: tuple[str, ...] = ()

    @property
    def fields(self) -> tuple[PartGrade, ...]:
        return self.parts

    @property
    def score(self) -> float:
        return sum(part.correct for part in self.parts) / len(self.parts) if self.parts else 0.0

    @property
    def correct(self) -> bool:
        return all(part.correct for part in self.parts)

    @property
    def scores_wrong(self) -> bool:
        return any(part.name == "scores" and not part.correct for part in self.parts)

    def as_flags(self) -> dict[str, bool]:
        return {part.name: part.correct for part in self.parts}


def grade_stroke(
    *,
    decision: Mapping[str, Any],
    answer: Mapping[str, Any],
    ruleset: str = "",
    variants: Sequence[str] = (),
) -> StrokeGrade:
    """Grade a call (``CallForm.answer``) against the stroke's decision, part by part."""
    expected = expected_calls(decision)
    return StrokeGrade(
        decision=decision,
        ruleset=ruleset,
        variants=tuple(variants),
        parts=tuple(
            PartGrade(
                name=name,
                given=answer.get(name),
                expected=value,
                correct=_agrees(name, answer.get(name), value),
            )
            for name, value in expected.items()
        ),
    )


@dataclass(frozen=True)
class ScoreLine:
    """How one side's score ran in a stroke: before, the points, after; and what was said."""

    side: str
    before: int
    points: int
    after: int
    announced: int | None

    @property
    def right(self) -> bool:
        return self.announced == self.after


def score_lines(
    *,
    before: Mapping[str, Any],
    decision: Mapping[str, Any],
    announced: Mapping[str, Any],
    sides: Sequence[str],
) -> list[ScoreLine]:
    """Each side's score through the stroke: ``before`` plus the decision's points."""
    points = decision.get("points") or {}
    after = decision.get("scores") or {}
    return [
        ScoreLine(
            side=side,
            before=int(before.get(side, 0)),
            points=int(points.get(side, 0)),
            after=int(after.get(side, 0)),
            announced=(announced or {}).get(side),
        )
        for side in sides
    ]
