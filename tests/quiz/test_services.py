"""quiz.services: the first answer to a family's instance keeps the words it was shown with."""

from __future__ import annotations

import uuid

import pytest
from django.conf import settings

from quiz import services
from quiz.freezing import freeze_instance, retold_fields
from quiz.models import Scenario, SelfTest

pytestmark = pytest.mark.django_db

OLD = {"title_pl": "Stary tytuł", "narrative_pl": "Stary opis", "question_ru": "Старый вопрос"}
CALLS = {"calls": ["foul", "miss"]}  # miss-by-scores asks the calls
LANGUAGES = [code for code, _name in settings.LANGUAGES]


def old_worded(families, seed):
    instance = freeze_instance(family=families["miss-by-scores"], seed=seed)
    Scenario.objects.filter(pk=instance.pk).update(**OLD)
    instance.refresh_from_db()
    return instance


def stored_words(instance):
    row = Scenario.objects.get(pk=instance.pk)
    return {name: getattr(row, name) for name in retold_fields(scenario=row, languages=LANGUAGES)}


def test_the_first_practice_answer_stores_todays_words_in_every_language(families):
    instance = old_worded(families, seed=3)
    today = retold_fields(scenario=instance, languages=LANGUAGES)
    assert today["title_pl"] != OLD["title_pl"]
    services.record_practice_answer(scenario=instance, answer=CALLS, token=uuid.uuid4(), user=None)
    assert stored_words(instance) == today
    assert instance.title_pl == today["title_pl"]  # the object the feedback shows, too
    # answered: its words are the record now, a later change is not written over them
    Scenario.objects.filter(pk=instance.pk).update(**OLD)
    services.record_practice_answer(scenario=instance, answer=CALLS, token=uuid.uuid4(), user=None)
    assert Scenario.objects.get(pk=instance.pk).title_pl == OLD["title_pl"]


def test_the_first_self_test_answer_stores_them_too(families):
    instance = old_worded(families, seed=4)
    self_test = SelfTest.objects.create(language="pl", length=10, scenario_ids=[instance.pk])
    services.answer_self_test(self_test=self_test, position=1, scenario=instance, answer=CALLS)
    assert stored_words(instance) == retold_fields(scenario=instance, languages=LANGUAGES)


def test_a_hand_written_scenario_is_never_rewritten(bank):
    written = bank["t-legal-in-off"]
    Scenario.objects.filter(pk=written.pk).update(title_pl="Własny tytuł")
    written.refresh_from_db()
    services.record_practice_answer(
        scenario=written, answer={"legal": False}, token=uuid.uuid4(), user=None
    )
    assert Scenario.objects.get(pk=written.pk).title_pl == "Własny tytuł"
