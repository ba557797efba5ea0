"""A candidate in an attempt opens the practice site in a second tab (issue 8).

He looks for his question everywhere practice lets him look (topics, every
topic's questions, a self-test of every topic, even its address if he guessed
the slug) and finds it nowhere: he can neither read nor answer it there.
"""

from __future__ import annotations

import random
from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse
from django.utils import timezone, translation

from exams import services
from exams.models import Enrolment, Exam, ExamSection
from federations.models import Federation
from quiz.models import Scenario, Topic

pytestmark = pytest.mark.django_db(transaction=True)

PASSWORD = "candidate-password-2026"


def path(name: str, language: str = "en", **kwargs) -> str:
    with translation.override(language):
        return reverse(name, kwargs=kwargs or None)


@pytest.fixture
def attempt(exam_bank):
    """Jan's attempt, running now: both exam-only fouls questions of the test pool."""
    now = timezone.now()
    user = get_user_model().objects.create_user("jan", password=PASSWORD)
    federation = Federation.objects.create(slug="pzb", name_en="PZB")
    exam = Exam.objects.create(
        federation=federation, slug="level-1", name_en="Level 1", time_limit=60,
        opens_at=now - timedelta(hours=1), closes_at=now + timedelta(days=1), pass_mark=50,
        languages=["en", "fr", "ru", "fa", "pl"],
    )
    ExamSection.objects.create(
        exam=exam, order=1, question_count=2, topic=Topic.objects.get(slug="test-fouls")
    )
    enrolment = Enrolment.objects.create(
        exam=exam, user=user, full_name="Jan Nowak", email="jan@example.org"
    )
    return services.start_attempt(
        enrolment=enrolment, language="en", now=now, rng=random.Random(0)
    )


def sign_in(page, base: str) -> None:
    page.goto(base + path("login"))
    page.fill("input[name=username]", "jan")
    page.fill("input[name=password]", PASSWORD)
    page.locator("main form button[type=submit]").click()
    page.wait_for_load_state()


def answer_anything(page) -> None:
    """Some answer in every field of the question's form, then send it."""
    for group in page.locator(".answer-fields fieldset").all():
        radios = group.locator("input[type=radio]")
        if radios.count():
            radios.first.check()
    amount = page.locator("input[name=points_amount]")
    if amount.count():
        amount.fill("1")
    page.locator("main form button.primary[type=submit]").first.click()
    page.wait_for_load_state()


def test_a_candidate_cannot_find_or_answer_his_question_in_practice(page, live_server, attempt):
    base = live_server.url
    sign_in(page, base)
    exam_tab = page
    exam_tab.goto(base + path("exams:question", attempt_id=attempt.pk, position=1))
    heading = exam_tab.locator("main h1").inner_text()
    assert heading == "Question 1 of 2"
    narrative = exam_tab.locator(".scenario .narrative").inner_text().strip()
    scenario = Scenario.objects.get(pk=attempt.questions.get(position=1).scenario_id)
    assert narrative == scenario.narrative_en
    assert scenario.title_en not in exam_tab.content()
    assert exam_tab.title().startswith("Question 1 of 2")

    practice = exam_tab.context.new_page()  # the second tab: same browser, same session
    seen: list[str] = []

    def look(url: str) -> None:
        practice.goto(url)
        seen.append(practice.content())

    look(base + path("quiz:home"))
    look(base + path("quiz:topics"))
    for topic in Topic.objects.all():
        # practice serves a topic's questions one after the other: walk every one
        look(base + path("quiz:practice_topic", topic=topic.slug))
        while practice.locator("form.answer-form .answer-fields").count():
            answer_anything(practice)
            seen.append(practice.content())
            next_link = practice.locator("a.button.primary", has_text="Next question")
            if not next_link.count():
                break
            next_url = next_link.get_attribute("href")
            if any(next_url in page_html for page_html in seen[:-1]):
                break
            look(base + next_url)
    look(base + path("quiz:progress"))

    # A self-test of every topic, 40 questions: he answers them all.
    look(base + path("quiz:self_test_start"))
    practice.locator("input[name=length][value='40']").check()
    practice.locator("main form.self-test-form button[type=submit]").click()
    for _question in range(40):
        practice.wait_for_load_state()
        seen.append(practice.content())
        if "/result/" in practice.url:
            break
        answer_anything(practice)
    assert "/result/" in practice.url

    # he did see every practice question, so he looked everywhere practice shows
    everything = "".join(seen)
    for shown in Scenario.objects.filter(published=True, audience="practice"):
        assert shown.narrative_en.split("\n")[0][:60] in everything, shown.slug
    for html in seen:
        assert narrative not in html
        assert scenario.title_en not in html and scenario.slug not in html

    # Even with its address guessed, practice does not know the question.
    for topic in Topic.objects.all():
        practice.goto(
            base + path("quiz:practice", topic=topic.slug, scenario=scenario.slug)
        )
        assert practice.locator("main h1").inner_text() == "Page not found"
        assert not practice.locator(".answer-fields").count()

    # The attempt is untouched: the question is still his, in the first tab.
    exam_tab.reload()
    assert exam_tab.locator(".scenario .narrative").inner_text().strip() == narrative
