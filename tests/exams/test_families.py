"""Scenario families in exams (exams/families.py, the draw in exams/services.py, issue 21).

A section draws from families; each candidate's instance is his own, seeded by his attempt and
the position, frozen without its answer, rebuilt from the family and seed it keeps.
"""

from __future__ import annotations

import json
import random
from datetime import timedelta
from typing import Any

import pytest
from django.urls import reverse
from django.utils import translation
from django.utils.html import escape

import rules_engine
from exams import families, regrading, selectors, services
from exams.families import FamilyDraw, exam_families, question_seed, rebuild
from exams.forms import SectionFormSet
from exams.models import AttemptQuestion, ExamSection
from quiz import grading
from quiz.explain import explain
from quiz.families.spec import Family, FamilyError
from quiz.models import Topic

from .conftest import family_exam

pytestmark = pytest.mark.django_db

@pytest.fixture
def fexam(federation, bank, family_topics, now):
    return family_exam(federation, now)


def enrol(exam, n, now):
    return services.enrol_candidate(
        exam=exam, full_name=f"Candidate {n}", email=f"c{n}@example.org", now=now
    )


def start(exam, n, now, language="en"):
    return services.start_attempt(
        enrolment=enrol(exam, n, now), language=language, now=now, rng=random.Random(n)
    )


def family_questions(attempt) -> list[AttemptQuestion]:
    return [q for q in attempt.questions.order_by("position") if q.family_slug]


def test_only_families_marked_for_exams_are_drawn(monkeypatch):
    practice = Family.from_dict(
        {"slug": "practice-only", "topic": "miss", "ask": ["calls"], "difficulty": 1, "case": {}}
    )
    exam_only = Family.from_dict({**practice.raw, "slug": "exam-only", "audience": "exam"})
    both = Family.from_dict({**practice.raw, "slug": "both", "audience": "both"})
    monkeypatch.setattr(families, "_all_families", lambda: (practice, exam_only, both))
    assert [f.slug for f in exam_families(topic="miss")] == ["both", "exam-only"]
    assert exam_families(topic="penalties") == []
    assert (practice.in_practice, exam_only.in_practice, exam_only.in_exams) == (True, False, True)


def test_an_unknown_audience_is_refused():
    with pytest.raises(FamilyError, match="audience"):
        Family.from_dict(
            {"slug": "x", "topic": "miss", "ask": ["calls"], "difficulty": 1, "case": {},
             "audience": "everyone"}
        )


def test_seeds_depend_on_the_attempt_the_position_and_the_secret(settings):
    seed = question_seed(attempt_id=7, position=3)
    assert seed == question_seed(attempt_id=7, position=3)
    assert len({seed, question_seed(attempt_id=8, position=3),
                question_seed(attempt_id=7, position=4),
                question_seed(attempt_id=7, position=3, retry=1)}) == 4
    settings.SECRET_KEY = "another-secret-key-" + "x" * 40
    assert question_seed(attempt_id=7, position=3) != seed


def test_a_family_section_freezes_an_instance_with_its_family_and_seed(fexam, now):
    attempt = start(fexam, 1, now)
    drawn = list(attempt.questions.order_by("position"))
    assert [bool(q.family_slug) for q in drawn] == [True, True, True, False]
    assert {q.topic.slug for q in drawn[:2]} == {"penalties"}
    assert drawn[2].topic.slug == "miss"
    for question in drawn[:3]:
        assert question.scenario_id is None and question.seed is not None
        instance = rebuild(family_slug=question.family_slug, seed=question.seed, case=question.case)
        assert instance is not None and dict(instance.case) == question.case
        assert (instance.ask, instance.ask_ball) == (question.ask, question.ask_ball)
        assert question.seed == question_seed(attempt_id=attempt.pk, position=question.position)
        assert question.title and question.narrative and question.question
    assert drawn[3].scenario_id is not None and drawn[3].seed is None


def test_the_frozen_case_holds_no_answer(fexam, now):
    attempt = start(fexam, 1, now)
    for question in family_questions(attempt):
        assert not {"expect", "decision", "answer", "trail"} & set(question.case)
        assert not {"expect", "decision", "answer", "trail"} & set(question.case["stroke"])


def test_two_attempts_get_different_instances(fexam, now):
    first, second = start(fexam, 1, now), start(fexam, 2, now)
    cases = [[json.dumps(q.case, sort_keys=True) for q in family_questions(a)]
             for a in (first, second)]
    assert cases[0] != cases[1]
    assert not set(cases[0]) & set(cases[1])


def test_the_narrative_is_told_in_the_attempts_language(fexam, now):
    english = family_questions(start(fexam, 1, now, "en"))[0]
    polish = family_questions(start(fexam, 2, now, "pl"))[0]
    persian = family_questions(start(fexam, 3, now, "fa"))[0]
    assert english.question != polish.question != persian.question
    assert any("\u06f0" <= ch <= "\u06f9" for ch in persian.title)  # Persian digits


def test_the_exams_edition_and_local_rules_are_frozen_into_the_instance(
    federation, bank, family_topics, now
):
    federation.variants = ["ru-2004-3.4d"]
    federation.save()
    exam = family_exam(federation, now, edition="wpbsa-2014")
    for question in family_questions(start(exam, 1, now)):
        assert question.case["ruleset"] == "wpbsa-2014"
        assert question.case["variants"] == ["ru-2004-3.4d"]


def test_the_question_page_shows_the_instance_and_never_its_answer(fexam, now, client, clock):
    attempt = start(fexam, 1, clock())
    client.force_login(attempt.enrolment.user)
    question = family_questions(attempt)[0]
    instance = rebuild(family_slug=question.family_slug, seed=question.seed, case=question.case)
    url = reverse("exams:question", args=[attempt.pk, question.position])
    with translation.override("en"):
        page = client.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()
        steps = explain(instance.decision)
    assert escape(question.question) in page
    assert escape(question.narrative.split(".")[0]) in page
    assert question.family_slug not in page and str(question.seed) not in page
    assert steps and not any(step.text in page for step in steps)


def test_a_family_section_never_runs_out(federation, bank, family_topics, now):
    wanted = len(exam_families(topic="penalties")) + 2
    exam = family_exam(federation, now, family_sections=[("penalties", wanted, "families")])
    drawn = family_questions(start(exam, 1, now))
    assert len(drawn) == wanted
    assert len({json.dumps(q.case, sort_keys=True) for q in drawn}) == wanted


def test_a_section_of_both_draws_scenarios_and_families(federation, bank, family_topics, now):
    exam = family_exam(federation, now, family_sections=[(None, 8, "both")])
    kinds = []
    for n in range(1, 5):
        drawn = services.draw_questions(exam=exam, rng=random.Random(n))
        kinds += [isinstance(item, FamilyDraw) for item in drawn]
        scenarios = [item.pk for item in drawn if not isinstance(item, FamilyDraw)]
        assert len(scenarios) == len(set(scenarios))
    assert True in kinds and False in kinds


def test_a_family_that_gives_no_instance_is_a_clear_refusal(fexam, now, monkeypatch):
    def refuse(**kwargs):
        raise FamilyError("no sound instance")

    monkeypatch.setattr(services, "exam_instance", refuse)
    enrolment = enrol(fexam, 1, now)
    with pytest.raises(services.NotEnoughQuestions, match="tell the examiner"):
        services.start_attempt(enrolment=enrolment, language="en", now=now)
    assert not enrolment.attempts.exists()


# --- regrading and statistics ---------------------------------------------------------------


def answer_of(question: AttemptQuestion) -> dict[str, Any]:
    """The engine's answer to the frozen case (regrading's concern is the frozen case; the
    engine's correctness is the conformance suite's)."""
    instance = rebuild(family_slug=question.family_slug, seed=question.seed, case=question.case)
    return dict(instance.answer)


def finish(attempt, now, answer_for):
    for question in family_questions(attempt):
        services.save_answer(attempt=attempt, question=question, answer=answer_for(question),
                             now=now)
    return services.submit_attempt(attempt=attempt, now=now + timedelta(minutes=5))


def test_regrading_grades_the_frozen_family_questions_again(
    federation, bank, family_topics, now, monkeypatch
):
    exam = family_exam(federation, now, family_sections=[("penalties", 3, "families")])
    real_decide = grading.decide

    def earlier(case):  # an "earlier engine" whose penalties differ
        decision = real_decide(case)
        return {**decision, "penalty": 7 if decision["penalty"] != 7 else 4}

    monkeypatch.setattr(grading, "decide", earlier)
    monkeypatch.setattr(rules_engine, "__version__", "0.9")
    attempt = finish(start(exam, 1, now), now, answer_of)
    assert attempt.score < 100
    monkeypatch.undo()
    plan = regrading.regrade_preview(exam=exam)
    assert [change.score for change in plan.changes] == [100.0]
    regrading.regrade_exam(exam=exam, now=now + timedelta(hours=1))
    attempt.refresh_from_db()
    assert attempt.score == 100.0


def test_statistics_give_one_row_per_family(federation, bank, family_topics, now):
    sections = [("penalties", 2, "families"), ("sequence", 1, "scenarios")]
    exam = family_exam(federation, now, family_sections=sections)
    for n in range(1, 4):
        finish(start(exam, n, now), now, answer_of)
    items = selectors.item_statistics(exam=exam)
    rows = {item.family: item for item in items if item.family}
    drawn = AttemptQuestion.objects.filter(attempt__enrolment__exam=exam).exclude(family_slug="")
    assert set(rows) == set(drawn.values_list("family_slug", flat=True))
    for slug, row in rows.items():
        mine = drawn.filter(family_slug=slug)
        assert row.answered == mine.count()
        assert row.instances == len({json.dumps(q.case, sort_keys=True) for q in mine})
        assert row.facility == 1.0
    assert all(item.instances is None for item in items if not item.family)


def test_the_statistics_page_names_the_family(federation, bank, family_topics, now, client,
                                              examiner):
    exam = family_exam(federation, now, family_sections=[("miss", 1, "families")])
    finish(start(exam, 1, now), now, answer_of)
    client.force_login(examiner)
    page = client.get(reverse("exams:statistics", args=[exam.pk])).content.decode()
    slug = AttemptQuestion.objects.get(attempt__enrolment__exam=exam).family_slug
    assert f"<code>{slug}</code>" in page and "Different instances" in page


# --- the exam form --------------------------------------------------------------------------


def section_data(rows):
    data = {"sections-TOTAL_FORMS": str(len(rows)), "sections-INITIAL_FORMS": "0"}
    for i, (topic, count, source) in enumerate(rows):
        data.update({f"sections-{i}-order": str(i + 1), f"sections-{i}-topic": topic or "",
                     f"sections-{i}-question_count": str(count), f"sections-{i}-source": source})
    return data


@pytest.fixture
def new_exam(federation, now):
    from exams.models import Exam

    return Exam(federation=federation, languages=["en"])


def test_a_family_section_may_ask_for_more_than_the_scenarios(bank, family_topics, new_exam):
    penalties = str(family_topics["penalties"].pk)
    formset = SectionFormSet(data=section_data([(penalties, 20, "families")]),
                             instance=new_exam, prefix="sections")
    assert formset.is_valid(), formset.errors
    refused = SectionFormSet(data=section_data([(penalties, 20, "scenarios")]),
                             instance=new_exam, prefix="sections")
    assert not refused.is_valid()


def test_a_family_section_on_a_topic_without_families_is_refused(bank, new_exam):
    sequence = str(Topic.objects.get(slug="sequence").pk)
    formset = SectionFormSet(data=section_data([(sequence, 1, "families")]),
                             instance=new_exam, prefix="sections")
    assert not formset.is_valid()
    assert "No scenario family on this topic is marked for exams yet." in str(formset.errors)


def test_a_section_without_a_source_draws_scenarios_as_before(bank, new_exam):
    sequence = str(Topic.objects.get(slug="sequence").pk)
    data = section_data([(sequence, 1, "")])
    del data["sections-0-source"]
    formset = SectionFormSet(data=data, instance=new_exam, prefix="sections")
    assert formset.is_valid(), formset.errors
    assert formset.forms[0].cleaned_data["source"] == ExamSection.Source.SCENARIOS


def test_a_federations_studio_family_is_drawn_only_by_its_own_exams(
    federation, bank, family_topics, now, monkeypatch
):
    """A family an author published in the studio (``quiz.Family.federation``) joins the
    fixtures' families for his federation's exams only, and its questions rebuild."""
    from federations.models import Federation
    from quiz.models import Family as FamilyRow

    monkeypatch.setattr(families, "_all_families", lambda: ())
    spec = {"slug": "own-miss", "topic": "miss", "ask": ["calls"], "difficulty": 1,
            "audience": "exam", "parameters": {"path": {"choice": ["full", "none"]}},
            "case": {"state": {"reds": 3, "ball_on": "red"},
                     "stroke": {"first_contact": [], "path_to_ball_on": {"$": "path"}}}}
    other = Federation.objects.create(slug="elsewhere", name="Elsewhere")
    FamilyRow.objects.create(slug="own-miss", topic=family_topics["miss"], asks=["calls"],
                             spec=spec, published=False, federation=federation)
    assert [f.slug for f in exam_families(federation_id=federation.pk)] == ["own-miss"]
    assert exam_families(federation_id=other.pk) == [] and exam_families() == []
    exam = family_exam(federation, now, family_sections=[("miss", 1, "families")])
    question = family_questions(start(exam, 1, now))[0]
    assert question.family_slug == "own-miss"
    instance = rebuild(family_slug="own-miss", seed=question.seed, case=question.case)
    assert instance is not None and dict(instance.case) == question.case


def test_a_family_question_costs_the_start_no_query_of_its_own(
    federation, bank, family_topics, now
):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from quiz.selectors import practice_situations

    practice_situations()  # the practice bank's situations: read once a minute, not per question
    counts = []
    for n, wanted in enumerate((1, 8), start=1):
        exam = family_exam(
            federation, now, slug=f"queries-{n}",
            family_sections=[("penalties", wanted, "families"), ("sequence", 1, "scenarios")],
        )
        enrolment = enrol(exam, n, now)
        with CaptureQueriesContext(connection) as queries:
            services.start_attempt(enrolment=enrolment, language="en", now=now)
        counts.append(len(queries))
    assert counts[0] == counts[1]
