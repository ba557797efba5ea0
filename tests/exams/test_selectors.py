"""Reads: progress, review policy, per-topic results, item statistics, the audit trail."""

from __future__ import annotations

import random
from datetime import timedelta

import pytest

from exams import selectors, services
from exams.errors import NotYours
from exams.models import Exam

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
