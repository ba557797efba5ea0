"""exams/question_page.py: what each button of the question page keeps, and where it leads."""

from __future__ import annotations

import random
from datetime import timedelta

import pytest

from exams import question_page, services
from exams.errors import AttemptFinished, CallsFinal, DeadlinePassed, StrokeNotYet
from exams.models import Answer, Attempt
from quiz import asks

from .conftest import stroke_answer

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


# --- a frame section is played in order (issue 22) ----------------------------------------


@pytest.fixture
def frame_attempt(frame_attempt, clock):
    """The conftest's attempt, with the clock stopped at its start."""
    return frame_attempt


def stroke_of(frame_attempt, position):
    return frame_attempt.questions.get(position=position)


def final_of(question):
    return Answer.objects.filter(question=question).values_list("final_at", flat=True).first()


def test_final_keeps_a_strokes_answer_final_and_leads_to_the_next_stroke(frame_attempt, clock):
    first = stroke_of(frame_attempt, 2)
    answer = stroke_answer(first)
    step = press(frame_attempt, first, go="final", answer=answer, complete=True, changed=True)
    assert (step.kept, step.destination, step.saved) == ("final", 3, True)
    assert stored(first) == answer and final_of(first) == clock()


def test_final_on_the_last_stroke_leads_on_past_the_frame(frame_attempt, clock):
    for position in (2, 3, 4, 5):
        question = stroke_of(frame_attempt, position)
        step = press(frame_attempt, question, go="final", answer=stroke_answer(question),
                     complete=True, changed=False)
    assert step.destination == "review"  # the frame is the attempt's last section


def test_final_with_an_incomplete_answer_keeps_it_not_final(frame_attempt):
    first = stroke_of(frame_attempt, 2)
    partial = partial_of(stroke_answer(first))
    step = press(frame_attempt, first, go="final", answer=partial, complete=False, changed=True)
    assert (step.kept, step.destination) == ("partial", None)
    assert stored(first) == partial and final_of(first) is None


def test_save_on_a_stroke_keeps_it_not_final_and_stays(frame_attempt):
    first = stroke_of(frame_attempt, 2)
    step = press(frame_attempt, first, go="save", answer=stroke_answer(first), complete=True,
                 changed=True)
    assert (step.kept, step.destination) == ("complete", 2)
    assert stored(first) == stroke_answer(first) and final_of(first) is None


def test_final_on_a_question_that_is_no_stroke_is_a_save(frame_attempt, right):
    scenario = stroke_of(frame_attempt, 1)
    step = press(frame_attempt, scenario, go="final", answer=right(scenario), complete=True,
                 changed=True)
    assert (step.kept, step.destination) == ("complete", 2)
    assert final_of(scenario) is None


@pytest.mark.parametrize("go", ["final", "save", "flag", "review", 1])
def test_a_change_to_final_calls_is_refused_nothing_written(frame_attempt, go):
    first = stroke_of(frame_attempt, 2)
    answer = stroke_answer(first)
    press(frame_attempt, first, go="final", answer=answer, complete=True, changed=True)
    other = {**answer, "legal": not answer["legal"]}
    with pytest.raises(CallsFinal):
        press(frame_attempt, first, go=go, answer=other, complete=True, changed=True)
    first.refresh_from_db()
    assert stored(first) == answer and not first.flagged
    assert Answer.objects.get(question=first).revision == 1


@pytest.mark.parametrize(
    ("go", "destination", "flagged"),
    [("final", 3, False), ("save", 3, False), ("flag", 2, True), ("review", "review", False),
     (4, 4, False)],
)
def test_final_calls_still_flag_and_lead_on(frame_attempt, go, destination, flagged):
    first = stroke_of(frame_attempt, 2)
    answer = stroke_answer(first)
    press(frame_attempt, first, go="final", answer=answer, complete=True, changed=True)
    step = press(frame_attempt, first, go=go, answer={}, complete=False, changed=False)
    assert (step.kept, step.destination) == ("nothing", destination)
    first.refresh_from_db()
    assert first.flagged is flagged and Answer.objects.get(question=first).revision == 1


def test_a_stroke_before_the_one_before_it_is_final_is_refused(frame_attempt):
    second = stroke_of(frame_attempt, 3)
    with pytest.raises(StrokeNotYet):
        press(frame_attempt, second, go="final", answer=stroke_answer(second), complete=True,
              changed=True)
    assert stored(second) is None
