"""The exam question page's policy: what each of its buttons keeps, and where it leads.

The page sends the whole answer form with every button (``go``, see
:class:`exams.forms.QuestionPageForm`): ``save`` (the main button, and the autosave),
``flag``, ``unflag``, ``review`` or a question's position. The view reads the forms and
gives this module plain data; this module decides and writes through
:mod:`exams.services` (no query of its own, so exam day's counts stay as they are).

- ``save`` keeps a complete answer (even unchanged) and leads to the next question, after
  the last to the review page; an incomplete one is kept as far as it goes if the
  candidate changed it, and the page comes back with the form's errors.
- Any other button keeps a changed answer, complete or not (an unchanged one writes
  nothing), sets the flag if it is ``flag``/``unflag``, and leads where it says (the
  review page, another question, or this one again).
- A finished attempt (handed in, or past its deadline) takes no write: the refusal says
  which (:func:`refusal`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Literal

from . import services
from .errors import AttemptFinished, DeadlinePassed, ExamError
from .models import Attempt, AttemptQuestion

#: Where the candidate goes: a question's position, the review page, or (``None``) this page
#: again with the form's errors.
Destination = int | Literal["review"] | None


@dataclass(frozen=True)
class Step:
    """What one button (``go``) did: ``kept`` is ``"complete"``, ``"partial"`` or ``"nothing"``."""

    go: str | int
    kept: Literal["complete", "partial", "nothing"]
    destination: Destination

    @property
    def saved(self) -> bool:
        return self.kept != "nothing"


def refusal(*, attempt: Attempt) -> ExamError:
    """Why a finished attempt takes no more answers: its deadline passed, or it was handed in."""
    if attempt.finished_by == Attempt.FinishedBy.DEADLINE:
        return DeadlinePassed()
    return AttemptFinished()


def after(*, attempt: Attempt, position: int) -> int | Literal["review"]:
    """Where a saved answer leads: the next question; after the last, the review page."""
    return position + 1 if position < attempt.question_count else "review"


def press(
    *,
    attempt: Attempt,
    question: AttemptQuestion,
    go: str | int,
    answer: Mapping[str, Any],
    complete: bool,
    changed: bool,
    now: datetime | None = None,
) -> Step:
    """Carry out one button of the question page.

    ``answer`` is what the page holds in :class:`quiz.forms.AnswerForm`'s terms (the whole
    answer when ``complete``, else the fields filled in validly, maybe none); ``changed``
    whether the candidate changed anything on the page. Raises :class:`ExamError` (nothing
    written) once the attempt is finished.
    """
    if attempt.is_finished:
        raise refusal(attempt=attempt)
    kept: Literal["complete", "partial", "nothing"] = (
        ("complete" if complete else "partial") if changed and answer else "nothing"
    )
    if go == "save":
        if complete:
            services.save_answer(attempt=attempt, question=question, answer=answer, now=now)
            following = after(attempt=attempt, position=question.position)
            return Step(go=go, kept="complete", destination=following)
        if kept == "partial":
            services.save_answer(attempt=attempt, question=question, answer=answer, now=now)
        return Step(go=go, kept=kept, destination=None)
    flagged = {"flag": True, "unflag": False}.get(go) if isinstance(go, str) else None
    services.keep_question_page(
        attempt=attempt,
        question=question,
        answer=dict(answer) if kept != "nothing" else None,
        flagged=flagged,
        now=now,
    )
    if go == "review":
        return Step(go=go, kept=kept, destination="review")
    return Step(go=go, kept=kept, destination=go if isinstance(go, int) else question.position)
