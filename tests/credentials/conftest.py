"""Credentials test fixtures: the exams' world (tests/exams/conftest.py), a master key, a
federation with a signing key, and a certificate earned by passing the exam."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import pytest
from cryptography.fernet import Fernet

from credentials import services as credential_services
from exams import services
from exams.models import Certificate
from tests.exams import conftest as exams

# The exams' fixtures, shared here (a conftest's fixtures reach only its own folder).
bank, clock, english_between_tests = exams.bank, exams.clock, exams.english_between_tests
enrolment, exam, examiner, other_examiner = (
    exams.enrolment, exams.exam, exams.examiner, exams.other_examiner)
federation, other_federation, now = exams.federation, exams.other_federation, exams.now
right_answer = exams.right_answer


BASE_URL = "https://baize.example"


@pytest.fixture
def master_key(settings: Any) -> str:
    key = Fernet.generate_key().decode()
    settings.CREDENTIALS_MASTER_KEY = key
    settings.CREDENTIALS_BASE_URL = BASE_URL
    return key


@pytest.fixture
def signing_key(federation: Any, master_key: str, now: datetime) -> Any:
    return credential_services.make_signing_key(federation=federation, now=now)


def pass_exam(enrolment: Any, *, now: datetime, language: str = "en") -> Certificate:
    """Start an attempt, give the engine's answers, finish: the certificate."""
    attempt = services.start_attempt(enrolment=enrolment, language=language, now=now)
    for question in attempt.questions.all():
        services.save_answer(attempt=attempt, question=question, answer=right_answer(question),
                             now=now)
    finished = services.finish_attempt(attempt=attempt, finished_by="candidate", now=now)
    assert finished is not None and finished.passed
    return Certificate.objects.get(attempt=finished)


@pytest.fixture
def certificate(signing_key: Any, enrolment: Any, clock: Any) -> Certificate:
    return pass_exam(enrolment, now=clock())
