"""The result page's numbers: each question's score, each topic's and the attempt's, read as
percentages in the reader's language (a 0..1 score once read "1%" and "0,2857142857142857%")."""

from __future__ import annotations

import html
import random
import re

import pytest
from django.urls import reverse
from django.utils import translation

from exams import services
from exams.models import Exam
from quiz import asks

pytestmark = pytest.mark.django_db

#: How each language writes the digits, the decimal separator and the percentage
#: (CLDR: a no-break space before the sign in French and Russian, none in English or
#: Polish, Persian digits and the Arabic percent sign in Persian).
WRITTEN = {
    "en": ("0123456789", ".", "{n}%"),
    "fr": ("0123456789", ",", "{n}\u00a0%"),
    "ru": ("0123456789", ",", "{n}\u00a0%"),
    "pl": ("0123456789", ",", "{n}%"),
    "fa": ("۰۱۲۳۴۵۶۷۸۹", "٫", "{n}٪"),
}


def written(value: float, language: str, *, places: int = 1) -> str:
    """``value`` percent as a reader of ``language`` writes it, to ``places`` decimals at most."""
    digits, separator, pattern = WRITTEN[language]
    text = f"{value:.{places}f}".rstrip("0").rstrip(".").replace(".", separator)
    return pattern.format(n=text.translate(str.maketrans("0123456789", digits)))


def test_written_is_what_a_reader_expects():
    assert written(100, "en") == "100%"
    assert written(200 / 7, "fa") == "۲۸٫۶٪"
    assert written(0, "fr") == "0\u00a0%"
    assert written(46.43, "pl", places=2) == "46,43%"


def finished_attempt(enrolment, clock, right, wrong, language):
    """Question 1 right, 2 wrong, 3 partly right (a whole decision, some fields right and
    the rest left out), 4 left; and question 3's share of credit."""
    attempt = services.start_attempt(
        enrolment=enrolment, language=language, now=clock(), rng=random.Random(3)
    )
    questions = {q.position: q for q in attempt.questions.all()}
    partial = questions[3]
    # The right answer to what it asked, then it asks the whole decision: those fields are
    # right, the others left out (an answer is graded as it stands).
    answer = right(partial)
    partial.ask, partial.ask_ball = asks.Ask.DECISION, ""
    partial.save(update_fields=["ask", "ask_ball"])
    for position, given in ((1, right(questions[1])), (2, wrong(questions[2])), (3, answer)):
        services.save_answer(
            attempt=attempt, question=questions[position], answer=given, now=clock()
        )
    services.submit_attempt(attempt=attempt, now=clock())
    fields = asks.field_names(ask=asks.Ask.DECISION, ask_ball="")
    assert set(answer) < set(fields)
    return attempt, len(answer) / len(fields)


def cells(page: str, css_class: str) -> list[list[str]]:
    """The rows of the table ``css_class``, each a list of its cells' text."""
    table = re.search(rf'<table class="{css_class}">(.*?)</table>', page, re.S).group(1)
    body = table.split("<tbody>")[1]
    return [
        [html.unescape(re.sub(r"<[^>]+>", "", cell)).strip()
         for cell in re.findall(r"<t[hd][^>]*>(.*?)</t[hd]>", row, re.S)]
        for row in re.findall(r"<tr>(.*?)</tr>", body, re.S)
    ]


@pytest.mark.parametrize("language", ["en", "fr", "ru", "fa", "pl"])
def test_every_score_of_the_result_page_reads_as_a_percentage(
    client, candidate, enrolment, clock, right, wrong, language
):
    attempt, share = finished_attempt(enrolment, clock, right, wrong, language)
    client.force_login(candidate)
    with translation.override(language):
        path = reverse("exams:result", args=[attempt.pk])
        not_answered = translation.gettext("Not answered.")
    page = client.get(path).content.decode()
    partly = 100 * share
    expected = [written(100, language), written(0, language), written(partly, language),
                not_answered]

    per_question = [row[1] for row in cells(page, "results-table question-summary")]
    assert per_question == expected
    summaries = re.findall(r'<span class="question-score [^"]+">(.*?)</span>', page)
    assert [html.unescape(text) for text in summaries] == expected
    # The partly right answer's own verdict says the same number.
    assert html.escape(written(partly, language)) in page.split('id="question-3"')[1]

    scores = {q.position: q.score for q in attempt.questions.all()}
    assert scores[1] == 1 and scores[2] == 0 and scores[4] == 0
    assert scores[3] == pytest.approx(share) and 0 < share < 1
    topics = cells(page, "results-table")
    by_topic: dict[str, list[float]] = {}
    for question in attempt.questions.select_related("topic"):
        with translation.override(language):
            by_topic.setdefault(question.topic.title, []).append(scores[question.position])
    assert {row[0]: row[2] for row in topics} == {
        title: written(round(100 * sum(s) / len(s), 1), language) for title, s in by_topic.items()
    }
    overall = 100 * (1 + share) / 4
    attempt.refresh_from_db()
    assert attempt.score == pytest.approx(overall, abs=0.005)
    banner = html.unescape(re.search(r'class="verdict result-banner[^"]*">(.*?)</p>', page,
                                     re.S).group(1))
    assert written(overall, language, places=2) in banner
    assert written(60, language) in banner  # the pass mark


def test_the_scores_of_an_exam_showing_topics_only_are_percentages(
    client, candidate, enrolment, exam, clock, right, wrong
):
    exam.review = Exam.Review.TOPICS
    exam.save()
    attempt, _share = finished_attempt(enrolment, clock, right, wrong, "en")
    client.force_login(candidate)
    page = client.get(reverse("exams:result", args=[attempt.pk])).content.decode()
    assert "question-summary" not in page and "question-score" not in page
    for row in cells(page, "results-table"):
        assert re.fullmatch(r"\d{1,3}(\.\d)?%", row[2]), row


def practice_links(page: str, language: str) -> list[str]:
    with translation.override(language):
        urls = [reverse(name) for name in ("quiz:topics", "quiz:review", "quiz:self_test_start",
                                           "quiz:progress")]
    return [address for address in urls if f'href="{address}"' in page]


@pytest.mark.parametrize("language", ["en", "fa", "pl"])
def test_a_candidate_of_the_link_alone_sees_no_practice_menus_on_his_result(
    client, candidate, enrolment, clock, right, wrong, language
):
    attempt, _share = finished_attempt(enrolment, clock, right, wrong, language)
    client.force_login(candidate)
    with translation.override(language):
        page = client.get(reverse("exams:result", args=[attempt.pk])).content.decode()
        enrolment_page = client.get(reverse("exams:enrolment", args=[enrolment.pk]))
        logout = reverse("logout")
    assert not candidate.has_usable_password()
    assert practice_links(page, language) == []
    assert practice_links(enrolment_page.content.decode(), language) == []
    header = page[page.index('class="site-header"'):page.index("<main")]
    assert f'action="{logout}"' in header and 'class="language-switcher"' in header


def test_a_candidate_with_a_password_keeps_the_sites_menus(
    client, exam, examiner, clock, right, wrong, now
):
    from tests.exams.conftest import make_verified_trainee

    trainee = make_verified_trainee("trainee", "trainee@example.org")
    enrolment = services.enrol_candidate(
        exam=exam, full_name="Tom Trainee", email="trainee@example.org", by=examiner, now=now
    )
    assert enrolment.user == trainee
    attempt, _share = finished_attempt(enrolment, clock, right, wrong, "en")
    client.force_login(trainee)
    page = client.get(reverse("exams:result", args=[attempt.pk])).content.decode()
    assert len(practice_links(page, "en")) == 4
