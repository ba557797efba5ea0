"""A verifier's verdict in the reader's language: the headline and the reasons."""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext as _

from . import verifier


@dataclass(frozen=True)
class Explained:
    status: str
    headline: str
    reasons: list[str]

    @property
    def tone(self) -> str:
        """The certificate page's colours (exams.css): green, amber, red."""
        return {verifier.VALID: "valid", verifier.EXPIRED: "expired",
                verifier.NOT_YET_VALID: "expired"}.get(self.status, "revoked")


def headline(status: str) -> str:
    return {
        verifier.VALID: _("This credential is valid."),
        verifier.EXPIRED: _("This credential has expired."),
        verifier.REVOKED: _("This credential has been revoked."),
        verifier.TAMPERED: _("This credential has been tampered with: do not trust it."),
        verifier.NOT_YET_VALID: _("This credential is not valid yet."),
        verifier.UNREADABLE: _("This file holds no credential that can be checked."),
    }[status]


def reason(finding: verifier.Finding) -> str:
    params = finding.params
    sentences = {
        "not_text": _("The file is not text: a credential is a .json or .jwt text, or an SVG "
                      "badge."),
        "no_credential": _("No signed credential was found in it."),
        "not_json": _("It looks like JSON but cannot be read as JSON."),
        "unsigned": _("It is a credential without a signature: anybody could have written it."),
        "key_unknown": _("It is signed with a key that no federation on Baize publishes."),
        "signature_bad": _("Its signature does not match its content: something in it was "
                           "changed after it was signed."),
        "not_a_badge": _("It is signed, but it is not an Open Badges credential."),
        "claim_mismatch": _("Its signed claim “%(claim)s” contradicts the credential.")
        % {"claim": params.get("claim", "")},
        "key_not_issuers": _("It is signed with a key that is not its issuer's."),
        "signature_good": _("The signature is the issuer's, and nothing in the credential has "
                            "changed since it was signed."),
        "no_status": _("It names no status list, so a revocation could not be seen."),
        "status_unreadable": _("Its status entry cannot be read."),
        "status_unchecked": _("Its status list could not be fetched: whether it was revoked "
                              "is unknown."),
        "status_list_bad": _("Its status list is not one its issuer signed: whether it was "
                             "revoked is unknown."),
        "revoked": _("The issuer's status list says it has been revoked."),
        "not_revoked": _("The issuer's status list says it has not been revoked."),
        "expired": _("Its validity ended on %(date)s.") % {"date": _day(params.get("at"))},
        "not_yet_valid": _("It is valid from %(date)s.") % {"date": _day(params.get("at"))},
    }
    return sentences[finding.code]


def _day(value: str | None) -> str:
    from exams.templatetags.exam_tags import localdate

    moment = verifier.timestamp(value)
    return localdate(moment, "gregorian") if moment else (value or "")


def explain(verdict: verifier.Verdict) -> Explained:
    return Explained(verdict.status, headline(verdict.status),
                     [reason(finding) for finding in verdict.findings])
