"""Reads: keys, credentials, status lists, expiring certificates; who may download what."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.db.models import Exists, OuterRef, QuerySet

from exams import selectors as exam_selectors
from exams.models import Certificate, Exam
from federations.models import Federation

from . import bitstring, documents, jose, keys
from .models import Credential, IssuerProfile, RenewalReminder, SigningKey

#: Reminder mails go this many days before a certificate expires.
REMINDER_DAYS = (60, 14)

#: The examiner's renewal page lists certificates expiring within this many days.
RENEWAL_WINDOW_DAYS = 90


def active_key(*, federation: Any) -> SigningKey | None:
    return SigningKey.objects.filter(federation=federation, retired_at__isnull=True).first()


def federation_by_slug(*, slug: str) -> Federation | None:
    return Federation.objects.filter(slug=slug).first()


def issuer_document(*, federation: Federation) -> dict[str, Any]:
    """The issuer profile with every key the federation ever signed with."""
    profile = IssuerProfile.objects.filter(federation=federation).first()
    return documents.issuer_profile(
        federation=federation,
        keys=SigningKey.objects.filter(federation=federation).order_by("created_at", "pk"),
        url=profile.url if profile else "", email=profile.email if profile else "",
    )


def public_key(*, federation: Federation, kid: str) -> dict[str, Any] | None:
    key = SigningKey.objects.filter(federation=federation, kid=kid).first()
    return documents.public_jwk(key, federation) if key else None


def key_by_url(kid_url: str) -> dict[str, Any] | None:
    """The published JWK whose URL is ``kid_url``, if it is one of Baize's keys."""
    prefix = documents.absolute("/credentials/issuers/")
    if not kid_url.startswith(prefix):
        return None
    slug, _, rest = kid_url[len(prefix):].partition("/keys/")
    federation = federation_by_slug(slug=slug)
    return public_key(federation=federation, kid=rest) if federation and rest else None


def revoked_positions(*, federation: Federation, number: int) -> list[int]:
    """The list's set bits: credentials revoked, and those whose certificate is revoked now
    (whichever way it was revoked)."""
    revoked = Credential.objects.filter(federation=federation, status_list=number)
    return list(
        revoked.filter(revoked_at__isnull=False).values_list("status_index", flat=True)
    ) + list(
        revoked.filter(revoked_at__isnull=True, certificate__revoked_at__isnull=False)
        .values_list("status_index", flat=True)
    )


def status_list_jws(*, federation: Federation, number: int, now: datetime) -> str | None:
    """The signed status list as it is now, or None when the federation has no key or no
    such list. Signed afresh on each request (a few queries and one signature): a
    revocation shows at the next fetch; verifiers may cache it for its ``ttl``."""
    key = active_key(federation=federation)
    if key is None or not Credential.objects.filter(federation=federation, status_list=number
                                                     ).exists():
        return None
    payload = documents.status_list_payload(
        federation=federation, number=number, now=now,
        ttl_seconds=settings.CREDENTIALS_STATUS_LIST_TTL,
        encoded=bitstring.encode(revoked_positions(federation=federation, number=number)),
    )
    return jose.sign(payload, key=keys.private_key(key.private_key_encrypted),
                     kid_url=documents.kid_url(federation, key.kid))


def status_list_by_url(url: str, *, now: datetime) -> str | None:
    """The status list at ``url``, if it is one Baize publishes (the verification page)."""
    prefix = documents.absolute("/credentials/issuers/")
    if not url.startswith(prefix):
        return None
    slug, _, number = url[len(prefix):].partition("/status/")
    federation = federation_by_slug(slug=slug)
    if federation is None or not number.isdigit():
        return None
    return status_list_jws(federation=federation, number=int(number), now=now)


def current_credential(*, certificate: Certificate) -> Credential | None:
    """The certificate's newest credential not revoked."""
    return certificate.credentials.filter(revoked_at__isnull=True).order_by("-issued_at").first()


def may_download(*, user: Any, certificate: Certificate) -> bool:
    """The holder and his federation's examiners, as for the certificate's PDF."""
    if not user.is_authenticated:
        return False
    if certificate.attempt.enrolment.user_id == user.pk:
        return True
    federation = exam_selectors.examiner_federation(user=user)
    return federation is not None and (
        federation.pk == certificate.attempt.enrolment.exam.federation_id
    )


def _renewed() -> Exists:
    """A later valid certificate of the same federation for the same address."""
    return Exists(Certificate.objects.filter(
        attempt__enrolment__email=OuterRef("attempt__enrolment__email"),
        attempt__enrolment__exam__federation=OuterRef("attempt__enrolment__exam__federation"),
        issued_at__gt=OuterRef("issued_at"), revoked_at__isnull=True,
    ))


def expiring(*, federation: Federation, now: datetime,
             days: int = RENEWAL_WINDOW_DAYS) -> QuerySet[Certificate]:
    """Valid certificates of ``federation`` that expire within ``days`` and are not renewed."""
    return (
        Certificate.objects.filter(
            attempt__enrolment__exam__federation=federation, revoked_at__isnull=True,
            expires_at__gt=now, expires_at__lte=now + timedelta(days=days),
        )
        .annotate(renewed=_renewed()).filter(renewed=False)
        .select_related("attempt__enrolment__exam")
        .order_by("expires_at", "pk")
    )


def expiring_by_ids(*, federation: Federation, ids: list[int], now: datetime
                    ) -> list[Certificate]:
    return list(expiring(federation=federation, now=now).filter(pk__in=ids))


def renewal_exams(*, federation: Federation, now: datetime) -> QuerySet[Exam]:
    """The federation's exams a holder can still sit: not closed yet."""
    return Exam.objects.filter(federation=federation, closes_at__gt=now).order_by("opens_at")


def reminders_due(*, days: int, now: datetime) -> QuerySet[Certificate]:
    """Certificates whose ``days``-before reminder is due: expiring in (next, days] days,
    where next is the next shorter reminder; not revoked, not renewed, not yet reminded."""
    shorter = [other for other in REMINDER_DAYS if other < days]
    after = now + timedelta(days=max(shorter)) if shorter else now
    sent = RenewalReminder.objects.filter(certificate=OuterRef("pk"), days_before=days)
    return (
        Certificate.objects.filter(
            revoked_at__isnull=True, expires_at__gt=after,
            expires_at__lte=now + timedelta(days=days),
        )
        .annotate(renewed=_renewed(), reminded=Exists(sent))
        .filter(renewed=False, reminded=False)
        .select_related("attempt__enrolment__exam__federation")
    )


def certificates_without_credential(*, now: datetime) -> QuerySet[Certificate]:
    """Valid certificates with no credential in force."""
    in_force = Credential.objects.filter(certificate=OuterRef("pk"), revoked_at__isnull=True)
    return (
        Certificate.objects.filter(revoked_at__isnull=True)
        .exclude(expires_at__lte=now)
        .annotate(has_credential=Exists(in_force)).filter(has_credential=False)
        .select_related("attempt__enrolment__exam__federation")
    )
