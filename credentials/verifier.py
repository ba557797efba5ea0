"""Check an Open Badges 3.0 credential secured as a JWT: no Django, no database, no site.

Used by the command-line verifier (credentials/cli.py, given the issuer's published profile
and status list as files, or fetching them) and by the public verification page (which
looks both up in the database). The steps follow Open Badges 3.0 §8.2.4 (verify a
credential), the VC data model 2.0 (validity period) and Bitstring Status List v1.0 §3.2:

1. find the compact JWS (a ``.jwt`` text, the ``.json`` envelope, or a baked SVG badge);
2. find the public key its header names (``kid``) among the issuer's published keys;
3. check the signature: any changed character fails here (**tampered**);
4. check that the JWT claims say what the credential says (``iss``, ``sub``, ``jti``,
   ``nbf``, ``exp``) and that the key belongs to the issuer (**tampered** otherwise);
5. fetch the status list named by ``credentialStatus``, check its own signature and read the
   credential's bit (**revoked**);
6. compare the validity period with the clock (**expired**, **not yet valid**).

The verdict names each finding by a code; the page and the command turn codes into
sentences (the page in its reader's language).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any
from urllib.parse import unquote

from . import bitstring, jose

VALID = "valid"
EXPIRED = "expired"
REVOKED = "revoked"
TAMPERED = "tampered"
NOT_YET_VALID = "not_yet_valid"
UNREADABLE = "unreadable"

JWS_PATTERN = re.compile(r"^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*\.[A-Za-z0-9_-]+$")
ENVELOPE_PREFIX = "data:application/vc+jwt,"
#: Open Badges 3.0 §5.3.2 (SVG baking): the JWS is the ``verify`` attribute of this element.
BAKED_SVG = re.compile(r"<openbadges:credential\b[^>]*?\bverify\s*=\s*\"([^\"]*)\"", re.S)

KeyLookup = Callable[[str], Mapping[str, Any] | None]
ListLookup = Callable[[str], str | None]


@dataclass(frozen=True)
class Finding:
    code: str
    params: dict[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class Verdict:
    status: str
    findings: tuple[Finding, ...]
    credential: dict[str, Any] | None = None

    @property
    def codes(self) -> list[str]:
        return [finding.code for finding in self.findings]


class Unreadable(ValueError):
    def __init__(self, code: str) -> None:
        super().__init__(code)
        self.code = code


def extract_jws(data: bytes | str) -> str:
    """The compact JWS inside an uploaded file: ``.jwt`` text, ``.json`` envelope, baked SVG."""
    if isinstance(data, bytes):
        try:
            data = data.decode("utf-8-sig")
        except UnicodeDecodeError as error:
            raise Unreadable("not_text") from error
    text = data.strip()
    if JWS_PATTERN.match(text):
        return text
    baked = BAKED_SVG.search(text)
    if baked:
        return _checked(baked.group(1).strip())
    if text.startswith(("{", '"')):
        return _from_json(text)
    raise Unreadable("no_credential")


def _from_json(text: str) -> str:
    try:
        document = json.loads(text)
    except ValueError as error:
        raise Unreadable("not_json") from error
    if isinstance(document, str):
        return _checked(document)
    if isinstance(document, dict):
        # VC data model 2.0 §4.13: an EnvelopedVerifiableCredential carries the JWS as a data URL.
        identifier = document.get("id")
        if isinstance(identifier, str) and identifier.startswith(ENVELOPE_PREFIX):
            return _checked(unquote(identifier[len(ENVELOPE_PREFIX):]))
        if "proof" not in document and "credentialSubject" in document:
            raise Unreadable("unsigned")
    raise Unreadable("no_credential")


def _checked(token: str) -> str:
    if not JWS_PATTERN.match(token):
        raise Unreadable("no_credential")
    return token


def timestamp(value: Any) -> datetime | None:
    """An XML Schema dateTime with its time zone (``2026-12-02T10:00:00Z``) as UTC, or None."""
    if not isinstance(value, str) or not re.search(r"(Z|[+-]\d\d:\d\d)$", value):
        return None
    try:
        return datetime.fromisoformat(value.replace("Z", "+00:00")).astimezone(UTC)
    except ValueError:
        return None


def _id_of(value: Any) -> Any:
    return value.get("id") if isinstance(value, dict) else value


def verify(data: bytes | str, *, keys: KeyLookup, status_lists: ListLookup,
           now: datetime) -> Verdict:
    """The verdict on an uploaded credential (see the module docstring)."""
    try:
        token = extract_jws(data)
        kid = jose.header(token).get("kid")
    except Unreadable as error:
        return Verdict(UNREADABLE, (Finding(error.code),))
    except jose.BadJws:
        return Verdict(UNREADABLE, (Finding("no_credential"),))
    if not isinstance(kid, str) or keys(kid) is None:
        return Verdict(TAMPERED, (Finding("key_unknown", {"kid": str(kid)}),))
    try:
        credential = jose.verify(token, public_jwk=keys(kid) or {})
    except jose.BadJws:
        return Verdict(TAMPERED, (Finding("signature_bad"),))
    problems = claim_problems(credential, kid=kid)
    if problems:
        return Verdict(TAMPERED, tuple(problems), credential)
    findings = [Finding("signature_good", {"kid": kid})]
    revoked = _status(credential, keys=keys, status_lists=status_lists, findings=findings)
    valid_from = timestamp(credential.get("validFrom"))
    valid_until = timestamp(credential.get("validUntil"))
    if revoked:
        status = REVOKED
    elif valid_until is not None and now >= valid_until:
        status = EXPIRED
        findings.append(Finding("expired", {"at": credential["validUntil"]}))
    elif valid_from is not None and now < valid_from:
        status = NOT_YET_VALID
        findings.append(Finding("not_yet_valid", {"at": credential["validFrom"]}))
    else:
        status = VALID
    return Verdict(status, tuple(findings), credential)


def claim_problems(credential: Mapping[str, Any], *, kid: str) -> list[Finding]:
    """What makes a correctly signed payload not a credential of its issuer (OB 3.0 §8.2.4)."""
    problems = []
    types = credential.get("type")
    if not isinstance(types, list) or not {"VerifiableCredential", "OpenBadgeCredential"} <= set(
        types
    ):
        problems.append(Finding("not_a_badge"))
    issuer = _id_of(credential.get("issuer"))
    subject = _id_of(credential.get("credentialSubject"))
    expected = {"iss": issuer, "sub": subject, "jti": credential.get("id")}
    for claim, value in expected.items():
        if not isinstance(value, str) or credential.get(claim) != value:
            problems.append(Finding("claim_mismatch", {"claim": claim}))
    for claim, name in (("nbf", "validFrom"), ("exp", "validUntil")):
        moment = timestamp(credential.get(name))
        number = credential.get(claim)
        if name == "validFrom" and moment is None:
            problems.append(Finding("claim_mismatch", {"claim": name}))
        elif (moment is None) != (number is None) or (
            moment is not None and number != int(moment.timestamp())
        ):
            problems.append(Finding("claim_mismatch", {"claim": claim}))
    # The key must be one the issuer publishes under its own profile, not anybody's.
    if isinstance(issuer, str) and not kid.startswith(issuer.rstrip("/") + "/"):
        problems.append(Finding("key_not_issuers", {"kid": kid}))
    return problems


def _status(credential: Mapping[str, Any], *, keys: KeyLookup, status_lists: ListLookup,
            findings: list[Finding]) -> bool:
    """Whether the credential's bit is set; adds what was found to ``findings``."""
    entry = credential.get("credentialStatus")
    if not isinstance(entry, dict) or entry.get("type") != "BitstringStatusListEntry":
        findings.append(Finding("no_status"))
        return False
    url = entry.get("statusListCredential")
    try:
        index = int(entry.get("statusListIndex"))
    except (TypeError, ValueError):
        findings.append(Finding("status_unreadable"))
        return False
    token = status_lists(url) if isinstance(url, str) else None
    if token is None:
        findings.append(Finding("status_unchecked", {"url": str(url)}))
        return False
    status_list = _status_list(token, keys=keys, issuer=_id_of(credential.get("issuer")))
    if status_list is None:
        findings.append(Finding("status_list_bad", {"url": url}))
        return False
    subject = status_list.get("credentialSubject") or {}
    if subject.get("statusPurpose") != entry.get("statusPurpose"):
        findings.append(Finding("status_list_bad", {"url": url}))
        return False
    try:
        revoked = bitstring.is_set(subject.get("encodedList"), index)
    except bitstring.BadList:
        findings.append(Finding("status_list_bad", {"url": url}))
        return False
    findings.append(
        Finding("revoked" if revoked else "not_revoked",
                {"url": url, "checked": str(status_list.get("validFrom", ""))})
    )
    return revoked


def _status_list(token: str, *, keys: KeyLookup, issuer: Any) -> dict[str, Any] | None:
    """The status list credential once its issuer's key verifies it, else None."""
    try:
        kid = jose.header(token.strip()).get("kid")
        jwk = keys(kid) if isinstance(kid, str) else None
        if jwk is None:
            return None
        status_list = jose.verify(token.strip(), public_jwk=jwk)
    except jose.BadJws:
        return None
    types = status_list.get("type") or []
    if "BitstringStatusListCredential" not in types or _id_of(status_list.get("issuer")) != issuer:
        return None
    return status_list


def keys_from_documents(*documents: Mapping[str, Any]) -> dict[str, dict[str, Any]]:
    """Public keys by key id from published documents: an issuer profile (its
    ``verificationMethod`` list), a JWK Set (``keys``) or a single JWK with its ``kid``."""
    found: dict[str, dict[str, Any]] = {}
    for document in documents:
        for method in document.get("verificationMethod") or []:
            if isinstance(method, dict) and isinstance(method.get("publicKeyJwk"), dict):
                found[str(method.get("id"))] = method["publicKeyJwk"]
        for jwk in document.get("keys") or []:
            if isinstance(jwk, dict) and jwk.get("kid"):
                found[str(jwk["kid"])] = jwk
        if document.get("kty") and document.get("kid"):
            found[str(document["kid"])] = dict(document)
    return found
