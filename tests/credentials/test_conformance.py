"""Conformance: the signed credential validates against the Open Badges 3.0 JSON Schema and
uses only terms its two JSON-LD contexts define (the project's copies, credentials/spec/)."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft201909Validator, FormatChecker

from credentials import documents, selectors, verifier

SPEC = Path(__file__).resolve().parents[2] / "credentials" / "spec"
#: Terms of the VC 2.0 Recommendation's context that the stored draft lacks (SOURCES.md).
RECOMMENDATION_ONLY = {
    "iss", "sub", "jti", "nbf", "exp",
    "BitstringStatusListEntry", "BitstringStatusListCredential", "BitstringStatusList",
    "statusPurpose", "statusListIndex", "statusListCredential", "encodedList", "ttl",
}


def schema_for_vc2() -> dict[str, Any]:
    """The stored schema with VC data model 2.0's names for the validity period."""
    schema = json.loads((SPEC / "ob_v3p0_achievementcredential_schema.json").read_text())
    vc2 = copy.deepcopy(schema)
    vc2["required"] = ["validFrom" if name == "issuanceDate" else name
                       for name in schema["required"]]
    vc2["properties"]["validFrom"] = schema["properties"]["issuanceDate"]
    vc2["properties"]["validUntil"] = schema["properties"]["expirationDate"]
    return vc2


def schema_errors(document: dict[str, Any]) -> list[str]:
    validator = Draft201909Validator(schema_for_vc2(), format_checker=FormatChecker())
    return [f"{list(error.path)}: {error.message}" for error in validator.iter_errors(document)]


def defined_terms(node: Any) -> set[str]:
    """Every term a context defines, in its scoped contexts too."""
    terms: set[str] = set()
    if isinstance(node, dict):
        for key, value in node.items():
            if not key.startswith("@"):
                terms.add(key)
            if isinstance(value, dict):
                terms |= defined_terms(value.get("@context", {}))
    return terms


def used_terms(node: Any) -> set[str]:
    """Every property name and type name a document uses (its @context aside)."""
    terms: set[str] = set()
    if isinstance(node, dict):
        for key, value in node.items():
            if key == "@context":
                continue
            terms.add(key)
            if key == "type":
                terms |= set(value if isinstance(value, list) else [value])
            terms |= used_terms(value)
    elif isinstance(node, list):
        for item in node:
            terms |= used_terms(item)
    return terms


def context_terms() -> set[str]:
    vc = json.loads((SPEC / "credentials-v2.jsonld").read_text())["@context"]
    ob = json.loads((SPEC / "context-3.0.3.json").read_text())["@context"]
    return defined_terms(vc) | defined_terms(ob) | {"id", "type"}


def payload(certificate: Any, now: Any) -> dict[str, Any]:
    token = selectors.current_credential(certificate=certificate).jws
    verdict = verifier.verify(token, keys=selectors.key_by_url,
                              status_lists=lambda url: selectors.status_list_by_url(url, now=now),
                              now=now)
    assert verdict.status == verifier.VALID
    return verdict.credential


@pytest.mark.django_db
@pytest.mark.parametrize("language", ["en", "fa"])
def test_the_credential_validates_against_the_open_badges_schema(signing_key, enrolment, clock,
                                                                 language):
    from tests.credentials.conftest import pass_exam

    certificate = pass_exam(enrolment, now=clock(), language=language)
    document = payload(certificate, clock())
    assert schema_errors(document) == []
    assert document["@context"] == [documents.VC_CONTEXT, documents.OB_CONTEXT]
    assert document["type"] == ["VerifiableCredential", "OpenBadgeCredential"]


@pytest.mark.django_db
def test_the_schema_refuses_what_open_badges_requires(certificate, clock):
    document = payload(certificate, clock())
    del document["credentialSubject"]["achievement"]["criteria"]
    del document["validFrom"]
    errors = schema_errors(document)
    assert any("'criteria' is a required property" in error for error in errors), errors
    assert any("'validFrom' is a required property" in error for error in errors), errors


@pytest.mark.django_db
def test_every_term_of_the_credential_is_defined_by_its_contexts(certificate, clock):
    undefined = used_terms(payload(certificate, clock())) - context_terms() - RECOMMENDATION_ONLY
    assert undefined == set()


@pytest.mark.django_db
def test_every_term_of_the_status_list_is_defined(certificate, federation, clock):
    from credentials import verifier as checker

    token = selectors.status_list_jws(federation=federation, number=1, now=clock())
    kid = checker.jose.header(token)["kid"]
    status_list = checker.jose.verify(token, public_jwk=selectors.key_by_url(kid))
    assert used_terms(status_list) - context_terms() - RECOMMENDATION_ONLY == set()
    assert status_list["credentialSubject"]["statusPurpose"] == "revocation"


def test_an_undefined_term_would_be_caught():
    assert used_terms({"credentialSubject": {"favouriteColour": "green"}}) - context_terms() == {
        "favouriteColour"}
