"""The practice page: a skip link to the answer, the verdict taking the keyboard's focus after
submitting, "Retry my mistakes" saying it is on (issue 26)."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse
from django.utils import translation

from quiz.models import SelfTest
from tests.conftest import RIGHT_ANSWERS
from tests.quiz.test_review import WRONG, answer, practice_url
from tests.quiz.test_views import answer_whole_self_test, start_self_test

pytestmark = pytest.mark.django_db

LANGUAGES = ["en", "fr", "ru", "fa", "pl"]


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_skip_link_leads_to_the_answer_before_the_page_menus(client, bank, language):
    html = client.get(practice_url(bank["t-legal-in-off"], language)).content.decode()
    with translation.override(language):
        skip = translation.gettext("Skip to the answer")
    if language != "en":
        assert skip != "Skip to the answer"
    links = re.findall(r'<a class="skip-link" href="#(\w+)">([^<]+)</a>', html)
    assert links[1] == ("answer", skip)
    assert html.index('class="skip-link" href="#answer"') < html.index('class="site-header"')
    # Its target holds the answer fields, focusable to take the keyboard there.
    target = re.search(r'<div class="answer-anchor" id="answer" tabindex="-1">', html)
    assert target and html.index('class="answer-fields"') > target.start()
    # The rule-book setting comes after the answer, not between the menus and it.
    assert html.index('class="answer-fields"') < html.index('name="edition"')


def test_the_verdict_of_the_answer_just_sent_takes_the_focus(client, bank):
    scenario = bank["t-legal-in-off"]
    html = answer(client, scenario, RIGHT_ANSWERS["t-legal-in-off"]).content.decode()
    verdict = re.search(r'<h2 id="feedback-title" class="verdict"([^>]*)>', html).group(1)
    assert 'tabindex="-1"' in verdict and "data-focus-on-load" in verdict
    assert html.count("data-focus-on-load") == 1


def test_a_page_of_several_feedbacks_moves_no_focus(client, bank):
    # Only the page of the answer just sent starts at its verdict: a self-test's review,
    # one feedback per question, leaves the keyboard at the top.
    start_self_test(client)
    self_test = SelfTest.objects.get()
    answer_whole_self_test(client, bank, self_test)
    html = client.get(reverse("quiz:self_test_result", kwargs={"test_id": self_test.pk}))
    html = html.content.decode()
    assert html.count('class="verdict"') >= 10
    assert "data-focus-on-load" not in html


@pytest.mark.parametrize("language", LANGUAGES)
def test_retry_my_mistakes_says_it_is_on_and_how_to_turn_it_off(client, bank, language):
    user = get_user_model().objects.create_user("trainee", password="x-Secret-123")
    client.force_login(user)
    scenario = bank["t-legal-in-off"]
    answer(client, scenario, WRONG["t-legal-in-off"], language)
    with translation.override(language):
        on = translation.gettext("Retry my mistakes: on")
        off_url = reverse("quiz:practice_topic", kwargs={"topic": scenario.topic.slug})
        retry = reverse("quiz:retry_mistakes", kwargs={"topic": scenario.topic.slug})
        title = scenario.topic.title
    if language != "en":
        assert on != "Retry my mistakes: on"
    plain = client.get(practice_url(scenario, language)).content.decode()
    assert on not in plain and "practice-mode" not in plain
    question = client.get(client.get(retry).url).content.decode()
    heading = re.search(r'<h2 id="practice-mode-title">([^<]+)</h2>', question).group(1)
    assert heading == on
    mode = question[question.index('class="practice-mode"'):][:1000]
    assert title in mode and f'href="{off_url}"' in mode
    feedback = answer(client, scenario, RIGHT_ANSWERS["t-legal-in-off"], language,
                      query="?via=mistakes").content.decode()
    assert on in feedback


def test_a_self_test_question_has_the_skip_link_to_its_answer(client, bank):
    start_self_test(client)
    self_test = SelfTest.objects.get()
    html = client.get(
        reverse("quiz:self_test_question", kwargs={"test_id": self_test.pk, "position": 1})
    ).content.decode()
    assert '<a class="skip-link" href="#answer">Skip to the answer</a>' in html
    assert html.index('id="answer"') < html.index('class="answer-fields"')
