"""Topics, scenarios, and what trainees answered.

No answer key is stored anywhere: a scenario keeps its referee case without the
author's ``expect`` block, and the right answer is always the engine's decision.
"""

from __future__ import annotations

import uuid

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from quiz.asks import Ask


class SlugManager(models.Manager):
    """Looks rows up by their natural key, the slug (fixtures use it)."""

    def get_by_natural_key(self, slug: str) -> models.Model:
        return self.get(slug=slug)


class Topic(models.Model):
    slug = models.SlugField(_("slug"), max_length=80, unique=True)
    order = models.PositiveSmallIntegerField(_("order"), default=0)
    title = models.CharField(_("title"), max_length=200)
    description = models.TextField(_("description"), blank=True)

    objects = SlugManager()

    class Meta:
        ordering = ["order", "slug"]
        verbose_name = _("topic")
        verbose_name_plural = _("topics")

    def __str__(self) -> str:
        return self.title

    def get_absolute_url(self) -> str:
        return reverse("quiz:practice_topic", kwargs={"topic": self.slug})

    def natural_key(self) -> tuple[str]:
        return (self.slug,)


class Difficulty(models.IntegerChoices):
    INTRODUCTORY = 1, _("introductory")
    INTERMEDIATE = 2, _("intermediate")
    ADVANCED = 3, _("advanced")


class Audience(models.TextChoices):
    """Who a scenario is for: the public practice bank, or exams only (closed-book)."""

    PRACTICE = "practice", _("practice (public, with explanations)")
    EXAM = "exam", _("exam only")


class Family(models.Model):
    """A scenario family (``quiz.families``, docs/families.md): a situation with parameters.

    Loaded from ``fixtures/families`` by ``load_families``; ``spec`` is the fixture's entry as
    written. An instance drawn for practice, review or a self-test is frozen as a
    :class:`Scenario` (``family`` and ``seed`` set), so answers and regrading work unchanged.
    """

    slug = models.SlugField(_("slug"), max_length=80, unique=True)
    topic = models.ForeignKey(
        Topic, on_delete=models.PROTECT, related_name="families", verbose_name=_("topic")
    )
    difficulty = models.PositiveSmallIntegerField(
        _("difficulty"), choices=Difficulty.choices, default=Difficulty.INTRODUCTORY
    )
    #: The kinds of question (``quiz.asks.Ask`` values); with several, the seed chooses one.
    asks = models.JSONField(_("asks"), default=list)
    spec = models.JSONField(_("family"))
    published = models.BooleanField(_("published"), default=True)
    #: The federation whose author published it in the studio (``studio.FamilyDraft``); none
    #: for the fixtures' families, which every federation shares.
    federation = models.ForeignKey(
        "federations.Federation", on_delete=models.PROTECT, null=True, blank=True,
        related_name="families", verbose_name=_("federation"),
    )

    objects = SlugManager()

    class Meta:
        ordering = ["topic__order", "difficulty", "slug"]
        verbose_name = _("scenario family")
        verbose_name_plural = _("scenario families")

    def __str__(self) -> str:
        return self.slug

    @property
    def ask_labels(self) -> list[str]:
        """What its questions ask, in the reader's language (``quiz.asks.Ask``'s labels)."""
        return [str(Ask(ask).label) for ask in self.asks if ask in Ask.values]

    def natural_key(self) -> tuple[str]:
        return (self.slug,)

    natural_key.dependencies = ["quiz.topic"]  # type: ignore[attr-defined]


class Scenario(models.Model):
    slug = models.SlugField(_("slug"), max_length=120, unique=True)
    topic = models.ForeignKey(
        Topic, on_delete=models.PROTECT, related_name="scenarios", verbose_name=_("topic")
    )
    difficulty = models.PositiveSmallIntegerField(
        _("difficulty"), choices=Difficulty.choices, default=Difficulty.INTRODUCTORY
    )
    ask = models.CharField(_("asks"), max_length=20, choices=Ask.choices)
    ask_ball = models.CharField(
        _("ball asked about"),
        max_length=10,
        blank=True,
        help_text=_("The colour whose re-spot is asked (re-spot and full-decision questions)."),
    )
    published = models.BooleanField(_("published"), default=False)
    audience = models.CharField(
        _("audience"),
        max_length=10,
        choices=Audience.choices,
        default=Audience.PRACTICE,
        db_index=True,
        help_text=_(
            "An exam-only scenario is never shown in practice, self-tests or progress: "
            "only exams draw it."
        ),
    )
    #: The federation that owns an exam-only scenario; empty: the shared exam pool.
    federation = models.ForeignKey(
        "federations.Federation",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="scenarios",
        verbose_name=_("federation"),
        help_text=_(
            "Exam-only scenarios: the federation whose exams alone may draw it. "
            "Leave empty for the shared exam pool."
        ),
    )
    case = models.JSONField(_("referee case"))
    title = models.CharField(_("title"), max_length=200)
    narrative = models.TextField(_("narrative"))
    question = models.TextField(_("question"))
    note = models.TextField(_("note"), blank=True)
    #: A family's instance frozen when drawn (``quiz.freezing``); empty: written by hand.
    family = models.ForeignKey(
        Family,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="instances",
        verbose_name=_("scenario family"),
    )
    seed = models.PositiveBigIntegerField(_("seed"), null=True, blank=True)

    objects = SlugManager()

    class Meta:
        ordering = ["topic__order", "difficulty", "slug"]
        constraints = [
            models.UniqueConstraint(fields=["family", "seed"], name="quiz_scenario_instance_once")
        ]
        verbose_name = _("scenario")
        verbose_name_plural = _("scenarios")

    def __str__(self) -> str:
        return self.title or self.slug

    def get_absolute_url(self) -> str:
        """The practice page (exam-only scenarios have none: it would be a 404)."""
        return reverse(
            "quiz:practice", kwargs={"topic": self.topic.slug, "scenario": self.slug}
        )

    @property
    def is_exam_only(self) -> bool:
        return self.audience == Audience.EXAM

    def clean(self) -> None:
        """A practice scenario belongs to nobody: only exam-only scenarios have an owner."""
        super().clean()
        if self.audience == Audience.PRACTICE and self.federation_id is not None:
            raise ValidationError(
                {
                    "federation": _(
                        "A practice scenario is public: it has no federation. "
                        "Make it exam-only, or leave the federation empty."
                    )
                }
            )

    def natural_key(self) -> tuple[str]:
        return (self.slug,)

    natural_key.dependencies = ["quiz.topic"]  # type: ignore[attr-defined]


class PracticeAnswer(models.Model):
    """One answer given in practice; signed-in trainees' answers make their progress."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="practice_answers",
    )
    scenario = models.ForeignKey(Scenario, on_delete=models.CASCADE, related_name="+")
    #: The one-time token of the question page: a replayed form finds its answer here.
    token = models.UUIDField(unique=True)
    answer = models.JSONField()
    score = models.FloatField()
    #: Which engine graded it: the edition, the local variants on top of it (``quiz.editions``)
    #: and rules_engine.__version__.
    ruleset = models.CharField(max_length=32, blank=True)
    variants = models.JSONField(default=list, blank=True)
    engine_version = models.CharField(max_length=32, blank=True)
    answered_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-answered_at"]
        verbose_name = _("practice answer")
        verbose_name_plural = _("practice answers")

    def __str__(self) -> str:
        return f"{self.user or '—'} — {self.scenario}: {self.score:g}"


class Progress(models.Model):
    """A signed-in trainee's progress in one topic, across sessions."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="quiz_progress"
    )
    topic = models.ForeignKey(Topic, on_delete=models.CASCADE, related_name="+")
    answered = models.PositiveIntegerField(default=0)
    correct = models.PositiveIntegerField(default=0)
    score_total = models.FloatField(default=0)
    last_scenario = models.ForeignKey(
        Scenario, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["user", "topic"], name="quiz_progress_user_topic")
        ]
        verbose_name = _("progress")
        verbose_name_plural = _("progress")

    def __str__(self) -> str:
        return f"{self.user} — {self.topic}: {self.correct}/{self.answered}"


class SelfTest(models.Model):
    """A self-test: scenarios drawn at random without repeats, answered one per page."""

    LENGTHS = (10, 20, 40)

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="self_tests",
    )
    language = models.CharField(_("language"), max_length=8, choices=settings.LANGUAGES)
    length = models.PositiveSmallIntegerField(_("length"))
    topics = models.ManyToManyField(Topic, related_name="+", verbose_name=_("topics"))
    #: Primary keys of the drawn scenarios, in the order they are asked.
    scenario_ids = models.JSONField(default=list)
    #: The edition and local variants that grade it: the trainee's practice choice when he
    #: started (``quiz.editions``); empty: the seeds' edition.
    ruleset = models.CharField(max_length=32, blank=True)
    variants = models.JSONField(default=list, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at"]
        verbose_name = _("self-test")
        verbose_name_plural = _("self-tests")

    def __str__(self) -> str:
        return f"{self.user or '—'} — {self.language} × {self.length}"

    @property
    def finished(self) -> bool:
        return self.finished_at is not None

    @property
    def size(self) -> int:
        """How many questions were drawn (fewer than asked when the bank is small)."""
        return len(self.scenario_ids)


class SelfTestAnswer(models.Model):
    self_test = models.ForeignKey(SelfTest, on_delete=models.CASCADE, related_name="answers")
    position = models.PositiveSmallIntegerField()
    scenario = models.ForeignKey(Scenario, on_delete=models.CASCADE, related_name="+")
    answer = models.JSONField()
    score = models.FloatField()
    #: Which engine graded it: the edition, the local variants on top of it and
    #: rules_engine.__version__.
    ruleset = models.CharField(max_length=32, blank=True)
    variants = models.JSONField(default=list, blank=True)
    engine_version = models.CharField(max_length=32, blank=True)
    answered_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["position"]
        constraints = [
            models.UniqueConstraint(
                fields=["self_test", "position"], name="quiz_selftestanswer_once"
            )
        ]

    def __str__(self) -> str:
        return f"{self.self_test} Q{self.position}"


class ReviewCard(models.Model):
    """When a signed-in trainee's practice scenario comes back (``quiz.review``, FSRS).

    Anonymous trainees keep the same cards in their session.
    """

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="review_cards"
    )
    #: The scenario that comes back; for a family's card, the new instance it serves next.
    scenario = models.ForeignKey(Scenario, on_delete=models.CASCADE, related_name="+")
    #: A family's card: the family is scheduled, not one instance (empty: a scenario's card).
    family = models.ForeignKey(
        Family, null=True, blank=True, on_delete=models.CASCADE, related_name="+"
    )
    #: ``quiz.review.schedule``'s card: FSRS's state, the last score, how many answers.
    card = models.JSONField()
    due = models.DateTimeField(_("due"), db_index=True)
    last_score = models.FloatField(_("last score"))
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["due"]
        constraints = [
            models.UniqueConstraint(fields=["user", "scenario"], name="quiz_reviewcard_once"),
            models.UniqueConstraint(fields=["user", "family"], name="quiz_reviewcard_family_once"),
        ]
        verbose_name = _("review card")
        verbose_name_plural = _("review cards")

    def __str__(self) -> str:
        return f"{self.user} — {self.scenario}: {self.due:%Y-%m-%d %H:%M}"
