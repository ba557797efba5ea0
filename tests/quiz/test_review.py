"""Spaced review (quiz.review, FSRS): scheduling, the review queue, retrying mistakes, filters."""

from __future__ import annotations

import datetime
import random
import re

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse
from django.utils import timezone, translation

from quiz import review, selectors, services
from quiz.grading import grade
from quiz.models import ReviewCard
from tests.conftest import RIGHT_ANSWERS

pytestmark = pytest.mark.django_db

NOW = datetime.datetime(2026, 3, 1, 12, 0, tzinfo=datetime.UTC)
WRONG = {"t-legal-in-off": {"legal": True}, "t-penalty-in-off": {"penalty": 7}}
#: t-decision-pink with one field wrong (the next ball on): partial credit.
HALF = {**RIGHT_ANSWERS["t-decision-pink"], "ball_on": "colour"}


def practice_url(scenario, language="en", query=""):
    with translation.override(language):
        url = reverse(
            "quiz:practice", kwargs={"topic": scenario.topic.slug, "scenario": scenario.slug}
        )
    return url + query


def answer(client, scenario, given, language="en", query=""):
    """Open the question, then send ``given`` as a browser would; the feedback page."""
    page = client.get(practice_url(scenario, language, query)).content.decode()
    token = re.search(r'name="token" value="([^"]+)"', page).group(1)
    from tests.conftest import answer_post_data

    return client.post(
        practice_url(scenario, language, query),
        answer_post_data(scenario, given) | {"token": token},
    )


@pytest.fixture
def trainee(client):
    user = get_user_model().objects.create_user("trainee", password="x-Secret-123")
    client.force_login(user)
    return user


# --- scheduling ------------------------------------------------------------------


def test_a_wrong_answer_is_due_before_a_partly_right_one_before_a_right_one(bank):
    scenario = bank["t-decision-pink"]
    scores = [
        grade(scenario=scenario, answer=given).score
        for given in ({"legal": False, "penalty": 7, "points": {"B": 7}, "calls": ["foul"],
                       "next_striker": "B", "next_options": ["play"], "ball_on": "colour",
                       "respot": ":none"}, HALF, RIGHT_ANSWERS["t-decision-pink"])
    ]
    assert scores[0] < 0.5 <= scores[1] < 1.0 == scores[2]
    due = [review.due(review.schedule(None, score=score, now=NOW)) for score in scores]
    assert NOW < due[0] < due[1] < due[2]
    assert due[2] - NOW >= datetime.timedelta(days=1)


def test_right_again_waits_longer_and_a_lapse_comes_back_soon():
    card = review.schedule(None, score=1.0, now=NOW)
    first = review.due(card) - NOW
    again = review.schedule(card, score=1.0, now=review.due(card))
    assert review.due(again) - review.due(card) > first
    lapse = review.schedule(again, score=0.0, now=review.due(again))
    assert review.due(lapse) - review.due(again) == review.LEARNING_STEP
    assert lapse["answers"] == 3 and review.is_mistake(lapse)


def test_each_right_answer_on_the_practice_page_puts_the_next_review_further_off(
    client, bank, trainee, monkeypatch
):
    """The guard of test_right_again_waits_longer_and_a_lapse_comes_back_soon, through the
    practice page: answered right each time it is due, a scenario waits longer each time."""
    scenario = bank["t-legal-in-off"]
    moment = [NOW]
    monkeypatch.setattr(timezone, "now", lambda: moment[0])
    waits = []
    for _ in range(3):
        feedback = answer(client, scenario, RIGHT_ANSWERS["t-legal-in-off"])
        assert feedback.status_code == 200 and "Right!" in feedback.content.decode()
        due = ReviewCard.objects.get(user=trainee, scenario=scenario).due
        waits.append(due - moment[0])
        moment[0] = due
    assert datetime.timedelta(days=1) <= waits[0] < waits[1] < waits[2]


def test_a_weak_topic_comes_back_sooner():
    usual = review.due(review.schedule(None, score=1.0, now=NOW))
    weak = review.due(review.schedule(None, score=1.0, now=NOW, weak=True))
    assert weak < usual


# --- the queue -------------------------------------------------------------------


def test_the_queue_serves_what_is_due_mistakes_first_and_keeps_the_rest_for_later(
    bank, trainee
):
    for slug, score, minutes_ago in (
        ("t-legal-red-potted", 1.0, 60 * 24 * 3),
        ("t-legal-in-off", 0.0, 30),
        ("t-decision-pink", 0.6, 30),
        ("t-points-pink", 1.0, 1),
    ):
        services.schedule_review(
            scenario=bank[slug], score=score, user=trainee, session_cards={},
            now=NOW - datetime.timedelta(minutes=minutes_ago),
        )
    queue = selectors.review_queue(user=trainee, session_cards={}, now=NOW)
    assert [e.scenario.slug for e in queue.due] == [
        "t-legal-in-off", "t-decision-pink", "t-legal-red-potted"
    ]
    assert [e.scenario.slug for e in queue.later] == ["t-points-pink"]


def test_exam_only_scenarios_never_reach_the_queue(exam_bank, bank, trainee):
    exam_only = next(iter(exam_bank.values()))
    card = review.schedule(None, score=0.0, now=NOW)
    ReviewCard.objects.create(
        user=trainee, scenario=exam_only, card=card, due=review.due(card), last_score=0.0
    )
    queue = selectors.review_queue(user=trainee, session_cards={}, now=NOW + datetime.timedelta(1))
    assert queue.due == () and queue.later == ()
    assert selectors.mistakes_by_topic(user=trainee, session_cards={}) == {}


def test_a_wrong_practice_answer_shows_in_review_and_leaves_it_once_right(client, bank, trainee):
    scenario = bank["t-legal-in-off"]
    feedback = answer(client, scenario, WRONG["t-legal-in-off"]).content.decode()
    assert "comes back for review in 10 minutes" in feedback
    card = ReviewCard.objects.get(user=trainee, scenario=scenario)
    assert card.last_score == 0.0
    page = client.get(reverse("quiz:review")).content.decode()
    assert scenario.title in page and "Retry my mistakes" in page
    retry = client.get(reverse("quiz:retry_mistakes", kwargs={"topic": "test-fouls"}))
    assert retry.url == practice_url(scenario, query="?via=mistakes")
    feedback = answer(client, scenario, RIGHT_ANSWERS["t-legal-in-off"], query="?via=mistakes")
    assert reverse("quiz:retry_mistakes", kwargs={"topic": "test-fouls"}) in (
        feedback.content.decode()
    )
    card.refresh_from_db()
    assert card.last_score == 1.0 and card.due - timezone.now() > datetime.timedelta(hours=20)
    done = client.get(reverse("quiz:retry_mistakes", kwargs={"topic": "test-fouls"}))
    assert done.status_code == 200 and "No mistakes left" in done.content.decode()


def test_an_anonymous_trainee_keeps_his_schedule_in_the_session(client, bank):
    scenario = bank["t-penalty-in-off"]
    answer(client, scenario, WRONG["t-penalty-in-off"])
    assert not ReviewCard.objects.exists()
    cards = client.session["quiz_review_cards"]
    assert list(cards) == [str(scenario.pk)] and cards[str(scenario.pk)]["score"] == 0.0
    page = client.get(reverse("quiz:review")).content.decode()
    assert scenario.title in page
    other = client.__class__()
    assert scenario.title not in other.get(reverse("quiz:review")).content.decode()


def test_a_forged_session_card_is_ignored(client, bank):
    session = client.session
    session["quiz_review_cards"] = {"x": {"fsrs": {}}, "999999": "nonsense"}
    session.save()
    assert client.get(reverse("quiz:review")).status_code == 200


@pytest.mark.parametrize("language", ["en", "fr", "ru", "fa", "pl"])
def test_the_review_page_explains_the_schedule_in_the_readers_language(
    client, bank, trainee, language
):
    answer(client, bank["t-legal-in-off"], WRONG["t-legal-in-off"], language)
    with translation.override(language):
        page = client.get(reverse("quiz:review")).content.decode()
        sentence = str(review_text_explanation())
    assert sentence in page.replace("&#x27;", "'")
    if language != "en":
        assert "comes back after ten minutes" not in page
        assert "Retry my mistakes" not in page


def review_text_explanation():
    from quiz.review_text import EXPLANATION

    return EXPLANATION


# --- practice filters --------------------------------------------------------------


def test_the_difficulty_filter_keeps_to_that_difficulty(client, bank):
    url = reverse("quiz:practice_topic", kwargs={"topic": "test-fouls"}) + "?difficulty=3"
    response = client.get(url)
    slug = response.url.split("/")[-2]
    assert bank[slug].difficulty == 3 and response.url.endswith("?difficulty=3")
    forged = client.get(reverse("quiz:practice_topic", kwargs={"topic": "test-fouls"})
                        + "?difficulty=9")
    assert forged.status_code == 302 and "difficulty" not in forged.url


def test_shuffle_draws_unanswered_scenarios_at_random(bank):
    topic = bank["t-legal-in-off"].topic
    drawn = {
        selectors.shuffled_practice_scenario(
            topic=topic, answered_ids=[], rng=random.Random(seed)
        ).slug
        for seed in range(40)
    }
    assert len(drawn) > 3
    answered = [s.pk for s in bank.values() if s.slug != "t-next-miss"]
    assert selectors.shuffled_practice_scenario(
        topic=topic, answered_ids=answered, rng=random.Random(1)
    ).slug == "t-next-miss"
