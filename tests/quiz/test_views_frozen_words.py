"""A family's instance frozen before a catalogue changed: its question page tells it in today's
words while nobody has answered it (a GET writes nothing); the first answer keeps those words."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse
from django.utils import translation

from quiz.freezing import freeze_instance, retold_fields
from quiz.models import Scenario, SelfTest
from tests.conftest import answer_post_data

pytestmark = pytest.mark.django_db

OLD_TITLE = "Titre d’avant"
CALLS = {"calls": ["foul", "miss"]}  # miss-by-scores asks the calls


def token_of(response):
    return re.search(r'name="token" value="([^"]+)"', response.content.decode()).group(1)


def old_worded(families, seed=3):
    instance = freeze_instance(family=families["miss-by-scores"], seed=seed)
    Scenario.objects.filter(pk=instance.pk).update(title_fr=OLD_TITLE)
    return Scenario.objects.get(pk=instance.pk)


def test_the_question_page_tells_it_anew_the_feedback_keeps_those_words(client, families):
    instance = old_worded(families)
    today = retold_fields(scenario=instance, languages=["fr"])["title_fr"]
    with translation.override("fr"):
        path = instance.get_absolute_url()
    page = client.get(path)
    assert today in page.content.decode() and OLD_TITLE not in page.content.decode()
    assert Scenario.objects.get(pk=instance.pk).title_fr == OLD_TITLE  # a GET writes nothing
    feedback = client.post(path, answer_post_data(instance, CALLS) | {"token": token_of(page)})
    assert feedback.status_code == 200 and "grade" in feedback.context
    assert today in feedback.content.decode()
    assert Scenario.objects.get(pk=instance.pk).title_fr == today  # the record: what he read


def test_a_self_test_question_tells_it_anew(client, families):
    instance = old_worded(families, seed=4)
    self_test = SelfTest.objects.create(language="fr", length=10, scenario_ids=[instance.pk])
    session = client.session
    session["quiz_self_tests"] = [str(self_test.pk)]
    session.save()
    with translation.override("fr"):
        path = reverse("quiz:self_test_question", kwargs={"test_id": self_test.pk, "position": 1})
    page = client.get(path).content.decode()
    assert retold_fields(scenario=instance, languages=["fr"])["title_fr"] in page
    assert OLD_TITLE not in page
    assert Scenario.objects.get(pk=instance.pk).title_fr == OLD_TITLE
