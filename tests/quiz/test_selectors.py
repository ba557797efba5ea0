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


# --- a frozen instance's words: told again while nobody has answered it ----------------------


OLD = {"title_fr": "Vieux titre", "narrative_fr": "Vieux récit", "question_fr": "Vieille question"}


def frozen_with_old_words(families, seed=3):
    from quiz.freezing import freeze_instance
    from quiz.models import Scenario

    instance = freeze_instance(family=families["miss-by-scores"], seed=seed)
    Scenario.objects.filter(pk=instance.pk).update(**OLD)  # as frozen before a catalogue change
    instance.refresh_from_db()
    return instance


def test_an_unanswered_instance_is_shown_in_todays_words_and_nothing_is_written(families):
    from django.utils import translation

    from quiz.freezing import retold_fields

    instance = frozen_with_old_words(families)
    with translation.override("fr"):
        shown = selectors.shown_scenario(scenario=instance)
        assert shown.title == retold_fields(scenario=instance, languages=["fr"])["title_fr"]
        assert shown.narrative != OLD["narrative_fr"] and shown.question != OLD["question_fr"]
    instance.refresh_from_db()
    assert {name: getattr(instance, name) for name in OLD} == OLD  # the row is unchanged


def test_an_answered_instance_keeps_its_words_and_a_hand_written_one_is_as_written(
    bank, families
):
    from django.utils import translation

    from quiz.models import Scenario

    instance = frozen_with_old_words(families)
    services.record_practice_answer(  # miss-by-scores asks the calls
        scenario=instance, answer={"calls": ["foul"]}, token=uuid.uuid4(), user=None
    )
    # the answer stored today's words as its record; a later change of catalogue is not told
    Scenario.objects.filter(pk=instance.pk).update(**OLD)
    again = Scenario.objects.get(pk=instance.pk)
    with translation.override("fr"):
        assert selectors.shown_scenario(scenario=again).title == OLD["title_fr"]
        written = bank["t-respot-blue"]
        assert selectors.shown_scenario(scenario=written).title == written.title_fr
