"""An incomplete answer is the candidate's answer: kept on every change, graded as it stands."""

from __future__ import annotations

import random
import re

import pytest
from django.urls import reverse
from django.utils import translation

from exams import services
from exams.models import Answer, Attempt
from quiz import asks
from quiz.grading import grade

pytestmark = pytest.mark.django_db


def url(name, *args, language="en"):
    with translation.override(language):
        return reverse(f"exams:{name}", args=args)


@pytest.fixture
def attempt(enrolment, clock):
    return services.start_attempt(
        enrolment=enrolment, language="en", now=clock(), rng=random.Random(3)
    )


@pytest.fixture
def decision_question(attempt):
    """Question 1 of the attempt, asking for the referee's whole decision (partial credit)."""
    question = attempt.questions.get(position=1)
    question.ask, question.ask_ball = asks.Ask.DECISION, ""
    question.save(update_fields=["ask", "ask_ball"])
    return question


def all_but_one(right, question):
    """The right decision with one radio field left out, and the field left out."""
    answer = right(question)
    missing = "ball_on"
    assert missing in answer and len(answer) >= 5
    return {name: value for name, value in answer.items() if name != missing}, missing


def saved(question):
    return Answer.objects.get(question=question).payload


@pytest.mark.parametrize(
    ("go", "headers", "status"),
    [
        ("save", {}, 400),  # the page says what is missing, and keeps what is there
        ("2", {}, 302),
        ("flag", {}, 302),
        ("review", {}, 302),
        (None, {"X-Requested-With": "fetch"}, 200),  # autosave
    ],
)
def test_every_way_of_leaving_a_partial_decision_keeps_it(
    client, candidate, attempt, decision_question, right, form_data, go, headers, status
):
    client.force_login(candidate)
    partial, missing = all_but_one(right, decision_question)
    data = form_data(decision_question, partial)
    if go:
        data["go"] = go
    response = client.post(url("question", attempt.pk, 1), data, headers=headers)
    assert response.status_code == status
    assert saved(decision_question) == partial
    assert missing not in saved(decision_question)
    if headers:
        assert response.json()["saved"] is True
        assert response.json()["complete"] is False


def test_the_partial_decision_earns_the_same_partial_credit_as_a_complete_one(
    client, candidate, attempt, decision_question, right, wrong, form_data, clock
):
    client.force_login(candidate)
    partial, missing = all_but_one(right, decision_question)
    client.post(
        url("question", attempt.pk, 1), {**form_data(decision_question, partial), "go": "2"}
    )
    # the same decision complete but with the left-out field wrong scores the same
    fields = len(right(decision_question))
    other = "black" if right(decision_question)[missing] != "black" else "red"
    complete_but_wrong = {**partial, missing: other}
    same = grade(scenario=_frozen(decision_question), answer=complete_but_wrong).score
    services.submit_attempt(attempt=attempt, now=clock())
    decision_question.refresh_from_db()
    assert decision_question.score == pytest.approx((fields - 1) / fields)
    assert decision_question.score == pytest.approx(same)
    assert 0 < decision_question.score < 1


def test_a_partial_decision_left_at_the_deadline_is_graded_as_it_stands(
    client, candidate, attempt, decision_question, right, form_data, clock
):
    client.force_login(candidate)
    partial, _missing = all_but_one(right, decision_question)
    client.post(
        url("question", attempt.pk, 1), form_data(decision_question, partial),
        headers={"X-Requested-With": "fetch"},
    )
    clock.advance(minutes=31)
    client.get(url("question", attempt.pk, 1))  # the next request finds the time over
    attempt.refresh_from_db()
    decision_question.refresh_from_db()
    assert attempt.finished_by == Attempt.FinishedBy.DEADLINE
    fields = len(right(decision_question))
    assert decision_question.score == pytest.approx((fields - 1) / fields)


def test_a_single_answer_question_left_empty_scores_nothing_and_saves_nothing(
    client, candidate, attempt, clock
):
    client.force_login(candidate)
    question = attempt.questions.get(position=2)
    response = client.post(
        url("question", attempt.pk, 2), {"scenario": str(question.pk)},
        headers={"X-Requested-With": "fetch"},
    )
    assert response.status_code == 400
    assert response.json()["saved"] is False
    assert not Answer.objects.exists()


def test_a_partial_answer_for_another_question_is_not_kept(
    client, candidate, attempt, decision_question, right, form_data
):
    client.force_login(candidate)
    partial, _missing = all_but_one(right, decision_question)
    other = attempt.questions.get(position=2)
    data = {**form_data(decision_question, partial), "scenario": str(other.pk), "go": "2"}
    client.post(url("question", attempt.pk, 1), data)
    assert not Answer.objects.exists()


def test_the_status_line_tells_saved_from_saved_so_far(
    client, candidate, attempt, decision_question, right, form_data
):
    client.force_login(candidate)
    page = client.get(url("question", attempt.pk, 1)).content.decode()
    assert "is-saved" not in page and "is-partial" not in page  # nothing saved yet
    partial, _missing = all_but_one(right, decision_question)
    client.post(
        url("question", attempt.pk, 1), {**form_data(decision_question, partial), "go": "1"}
    )
    page = client.get(url("question", attempt.pk, 1)).content.decode()
    assert 'class="autosave-status is-partial"' in page
    assert "Saved so far: the answer is not complete yet." in page
    assert 'checked' in page  # the choices given are shown again
    client.post(
        url("question", attempt.pk, 1),
        {**form_data(decision_question, right(decision_question)), "go": "1"},
    )
    page = client.get(url("question", attempt.pk, 1)).content.decode()
    assert 'class="autosave-status is-saved"' in page
    assert "is-partial" not in page.split('data-autosave-status')[1][:200]


def test_the_three_states_have_distinct_styles():
    from pathlib import Path

    css = (Path(__file__).resolve().parents[2] / "exams/static/exams/exams.css").read_text()
    rules = {
        state: re.search(rf"^\.autosave-status\.is-{state} \{{([^}}]*)\}}", css, re.M).group(1)
        for state in ("saved", "partial", "unsaved")
    }
    assert len(set(rules.values())) == 3
    colours = {state: re.search(r"color: ([^;]+);", rule).group(1) for state, rule in rules.items()}
    assert len(set(colours.values())) == 3, colours


def _frozen(question):
    from exams.models import frozen_scenario

    return frozen_scenario(question)
