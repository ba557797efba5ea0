"""quiz.selectors: who may see a practice answer's feedback (its own visitor only)."""

from __future__ import annotations

import uuid

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import AnonymousUser

from quiz import selectors, services
from tests.conftest import RIGHT_ANSWERS

pytestmark = pytest.mark.django_db


def answered(bank, user=None):
    scenario = bank["t-legal-in-off"]
    stored, _grade = services.record_practice_answer(
        scenario=scenario, answer=RIGHT_ANSWERS[scenario.slug], token=uuid.uuid4(), user=user
    )
    return stored


def test_a_signed_in_trainees_answer_is_his_on_any_device_and_nobody_elses(bank):
    users = get_user_model().objects
    owner = users.create_user("owner", password="pw-for-tests-1")
    stranger = users.create_user("stranger", password="pw-for-tests-2")
    stored = answered(bank, owner)
    may_see = selectors.may_see_practice_answer
    assert may_see(answer=stored, user=owner, session_tokens=[])  # another device
    assert not may_see(answer=stored, user=stranger, session_tokens=[str(stored.token)])
    assert not may_see(answer=stored, user=AnonymousUser(), session_tokens=[str(stored.token)])


def test_an_anonymous_answer_is_the_session_that_remembers_its_token(bank):
    stored = answered(bank)
    may_see = selectors.may_see_practice_answer
    assert may_see(answer=stored, user=AnonymousUser(), session_tokens=["x", str(stored.token)])
    assert not may_see(answer=stored, user=AnonymousUser(), session_tokens=["x"])  # expired
    signed_in = get_user_model().objects.create_user("someone", password="pw-for-tests-3")
    assert not may_see(answer=stored, user=signed_in, session_tokens=[])  # an account: no key
