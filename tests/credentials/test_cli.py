"""The command-line verifier, offline: given the issuer's profile and status list as files,
without Django's database (it imports nothing of Django)."""

from __future__ import annotations

import subprocess
import sys
from datetime import timedelta
from pathlib import Path

import pytest
from django.urls import reverse

from credentials import cli, selectors
from exams import services

ROOT = Path(__file__).resolve().parents[2]


def published(client, path: str) -> str:
    response = client.get(path)
    assert response.status_code == 200
    return response.content.decode()


@pytest.fixture
def files(client, certificate, federation, tmp_path):
    """The holder's credential and what the issuer publishes, saved as files."""
    (tmp_path / "credential.jwt").write_text(selectors.current_credential(
        certificate=certificate).jws)
    (tmp_path / "issuer.json").write_text(
        published(client, reverse("credentials_api:issuer", args=[federation.slug])))
    (tmp_path / "status.jwt").write_text(
        published(client, reverse("credentials_api:status_list", args=[federation.slug, 1])))
    return tmp_path


def run(*args: str) -> subprocess.CompletedProcess:
    """``python -m credentials`` in a fresh interpreter with no Django settings at all."""
    env = {"PATH": "/usr/bin:/bin", "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-m", "credentials", *args], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=60)


@pytest.mark.django_db
def test_offline_the_verifier_says_valid_then_revoked_with_the_new_status_list(
    files, client, certificate, federation, examiner, clock
):
    arguments = ["verify", str(files / "credential.jwt"), "--issuer", str(files / "issuer.json"),
                 "--status-list", str(files / "status.jwt")]
    valid = run(*arguments)
    assert (valid.returncode, valid.stdout.splitlines()[0]) == (0, "valid"), valid.stderr
    services.revoke_certificate(certificate=certificate, reason="fraud", by=examiner,
                                now=clock())
    (files / "status.jwt").write_text(
        published(client, reverse("credentials_api:status_list", args=[federation.slug, 1])))
    revoked = run(*arguments)
    assert (revoked.returncode, revoked.stdout.splitlines()[0]) == (1, "revoked")


@pytest.mark.django_db
def test_offline_without_the_status_list_revocation_is_unknown_and_dates_still_count(
    files, certificate
):
    common = [str(files / "credential.jwt"), "--issuer", str(files / "issuer.json")]
    assert cli.main(["verify", *common]) == 0
    later = (certificate.expires_at + timedelta(seconds=1)).strftime("%Y-%m-%dT%H:%M:%SZ")
    assert cli.main(["verify", *common, "--now", later]) == 1


@pytest.mark.django_db
def test_offline_a_changed_character_reads_tampered(files, capsys):
    token = (files / "credential.jwt").read_text()
    middle = len(token) // 2
    (files / "forged.jwt").write_text(token[:middle] + ("x" if token[middle] != "x" else "y")
                                      + token[middle + 1:])
    code = cli.main(["verify", str(files / "forged.jwt"), "--issuer", str(files / "issuer.json")])
    assert code == 1
    assert capsys.readouterr().out.splitlines()[0] in {"tampered", "unreadable"}
