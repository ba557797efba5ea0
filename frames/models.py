"""Frames to referee, and the trainees' runs through them (issue 22, docs/frames.md).

A ``Frame`` holds a frame file (``snooker-referee-frame/1``) *without* its ``expect`` blocks:
no row stores an answer key; every stroke is judged again by the engine when it is shown
and when it is graded. A ``FrameRun`` is one trainee's (or one anonymous session's) run
through a frame; each stroke he called is a ``FrameCall`` with what he called and which
parts were right.
"""

from __future__ import annotations

import uuid

from django.conf import settings
from django.db import models
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from config.natural_keys import NaturalKeyManager


class Frame(models.Model):
    """A frame file to referee stroke by stroke, proved by the engine when it was loaded."""

    slug = models.SlugField(_("slug"), max_length=120, unique=True)
    #: The order of the bank (the picker's "Frame 3"): the files' order when loaded.
    order = models.PositiveIntegerField(_("order"), default=0)
    ruleset = models.CharField(_("rule-book edition"), max_length=32)
    variants = models.JSONField(_("local variants"), default=list, blank=True)
    #: The frame file as loaded, every ``expect`` and ``expect_end`` removed.
    data = models.JSONField(_("frame file"))
    stroke_count = models.PositiveSmallIntegerField(_("strokes"))
    #: How many strokes give the positions after them (a real diagram and animation).
    positions_count = models.PositiveSmallIntegerField(_("strokes with positions"), default=0)
    #: Topics the engine's decisions show (``frames.tags.TAGS``), in that order.
    tags = models.JSONField(_("topics"), default=list, blank=True)
    published = models.BooleanField(_("published"), default=True)
    #: The seed of a frame generated for one run ("A new frame"); None for the bank's frames.
    #: A generated frame is never published: it is reached only through the run it was made
    #: for, so it is never listed in the picker for others.
    generated_seed = models.BigIntegerField(_("generated from seed"), null=True, blank=True)
    #: How the generator played it (``style``, ``strokes``: the length asked), so that the frame
    #: can go on the same way after a choice the trainee makes for the next player.
    generated_with = models.JSONField(_("generated with"), default=dict, blank=True)
    loaded_at = models.DateTimeField(_("loaded at"), auto_now=True)

    objects = NaturalKeyManager("slug")

    class Meta:
        ordering = ["order", "slug"]
        verbose_name = _("frame")
        verbose_name_plural = _("frames")

    def __str__(self) -> str:
        return self.slug

    def natural_key(self) -> tuple[str]:
        return (self.slug,)


class FrameRun(models.Model):
    """A trainee's run through a frame: how far he has called, and his calls (``calls``).

    A signed-in trainee's run is his (``user``); an anonymous visitor's has no user and is
    his because its id is in his session (``frames.session``), as a self-test is.
    """

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    frame = models.ForeignKey(Frame, on_delete=models.CASCADE, related_name="runs")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="frame_runs",
    )
    #: How many strokes he has called (the next stroke to call is ``position + 1``).
    position = models.PositiveSmallIntegerField(default=0)
    #: The score he announced after his last call, side by side ({} before the first).
    scores = models.JSONField(default=dict, blank=True)
    started_at = models.DateTimeField(auto_now_add=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-started_at"]
        verbose_name = _("frame run")
        verbose_name_plural = _("frame runs")

    def __str__(self) -> str:
        return f"{self.frame} ({self.position}/{self.frame.stroke_count})"

    def get_absolute_url(self) -> str:
        return reverse("frames:run", kwargs={"run_id": self.pk})

    @property
    def finished(self) -> bool:
        return self.finished_at is not None


class FrameCall(models.Model):
    """One stroke called: the trainee's calls, and which parts agreed with the engine."""

    run = models.ForeignKey(FrameRun, on_delete=models.CASCADE, related_name="calls")
    #: The stroke, from 1.
    number = models.PositiveSmallIntegerField()
    #: What he called (``frames.forms.CallForm.answer``).
    answer = models.JSONField()
    #: Each part graded: part name -> right or not (``frames.grading.PARTS``).
    parts = models.JSONField()
    #: The share of the parts he got right, 0..1.
    score = models.FloatField()
    engine_version = models.CharField(max_length=32, blank=True)
    answered_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["number"]
        constraints = [
            models.UniqueConstraint(fields=["run", "number"], name="frames_framecall_once")
        ]
        verbose_name = _("stroke called")
        verbose_name_plural = _("strokes called")

    def __str__(self) -> str:
        return f"{self.run_id} #{self.number}"
