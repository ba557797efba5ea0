"""Boundaries, each from both sides: the waiting period, the deadline, the exam's window."""

from __future__ import annotations

import random
from datetime import timedelta

import pytest

from exams import selectors, services
from exams.errors import DeadlinePassed, NoAttemptsLeft, WaitingPeriod
from exams.models import Answer

pytestmark = pytest.mark.django_db


def start(enrolment, now):
    return services.start_attempt(
        enrolment=enrolment, language="en", now=now, rng=random.Random(3)
    )


@pytest.mark.parametrize(("after", "refused"), [(-1, True), (0, False), (1, False)])
def test_the_waiting_period_ends_to_the_second(enrolment, exam, now, after, refused):
    exam.waiting_hours, exam.attempts_allowed = 24, 3
    exam.closes_at = now + timedelta(days=10)
    exam.save()
    first = start(enrolment, now)
    services.submit_attempt(attempt=first, now=now)
    moment = now + timedelta(hours=24, seconds=after)
    refusal = selectors.next_attempt_refusal(enrolment=enrolment, now=moment)
    assert isinstance(refusal, WaitingPeriod) is refused
    if not refused:
        assert refusal is None
        assert start(enrolment, moment).number == 2


@pytest.mark.parametrize(("before", "kept"), [(1, True), (0, False), (-1, False)])
def test_an_answer_counts_until_the_deadline_and_not_after(
    enrolment, now, right, before, kept
):
    attempt = start(enrolment, now)
    question = attempt.questions.get(position=1)
    moment = attempt.deadline - timedelta(seconds=before)
    if kept:
        services.save_answer(attempt=attempt, question=question, answer=right(question), now=moment)
        assert Answer.objects.get(question=question).payload == right(question)
    else:
        with pytest.raises(DeadlinePassed):
            services.save_answer(
                attempt=attempt, question=question, answer=right(question), now=moment
            )
        assert not Answer.objects.exists()


@pytest.mark.parametrize("allowed", [1, 2])
def test_the_last_attempt_allowed_starts_and_the_next_does_not(enrolment, exam, now, allowed):
    exam.waiting_hours, exam.attempts_allowed = 0, allowed
    exam.save()
    moment = now
    for number in range(1, allowed + 1):
        attempt = start(enrolment, moment)
        assert attempt.number == number
        services.submit_attempt(attempt=attempt, now=moment)
        moment += timedelta(minutes=1)
    with pytest.raises(NoAttemptsLeft):
        start(enrolment, moment)
