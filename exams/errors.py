"""Refusals: each carries a message the candidate or examiner reads in his language.

A refusal's kind (:class:`Forbidden`, :class:`NotFound`, :class:`Conflict`) gives the
HTTP status a view answers with; each refusal below only says why.
"""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _


class ExamError(ValueError):
    """A request the exam rules refuse; nothing was changed.

    ``status`` is the HTTP status a view answers with.

    >>> error = ExamError("Not today.")
    >>> error.message, error.status, isinstance(error, ValueError)
    ('Not today.', 400, True)
    >>> AttemptFinished().status, NotYours().status, QuestionNotDrawn().status
    (409, 403, 404)
    """

    message = _("This request was refused.")
    status = 400

    def __init__(self, message: str | None = None) -> None:
        if message is not None:
            self.message = message
        super().__init__(str(self.message))


class Forbidden(ExamError):
    """The request is not this user's to make."""

    status = 403


class NotFound(ExamError):
    """What the request names does not exist for this user."""

    status = 404


class Conflict(ExamError):
    """The exam's rules or the attempt's state forbid it now."""

    status = 409


class NotYours(Forbidden):
    message = _("This page belongs to another candidate or federation.")


class QuestionNotDrawn(NotFound):
    message = _("This question is not part of your attempt.")


class InvalidInvitation(NotFound):
    message = _("This invitation link is not valid. Ask your examiner for a new one.")


class InvitationExpired(ExamError):
    message = _("This invitation link has expired. Ask your examiner for a new one.")
    status = 410


class AttemptFinished(Conflict):
    message = _("This attempt is already finished; your saved answers have been graded.")


class DeadlinePassed(Conflict):
    message = _(
        "The time for this attempt is over: the answer was not saved. "
        "The answers saved before the deadline have been graded."
    )


class CallsFinal(Conflict):
    """A frame stroke's calls are final (issue 22): the frame went on from them."""

    message = _(
        "Your calls for this stroke are final: the frame has gone on from them, so they "
        "cannot be changed."
    )


class StrokeNotYet(Conflict):
    """A frame stroke asked for before the calls of the stroke before it are final; the
    candidate is led to ``position``, the first stroke of that frame still to make final."""

    message = _(
        "The frame goes on stroke by stroke: make your calls for this stroke final before "
        "you go on to the next one."
    )

    def __init__(self, *, position: int) -> None:
        super().__init__()
        self.position = position


class ExamNotOpen(Conflict):
    message = _("This exam is not open now.")


class NoAttemptsLeft(Conflict):
    message = _("You have used every attempt this exam allows.")


class WaitingPeriod(Conflict):
    """Raised with the moment the next attempt may start."""


class AttemptInProgress(Conflict):
    message = _("You already have an attempt in progress; continue it instead.")


class NotEnoughQuestions(Conflict):
    """Raised with what the sections ask and what the bank has."""


class CertificateRevoked(Conflict):
    message = _("This certificate is already revoked.")


class LanguageNotAllowed(ExamError):
    message = _("This exam cannot be taken in that language.")
