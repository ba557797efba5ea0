"""A practice form sent again with a token already answered: only its own visitor sees that
answer's result; anyone else is told it is not his (or expired), his choices kept."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse
from django.utils import translation

from quiz.models import PracticeAnswer
from tests.conftest import answer_post_data

pytestmark = pytest.mark.django_db

RIGHT = {"legal": False}  # t-legal-in-off: the cue ball went in-off, a foul
WRONG = {"legal": True}
NOT_YOURS = {
    "en": "That result is not yours, or it has expired.",
    "fr": "Ce résultat n’est pas le vôtre, ou il a expiré.",
    "ru": "Этот результат не ваш или устарел.",
    "fa": "این نتیجه متعلق به شما نیست یا منقضی شده است.",
    "pl": "Ten wynik nie jest Twój albo wygasł.",
}


def practice_url(scenario, language="en"):
    with translation.override(language):
        return reverse(
            "quiz:practice", kwargs={"topic": scenario.topic.slug, "scenario": scenario.slug}
        )


def token_of(response):
    return re.search(r'name="token" value="([^"]+)"', response.content.decode()).group(1)


def answer(client, scenario, choice):
    """Answer ``scenario`` in ``client``; the form's data as sent (with its token)."""
    token = token_of(client.get(practice_url(scenario)))
    data = answer_post_data(scenario, choice) | {"token": token}
    assert client.post(practice_url(scenario), data).status_code == 200
    return data


def signed_in(name):
    client = Client()
    client.force_login(get_user_model().objects.create_user(name, password=f"pw-{name}-1234"))
    return client


@pytest.mark.parametrize("language", list(NOT_YOURS))
def test_another_anonymous_session_gets_the_message_not_the_result(client, bank, language):
    scenario = bank["t-legal-in-off"]
    sent = answer(client, scenario, WRONG)
    # Another browser sends the same token with the right answer: the first result is not
    # shown to him, nor is his answer graded under another's token.
    other = Client().post(practice_url(scenario, language), answer_post_data(scenario, RIGHT)
                          | {"token": sent["token"]})
    assert other.status_code == 403
    assert "grade" not in other.context
    assert 'class="feedback' not in other.content.decode()
    assert [str(m) for m in other.context["messages"]][0].startswith(NOT_YOURS[language])
    # His choices are kept, with a new token of his own: sending it again works.
    assert re.search(r'value="foul"[^>]*checked', other.content.decode())
    assert token_of(other) != sent["token"]
    assert PracticeAnswer.objects.count() == 1


def test_another_signed_in_trainee_gets_the_message(bank):
    scenario = bank["t-legal-in-off"]
    owner = signed_in("owner")
    sent = answer(owner, scenario, RIGHT)
    stranger = signed_in("stranger").post(practice_url(scenario), sent)
    assert stranger.status_code == 403
    assert "grade" not in stranger.context
    anonymous = Client().post(practice_url(scenario), sent)
    assert anonymous.status_code == 403


def test_the_owner_sees_his_first_result_again(bank):
    scenario = bank["t-legal-in-off"]
    owner = signed_in("owner")
    sent = answer(owner, scenario, RIGHT)
    again = owner.post(practice_url(scenario), answer_post_data(scenario, WRONG)
                       | {"token": sent["token"]})
    assert again.status_code == 200
    assert again.context["grade"].correct  # the first answer stands
    # on another device, the same account: his too
    elsewhere = Client()
    elsewhere.force_login(get_user_model().objects.get(username="owner"))
    assert elsewhere.post(practice_url(scenario), sent).context["grade"].correct


def test_the_anonymous_owner_sees_his_result_again_and_a_new_answer_works(client, bank):
    scenario = bank["t-legal-in-off"]
    sent = answer(client, scenario, RIGHT)
    assert client.post(practice_url(scenario), sent).context["grade"].correct
    stranger = Client()
    refused = stranger.post(practice_url(scenario), sent)
    resent = stranger.post(practice_url(scenario), sent | {"token": token_of(refused)})
    assert resent.status_code == 200 and resent.context["grade"].correct
    assert PracticeAnswer.objects.count() == 2
