"""exams/overlap.py and manage.py exam_overlap: simulated candidates, the questions they share."""

from __future__ import annotations

from io import StringIO

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from exams.models import AttemptQuestion
from exams.overlap import candidate_questions, simulate_overlap

from .conftest import family_exam

pytestmark = pytest.mark.django_db


def test_hand_written_questions_drawn_twice_are_shared(federation, bank, family_topics, now):
    # Two questions of a pool of three: among 5 candidates some scenario is drawn twice.
    exam = family_exam(federation, now, family_sections=[("sequence", 2, "scenarios")])
    overlap = simulate_overlap(exam=exam, candidates=5)
    assert (overlap.drawn, overlap.family_drawn) == (10, 0)
    keys = [candidate_questions(exam=exam, number=n) for n in range(1, 6)]
    counts = {}
    for questions in keys:
        for question in questions:
            counts[question.key] = counts.get(question.key, 0) + 1
    assert overlap.shared == sum(count for count in counts.values() if count > 1) > 0


def test_family_instances_are_rarely_shared(federation, bank, family_topics, now):
    exam = family_exam(federation, now, family_sections=[("penalties", 3, "families")])
    overlap = simulate_overlap(exam=exam, candidates=30)
    assert (overlap.drawn, overlap.family_drawn) == (90, 90)
    assert overlap.shared == overlap.family_shared
    assert overlap.shared_percent < 10
    assert sum(drawn for _slug, drawn, _shared in overlap.by_family) == 90


def test_the_simulation_draws_as_a_start_does_and_writes_nothing(
    federation, bank, family_topics, now
):
    exam = family_exam(federation, now, family_sections=[("miss", 2, "families")])
    simulate_overlap(exam=exam, candidates=3)
    assert not AttemptQuestion.objects.exists()
    first = candidate_questions(exam=exam, number=1)
    assert first == candidate_questions(exam=exam, number=1)
    assert first != candidate_questions(exam=exam, number=2)


def test_the_command_reports_the_share(federation, bank, family_topics, now):
    exam = family_exam(federation, now)
    out = StringIO()
    call_command(
        "exam_overlap", "--candidates", "12", "--exam", f"{federation.slug}/{exam.slug}",
        "--per-family", stdout=out,
    )
    text = out.getvalue()
    assert "12 simulated candidates, 48 questions drawn (36 from families, 0 strokes" in text
    assert "% of all drawn questions" in text
    assert text.count(" drawn, ") >= 2  # a line per family


def test_the_command_refuses_an_unknown_exam(db):
    with pytest.raises(CommandError, match="no exam"):
        call_command("exam_overlap", "--exam", "nobody/nothing", stdout=StringIO())


def test_a_frame_sections_strokes_are_counted_by_their_case(federation, bank, now):
    exam = family_exam(federation, now, family_sections=[(None, 4, "frame")])
    overlap = simulate_overlap(exam=exam, candidates=3)
    assert (overlap.drawn, overlap.frame_drawn, overlap.family_drawn) == (12, 12, 0)
    kinds = {question.kind for question in candidate_questions(exam=exam, number=1)}
    assert kinds == {"frame"}
