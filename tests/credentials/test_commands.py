"""make_signing_key, issue_credentials, send_renewal_reminders."""

from __future__ import annotations

import stat
from datetime import timedelta
from io import StringIO

import pytest
from django.core import mail
from django.core.management import CommandError, call_command

from credentials.models import SigningKey
from tests.credentials.conftest import pass_exam


def command(*args: str) -> str:
    out = StringIO()
    call_command(*args, stdout=out)
    return out.getvalue()


@pytest.mark.django_db
def test_make_signing_key_makes_the_master_key_file_once_and_is_idempotent(federation, settings,
                                                                          tmp_path):
    settings.CREDENTIALS_MASTER_KEY = ""
    settings.CREDENTIALS_MASTER_KEY_FILE = str(tmp_path / "dev" / "master.key")
    with pytest.raises(CommandError):
        command("make_signing_key", federation.slug)  # no master key yet
    first = command("make_signing_key", federation.slug, "--create-master-key-file")
    assert "New master key written" in first and "new signing key" in first
    mode = (tmp_path / "dev" / "master.key").stat().st_mode
    assert stat.S_IMODE(mode) == 0o600
    again = command("make_signing_key", federation.slug, "--create-master-key-file")
    assert "has a signing key already" in again and "New master key" not in again
    command("make_signing_key", federation.slug, "--rotate")
    assert SigningKey.objects.filter(federation=federation).count() == 2
    with pytest.raises(CommandError):
        command("make_signing_key", "no-such-federation")


@pytest.mark.django_db
def test_issue_credentials_and_send_renewal_reminders(enrolment, master_key, clock, settings):
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    certificate = pass_exam(enrolment, now=clock())  # no key yet: no credential
    command("make_signing_key", "--all")
    assert command("issue_credentials") == "1 credential(s) issued.\n"
    assert command("issue_credentials") == "0 credential(s) issued.\n"
    clock.moment = certificate.expires_at - timedelta(days=10)
    assert command("send_renewal_reminders") == "1 reminder(s) sent.\n"
    assert f"/en/exams/verify/{certificate.code}/" in mail.outbox[0].body
