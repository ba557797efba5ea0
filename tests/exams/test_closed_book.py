"""Closed-book exams (issue 8): exams draw only exam-only scenarios, from their own pools.

The ``bank`` fixture is the shared exam pool (exam-only, no federation). Practice
scenarios and another federation's scenarios are added here as each test needs.
"""

from __future__ import annotations

import random
import re
from datetime import timedelta
from typing import Any

import pytest
from django.urls import reverse
from django.utils import translation

from exams import selectors, services
from exams.errors import NotEnoughQuestions
from exams.forms import SectionFormSet
from exams.models import Enrolment, Exam
from quiz.models import Audience, Scenario, Topic

from .conftest import BANK, LANGUAGES, translated

pytestmark = pytest.mark.django_db


def url(name: str, *args: Any, language: str = "en") -> str:
    with translation.override(language):
        return reverse(f"exams:{name}", args=args)


def add_scenarios(
    topic: str, count: int, *, audience: str = Audience.EXAM, federation: Any = None,
    published: bool = True, prefix: str = "extra",
) -> list[Scenario]:
    """``count`` more scenarios in ``topic``, copies of the test bank's first case."""
    case = BANK[0][3]
    made = []
    for n in range(count):
        slug = f"{prefix}-{topic}-{n}"
        made.append(
            Scenario.objects.create(
                slug=slug, topic=Topic.objects.get(slug=topic), ask="legal",
                case={**case, "id": slug}, difficulty=1, published=published,
                audience=audience, federation=federation,
                **translated("title", {code: f"{slug} [{code}]" for code in LANGUAGES}),
                **translated("narrative", {code: "n" for code in LANGUAGES}),
                **translated("question", {code: "q" for code in LANGUAGES}),
            )
        )
    return made


def drawn_slugs(exam: Exam, seeds: range = range(40)) -> set[str]:
    return {
        scenario.slug
        for seed in seeds
        for scenario in services.draw_questions(exam=exam, rng=random.Random(seed))
    }


# --- what an exam draws ---------------------------------------------------------------------


def test_exams_never_draw_practice_scenarios(exam, bank):
    practice = add_scenarios("sequence", 5, audience=Audience.PRACTICE, prefix="practice")
    drawn = drawn_slugs(exam)
    assert drawn and drawn <= {scenario.slug for scenario in bank}
    assert not drawn & {scenario.slug for scenario in practice}


def test_an_exam_draws_its_federations_pool_and_the_shared_one_never_anothers(
    federation, other_federation, bank, new_exam, now
):
    own = add_scenarios("sequence", 3, federation=federation, prefix="own")
    theirs = add_scenarios("sequence", 3, federation=other_federation, prefix="theirs")
    unpublished = add_scenarios("sequence", 2, published=False, prefix="draft")
    exam = new_exam(federation, now, sections=[("sequence", 3), (None, 3)])
    drawn = drawn_slugs(exam)
    assert {scenario.slug for scenario in own} <= drawn
    assert {scenario.slug for scenario in bank} <= drawn  # the shared pool
    assert not drawn & {scenario.slug for scenario in theirs + unpublished}
    their_exam = new_exam(other_federation, now, sections=[("sequence", 6)])
    assert not drawn_slugs(their_exam) & {scenario.slug for scenario in own}


def test_an_attempt_freezes_exam_only_questions(enrolment, clock):
    attempt = services.start_attempt(
        enrolment=enrolment, language="en", now=clock(), rng=random.Random(1)
    )
    assert attempt.questions.count() == 4
    assert {q.scenario.audience for q in attempt.questions.select_related("scenario")} == {
        Audience.EXAM
    }


def test_sections_on_one_topic_draw_first_so_a_full_pool_always_draws(
    federation, bank, new_exam, now
):
    # every topic first in the form, then all of "sequence": 6 of a pool of 6
    exam = new_exam(federation, now, sections=[(None, 3), ("sequence", 3)])
    for seed in range(30):
        drawn = services.draw_questions(exam=exam, rng=random.Random(seed))
        assert len({scenario.pk for scenario in drawn}) == 6
        assert {scenario.topic.slug for scenario in drawn[3:]} == {"sequence"}
        assert {scenario.topic.slug for scenario in drawn[:3]} == {"fouls"}


def test_an_exam_larger_than_its_pool_cannot_start(federation, bank, new_exam, now):
    add_scenarios("sequence", 4, audience=Audience.PRACTICE, prefix="practice")
    exam = new_exam(federation, now, sections=[("sequence", 4)])
    with pytest.raises(NotEnoughQuestions, match="exam pool holds only 3"):
        services.draw_questions(exam=exam, rng=random.Random(0))


def test_pool_sizes_count_own_and_shared_exam_only_scenarios(
    federation, other_federation, bank
):
    add_scenarios("sequence", 2, federation=federation, prefix="own")
    add_scenarios("sequence", 5, federation=other_federation, prefix="theirs")
    add_scenarios("fouls", 4, audience=Audience.PRACTICE, prefix="practice")
    sizes = {size.topic.slug: size for size in selectors.exam_pool_sizes(federation=federation)}
    assert (sizes["sequence"].own, sizes["sequence"].shared, sizes["sequence"].total) == (2, 3, 5)
    assert (sizes["fouls"].own, sizes["fouls"].shared) == (0, 3)
    theirs = {s.topic.slug: s.total for s in selectors.exam_pool_sizes(federation=other_federation)}
    assert theirs == {"sequence": 8, "fouls": 3}


# --- the pool-size check when an exam is saved -------------------------------------------------


def section_data(*sections: tuple[Any, int]) -> dict[str, str]:
    data = {
        "sections-TOTAL_FORMS": str(len(sections)),
        "sections-INITIAL_FORMS": "0",
        "sections-MIN_NUM_FORMS": "0",
        "sections-MAX_NUM_FORMS": "1000",
    }
    for index, (topic, count) in enumerate(sections):
        data[f"sections-{index}-order"] = str(index + 1)
        data[f"sections-{index}-topic"] = str(topic.pk) if topic else ""
        data[f"sections-{index}-question_count"] = str(count)
    return data


def sections_form(federation: Any, *sections: tuple[Any, int]) -> SectionFormSet:
    return SectionFormSet(
        data=section_data(*sections), instance=Exam(federation=federation), prefix="sections"
    )


def test_sections_that_fit_the_pool_are_accepted_up_to_its_last_scenario(federation, bank):
    sequence, fouls = Topic.objects.get(slug="sequence"), Topic.objects.get(slug="fouls")
    form = sections_form(federation, (sequence, 2), (sequence, 1), (fouls, 2), (None, 1))
    assert form.is_valid(), form.non_form_errors()


def test_a_section_asking_more_than_its_topics_pool_is_refused_by_name(
    federation, other_federation, bank
):
    add_scenarios("sequence", 5, federation=other_federation, prefix="theirs")
    add_scenarios("sequence", 5, audience=Audience.PRACTICE, prefix="practice")
    sequence = Topic.objects.get(slug="sequence")
    form = sections_form(federation, (None, 1), (sequence, 4))
    assert not form.is_valid()
    message = "Section 2 asks for 4 questions on “Sequence”; the exam pool holds 3."
    assert form.non_form_errors() == [message]
    assert form.forms[1].errors["question_count"] == [message]
    assert not form.forms[0].errors


def test_sections_together_asking_more_than_the_pool_name_the_every_topic_ones(federation, bank):
    sequence = Topic.objects.get(slug="sequence")
    form = sections_form(federation, (sequence, 3), (None, 2), (None, 2))
    assert not form.is_valid()
    assert form.non_form_errors() == [
        "Sections 2, 3 (every topic): the sections ask for 7 questions in all; "
        "the exam pool holds 6."
    ]


def test_two_sections_on_one_topic_count_together(federation, bank):
    sequence = Topic.objects.get(slug="sequence")
    form = sections_form(federation, (sequence, 2), (sequence, 2))
    assert not form.is_valid()
    assert "Sections 1, 2 ask for 4 questions on “Sequence”" in form.non_form_errors()[0]


def test_the_pool_error_is_translated(federation, bank):
    sequence = Topic.objects.get(slug="sequence")
    with translation.override("fa"):
        form = sections_form(federation, (sequence, 9))
        assert not form.is_valid()
        error = form.non_form_errors()[0]
    assert "۹" in error and "Section" not in error


def test_the_exam_form_shows_each_topics_pool(client, examiner, federation, other_federation,
                                              bank):
    add_scenarios("fouls", 2, federation=federation, prefix="own")
    add_scenarios("fouls", 7, federation=other_federation, prefix="theirs")
    client.force_login(examiner)
    page = client.get(url("exam_create")).content.decode()
    row = re.search(r"<th scope=\"row\">Fouls</th>(.*?)</tr>", page, re.S).group(1)
    # own, shared, what a section can draw, and the topic's families marked for exams (none)
    assert re.findall(r"<td>(\d+)</td>", row) == ["2", "3", "5", "0"]
    assert "Fouls (5 in the pool)" in page
    assert "every topic (8 in the pool)" in page


# --- what the candidate sees -------------------------------------------------------------------


def plain_texts() -> None:
    """Narratives and questions that do not repeat the slug (the test bank's do)."""
    for scenario in Scenario.objects.all():
        for code in LANGUAGES:
            setattr(scenario, f"narrative_{code}", f"A plays. [{code}]")
            setattr(scenario, f"question_{code}", f"What now? [{code}]")
        scenario.save()


def test_the_question_page_shows_no_title_slug_or_topic(client, candidate, enrolment, clock):
    plain_texts()
    attempt = services.start_attempt(
        enrolment=enrolment, language="fr", now=clock(), rng=random.Random(2)
    )
    client.force_login(candidate)
    for question in attempt.questions.select_related("scenario__topic"):
        page = client.get(url("question", attempt.pk, question.position, language="fr"))
        html = page.content.decode()
        assert page.status_code == 200
        assert f"Question {question.position} sur 4" in html
        assert question.narrative in html
        scenario = question.scenario
        for secret in (scenario.slug, scenario.title_fr, scenario.title_en,
                       scenario.topic.title_fr, scenario.topic.slug):
            assert secret not in html, secret
        assert "aria-labelledby=\"question-heading\"" in html


def test_the_review_names_questions_by_number_only(client, candidate, enrolment, exam, clock,
                                                   right):
    plain_texts()
    attempt = services.start_attempt(
        enrolment=enrolment, language="en", now=clock(), rng=random.Random(2)
    )
    for question in attempt.questions.all():
        services.save_answer(attempt=attempt, question=question, answer=right(question),
                             now=clock())
    services.submit_attempt(attempt=attempt, now=clock())
    client.force_login(candidate)
    html = client.get(url("result", attempt.pk)).content.decode()
    assert "grade-table" in html  # this exam reviews every answer
    assert "<h2>Question 1</h2>" in html
    for question in attempt.questions.select_related("scenario"):
        assert question.scenario.title_en not in html
        assert question.scenario.slug not in html


# --- review gating --------------------------------------------------------------------------


def finished(enrolment: Any, clock: Any, answer: Any) -> Any:
    attempt = services.start_attempt(
        enrolment=enrolment, language="en", now=clock(), rng=random.Random(5)
    )
    for question in attempt.questions.all():
        services.save_answer(attempt=attempt, question=question, answer=answer(question),
                             now=clock())
    return services.submit_attempt(attempt=attempt, now=clock())


def test_no_review_while_the_attempt_runs(enrolment, clock):
    attempt = services.start_attempt(enrolment=enrolment, language="en", now=clock())
    assert selectors.review_level(attempt=attempt, now=clock()) is None
    assert selectors.attempt_review(attempt=attempt) == []


def test_review_after_closing_waits_for_the_exam_to_close(enrolment, exam, clock, wrong):
    exam.review_from = Exam.ReviewFrom.CLOSING
    exam.save()
    attempt = finished(enrolment, clock, wrong)
    assert selectors.review_level(attempt=attempt, now=clock()) is None
    just_before = exam.closes_at - timedelta(seconds=1)
    assert selectors.review_level(attempt=attempt, now=just_before) is None
    assert selectors.review_level(attempt=attempt, now=exam.closes_at) == Exam.Review.ANSWERS


@pytest.mark.parametrize("review", [Exam.Review.SCORE, Exam.Review.TOPICS])
def test_review_never_goes_beyond_the_exams_option(enrolment, exam, clock, wrong, review):
    exam.review = review
    exam.save()
    attempt = finished(enrolment, clock, wrong)
    assert selectors.review_level(attempt=attempt, now=exam.closes_at) == review


def test_explanations_wait_while_the_candidate_runs_an_attempt_at_another_exam(
    client, federation, bank, enrolment, exam, clock, wrong, new_exam, now
):
    """Exams share the pool: another exam's running attempt may have drawn the same question."""
    finished_attempt = finished(enrolment, clock, wrong)
    other = new_exam(federation, now, slug="referee-level-2")
    # one account enrolled in both (a trainee enrolled under his own account)
    other_enrolment = Enrolment.objects.create(
        exam=other, user=enrolment.user, full_name="Anna Kowalska", email="anna@example.org"
    )
    running = services.start_attempt(enrolment=other_enrolment, language="en", now=clock())
    client.force_login(enrolment.user)
    assert selectors.review_level(attempt=finished_attempt, now=clock()) == Exam.Review.TOPICS
    html = client.get(url("result", finished_attempt.pk)).content.decode()
    assert "grade-table" not in html and 'class="explanation"' not in html
    assert "once your attempt in progress is finished" in html
    # past its deadline, the running attempt can take no more answers: the review opens
    later = running.deadline + timedelta(seconds=1)
    assert selectors.review_level(attempt=finished_attempt, now=later) == Exam.Review.ANSWERS
    services.submit_attempt(attempt=running, now=clock())
    assert "grade-table" in client.get(url("result", finished_attempt.pk)).content.decode()


# --- a question only in the languages it is written in ----------------------------------------


def written_in_english_and_polish_only(scenarios: list[Scenario]) -> None:
    """A federation's scenarios written, as its exams need, in English and Polish only."""
    for scenario in scenarios:
        for code in ("fr", "ru", "fa"):
            for name in ("title", "narrative", "question"):
                setattr(scenario, f"{name}_{code}", "")
        scenario.save()


def test_a_candidate_never_draws_a_scenario_not_written_in_his_language(
    federation, bank, new_exam, now
):
    own = add_scenarios("sequence", 3, federation=federation, prefix="own")
    written_in_english_and_polish_only(own)
    exam = new_exam(federation, now, sections=[("sequence", 3)])
    own_slugs = {scenario.slug for scenario in own}
    for seed in range(20):
        polish = services.draw_questions(exam=exam, rng=random.Random(seed), language="pl")
        russian = services.draw_questions(exam=exam, rng=random.Random(seed), language="ru")
        assert not {scenario.slug for scenario in russian} & own_slugs
        assert {scenario.slug for scenario in russian} == {s.slug for s in bank[:3]}
        assert len(polish) == 3
    assert own_slugs <= drawn_slugs_in(exam, "pl")


def drawn_slugs_in(exam: Exam, language: str) -> set[str]:
    return {
        scenario.slug
        for seed in range(40)
        for scenario in services.draw_questions(
            exam=exam, rng=random.Random(seed), language=language
        )
    }


def test_a_scenario_half_written_in_a_language_is_not_drawn_in_it(federation, bank, new_exam, now):
    (own,) = add_scenarios("sequence", 1, federation=federation, prefix="own")
    own.question_fr = ""
    own.save()
    exam = new_exam(federation, now, sections=[("sequence", 4)])
    assert own.slug in drawn_slugs_in(exam, "pl")
    with pytest.raises(NotEnoughQuestions, match="exam pool holds only 3"):
        services.draw_questions(exam=exam, rng=random.Random(0), language="fr")


def test_an_attempt_in_a_language_its_pool_lacks_does_not_start(enrolment, clock):
    """Every scenario in Persian taken away: the attempt in Persian is refused, clearly."""
    Scenario.objects.update(question_fa="")
    with pytest.raises(NotEnoughQuestions) as refusal:
        services.start_attempt(enrolment=enrolment, language="fa", now=clock(),
                               rng=random.Random(1))
    assert refusal.value.message == (
        "Too few of this exam's questions are written in Persian yet: choose another of its "
        "languages, or tell the examiner."
    )
    attempt = services.start_attempt(enrolment=enrolment, language="pl", now=clock(),
                                     rng=random.Random(1))
    assert all(question.question.endswith("[pl]") for question in attempt.questions.all())


def test_an_exam_too_large_for_its_pool_is_refused_as_such_in_any_language(
    federation, bank, new_exam, now
):
    exam = new_exam(federation, now, sections=[("sequence", 4)])
    enrolment = services.enrol_candidate(exam=exam, full_name="A", email="a@example.org", now=now)
    with pytest.raises(NotEnoughQuestions, match="exam pool holds only 3"):
        services.start_attempt(enrolment=enrolment, language="pl", now=now)


def test_the_federations_languages_are_those_its_exams_offer(
    federation, other_federation, bank, new_exam, now
):
    assert selectors.federation_languages(federation=federation) == list(LANGUAGES)
    new_exam(federation, now, slug="a", languages=["pl", "en"])
    new_exam(federation, now, slug="b", languages=["pl"])
    assert selectors.federation_languages(federation=federation) == ["en", "pl"]
    assert selectors.federation_languages(federation=None) == list(LANGUAGES)  # the shared pool
    assert selectors.federation_languages(federation=other_federation) == list(LANGUAGES)


def test_a_federations_languages_are_those_of_the_exams_still_to_draw(
    federation, bank, new_exam, clock
):
    """An exam closed long ago offered every language; the exams to come offer Polish."""
    new_exam(federation, clock(), slug="old", languages=list(LANGUAGES),
             opens_at=clock() - timedelta(days=400), closes_at=clock() - timedelta(days=300))
    assert selectors.federation_languages(federation=federation) == list(LANGUAGES)
    new_exam(federation, clock(), slug="next", languages=["pl"],
             opens_at=clock() + timedelta(days=10), closes_at=clock() + timedelta(days=11))
    assert selectors.federation_languages(federation=federation) == ["pl"]


def test_the_sections_count_the_pool_written_in_the_exams_languages(federation, bank):
    own = add_scenarios("sequence", 2, federation=federation, prefix="own")
    written_in_english_and_polish_only(own)
    sequence = Topic.objects.get(slug="sequence")
    in_polish = SectionFormSet(data=section_data((sequence, 5)), prefix="sections",
                               instance=Exam(federation=federation, languages=["en", "pl"]))
    assert in_polish.is_valid(), in_polish.non_form_errors()
    in_french = SectionFormSet(data=section_data((sequence, 5)), prefix="sections",
                               instance=Exam(federation=federation, languages=["fr", "pl"]))
    assert not in_french.is_valid()
    assert "the exam pool holds 3" in in_french.non_form_errors()[0]
