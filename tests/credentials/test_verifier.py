"""The verifier's verdicts: tampered, revoked, expired, rotated keys, the file forms."""

from __future__ import annotations

import base64
import json
from datetime import timedelta
from typing import Any

import pytest

from credentials import baking, documents, selectors, verifier
from credentials import services as credential_services
from exams import services


def keys_now(kid: str) -> dict[str, Any] | None:
    return selectors.key_by_url(kid)


def lists_now(now: Any) -> Any:
    return lambda url: selectors.status_list_by_url(url, now=now)


def check(data: Any, now: Any) -> verifier.Verdict:
    return verifier.verify(data, keys=keys_now, status_lists=lists_now(now), now=now)


def jws_of(certificate: Any) -> str:
    return selectors.current_credential(certificate=certificate).jws


@pytest.mark.django_db
def test_a_fresh_credential_is_valid_and_names_its_holder(certificate, clock):
    verdict = check(jws_of(certificate), clock())
    assert verdict.status == verifier.VALID, verdict
    assert verdict.codes == ["signature_good", "not_revoked"]
    identities = verdict.credential["credentialSubject"]["identifier"]
    assert {"identityType": "name", "identityHash": "Anna Kowalska", "hashed": False,
            "type": "IdentityObject"} in identities


@pytest.mark.django_db
@pytest.mark.parametrize("part", [0, 1, 2])
def test_one_changed_character_anywhere_fails_verification(certificate, clock, part):
    token = jws_of(certificate)
    parts = token.split(".")
    # Change one character in the middle of the header, the payload or the signature.
    middle = len(parts[part]) // 2
    original = parts[part][middle]
    parts[part] = parts[part][:middle] + ("A" if original != "A" else "B") + parts[part][
        middle + 1:]
    verdict = check(".".join(parts), clock())
    assert verdict.status in (verifier.TAMPERED, verifier.UNREADABLE), verdict
    assert verdict.status != verifier.VALID


@pytest.mark.django_db
def test_a_changed_score_in_the_payload_is_tampering(certificate, clock):
    header, payload, signature = jws_of(certificate).split(".")
    document = json.loads(base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4)))
    document["credentialSubject"]["result"][0]["value"] = "100"
    forged = base64.urlsafe_b64encode(json.dumps(document).encode()).decode().rstrip("=")
    verdict = check(f"{header}.{forged}.{signature}", clock())
    assert (verdict.status, verdict.codes) == (verifier.TAMPERED, ["signature_bad"])


@pytest.mark.django_db
def test_a_revoked_certificate_reads_revoked_once_the_status_list_is_fetched_again(
    certificate, examiner, clock
):
    token = jws_of(certificate)
    list_before = selectors.status_list_by_url(
        json.loads(base64.urlsafe_b64decode(token.split(".")[1] + "==="))["credentialStatus"][
            "statusListCredential"], now=clock())
    services.revoke_certificate(certificate=certificate, reason="cheated", by=examiner,
                                now=clock())
    # The list fetched before the revocation still says "not revoked"…
    stale = verifier.verify(token, keys=keys_now, status_lists=lambda url: list_before,
                            now=clock())
    assert stale.status == verifier.VALID
    # …the list fetched again says "revoked".
    verdict = check(token, clock())
    assert verdict.status == verifier.REVOKED, verdict
    assert "revoked" in verdict.codes


@pytest.mark.django_db
def test_an_expired_credential_reads_expired(certificate, clock):
    token = jws_of(certificate)
    later = certificate.expires_at + timedelta(seconds=1)
    verdict = check(token, later)
    assert verdict.status == verifier.EXPIRED
    assert verdict.codes[-1] == "expired"
    assert check(token, certificate.expires_at - timedelta(seconds=1)).status == verifier.VALID


@pytest.mark.django_db
def test_a_rotated_key_still_verifies_an_old_credential(certificate, federation, clock,
                                                       enrolment):
    old_token = jws_of(certificate)
    new_key = credential_services.make_signing_key(federation=federation, rotate=True,
                                                   now=clock())
    assert new_key is not None
    old_kid = verifier.jose.header(old_token)["kid"]
    assert not old_kid.endswith(new_key.kid)
    assert check(old_token, clock()).status == verifier.VALID
    # The issuer profile publishes both keys; a credential issued now uses the new one.
    profile = selectors.issuer_document(federation=federation)
    assert len(profile["verificationMethod"]) == 2
    fresh = credential_services.issue_credential(certificate=certificate, now=clock())
    assert verifier.jose.header(fresh.jws)["kid"].endswith(new_key.kid)
    assert check(fresh.jws, clock()).status == verifier.VALID


@pytest.mark.django_db
def test_a_key_of_another_issuer_is_refused(certificate, other_federation, clock):
    other_key = credential_services.make_signing_key(federation=other_federation, now=clock())
    token = jws_of(certificate)
    payload = json.loads(base64.urlsafe_b64decode(token.split(".")[1] + "==="))
    from credentials import jose, keys

    forged = jose.sign(payload, key=keys.private_key(other_key.private_key_encrypted),
                       kid_url=documents.kid_url(other_federation, other_key.kid))
    verdict = check(forged, clock())
    assert verdict.status == verifier.TAMPERED
    assert verdict.codes == ["key_not_issuers"]


@pytest.mark.django_db
def test_the_json_envelope_and_the_baked_badge_carry_the_same_credential(certificate, clock):
    token = jws_of(certificate)
    envelope = json.dumps(documents.envelope(token))
    badge = baking.bake('<svg xmlns="http://www.w3.org/2000/svg"><circle r="1"/></svg>',
                        jws=token)
    assert verifier.extract_jws(envelope) == token
    assert verifier.extract_jws(badge.encode()) == token
    assert check(badge, clock()).status == verifier.VALID


@pytest.mark.parametrize(("data", "code"), [
    (b"\xff\xfe\x00garbage", "not_text"),
    ("hello", "no_credential"),
    ("{not json", "not_json"),
    (json.dumps({"credentialSubject": {}, "type": ["VerifiableCredential"]}), "unsigned"),
    ("<svg><openbadges:credential verify='x'></openbadges:credential></svg>", "no_credential"),
])
def test_what_holds_no_credential_is_unreadable(data, code):
    verdict = verifier.verify(data, keys=lambda kid: None, status_lists=lambda url: None,
                              now=None)
    assert (verdict.status, verdict.codes) == (verifier.UNREADABLE, [code])


@pytest.mark.django_db
def test_without_its_status_list_the_verdict_says_revocation_is_unknown(certificate, clock):
    verdict = verifier.verify(jws_of(certificate), keys=keys_now,
                              status_lists=lambda url: None, now=clock())
    assert verdict.status == verifier.VALID
    assert verdict.codes == ["signature_good", "status_unchecked"]


@pytest.mark.django_db
def test_no_single_character_can_change_anywhere_in_the_credential(certificate, federation,
                                                                   clock):
    token = jws_of(certificate)
    keys = verifier.keys_from_documents(selectors.issuer_document(federation=federation))
    alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
    assert verifier.verify(token, keys=keys.get, status_lists=lambda url: None,
                           now=clock()).status == verifier.VALID
    accepted = []
    for position, character in enumerate(token):
        if character == ".":
            continue
        other = alphabet[(alphabet.index(character) + 1 + position % 63) % len(alphabet)]
        assert other != character
        changed = token[:position] + other + token[position + 1:]
        verdict = verifier.verify(changed, keys=keys.get, status_lists=lambda url: None,
                                  now=clock())
        if verdict.status == verifier.VALID:
            accepted.append(position)
    assert accepted == []
