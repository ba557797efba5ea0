"""``make profile`` (loadtest/instructions.py) plays a whole exam day and sums its dumps."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from exams.models import Answer, Attempt

HERE = Path(__file__).resolve().parents[2] / "loadtest"


@pytest.fixture
def instructions(monkeypatch):
    # The script imports its neighbours (page_forms, run) as it does when run.
    monkeypatch.syspath_prepend(str(HERE))
    spec = importlib.util.spec_from_file_location("loadtest_instructions", HERE / "instructions.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_a_candidate_plays_every_step_of_exam_day(exam_bank, instructions):
    import exam_day

    [invitation] = exam_day.prepare(candidates=1, questions=3, base="")
    candidate = instructions.Candidate(invitation, 0, instructions.Markers(None))
    steps = instructions.exam_day_steps(3)
    for _kind, step in steps:
        step(candidate)
    # each style sheet and script its pages named, loaded once
    assert candidate.fetch_assets() == len(candidate.cached) >= 2
    assert all(asset.endswith((".css", ".js")) for asset in candidate.cached)
    assert candidate.fetch_assets() == 0
    kinds = [kind for kind, _step in steps]
    assert kinds[:5] == ["invitation", "sign in", "enrolment page", "start", "question page"]
    assert kinds.count("autosave") == kinds.count("save") == 3 and kinds.count("flag") == 1
    assert kinds[-3:] == ["review page", "submit", "result page"]
    attempt = Attempt.objects.get(enrolment__exam__federation__slug__startswith="loadtest-")
    assert attempt.finished_at is not None
    assert Answer.objects.filter(attempt=attempt).count() == 3
    assert list(attempt.questions.filter(flagged=True).values_list("position", flat=True)) == [
        instructions.FLAGGED
    ]


def test_a_candidate_goes_through_a_frame_section_stroke_by_stroke(exam_bank, instructions):
    import exam_day

    from exams.frames import frame_window

    frame_window.cache_clear()  # kept per attempt id, which tests reuse
    [invitation] = exam_day.prepare(candidates=1, questions=8, base="")
    candidate = instructions.Candidate(invitation, 0, instructions.Markers(None))
    for _kind, step in instructions.exam_day_steps(8):
        step(candidate)  # each stroke opens only once the one before it is final (issue 22)
    attempt = Attempt.objects.get(enrolment__exam__federation__slug__startswith="loadtest-")
    assert attempt.finished_at is not None
    answers = Answer.objects.filter(attempt=attempt)
    assert answers.count() == 8
    strokes = answers.filter(question__frame_stroke__isnull=False)
    assert strokes.count() == 4 and not strokes.filter(final_at__isnull=True).exists()
    assert not answers.filter(question__frame_stroke__isnull=True, final_at__isnull=False)


def test_the_counts_of_each_kind_are_summed_from_callgrinds_dumps(instructions, tmp_path):
    for n, (kind, total) in enumerate([("save", 100), ("question page", 7), ("save", 50)]):
        (tmp_path / f"callgrind.out.{n + 1}").write_text(
            f"version: 1\ncreator: callgrind-3.19.0\ndesc: Trigger: Client Request: {kind}\n"
            f"events: Ir\nsummary: {total}\n"
        )
    (tmp_path / "callgrind.out").write_text("desc: Trigger: Program termination\nsummary: 9\n")
    assert instructions.instructions_per_kind(tmp_path) == {"save": 150, "question page": 7}
