"""Extra time, an accommodation: the examiner grants it; the server applies it to the deadline."""

from __future__ import annotations

import random
from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import translation

from exams import services
from exams.models import Attempt, AuditEvent

pytestmark = pytest.mark.django_db


def test_a_new_attempt_gets_the_time_limit_plus_the_extra_time(enrolment, clock, now):
    services.grant_extra_time(enrolment=enrolment, minutes=20, now=now)
    attempt = services.start_attempt(
        enrolment=enrolment, language="en", now=now, rng=random.Random(1)
    )
    assert attempt.deadline == now + timedelta(minutes=30 + 20)


def test_extra_time_given_during_an_attempt_moves_its_deadline_at_once(enrolment, clock, now):
    attempt = services.start_attempt(
        enrolment=enrolment, language="en", now=now, rng=random.Random(1)
    )
    clock.advance(minutes=25)
    services.grant_extra_time(enrolment=enrolment, minutes=15)
    attempt.refresh_from_db()
    assert attempt.deadline == now + timedelta(minutes=45)
    # Taking some back never moves the deadline before now.
    services.grant_extra_time(enrolment=enrolment, minutes=0)
    attempt.refresh_from_db()
    assert attempt.deadline == now + timedelta(minutes=30)
    clock.advance(minutes=4)
    services.grant_extra_time(enrolment=enrolment, minutes=0)
    attempt.refresh_from_db()
    assert attempt.deadline == now + timedelta(minutes=30)


def test_a_finished_attempt_keeps_its_deadline(enrolment, clock, now):
    attempt = services.start_attempt(
        enrolment=enrolment, language="en", now=now, rng=random.Random(1)
    )
    services.submit_attempt(attempt=attempt, now=now + timedelta(minutes=5))
    services.grant_extra_time(enrolment=enrolment, minutes=30)
    assert Attempt.objects.get(pk=attempt.pk).deadline == now + timedelta(minutes=30)


def test_the_examiner_grants_it_on_his_page_and_the_trail_and_results_say_so(
    client, enrolment, examiner, clock, now
):
    client.force_login(examiner)
    attempt = services.start_attempt(
        enrolment=enrolment, language="en", now=now, rng=random.Random(1)
    )
    page = client.get(reverse("exams:exam_detail", args=[enrolment.exam_id]))
    assert reverse("exams:extra_time", args=[enrolment.pk]) in page.content.decode()
    response = client.post(reverse("exams:extra_time", args=[enrolment.pk]), {"minutes": "25"})
    assert response.status_code == 302
    enrolment.refresh_from_db()
    assert enrolment.extra_minutes == 25
    attempt.refresh_from_db()
    assert attempt.deadline == now + timedelta(minutes=55)
    event = AuditEvent.objects.get(action=AuditEvent.Action.EXTRA_TIME_GRANTED)
    assert event.actor == examiner and "0 → 25 min" in event.detail
    audit = client.get(reverse("exams:audit")).content.decode()
    assert "extra time granted" in audit
    with translation.override("pl"):
        results = client.get(reverse("exams:results", args=[enrolment.exam_id]))
    assert "+25 minut dodatkowego czasu" in results.content.decode()


@pytest.mark.parametrize("minutes", ["-5", "1441", "soon", ""])
def test_a_bad_number_changes_nothing_and_says_why(client, enrolment, examiner, minutes):
    client.force_login(examiner)
    response = client.post(
        reverse("exams:extra_time", args=[enrolment.pk]), {"minutes": minutes}, follow=True
    )
    assert response.status_code == 200
    assert "whole number of minutes" in response.content.decode()
    enrolment.refresh_from_db()
    assert enrolment.extra_minutes == 0
    assert not AuditEvent.objects.filter(action=AuditEvent.Action.EXTRA_TIME_GRANTED).exists()


def test_another_federations_examiner_cannot_grant_it(client, enrolment, other_examiner):
    client.force_login(other_examiner)
    response = client.post(reverse("exams:extra_time", args=[enrolment.pk]), {"minutes": "30"})
    assert response.status_code == 403
    enrolment.refresh_from_db()
    assert enrolment.extra_minutes == 0
