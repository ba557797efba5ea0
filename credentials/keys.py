"""Signing keys: Ed25519 key pairs (joserfc), their private half encrypted at rest (Fernet).

The master key that encrypts every federation's private key comes from the environment
(``CREDENTIALS_MASTER_KEY``) or from a file the settings name
(``CREDENTIALS_MASTER_KEY_FILE``); it is never in the database. Several master keys may be
given, separated by commas, newest first: older ones still decrypt (a rotation of the master
key, see docs/credentials.md).
"""

from __future__ import annotations

import os
import secrets
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

from cryptography.fernet import Fernet, InvalidToken, MultiFernet
from django.conf import settings
from django.core.exceptions import ImproperlyConfigured
from joserfc.jwk import OKPKey


class MasterKeyMissing(ImproperlyConfigured):
    """Neither CREDENTIALS_MASTER_KEY nor a readable CREDENTIALS_MASTER_KEY_FILE is set."""


@dataclass(frozen=True)
class NewKey:
    kid: str
    public_jwk: dict[str, Any]
    private_key_encrypted: str


def _master_keys_text() -> str:
    if getattr(settings, "CREDENTIALS_MASTER_KEY", ""):
        return settings.CREDENTIALS_MASTER_KEY
    path = getattr(settings, "CREDENTIALS_MASTER_KEY_FILE", "")
    if path and Path(path).is_file():
        return Path(path).read_text().strip()
    raise MasterKeyMissing(
        "Set CREDENTIALS_MASTER_KEY or CREDENTIALS_MASTER_KEY_FILE to sign credentials."
    )


def master_key_available() -> bool:
    try:
        _master_keys_text()
    except MasterKeyMissing:
        return False
    return True


def _fernet() -> MultiFernet:
    keys = [part.strip() for part in _master_keys_text().split(",") if part.strip()]
    try:
        return MultiFernet([Fernet(key) for key in keys])
    except ValueError as error:
        raise ImproperlyConfigured(f"A credentials master key is malformed: {error}") from error


def create_master_key_file(path: Path) -> bool:
    """Write a new random master key to ``path`` (mode 0600) unless it exists; True if written."""
    if path.exists():
        return False
    path.parent.mkdir(parents=True, exist_ok=True)
    descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(descriptor, "w") as handle:
        handle.write(Fernet.generate_key().decode() + "\n")
    return True


def new_kid(*, now: datetime) -> str:
    """A key id that says when the key was made and cannot be guessed from that.

    >>> from datetime import datetime
    >>> kid = new_kid(now=datetime(2026, 12, 2))
    >>> kid.startswith("2026-12-02-"), len(kid)
    (True, 19)
    """
    return f"{now:%Y-%m-%d}-{secrets.token_hex(4)}"


def generate(*, now: datetime) -> NewKey:
    """A new Ed25519 key pair: its public JWK and its encrypted private key."""
    kid = new_kid(now=now)
    key = OKPKey.generate_key("Ed25519", private=True)
    public = {**key.as_dict(private=False), "kid": kid, "alg": "EdDSA", "use": "sig"}
    encrypted = _fernet().encrypt(key.as_pem(private=True)).decode()
    return NewKey(kid=kid, public_jwk=public, private_key_encrypted=encrypted)


def private_key(encrypted: str) -> OKPKey:
    """The usable private key; :class:`ImproperlyConfigured` when the master key is wrong."""
    try:
        pem = _fernet().decrypt(encrypted.encode())
    except InvalidToken as error:
        raise ImproperlyConfigured(
            "The credentials master key does not decrypt this signing key."
        ) from error
    return OKPKey.import_key(pem)
