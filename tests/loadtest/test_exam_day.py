"""The load test's own checks: exam day is prepared, and a lost answer is found."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

from exams import services
from exams.models import Enrolment

HERE = Path(__file__).resolve().parents[2] / "loadtest"


def load(name: str):
    spec = importlib.util.spec_from_file_location(f"loadtest_{name}", HERE / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture
def exam_day():
    return load("exam_day")


@pytest.fixture
def started(exam_bank, exam_day):
    """One prepared candidate, his attempt started: (attempt, its first question)."""
    urls = exam_day.prepare(candidates=2, questions=2, base="http://server")
    assert len(urls) == 2 and all(url.startswith("http://server/") for url in urls)
    enrolment = Enrolment.objects.filter(exam__federation__slug__startswith="loadtest-").first()
    attempt = services.start_attempt(enrolment=enrolment, language="en")
    return attempt, attempt.questions.order_by("position").first()


def acknowledged(tmp_path: Path, attempt, position: int, data: list) -> Path:
    log = tmp_path / "acks.jsonl"
    lines = [
        {"started": attempt.pk, "at": 0.0},
        {"attempt": attempt.pk, "position": position, "data": data},
    ]
    log.write_text("".join(json.dumps(line) + "\n" for line in lines))
    return log


def valid_post(question) -> list[list[str]]:
    """A complete answer to ``question`` as posted: the first choice of every field."""
    from exams.models import frozen_scenario
    from quiz.forms import AnswerForm

    form = AnswerForm(scenario=frozen_scenario(question))
    pairs = [["scenario", str(form.fields["scenario"].initial)]]
    for name, field in form.fields.items():
        choices = [str(value) for value, _label in getattr(field, "choices", []) if value != ""]
        if name == "points_side":
            pairs.append([name, ":nobody"])
        elif choices:
            pairs.append([name, choices[0]])
    return pairs


def test_prepare_makes_an_open_exam_for_every_candidate(exam_bank, exam_day):
    urls = exam_day.prepare(candidates=3, questions=2, base="http://server")
    assert len(set(urls)) == 3
    first = Enrolment.objects.get(email="candidate1@loadtest.invalid").exam.federation
    assert first.slug.startswith("loadtest-")
    assert Enrolment.objects.filter(exam__federation=first).count() == 3
    # Again, on the same database: a federation of its own; the earlier run's (whose
    # certificates nothing may delete) stays as it was.
    exam_day.prepare(candidates=1, questions=2, base="http://server")
    second = Enrolment.objects.exclude(exam__federation=first).get().exam.federation
    assert second.slug.startswith("loadtest-") and second != first
    assert Enrolment.objects.filter(exam__federation=first).count() == 3


def test_half_the_load_tests_questions_come_from_scenario_families(started):
    attempt, _first = started
    drawn = list(attempt.questions.order_by("position"))
    assert [bool(question.family_slug) for question in drawn] == [False, True]
    assert drawn[1].seed is not None and drawn[1].narrative


def test_a_quarter_of_the_load_tests_questions_are_a_frame_to_referee(exam_bank, exam_day):
    from exams.models import Exam

    exam_day.prepare(candidates=1, questions=16, base="http://server")
    exam = Exam.objects.get(federation__slug__startswith="loadtest-")
    sections = [(s.source, s.question_count) for s in exam.sections.order_by("order")]
    assert sections == [("scenarios", 6), ("families", 6), ("frame", 4)]


def test_the_answer_stored_is_the_answer_acknowledged(started, exam_day, tmp_path):
    from exams.models import Answer, frozen_scenario
    from quiz.forms import AnswerForm

    attempt, question = started
    data = valid_post(question)
    form = AnswerForm(scenario=frozen_scenario(question), data=exam_day.to_query(data))
    assert form.is_valid(), form.errors
    services.save_answer(attempt=attempt, question=question, answer=form.answer)
    log = acknowledged(tmp_path, attempt, question.position, data)
    assert exam_day.verify(acks=log) == (1, 1, [])
    # Another answer in the database than the one acknowledged: lost.
    Answer.objects.filter(question=question).update(payload={"legal": None})
    _questions, _saves, losses = exam_day.verify(acks=log)
    assert len(losses) == 1 and "acknowledged" in losses[0]


def test_an_acknowledged_answer_missing_from_the_database_is_lost(started, exam_day, tmp_path):
    attempt, question = started
    log = acknowledged(tmp_path, attempt, question.position, valid_post(question))
    _questions, _saves, losses = exam_day.verify(acks=log)
    assert losses and "no answer stored" in losses[0]


def test_a_later_write_without_a_reply_is_not_a_loss_but_an_older_one_is(
    started, exam_day, tmp_path
):
    """The run may end between a write and its reply: the site kept the newer answer."""
    from exams.models import Answer, frozen_scenario
    from quiz.forms import AnswerForm

    attempt, question = started
    older = valid_post(question)
    newer = [pair for pair in older if pair[0] != "points_side"] + [
        ["points_side", "A"],
        ["points_amount", "4"],
    ]
    form = AnswerForm(scenario=frozen_scenario(question), data=exam_day.to_query(newer))
    if not form.is_valid():  # the question asks no points: change another field
        newer = older[:1] + [[name, value] for name, value in older[1:-1]]
    log = tmp_path / "acks.jsonl"
    entries = [
        {"event": "sent", "attempt": attempt.pk, "position": question.position, "data": older},
        {
            "event": "acknowledged",
            "attempt": attempt.pk,
            "position": question.position,
            "data": older,
        },
        {"event": "sent", "attempt": attempt.pk, "position": question.position, "data": newer},
    ]
    log.write_text("".join(json.dumps(entry) + "\n" for entry in entries))
    newer_answer = AnswerForm(scenario=frozen_scenario(question), data=exam_day.to_query(newer))
    assert newer_answer.is_valid(), newer_answer.errors
    services.save_answer(attempt=attempt, question=question, answer=newer_answer.answer)
    assert exam_day.verify(acks=log) == (1, 1, [])
    # An answer neither acknowledged last nor sent after it: lost.
    Answer.objects.filter(question=question).update(payload={"legal": None})
    assert len(exam_day.verify(acks=log)[2]) == 1
