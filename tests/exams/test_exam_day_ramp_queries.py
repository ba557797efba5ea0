"""Exam day's ramp stays cheap: opening the link, signing in with it, the enrolment page
and starting the attempt each cost a fixed number of queries, none of them django-axes'
for a link, and the draw reads the pool once however many sections the exam has (the
load test measures the time, not this file)."""

from __future__ import annotations

import random

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from exams import selectors, services
from exams.models import Attempt, Exam
from quiz.models import Scenario
from tests.exams.test_exam_day_queries import statements

pytestmark = pytest.mark.django_db


def test_opening_a_link_reads_the_invitation_and_the_other_enrolments(client, enrolment, clock):
    url = reverse("exams:invitation", args=[enrolment.issued_token])
    with CaptureQueriesContext(connection) as queries:
        response = client.get(url)
    assert response.status_code == 200
    # the invitation with its enrolment, exam, federation, account and the account's
    # examiner row; whether the account has another enrolment
    assert len(statements(queries)) == 2, statements(queries)


def test_a_link_sign_in_asks_nothing_of_axes(client, enrolment, clock):
    url = reverse("exams:invitation", args=[enrolment.issued_token])
    with CaptureQueriesContext(connection) as queries:
        response = client.post(url)
    assert response.status_code == 302
    assert client.session["_auth_user_id"] == str(enrolment.user_id)
    assert not [sql for sql in statements(queries) if "axes_" in sql]
    # the two reads of a GET; the link's last use; the new session (a free key, then its
    # row), the account's last login; the session's data at the end
    assert len(statements(queries)) <= 7, statements(queries)


def test_the_enrolment_page_costs_a_fixed_number_of_queries(client, enrolment, candidate):
    client.force_login(candidate)
    with CaptureQueriesContext(connection) as queries:
        response = client.get(reverse("exams:enrolment", args=[enrolment.pk]))
    assert response.status_code == 200
    # session, user, enrolment with exam and federation, attempts, whether the account is
    # an examiner's (a link-only account's header has no menus: no studio link), sections
    assert len(statements(queries)) <= 6, statements(queries)
    assert not [sql for sql in statements(queries) if "studio_author" in sql]


def test_starting_costs_a_fixed_number_of_queries(client, enrolment, candidate, clock):
    client.force_login(candidate)
    url = reverse("exams:enrolment", args=[enrolment.pk])
    with CaptureQueriesContext(connection) as queries:
        response = client.post(url, {"language": "en"})
    assert response.status_code == 302
    assert Attempt.objects.get(enrolment=enrolment).questions.count() == 4
    # session, user, enrolment, attempts; sections, pool, drawn scenarios; the attempt,
    # its questions (one insert), the audit row
    assert len(statements(queries)) <= 10, statements(queries)


@pytest.mark.parametrize(
    "sections",
    [[(None, 4)], [("sequence", 2), (None, 2)], [("sequence", 1), ("fouls", 1), (None, 2)]],
)
def test_the_draw_reads_the_pool_once_however_many_sections(
    federation, bank, new_exam, now, sections
):
    exam = new_exam(federation, now, sections=sections)
    with CaptureQueriesContext(connection) as queries:
        drawn = services.draw_questions(exam=exam, rng=random.Random(5))
    assert len(drawn) == 4
    # the sections, the pool's ids and topics, the drawn scenarios
    assert len(queries) == 3, [query["sql"] for query in queries.captured_queries]


def draw_as_before(exam: Exam, rng: random.Random) -> list[int]:
    """The draw as it was, one query per section: the one-query draw must draw the same."""
    sections = list(exam.sections.all())
    pool = selectors.exam_pool(federation=exam.federation_id)
    chosen: set[int] = set()
    drawn: dict[int, list[int]] = {}
    for section in sorted(sections, key=lambda section: section.topic_id is None):
        candidates = pool.exclude(pk__in=chosen)
        if section.topic_id is not None:
            candidates = candidates.filter(topic_id=section.topic_id)
        drawn[section.pk] = rng.sample(
            sorted(candidates.values_list("pk", flat=True)), section.question_count
        )
        chosen.update(drawn[section.pk])
    return [pk for section in sections for pk in drawn[section.pk]]


@pytest.mark.parametrize(
    "sections", [[(None, 4)], [("sequence", 2), (None, 2)], [("fouls", 2), ("sequence", 3)]]
)
def test_a_seeded_draw_is_the_draw_it_always_was(federation, bank, new_exam, now, sections):
    Scenario.objects.filter(slug="break-off-no-pot").update(federation=federation)  # own one
    exam = new_exam(federation, now, sections=sections)
    for seed in range(20):
        drawn = services.draw_questions(exam=exam, rng=random.Random(seed))
        assert [s.pk for s in drawn] == draw_as_before(exam, random.Random(seed)), seed
