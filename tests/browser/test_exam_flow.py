"""Certification in a real browser: an examiner sets an exam, a candidate passes it in
Russian (reloading mid-way), downloads his certificate, and a stranger verifies it."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from django.utils import timezone, translation
from django.utils.translation import gettext

from exams.models import Attempt, AttemptQuestion, frozen_scenario
from federations.models import Examiner, Federation
from quiz import asks
from quiz.forms import answer_initial
from tests.browser.flows import fill_answer, fill_new_exam, sign_in
from tests.conftest import EXAM_RIGHT_DECISIONS

pytestmark = pytest.mark.django_db(transaction=True)

PASSWORD = "examiner-password-2026"


@pytest.fixture
def examiner(db):
    federation = Federation.objects.create(slug="rfbs", name="Russian Billiards Federation")
    user = get_user_model().objects.create_user("chief-examiner", password=PASSWORD)
    Examiner.objects.create(user=user, federation=federation)
    return user


def right_form_values(question: AttemptQuestion) -> dict:
    """The referee's answer to a drawn question (tests/conftest.py's, from the rules, not
    the engine's, which grades it), as the form's values."""
    scenario = frozen_scenario(question)
    decision = EXAM_RIGHT_DECISIONS[scenario.case["id"]]
    asked = asks.field_names(ask=scenario.ask, ask_ball=scenario.ask_ball)
    return answer_initial({name: decision[name] for name in asked})


def answer_in_browser(page, values: dict) -> None:
    fill_answer(page, values)
    page.locator("form.answer-form button[type=submit]").click()


def test_examiner_sets_an_exam_candidate_passes_in_russian_and_anyone_verifies(
    page, live_server, exam_bank, examiner
):
    base = live_server.url
    now = timezone.now()

    # The examiner signs in and creates the exam, names in five languages.
    sign_in(page, base, username="chief-examiner", password=PASSWORD, then="/en/exams/manage/")
    fill_new_exam(
        page, base, slug="rules-2026", name="Rules exam 2026", now=now, languages=("ru", "pl")
    )
    page.wait_for_url("**/en/exams/manage/*/")
    assert page.locator("h1").inner_text() == "Rules exam 2026 [en]"

    # ... and enrols a candidate, whose invitation link appears.
    page.fill("form.enrol-form input[name=full_name]", "Иван Петров")
    page.fill("form.enrol-form input[name=email]", "ivan@example.org")
    page.locator("form.enrol-form button[type=submit]").click()
    page.wait_for_url("**/en/exams/manage/*/")
    # Links are shown once, when made: "New link" shows this candidate's.
    page.get_by_role("button", name="New link").click()
    page.wait_for_selector("input.invitation-link")
    invitation = page.locator("input.invitation-link").input_value()
    assert "/invitation/" in invitation

    # The candidate opens his link (a browser of his own: no examiner cookie) and starts in Russian.
    page.context.clear_cookies()
    page.goto(invitation)
    page.get_by_role("button", name="Open my exam").click()
    page.locator("input[name=language][value=ru]").check()
    page.locator("form.start-form button[type=submit]").click()
    page.wait_for_url("**/ru/exams/attempt/*/question/1/")
    assert page.get_attribute("html", "lang") == "ru"
    attempt = Attempt.objects.get()
    questions = list(attempt.questions.order_by("position"))
    assert int(page.locator("[data-remaining]").get_attribute("data-remaining")) > 19 * 60

    answer_in_browser(page, right_form_values(questions[0]))
    page.wait_for_url("**/question/2/")
    # Mid-way the candidate reloads (or his connection drops): nothing is lost.
    page.reload()
    page.goto(f"{base}/ru/exams/attempt/{attempt.pk}/")
    page.wait_for_url("**/question/2/")
    assert page.locator(".question-nav .answered").count() == 1
    for question in questions[1:]:
        answer_in_browser(page, right_form_values(question))
    page.wait_for_url("**/submit/")
    page.locator("main form button[type=submit]").click()
    page.wait_for_url("**/result/")
    with translation.override("ru"):
        passed = gettext("You passed.")
    assert passed in page.locator(".verdict").first.inner_text()

    with page.expect_download() as download_info:
        page.locator("a[href$='/pdf/']").first.click()
    pdf = Path(download_info.value.path()).read_bytes()
    assert pdf.startswith(b"%PDF")
    code = attempt.certificate.code

    # Anyone verifies the certificate by its code, without signing in, in any language.
    page.context.clear_cookies()
    page.goto(f"{base}/fa/exams/verify/")
    page.fill("input[name=code]", code.lower())
    page.locator("main form button[type=submit]").click()
    page.wait_for_url(f"**/fa/exams/verify/{code}/")
    assert page.get_attribute("html", "dir") == "rtl"
    with translation.override("fa"):
        valid = gettext("This certificate is valid.")
    assert valid in page.locator(".certificate-status").inner_text()
    facts = page.locator("dl.facts").inner_text()
    assert "Иван Петров" in facts
    assert "Rules exam 2026 [fa]" in facts
