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

A frame section's strokes (issue 22) are played in order, as a referee meets a frame: a
stroke's situation is the answer to the stroke before it, so a stroke opens only once the
calls of the stroke before it are final (``exams.selectors.stroke_refusal``, checked by the
view before anything else), and final calls never change:

- ``final`` (a stroke's main button) keeps a complete answer, makes its calls final
  (:func:`exams.services.make_calls_final`) and leads on, as ``save`` leads; an incomplete
  answer is kept as ``save`` keeps it, with the form's errors. ``save`` (the autosave) on a
  stroke keeps the answer, never final, and stays on the stroke.
- On a stroke whose calls are final, any button that would change the answer is refused
  (:class:`exams.errors.CallsFinal`, nothing written); the others write no answer, only the
  flag, and lead where they say (``save`` and ``final`` lead on).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Literal

from . import services
from .errors import AttemptFinished, CallsFinal, DeadlinePassed, ExamError
from .models import Attempt, AttemptQuestion

#: Where the candidate goes: a question's position, the review page, or (``None``) this page
#: again with the form's errors.
Destination = int | Literal["review"] | None


@dataclass(frozen=True)
class Step:
    """What one button (``go``) did: ``kept`` is ``"complete"``, ``"partial"`` or
    ``"nothing"``; ``"final"`` when a stroke's complete answer was kept and made final."""

    go: str | int
    kept: Literal["complete", "partial", "nothing", "final"]
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
    written) once the attempt is finished, or when it would change final calls.
    """
    if attempt.is_finished:
        raise refusal(attempt=attempt)
    if question.calls_final:
        return _press_final(attempt=attempt, question=question, go=go, changed=changed, now=now)
    kept: Literal["complete", "partial", "nothing"] = (
        ("complete" if complete else "partial") if changed and answer else "nothing"
    )
    stroke = question.is_frame_stroke
    if go in ("save", "final"):
        if complete and go == "final" and stroke:
            services.make_calls_final(attempt=attempt, question=question, answer=answer, now=now)
            following = after(attempt=attempt, position=question.position)
            return Step(go=go, kept="final", destination=following)
        if complete:
            services.save_answer(attempt=attempt, question=question, answer=answer, now=now)
            # A stroke's keep is not final: the frame does not go on from it.
            following = question.position if stroke else after(
                attempt=attempt, position=question.position
            )
            return Step(go="save", kept="complete", destination=following)
        if kept == "partial":
            services.save_answer(attempt=attempt, question=question, answer=answer, now=now)
        return Step(go=go, kept=kept, destination=None)
    services.keep_question_page(
        attempt=attempt,
        question=question,
        answer=dict(answer) if kept != "nothing" else None,
        flagged=_flag(go),
        now=now,
    )
    return Step(go=go, kept=kept, destination=_leads_to(go=go, question=question))


def _flag(go: str | int) -> bool | None:
    """What ``flag``/``unflag`` set the flag to; ``None``: any other button leaves it."""
    return {"flag": True, "unflag": False}.get(go) if isinstance(go, str) else None


def _leads_to(*, go: str | int, question: AttemptQuestion) -> Destination:
    """Where a button other than ``save``/``final`` leads: the review page, a question, or
    this one again (``flag``, ``unflag``)."""
    if go == "review":
        return "review"
    return go if isinstance(go, int) else question.position


def _press_final(
    *,
    attempt: Attempt,
    question: AttemptQuestion,
    go: str | int,
    changed: bool,
    now: datetime | None,
) -> Step:
    """A button of a stroke whose calls are final: a changed answer is refused, nothing
    written; otherwise only the flag is written, and ``save``/``final`` lead on."""
    if changed:
        raise CallsFinal()
    if (flagged := _flag(go)) is not None:
        services.set_flag(attempt=attempt, question=question, flagged=flagged, now=now)
    if go in ("save", "final"):
        destination = after(attempt=attempt, position=question.position)
    else:
        destination = _leads_to(go=go, question=question)
    return Step(go=go, kept="nothing", destination=destination)
