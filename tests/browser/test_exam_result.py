"""The result page in a real browser (issue 26): a candidate of the invitation link finishes an
exam with a right, a wrong and a partly right answer, and every number of his result reads
as the engine graded it, in Persian digits; his header has no practice menus."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone, translation
from django.utils.translation import gettext

from exams import services
from exams.models import Attempt, Exam, ExamSection
from federations.models import Federation
from quiz import asks
from tests.browser.test_exam_flow import answer_in_browser, right_form_values
from tests.exams.test_views_result import written

pytestmark = pytest.mark.django_db(transaction=True)

LANGUAGE = "fa"


@pytest.fixture
def enrolment(exam_bank):
    now = timezone.now()
    federation = Federation.objects.create(slug="ifsf", name_en="Iran Snooker Federation")
    exam = Exam.objects.create(
        federation=federation, slug="level-1", time_limit=30, pass_mark=60,
        **{f"name_{code}": f"Level 1 [{code}]" for code in ("en", "fr", "ru", "fa", "pl")},
        opens_at=now - timedelta(hours=1), closes_at=now + timedelta(days=1),
        languages=["fa", "en"], review=Exam.Review.ANSWERS,
        review_from=Exam.ReviewFrom.SUBMISSION, attempts_allowed=1, waiting_hours=0,
        certificate_months=24,
    )
    ExamSection.objects.create(exam=exam, order=1, question_count=3, topic=None)
    return services.enrol_candidate(
        exam=exam, full_name="Sara Ahmadi", email="sara@example.org", now=now
    )


def wrong_form_values(values: dict) -> dict:
    """The right values with every single-choice answer turned wrong."""
    wrong = dict(values)
    if "legal" in wrong:
        wrong["legal"] = "fair" if wrong["legal"] == "foul" else "foul"
    if "penalty" in wrong:
        wrong["penalty"] = "7" if str(wrong["penalty"]) != "7" else "4"
    return wrong


def cell_texts(page, selector: str) -> list[str]:
    return [text.strip() for text in page.locator(selector).all_inner_texts()]


def test_every_number_of_a_result_with_right_wrong_and_partly_right_answers(
    page, live_server, enrolment
):
    base = live_server.url
    page.goto(f"{base}/{LANGUAGE}/exams/invitation/{enrolment.issued_token}/")
    page.locator("main form button.primary[type=submit]").click()
    page.locator(f"input[name=language][value={LANGUAGE}]").check()
    page.locator("form.start-form button[type=submit]").click()
    page.wait_for_url("**/question/1/")
    attempt = Attempt.objects.get()
    questions = list(attempt.questions.order_by("position"))
    # Question 3 asks for the referee's whole decision: graded field by field.
    partial = questions[2]
    partial.ask, partial.ask_ball = asks.Ask.DECISION, ""
    partial.save(update_fields=["ask", "ask_ball"])
    fields = len(asks.field_names(ask=asks.Ask.DECISION, ask_ball=""))

    answer_in_browser(page, right_form_values(questions[0]))
    page.wait_for_url("**/question/2/")
    answer_in_browser(page, wrong_form_values(right_form_values(questions[1])))
    page.wait_for_url("**/question/3/")
    values = right_form_values(partial)
    values["ball_on"] = "black" if values["ball_on"] != "black" else "red"
    answer_in_browser(page, values)
    page.wait_for_url("**/submit/")
    page.locator("main form button[type=submit]").click()
    page.wait_for_url("**/result/")

    scores = {q.position: q.score for q in attempt.questions.all()}
    assert scores[1] == 1 and scores[2] == 0 and 0 < scores[3] < 1
    attempt.refresh_from_db()
    item = [written(100 * scores[position], LANGUAGE) for position in (1, 2, 3)]
    assert item[2] == written(100 * (fields - 1) / fields, LANGUAGE)

    # The banner: the attempt's score and the pass mark.
    banner = page.locator(".result-banner").inner_text()
    with translation.override(LANGUAGE):
        verdict = gettext("You passed." if attempt.passed else "You did not pass.")
    assert verdict in banner
    assert written(attempt.score, LANGUAGE, places=2) in banner
    assert written(60, LANGUAGE) in banner
    assert not any(digit in banner for digit in "0123456789")  # Persian digits only

    # Per topic: its questions and its mean score.
    by_topic: dict[str, list[float]] = {}
    for question in attempt.questions.select_related("topic"):
        with translation.override(LANGUAGE):
            by_topic.setdefault(question.topic.title, []).append(scores[question.position])
    rows = page.locator("table.results-table:not(.question-summary) tbody tr")
    seen = {}
    for row in rows.all():
        topic = row.locator("th").inner_text().strip()
        count, score = (cell.strip() for cell in row.locator("td").all_inner_texts())
        seen[topic] = (count, score)
    assert seen == {
        topic: (written(len(s), LANGUAGE).removesuffix("٪"),
                written(round(100 * sum(s) / len(s), 1), LANGUAGE))
        for topic, s in by_topic.items()
    }

    # Per question: the summary table, each panel's heading, the partly right verdict.
    assert cell_texts(page, "table.question-summary tbody td") == item
    assert cell_texts(page, "details.reviewed-question .question-score") == item
    page.locator("#question-3 > summary").click()
    with translation.override(LANGUAGE):
        partly = gettext("Partly right: %(score)s") % {"score": item[2]}
    assert page.locator("#question-3 .feedback .verdict").inner_text().strip() == partly

    # A candidate of the link alone: his header has no practice menus.
    header = page.locator("header.site-header")
    assert header.locator("a[href*='/practice/'], a[href*='/review/']").count() == 0
    assert header.locator("form[action*='logout']").count() == 1
