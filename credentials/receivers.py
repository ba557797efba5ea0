"""The credentials follow their certificates (``exams.signals``): a valid certificate gets a
signed credential, a revoked one has all of its credentials revoked."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from exams.models import Certificate

from . import services


def issue_for_valid_certificate(
    *, certificate: Certificate, now: datetime, **_signal: Any
) -> None:
    # None while the federation has no signing key: the certificate stands without one.
    services.issue_credential(certificate=certificate, now=now)


def revoke_with_certificate(*, certificate: Certificate, now: datetime, **_signal: Any) -> None:
    services.revoke_credentials(certificate=certificate, now=now)
