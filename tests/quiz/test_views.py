"""Pages in five languages; practice, self-test and progress; tampered forms."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse
from django.utils import translation

from quiz import asks
from quiz.explain import explain
from quiz.grading import decide
from quiz.models import PracticeAnswer, Progress, SelfTest, SelfTestAnswer

pytestmark = pytest.mark.django_db

LANGUAGES = ["en", "fr", "ru", "fa", "pl"]
RIGHT_LEGAL = {"legal": False}  # t-legal-in-off: the cue ball went in-off, a foul


def url(name, language="en", **kwargs):
    with translation.override(language):
        return reverse(name, kwargs=kwargs or None)


def practice_url(scenario, language="en"):
    return url("quiz:practice", language, topic=scenario.topic.slug, scenario=scenario.slug)


def token_of(response):
    return re.search(r'name="token" value="([^"]+)"', response.content.decode()).group(1)


@pytest.mark.parametrize("language", LANGUAGES)
def test_home_in_every_language(client, bank, language):
    response = client.get(url("quiz:home", language))
    html = response.content.decode()
    assert response.status_code == 200
    assert f'<html lang="{language}" dir="{"rtl" if language == "fa" else "ltr"}">' in html
    with translation.override(language):
        assert bank["t-respot-blue"].topic.title in html
    assert 'class="skip-link"' in html


@pytest.mark.parametrize("language", LANGUAGES)
def test_practice_question_and_feedback_in_every_language(client, bank, language, answer_data):
    scenario = bank["t-legal-in-off"]
    response = client.get(practice_url(scenario, language))
    assert response.status_code == 200
    with translation.override(language):
        assert scenario.narrative in response.content.decode()
    data = answer_data(scenario, RIGHT_LEGAL) | {"token": token_of(response)}
    response = client.post(practice_url(scenario, language), data)
    assert response.status_code == 200
    assert response.context["grade"].correct
    with translation.override(language):
        steps = explain(response.context["grade"].decision)
    assert steps
    html = response.content.decode()
    for step in steps:
        assert str(step.rule_label) in html


def test_question_page_never_shows_the_answer(client, bank):
    for scenario in bank.values():
        if not scenario.published:
            continue
        response = client.get(practice_url(scenario))
        html = response.content.decode()
        decision = decide(scenario.case)
        assert "checked" not in html, scenario.slug
        assert 'class="feedback' not in html
        for step in explain(decision):
            assert step.text not in html, (scenario.slug, step.text)
        assert "trail" not in html and "expect" not in html


def test_topic_redirects_to_the_first_unanswered_question(client, bank, answer_data):
    first = bank["t-legal-in-off"]
    response = client.get(url("quiz:practice_topic", topic="test-fouls"))
    assert response.status_code == 302
    assert response["Location"] == practice_url(first)
    page = client.get(practice_url(first))
    client.post(practice_url(first), answer_data(first, RIGHT_LEGAL) | {"token": token_of(page)})
    response = client.get(url("quiz:practice_topic", topic="test-fouls"))
    assert response["Location"] != practice_url(first)


def test_signed_in_trainee_progress_is_kept_and_resumed(client, bank, answer_data):
    user = get_user_model().objects.create_user("trainee", password="pw-for-tests-1")
    client.force_login(user)
    scenario = bank["t-legal-in-off"]
    page = client.get(practice_url(scenario))
    client.post(practice_url(scenario), answer_data(scenario, RIGHT_LEGAL) | {"token": token_of(page)})
    progress = Progress.objects.get(user=user, topic=scenario.topic)
    assert (progress.answered, progress.correct, progress.last_scenario) == (1, 1, scenario)
    # A new session (logged in again) resumes after the answered question.
    client.logout()
    client.force_login(user)
    response = client.get(url("quiz:practice_topic", topic="test-fouls"))
    assert response["Location"] != practice_url(scenario)
    page = client.get(url("quiz:progress", "pl"))
    assert page.status_code == 200
    assert [row.answered for row in page.context["rows"] if row.topic == scenario.topic] == [1]


def test_progress_needs_an_account(client, bank):
    response = client.get(url("quiz:progress"))
    assert response.status_code == 302
    assert url("login") in response["Location"]


def test_replayed_practice_answer_shows_the_first_result(client, bank, answer_data):
    scenario = bank["t-legal-in-off"]
    page = client.get(practice_url(scenario))
    data = answer_data(scenario, RIGHT_LEGAL) | {"token": token_of(page)}
    first = client.post(practice_url(scenario), data)
    assert first.context["grade"].correct
    replay = client.post(
        practice_url(scenario, "fr"), answer_data(scenario, {"legal": True}) | {"token": data["token"]}
    )
    assert replay.status_code == 200
    assert replay.context["grade"].correct  # the first answer stands
    assert PracticeAnswer.objects.count() == 1
    messages = [str(m) for m in replay.context["messages"]]
    assert messages == ["Vous avez déjà répondu à cette question. Voici votre résultat."]


def test_stale_token_keeps_the_choices(client, bank, answer_data):
    scenario = bank["t-legal-in-off"]
    client.get(practice_url(scenario))
    response = client.post(
        practice_url(scenario), answer_data(scenario, RIGHT_LEGAL) | {"token": "not-a-token"}
    )
    assert response.status_code == 200
    assert PracticeAnswer.objects.count() == 0
    assert re.search(r'value="foul"[^>]*checked', response.content.decode())
    assert any("out of date" in str(m) for m in response.context["messages"])


@pytest.mark.parametrize(
    "tamper",
    [
        {"legal": "maybe"},
        {"legal": None},
        {"scenario": "other"},
        {"scenario": None},
    ],
)
@pytest.mark.parametrize("language", ["en", "ru"])
def test_tampered_practice_form_gets_a_message_and_no_error(
    client, bank, answer_data, tamper, language
):
    scenario = bank["t-legal-in-off"]
    page = client.get(practice_url(scenario, language))
    data = answer_data(scenario, RIGHT_LEGAL) | {"token": token_of(page)}
    for key, value in tamper.items():
        if value is None:
            data.pop(key)
        elif value == "other":
            data[key] = str(bank["t-legal-red-potted"].pk)
        else:
            data[key] = value
    response = client.post(practice_url(scenario, language), data)
    assert response.status_code == 400
    assert PracticeAnswer.objects.count() == 0
    assert 'role="alert"' in response.content.decode()
    # The same token still works: nothing is lost.
    good = answer_data(scenario, RIGHT_LEGAL) | {"token": data["token"]}
    assert client.post(practice_url(scenario, language), good).context["grade"].correct


def test_unpublished_scenario_is_not_served(client, bank):
    assert client.get(practice_url(bank["t-unpublished"])).status_code == 404


def start_self_test(client, language="en", length=10, topics=("test-fouls", "test-respotting")):
    from quiz.models import Topic

    ids = [str(t.pk) for t in Topic.objects.filter(slug__in=topics)]
    return client.post(
        url("quiz:self_test_start", language),
        {"language": language, "length": str(length), "topics": ids},
    )


RIGHT_BY_SLUG = {
    "t-legal-in-off": {"legal": False},
    "t-legal-red-potted": {"legal": True},
    "t-penalty-in-off": {"penalty": 4},
    "t-points-pink": {"points": {"A": 6}},
    "t-calls-miss": {"calls": ["foul", "miss"]},
    "t-next-miss": {
        "next_striker": "B",
        "next_options": ["play", "offender_again", "replace_offender_again"],
    },
    "t-ball-on-red-potted": {"ball_on": "colour"},
    "t-respot-blue": {"respot": "brown_spot"},
    "t-calls-third-miss": {"calls": ["foul", "miss", "frame_awarded"]},
    "t-next-third-miss": {"next_striker": asks.FRAME_OVER, "next_options": []},
    "t-decision-pink": {
        "legal": True,
        "penalty": 0,
        "points": {"A": 6},
        "calls": [],
        "next_striker": "A",
        "next_options": ["play"],
        "ball_on": "red",
        "respot": "pink_spot",
    },
}


def test_self_test_from_start_to_score(client, bank, answer_data):
    response = start_self_test(client, language="pl")
    self_test = SelfTest.objects.get()
    assert response.status_code == 302
    assert response["Location"].startswith("/pl/")
    assert self_test.size == 10
    assert len(set(self_test.scenario_ids)) == 10
    assert bank["t-unpublished"].pk not in self_test.scenario_ids
    by_pk = {s.pk: s for s in bank.values()}
    for position, pk in enumerate(self_test.scenario_ids, start=1):
        scenario = by_pk[pk]
        question = url("quiz:self_test_question", "pl", test_id=self_test.pk, position=position)
        assert client.get(question).status_code == 200
        answer = _wrong(scenario) if position == 2 else RIGHT_BY_SLUG[scenario.slug]
        client.post(question, answer_data(scenario, answer))
    self_test.refresh_from_db()
    assert self_test.finished
    result = client.get(url("quiz:self_test_result", "pl", test_id=self_test.pk))
    assert result.status_code == 200
    outcome = result.context["result"]
    assert outcome.questions == 10
    assert outcome.score == 9.0
    assert sum(row.questions for row in outcome.by_topic) == 10
    assert len(outcome.review) == 10
    html = result.content.decode()
    assert html.count('class="feedback') == 10


def _wrong(scenario):
    if scenario.ask == "legal":
        return {"legal": not RIGHT_BY_SLUG[scenario.slug]["legal"]}
    return {
        "penalty": {"penalty": 7},
        "points": {"points": {"B": 1}},
        "calls": {"calls": ["restart"]},
        "next": {"next_striker": asks.LOT, "next_options": []},
        "ball_on": {"ball_on": "black"},
        "respot": {"respot": "black_spot"},
        "decision": {"legal": False, "penalty": 7, "points": {}, "calls": ["restart"],
                     "next_striker": asks.LOT, "next_options": [], "ball_on": "black",
                     "respot": "black_spot"},
    }[scenario.ask]


def test_self_test_answer_cannot_be_replaced(client, bank, answer_data):
    start_self_test(client)
    self_test = SelfTest.objects.get()
    scenario = SelfTest.objects.get().scenario_ids[0]
    scenario = next(s for s in bank.values() if s.pk == scenario)
    question = url("quiz:self_test_question", test_id=self_test.pk, position=1)
    client.post(question, answer_data(scenario, RIGHT_BY_SLUG[scenario.slug]))
    first = SelfTestAnswer.objects.get()
    response = client.post(question, answer_data(scenario, _wrong(scenario)), follow=True)
    assert response.status_code == 200
    assert SelfTestAnswer.objects.get() == first
    assert SelfTestAnswer.objects.get().score == first.score == 1.0
    assert any("already answered" in str(m) for m in response.context["messages"])


def test_self_test_refuses_an_answer_to_another_question(client, bank, answer_data):
    start_self_test(client, language="fa")
    self_test = SelfTest.objects.get()
    first = next(s for s in bank.values() if s.pk == self_test.scenario_ids[0])
    second = next(s for s in bank.values() if s.pk == self_test.scenario_ids[1])
    question = url("quiz:self_test_question", "fa", test_id=self_test.pk, position=1)
    response = client.post(question, answer_data(second, RIGHT_BY_SLUG[second.slug]))
    assert response.status_code == 400
    assert SelfTestAnswer.objects.count() == 0
    assert response.context["form"].errors
    assert first.pk != second.pk


def test_someone_elses_self_test_is_not_found(client, bank):
    from django.test import Client

    start_self_test(client)
    self_test = SelfTest.objects.get()
    stranger = Client()
    assert stranger.get(url("quiz:self_test", test_id=self_test.pk)).status_code == 404
    assert (
        stranger.get(url("quiz:self_test_question", test_id=self_test.pk, position=1)).status_code
        == 404
    )


def test_self_test_result_waits_for_the_last_answer(client, bank):
    start_self_test(client)
    self_test = SelfTest.objects.get()
    response = client.get(url("quiz:self_test_result", test_id=self_test.pk))
    assert response.status_code == 302


def test_self_test_is_resumable_from_home(client, bank, answer_data):
    start_self_test(client)
    self_test = SelfTest.objects.get()
    home = client.get(url("quiz:home"))
    assert home.context["unfinished"] == self_test
    resume = client.get(url("quiz:self_test", test_id=self_test.pk))
    assert resume["Location"].endswith("/1/")


def test_self_test_with_empty_topics_gets_a_message(client, bank):
    response = client.post(
        url("quiz:self_test_start", "ru"), {"language": "ru", "length": "10", "topics": ["999"]}
    )
    assert response.status_code == 400
    assert SelfTest.objects.count() == 0


def test_language_switch_keeps_the_page(client, bank):
    path = url("quiz:topics", "fr")
    response = client.post(url("set_language", "fr"), {"language": "pl", "next": path})
    assert response.status_code == 302
    assert response["Location"] == url("quiz:topics", "pl")


def test_signup_logs_in(client, db):
    response = client.post(
        url("signup", "pl"),
        {"username": "nowy", "password1": "długie-hasło-42", "password2": "długie-hasło-42"},
    )
    assert response.status_code == 302
    assert get_user_model().objects.filter(username="nowy").exists()


def test_signup_errors_are_shown(client, db):
    response = client.post(
        url("signup", "fr"), {"username": "", "password1": "a", "password2": "b"}
    )
    assert response.status_code == 400
    assert 'role="alert"' in response.content.decode()


def test_self_test_question_never_shows_the_answer(client, bank):
    start_self_test(client)
    self_test = SelfTest.objects.get()
    for position, pk in enumerate(self_test.scenario_ids, start=1):
        scenario = next(s for s in bank.values() if s.pk == pk)
        html = client.get(
            url("quiz:self_test_question", test_id=self_test.pk, position=position)
        ).content.decode()
        assert "checked" not in html
        assert 'class="feedback' not in html
        for step in explain(decide(scenario.case)):
            assert step.text not in html, (scenario.slug, step.text)
        if position == 3:
            break
