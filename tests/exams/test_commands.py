"""finish_expired_attempts: the cron job that finishes abandoned attempts."""

from __future__ import annotations

import io
import random
from datetime import timedelta

import pytest
from django.core.management import call_command

from exams import services
from exams.models import Attempt, Certificate

pytestmark = pytest.mark.django_db


def test_the_command_finishes_an_abandoned_attempt_with_its_saved_answers(enrolment, clock, right):
    attempt = services.start_attempt(
        enrolment=enrolment, language="pl", now=clock(), rng=random.Random(5)
    )
    for question in attempt.questions.all():
        services.save_answer(
            attempt=attempt, question=question, answer=right(question), now=clock()
        )
    out = io.StringIO()
    call_command("finish_expired_attempts", stdout=out)
    assert out.getvalue().startswith("0 ")
    assert not Attempt.objects.get().is_finished
    clock.moment = attempt.deadline + timedelta(minutes=2)
    call_command("finish_expired_attempts", stdout=out)
    attempt.refresh_from_db()
    assert "1 attempt" in out.getvalue()
    assert (attempt.finished_by, attempt.score, attempt.passed) == ("deadline", 100.0, True)
    assert Certificate.objects.get().attempt == attempt
