"""Open Badges 3.0 credentials of certificates: signing keys, issued credentials, reminders.

A certificate (exams.Certificate) is the federation's record; a :class:`Credential` is the
signed copy its holder carries (docs/credentials.md). A certificate may have several
credentials over its life: revocation is final for a credential (the Bitstring Status List
says so for good), so a certificate that regrading makes valid again gets a new one.
"""

from __future__ import annotations

from uuid import uuid4

from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _


class IssuerProfile(models.Model):
    """What a federation's issuer profile says besides its name: its own web site."""

    federation = models.OneToOneField(
        "federations.Federation", on_delete=models.CASCADE, related_name="issuer_profile",
        verbose_name=_("federation"),
    )
    url = models.URLField(
        _("web site"), blank=True,
        help_text=_("The federation's home page, named in every credential it issues."),
    )
    email = models.EmailField(_("contact address"), blank=True)

    class Meta:
        verbose_name = _("issuer profile")
        verbose_name_plural = _("issuer profiles")

    def __str__(self) -> str:
        return str(self.federation)


class SigningKey(models.Model):
    """One of a federation's Ed25519 signing keys.

    The private key is kept encrypted with the master key (settings
    ``CREDENTIALS_MASTER_KEY`` or ``CREDENTIALS_MASTER_KEY_FILE``), never in plain text. A
    rotated key is retired, not deleted: the issuer profile keeps publishing it, so every
    credential it signed still verifies.
    """

    federation = models.ForeignKey(
        "federations.Federation", on_delete=models.PROTECT, related_name="signing_keys",
        verbose_name=_("federation"),
    )
    kid = models.CharField(_("key id"), max_length=64, unique=True)
    public_jwk = models.JSONField(_("public key (JWK)"))
    private_key_encrypted = models.TextField(_("private key (encrypted)"))
    created_at = models.DateTimeField(_("created at"))
    retired_at = models.DateTimeField(_("retired at"), null=True, blank=True)

    class Meta:
        verbose_name = _("signing key")
        verbose_name_plural = _("signing keys")
        ordering = ["federation", "created_at", "pk"]
        constraints = [
            models.UniqueConstraint(
                fields=["federation"], condition=Q(retired_at__isnull=True),
                name="one_active_signing_key_per_federation",
            ),
        ]

    def __str__(self) -> str:
        return self.kid


class Credential(models.Model):
    """An OpenBadgeCredential issued for a certificate, as its signed compact JWS."""

    uuid = models.UUIDField(_("credential id"), default=uuid4, unique=True, editable=False)
    certificate = models.ForeignKey(
        "exams.Certificate", on_delete=models.CASCADE, related_name="credentials",
        verbose_name=_("certificate"),
    )
    federation = models.ForeignKey(
        "federations.Federation", on_delete=models.PROTECT, related_name="+",
        verbose_name=_("federation"),
    )
    key = models.ForeignKey(
        SigningKey, on_delete=models.PROTECT, related_name="credentials",
        verbose_name=_("signed with"),
    )
    subject_uuid = models.UUIDField(_("holder's id in the credential"), default=uuid4)
    status_list = models.PositiveIntegerField(_("status list"))
    status_index = models.PositiveIntegerField(_("position in the status list"))
    issued_at = models.DateTimeField(_("issued at"))
    valid_until = models.DateTimeField(_("valid until"), null=True, blank=True)
    jws = models.TextField(_("signed credential (compact JWS)"))
    revoked_at = models.DateTimeField(_("revoked at"), null=True, blank=True)

    class Meta:
        verbose_name = _("credential")
        verbose_name_plural = _("credentials")
        ordering = ["-issued_at", "-pk"]
        constraints = [
            models.UniqueConstraint(
                fields=["federation", "status_list", "status_index"],
                name="one_credential_per_status_bit",
            ),
        ]

    def __str__(self) -> str:
        return self.urn

    @property
    def urn(self) -> str:
        return f"urn:uuid:{self.uuid}"


class RenewalReminder(models.Model):
    """A reminder mail sent to a certificate's holder so many days before it expires."""

    certificate = models.ForeignKey(
        "exams.Certificate", on_delete=models.CASCADE, related_name="renewal_reminders",
        verbose_name=_("certificate"),
    )
    days_before = models.PositiveSmallIntegerField(_("days before expiry"))
    sent_at = models.DateTimeField(_("sent at"))

    class Meta:
        verbose_name = _("renewal reminder")
        verbose_name_plural = _("renewal reminders")
        constraints = [
            models.UniqueConstraint(
                fields=["certificate", "days_before"], name="one_reminder_per_certificate_and_day"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.certificate} −{self.days_before}"
