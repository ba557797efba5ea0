"""Exams, enrolment, attempts, answers, certificates and their audit trail.

An attempt freezes what it asks at its start (``AttemptQuestion`` holds a copy of
the case and of the texts in the attempt's language), so later edits of the bank
never change a running attempt. No row stores a correct answer: grades are the
engine's, computed when the attempt finishes.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from config.natural_keys import NaturalKeyManager
from federations.models import Federation
from rules_engine.editions import DEFAULT_RULESET, EDITIONS


def validate_edition(value: str) -> None:
    """A rule-book edition the engine knows."""
    if value not in EDITIONS:
        raise ValidationError(_("Unknown rule-book edition."), code="edition")


class Exam(models.Model):
    """A timed, closed-book certification exam drawn from its federation's exam pool."""

    class Review(models.TextChoices):
        SCORE = "score", _("Score and pass or fail only")
        TOPICS = "topics", _("Score and result per topic")
        ANSWERS = "answers", _("Each answer with its explanation")

    class ReviewFrom(models.TextChoices):
        SUBMISSION = "submission", _("As soon as the attempt is finished")
        CLOSING = "closing", _("After the exam closes")

    federation = models.ForeignKey(
        Federation, on_delete=models.CASCADE, related_name="exams", verbose_name=_("federation"),
    )
    slug = models.SlugField(_("short name"))
    # name and instructions are translated (exams/translation.py)
    name = models.CharField(_("name"), max_length=200)
    instructions = models.TextField(_("instructions"), blank=True)
    time_limit = models.PositiveIntegerField(
        _("time limit (minutes)"), validators=[MinValueValidator(1), MaxValueValidator(24 * 60)],
    )
    opens_at = models.DateTimeField(_("opens at"))
    closes_at = models.DateTimeField(_("closes at"))
    pass_mark = models.PositiveSmallIntegerField(
        _("pass mark (%)"), validators=[MinValueValidator(1), MaxValueValidator(100)],
    )
    attempts_allowed = models.PositiveSmallIntegerField(
        _("attempts allowed"), default=1, validators=[MinValueValidator(1)],
    )
    waiting_hours = models.PositiveIntegerField(
        _("waiting period between attempts (hours)"), default=0,
    )
    languages = models.JSONField(_("languages a candidate may choose"), default=list)
    # The rule-book edition every attempt is graded by (rules_engine.editions.EDITIONS).
    edition = models.CharField(
        _("rule-book edition"), max_length=32, default=DEFAULT_RULESET,
        validators=[validate_edition],
    )
    review = models.CharField(
        _("what the candidate may review"), max_length=16, choices=Review.choices,
        default=Review.TOPICS,
    )
    review_from = models.CharField(
        _("when the candidate may review it"), max_length=16, choices=ReviewFrom.choices,
        default=ReviewFrom.SUBMISSION,
    )
    certificate_months = models.PositiveSmallIntegerField(
        _("certificate valid for (months)"), null=True, blank=True,
        help_text=_("Leave empty for a certificate that does not expire."),
    )
    invitation_days = models.PositiveSmallIntegerField(
        _("invitation links valid for (days after the exam closes)"), default=14,
        validators=[MaxValueValidator(366)],
    )
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)

    objects = NaturalKeyManager("federation__slug", "slug")

    class Meta:
        verbose_name = _("exam")
        verbose_name_plural = _("exams")
        ordering = ["-opens_at", "pk"]
        constraints = [
            models.UniqueConstraint(fields=["federation", "slug"], name="exam_slug_per_federation"),
        ]

    def __str__(self) -> str:
        return self.name

    def natural_key(self) -> tuple[str, str]:
        return (self.federation.slug, self.slug)

    natural_key.dependencies = ["federations.federation"]

    @property
    def question_count(self) -> int:
        return sum(section.question_count for section in self.sections.all())

    def is_open(self, now: datetime) -> bool:
        return self.opens_at <= now < self.closes_at

    @property
    def invitations_expire_at(self) -> datetime:
        """When every invitation link of this exam stops working."""
        return self.closes_at + timedelta(days=self.invitation_days)


class ExamSection(models.Model):
    """So many questions drawn at random from the exam pool: one topic's, or every topic's.

    ``source`` says what the questions are drawn from: the hand-written exam-only scenarios,
    scenario families (each candidate gets instances of his own, ``exams/families.py``), or
    both together.
    """

    class Source(models.TextChoices):
        SCENARIOS = "scenarios", _("Scenarios")
        FAMILIES = "families", _("Scenario families")
        BOTH = "both", _("Both")
        #: N consecutive strokes of a frame, one question each (``exams/frames.py``).
        FRAME = "frame", _("Referee a frame")

    exam = models.ForeignKey(
        Exam, on_delete=models.CASCADE, related_name="sections", verbose_name=_("exam"),
    )
    order = models.PositiveSmallIntegerField(_("order"), default=1)
    topic = models.ForeignKey(
        "quiz.Topic", on_delete=models.PROTECT, null=True, blank=True, related_name="+",
        verbose_name=_("topic"), help_text=_("Leave empty to draw from every topic."),
    )
    question_count = models.PositiveSmallIntegerField(
        _("number of questions"), validators=[MinValueValidator(1), MaxValueValidator(200)],
    )
    source = models.CharField(
        _("drawn from"), max_length=16, choices=Source.choices, default=Source.SCENARIOS,
    )

    objects = NaturalKeyManager("exam__federation__slug", "exam__slug", "order")

    class Meta:
        verbose_name = _("section")
        verbose_name_plural = _("sections")
        ordering = ["exam", "order", "pk"]

    def __str__(self) -> str:
        return f"{self.exam}: {self.topic or '*'} × {self.question_count}"

    def natural_key(self) -> tuple[str, str, int]:
        return (*self.exam.natural_key(), self.order)

    def clean(self) -> None:
        """A section that draws only from families needs a family marked for exams on its
        topic (the exam pool is closed: practice-only families are never drawn); a frame
        section, its strokes and a frame under the exam's edition (``exams/frames.py``)."""
        from .families import exam_families

        if self.source == self.Source.FRAME:
            from .frames import frame_section_errors

            errors = frame_section_errors(section=self)
            if errors:
                raise ValidationError(errors, code="frame_section")
            return
        if self.source != self.Source.FAMILIES:
            return
        topic = self.topic.slug if self.topic_id is not None else None
        federation_id = self.exam.federation_id if self.exam_id is not None else None
        if not exam_families(topic=topic, federation_id=federation_id):
            raise ValidationError(
                {"source": _("No scenario family on this topic is marked for exams yet.")},
                code="no_families",
            )

    natural_key.dependencies = ["exams.exam", "quiz.topic"]


class Enrolment(models.Model):
    """A candidate admitted to an exam.

    ``user`` is the enrolment's own account: a password-less account made for this one
    enrolment, which only its invitation link signs in to, or the candidate's own account
    when its address was verified before he was enrolled (he then signs in with his
    password). A link-only account never holds a second enrolment.
    """

    exam = models.ForeignKey(
        Exam, on_delete=models.CASCADE, related_name="enrolments", verbose_name=_("exam"),
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="exam_enrolments",
        verbose_name=_("candidate"),
    )
    full_name = models.CharField(_("full name"), max_length=200)
    email = models.EmailField(_("email"))
    language = models.CharField(
        _("language of the invitation"), max_length=8, blank=True,
        help_text=_("Leave empty for the exam's first language."),
    )
    enrolled_at = models.DateTimeField(_("enrolled at"), auto_now_add=True)
    #: An accommodation the examiner grants: added to every attempt's time limit.
    extra_minutes = models.PositiveSmallIntegerField(
        _("extra time (minutes)"),
        default=0,
        validators=[MaxValueValidator(24 * 60)],
        help_text=_("An accommodation: added to the time limit of every attempt, open ones too."),
    )

    objects = NaturalKeyManager("exam__federation__slug", "exam__slug", "email")

    class Meta:
        verbose_name = _("enrolment")
        verbose_name_plural = _("enrolments")
        ordering = ["full_name", "pk"]
        constraints = [
            models.UniqueConstraint(fields=["exam", "user"], name="one_enrolment_per_candidate"),
            models.UniqueConstraint(fields=["exam", "email"], name="one_enrolment_per_address"),
        ]

    def __str__(self) -> str:
        return f"{self.full_name} — {self.exam}"

    def natural_key(self) -> tuple[str, str, str]:
        return (*self.exam.natural_key(), self.email)

    natural_key.dependencies = ["exams.exam", "auth.user"]


class Invitation(models.Model):
    """The link that signs a candidate in to his enrolment, and to nothing else.

    The token is random and single-purpose; only its SHA-256 is kept, so the link is
    shown once, when it is issued (on the examiner's page, in the CSV or in the email).
    Issuing a new one replaces the hash: the old link dies at once. The link works,
    as often as needed, until the exam's ``invitations_expire_at``; it dies with its
    enrolment.
    """

    class Channel(models.TextChoices):
        EMAIL = "email", _("by email")
        CSV = "csv", _("in the CSV of links")

    enrolment = models.OneToOneField(
        Enrolment, on_delete=models.CASCADE, related_name="invitation",
        verbose_name=_("enrolment"),
    )
    token_hash = models.CharField(_("token (SHA-256)"), max_length=64, unique=True)
    issued_at = models.DateTimeField(_("issued at"))
    sent_at = models.DateTimeField(_("sent at"), null=True, blank=True)
    sent_by = models.CharField(
        _("sent"), max_length=8, choices=Channel.choices, blank=True,
    )
    last_used_at = models.DateTimeField(_("last used at"), null=True, blank=True)

    class Meta:
        verbose_name = _("invitation")
        verbose_name_plural = _("invitations")

    def __str__(self) -> str:
        return str(self.enrolment)


class Attempt(models.Model):
    """One sitting of an exam, timed by the server."""

    class FinishedBy(models.TextChoices):
        CANDIDATE = "candidate", _("submitted by the candidate")
        DEADLINE = "deadline", _("finished at the deadline")

    enrolment = models.ForeignKey(
        Enrolment, on_delete=models.CASCADE, related_name="attempts", verbose_name=_("enrolment"),
    )
    number = models.PositiveSmallIntegerField(_("attempt number"))
    language = models.CharField(_("language"), max_length=8)
    started_at = models.DateTimeField(_("started at"))
    deadline = models.DateTimeField(_("deadline"))
    finished_at = models.DateTimeField(_("finished at"), null=True, blank=True)
    finished_by = models.CharField(
        _("finished by"), max_length=16, choices=FinishedBy.choices, blank=True,
    )
    score = models.FloatField(_("score (%)"), null=True, blank=True)
    passed = models.BooleanField(_("passed"), null=True)
    #: How many questions were drawn, fixed at the start: every save needs it (is this the
    #: last question?) and counting the rows each time cost a query per request.
    question_count = models.PositiveSmallIntegerField(_("questions drawn"), default=0)
    #: When the attempt's grade last changed because a newer engine judged its questions
    #: differently (exams/regrading.py); None when it never did.
    regraded_at = models.DateTimeField(_("regraded at"), null=True, blank=True)

    class Meta:
        verbose_name = _("attempt")
        verbose_name_plural = _("attempts")
        ordering = ["enrolment", "number"]
        constraints = [
            models.UniqueConstraint(
                fields=["enrolment", "number"], name="attempt_number_per_enrolment"
            ),
        ]
        indexes = [
            # finish_expired_attempts looks up the open attempts past their deadline
            models.Index(fields=["deadline"], condition=Q(finished_at__isnull=True),
                         name="attempt_open_deadline"),
        ]

    def __str__(self) -> str:
        return f"{self.enrolment} #{self.number}"

    @property
    def edition(self) -> str:
        """The rule-book edition this attempt is graded by: the one its questions were frozen
        with (the exam's at the start of the attempt)."""
        first = self.questions.order_by("position").first()
        if first is not None and isinstance(first.case, dict) and first.case.get("ruleset"):
            return str(first.case["ruleset"])
        return self.enrolment.exam.edition

    @property
    def variants(self) -> list[str]:
        """The local rules this attempt is graded with."""
        first = self.questions.order_by("position").first()
        if first is not None and isinstance(first.case, dict):
            return list(first.case.get("variants") or ())
        return list(self.enrolment.exam.federation.variants or ())

    @property
    def is_finished(self) -> bool:
        return self.finished_at is not None


#: ``AttemptQuestion.answer_as_read`` of a question read without its answer.
_UNREAD = object()


class AttemptQuestion(models.Model):
    """A question drawn for an attempt, frozen at the attempt's start."""

    attempt = models.ForeignKey(
        Attempt, on_delete=models.CASCADE, related_name="questions", verbose_name=_("attempt"),
    )
    position = models.PositiveSmallIntegerField(_("position"))
    scenario = models.ForeignKey(
        "quiz.Scenario", on_delete=models.SET_NULL, null=True, related_name="+",
        verbose_name=_("scenario"),
    )
    topic = models.ForeignKey(
        "quiz.Topic", on_delete=models.SET_NULL, null=True, related_name="+",
        verbose_name=_("topic"),
    )
    # the frozen copy: the case (without expect), what is asked, and the texts in the
    # attempt's language
    case = models.JSONField(_("case"))
    ask = models.CharField(_("ask"), max_length=16)
    ask_ball = models.CharField(_("ball asked about"), max_length=16, blank=True)
    difficulty = models.PositiveSmallIntegerField(_("difficulty"), null=True)
    title = models.CharField(_("title"), max_length=300, blank=True)
    narrative = models.TextField(_("narrative"), blank=True)
    question = models.TextField(_("question"), blank=True)
    note = models.TextField(_("note"), blank=True)
    # A question drawn from a scenario family (``scenario`` is then empty): the family and the
    # seed its instance was built from, so that the examiner and regrading can rebuild it.
    family_slug = models.CharField(_("scenario family"), max_length=100, blank=True)
    seed = models.BigIntegerField(_("seed"), null=True, blank=True)
    # A stroke of a frame section (``exams/frames.py``): its number in the frame generated
    # from ``seed``, so that the examiner and regrading can rebuild it.
    frame_stroke = models.PositiveSmallIntegerField(
        _("stroke of the frame"), null=True, blank=True
    )
    flagged = models.BooleanField(_("flagged for review"), default=False)
    score = models.FloatField(_("score"), null=True, blank=True)
    # Which engine graded the answer (``score``): the case's ruleset and rules_engine.__version__.
    graded_ruleset = models.CharField(_("graded by ruleset"), max_length=32, blank=True)
    graded_engine_version = models.CharField(
        _("graded by engine version"), max_length=32, blank=True
    )

    class Meta:
        verbose_name = _("drawn question")
        verbose_name_plural = _("drawn questions")
        ordering = ["attempt", "position"]
        constraints = [
            models.UniqueConstraint(
                fields=["attempt", "position"], name="question_position_per_attempt"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.attempt} Q{self.position}"

    #: The answer read with the question in the same query (:meth:`read_with_answer`).
    answer_as_read: Answer | None | object = _UNREAD

    def saved_answer(self) -> Answer | None:
        """The candidate's answer, or ``None`` when he has not given one."""
        if self.answer_as_read is not _UNREAD:
            return self.answer_as_read  # type: ignore[return-value]
        try:
            return self.answer
        except Answer.DoesNotExist:
            return None

    def read_with_answer(self, answer: Answer | None) -> None:
        """Keep the answer a query read with this question (``None``: none was given), so
        that :meth:`saved_answer` asks the database nothing more."""
        self.answer_as_read = answer
        if answer is not None:
            self.answer = answer  # Django's accessor has it too, and the answer its question

    @property
    def is_answered(self) -> bool:
        return self.saved_answer() is not None

    #: Whether the stroke before this one in its frame section waits for its calls to be
    #: final (so this one may not open yet), as the candidate's question read found it
    #: (``exams.selectors.question_for_candidate``); ``None`` when not read.
    previous_stroke_open: bool | None = None

    @property
    def is_frame_stroke(self) -> bool:
        """A stroke of a frame section: its calls become final, then the frame goes on."""
        return self.frame_stroke is not None

    @property
    def calls_final(self) -> bool:
        """The stroke's calls were made final (:func:`exams.services.make_calls_final`): the
        frame went on from them, and the answer is never changed again."""
        answer = self.saved_answer()
        return answer is not None and answer.final_at is not None


class Answer(models.Model):
    """The candidate's current answer to a drawn question: one row, rewritten in place."""

    attempt = models.ForeignKey(
        Attempt, on_delete=models.CASCADE, related_name="answers", verbose_name=_("attempt"),
    )
    question = models.OneToOneField(
        AttemptQuestion, on_delete=models.CASCADE, related_name="answer",
        verbose_name=_("question"),
    )
    payload = models.JSONField(_("answer"))
    saved_at = models.DateTimeField(_("saved at"))
    revision = models.PositiveIntegerField(_("times saved"), default=1)
    # A frame stroke's calls made final (issue 22): the next stroke opens, this answer is
    # never changed again. Always empty for any other question.
    final_at = models.DateTimeField(_("calls final at"), null=True, blank=True)

    class Meta:
        verbose_name = _("answer")
        verbose_name_plural = _("answers")
        # ``question`` is unique already: one answer per drawn question, and no other
        # index for each save to keep up.

    def __str__(self) -> str:
        return f"{self.question}: {self.payload}"


class Certificate(models.Model):
    """Issued on a pass; anyone can verify it by its code."""

    class Status(models.TextChoices):
        VALID = "valid", _("valid")
        EXPIRED = "expired", _("expired")
        REVOKED = "revoked", _("revoked")

    attempt = models.OneToOneField(
        Attempt, on_delete=models.PROTECT, related_name="certificate", verbose_name=_("attempt"),
    )
    code = models.CharField(_("verification code"), max_length=16, unique=True)
    holder_name = models.CharField(_("holder"), max_length=200)
    language = models.CharField(_("language"), max_length=8)
    issued_at = models.DateTimeField(_("issued at"))
    expires_at = models.DateTimeField(_("expires at"), null=True, blank=True)
    revoked_at = models.DateTimeField(_("revoked at"), null=True, blank=True)
    revocation_reason = models.TextField(_("reason for revocation"), blank=True)
    revoked_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True,
        related_name="+", verbose_name=_("revoked by"),
    )

    class Meta:
        verbose_name = _("certificate")
        verbose_name_plural = _("certificates")
        ordering = ["-issued_at", "pk"]

    def __str__(self) -> str:
        return self.code

    def status(self, now: datetime) -> str:
        if self.revoked_at is not None:
            return self.Status.REVOKED
        if self.expires_at is not None and now >= self.expires_at:
            return self.Status.EXPIRED
        return self.Status.VALID


class AuditEvent(models.Model):
    """Something that happened to a federation's exam, kept for its examiners.

    Answer saves are not copied here: each save stays a single write to ``Answer``,
    and the trail reads them from there.
    """

    class Action(models.TextChoices):
        ATTEMPT_STARTED = "attempt_started", _("attempt started")
        ATTEMPT_FINISHED = "attempt_finished", _("attempt finished")
        CERTIFICATE_ISSUED = "certificate_issued", _("certificate issued")
        CERTIFICATE_REVOKED = "certificate_revoked", _("certificate revoked")
        CANDIDATE_ENROLLED = "candidate_enrolled", _("candidate enrolled")
        ATTEMPT_REGRADED = "attempt_regraded", _("attempt regraded")
        EXTRA_TIME_GRANTED = "extra_time_granted", _("extra time granted")

    federation = models.ForeignKey(
        Federation, on_delete=models.CASCADE, related_name="audit_events",
        verbose_name=_("federation"),
    )
    exam = models.ForeignKey(
        Exam,
        on_delete=models.CASCADE,
        null=True,
        related_name="audit_events",
        verbose_name=_("exam"),
    )
    attempt = models.ForeignKey(
        Attempt, on_delete=models.SET_NULL, null=True, related_name="+", verbose_name=_("attempt"),
    )
    certificate = models.ForeignKey(
        Certificate, on_delete=models.SET_NULL, null=True, related_name="+",
        verbose_name=_("certificate"),
    )
    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+",
        verbose_name=_("by"),
    )
    action = models.CharField(_("action"), max_length=32, choices=Action.choices)
    detail = models.CharField(_("detail"), max_length=500, blank=True)
    at = models.DateTimeField(_("at"))

    class Meta:
        verbose_name = _("audit event")
        verbose_name_plural = _("audit events")
        ordering = ["-at", "-pk"]
        indexes = [models.Index(fields=["federation", "-at"], name="audit_federation_at")]

    def __str__(self) -> str:
        return f"{self.at:%Y-%m-%d %H:%M} {self.get_action_display()}"


@dataclass(frozen=True)
class FrozenScenario:
    """A drawn question seen as the quiz sees a scenario (form, grading, templates).

    ``pk`` is the drawn question's, so the answer form's hidden check ties an
    answer to this attempt's question and to no other.
    """

    pk: int | None
    slug: str
    case: dict[str, Any]
    ask: str
    ask_ball: str
    title: str
    narrative: str
    question: str
    note: str
    topic: Any
    difficulty: int | None = None
    published: bool = True

    def get_difficulty_display(self) -> str:
        from quiz.models import Difficulty

        return str(Difficulty(self.difficulty).label) if self.difficulty else ""


def frozen_scenario(question: AttemptQuestion, *, closed_book: bool = False) -> FrozenScenario:
    """The frozen copy of a drawn question, never the bank's current scenario.

    ``closed_book``: for the question page of an open attempt, which names no topic (it
    could give the answer away), so the topic is not even read.
    """
    return FrozenScenario(
        pk=question.pk,
        slug=str(question.case.get("id", "")),
        case=question.case,
        ask=question.ask,
        ask_ball=question.ask_ball,
        title=question.title,
        narrative=question.narrative,
        question=question.question,
        note=question.note,
        topic=None if closed_book else question.topic,
        difficulty=question.difficulty,
    )
