"""The command-line verifier: no database, no Django, no site unless asked to fetch.

    python -m credentials verify credential.json --issuer issuer.json --status-list status.jwt
    python -m credentials verify badge.svg --online      # fetch the key and the status list

``--issuer`` takes the issuer profile (``/credentials/issuers/<slug>``), a JWK Set or one JWK;
``--status-list`` the status list as published (``…/status/<n>``). Offline, a credential whose
status list is not given is checked without it, and the verdict says so. Exit status: 0 when
the credential is valid, 1 otherwise.
"""

from __future__ import annotations

import argparse
import base64
import json
import sys
import urllib.request
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from . import verifier

SENTENCES = {
    "not_text": "The file is not text.",
    "no_credential": "No signed credential was found in it.",
    "not_json": "It looks like JSON but cannot be read as JSON.",
    "unsigned": "It is a credential without a signature.",
    "key_unknown": "It is signed with a key that is not among the issuer's keys given ({kid}).",
    "signature_bad": "Its signature does not match its content: it was changed after signing.",
    "not_a_badge": "It is signed, but it is not an Open Badges credential.",
    "claim_mismatch": "Its signed claim '{claim}' contradicts the credential.",
    "key_not_issuers": "It is signed with a key that is not its issuer's ({kid}).",
    "signature_good": "The signature is the issuer's ({kid}); nothing has changed since.",
    "no_status": "It names no status list.",
    "status_unreadable": "Its status entry cannot be read.",
    "status_unchecked": "Its status list was not given or fetched ({url}): revocation unknown.",
    "status_list_bad": "Its status list is not one its issuer signed ({url}).",
    "revoked": "The issuer's status list says it is revoked ({url}).",
    "not_revoked": "The issuer's status list says it is not revoked ({url}).",
    "expired": "Its validity ended at {at}.",
    "not_yet_valid": "It is valid from {at}.",
}
HEADLINES = {
    verifier.VALID: "valid",
    verifier.EXPIRED: "expired",
    verifier.REVOKED: "revoked",
    verifier.TAMPERED: "tampered",
    verifier.NOT_YET_VALID: "not yet valid",
    verifier.UNREADABLE: "unreadable",
}


def payload_of(token: str) -> dict[str, Any]:
    """A JWS's payload, unverified: only to learn a status list's own address."""
    body = token.strip().split(".")[1]
    return json.loads(base64.urlsafe_b64decode(body + "=" * (-len(body) % 4)))


def fetch(url: str) -> str | None:
    if not url.startswith(("https://", "http://")):
        return None
    try:
        with urllib.request.urlopen(url, timeout=10) as response:  # noqa: S310 - http(s) only
            return response.read(2_000_000).decode("utf-8")
    except (OSError, ValueError):
        return None


def verify_files(path: Path, *, issuers: list[Path], status_lists: list[Path], online: bool,
                 now: datetime) -> verifier.Verdict:
    known_keys = verifier.keys_from_documents(*(json.loads(p.read_text()) for p in issuers))
    lists = {}
    for status_path in status_lists:
        token = status_path.read_text().strip()
        lists[str(payload_of(token).get("id"))] = token

    def key(kid: str) -> dict[str, Any] | None:
        if kid in known_keys:
            return known_keys[kid]
        fetched = fetch(kid) if online else None
        return json.loads(fetched) if fetched else None

    def status_list(url: str) -> str | None:
        return lists.get(url) or (fetch(url) if online else None)

    return verifier.verify(path.read_bytes(), keys=key, status_lists=status_list, now=now)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m credentials", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    commands = parser.add_subparsers(dest="command", required=True)
    check = commands.add_parser("verify", help="check a credential file (.json, .jwt, .svg)")
    check.add_argument("file", type=Path)
    check.add_argument("--issuer", type=Path, action="append", default=[],
                       help="the issuer's profile, a JWK Set or a JWK (repeatable)")
    check.add_argument("--status-list", type=Path, action="append", default=[],
                       help="a status list as published (repeatable)")
    check.add_argument("--online", action="store_true",
                       help="fetch keys and status lists not given as files")
    check.add_argument("--now", help="check as at this moment (ISO 8601 with a time zone)")
    options = parser.parse_args(argv)
    now = verifier.timestamp(options.now) if options.now else datetime.now(UTC)
    if now is None:
        parser.error("--now takes a date and time with its zone, e.g. 2027-01-01T00:00:00Z")
    verdict = verify_files(options.file, issuers=options.issuer,
                           status_lists=options.status_list, online=options.online, now=now)
    print(HEADLINES[verdict.status])
    for finding in verdict.findings:
        print("  - " + SENTENCES[finding.code].format(**finding.params))
    return 0 if verdict.status == verifier.VALID else 1


if __name__ == "__main__":
    sys.exit(main())
