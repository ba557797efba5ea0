"""Issuing and revoking credentials with the certificate's life; keys; renewal."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.core import mail
from django.core.exceptions import ImproperlyConfigured

from credentials import keys, selectors, verifier
from credentials import services as credential_services
from credentials.models import Credential, RenewalReminder, SigningKey
from exams import regrading, services
from exams.models import Certificate
from tests.credentials.conftest import pass_exam
from tests.exams.conftest import make_exam, wrong_answer
from tests.exams.test_regrading import earlier_engine, finished_attempt


def check(token: str, now: Any) -> str:
    return verifier.verify(token, keys=selectors.key_by_url,
                           status_lists=lambda url: selectors.status_list_by_url(url, now=now),
                           now=now).status


@pytest.mark.django_db
def test_passing_issues_a_signed_credential_with_the_certificate(certificate):
    credential = Credential.objects.get(certificate=certificate)
    assert credential.valid_until == certificate.expires_at
    assert credential.jws.count(".") == 2
    assert credential.federation == certificate.attempt.enrolment.exam.federation


@pytest.mark.django_db
def test_without_a_signing_key_the_certificate_is_issued_alone(enrolment, clock, master_key):
    certificate = pass_exam(enrolment, now=clock())
    assert not Credential.objects.filter(certificate=certificate).exists()
    # Once the federation has a key, the missing credential is issued.
    credential_services.make_signing_key(federation=enrolment.exam.federation, now=clock())
    assert credential_services.issue_missing_credentials(now=clock()) == 1
    assert check(selectors.current_credential(certificate=certificate).jws, clock()) == "valid"


@pytest.mark.django_db
def test_a_missing_master_key_never_stops_certification(signing_key, enrolment, clock,
                                                        settings):
    settings.CREDENTIALS_MASTER_KEY = ""
    settings.CREDENTIALS_MASTER_KEY_FILE = ""
    certificate = pass_exam(enrolment, now=clock())
    assert certificate.status(clock()) == Certificate.Status.VALID
    assert not Credential.objects.filter(certificate=certificate).exists()


@pytest.mark.django_db
def test_the_private_key_is_stored_encrypted(signing_key, master_key, settings):
    stored = SigningKey.objects.get(pk=signing_key.pk).private_key_encrypted
    assert "PRIVATE KEY" not in stored
    assert keys.private_key(stored).as_dict(private=False)["x"] == signing_key.public_jwk["x"]
    from cryptography.fernet import Fernet

    settings.CREDENTIALS_MASTER_KEY = Fernet.generate_key().decode()
    with pytest.raises(ImproperlyConfigured):
        keys.private_key(stored)
    # A rotated master key: the new one first, the old one still decrypts.
    settings.CREDENTIALS_MASTER_KEY = f"{Fernet.generate_key().decode()},{master_key}"
    assert keys.private_key(stored) is not None


@pytest.mark.django_db
def test_making_a_key_twice_keeps_the_first_and_rotating_retires_it(federation, master_key,
                                                                   now):
    first = credential_services.make_signing_key(federation=federation, now=now)
    assert credential_services.make_signing_key(federation=federation, now=now) is None
    second = credential_services.make_signing_key(federation=federation, rotate=True, now=now)
    first.refresh_from_db()
    assert (first.retired_at, second.retired_at) == (now, None)
    assert selectors.active_key(federation=federation) == second


@pytest.mark.django_db
def test_revoking_the_certificate_revokes_its_credential(certificate, examiner, clock):
    services.revoke_certificate(certificate=certificate, reason="fraud", by=examiner,
                                now=clock())
    credential = Credential.objects.get(certificate=certificate)
    assert credential.revoked_at == clock()
    assert check(credential.jws, clock()) == "revoked"


@pytest.mark.django_db
def test_regrading_revokes_then_a_new_credential_when_it_passes_again(
    signing_key, enrolment, examiner, now, monkeypatch
):
    with monkeypatch.context() as patch:
        earlier_engine(patch)
        attempt = finished_attempt(enrolment, now, wrong_answer)
    certificate = Certificate.objects.get(attempt=attempt)
    first = Credential.objects.get(certificate=certificate)
    later = now + timedelta(days=1)
    regrading.regrade_exam(exam=enrolment.exam, by=examiner, now=later)  # now a fail
    assert check(first.jws, later) == "revoked"
    # The older engine again: a pass again; the revoked credential stays revoked.
    with monkeypatch.context() as patch:
        earlier_engine(patch)
        regrading.regrade_exam(exam=enrolment.exam, by=examiner, now=later)
    second = selectors.current_credential(certificate=certificate)
    assert second is not None and second.pk != first.pk
    assert (check(first.jws, later), check(second.jws, later)) == ("revoked", "valid")


@pytest.mark.django_db
def test_status_positions_are_distinct(signing_key, federation, bank, now, examiner):
    exam = make_exam(federation, now, slug="second", attempts_allowed=1)
    certificates = []
    for number in range(3):
        enrolment = services.enrol_candidate(exam=exam, full_name=f"Holder {number}",
                                             email=f"h{number}@example.org", by=examiner,
                                             now=now)
        certificates.append(pass_exam(enrolment, now=now))
    positions = Credential.objects.values_list("status_list", "status_index")
    assert len(set(positions)) == 3


# --- renewal -----------------------------------------------------------------------


def link(certificate: Any) -> str:
    return f"https://baize.example/certificate/{certificate.code}"


@pytest.mark.django_db
def test_reminders_go_60_and_14_days_before_expiry_once_each_in_the_holders_language(
    signing_key, enrolment, clock, settings
):
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    certificate = pass_exam(enrolment, now=clock(), language="pl")
    expiry = certificate.expires_at
    assert credential_services.send_renewal_reminders(link=link,
                                                      now=expiry - timedelta(days=61)) == 0
    assert credential_services.send_renewal_reminders(link=link,
                                                      now=expiry - timedelta(days=59)) == 1
    assert credential_services.send_renewal_reminders(link=link,
                                                      now=expiry - timedelta(days=58)) == 0
    assert credential_services.send_renewal_reminders(link=link,
                                                      now=expiry - timedelta(days=13)) == 1
    assert [m.to for m in mail.outbox] == [["anna@example.org"]] * 2
    assert "59" in mail.outbox[0].body and link(certificate) in mail.outbox[0].body
    assert "Sędzia poziom 1" in mail.outbox[0].subject
    assert set(RenewalReminder.objects.values_list("days_before", flat=True)) == {60, 14}


@pytest.mark.django_db
def test_a_revoked_certificate_gets_no_reminder(signing_key, enrolment, clock,
                                                          examiner, settings):
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    certificate = pass_exam(enrolment, now=clock())
    services.revoke_certificate(certificate=certificate, reason="error", by=examiner,
                                now=clock())
    due = certificate.expires_at - timedelta(days=30)
    assert credential_services.send_renewal_reminders(link=link, now=due) == 0


@pytest.mark.django_db
def test_the_examiner_enrols_expiring_holders_in_the_renewal_exam_in_one_step(
    signing_key, enrolment, clock, examiner, federation
):
    certificate = pass_exam(enrolment, now=clock())
    soon = certificate.expires_at - timedelta(days=80)
    expiring = list(selectors.expiring(federation=federation, now=soon))
    assert expiring == [certificate]
    assert list(selectors.expiring(federation=federation, now=soon - timedelta(days=20))) == []
    renewal = make_exam(federation, soon, slug="renewal")
    sent = []
    enrolled, skipped = credential_services.enrol_for_renewal(
        exam=renewal, certificates=expiring, by=examiner, now=soon, send=sent.extend)
    assert ([e.email for e in enrolled], skipped) == (["anna@example.org"], [])
    assert sent == enrolled
    again, skipped = credential_services.enrol_for_renewal(
        exam=renewal, certificates=expiring, by=examiner, now=soon, send=sent.extend)
    assert (again, skipped) == ([], ["anna@example.org"])
    # Renewed: a newer certificate of the federation for the same address leaves the list.
    pass_exam(enrolled[0], now=soon)
    assert list(selectors.expiring(federation=federation, now=soon)) == []
