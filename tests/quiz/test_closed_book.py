"""Exam-only scenarios are invisible outside an exam attempt (issue 8).

Never listed, served, counted or explained by practice, self-tests or progress:
their practice URL is a 404 exactly like an unknown slug, in every language,
anonymous, signed in, and signed in during an open attempt that asks them.
"""

from __future__ import annotations

import random
import re
import uuid
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse
from django.utils import translation

from exams import services as exam_services
from exams.models import Enrolment, Exam, ExamSection
from federations.models import Federation
from quiz import selectors
from quiz import services as quiz_services
from quiz.models import PracticeAnswer, Progress, SelfTest, SelfTestAnswer, Topic
from quiz.practice_state import FEEDBACK as PRACTICE_FEEDBACK
from quiz.practice_state import SELF_TESTS
from tests.conftest import answer_post_data

pytestmark = pytest.mark.django_db

LANGUAGES = ["en", "fr", "ru", "fa", "pl"]
WHO = ["anonymous", "signed in", "in an attempt"]
#: The exam-only scenarios of tests/quiz/fixtures/exam_bank.json in topic test-fouls.
EXAM_SLUGS = ["x-yellow-potted-red-on", "x-red-and-blue-down"]
CSRF = re.compile(r'name="csrfmiddlewaretoken" value="[^"]+"')


def url(name: str, language: str = "en", **kwargs: Any) -> str:
    with translation.override(language):
        return reverse(name, kwargs=kwargs or None)


def open_attempt(user: Any) -> Any:
    """An attempt running now, at an exam whose only section draws both exam-only fouls."""
    now = datetime.now(UTC)
    federation = Federation.objects.create(slug="pzb", name_en="PZB")
    exam = Exam.objects.create(
        federation=federation, slug="level-1", name_en="Level 1", time_limit=60,
        opens_at=now - timedelta(hours=1), closes_at=now + timedelta(days=1), pass_mark=50,
        languages=LANGUAGES,
    )
    ExamSection.objects.create(
        exam=exam, order=1, question_count=2, topic=Topic.objects.get(slug="test-fouls")
    )
    enrolment = Enrolment.objects.create(
        exam=exam, user=user, full_name="Jan Nowak", email="jan@example.org"
    )
    return exam_services.start_attempt(
        enrolment=enrolment, language="en", now=now, rng=random.Random(0)
    )


@pytest.fixture
def visitor(client: Any, exam_bank: dict[str, Any], request: Any) -> Any:
    """The client as anonymous, as a signed-in trainee, or as a candidate in an attempt."""
    who = request.param
    if who != "anonymous":
        user = get_user_model().objects.create_user(username="jan", password="a-long-pw-42")
        client.force_login(user)
        client.user = user
        if who == "in an attempt":
            attempt = open_attempt(user)
            drawn = set(attempt.questions.values_list("scenario__slug", flat=True))
            assert drawn == set(EXAM_SLUGS)
    else:
        client.user = None
    client.exam_bank = exam_bank
    return client


def without_csrf(html: str) -> str:
    return CSRF.sub("", html)


@pytest.mark.parametrize("visitor", WHO, indirect=True)
@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("slug", EXAM_SLUGS)
def test_the_practice_page_of_an_exam_only_scenario_is_a_404_like_an_unknown_slug(
    visitor, language, slug
):
    scenario = visitor.exam_bank[slug]
    address = url("quiz:practice", language, topic=scenario.topic.slug, scenario=slug)
    unknown = url("quiz:practice", language, topic=scenario.topic.slug, scenario="no-such-slug")
    expected = visitor.get(unknown)
    for response in (
        visitor.get(address),
        visitor.post(address, answer_post_data(scenario, {"legal": False}) | {"token": "x"}),
    ):
        assert response.status_code == expected.status_code == 404
        html = without_csrf(response.content.decode()).replace(slug, "no-such-slug")
        assert html == without_csrf(expected.content.decode())
        assert PracticeAnswer.objects.count() == 0


@pytest.mark.parametrize("visitor", WHO, indirect=True)
@pytest.mark.parametrize("language", LANGUAGES)
def test_an_exam_only_scenarios_practice_feedback_is_a_404(visitor, language):
    """An answer given while the scenario was practice, before it became exam-only."""
    scenario = visitor.exam_bank[EXAM_SLUGS[0]]
    token = uuid.uuid4()
    PracticeAnswer.objects.create(
        user=visitor.user, scenario=scenario, token=token, answer={"legal": False}, score=1.0
    )
    session = visitor.session
    session[PRACTICE_FEEDBACK] = [str(token)]
    session.save()
    address = url(
        "quiz:practice_answer", language,
        topic=scenario.topic.slug, scenario=scenario.slug, token=token,
    )
    assert visitor.get(address).status_code == 404


def own_self_test(visitor: Any, scenario_ids: list[int]) -> SelfTest:
    self_test = SelfTest.objects.create(
        user=visitor.user, language="en", length=10, scenario_ids=scenario_ids
    )
    session = visitor.session
    session[SELF_TESTS] = [str(self_test.pk)]
    session.save()
    return self_test


@pytest.mark.parametrize("visitor", WHO, indirect=True)
@pytest.mark.parametrize("language", LANGUAGES)
def test_a_self_test_question_that_became_exam_only_is_a_404(visitor, language):
    scenario = visitor.exam_bank[EXAM_SLUGS[1]]
    self_test = own_self_test(visitor, [scenario.pk])
    address = url("quiz:self_test_question", language, test_id=self_test.pk, position=1)
    assert visitor.get(address).status_code == 404
    post = visitor.post(address, answer_post_data(scenario, {"penalty": 5}))
    assert post.status_code == 404
    assert not SelfTestAnswer.objects.exists()


@pytest.mark.parametrize("visitor", WHO, indirect=True)
@pytest.mark.parametrize("language", LANGUAGES)
def test_a_self_test_result_does_not_explain_an_exam_only_scenario(visitor, language):
    exam_only = visitor.exam_bank[EXAM_SLUGS[1]]
    practice = visitor.exam_bank and selectors.published_scenarios().first()
    self_test = own_self_test(visitor, [practice.pk, exam_only.pk])
    for position, scenario in enumerate((practice, exam_only), start=1):
        SelfTestAnswer.objects.create(
            self_test=self_test, position=position, scenario=scenario, answer={}, score=0.0
        )
    self_test.finished_at = datetime.now(UTC)
    self_test.save()
    html = visitor.get(url("quiz:self_test_result", language, test_id=self_test.pk))
    html = html.content.decode()
    with translation.override(language):
        assert practice.title in html
        assert exam_only.title not in html and exam_only.narrative not in html


@pytest.mark.parametrize("visitor", WHO, indirect=True)
@pytest.mark.parametrize("language", LANGUAGES)
def test_lists_counts_and_next_questions_never_show_exam_only_scenarios(visitor, language):
    secrets = [
        text
        for scenario in visitor.exam_bank.values()
        for text in (scenario.slug, *(getattr(scenario, f"title_{c}") for c in LANGUAGES))
    ]
    pages = [url("quiz:home", language), url("quiz:topics", language)]
    for topic in Topic.objects.all():
        # practice resumes at the next question: follow it through the whole topic
        response = visitor.get(url("quiz:practice_topic", language, topic=topic.slug))
        for _step in range(20):
            if response.status_code != 302:
                break
            pages.append(response.url)
            response = visitor.get(response.url)
    if visitor.user is not None:
        pages.append(url("quiz:progress", language))
    for page in pages:
        html = visitor.get(page).content.decode()
        assert not [secret for secret in secrets if secret in html], page
    fouls = next(t for t in selectors.topics_with_counts() if t.slug == "test-fouls")
    assert fouls.scenario_count == selectors.published_scenarios(topic=fouls).count() == 8


def test_self_tests_never_draw_exam_only_scenarios(exam_bank):
    exam_only = {scenario.pk for scenario in exam_bank.values()}
    for seed in range(20):
        self_test = quiz_services.start_self_test(
            language="en", length=40, topics=Topic.objects.all(), rng=random.Random(seed)
        )
        assert self_test.size == 11  # every published practice scenario, none exam-only
        assert not set(self_test.scenario_ids) & exam_only


def test_next_practice_scenario_never_goes_to_an_exam_only_one(exam_bank):
    topic = Topic.objects.get(slug="test-fouls")
    practice = list(selectors.published_scenarios(topic=topic))
    for after in practice:
        chosen = selectors.next_practice_scenario(
            topic=topic, answered_ids=[s.pk for s in practice], after=after
        )
        assert chosen.audience == "practice"


def test_progress_forgets_an_exam_only_last_scenario(exam_bank):
    user = get_user_model().objects.create_user(username="ann", password="a-long-pw-42")
    topic = Topic.objects.get(slug="test-fouls")
    Progress.objects.create(
        user=user, topic=topic, answered=1, last_scenario=exam_bank[EXAM_SLUGS[0]]
    )
    assert selectors.progress_for(user=user, topic=topic).last_scenario is None
    rows = {row.topic.slug: row for row in selectors.progress_by_topic(user=user)}
    assert rows["test-fouls"].last_scenario is None
    assert rows["test-fouls"].available == 8
