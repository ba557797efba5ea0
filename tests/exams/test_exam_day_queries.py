"""Exam day's busiest requests stay cheap: one query for the drawn question, its answer,
attempt and exam; no count of the questions per save; a fixed number of queries per page,
however many questions the attempt has (the load test measures the time, not this file)."""

from __future__ import annotations

import random

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from exams import selectors, services
from exams.errors import NotYours, QuestionNotDrawn
from exams.models import Attempt
from tests.exams.conftest import post_data, right_answer

pytestmark = pytest.mark.django_db


@pytest.fixture
def attempt(enrolment, now, clock):
    return services.start_attempt(enrolment=enrolment, language="en", now=now, rng=random.Random(3))


def test_the_attempt_knows_how_many_questions_were_drawn(attempt):
    assert attempt.question_count == attempt.questions.count() == 4
    assert Attempt.objects.get(pk=attempt.pk).question_count == 4


def test_one_query_gives_the_page_its_question_answer_attempt_and_exam(attempt, candidate, now):
    second = attempt.questions.get(position=2)
    services.save_answer(attempt=attempt, question=second, answer=right_answer(second), now=now)
    with CaptureQueriesContext(connection) as queries:
        drawn = selectors.question_for_candidate(
            user=candidate, attempt_id=attempt.pk, position=2, with_exam=True
        )
        assert drawn.saved_answer().payload == right_answer(second)
        assert drawn.attempt.enrolment.exam.pk == attempt.enrolment.exam_id
    assert len(queries) == 1


def test_a_save_reads_its_question_answer_and_attempt_without_the_exam(attempt, candidate, now):
    second = attempt.questions.get(position=2)
    services.save_answer(attempt=attempt, question=second, answer=right_answer(second), now=now)
    with CaptureQueriesContext(connection) as queries:
        drawn = selectors.question_for_candidate(user=candidate, attempt_id=attempt.pk, position=2)
        assert drawn.saved_answer().payload == right_answer(second)
        assert drawn.attempt.deadline == attempt.deadline
    assert len(queries) == 1
    assert "exams_exam" not in queries.captured_queries[0]["sql"]


def test_another_candidates_attempt_is_refused(attempt, exam, examiner, now):
    other = services.enrol_candidate(
        exam=exam, full_name="Ola Nowak", email="ola@example.org", by=examiner, now=now
    )
    with pytest.raises(NotYours):
        selectors.question_for_candidate(user=other.user, attempt_id=attempt.pk, position=1)
    with pytest.raises(NotYours):
        selectors.question_for_candidate(user=other.user, attempt_id=attempt.pk, position=99)


def test_a_position_not_drawn_is_refused(attempt, candidate):
    with pytest.raises(QuestionNotDrawn):
        selectors.question_for_candidate(user=candidate, attempt_id=attempt.pk, position=5)


def statements(queries: CaptureQueriesContext) -> list[str]:
    """The queries run, less the savepoints of the test's own transaction."""
    return [
        query["sql"]
        for query in queries.captured_queries
        if not query["sql"].startswith(("SAVEPOINT", "RELEASE SAVEPOINT"))
    ]


@pytest.mark.parametrize("position", [1, 4])
def test_candidate_pages_cost_a_fixed_number_of_queries(client, attempt, candidate, position):
    """Session, user, the drawn question (with attempt and exam), the navigation; and for
    a save, its one write: nothing per question of the attempt, nothing for the site's
    menus (the header of an attempt has none)."""
    client.force_login(candidate)
    url = reverse("exams:question", args=[attempt.pk, position])
    with CaptureQueriesContext(connection) as queries:
        response = client.get(url)
    assert response.status_code == 200
    assert len(statements(queries)) <= 4, statements(queries)
    question = attempt.questions.get(position=position)
    answer = post_data(question, right_answer(question))
    with CaptureQueriesContext(connection) as queries:
        response = client.post(url, {**answer, "go": "save"}, headers={"X-Requested-With": "fetch"})
    assert response.json()["saved"] is True
    # session, user, question; then the insert of a first answer after locking the attempt
    assert len(statements(queries)) <= 5, statements(queries)


def test_a_question_answered_and_flagged_costs_no_more(client, attempt, candidate, now):
    """The question page's one query reads every column the page shows: an answer, a
    flag, the exam's name and the deadline cost no query of their own."""
    question = attempt.questions.get(position=2)
    services.save_answer(attempt=attempt, question=question, answer=right_answer(question), now=now)
    services.set_flag(attempt=attempt, question=question, flagged=True, now=now)
    client.force_login(candidate)
    with CaptureQueriesContext(connection) as queries:
        page = client.get(reverse("exams:question", args=[attempt.pk, 2]))
    assert page.status_code == 200
    assert len(statements(queries)) <= 4, statements(queries)
    html = page.content.decode()
    assert attempt.enrolment.exam.name in html and "Remove the review flag" in html
    assert "Your answer is saved" in html and " checked" in html


def test_the_attempt_header_has_no_way_into_practice(client, attempt, candidate):
    client.force_login(candidate)
    page = client.get(reverse("exams:question", args=[attempt.pk, 1])).content.decode()
    assert reverse("quiz:topics") not in page
    assert reverse("quiz:self_test_start") not in page
    assert reverse("logout") in page
    review = client.get(reverse("exams:submit", args=[attempt.pk])).content.decode()
    assert reverse("quiz:topics") not in review


def test_the_review_page_names_answers_not_complete_yet(client, attempt, candidate, now):
    client.force_login(candidate)
    second = attempt.questions.get(position=2)
    partial = dict(list(right_answer(second).items())[:-1])
    services.save_answer(attempt=attempt, question=second, answer=partial, now=now)
    response = client.get(reverse("exams:submit", args=[attempt.pk]))
    assert response.context["incomplete"] == [2]
    assert response.context["unanswered"] == [1, 3, 4]
    page = response.content.decode()
    assert "Answered, but not complete yet:" in page
    assert 'class="question-link incomplete' in page
    # Resuming the attempt goes to the first question not complete.
    first = attempt.questions.get(position=1)
    services.save_answer(attempt=attempt, question=first, answer=right_answer(first), now=now)
    resume = client.get(reverse("exams:attempt", args=[attempt.pk]))
    assert resume["Location"].endswith("/question/2/")


def test_a_frame_stroke_costs_what_any_question_costs(client, frame_attempt, clock):
    """Whether the stroke before waits is read with the question (issue 22): an open
    stroke's page, its autosave and the press that makes its calls final cost what any
    question's page and save cost; only a stroke asked for too early reads where to lead."""
    from tests.exams.conftest import stroke_answer

    client.force_login(frame_attempt.enrolment.user)
    url = reverse("exams:question", args=[frame_attempt.pk, 2])
    with CaptureQueriesContext(connection) as queries:
        assert client.get(url).status_code == 200
    assert len(statements(queries)) <= 4, statements(queries)
    stroke = frame_attempt.questions.get(position=2)
    answer = post_data(stroke, stroke_answer(stroke))
    with CaptureQueriesContext(connection) as queries:
        response = client.post(url, answer, headers={"X-Requested-With": "fetch"})
    assert response.json()["saved"] is True
    assert len(statements(queries)) <= 5, statements(queries)
    with CaptureQueriesContext(connection) as queries:
        response = client.post(url, {**answer, "go": "final"})
    assert response.status_code == 302
    # the session with its user, the question, the answer's one conditional update
    assert len(statements(queries)) == 3, statements(queries)
    later = reverse("exams:question", args=[frame_attempt.pk, 4])
    with CaptureQueriesContext(connection) as queries:
        assert client.get(later)["Location"].endswith("/question/3/")
    # the session with its user, the question, one read of where to lead
    assert len(statements(queries)) == 3, statements(queries)
