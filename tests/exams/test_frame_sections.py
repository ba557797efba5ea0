"""Frame sections in exams (exams/frames.py, the draw in exams/services.py, issue 22).

A section "referee a frame" gives N strokes of a frame played for the candidate alone (seeded
by his attempt and the section), each frozen as a question without its answer, graded and
regraded as any drawn question, one row in the item statistics.
"""

from __future__ import annotations

import random
from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import translation
from django.utils.html import escape

import rules_engine
from exams import frames, regrading, selectors, services
from exams.forms import SectionFormSet
from exams.frames import FrameDraw, frame_window, rebuild
from exams.models import AttemptQuestion, Exam, ExamSection
from quiz import grading
from quiz.explain import explain
from quiz.models import Topic

from .conftest import family_exam

pytestmark = pytest.mark.django_db

SECTIONS = [("sequence", 1, "scenarios"), (None, 4, "frame")]


@pytest.fixture(autouse=True)
def fresh_windows():
    frame_window.cache_clear()
    yield
    frame_window.cache_clear()


@pytest.fixture
def fexam(federation, bank, now):
    return family_exam(federation, now, family_sections=SECTIONS)


def start(exam, n, now, language="en"):
    enrolment = services.enrol_candidate(
        exam=exam, full_name=f"Candidate {n}", email=f"c{n}@example.org", now=now
    )
    return services.start_attempt(
        enrolment=enrolment, language=language, now=now, rng=random.Random(n)
    )


def strokes_of(attempt) -> list[AttemptQuestion]:
    return [q for q in attempt.questions.order_by("position") if q.frame_stroke is not None]


def answer_of(question: AttemptQuestion) -> dict:
    """The engine's answer to the frozen case (the engine's correctness is the conformance
    suite's; here: that each stroke is graded on its frozen case)."""
    decision = grading.decide(question.case)
    return grading.expected_answer(decision=decision, ask=question.ask, ask_ball="")


def test_the_draw_gives_one_item_per_stroke(fexam):
    drawn = services.draw_questions(exam=fexam, rng=random.Random(1))
    assert drawn[1:] == [FrameDraw(index=i, count=4) for i in range(4)]


def test_each_candidate_referees_consecutive_strokes_of_his_own_frame(fexam, now):
    first, second = start(fexam, 1, now), start(fexam, 2, now)
    mine, theirs = strokes_of(first), strokes_of(second)
    assert [q.position for q in mine] == [2, 3, 4, 5]
    numbers = [q.frame_stroke for q in mine]
    assert numbers == list(range(numbers[0], numbers[0] + 4))
    assert len({q.seed for q in mine}) == 1 and mine[0].seed != theirs[0].seed
    assert [q.case for q in mine] != [q.case for q in theirs]
    # Each stroke is played in the state the one before it left.
    assert mine[1].case["state"]["scores"] == grading.decide(mine[0].case)["scores"]


def test_the_frame_is_seeded_by_the_attempt_and_rebuilt_from_what_is_kept(fexam, now):
    attempt = start(fexam, 1, now)
    mine = strokes_of(attempt)
    frame_window.cache_clear()
    again = frame_window(
        attempt_id=attempt.pk, position=mine[0].position, ruleset=fexam.edition, variants=(),
        count=4,
    )
    assert again.seed == mine[0].seed
    for question in mine:
        judged = rebuild(seed=question.seed, stroke=question.frame_stroke, ruleset=fexam.edition)
        assert judged.case == question.case


def test_a_frozen_stroke_holds_no_answer_and_asks_the_whole_decision(fexam, now):
    for question in strokes_of(start(fexam, 1, now)):
        assert "expect" not in question.case
        assert question.ask == "decision" and question.topic_id is None
        assert question.question == "Make the referee's calls for this stroke."
        assert question.title.startswith("Frame, stroke ")
        assert question.case["ruleset"] == fexam.edition


def test_the_exams_edition_and_local_rules_play_the_frame(federation, bank, now):
    federation.variants = ["ru-2004-3.4d"]
    federation.save()
    exam = family_exam(federation, now, family_sections=SECTIONS, edition="wpbsa-2014")
    for question in strokes_of(start(exam, 1, now)):
        assert question.case["ruleset"] == "wpbsa-2014"
        assert question.case["variants"] == ["ru-2004-3.4d"]


def test_the_strokes_are_told_in_the_attempts_language(fexam, now):
    english = strokes_of(start(fexam, 1, now))[0]
    persian = strokes_of(start(fexam, 2, now, language="fa"))[0]
    assert english.narrative.startswith("Referee a frame: stroke 1 of 4.")
    assert persian.narrative != english.narrative and "Referee" not in persian.narrative
    assert "۴" in persian.title and "4" not in persian.title


def test_the_question_page_shows_the_stroke_and_never_its_answer(fexam, now, client, clock):
    attempt = start(fexam, 1, clock())
    client.force_login(attempt.enrolment.user)
    for question in strokes_of(attempt):
        url = reverse("exams:question", args=[attempt.pk, question.position])
        with translation.override("en"):
            page = client.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()
            steps = explain(grading.decide(question.case))
        assert escape(question.question) in page
        assert escape(question.narrative.split("\n\n")[-1].split(".")[0]) in page
        assert str(question.seed) not in page
        assert steps and not any(step.text in page for step in steps)
        # the frame goes on once this stroke's calls are final (issue 22)
        services.make_calls_final(
            attempt=attempt, question=question, answer=answer_of(question), now=clock()
        )


def finish(attempt, now, answer_for):
    for question in strokes_of(attempt):
        services.save_answer(attempt=attempt, question=question, answer=answer_for(question),
                             now=now)
    return services.submit_attempt(attempt=attempt, now=now + timedelta(minutes=5))


def test_each_stroke_is_graded_on_its_frozen_case(fexam, now):
    attempt = finish(start(fexam, 1, now), now, answer_of)
    assert [q.score for q in strokes_of(attempt)] == [1.0] * 4


def test_regrading_grades_the_strokes_again(federation, bank, now, monkeypatch):
    exam = family_exam(federation, now, family_sections=[(None, 4, "frame")])
    real_decide = grading.decide

    def earlier(case):  # an "earlier engine" whose penalties differ
        decision = real_decide(case)
        return {**decision, "penalty": 7 if decision["penalty"] != 7 else 4}

    attempt = start(exam, 1, now)
    right = {question.pk: answer_of(question) for question in strokes_of(attempt)}
    monkeypatch.setattr(grading, "decide", earlier)
    monkeypatch.setattr(rules_engine, "__version__", "0.9")
    attempt = finish(attempt, now, lambda question: right[question.pk])
    assert attempt.score < 100
    monkeypatch.undo()
    plan = regrading.regrade_preview(exam=exam)
    assert [change.score for change in plan.changes] == [100.0]
    regrading.regrade_exam(exam=exam, now=now + timedelta(hours=1))
    attempt.refresh_from_db()
    assert attempt.score == 100.0


def test_statistics_give_one_row_for_the_frame_strokes(fexam, now):
    attempts = [finish(start(fexam, n, now), now, answer_of) for n in range(1, 4)]
    items = selectors.item_statistics(exam=fexam)
    rows = [item for item in items if item.slug == "frame"]
    assert len(rows) == 1
    row = rows[0]
    assert row.title == "Referee a frame" and row.answered == 12 and row.facility == 1.0
    assert row.instances == len({strokes_of(a)[0].seed for a in attempts}) == 3
    assert row.family == ""


def test_a_frame_that_cannot_be_played_is_a_clear_refusal(fexam, now, monkeypatch):
    monkeypatch.setattr(frames, "_window_of", lambda **kwargs: ())
    enrolment = services.enrol_candidate(
        exam=fexam, full_name="Candidate", email="c@example.org", now=now
    )
    with pytest.raises(services.NotEnoughQuestions, match="tell the examiner"):
        services.start_attempt(enrolment=enrolment, language="en", now=now)
    assert not enrolment.attempts.exists()


# --- the section's validation ------------------------------------------------------------------


def section_data(rows):
    data = {"sections-TOTAL_FORMS": str(len(rows)), "sections-INITIAL_FORMS": "0"}
    for i, (topic, count, source) in enumerate(rows):
        data.update({f"sections-{i}-order": str(i + 1), f"sections-{i}-topic": topic or "",
                     f"sections-{i}-question_count": str(count), f"sections-{i}-source": source})
    return data


@pytest.fixture
def new_exam(federation):
    return Exam(federation=federation, languages=["en"])


def formset(new_exam, rows):
    return SectionFormSet(data=section_data(rows), instance=new_exam, prefix="sections")


def test_a_frame_section_of_4_to_20_strokes_is_accepted(bank, new_exam):
    assert formset(new_exam, [(None, 4, "frame")]).is_valid()
    assert formset(new_exam, [(None, 20, "frame")]).is_valid()


@pytest.mark.parametrize("count", [1, 3, 21])
def test_a_frame_section_of_too_few_or_too_many_strokes_is_refused(bank, new_exam, count):
    refused = formset(new_exam, [(None, count, "frame")])
    assert not refused.is_valid()
    assert "A frame section asks for 4 to 20 strokes." in str(refused.errors)


def test_a_frame_section_on_a_topic_is_refused(bank, new_exam):
    sequence = str(Topic.objects.get(slug="sequence").pk)
    refused = formset(new_exam, [(sequence, 4, "frame")])
    assert not refused.is_valid()
    assert "A frame section draws no topic" in str(refused.errors)


def test_a_frame_section_the_generator_cannot_play_is_refused(bank, new_exam, monkeypatch):
    monkeypatch.setattr(frames, "_window_of", lambda **kwargs: ())
    section = ExamSection(exam=new_exam, question_count=4, source="frame")
    errors = frames.frame_section_errors(section=section)
    assert list(errors) == ["source"] and "rule-book edition" in errors["source"]
    refused = formset(new_exam, [(None, 4, "frame")])
    assert not refused.is_valid()


def test_the_statistics_and_attempt_pages_name_the_frame(fexam, now, client, examiner):
    attempt = finish(start(fexam, 1, now), now, answer_of)
    client.force_login(examiner)
    page = client.get(reverse("exams:statistics", args=[fexam.pk])).content.decode()
    assert "Referee a frame <code>frame</code>" in page
    detail = client.get(reverse("exams:attempt_detail", args=[attempt.pk])).content.decode()
    question = strokes_of(attempt)[0]
    assert f"Stroke {question.frame_stroke} of the frame played from seed" in detail
