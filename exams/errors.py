"""Refusals: each carries a message the candidate or examiner reads in his language."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _


class ExamError(ValueError):
    """A request the exam rules refuse; nothing was changed.

    ``status`` is the HTTP status a view answers with.
    """

    message = _("This request was refused.")
    status = 400

    def __init__(self, message: str | None = None) -> None:
        if message is not None:
            self.message = message
        super().__init__(str(self.message))


class NotYours(ExamError):
    message = _("This page belongs to another candidate or federation.")
    status = 403


class QuestionNotDrawn(ExamError):
    message = _("This question is not part of your attempt.")
    status = 404


class AttemptFinished(ExamError):
    message = _("This attempt is already finished; your saved answers have been graded.")
    status = 409


class DeadlinePassed(ExamError):
    message = _(
        "The time for this attempt is over: the answer was not saved. "
        "The answers saved before the deadline have been graded."
    )
    status = 409


class ExamNotOpen(ExamError):
    message = _("This exam is not open now.")
    status = 409


class NoAttemptsLeft(ExamError):
    message = _("You have used every attempt this exam allows.")
    status = 409


class WaitingPeriod(ExamError):
    status = 409


class AttemptInProgress(ExamError):
    message = _("You already have an attempt in progress; continue it instead.")
    status = 409


class LanguageNotAllowed(ExamError):
    message = _("This exam cannot be taken in that language.")
    status = 400


class NotEnoughQuestions(ExamError):
    status = 409


class InvalidInvitation(ExamError):
    message = _("This invitation link is not valid. Ask your examiner for a new one.")
    status = 404


class CertificateRevoked(ExamError):
    message = _("This certificate is already revoked.")
    status = 409
