"""A frame section is played in order (issue 22): which of its strokes may open, read.

A referee meets a frame stroke after stroke: the situation before stroke k (score, reds,
ball on, a re-spotted colour) is the answer to stroke k - 1, so stroke k opens only once the
calls of stroke k - 1 are final (``Answer.final_at``, :func:`exams.services.make_calls_final`)
and final calls never change. The strokes of one section are consecutive questions with the
same seed (the frame's) and consecutive stroke numbers; nothing else is stored.

Part of :mod:`exams.selectors` (it re-exports :func:`stroke_refusal`): the candidate's
question read asks, in its one statement, whether the stroke before waits
(:func:`previous_stroke_open_sql`); the progress reads each question's seed and stroke number
and tells the strokes apart with :func:`next_stroke`.
"""

from __future__ import annotations

import functools
from typing import Any

from django.db.models import QuerySet

from config import sql

from .errors import StrokeNotYet
from .models import Answer, AttemptQuestion


def previous_stroke_open_sql(connection: Any) -> str:
    """Whether the question is a frame stroke whose stroke before it (the question before,
    of the same frame: its seed, the stroke number before) has no final calls yet: what
    ``previous_stroke_open`` (:func:`stroke_refusal`) reads with the question, in the same
    statement (one lookup of the unique (attempt, position) index; false for any question
    that is not a frame stroke, whose number is NULL)."""
    quote = connection.ops.quote_name
    column = functools.partial(sql.column, connection)
    field = AttemptQuestion._meta.get_field
    before, its_answer = quote("previous_stroke"), quote("previous_answer")

    def previous(name: str) -> str:
        return f"{before}.{quote(field(name).column)}"

    return (
        f"EXISTS (SELECT 1 FROM {sql.table(connection, AttemptQuestion)} {before}"
        f" LEFT OUTER JOIN {sql.table(connection, Answer)} {its_answer}"
        f" ON {previous('id')} = {its_answer}.{quote(Answer._meta.get_field('question').column)}"
        f" WHERE {previous('attempt')} = {column(AttemptQuestion, 'attempt')}"
        f" AND {previous('position')} = {column(AttemptQuestion, 'position')} - 1"
        f" AND {previous('seed')} = {column(AttemptQuestion, 'seed')}"
        f" AND {previous('frame_stroke')} = {column(AttemptQuestion, 'frame_stroke')} - 1"
        f" AND {its_answer}.{quote(Answer._meta.get_field('final_at').column)} IS NULL)"
    )


def next_stroke(first: tuple[Any, Any], second: tuple[Any, Any]) -> bool:
    """Whether ``second`` (a question's seed and frame stroke) is the stroke of the same frame
    after ``first`` (the rule of :func:`previous_stroke_open_sql`).

    >>> next_stroke((7, 3), (7, 4)), next_stroke((7, 3), (8, 4)), next_stroke((None, None), (7, 1))
    (True, False, False)
    """
    return (
        first[1] is not None
        and second[1] is not None
        and first[0] == second[0]
        and second[1] == first[1] + 1
    )


def stroke_refusal(*, question: AttemptQuestion) -> StrokeNotYet | None:
    """Why a frame stroke may not open yet, or ``None`` when it may (any other question may).

    The candidate's question read (``exams.selectors.question_for_candidate``) says whether
    the stroke waits (no query here); only a refusal asks the database where to lead: the
    frame's first stroke whose calls are not final yet.
    """
    if not question.is_frame_stroke:
        return None
    waits = question.previous_stroke_open
    if waits is None:  # an instance the question read did not give
        waits = _strokes_before(question).filter(
            position=question.position - 1,
            frame_stroke=question.frame_stroke - 1,
            answer__final_at__isnull=True,
        ).exists()
    if not waits:
        return None
    first = (
        _strokes_before(question)
        .filter(answer__final_at__isnull=True)
        .order_by("position")
        .values_list("position", flat=True)
        .first()
    )
    return StrokeNotYet(position=first or question.position - 1)


def _strokes_before(question: AttemptQuestion) -> QuerySet[AttemptQuestion]:
    """The strokes of the question's frame (its seed) before it in the attempt."""
    return AttemptQuestion.objects.filter(
        attempt_id=question.attempt_id,
        seed=question.seed,
        frame_stroke__isnull=False,
        position__lt=question.position,
    )
