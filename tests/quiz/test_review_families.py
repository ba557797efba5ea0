"""Spaced review of families (quiz.services.schedule_review, quiz.selectors.review_cards): the
family comes back, not the instance, and the review serves a new instance of it."""

from __future__ import annotations

import datetime

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse
from django.utils import timezone

from quiz import selectors
from quiz.freezing import freeze_instance, situation
from quiz.models import PracticeAnswer, ReviewCard
from tests.quiz.test_review import answer

pytestmark = pytest.mark.django_db


@pytest.fixture
def trainee(client):
    user = get_user_model().objects.create_user("trainee", password="x-Secret-123")
    client.force_login(user)
    return user


def test_an_answered_instance_schedules_its_family_with_a_new_instance(client, families, trainee):
    family = families["miss-by-scores"]
    first = freeze_instance(family=family, seed=11)
    answer(client, first, {"calls": []})
    card = ReviewCard.objects.get(user=trainee)
    assert card.family == family
    assert card.scenario != first and card.scenario.family == family
    assert situation(card.scenario) != situation(first)
    assert not PracticeAnswer.objects.filter(scenario=card.scenario).exists()
    second = card.scenario
    answer(client, second, {"calls": []})
    cards = ReviewCard.objects.filter(user=trainee)
    assert cards.count() == 1  # one card per family, however many instances
    card = cards.get()
    assert card.card["answers"] == 2 and card.scenario not in (first, second)


def test_a_due_family_is_served_by_a_new_instance_on_the_review_page(client, families, trainee):
    family = families["miss-by-scores"]
    answered = freeze_instance(family=family, seed=12)
    answer(client, answered, {"calls": []})
    card = ReviewCard.objects.get(user=trainee, family=family)
    past = timezone.now() - datetime.timedelta(minutes=1)
    card.card["fsrs"]["due"] = past.isoformat()
    card.due = past
    card.save()
    queue = selectors.review_queue(user=trainee, session_cards={}, now=timezone.now())
    due = [entry for entry in queue.due if entry.is_family]
    assert [entry.scenario for entry in due] == [card.scenario]
    page = client.get(reverse("quiz:review")).content.decode()
    url = card.scenario.get_absolute_url()
    assert url + "?via=review" in page and answered.get_absolute_url() not in page
    assert "a new generated situation" in page
    served = client.get(url + "?via=review")
    assert served.status_code == 200 and card.scenario.question_en in served.content.decode()


def test_the_feedback_says_when_the_family_comes_back(client, families, trainee):
    scenario = freeze_instance(family=families["miss-by-scores"], seed=13)
    feedback = answer(client, scenario, {"calls": []}).content.decode()
    assert "comes back for review" in feedback


def test_an_anonymous_trainee_keeps_his_family_card_in_the_session(client, families):
    family = families["penalty-first-contact"]
    scenario = freeze_instance(family=family, seed=14)
    answer(client, scenario, {"penalty": 0})
    cards = client.session["quiz_review_cards"]
    key = f"family-{family.pk}"
    assert list(cards) == [key] and cards[key]["scenario"] != scenario.pk
    coming = selectors.review_cards(user=None, session_cards=cards)
    assert list(coming) == [cards[key]["scenario"]]
    assert not ReviewCard.objects.exists()


def test_a_forged_family_session_card_is_ignored(client, families):
    session = client.session
    session["quiz_review_cards"] = {"family-1": {"fsrs": {}, "scenario": "x"}, "family-2": 3}
    session.save()
    assert selectors.review_cards(user=None, session_cards=session["quiz_review_cards"]) == {}
    assert client.get(reverse("quiz:review")).status_code == 200
