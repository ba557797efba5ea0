"""Reads: progress, review policy, per-topic results, item statistics, the audit trail."""

from __future__ import annotations

import random
from datetime import timedelta

import pytest
from django.db import connection
from django.db.models import F
from django.test.utils import CaptureQueriesContext
from django.utils import timezone, translation

from exams import selectors, services
from exams.errors import NotYours, StrokeNotYet
from exams.models import Answer, Attempt, AttemptQuestion, Enrolment, Exam
from exams.selectors import (
    _ENROLMENT_ON_THE_PAGE,
    _EXAM_ON_THE_PAGE,
    _NOT_READ_OF_THE_QUESTION,
    _candidates_question,
    _enrolment_with_exam,
    _progress_rows,
)
from tests.same_as_orm import values_of

from .conftest import stroke_answer

pytestmark = pytest.mark.django_db


def sit(enrolment, now, answer_for, language="en", seed=7):
    attempt = services.start_attempt(
        enrolment=enrolment, language=language, now=now, rng=random.Random(seed)
    )
    for question in attempt.questions.all():
        answer = answer_for(question)
        if answer is not None:
            services.save_answer(attempt=attempt, question=question, answer=answer, now=now)
    return services.submit_attempt(attempt=attempt, now=now)


def test_progress_knows_answered_and_flagged(enrolment, now, right):
    attempt = services.start_attempt(
        enrolment=enrolment, language="en", now=now, rng=random.Random(1)
    )
    second = attempt.questions.get(position=2)
    services.save_answer(attempt=attempt, question=second, answer=right(second), now=now)
    services.set_flag(
        attempt=attempt, question=attempt.questions.get(position=4), flagged=True, now=now
    )
    third = attempt.questions.get(position=3)
    partial = dict(list(right(third).items())[:-1])  # the last part left out
    services.save_answer(attempt=attempt, question=third, answer=partial, now=now)
    progress = selectors.attempt_progress(attempt=attempt)
    assert [(p.position, p.answered, p.complete, p.flagged) for p in progress] == [
        (1, False, False, False), (2, True, True, False), (3, True, False, False),
        (4, False, False, True),
    ]
    assert [p.position for p in progress if p.incomplete] == [3]


def test_topic_breakdown(enrolment, now, right):
    def only_sequence(question):
        return right(question) if question.topic.slug == "sequence" else None

    attempt = sit(enrolment, now, only_sequence)
    breakdown = {row.topic: row for row in selectors.topic_breakdown(attempt=attempt)}
    assert breakdown["Sequence"].score == 100.0
    drawn_fouls = attempt.questions.filter(topic__slug="fouls").count()
    if drawn_fouls:
        assert breakdown["Fouls"].score == 0.0
    assert sum(row.questions for row in breakdown.values()) == 4


def test_review_follows_the_exams_policy(enrolment, exam, now, right):
    attempt = services.start_attempt(
        enrolment=enrolment, language="en", now=now, rng=random.Random(1)
    )
    assert selectors.review_level(attempt=attempt, now=now) is None
    assert selectors.attempt_review(attempt=attempt) == []
    services.submit_attempt(attempt=attempt, now=now)
    attempt.refresh_from_db()
    assert selectors.review_level(attempt=attempt, now=now) == Exam.Review.ANSWERS
    exam.review, exam.review_from = Exam.Review.SCORE, Exam.ReviewFrom.CLOSING
    exam.save()
    attempt.refresh_from_db()
    assert selectors.review_level(attempt=attempt, now=now) is None
    assert selectors.review_level(attempt=attempt, now=exam.closes_at) == Exam.Review.SCORE


def test_item_statistics_use_first_attempts_only(exam, now, right, wrong):
    exam.attempts_allowed = 3
    exam.waiting_hours = 0
    exam.sections.all().delete()
    exam.sections.create(order=1, topic=None, question_count=6)
    exam.save()
    people = [
        services.enrol_candidate(exam=exam, full_name=f"C{i}", email=f"c{i}@example.org", now=now)
        for i in range(5)
    ]
    hard_slug = "in-off-green-on"

    def strength(level):
        # candidate i answers the hard question right only when strong; the rest by strength
        def answer(question):
            slug = question.case["id"]
            if slug == hard_slug:
                return right(question) if level >= 3 else wrong(question)
            return right(question) if level >= 1 else wrong(question)
        return answer

    for level, person in enumerate(people):
        sit(person, now, strength(level))
    # a second attempt of the weakest must not count
    sit(people[0], now + timedelta(minutes=1), strength(4))
    items = {item.slug: item for item in selectors.item_statistics(exam=exam)}
    assert len(items) == 6 and all(item.answered == 5 for item in items.values())
    assert items[hard_slug].facility == 0.4
    assert items["pink-after-red"].facility == 0.8
    assert items[hard_slug].discrimination is not None and items[hard_slug].discrimination > 0.3


def test_permissions_of_lookups(enrolment, exam, other_federation, now):
    with pytest.raises(NotYours):
        selectors.exam_for_examiner(federation=other_federation, exam_id=exam.pk)
    with pytest.raises(NotYours):
        selectors.exam_for_examiner(federation=exam.federation, exam_id=exam.pk + 999)
    other = services.enrol_candidate(exam=exam, full_name="B", email="b@example.org", now=now)
    with pytest.raises(NotYours):
        selectors.enrolment_for_candidate(user=other.user, enrolment_id=enrolment.pk)
    attempt = services.start_attempt(enrolment=enrolment, language="en", now=now)
    with pytest.raises(NotYours):
        selectors.attempt_for_candidate(user=other.user, attempt_id=attempt.pk)


def test_audit_trail_reads_answer_saves_from_the_answers(enrolment, federation, now, right):
    attempt = services.start_attempt(enrolment=enrolment, language="en", now=now)
    question = attempt.questions.get(position=1)
    for minute in range(3):
        services.save_answer(attempt=attempt, question=question, answer=right(question),
                             now=now + timedelta(minutes=minute))
    lines = selectors.audit_trail(federation=federation)
    assert lines[0].action == "answer saved"
    assert lines[0].detail == "question 1, saved 3 times"
    assert lines[0].who == "Anna Kowalska"
    assert [line.at for line in lines] == sorted((line.at for line in lines), reverse=True)


# --- the statements written by hand (config/sql.py) give what the ORM gives -------------


def orm_question(*, attempt_id, position, user_id, with_exam):
    """What the candidate's question read gives, as the ORM reads it."""
    found = AttemptQuestion.objects.filter(
        attempt_id=attempt_id, position=position, attempt__enrolment__user_id=user_id
    )
    if not with_exam:
        return found.select_related("answer", "attempt").defer(*_NOT_READ_OF_THE_QUESTION).first()
    return (
        found.select_related("answer", "attempt__enrolment__exam")
        .only(
            *(f.name for f in AttemptQuestion._meta.concrete_fields),
            *(f"answer__{f.name}" for f in Answer._meta.concrete_fields),
            *(f"attempt__{f.name}" for f in Attempt._meta.concrete_fields),
            *(f"attempt__enrolment__{name}" for name in _ENROLMENT_ON_THE_PAGE),
            *(f"attempt__enrolment__exam__{name}" for name in _EXAM_ON_THE_PAGE),
        )
        .defer(*_NOT_READ_OF_THE_QUESTION)
        .first()
    )


def read_alike(mine, theirs, *, with_exam) -> None:
    """The same instances, related ones included, and nothing left to read for either."""
    assert values_of(mine) == values_of(theirs)
    with CaptureQueriesContext(connection) as queries:
        for question in (mine, theirs):
            question.related = [question.attempt, question.saved_answer()]
            if with_exam:
                exam = question.attempt.enrolment.exam
                question.related += [question.attempt.enrolment, exam]
                # the page names the exam in the reader's language, or else in English
                question.names = []
                for code in ("en", "fr", "ru", "fa", "pl"):
                    with translation.override(code):
                        question.names.append(exam.name)
    assert len(queries) == 0, "everything the pages read came with the question"
    for one, other in zip(mine.related, theirs.related, strict=True):
        assert values_of(one) == values_of(other)
    if with_exam:
        assert mine.names == theirs.names
        assert len(set(mine.names)) == 4, "four names, and English in Persian"


@pytest.fixture
def attempts(enrolment, exam, examiner, now, right):
    """A finished attempt (its grades and an answer) and a running one (nulls: no score,
    no answer yet, no scenario left): what the question read meets."""
    finished = sit(
        enrolment, now - timedelta(minutes=40), lambda q: right(q) if q.position < 3 else None
    )
    exam.waiting_hours = 0
    exam.attempts_allowed = 3
    exam.name_fa = ""  # the Persian name falls back to English
    exam.save()
    running = services.start_attempt(
        enrolment=enrolment, language="fa", now=now, rng=random.Random(5)
    )
    first = running.questions.get(position=1)
    services.save_answer(attempt=running, question=first, answer=right(first), now=now)
    services.set_flag(attempt=running, question=first, flagged=True, now=now)
    running.questions.filter(position=2).update(scenario=None, topic=None, difficulty=None)
    return finished, running


@pytest.mark.parametrize("with_exam", [True, False])
@pytest.mark.parametrize("zone", ["UTC", "Asia/Tehran"])
def test_the_candidates_question_is_read_as_the_orm_reads_it(attempts, candidate, zone, with_exam):
    compared = 0
    with timezone.override(zone):
        for attempt in attempts:
            for position in range(1, attempt.question_count + 1):
                found = {"attempt_id": attempt.pk, "position": position, "user_id": candidate.pk}
                mine = _candidates_question(**found, with_exam=with_exam)
                read_alike(mine, orm_question(**found, with_exam=with_exam), with_exam=with_exam)
                compared += 1
    assert compared == 8


@pytest.mark.parametrize(
    "wrong", [{"user_id": None}, {"position": 9}, {"position": 2**63}, {"attempt_id": -(2**64)}]
)
def test_a_question_nobody_may_read_is_read_by_neither(attempts, candidate, examiner, wrong):
    finished, _running = attempts
    for asked in ({"user_id": examiner.pk}, wrong):
        found = {"attempt_id": finished.pk, "position": 1, "user_id": candidate.pk, **asked}
        for with_exam in (True, False):
            assert _candidates_question(**found, with_exam=with_exam) is None
            if abs(found["position"]) < 2**15 and abs(found["attempt_id"]) < 2**63:
                assert orm_question(**found, with_exam=with_exam) is None


def test_the_attempts_question_list_is_read_as_the_orm_reads_it(attempts, frame_attempt, now):
    first_stroke = frame_attempt.questions.get(position=2)
    services.make_calls_final(
        attempt=frame_attempt, question=first_stroke, answer=stroke_answer(first_stroke), now=now
    )
    for attempt in (*attempts, frame_attempt):
        orm = (
            AttemptQuestion.objects.filter(attempt_id=attempt.pk)
            .order_by("position")
            .values_list(
                "position", "flagged", "answer__payload", "ask", "ask_ball", "seed",
                "frame_stroke", "answer__final_at",
            )
        )
        mine = _progress_rows(attempt_id=attempt.pk)
        assert [[(type(v), v) for v in row] for row in mine] == [
            [(type(v), v) for v in row] for row in orm
        ]
        assert any(row[2] is None for row in mine), "an unanswered question: no payload"
        assert any(row[2] is not None for row in mine)
    assert [row[-1] for row in mine] == [None, now, None, None, None], "a stroke made final"
    assert _progress_rows(attempt_id=10**9) == []


# --- a frame section is played in order (issue 22) ----------------------------------------


def make_final(attempt, position, now):
    question = attempt.questions.get(position=position)
    services.make_calls_final(
        attempt=attempt, question=question, answer=stroke_answer(question), now=now
    )


def orm_previous_stroke_open(question) -> bool:
    """Whether the stroke before ``question`` in its frame waits for final calls, by the ORM."""
    return AttemptQuestion.objects.filter(
        pk=question.pk,
        attempt__questions__position=F("position") - 1,
        attempt__questions__seed=F("seed"),
        attempt__questions__frame_stroke=F("frame_stroke") - 1,
        attempt__questions__answer__final_at__isnull=True,
    ).exists()


def test_the_question_read_says_whether_the_stroke_before_waits(frame_attempt, now):
    user = frame_attempt.enrolment.user
    seen = []
    for finals in range(3):
        if finals:
            make_final(frame_attempt, 1 + finals, now)
        for position in range(1, 6):
            mine = _candidates_question(
                attempt_id=frame_attempt.pk, position=position, user_id=user.pk, with_exam=False
            )
            assert mine.previous_stroke_open == orm_previous_stroke_open(mine)
            seen.append(mine.previous_stroke_open)
    # nothing final: strokes 2, 3, 4 of the section wait; then one fewer each time
    assert seen == [False, False, True, True, True] + [False, False, False, True, True] + [
        False, False, False, False, True
    ]


def test_a_stroke_opens_once_the_stroke_before_it_is_final(frame_attempt, now):
    user = frame_attempt.enrolment.user

    def refusal(position, *, read=True):
        if read:
            question = selectors.question_for_candidate(
                user=user, attempt_id=frame_attempt.pk, position=position
            )
        else:  # an instance the question read did not give: the selector asks
            question = AttemptQuestion.objects.get(attempt=frame_attempt, position=position)
        return selectors.stroke_refusal(question=question)

    assert refusal(1) is None and refusal(2) is None  # a scenario; the frame's first stroke
    for position in (3, 4, 5):
        for read in (True, False):
            refused = refusal(position, read=read)
            assert isinstance(refused, StrokeNotYet) and refused.position == 2
    make_final(frame_attempt, 2, now)
    assert refusal(3) is None and refusal(3, read=False) is None
    assert refusal(5).position == refusal(4).position == 3


def test_a_refusal_costs_a_query_an_open_stroke_none(frame_attempt, now):
    user = frame_attempt.enrolment.user
    read = {
        position: selectors.question_for_candidate(
            user=user, attempt_id=frame_attempt.pk, position=position
        )
        for position in (1, 2, 3)
    }
    with CaptureQueriesContext(connection) as queries:
        assert selectors.stroke_refusal(question=read[1]) is None
        assert selectors.stroke_refusal(question=read[2]) is None
    assert len(queries) == 0
    with CaptureQueriesContext(connection) as queries:
        assert selectors.stroke_refusal(question=read[3]).position == 2
    assert len(queries) == 1


def test_progress_shows_strokes_final_and_not_open_yet(frame_attempt, now):
    def states():
        return [
            (item.stroke, item.final, item.locked, item.last_stroke, item.done)
            for item in selectors.attempt_progress(attempt=frame_attempt)
        ]

    assert states() == [(False, False, False, False, False)] + [
        (True, False, False, False, False),
        (True, False, True, False, False),
        (True, False, True, False, False),
        (True, False, True, True, False),
    ]
    make_final(frame_attempt, 2, now)
    third = frame_attempt.questions.get(position=3)
    services.save_answer(attempt=frame_attempt, question=third, answer=stroke_answer(third),
                         now=now)
    assert states()[1:4] == [
        (True, True, False, False, True),
        (True, False, False, False, False),  # answered completely, but not final: not done
        (True, False, True, False, False),
    ]


@pytest.mark.parametrize("zone", ["UTC", "America/St_Johns"])
def test_the_enrolment_with_its_exam_is_read_as_the_orm_reads_it(enrolment, exam, zone):
    exam.instructions_en, exam.instructions_pl = "Read every question.", ""
    exam.certificate_months = None  # a null
    exam.save()
    with timezone.override(zone):
        mine = _enrolment_with_exam(enrolment_id=enrolment.pk)
        theirs = Enrolment.objects.select_related("exam__federation").get(pk=enrolment.pk)
        with CaptureQueriesContext(connection) as queries:
            read = {}
            for one in (mine, theirs):
                texts = []
                for code in ("en", "fr", "ru", "fa", "pl"):
                    with translation.override(code):
                        texts += [one.exam.name, one.exam.instructions, one.exam.federation.name]
                read[one is mine] = ([one, one.exam, one.exam.federation], texts)
        assert len(queries) == 0, "the exam and its federation came with the enrolment"
    (mine_rows, mine_texts), (orm_rows, orm_texts) = read[True], read[False]
    assert [values_of(row) for row in mine_rows] == [values_of(row) for row in orm_rows]
    assert mine_texts == orm_texts
    assert mine_texts[-2] == "Read every question.", "Polish instructions fall back to English"
    for missing in (enrolment.pk + 1, 2**63, -(2**64)):
        assert _enrolment_with_exam(enrolment_id=missing) is None
    assert not Enrolment.objects.filter(pk=enrolment.pk + 1).exists()
