"""Pages and documents: issuer profile, status list, certificate page, downloads, the
verification page, renewals."""

from __future__ import annotations

import json
from datetime import timedelta
from typing import Any

import pytest
from django.core import mail
from django.core.files.uploadedfile import SimpleUploadedFile
from django.template import Context, Template
from django.urls import reverse
from django.utils import translation

from credentials import selectors
from credentials import services as credential_services
from exams.models import Enrolment
from tests.credentials.conftest import BASE_URL, pass_exam
from tests.exams.conftest import make_exam


def url(name: str, *args: Any, language: str = "en") -> str:
    with translation.override(language):
        return reverse(name, args=args)


@pytest.mark.django_db
def test_the_issuer_profile_names_the_federation_and_every_key(client, certificate, federation,
                                                               clock):
    credential_services.make_signing_key(federation=federation, rotate=True, now=clock())
    response = client.get(reverse("credentials_api:issuer", args=[federation.slug]))
    profile = response.json()
    assert response["Content-Type"] == "application/ld+json"
    assert profile["id"] == f"{BASE_URL}/credentials/issuers/{federation.slug}"
    assert profile["type"] == ["Profile"]
    assert len(profile["verificationMethod"]) == 2
    assert "revoked" in profile["verificationMethod"][0]  # the retired key, still published
    names = profile["localizationData"]["local"]["items"][0]["apply"]
    assert [name["language"] for name in names] == ["en", "fr", "ru", "fa", "pl"]
    key = client.get(profile["verificationMethod"][1]["id"].removeprefix(BASE_URL)).json()
    assert key == profile["verificationMethod"][1]["publicKeyJwk"] and "d" not in key


@pytest.mark.django_db
def test_the_status_list_is_a_signed_jwt_that_verifiers_may_cache(client, certificate,
                                                                  federation):
    response = client.get(reverse("credentials_api:status_list", args=[federation.slug, 1]))
    assert response["Content-Type"] == "application/vc+jwt"
    assert "max-age=300" in response["Cache-Control"]
    assert response.content.count(b".") == 2
    assert client.get(reverse("credentials_api:status_list",
                              args=[federation.slug, 2])).status_code == 404


@pytest.mark.django_db
def test_the_certificate_page_offers_the_holder_his_credential_and_says_how_to_renew(
    client, certificate
):
    client.force_login(certificate.attempt.enrolment.user)
    page = client.get(url("exams:verify_code", certificate.code)).content.decode()
    credential = selectors.current_credential(certificate=certificate)
    assert credential.urn in page
    assert url("credentials:json", certificate.code) in page
    assert url("credentials:badge", certificate.code) in page
    assert "To renew it" in page and "60 days and 14 days" in page
    client.logout()
    public = client.get(url("exams:verify_code", certificate.code)).content.decode()
    assert credential.urn in public and url("credentials:json", certificate.code) not in public


@pytest.mark.django_db
def test_the_holder_downloads_the_json_and_the_baked_badge_in_his_language(
    client, signing_key, enrolment, clock
):
    certificate = pass_exam(enrolment, now=clock(), language="fa")
    client.force_login(enrolment.user)
    envelope = client.get(url("credentials:json", certificate.code))
    assert envelope["Content-Disposition"].endswith(f'credential-{certificate.code}.json"')
    assert "no-store" in envelope["Cache-Control"]
    token = selectors.current_credential(certificate=certificate).jws
    assert envelope.json()["id"] == f"data:application/vc+jwt,{token}"
    badge = client.get(url("credentials:badge", certificate.code)).content.decode()
    assert f'<openbadges:credential verify="{token}"></openbadges:credential>' in badge
    assert "داور سطح ۱" in badge and 'direction="rtl"' in badge


@pytest.mark.django_db
def test_the_pdf_names_the_credential(certificate):
    line = Template("{% load credential_tags %}{% credential_pdf_line certificate %}").render(
        Context({"certificate": certificate}))
    assert selectors.current_credential(certificate=certificate).urn in line


def upload(client: Any, data: str | bytes, *, language: str = "en", name: str = "c.json") -> str:
    payload = data.encode() if isinstance(data, str) else data
    response = client.post(url("credentials:verify", language=language),
                           {"file": SimpleUploadedFile(name, payload)})
    assert response.status_code == 200
    return response.content.decode()


@pytest.mark.django_db
def test_the_verification_page_says_valid_revoked_and_tampered_in_the_readers_language(
    client, certificate, examiner, clock
):
    from exams import services

    token = selectors.current_credential(certificate=certificate).jws
    page = upload(client, json.dumps({"id": f"data:application/vc+jwt,{token}"}))
    assert "This credential is valid." in page and "Anna Kowalska" in page
    tampered = token[:-8] + ("A" if token[-8] != "A" else "B") + token[-7:]
    persian = upload(client, tampered, language="fa", name="c.jwt")
    assert "دست‌کاری" in persian and "Anna Kowalska" not in persian
    services.revoke_certificate(certificate=certificate, reason="fraud", by=examiner,
                                now=clock())
    assert "This credential has been revoked." in upload(client, token, name="c.jwt")


@pytest.mark.django_db
def test_the_verification_page_refuses_an_empty_form_and_a_non_credential(client, db):
    response = client.post(url("credentials:verify"), {})
    assert response.status_code == 400
    assert "This file holds no credential" in upload(client, "<svg></svg>", name="x.svg")


@pytest.mark.django_db
def test_the_examiner_enrols_expiring_holders_and_they_get_their_invitations(
    client, certificate, examiner, federation, clock, settings
):
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    clock.moment = certificate.expires_at - timedelta(days=30)
    renewal = make_exam(federation, clock(), slug="renewal")
    client.force_login(examiner)
    page = client.get(url("credentials:renewals")).content.decode()
    assert certificate.holder_name in page and renewal.name in page
    response = client.post(url("credentials:renewals"),
                           {"exam": renewal.pk, "certificates": [certificate.pk]})
    assert response.status_code == 302
    assert Enrolment.objects.filter(exam=renewal, email="anna@example.org").exists()
    assert [message.to for message in mail.outbox] == [["anna@example.org"]]


@pytest.mark.django_db
def test_another_federations_examiner_cannot_enrol_these_holders(
    client, certificate, other_examiner, other_federation, federation, clock
):
    clock.moment = certificate.expires_at - timedelta(days=30)
    theirs = make_exam(other_federation, clock(), slug="theirs")
    client.force_login(other_examiner)
    page = client.get(url("credentials:renewals")).content.decode()
    assert certificate.holder_name not in page
    response = client.post(url("credentials:renewals"),
                           {"exam": theirs.pk, "certificates": [certificate.pk]})
    assert response.status_code == 400
    assert not Enrolment.objects.filter(exam=theirs).exists()


@pytest.mark.django_db
@pytest.mark.parametrize("language", ["fr", "ru", "fa", "pl"])
def test_the_credential_pages_leave_no_english(client, certificate, examiner, clock, language):
    from tests.test_translations import english_phrases, leaks, visible_text

    phrases = english_phrases()
    token = selectors.current_credential(certificate=certificate).jws
    clock.moment = certificate.expires_at - timedelta(days=30)
    make_exam(certificate.attempt.enrolment.exam.federation, clock(), slug="renewal")
    client.force_login(certificate.attempt.enrolment.user)
    pages = {
        "certificate": client.get(url("exams:verify_code", certificate.code, language=language)
                                  ).content.decode(),
        "verify": client.get(url("credentials:verify", language=language)).content.decode(),
        "valid": upload(client, token, language=language, name="c.jwt"),
        "tampered": upload(client, token[:-3] + "AAA", language=language, name="c.jwt"),
        "unreadable": upload(client, "nothing", language=language, name="c.txt"),
    }
    client.force_login(examiner)
    pages["renewals"] = client.get(url("credentials:renewals", language=language)
                                   ).content.decode()
    leaked = {name: leaks(visible_text(html), phrases) for name, html in pages.items()}
    assert {name: found for name, found in leaked.items() if found} == {}
    if language == "fa":  # Persian digits in Persian prose
        assert "۹۰" in pages["renewals"] and " 90 " not in visible_text(pages["renewals"])


@pytest.mark.django_db
def test_a_pasted_credential_is_checked_like_an_uploaded_one(client, certificate):
    token = selectors.current_credential(certificate=certificate).jws
    response = client.post(url("credentials:verify"), {"text": f"  {token}\n"})
    assert response.status_code == 200
    assert "This credential is valid." in response.content.decode()


@pytest.mark.django_db
def test_a_long_exam_name_is_fitted_to_the_badge(client, certificate):
    exam = certificate.attempt.enrolment.exam
    exam.name_en = "A very long name for a referee exam of the federation, level 1"
    exam.save()
    client.force_login(certificate.attempt.enrolment.user)
    badge = client.get(url("credentials:badge", certificate.code)).content.decode()
    assert 'textLength="320"' in badge and exam.name_en in badge
