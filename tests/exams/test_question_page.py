"""exams/question_page.py: what each button of the question page keeps, and where it leads."""

from __future__ import annotations

import random
from datetime import timedelta

import pytest

from exams import question_page, services
from exams.errors import AttemptFinished, DeadlinePassed
from exams.models import Answer, Attempt
from quiz import asks

pytestmark = pytest.mark.django_db


@pytest.fixture
def attempt(enrolment, clock):
    return services.start_attempt(
        enrolment=enrolment, language="en", now=clock(), rng=random.Random(3)
    )


@pytest.fixture
def question(attempt):
    """Question 1, asking for the whole decision (so that a partial answer exists)."""
    drawn = attempt.questions.get(position=1)
    drawn.ask, drawn.ask_ball = asks.Ask.DECISION, ""
    drawn.save(update_fields=["ask", "ask_ball"])
    return drawn


def partial_of(answer):
    return {name: value for name, value in answer.items() if name != "ball_on"}


def press(attempt, question, **kwargs):
    question.refresh_from_db()
    return question_page.press(attempt=attempt, question=question, **kwargs)


def stored(question):
    return Answer.objects.filter(question=question).values_list("payload", flat=True).first()


def test_save_keeps_a_complete_answer_and_leads_to_the_next_question(attempt, question, right):
    answer = right(question)
    step = press(attempt, question, go="save", answer=answer, complete=True, changed=True)
    assert (step.kept, step.destination, step.saved) == ("complete", 2, True)
    assert stored(question) == answer


def test_save_keeps_an_unchanged_complete_answer_too(attempt, question, right):
    answer = right(question)
    step = press(attempt, question, go="save", answer=answer, complete=True, changed=False)
    assert step.kept == "complete"
    assert stored(question) == answer


def test_save_on_the_last_question_leads_to_the_review(attempt, right):
    last = attempt.questions.get(position=attempt.question_count)
    step = press(attempt, last, go="save", answer=right(last), complete=True, changed=True)
    assert step.destination == "review"


def test_save_keeps_a_changed_partial_answer_and_stays(attempt, question, right):
    partial = partial_of(right(question))
    step = press(attempt, question, go="save", answer=partial, complete=False, changed=True)
    assert (step.kept, step.destination) == ("partial", None)
    assert stored(question) == partial


def test_save_of_an_untouched_incomplete_page_writes_nothing(attempt, question, right):
    partial = partial_of(right(question))
    step = press(attempt, question, go="save", answer=partial, complete=False, changed=False)
    assert (step.kept, step.destination, step.saved) == ("nothing", None, False)
    assert stored(question) is None


@pytest.mark.parametrize(("go", "destination"), [(2, 2), ("review", "review"), ("flag", 1)])
def test_leaving_keeps_a_changed_answer_and_goes_where_the_button_says(
    attempt, question, right, go, destination
):
    partial = partial_of(right(question))
    step = press(attempt, question, go=go, answer=partial, complete=False, changed=True)
    assert (step.kept, step.destination) == ("partial", destination)
    assert stored(question) == partial


def test_leaving_an_unchanged_page_writes_no_answer(attempt, question, right):
    step = press(attempt, question, go=3, answer=right(question), complete=True, changed=False)
    assert (step.kept, step.destination) == ("nothing", 3)
    assert stored(question) is None


def test_flag_and_unflag_set_the_flag(attempt, question):
    press(attempt, question, go="flag", answer={}, complete=False, changed=False)
    question.refresh_from_db()
    assert question.flagged is True
    press(attempt, question, go="unflag", answer={}, complete=False, changed=False)
    question.refresh_from_db()
    assert question.flagged is False


def test_a_question_button_leaves_the_flag_alone(attempt, question):
    press(attempt, question, go="flag", answer={}, complete=False, changed=False)
    press(attempt, question, go=2, answer={}, complete=False, changed=False)
    question.refresh_from_db()
    assert question.flagged is True


def test_a_handed_in_attempt_takes_nothing(attempt, question, right):
    services.submit_attempt(attempt=attempt)
    attempt.refresh_from_db()
    with pytest.raises(AttemptFinished):
        press(attempt, question, go="save", answer=right(question), complete=True, changed=True)
    assert stored(question) is None
    assert type(question_page.refusal(attempt=attempt)) is AttemptFinished


def test_an_attempt_past_its_deadline_is_refused_as_such(attempt, question, right):
    finished = services.finish_if_expired(attempt=attempt, now=attempt.deadline + timedelta(1))
    assert finished.finished_by == Attempt.FinishedBy.DEADLINE
    with pytest.raises(DeadlinePassed):
        press(finished, question, go="flag", answer={}, complete=False, changed=False)
    question.refresh_from_db()
    assert question.flagged is False
