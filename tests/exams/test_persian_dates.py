"""Persian pages date by the Solar Hijri calendar; examiners' columns are in their language."""

from __future__ import annotations

import random

import pytest
from django.urls import reverse
from django.utils import translation

from exams import services
from exams.models import Certificate

pytestmark = pytest.mark.django_db

#: 1 June 2026 (the fixtures' clock) is 11 Khordad 1405.
SOLAR = "۱۱ خرداد ۱۴۰۵"
GREGORIAN_MONTH_FA = "ژوئن"


def url(name, *args, language="fa"):
    with translation.override(language):
        return reverse(f"exams:{name}", args=args)


def finished_attempt(enrolment, clock, answer, language="fa"):
    attempt = services.start_attempt(
        enrolment=enrolment, language=language, now=clock(), rng=random.Random(3)
    )
    for question in attempt.questions.all():
        services.save_answer(
            attempt=attempt, question=question, answer=answer(question), now=clock()
        )
    services.submit_attempt(attempt=attempt, now=clock())
    return attempt


def test_the_persian_result_page_dates_by_the_solar_hijri_calendar(
    client, candidate, enrolment, clock, right
):
    attempt = finished_attempt(enrolment, clock, right)
    client.force_login(candidate)
    page = client.get(url("result", attempt.pk)).content.decode()
    assert SOLAR in page
    assert GREGORIAN_MONTH_FA not in page and "2026" not in page and "۲۰۲۶" not in page


def test_the_english_result_page_keeps_the_gregorian_calendar(
    client, candidate, enrolment, clock, right
):
    attempt = finished_attempt(enrolment, clock, right, language="en")
    client.force_login(candidate)
    page = client.get(url("result", attempt.pk, language="en")).content.decode()
    assert "Jun 1, 2026" in page
    assert "خرداد" not in page


def test_the_persian_deadline_is_solar_hijri(client, candidate, enrolment, clock):
    attempt = services.start_attempt(
        enrolment=enrolment, language="fa", now=clock(), rng=random.Random(3)
    )
    client.force_login(candidate)
    page = client.get(url("question", attempt.pk, 1)).content.decode()
    assert f"{SOLAR}،\u200f ۱۰:۳۰:۰۰" in page  # the deadline, 30 minutes after 10:00
    assert "UTC" not in page


def test_a_persian_certificate_gives_both_calendars(client, enrolment, clock, right):
    attempt = finished_attempt(enrolment, clock, right)
    certificate = Certificate.objects.get(attempt=attempt)
    page = client.get(url("verify_code", certificate.code)).content.decode()
    assert f"{SOLAR} (۱ ژوئن ۲۰۲۶)" in page


def test_the_audit_trail_speaks_the_examiners_language(
    client, examiner, enrolment, clock, right
):
    finished_attempt(enrolment, clock, right, language="ru")
    client.force_login(examiner)
    page = client.get(url("audit")).content.decode()
    assert "روسی" in page  # the attempt's language, named in Persian
    assert "۱۰۰٪" in page  # its score, in Persian digits
    assert SOLAR in page
    assert ">ru<" not in page and "100 %" not in page


def test_item_statistics_name_the_topic_in_the_examiners_language(
    client, examiner, enrolment, clock, right
):
    finished_attempt(enrolment, clock, right)
    client.force_login(examiner)
    page = client.get(url("statistics", enrolment.exam.pk)).content.decode()
    assert "ترتیب توپ‌ها" in page
    assert ">Sequence<" not in page
    english = client.get(url("statistics", enrolment.exam.pk, language="en")).content.decode()
    assert ">Sequence<" in english
