"""The JSON documents Baize publishes and signs: credential, issuer profile, status list.

Addresses are absolute, built on ``settings.CREDENTIALS_BASE_URL`` (a credential is issued
by cron too, with no request to take a host from). What each field means: docs/credentials.md.
"""

from __future__ import annotations

import hashlib
import secrets
import uuid
from collections.abc import Iterable
from datetime import UTC, datetime
from typing import Any

from django.conf import settings
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext as _

from quiz.editions import edition_label, variant_label
from quiz.numbers import format_number

VC_CONTEXT = "https://www.w3.org/ns/credentials/v2"
OB_CONTEXT = "https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json"
LANGUAGES = ("en", "fr", "ru", "fa", "pl")


def absolute(path: str) -> str:
    return settings.CREDENTIALS_BASE_URL.rstrip("/") + path


def issuer_id(federation: Any) -> str:
    return absolute(reverse("credentials_api:issuer", args=[federation.slug]))


def kid_url(federation: Any, kid: str) -> str:
    return absolute(reverse("credentials_api:key", args=[federation.slug, kid]))


def status_list_url(federation: Any, number: int) -> str:
    return absolute(reverse("credentials_api:status_list", args=[federation.slug, number]))


def iso(moment: datetime) -> str:
    """XML Schema dateTime in UTC, to the second (``2026-12-02T10:00:00Z``)."""
    return moment.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def public_jwk(key: Any, federation: Any) -> dict[str, Any]:
    """A signing key's public JWK as published, its ``kid`` the URL that dereferences it."""
    return {**key.public_jwk, "kid": kid_url(federation, key.kid)}


def _names(federation: Any) -> dict[str, str]:
    names = {}
    for language in LANGUAGES:
        name = getattr(federation, f"name_{language}", "") or federation.name
        names[language] = name
    return names


def issuer_profile(*, federation: Any, keys: Iterable[Any], url: str, email: str) -> dict:
    """The issuer's Profile (OB 3.0 §B.1.17) with every public key it ever signed with.

    Its name is English (``name``) and in each language of the site: Open Badges 3.0 has
    no multilingual string yet, so the other four follow its draft localisation form
    (``localizationData``, ob_v3p0/l10n.md).
    """
    identifier = issuer_id(federation)
    names = _names(federation)
    methods = [
        {"id": kid_url(federation, key.kid), "type": "JsonWebKey", "controller": identifier,
         "publicKeyJwk": public_jwk(key, federation),
         **({"revoked": iso(key.retired_at)} if key.retired_at else {})}
        for key in keys
    ]
    profile = {
        "@context": [VC_CONTEXT, OB_CONTEXT],
        "id": identifier,
        "type": ["Profile"],
        "name": names["en"],
        "url": url or absolute("/"),
        "verificationMethod": methods,
        "assertionMethod": [method["id"] for method in methods],
        "localizationData": {"local": {"items": [{
            "select": "$.name",
            "apply": [{"language": lang, "value": names[lang]} for lang in LANGUAGES],
        }]}},
    }
    if email:
        profile["email"] = email
    return profile


def _achievement(*, certificate: Any, exam: Any, federation: Any, attempt: Any) -> dict:
    """The qualification the exam awards, in the active language (the certificate's)."""
    issuer = issuer_id(federation)
    rules = ", ".join([str(edition_label(attempt.edition))]
                      + [str(variant_label(name)) for name in attempt.variants])
    achievement_id = f"urn:uuid:{uuid.uuid5(uuid.NAMESPACE_URL, f'{issuer}#exam={exam.slug}')}"
    score_id = f"urn:uuid:{uuid.uuid5(uuid.NAMESPACE_URL, f'{issuer}#exam={exam.slug}#score')}"
    return {
        "id": achievement_id,
        "type": ["Achievement"],
        "achievementType": "Certification",
        "name": exam.name,
        "description": _(
            "A snooker referee's certification: %(federation)s tested that the holder applies "
            "the rules of snooker as a referee must."
        ) % {"federation": federation.name},
        "criteria": {"narrative": _(
            "Pass the timed, closed-book exam “%(exam)s” of %(federation)s with a score of at "
            "least %(pass_mark)s %%. Every answer is graded by the rules: %(rules)s."
        ) % {"exam": exam.name, "federation": federation.name,
             "pass_mark": format_number(exam.pass_mark), "rules": rules}},
        "resultDescription": [{
            "id": score_id, "type": ["ResultDescription"], "name": _("Score (%)"),
            "resultType": "Percent", "valueMin": "0", "valueMax": "100",
            "requiredValue": str(exam.pass_mark),
        }],
    }


def credential_payload(*, credential_uuid: uuid.UUID, subject_uuid: uuid.UUID, certificate: Any,
                       status_entry: dict, issued_at: datetime, email_salt: str) -> dict:
    """The OpenBadgeCredential of ``certificate`` with its JWT claims (OB 3.0 §8.2.3),
    in the certificate's language."""
    attempt = certificate.attempt
    exam = attempt.enrolment.exam
    federation = exam.federation
    with translation.override(certificate.language):
        achievement = _achievement(certificate=certificate, exam=exam, federation=federation,
                                   attempt=attempt)
        issuer = {"id": issuer_id(federation), "type": ["Profile"], "name": federation.name,
                  "url": _issuer_url(federation)}
        description = _("%(holder)s passed “%(exam)s” of %(federation)s.") % {
            "holder": certificate.holder_name, "exam": exam.name, "federation": federation.name}
    email = attempt.enrolment.email.strip().lower()
    subject = {
        "id": f"urn:uuid:{subject_uuid}",
        "type": ["AchievementSubject"],
        "identifier": [
            {"type": "IdentityObject", "identityType": "name", "hashed": False,
             "identityHash": certificate.holder_name},
            {"type": "IdentityObject", "identityType": "emailAddress", "hashed": True,
             "identityHash": "sha256$" + hashlib.sha256((email + email_salt).encode()).hexdigest(),
             "salt": email_salt},
        ],
        "achievement": achievement,
        "result": [{"type": ["Result"], "resultDescription": achievement["resultDescription"][0]
                    ["id"], "value": f"{attempt.score:g}"}],
        "licenseNumber": certificate.code,
    }
    credential = {
        "@context": [VC_CONTEXT, OB_CONTEXT],
        "id": f"urn:uuid:{credential_uuid}",
        "type": ["VerifiableCredential", "OpenBadgeCredential"],
        "name": achievement["name"],
        "description": description,
        "issuer": issuer,
        "validFrom": iso(issued_at),
        "credentialSubject": subject,
        "credentialStatus": status_entry,
    }
    if certificate.expires_at:
        credential["validUntil"] = iso(certificate.expires_at)
    return with_claims(credential)


def with_claims(credential: dict) -> dict:
    """The JWT claims OB 3.0 §8.2.3 requires beside the credential's own fields."""
    from .verifier import timestamp

    claims = {"iss": credential["issuer"]["id"] if isinstance(credential["issuer"], dict)
              else credential["issuer"], "jti": credential["id"],
              "nbf": int(timestamp(credential["validFrom"]).timestamp())}
    subject = credential.get("credentialSubject", {})
    if isinstance(subject, dict) and subject.get("id"):
        claims["sub"] = subject["id"]
    if credential.get("validUntil"):
        claims["exp"] = int(timestamp(credential["validUntil"]).timestamp())
    return {**credential, **claims}


def status_entry(*, federation: Any, number: int, index: int) -> dict:
    url = status_list_url(federation, number)
    return {"id": f"{url}#{index}", "type": "BitstringStatusListEntry",
            "statusPurpose": "revocation", "statusListIndex": str(index),
            "statusListCredential": url}


def status_list_payload(*, federation: Any, number: int, encoded: str, now: datetime,
                        ttl_seconds: int) -> dict:
    """The BitstringStatusListCredential (Bitstring Status List v1.0 §2.2)."""
    url = status_list_url(federation, number)
    return with_claims({
        "@context": [VC_CONTEXT],
        "id": url,
        "type": ["VerifiableCredential", "BitstringStatusListCredential"],
        "issuer": issuer_id(federation),
        "validFrom": iso(now),
        "credentialSubject": {"id": f"{url}#list", "type": "BitstringStatusList",
                              "statusPurpose": "revocation", "encodedList": encoded,
                              "ttl": ttl_seconds * 1000},
    })


def envelope(jws: str) -> dict:
    """The credential as JSON: a VC data model 2.0 EnvelopedVerifiableCredential (§4.13)."""
    return {"@context": VC_CONTEXT, "id": f"data:application/vc+jwt,{jws}",
            "type": "EnvelopedVerifiableCredential"}


def new_salt() -> str:
    return secrets.token_hex(8)


def _issuer_url(federation: Any) -> str:
    from .models import IssuerProfile

    url = IssuerProfile.objects.filter(federation=federation).values_list("url", flat=True).first()
    return url or absolute("/")
