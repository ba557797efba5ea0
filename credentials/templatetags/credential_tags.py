"""The certificate page's credential panel and the PDF's credential id."""

from __future__ import annotations

from typing import Any

from django import template

from .. import selectors

register = template.Library()


@register.inclusion_tag("credentials/_credential_panel.html", takes_context=True)
def credential_panel(context: Any, certificate: Any, status: str) -> dict[str, Any]:
    """Downloads for the holder and his examiners, the credential's id, when it expires and
    how to renew it."""
    request = context.get("request")
    user = getattr(request, "user", None)
    return {
        "certificate": certificate,
        "status": status,
        "federation": certificate.attempt.enrolment.exam.federation,
        "credential": selectors.current_credential(certificate=certificate),
        "may_download": user is not None and selectors.may_download(user=user,
                                                                    certificate=certificate),
    }


@register.inclusion_tag("credentials/_pdf_credential_line.html")
def credential_pdf_line(certificate: Any) -> dict[str, Any]:
    """The PDF's line naming the id (``urn:uuid:…``) of the certificate's credential."""
    return {"credential": selectors.current_credential(certificate=certificate)}


@register.inclusion_tag("credentials/_renewals_nav_item.html")
def renewals_nav_item() -> dict[str, Any]:
    """The examiner menu's entry for renewals (its text lives in this app's catalogue)."""
    return {}
