"""An exam names its rule-book edition: every attempt is graded by it, the certificate and the
verification page name it, and the federation's local rules go on top."""

from __future__ import annotations

import random

import pytest
from django.urls import reverse

from exams import services
from exams.forms import ExamForm
from exams.models import Certificate
from tests.exams.conftest import make_exam

pytestmark = pytest.mark.django_db


def _sit(enrolment, now, answer_for):
    attempt = services.start_attempt(
        enrolment=enrolment, language="en", now=now, rng=random.Random(3)
    )
    for question in attempt.questions.order_by("position"):
        services.save_answer(
            attempt=attempt, question=question, answer=answer_for(question), now=now
        )
    return services.submit_attempt(attempt=attempt, now=now)


def test_an_attempt_is_frozen_and_graded_with_the_exam_edition_and_local_rules(
    federation, bank, examiner, now, right
):
    federation.variants = ["ru-2004-3.4d"]
    federation.save()
    exam = make_exam(federation, now, slug="edition-2014", edition="wpbsa-2014")
    enrolment = services.enrol_candidate(
        exam=exam, full_name="Olga Petrova", email="olga@example.org", by=examiner, now=now
    )
    attempt = _sit(enrolment, now, right)
    questions = list(attempt.questions.all())
    assert {q.case["ruleset"] for q in questions} == {"wpbsa-2014"}
    assert {tuple(q.case["variants"]) for q in questions} == {("ru-2004-3.4d",)}
    assert {q.graded_ruleset for q in questions} == {"wpbsa-2014"}
    assert (attempt.edition, attempt.variants) == ("wpbsa-2014", ["ru-2004-3.4d"])
    assert attempt.score == 100


def test_the_verification_page_names_the_edition(client, federation, bank, examiner, now, right):
    exam = make_exam(federation, now, slug="edition-2014", edition="wpbsa-2014")
    enrolment = services.enrol_candidate(
        exam=exam, full_name="Olga Petrova", email="olga@example.org", by=examiner, now=now
    )
    _sit(enrolment, now, right)
    code = Certificate.objects.get().code
    page = client.get(reverse("exams:verify_code", args=[code]), HTTP_ACCEPT_LANGUAGE="en")
    assert page.status_code == 200
    assert "WPBSA Rules, 2014 edition" in page.content.decode()


def test_the_default_edition_is_the_seeds_and_the_exam_page_says_so(client, exam, examiner):
    assert exam.edition == "wpbsa-2007"
    client.force_login(examiner)
    page = client.get(reverse("exams:exam_detail", args=[exam.pk]))
    assert "WPBSA Rules, 2007 edition" in page.content.decode()


def test_the_edition_cannot_change_once_someone_sat_the_exam(enrolment, exam, now, right):
    _sit(enrolment, now, right)
    form = ExamForm(instance=exam, federation=exam.federation, data={"edition": "wpbsa-2014"})
    form.is_valid()
    assert "edition" in form.errors


def test_an_unknown_edition_is_refused_by_the_form(exam):
    form = ExamForm(instance=exam, federation=exam.federation, data={"edition": "wpbsa-1999"})
    form.is_valid()
    assert "edition" in form.errors


def test_the_pdf_certificate_names_the_edition(federation, bank, examiner, now, right):
    from django.template.loader import render_to_string

    exam = make_exam(federation, now, slug="edition-2014", edition="wpbsa-2014")
    enrolment = services.enrol_candidate(
        exam=exam, full_name="Olga Petrova", email="olga@example.org", by=examiner, now=now
    )
    _sit(enrolment, now, right)
    certificate = Certificate.objects.get()
    html = render_to_string(
        "exams/certificate_pdf.html",
        {"certificate": certificate, "exam": exam, "federation": federation,
         "verify_url": "https://example.org/", "qr_svg": "", "status": "valid",
         "language": "en", "rtl": False},
    )  # fmt: skip
    assert "Rule-book edition: WPBSA Rules, 2014 edition." in html
