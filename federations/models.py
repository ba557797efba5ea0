"""Federations, the bodies that certify referees, and their examiners.

Below ``quiz`` and ``exams``: a scenario may belong to a federation's exam pool and an
exam to a federation, so both point down here and this app imports neither.

The tables keep the names they had when these models lived in ``exams``
(``exams_federation``, ``exams_examiner``): moving the models changed no row.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models
from django.utils.translation import gettext_lazy as _

from config.natural_keys import NaturalKeyManager
from rules_engine.editions import VARIANTS


def validate_variants(value: Any) -> None:
    """A list of local variants the engine knows."""
    if not isinstance(value, list) or not all(name in VARIANTS for name in value):
        raise ValidationError(_("Unknown local rule."), code="variants")


class Federation(models.Model):
    """A body that certifies referees; its examiners manage its exams."""

    slug = models.SlugField(_("short name"), unique=True)
    name = models.CharField(_("name"), max_length=200)
    # Local variants of the rules (rules_engine.editions.VARIANTS) the federation applies on top
    # of each exam's edition, e.g. ["ru-2004-3.4d"].
    variants = models.JSONField(
        _("local rules applied on top of the edition"), default=list, blank=True,
        validators=[validate_variants],
    )

    objects = NaturalKeyManager("slug")

    class Meta:
        db_table = "exams_federation"
        verbose_name = _("federation")
        verbose_name_plural = _("federations")
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name

    def natural_key(self) -> tuple[str]:
        return (self.slug,)


class Examiner(models.Model):
    """A user who manages one federation's exams, candidates and certificates."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="examiner",
        verbose_name=_("user"),
    )
    federation = models.ForeignKey(
        Federation, on_delete=models.CASCADE, related_name="examiners",
        verbose_name=_("federation"),
    )

    objects = NaturalKeyManager("user__username")

    class Meta:
        db_table = "exams_examiner"
        verbose_name = _("examiner")
        verbose_name_plural = _("examiners")

    def __str__(self) -> str:
        return f"{self.user} ({self.federation})"

    def natural_key(self) -> tuple[str]:
        return (self.user.username,)

    natural_key.dependencies = ["auth.user", "federations.federation"]
