"""Authors, and the scenarios they write before (and after) they reach the bank.

A ``Draft`` is an author's working copy: the referee case as built on the studio's
table (never with an ``expect`` block: no answer key is stored), the question's
settings and its words in every language. Publishing checks it exactly as
``load_scenarios`` checks a fixture and writes the bank's ``quiz.Scenario``; each
publication is kept as a ``PublishedVersion``. Attempts already drawn keep their
own frozen copy (``exams.AttemptQuestion``), so a new version never changes them.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from quiz.asks import Ask
from quiz.models import Audience, Difficulty


class Author(models.Model):
    """A user who writes scenarios for one federation's exam pool."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="studio_author",
        verbose_name=_("user"),
    )
    federation = models.ForeignKey(
        "federations.Federation", on_delete=models.CASCADE, related_name="authors",
        verbose_name=_("federation"),
    )
    granted_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True,
        related_name="+", verbose_name=_("granted by"),
    )
    granted_at = models.DateTimeField(_("granted at"), auto_now_add=True)

    class Meta:
        verbose_name = _("author")
        verbose_name_plural = _("authors")

    def __str__(self) -> str:
        return f"{self.user} ({self.federation})"


class AuthorInvitation(models.Model):
    """An examiner (or staff) asks a user to write for a federation; the user accepts or
    declines (``studio.services``). Nobody becomes an author, or leaves another
    federation's authors, without saying yes."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="author_invitations",
        verbose_name=_("user"),
    )
    federation = models.ForeignKey(
        "federations.Federation", on_delete=models.CASCADE, related_name="author_invitations",
        verbose_name=_("federation"),
    )
    invited_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True,
        related_name="+", verbose_name=_("invited by"),
    )
    invited_at = models.DateTimeField(_("invited at"))

    class Meta:
        verbose_name = _("author invitation")
        verbose_name_plural = _("author invitations")
        constraints = [
            models.UniqueConstraint(
                fields=["user", "federation"], name="one_author_invitation_per_federation"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.user} → {self.federation}"


class Draft(models.Model):
    """A scenario being written in the studio (and, once published, its next version)."""

    slug = models.SlugField(_("short name"), max_length=120, unique=True)
    audience = models.CharField(
        _("audience"), max_length=10, choices=Audience.choices, default=Audience.EXAM
    )
    federation = models.ForeignKey(
        "federations.Federation", on_delete=models.PROTECT, null=True, blank=True,
        related_name="studio_drafts", verbose_name=_("federation"),
    )
    topic = models.ForeignKey(
        "quiz.Topic", on_delete=models.PROTECT, related_name="+", verbose_name=_("topic")
    )
    difficulty = models.PositiveSmallIntegerField(
        _("difficulty"), choices=Difficulty.choices, default=Difficulty.INTRODUCTORY
    )
    ask = models.CharField(_("asks"), max_length=20, choices=Ask.choices, default=Ask.LEGAL)
    ask_ball = models.CharField(_("ball asked about"), max_length=10, blank=True)
    #: The referee case, without ``expect``.
    case = models.JSONField(_("referee case"), default=dict)
    #: ``{"en": {"title": …, "narrative": …, "question": …, "note": …}, "fr": {…}, …}``
    words = models.JSONField(_("words"), default=dict)
    scenario = models.OneToOneField(
        "quiz.Scenario", on_delete=models.SET_NULL, null=True, blank=True,
        related_name="studio_draft", verbose_name=_("published scenario"),
    )
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True,
        related_name="+", verbose_name=_("created by"),
    )
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)
    updated_at = models.DateTimeField(_("updated at"), auto_now=True)

    class Meta:
        ordering = ["-updated_at"]
        verbose_name = _("draft scenario")
        verbose_name_plural = _("draft scenarios")

    def __str__(self) -> str:
        return self.slug

    @property
    def version(self) -> int:
        """How many times it has been published."""
        return self.versions.count()


class PublishedVersion(models.Model):
    """One publication of a draft: the fixture object as it went into the bank."""

    draft = models.ForeignKey(
        Draft, on_delete=models.CASCADE, related_name="versions", verbose_name=_("draft")
    )
    number = models.PositiveIntegerField(_("version"))
    #: The scenario's fixture fields as published (``case`` without ``expect``).
    fixture = models.JSONField(_("fixture"))
    published_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True,
        related_name="+", verbose_name=_("published by"),
    )
    published_at = models.DateTimeField(_("published at"))

    class Meta:
        ordering = ["draft", "-number"]
        constraints = [
            models.UniqueConstraint(fields=["draft", "number"], name="studio_version_once")
        ]
        verbose_name = _("published version")
        verbose_name_plural = _("published versions")

    def __str__(self) -> str:
        return f"{self.draft} v{self.number}"


class FamilyAudience(models.TextChoices):
    """Who draws a family's instances (``audience`` of the family format, docs/families.md)."""

    EXAM = "exam", _("exam only")
    PRACTICE = "practice", _("practice (public, with explanations)")
    BOTH = "both", _("practice and exams")


class FamilyDraft(models.Model):
    """A scenario family being made in the studio from a scenario (issue 21).

    ``spec`` is the family as its fixture would hold it (``docs/families.md``) without the
    fields kept beside it here (slug, topic, asks, difficulty, audience): its parameters,
    constraints, the facts its narrative must state and the case template, never an
    ``expect`` block. Publishing checks it as ``check_families`` does and stores it as a
    ``quiz.Family`` with the storing code of ``load_families``.
    """

    slug = models.SlugField(_("short name"), max_length=80, unique=True)
    federation = models.ForeignKey(
        "federations.Federation", on_delete=models.PROTECT, null=True, blank=True,
        related_name="studio_family_drafts", verbose_name=_("federation"),
    )
    topic = models.ForeignKey(
        "quiz.Topic", on_delete=models.PROTECT, related_name="+", verbose_name=_("topic")
    )
    asks = models.JSONField(_("asks"), default=list)
    difficulty = models.PositiveSmallIntegerField(
        _("difficulty"), choices=Difficulty.choices, default=Difficulty.INTRODUCTORY
    )
    audience = models.CharField(
        _("audience"), max_length=10, choices=FamilyAudience.choices, default=FamilyAudience.EXAM
    )
    spec = models.JSONField(_("family"), default=dict)
    #: Where it started: a draft, or a scenario of the bank (either may go later).
    draft = models.ForeignKey(
        Draft, on_delete=models.SET_NULL, null=True, blank=True, related_name="family_drafts",
        verbose_name=_("draft scenario"),
    )
    scenario = models.ForeignKey(
        "quiz.Scenario", on_delete=models.SET_NULL, null=True, blank=True, related_name="+",
        verbose_name=_("scenario"),
    )
    family = models.OneToOneField(
        "quiz.Family", on_delete=models.SET_NULL, null=True, blank=True,
        related_name="studio_draft", verbose_name=_("published family"),
    )
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True,
        related_name="+", verbose_name=_("created by"),
    )
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)
    updated_at = models.DateTimeField(_("updated at"), auto_now=True)

    class Meta:
        ordering = ["-updated_at"]
        verbose_name = _("draft scenario family")
        verbose_name_plural = _("draft scenario families")

    def __str__(self) -> str:
        return self.slug
