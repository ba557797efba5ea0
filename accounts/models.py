"""A trainee's email address and whether he has shown that it is his; the sessions.

An address counts only once verified: only then may an enrolment be matched to the
account, and only then does it receive password-reset mails. A session row names its
signed-in user, so that a request reads both in one query (``accounts.sessions``).
"""

from __future__ import annotations

from importlib import import_module

from django.conf import settings
from django.contrib.sessions.base_session import AbstractBaseSession
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


class Session(AbstractBaseSession):
    """Django's database session, with the signed-in user beside it (``accounts.sessions``).

    ``user`` repeats the user id that the session's data holds, so that one query
    reads the session and its user on every request. The data stays the truth: the
    user is only taken when his id is the one the data names (``accounts.backends``).
    No database constraint, so a user deleted while one of his requests runs cannot
    fail its session's save; deleting a user through Django still deletes his sessions.
    """

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        db_constraint=False,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("user"),
    )

    class Meta(AbstractBaseSession.Meta):
        verbose_name = _("session")
        verbose_name_plural = _("sessions")

    @classmethod
    def get_session_store_class(cls):
        # The configured engine (``accounts.sessions``), named by the setting rather than
        # imported: that module reads this model, and imports point one way.
        return import_module(settings.SESSION_ENGINE).SessionStore


class UnlockLink(models.Model):
    """A mailed link that unlocks an account locked by failed logins (``accounts.unlocking``).

    Only the SHA-256 of its random token is kept; it expires, and works once.
    """

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+",
        verbose_name=_("user"),
    )
    token_hash = models.CharField(_("token hash"), max_length=64, unique=True)
    created_at = models.DateTimeField(_("created at"))
    expires_at = models.DateTimeField(_("expires at"))
    used_at = models.DateTimeField(_("used at"), null=True, blank=True)

    class Meta:
        verbose_name = _("unlock link")
        verbose_name_plural = _("unlock links")

    def __str__(self) -> str:
        return f"{self.user} ({self.created_at:%Y-%m-%d %H:%M})"
