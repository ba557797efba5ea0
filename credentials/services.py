"""Writes: signing keys, issuing and revoking credentials, renewal enrolments and reminders."""

from __future__ import annotations

import logging
import secrets
import uuid
from collections.abc import Callable, Iterable
from datetime import datetime, timedelta
from typing import Any

from django.core.exceptions import ImproperlyConfigured
from django.core.mail import send_mail
from django.db import IntegrityError, transaction
from django.template.loader import render_to_string
from django.utils import translation

from exams import clock
from exams.errors import ExamError
from exams.models import Certificate, Exam

from . import bitstring, documents, jose, keys, selectors
from .models import Credential, RenewalReminder, SigningKey

logger = logging.getLogger(__name__)

#: Entries per status list; a federation's next list starts when one is this full, so that
#: a random free position is always easy to find.
LIST_FILL = 100_000


# --- keys ------------------------------------------------------------------------


def make_signing_key(*, federation: Any, rotate: bool = False,
                     now: datetime | None = None) -> SigningKey | None:
    """Give ``federation`` a signing key; with ``rotate``, a new one that replaces the active
    key (retired, still published). Without ``rotate``, a federation that has an active key
    keeps it and ``None`` is returned (the command is idempotent)."""
    now = now or clock.now()
    with transaction.atomic():
        active = SigningKey.objects.select_for_update().filter(
            federation=federation, retired_at__isnull=True
        ).first()
        if active is not None and not rotate:
            return None
        new = keys.generate(now=now)
        if active is not None:
            SigningKey.objects.filter(pk=active.pk).update(retired_at=now)
        return SigningKey.objects.create(
            federation=federation, kid=new.kid, public_jwk=new.public_jwk,
            private_key_encrypted=new.private_key_encrypted, created_at=now,
        )


# --- credentials -----------------------------------------------------------------


def issue_credential(*, certificate: Certificate, now: datetime | None = None) -> Credential | None:
    """Sign the certificate's OpenBadgeCredential; ``None`` when its federation has no key
    or the master key is missing (the certificate stands: ``manage.py issue_credentials``
    issues it later)."""
    now = now or clock.now()
    federation = certificate.attempt.enrolment.exam.federation
    key = selectors.active_key(federation=federation)
    if key is None:
        return None
    try:
        private = keys.private_key(key.private_key_encrypted)
    except ImproperlyConfigured as error:
        logger.error("No credential for certificate %s: %s", certificate.code, error)
        return None
    for _attempt in range(20):
        number, index = _free_position(federation=federation)
        try:
            with transaction.atomic():
                return _sign_and_store(certificate=certificate, key=key, private=private,
                                       number=number, index=index, now=now)
        except IntegrityError:  # another issue took the same position first: draw again
            continue
    raise RuntimeError("No free position in the status list after 20 draws.")


def _sign_and_store(*, certificate: Certificate, key: SigningKey, private: Any, number: int,
                    index: int, now: datetime) -> Credential:
    federation = certificate.attempt.enrolment.exam.federation
    credential_uuid, subject_uuid = uuid.uuid4(), uuid.uuid4()
    payload = documents.credential_payload(
        credential_uuid=credential_uuid, subject_uuid=subject_uuid, certificate=certificate,
        status_entry=documents.status_entry(federation=federation, number=number, index=index),
        issued_at=now, email_salt=documents.new_salt(),
    )
    token = jose.sign(payload, key=private, kid_url=documents.kid_url(federation, key.kid))
    return Credential.objects.create(
        uuid=credential_uuid, subject_uuid=subject_uuid, certificate=certificate,
        federation=federation, key=key, status_list=number, status_index=index,
        issued_at=now, valid_until=certificate.expires_at, jws=token,
    )


def _free_position(*, federation: Any) -> tuple[int, int]:
    """A random unused position: random so that a list's bits say nothing of issue order."""
    issued = Credential.objects.filter(federation=federation).count()
    number = 1 + issued // LIST_FILL
    taken = set(
        Credential.objects.filter(federation=federation, status_list=number)
        .values_list("status_index", flat=True)
    )
    while True:
        index = secrets.randbelow(bitstring.MIN_ENTRIES)
        if index not in taken:
            return number, index


def revoke_credentials(*, certificate: Certificate, now: datetime | None = None) -> int:
    """Revoke every credential of a revoked certificate, for good; the next status list
    published says so. Returns how many were revoked."""
    now = now or clock.now()
    return Credential.objects.filter(certificate=certificate, revoked_at__isnull=True).update(
        revoked_at=now
    )


def issue_missing_credentials(*, now: datetime | None = None) -> int:
    """A credential for every valid certificate that has none (certificates issued before
    their federation had a key, or before this app)."""
    now = now or clock.now()
    issued = 0
    for certificate in selectors.certificates_without_credential(now=now):
        if issue_credential(certificate=certificate, now=now) is not None:
            issued += 1
    return issued


# --- renewal ---------------------------------------------------------------------


def enrol_for_renewal(*, exam: Exam, certificates: Iterable[Certificate], by: Any,
                      send: Callable[[list[Any]], int],
                      now: datetime | None = None) -> tuple[list[Any], list[str]]:
    """Enrol each holder in ``exam`` (the renewal exam) and mail him his invitation link, in
    one step; returns the enrolments made and the addresses already enrolled."""
    from exams.services import enrol_candidate

    enrolled, skipped = [], []
    for certificate in certificates:
        enrolment = certificate.attempt.enrolment
        try:
            enrolled.append(enrol_candidate(
                exam=exam, full_name=certificate.holder_name, email=enrolment.email, by=by,
                now=now, language=certificate.language if certificate.language in
                (exam.languages or []) else "",
            ))
        except ExamError:
            skipped.append(enrolment.email)
    if enrolled:
        send(enrolled)
    return enrolled, skipped


def send_renewal_reminders(*, link: Callable[[Certificate], str],
                           now: datetime | None = None) -> int:
    """Mail each holder whose certificate expires within 60 days, then within 14, once each,
    in the certificate's language (run daily from cron). Returns how many mails went."""
    now = now or clock.now()
    sent = 0
    for days in selectors.REMINDER_DAYS:
        for certificate in selectors.reminders_due(days=days, now=now):
            with transaction.atomic():
                _, created = RenewalReminder.objects.get_or_create(
                    certificate=certificate, days_before=days, defaults={"sent_at": now}
                )
                if not created:
                    continue
                _mail_reminder(certificate=certificate, days=days, link=link(certificate),
                               now=now)
            sent += 1
    return sent


def _mail_reminder(*, certificate: Certificate, days: int, link: str, now: datetime) -> None:
    enrolment = certificate.attempt.enrolment
    with translation.override(certificate.language):
        context = {
            "certificate": certificate,
            "exam": enrolment.exam,
            "federation": enrolment.exam.federation,
            "days_left": max((certificate.expires_at - now) // timedelta(days=1), 0),
            "link": link,
        }
        subject = " ".join(
            render_to_string("credentials/reminder_email_subject.txt", context).split()
        )
        body = render_to_string("credentials/reminder_email.txt", context)
    send_mail(subject, body, None, [enrolment.email])
