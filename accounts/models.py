"""A trainee's email address and whether he has shown that it is his.

An address counts only once verified: only then may an enrolment be matched to the
account, and only then does it receive password-reset mails.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _


class EmailAddress(models.Model):
    """The address a trainee gave at sign-up; ``verified_at`` once he opened the link."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="email_address",
        verbose_name=_("user"),
    )
    email = models.EmailField(_("email"))
    verified_at = models.DateTimeField(_("verified at"), null=True, blank=True)

    class Meta:
        verbose_name = _("email address")
        verbose_name_plural = _("email addresses")
        constraints = [
            # One verified account per address: an enrolment matches at most one.
            models.UniqueConstraint(
                fields=["email"], condition=Q(verified_at__isnull=False),
                name="one_verified_account_per_address",
            ),
        ]

    def __str__(self) -> str:
        return self.email

    @property
    def is_verified(self) -> bool:
        return self.verified_at is not None
