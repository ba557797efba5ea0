"""Thin views: published documents, downloads, the verification page, renewals."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import translation
from django.utils.cache import patch_cache_control
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_GET, require_http_methods

from exams import clock, invitations
from exams import selectors as exam_selectors
from exams.errors import NotYours
from exams.views import examiner_only, private_download, refusals

from . import baking, documents, selectors, services, verifier
from .forms import RenewalForm, VerifyUploadForm
from .verdicts import explain

JSON_LD = "application/ld+json"


def _published(response: HttpResponse) -> HttpResponse:
    """Anyone may fetch and cache a published document for the status list's ttl."""
    response["Access-Control-Allow-Origin"] = "*"
    patch_cache_control(response, public=True, max_age=settings.CREDENTIALS_STATUS_LIST_TTL)
    return response


def _json(document: Any, *, content_type: str = JSON_LD) -> JsonResponse:
    return JsonResponse(document, content_type=content_type,
                        json_dumps_params={"ensure_ascii": False, "indent": 2})


@require_GET
def issuer(request: HttpRequest, slug: str) -> HttpResponse:
    """The federation's issuer profile: its names, web site and every public key."""
    federation = selectors.federation_by_slug(slug=slug)
    if federation is None or selectors.active_key(federation=federation) is None:
        raise Http404
    return _published(_json(selectors.issuer_document(federation=federation)))


@require_GET
def public_key(request: HttpRequest, slug: str, kid: str) -> HttpResponse:
    """One public key (JWK): what a credential's ``kid`` dereferences to."""
    federation = selectors.federation_by_slug(slug=slug)
    jwk = selectors.public_key(federation=federation, kid=kid) if federation else None
    if jwk is None:
        raise Http404
    return _published(_json(jwk, content_type="application/jwk+json"))


@require_GET
def status_list(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    """The signed Bitstring Status List (a compact JWS)."""
    federation = selectors.federation_by_slug(slug=slug)
    token = (
        selectors.status_list_jws(federation=federation, number=number, now=clock.now())
        if federation else None
    )
    if token is None:
        raise Http404
    return _published(HttpResponse(token, content_type="application/vc+jwt"))


def _downloadable(request: HttpRequest, code: str) -> Any:
    certificate = exam_selectors.certificate_by_code(code=code)
    if certificate is None or not selectors.may_download(user=request.user,
                                                         certificate=certificate):
        raise NotYours()
    credential = selectors.current_credential(certificate=certificate)
    if credential is None:
        raise Http404
    return certificate, credential


@refusals
@require_GET
def credential_json(request: HttpRequest, code: str) -> HttpResponse:
    """The holder's credential as JSON (the signed JWT in its VC 2.0 envelope)."""
    certificate, credential = _downloadable(request, code)
    response = _json(documents.envelope(credential.jws))
    response["Content-Disposition"] = f'attachment; filename="credential-{certificate.code}.json"'
    return private_download(response)


@refusals
@require_GET
def badge_svg(request: HttpRequest, code: str) -> HttpResponse:
    """The badge image in the certificate's language, with the credential baked in."""
    certificate, credential = _downloadable(request, code)
    exam = certificate.attempt.enrolment.exam
    with translation.override(certificate.language):
        svg = render_to_string("credentials/badge.svg", {
            "certificate": certificate, "exam": exam, "federation": exam.federation,
            "rtl": translation.get_language_bidi(),
        })
    response = HttpResponse(baking.bake(svg, jws=credential.jws), content_type="image/svg+xml")
    response["Content-Disposition"] = f'attachment; filename="badge-{certificate.code}.svg"'
    return private_download(response)


@require_http_methods(["GET", "POST"])
def verify(request: HttpRequest) -> HttpResponse:
    """Anyone uploads a credential (.json, .jwt or a baked .svg); the page says what it is.

    A POST writes nothing: it only reads the keys and status lists Baize publishes.
    """
    form = VerifyUploadForm(data=request.POST or None, files=request.FILES or None)
    context: dict[str, Any] = {"form": form}
    if request.method == "POST" and form.is_valid():
        now = clock.now()
        verdict = verifier.verify(
            form.cleaned_data["data"], keys=selectors.key_by_url,
            status_lists=lambda url: selectors.status_list_by_url(url, now=now), now=now,
        )
        context.update(verdict=verdict, explained=explain(verdict))
    status = 400 if request.method == "POST" and not form.is_valid() else 200
    return render(request, "credentials/verify.html", context, status=status)


@examiner_only
@require_http_methods(["GET", "POST"])
def renewals(request: HttpRequest, federation: Any) -> HttpResponse:
    """Who expires within 90 days; enrol the chosen ones in a renewal exam in one step."""
    now = clock.now()
    expiring = list(selectors.expiring(federation=federation, now=now))
    form = RenewalForm(data=request.POST or None, federation=federation, certificates=expiring,
                       now=now)
    if request.method == "POST" and form.is_valid():
        exam = form.cleaned_data["exam"]
        enrolled, skipped = services.enrol_for_renewal(
            exam=exam, certificates=form.cleaned_data["certificates"], by=request.user,
            now=now, send=lambda enrolments: invitations.send_invitations(
                enrolments=enrolments, now=now, link=lambda token, language: _invitation_url(
                    request, token, language)),
        )
        _report(request, enrolled=enrolled, skipped=skipped, exam=exam)
        return redirect("credentials:renewals")
    return render(request, "credentials/renewals.html", {
        "federation": federation, "expiring": expiring, "form": form,
        "window": selectors.RENEWAL_WINDOW_DAYS,
    }, status=400 if request.method == "POST" else 200)


def _invitation_url(request: HttpRequest, token: str, language: str) -> str:
    with translation.override(language):
        return request.build_absolute_uri(reverse("exams:invitation", args=[token]))


def _report(request: HttpRequest, *, enrolled: list, skipped: list, exam: Any) -> None:
    if enrolled:
        messages.success(request, ngettext(
            "%(count)s holder is enrolled in “%(exam)s” and has his invitation by email.",
            "%(count)s holders are enrolled in “%(exam)s” and have their invitations by email.",
            len(enrolled),
        ) % {"count": len(enrolled), "exam": exam.name})
    if skipped:
        messages.warning(request, _("Already enrolled in that exam: %(emails)s.") % {
            "emails": ", ".join(skipped)})

