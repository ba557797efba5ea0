"""Every quiz model names itself in the admin by what it holds, not "Model object (1)"."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.utils import translation

from quiz.models import PracticeAnswer, Progress, SelfTest, SelfTestAnswer

pytestmark = pytest.mark.django_db


@pytest.fixture
def trainee():
    return get_user_model().objects.create_user("marta", password="pw-marta-1")


def test_topic_and_scenario_are_named_by_their_title_in_the_active_language(bank):
    scenario = bank["t-respot-blue"]
    with translation.override("fr"):
        assert str(scenario) == scenario.title_fr
        assert str(scenario.topic) == scenario.topic.title_fr


def test_practice_answer_names_who_answered_what_and_the_score(bank, trainee):
    scenario = bank["t-respot-blue"]
    answer = PracticeAnswer(user=trainee, scenario=scenario, score=0.5)
    assert str(answer) == f"marta — {scenario}: 0.5"
    anonymous = PracticeAnswer(scenario=scenario, score=1.0)
    assert str(anonymous) == f"— — {scenario}: 1"


def test_progress_names_the_trainee_the_topic_and_the_right_answers(bank, trainee):
    topic = bank["t-respot-blue"].topic
    progress = Progress(user=trainee, topic=topic, answered=4, correct=3)
    assert str(progress) == f"marta — {topic}: 3/4"


def test_self_test_and_its_answers_name_the_trainee_language_and_length(bank, trainee):
    self_test = SelfTest.objects.create(user=trainee, language="pl", length=20)
    assert str(self_test) == "marta — pl × 20"
    assert str(SelfTest(language="fa", length=10)) == "— — fa × 10"
    answer = SelfTestAnswer(
        self_test=self_test, position=3, scenario=bank["t-respot-blue"], answer={}, score=0
    )
    assert str(answer) == "marta — pl × 20 Q3"
