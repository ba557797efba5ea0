"""Rule-book editions in a real browser: a trainee switches edition and sees another ruling and
another citation on a scenario the editions judge differently; an examiner sets an exam in the
2014 edition and its certificate names it."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.utils import timezone

from exams import services
from exams.models import Attempt, AttemptQuestion, Exam, frozen_scenario
from federations.models import Examiner, Federation
from quiz.asks import field_names
from quiz.models import Scenario, Topic
from tests.browser.flows import LANGUAGES, fill_new_exam, sign_in
from tests.conftest import EXAM_RIGHT_DECISIONS

pytestmark = pytest.mark.django_db(transaction=True)

PASSWORD = "examiner-password-2026"


@pytest.fixture
def differing_scenario(db) -> Scenario:
    """Touching a ball during the consultation after a miss: 4 points in 2007, 7 in 2014."""
    topic = Topic.objects.create(
        slug="penalties", order=6, **{f"title_{code}": f"Penalties ({code})" for code in LANGUAGES}
    )
    texts = {}
    for code in LANGUAGES:
        texts.update({f"title_{code}": f"Consultation ({code})",
                      f"narrative_{code}": f"A touches a red during the consultation ({code}).",
                      f"question_{code}": f"What is the penalty? ({code})"})  # fmt: skip
    return Scenario.objects.create(
        slug="edition-consultation-touch", topic=topic, difficulty=3, ask="penalty",
        published=True, **texts,
        case={"format": "snooker-referee-case/1", "id": "edition-consultation-touch",
              "state": {"reds": 10, "misses": 1},
              "stroke": {"struck": False, "infringements": ["consultation_touch:red"]}},
    )  # fmt: skip


def _answer_penalty(page, base: str, scenario: Scenario, penalty: int) -> None:
    page.goto(f"{base}/en/practice/{scenario.topic.slug}/{scenario.slug}/")
    page.locator(f"form.answer-form input[name=penalty][value='{penalty}']").check()
    page.locator("form.answer-form button[type=submit]").click()
    page.wait_for_selector(".feedback")


def test_the_trainee_switches_edition_and_sees_another_ruling_and_citation(
    page, live_server, differing_scenario
):
    base = live_server.url
    _answer_penalty(page, base, differing_scenario, 4)
    feedback = page.locator(".feedback").inner_text()
    assert "Right!" in feedback
    assert "Decided by: WPBSA Rules, 2007 edition." in feedback
    assert "Section 3, rule 14(h)" in feedback

    # The trainee switches to the 2014 edition on the feedback page itself.
    page.select_option("select[name=edition]", "wpbsa-2014")
    page.locator("form.edition-switch button[type=submit]").click()
    page.wait_for_selector(".messages, [role=status], .feedback")
    _answer_penalty(page, base, differing_scenario, 4)
    feedback = page.locator(".feedback").inner_text()
    assert "Not quite." in feedback
    assert "Decided by: WPBSA Rules, 2014 edition." in feedback
    assert "Section 3, rule 10(d)" in feedback and "rule 14(h)" not in feedback
    rulings = page.locator("article.ruling")
    assert rulings.count() == 3  # every edition: 2007, 2014, the French club rules
    assert "WPBSA Rules, 2007 edition" in rulings.nth(0).inner_text()
    assert "WPBSA Rules, 2014 edition" in rulings.nth(1).inner_text()
    assert "French club rules" in rulings.nth(2).inner_text()
    assert "(your edition)" in rulings.nth(1).inner_text()
    # The choice is remembered: the question page offers the 2014 edition selected.
    page.goto(f"{base}/en/practice/{differing_scenario.topic.slug}/{differing_scenario.slug}/")
    assert page.locator("select[name=edition]").input_value() == "wpbsa-2014"


@pytest.fixture
def examiner(db):
    federation = Federation.objects.create(slug="rbf", name="Regional Billiards Federation")
    user = get_user_model().objects.create_user("edition-examiner", password=PASSWORD)
    Examiner.objects.create(user=user, federation=federation)
    return user


def _right_answer(question: AttemptQuestion) -> dict:
    """The referee's answer to a drawn question, from the rules (tests/conftest.py's, the same
    under the 2014 edition for these scenarios), not from the engine that grades it."""
    scenario = frozen_scenario(question)
    decision = EXAM_RIGHT_DECISIONS[scenario.case["id"]]
    asked = field_names(ask=scenario.ask, ask_ball=scenario.ask_ball)
    return {name: decision[name] for name in asked}


def test_an_examiner_sets_a_2014_exam_and_the_certificate_names_it(
    page, live_server, exam_bank, examiner
):
    base = live_server.url
    now = timezone.now()
    sign_in(page, base, username="edition-examiner", password=PASSWORD, then="/en/exams/manage/")
    fill_new_exam(
        page, base, slug="rules-2014", name="2014 rules exam", now=now, languages=("en",),
        edition="wpbsa-2014",
    )
    errors = page.locator(".errorlist").all_inner_texts()
    page.wait_for_url("**/en/exams/manage/*/", timeout=5_000) if not errors else None
    assert errors == []
    assert "WPBSA Rules, 2014 edition" in page.locator("dl.facts").inner_text()

    # The candidate sits it (the sitting itself is the exam flow's test): graded by 2014.
    exam = Exam.objects.get(slug="rules-2014")
    enrolment = services.enrol_candidate(
        exam=exam, full_name="Jan Nowak", email="jan@example.org", by=examiner, now=now
    )
    attempt = services.start_attempt(enrolment=enrolment, language="en", now=now)
    questions = list(attempt.questions.order_by("position"))
    assert {q.case["ruleset"] for q in questions} == {"wpbsa-2014"}
    for question in questions:
        services.save_answer(
            attempt=attempt, question=question, answer=_right_answer(question), now=now
        )
    services.submit_attempt(attempt=attempt, now=now)
    code = Attempt.objects.get().certificate.code

    page.context.clear_cookies()  # anyone, signed out, verifies it
    page.goto(f"{base}/en/exams/verify/{code}/")
    assert "WPBSA Rules, 2014 edition" in page.locator("dl.facts").inner_text()


@pytest.fixture
def far_behind_scenario(db) -> Scenario:
    """Pink and black left, A 31 behind ends his break: four snookers needed (3.4(d)*)."""
    topic = Topic.objects.create(
        slug="end-of-frame", order=8, **{f"title_{code}": f"End ({code})" for code in LANGUAGES}
    )
    texts = {}
    for code in LANGUAGES:
        texts.update({f"title_{code}": f"Far behind ({code})",
                      f"narrative_{code}": f"Pink and black left; B leads 51–20 ({code}).",
                      f"question_{code}": f"Who plays next? ({code})"})  # fmt: skip
    return Scenario.objects.create(
        slug="end-pink-and-black-far-behind", topic=topic, difficulty=3, ask="next",
        published=True, **texts,
        case={"format": "snooker-referee-case/1", "id": "end-pink-and-black-far-behind",
              "state": {"reds": 0, "colours": ["pink", "black"], "scores": {"A": 20, "B": 51}},
              "stroke": {"first_contact": ["pink"]}},
    )  # fmt: skip


def _answer_frame_over(page, base: str, scenario: Scenario) -> str:
    page.goto(f"{base}/en/practice/{scenario.topic.slug}/{scenario.slug}/")
    page.locator("form.answer-form input[name=next_striker][value=':over']").check()
    page.locator("form.answer-form button[type=submit]").click()
    page.wait_for_selector(".feedback")
    return page.locator(".feedback").inner_text()


def _switch_variant(page, *, on: bool) -> None:
    box = page.locator("form.edition-switch input[name=variants][value='ru-2004-3.4d']")
    box.check() if on else box.uncheck()
    page.locator("form.edition-switch button[type=submit]").click()
    page.wait_for_selector(".messages, [role=status]")


def test_the_trainee_turns_the_local_rule_on_and_off(page, live_server, far_behind_scenario):
    base = live_server.url
    label = "Russian amateur rule 3.4(d)*: frame awarded when four snookers are needed"
    page.goto(f"{base}/en/practice/end-of-frame/{far_behind_scenario.slug}/")
    # The switch names the local rule in words, never by its code.
    switch = page.locator("form.edition-switch")
    assert label in switch.inner_text() and "ru-2004-3.4d" not in switch.inner_text()
    _switch_variant(page, on=True)
    assert label in page.locator(".messages, [role=status]").first.inner_text()

    feedback = _answer_frame_over(page, base, far_behind_scenario)
    assert "Right!" in feedback
    assert f"Decided by: WPBSA Rules, 2007 edition + {label}." in feedback
    assert "Section 3, rule 4(d)*" in feedback
    assert "frame" in feedback.lower() and "awarded" in feedback.lower()

    # Off again, on the feedback page itself: the ordinary ruling, B plays on.
    _switch_variant(page, on=False)
    feedback = _answer_frame_over(page, base, far_behind_scenario)
    assert "Not quite." in feedback
    assert "Decided by: WPBSA Rules, 2007 edition." in feedback
    assert "rule 4(d)*" not in feedback
    row = page.locator(".grade-table tbody tr").first.inner_text()
    assert "B" in row
