"""Reads: who may see what, an attempt's progress, results, statistics, the audit trail.

Every lookup on behalf of a user goes through a function here that checks he may
see the row, and raises :class:`exams.errors.NotYours` when he may not.
"""

from __future__ import annotations

import functools
import json
import math
import statistics
from collections import defaultdict
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import datetime, timedelta
from decimal import Decimal, InvalidOperation
from typing import Any

from django.conf import settings
from django.db import connections, router
from django.db.models import Count, Prefetch, Q, QuerySet
from django.utils.translation import gettext, ngettext

from config import sql
from federations.models import Examiner, Federation
from quiz.asks import is_complete
from quiz.grading import Grade, grade
from quiz.models import Audience, Scenario
from quiz.numbers import format_number, format_percent
from quiz.templatetags.baize import localdatetime

from . import clock
from .errors import (
    AttemptInProgress,
    ExamError,
    NoAttemptsLeft,
    NotYours,
    QuestionNotDrawn,
    WaitingPeriod,
)
from .frame_order import next_stroke, previous_stroke_open_sql
from .frame_order import stroke_refusal as stroke_refusal  # who may open a stroke: read here
from .models import (
    Answer,
    Attempt,
    AttemptQuestion,
    AuditEvent,
    Certificate,
    Enrolment,
    Exam,
    ExamSection,
    frozen_scenario,
)

# --- who may see what -------------------------------------------------------


def examiner_federation(*, user: Any) -> Federation | None:
    """The federation ``user`` examines for, or ``None``."""
    if not user.is_authenticated:
        return None
    examiner = Examiner.objects.select_related("federation").filter(user=user).first()
    return examiner.federation if examiner else None


def federation_exams(*, federation: Federation) -> QuerySet[Exam]:
    return (
        Exam.objects.filter(federation=federation)
        .annotate(
            enrolled=Count("enrolments", distinct=True),
        )
        .prefetch_related("sections")
    )


def exam_for_examiner(*, federation: Federation, exam_id: int) -> Exam:
    """One of the federation's exams; another federation's exam is refused."""
    exam = Exam.objects.filter(pk=exam_id).select_related("federation").first()
    if exam is None or exam.federation_id != federation.pk:
        raise NotYours()
    return exam


def certificate_for_examiner(*, federation: Federation, code: str) -> Certificate:
    certificate = certificate_by_code(code=code)
    if certificate is None or certificate.attempt.enrolment.exam.federation_id != federation.pk:
        raise NotYours()
    return certificate


def enrolment_for_examiner(*, federation: Federation, enrolment_id: int) -> Enrolment:
    """An enrolment in one of the federation's exams; any other is refused."""
    enrolment = (
        Enrolment.objects.select_related("exam__federation", "user", "invitation")
        .filter(pk=enrolment_id)
        .first()
    )
    if enrolment is None or enrolment.exam.federation_id != federation.pk:
        raise NotYours()
    return enrolment


def candidate_enrolments(*, user: Any) -> QuerySet[Enrolment]:
    """The exams ``user`` is enrolled in, with his attempts."""
    return (
        Enrolment.objects.filter(user=user)
        .select_related("exam__federation")
        .prefetch_related(
            Prefetch(
                "attempts",
                queryset=Attempt.objects.order_by("number").select_related("certificate"),
            )
        )
        .order_by("-exam__opens_at")
    )


def enrolment_for_candidate(*, user: Any, enrolment_id: int) -> Enrolment:
    enrolment = _enrolment_with_exam(enrolment_id=enrolment_id)
    if enrolment is None or enrolment.user_id != user.pk:
        raise NotYours()
    enrolment.user = user  # the one asking: no query to load him again
    return enrolment


def _enrolment_with_exam(*, enrolment_id: int) -> Enrolment | None:
    """The enrolment with its exam and federation, read in one plain statement
    (config/sql.py): every candidate's enrolment page and start read it, all in the
    minute exam day begins, and the exam's columns in every language made compiling the
    queryset cost more than the rest of the request's reads.

    What ``Enrolment.objects.select_related("exam__federation").filter(pk=…)`` reads;
    ``tests/exams/test_selectors.py`` holds it to the ORM's instances.
    """
    if not sql.storable(enrolment_id):
        return None  # no row holds it: the ORM reads none either
    connection = connections[router.db_for_read(Enrolment)]
    with connection.cursor() as cursor:
        cursor.execute(
            _enrolment_with_exam_sql(connection),
            [sql.parameter(connection, Enrolment, "id", enrolment_id)],
        )
        row = cursor.fetchone()
    if row is None:
        return None
    enrolment_columns, exam_columns, federation_columns = _enrolment_columns()
    enrolment = enrolment_columns.instance(row, 0, connection=connection)
    exam = exam_columns.instance(row, len(enrolment_columns), connection=connection)
    start = len(enrolment_columns) + len(exam_columns)
    exam.federation = federation_columns.instance(row, start, connection=connection)
    enrolment.exam = exam
    return enrolment


@functools.cache
def _enrolment_columns() -> tuple[sql.Columns, ...]:
    return sql.Columns(Enrolment), sql.Columns(Exam), sql.Columns(Federation)


@sql.per_vendor
def _enrolment_with_exam_sql(connection: Any) -> str:
    table = functools.partial(sql.table, connection)
    column = functools.partial(sql.column, connection)
    select = ", ".join(columns.select(connection) for columns in _enrolment_columns())
    return (
        f"SELECT {select} FROM {table(Enrolment)}"
        f" INNER JOIN {table(Exam)} ON {column(Enrolment, 'exam')} = {column(Exam, 'id')}"
        f" INNER JOIN {table(Federation)} ON {column(Exam, 'federation')}"
        f" = {column(Federation, 'id')}"
        f" WHERE {column(Enrolment, 'id')} = %s"
    )


def attempts_of(*, enrolment: Enrolment) -> list[Attempt]:
    """The enrolment's attempts in order, each with its certificate if it has one."""
    attempts = list(
        Attempt.objects.filter(enrolment_id=enrolment.pk)
        .order_by("number")
        .select_related("certificate")
    )
    for attempt in attempts:
        attempt.enrolment = enrolment  # as the related manager would: no query for it
    return attempts


def exam_sections(*, exam: Exam) -> list[ExamSection]:
    """The exam's sections in their order."""
    # The sections' own order: the model's ordering starts with the exam, a join for nothing.
    sections = list(ExamSection.objects.filter(exam_id=exam.pk).order_by("order", "pk"))
    for section in sections:
        section.exam = exam
    return sections


def attempt_for_candidate(*, user: Any, attempt_id: int) -> Attempt:
    """The candidate's own attempt; anybody else's is refused."""
    return _attempt(attempt_id, belongs=lambda attempt: attempt.enrolment.user_id == user.pk)


def attempt_for_examiner(*, federation: Federation, attempt_id: int) -> Attempt:
    """An attempt at one of the federation's exams; any other is refused."""
    return _attempt(
        attempt_id, belongs=lambda attempt: attempt.enrolment.exam.federation_id == federation.pk
    )


def _attempt(attempt_id: int, *, belongs: Callable[[Attempt], bool]) -> Attempt:
    """The attempt with its exam and candidate, when it ``belongs`` to the asker; else refused."""
    attempt = (
        Attempt.objects.select_related("enrolment__exam__federation", "enrolment__user")
        .filter(pk=attempt_id)
        .first()
    )
    if attempt is None or not belongs(attempt):
        raise NotYours()
    return attempt


def question_for_candidate(
    *, user: Any, attempt_id: int, position: int, with_exam: bool = False
) -> AttemptQuestion:
    """The question at ``position`` of the candidate's own attempt, with its answer and
    attempt in one query (the candidate's busiest requests read nothing else); its
    enrolment and exam's name too, ``with_exam`` (the question page names the exam).

    Anybody else's attempt is refused as :func:`attempt_for_candidate` refuses it; a
    position that was not drawn is refused as :func:`attempt_question` refuses it.
    """
    found = _candidates_question(
        attempt_id=attempt_id, position=position, user_id=user.pk, with_exam=with_exam
    )
    if found is not None:
        return found
    attempt_for_candidate(user=user, attempt_id=attempt_id)  # refuses another's attempt
    raise QuestionNotDrawn()


#: What neither the question page nor a save reads of the drawn question (its grade
#: comes when the attempt ends; a family question's family is the examiner's). A frame
#: stroke's seed and number are read: they say which frame section the stroke belongs to,
#: whose strokes open one after the other (issue 22); the page never shows them.
_NOT_READ_OF_THE_QUESTION = ("score", "graded_ruleset", "graded_engine_version", "family_slug")
#: What the question page reads of the enrolment, and of the exam (two dozen columns): its
#: name in every language, the reader's and English to fall back on.
#: ``tests/exams/test_exam_day_queries.py`` holds the page to its one query: a column
#: missing here would cost a query of its own.
_ENROLMENT_ON_THE_PAGE = ("exam", "user", "language", "extra_minutes")
_EXAM_ON_THE_PAGE = ("name", *(f"name_{code}" for code, _name in settings.LANGUAGES))


@functools.cache
def _question_columns(with_exam: bool) -> tuple[sql.Columns, ...]:
    """The question's, its answer's and attempt's columns; the enrolment's and exam's too."""
    columns = (
        sql.Columns(AttemptQuestion, exclude=_NOT_READ_OF_THE_QUESTION),
        sql.Columns(Answer),
        sql.Columns(Attempt),
    )
    if with_exam:
        columns += (
            sql.Columns(Enrolment, only=_ENROLMENT_ON_THE_PAGE),
            sql.Columns(Exam, only=_EXAM_ON_THE_PAGE),
        )
    return columns


def _candidates_question(
    *, attempt_id: int, position: int, user_id: Any, with_exam: bool
) -> AttemptQuestion | None:
    """The drawn question if the attempt is ``user_id``'s, read in one plain statement
    (config/sql.py): the candidate's busiest requests run it thousands of times.

    What ``AttemptQuestion.objects.filter(attempt_id=…, position=…,
    attempt__enrolment__user_id=…)`` reads with ``select_related("answer", "attempt")``
    (and ``"attempt__enrolment__exam"``, ``with_exam``) and the columns above;
    ``tests/exams/test_selectors.py`` holds it to the ORM's instances.
    """
    if user_id is None or not sql.storable(attempt_id, position):
        return None  # no row holds them: the ORM reads none either
    connection = connections[router.db_for_read(AttemptQuestion)]
    with connection.cursor() as cursor:
        cursor.execute(
            _QUESTION_SQL[with_exam](connection),
            [
                sql.parameter(connection, AttemptQuestion, "attempt", attempt_id),
                sql.parameter(connection, AttemptQuestion, "position", position),
                sql.parameter(connection, Enrolment, "user", user_id),
            ],
        )
        row = cursor.fetchone()
    if row is None:
        return None
    found, start = [], 0
    for columns in _question_columns(with_exam):
        found.append(columns.instance(row, start, connection=connection))
        start += len(columns)
    question, answer, attempt, *page = found
    if page:
        enrolment, exam = page
        enrolment.exam = exam
        attempt.enrolment = enrolment
    question.attempt = attempt
    question.read_with_answer(answer)
    question.previous_stroke_open = bool(row[start])
    return question


def _question_sql(connection: Any, *, with_exam: bool) -> str:
    table = functools.partial(sql.table, connection)
    column = functools.partial(sql.column, connection)
    joins = [
        f"INNER JOIN {table(Attempt)} ON {column(AttemptQuestion, 'attempt')}"
        f" = {column(Attempt, 'id')}",
        f"INNER JOIN {table(Enrolment)} ON {column(Attempt, 'enrolment')}"
        f" = {column(Enrolment, 'id')}",
    ]
    if with_exam:
        joins.append(
            f"INNER JOIN {table(Exam)} ON {column(Enrolment, 'exam')} = {column(Exam, 'id')}"
        )
    joins.append(
        f"LEFT OUTER JOIN {table(Answer)} ON {column(AttemptQuestion, 'id')}"
        f" = {column(Answer, 'question')}"
    )
    select = ", ".join(columns.select(connection) for columns in _question_columns(with_exam))
    # No LIMIT: an attempt has one question per position (a unique constraint).
    return (
        f"SELECT {select}, {previous_stroke_open_sql(connection)}"
        f" FROM {table(AttemptQuestion)} {' '.join(joins)}"
        f" WHERE {column(AttemptQuestion, 'attempt')} = %s"
        f" AND {column(AttemptQuestion, 'position')} = %s"
        f" AND {column(Enrolment, 'user')} = %s"
    )


_QUESTION_SQL = {
    with_exam: sql.per_vendor(functools.partial(_question_sql, with_exam=with_exam))
    for with_exam in (True, False)
}


def attempt_question(*, attempt: Attempt, position: int) -> AttemptQuestion:
    """The question drawn at ``position`` in this attempt; any other is refused."""
    question = (
        AttemptQuestion.objects.filter(attempt=attempt, position=position)
        .select_related("answer", "topic")
        .first()
    )
    if question is None:
        raise QuestionNotDrawn()
    return question


def next_attempt_refusal(
    *, enrolment: Enrolment, attempts: list[Attempt] | None = None, now: datetime | None = None
) -> ExamError | None:
    """Why ``enrolment`` may not start another attempt now, or ``None`` when he may.

    The exam's window and language are checked apart; ``attempts`` (in order)
    saves a query when the caller has them.
    """
    now = now or clock.now()
    exam = enrolment.exam
    if attempts is None:
        attempts = attempts_of(enrolment=enrolment)
    if any(not attempt.is_finished for attempt in attempts):
        return AttemptInProgress()
    if any(attempt.passed for attempt in attempts):
        return ExamError(gettext("You have already passed this exam."))
    if len(attempts) >= exam.attempts_allowed:
        return NoAttemptsLeft()
    if attempts and exam.waiting_hours:
        try:
            allowed_from = attempts[-1].finished_at + timedelta(hours=exam.waiting_hours)
        except OverflowError:  # a wait beyond the calendar: no attempt ever again
            return NoAttemptsLeft()
        if now < allowed_from:
            return WaitingPeriod(
                gettext("You may start your next attempt from %(moment)s (UTC).")
                % {"moment": localdatetime(allowed_from)}
            )
    return None


# --- the exam pool ---------------------------------------------------------------


def exam_pool(
    *, federation: Federation | int, languages: Iterable[str] = ()
) -> QuerySet[Scenario]:
    """The scenarios a federation's exams draw from: closed-book, never practice ones.

    Published exam-only scenarios that the federation owns, and the shared pool
    (owned by no federation); never another federation's. With ``languages``, only
    those written in every one of them: a candidate never gets a question in a
    language it lacks (a federation's own scenarios need only its languages).
    """
    federation_id = federation.pk if isinstance(federation, Federation) else federation
    pool = Scenario.objects.filter(
        Q(federation__isnull=True) | Q(federation_id=federation_id),
        published=True,
        audience=Audience.EXAM,
    )
    for code in languages:
        pool = pool.filter(written_in(code))
    return pool


LANGUAGE_CODES = tuple(code for code, _name in settings.LANGUAGES)
#: The words a scenario needs in a language before it may be shown in it (the note is optional).
WRITTEN_FIELDS = ("title", "narrative", "question")


def written_in(language: str) -> Q:
    """Scenarios whose title, narrative and question are written in ``language``.

    >>> sorted(child[0] for child in written_in("pl").children)
    ['narrative_pl__gt', 'question_pl__gt', 'title_pl__gt']
    """
    if language not in LANGUAGE_CODES:
        raise ValueError(f"not a language of the site: {language!r}")
    # "> ''" leaves out both NULL and the empty text.
    return Q(**{f"{name}_{language}__gt": "" for name in WRITTEN_FIELDS})


def federation_languages(*, federation: Federation | int | None) -> list[str]:
    """The languages a pool's scenarios must be written in, in the site's order.

    A federation's own pool: the languages offered by its exams that have not closed
    (those that will draw from it), else by all its exams, else (no exam yet) all of
    the site's. The shared pool (``None``) serves every federation: all of them.
    """
    if federation is None:
        return list(LANGUAGE_CODES)
    federation_id = federation.pk if isinstance(federation, Federation) else federation
    return federations_languages(federations=[federation_id])[federation_id]


def federations_languages(*, federations: Iterable[int]) -> dict[int, list[str]]:
    """:func:`federation_languages` of each federation id, read in one query."""
    wanted = list(federations)
    now = clock.now()
    coming: dict[int, set[str]] = {pk: set() for pk in wanted}  # exams not closed yet
    ever: dict[int, set[str]] = {pk: set() for pk in wanted}
    rows = Exam.objects.filter(federation_id__in=wanted).values_list(
        "federation_id", "languages", "closes_at"
    )
    for federation_id, languages, closes_at in rows:
        codes = languages if isinstance(languages, list) else ()
        ever[federation_id].update(codes)
        if closes_at > now:
            coming[federation_id].update(codes)
    return {
        pk: [code for code in LANGUAGE_CODES if code in (coming[pk] or ever[pk])]
        or list(LANGUAGE_CODES)
        for pk in wanted
    }


def exam_instructions(*, exam: Exam, language: str, fallback: str = "") -> tuple[str, str]:
    """The exam's instructions for a candidate reading ``language``, and the language
    they are in: his own when the exam offers it and they are written in it, else
    ``fallback`` (his enrolment's language), else the first language offered that has
    them; never a language the exam does not offer. ``("", "")`` when there are none.
    """
    offered = [code for code in LANGUAGE_CODES if code in (exam.languages or [])]
    for code in (language, fallback, *offered):
        if code in offered:
            text = (getattr(exam, f"instructions_{code}", "") or "").strip()
            if text:
                return text, code
    return "", ""


@dataclass(frozen=True)
class PoolSize:
    """How many exam-only scenarios of one topic a federation's exams may draw."""

    topic: Any  # quiz.models.Topic
    own: int
    shared: int
    #: The scenario families of the topic marked for exams (each gives endless instances).
    families: int = 0

    @property
    def total(self) -> int:
        return self.own + self.shared


def exam_pool_sizes(
    *, federation: Federation | int, languages: Iterable[str] = ()
) -> list[PoolSize]:
    """Per topic, in order: the federation's own exam-only scenarios and the shared ones
    (with ``languages``: those written in every one of them), and the families marked for
    exams (told in every language)."""
    from quiz.models import Topic

    from .families import exam_family_counts

    federation_id = federation.pk if isinstance(federation, Federation) else federation
    families = exam_family_counts(federation_id=federation_id)
    counts = {
        (row["topic_id"], row["federation_id"] is not None): row["count"]
        for row in exam_pool(federation=federation_id, languages=languages)
        .order_by()  # the model's ordering would split the groups
        .values("topic_id", "federation_id")
        .annotate(count=Count("pk"))
    }
    return [
        PoolSize(
            topic=topic,
            own=counts.get((topic.pk, True), 0),
            shared=counts.get((topic.pk, False), 0),
            families=families.get(topic.slug, 0),
        )
        for topic in Topic.objects.order_by("order", "slug")
    ]


# --- the attempt ---------------------------------------------------------------


@dataclass(frozen=True)
class QuestionStatus:
    position: int
    answered: bool
    flagged: bool
    #: Every part of the question answered (a partial answer is kept, and graded as it stands).
    complete: bool = False
    #: A stroke of a frame section (issue 22): its calls become final, then the frame goes on.
    stroke: bool = False
    #: The stroke's calls are final: its answer is never changed again.
    final: bool = False
    #: The stroke may not open yet: the stroke before it has no final calls.
    locked: bool = False
    #: The last stroke of its frame section (making it final ends the frame).
    last_stroke: bool = False

    @property
    def incomplete(self) -> bool:
        return self.answered and not self.complete

    @property
    def done(self) -> bool:
        """Nothing left to do here: answered completely, and made final if it is a stroke."""
        return self.complete and (self.final or not self.stroke)


def attempt_progress(*, attempt: Attempt) -> list[QuestionStatus]:
    """Each drawn question's place, whether it is answered (completely) and flagged; for a
    frame stroke, whether its calls are final, and whether it may open yet (the stroke before
    it in its frame made final: :func:`exams.frame_order.stroke_refusal`)."""
    rows = _progress_rows(attempt_id=attempt.pk)
    frames = [(seed, stroke) for *_, seed, stroke, _final in rows]
    progress = []
    for index, (position, flagged, payload, ask, ask_ball, _seed, stroke, final_at) in enumerate(
        rows
    ):
        before = frames[index - 1] if index else (None, None)
        after = frames[index + 1] if index + 1 < len(rows) else (None, None)
        follows = stroke is not None and next_stroke(before, frames[index])
        progress.append(
            QuestionStatus(
                position=position,
                answered=payload is not None,
                flagged=flagged,
                complete=payload is not None
                and is_complete(payload, ask=ask, ask_ball=ask_ball),
                stroke=stroke is not None,
                final=final_at is not None,
                locked=follows and rows[index - 1][-1] is None,
                last_stroke=stroke is not None and not next_stroke(frames[index], after),
            )
        )
    return progress


def _progress_rows(*, attempt_id: int) -> list[list[Any]]:
    """Each drawn question's position, flag, answer, ask and ball asked about, its seed and
    frame stroke, and when its calls were made final, in order.

    What ``AttemptQuestion.objects.filter(attempt_id=…).order_by("position")
    .values_list("position", "flagged", "answer__payload", "ask", "ask_ball", "seed",
    "frame_stroke", "answer__final_at")`` reads, in one plain statement (config/sql.py):
    every question page runs it. ``tests/exams/test_selectors.py`` holds it to the ORM's rows.
    """
    connection = connections[router.db_for_read(AttemptQuestion)]
    with connection.cursor() as cursor:
        cursor.execute(
            _progress_sql(connection),
            [sql.parameter(connection, AttemptQuestion, "attempt", attempt_id)],
        )
        rows = cursor.fetchall()
    fields = _progress_fields()
    return [sql.python_values(fields, row, connection) for row in rows]


@functools.cache
def _progress_fields() -> tuple[Any, ...]:
    question = AttemptQuestion._meta.get_field
    return (
        *(question(name) for name in ("position", "flagged")),
        Answer._meta.get_field("payload"),
        *(question(name) for name in ("ask", "ask_ball", "seed", "frame_stroke")),
        Answer._meta.get_field("final_at"),
    )


@sql.per_vendor
def _progress_sql(connection: Any) -> str:
    column = functools.partial(sql.column, connection)
    return (
        f"SELECT {column(AttemptQuestion, 'position')}, {column(AttemptQuestion, 'flagged')},"
        f" {column(Answer, 'payload')}, {column(AttemptQuestion, 'ask')},"
        f" {column(AttemptQuestion, 'ask_ball')}, {column(AttemptQuestion, 'seed')},"
        f" {column(AttemptQuestion, 'frame_stroke')}, {column(Answer, 'final_at')}"
        f" FROM {sql.table(connection, AttemptQuestion)}"
        f" LEFT OUTER JOIN {sql.table(connection, Answer)}"
        f" ON {column(AttemptQuestion, 'id')} = {column(Answer, 'question')}"
        f" WHERE {column(AttemptQuestion, 'attempt')} = %s"
        f" ORDER BY {column(AttemptQuestion, 'position')} ASC"
    )


def remaining_seconds(*, attempt: Attempt, now: datetime | None = None) -> int:
    """Seconds left by the server's clock (never negative)."""
    now = now or clock.now()
    return max(0, math.floor((attempt.deadline - now).total_seconds()))


def review_level(*, attempt: Attempt, now: datetime | None = None) -> str | None:
    """What the candidate may see of a finished attempt now, or ``None`` for nothing yet.

    Never anything while the attempt is open.
    """
    now = now or clock.now()
    if not attempt.is_finished:
        return None
    exam = attempt.enrolment.exam
    if exam.review_from == Exam.ReviewFrom.CLOSING and now < exam.closes_at:
        return None
    if exam.review == Exam.Review.ANSWERS and answers_withheld(attempt=attempt, now=now):
        return Exam.Review.TOPICS
    return exam.review


def answers_withheld(*, attempt: Attempt, now: datetime | None = None) -> bool:
    """Whether the candidate has another attempt running now, at this exam or any other.

    Exams share the exam pool, so a running attempt may have drawn the same
    questions: a finished attempt's answers and explanations stay hidden until
    every other attempt of the candidate is finished or past its deadline.
    """
    now = now or clock.now()
    return (
        Attempt.objects.filter(
            enrolment__user_id=attempt.enrolment.user_id,
            finished_at__isnull=True,
            deadline__gt=now,
        )
        .exclude(pk=attempt.pk)
        .exists()
    )


@dataclass(frozen=True)
class TopicResult:
    topic: str
    questions: int
    score: float  # percent


def topic_breakdown(*, attempt: Attempt) -> list[TopicResult]:
    """The finished attempt's score per topic, in the topics' order."""
    totals: dict[Any, list[float]] = defaultdict(list)
    titles: dict[Any, str] = {}
    orders: dict[Any, int] = {}
    for question in attempt.questions.select_related("topic"):
        key = question.topic_id
        totals[key].append(question.score or 0.0)
        titles[key] = question.topic.title if question.topic else "—"
        orders[key] = question.topic.order if question.topic else 999
    return [
        TopicResult(
            topic=titles[key],
            questions=len(scores),
            score=round(100 * sum(scores) / len(scores), 1),
        )
        for key, scores in sorted(totals.items(), key=lambda item: orders[item[0]])
    ]


@dataclass(frozen=True)
class ReviewedQuestion:
    question: AttemptQuestion
    grade: Grade | None  # None: not answered


def attempt_review(*, attempt: Attempt) -> list[ReviewedQuestion]:
    """Each question of a finished attempt with its grade: the engine decides again."""
    if not attempt.is_finished:
        return []
    reviewed = []
    for question in attempt.questions.select_related("answer", "topic").order_by("position"):
        answer = question.saved_answer()
        reviewed.append(
            ReviewedQuestion(
                question=question,
                grade=grade(scenario=frozen_scenario(question), answer=answer.payload)
                if answer
                else None,
            )
        )
    return reviewed


# --- results and statistics ------------------------------------------------------


def exam_attempts(*, exam: Exam) -> QuerySet[Attempt]:
    return (
        Attempt.objects.filter(enrolment__exam=exam)
        .select_related("enrolment", "certificate")
        .order_by("enrolment__full_name", "number")
    )


def exam_enrolments(*, exam: Exam) -> QuerySet[Enrolment]:
    return (
        exam.enrolments.annotate(
            attempt_count=Count("attempts"),
            passed_count=Count("attempts", filter=Q(attempts__passed=True)),
        )
        .select_related("invitation", "user")
        .order_by("full_name", "pk")
    )


@dataclass(frozen=True)
class ItemStatistic:
    """How a question did among first attempts.

    ``facility``: the mean score (0 hard … 1 easy). ``discrimination``: the
    correlation between the item's score and the candidate's score on the other
    items (corrected item-total correlation); ``None`` when it cannot be computed.
    """

    scenario_id: int | None
    slug: str
    title: str
    topic: str
    answered: int
    facility: float
    discrimination: float | None
    #: A scenario family's row (every instance drawn of it): its slug, else "".
    family: str = ""
    #: How many distinct instances of the family were drawn (situations; None for a scenario).
    instances: int | None = None


def item_statistics(*, exam: Exam) -> list[ItemStatistic]:
    """Facility and discrimination of every question drawn in finished first attempts; the
    questions drawn from one scenario family make one row (with its distinct instances), and
    the strokes of frame sections one row "Referee a frame" (with the frames drawn)."""
    rows = list(AttemptQuestion.objects.filter(
        attempt__enrolment__exam=exam, attempt__number=1, attempt__finished_at__isnull=False
    ).values_list("attempt_id", "scenario_id", "score", "case", "topic_id", "family_slug",
                  "ask", "ask_ball", "frame_stroke", "seed"))
    topic_titles = _topic_titles({row[4] for row in rows if row[4] is not None})
    totals: dict[int, float] = defaultdict(float)
    counts: dict[int, int] = defaultdict(int)
    items: dict[Any, list[tuple[int, float]]] = defaultdict(list)
    labels: dict[Any, tuple[str, str]] = {}
    situations: dict[Any, set[str]] = defaultdict(set)
    for attempt_id, scenario_id, score, case, topic, family, ask, ask_ball, stroke, seed in rows:
        score = score or 0.0
        totals[attempt_id] += score
        counts[attempt_id] += 1
        slug = str(case.get("id", "")) if isinstance(case, dict) else ""
        if stroke is not None:  # every stroke of every candidate's frame: one row
            items[FRAME_ROW].append((attempt_id, score))
            labels[FRAME_ROW] = ("frame", "—")
            situations[FRAME_ROW].add(str(seed))
            continue
        key = ("family", family) if family else scenario_id or slug
        items[key].append((attempt_id, score))
        labels[key] = (family or slug, topic_titles.get(topic, "—"))
        if family:
            situations[key].add(_situation(case, ask, ask_ball))
    titles = _scenario_titles(key for key in items if isinstance(key, int))
    titles.update({key: gettext("Scenario family") for key in situations})
    titles[FRAME_ROW] = gettext("Referee a frame")
    result = []
    for key, scored in items.items():
        scores = [score for _, score in scored]
        # The rest of the test, without this item, so the item does not correlate with itself.
        rests = [
            (totals[attempt_id] - score) / max(1, counts[attempt_id] - 1)
            for attempt_id, score in scored
        ]
        slug, topic = labels[key]
        result.append(
            ItemStatistic(
                scenario_id=key if isinstance(key, int) else None,
                slug=slug,
                title=titles.get(key, slug),
                topic=topic,
                answered=len(scores),
                facility=round(statistics.fmean(scores), 3),
                discrimination=_correlation(scores, rests),
                family=slug if key in situations and key != FRAME_ROW else "",
                instances=len(situations[key]) if key in situations else None,
            )
        )
    return sorted(result, key=lambda item: (item.facility, item.slug))


#: The row of the frame sections' strokes; its instances are the frames drawn.
FRAME_ROW = ("frame",)


def _situation(case: Any, ask: str, ask_ball: str) -> str:
    """A drawn instance's situation, as ``quiz.families.instances.Instance.situation`` has it
    (the case without its id, and what is asked): two seeds may give the same one."""
    facts = {key: value for key, value in (case or {}).items() if key != "id"}
    return json.dumps([facts, ask, ask_ball], sort_keys=True)


def _topic_titles(ids: Iterable[int]) -> dict[int, str]:
    """Each topic's title in the reader's language (a related ``topic__title`` is English)."""
    from quiz.models import Topic

    return {pk: str(topic.title) for pk, topic in Topic.objects.in_bulk(list(ids)).items()}


def _scenario_titles(ids: Iterable[int]) -> dict[int, str]:
    from quiz.models import Scenario

    return {pk: str(scenario) for pk, scenario in Scenario.objects.in_bulk(list(ids)).items()}


def _correlation(xs: list[float], ys: list[float]) -> float | None:
    """Pearson's r, or ``None`` with fewer than three pairs or no spread.

    >>> _correlation([0, 1, 1, 0], [0.2, 0.9, 0.8, 0.1])
    0.99
    >>> _correlation([1, 1, 1], [0.2, 0.5, 0.9]) is None
    True
    """
    if len(xs) < 3:
        return None
    try:
        return round(statistics.correlation(xs, ys), 2)
    except statistics.StatisticsError:
        return None


# --- certificates and the audit trail ------------------------------------------------


def normalise_code(code: str) -> str:
    """Codes are read aloud and typed: ignore case, spaces and dashes.

    >>> normalise_code(" abcd-efgh-jkmn ")
    'ABCDEFGHJKMN'
    """
    return "".join(ch for ch in code.upper() if ch.isalnum())


def certificate_by_code(*, code: str) -> Certificate | None:
    return (
        Certificate.objects.select_related("attempt__enrolment__exam__federation")
        .filter(code=normalise_code(code))
        .first()
    )


def federation_certificates(*, federation: Federation) -> QuerySet[Certificate]:
    return Certificate.objects.filter(
        attempt__enrolment__exam__federation=federation
    ).select_related("attempt__enrolment__exam", "revoked_by")


@dataclass(frozen=True)
class AuditLine:
    at: datetime
    action: str
    exam: str
    who: str
    detail: str


def audit_trail(*, federation: Federation, limit: int = 500) -> list[AuditLine]:
    """The federation's events, newest first, with answer saves read from the answers."""
    events = [
        AuditLine(
            at=event.at,
            action=event.get_action_display(),
            exam=str(event.exam) if event.exam else "",
            who=_who(event),
            detail=_audit_detail(event),
        )
        for event in AuditEvent.objects.filter(federation=federation)
        .select_related("exam", "actor", "attempt__enrolment")[:limit]
    ]
    saves = [
        AuditLine(
            at=answer.saved_at,
            action=gettext("answer saved"),
            exam=str(answer.attempt.enrolment.exam),
            who=answer.attempt.enrolment.full_name,
            detail=ngettext(
                "question %(position)s, saved once",
                "question %(position)s, saved %(times)s times",
                answer.revision,
            )
            % {
                "position": format_number(answer.question.position),
                "times": format_number(answer.revision),
            },
        )
        for answer in Answer.objects.filter(attempt__enrolment__exam__federation=federation)
        .select_related("attempt__enrolment__exam", "question")
        .order_by("-saved_at")[:limit]
    ]
    return sorted(events + saves, key=lambda line: line.at, reverse=True)[:limit]


def _audit_detail(event: AuditEvent) -> str:
    """The event's detail in the reader's language: a language's name, a score in his digits.

    The detail is stored as written when it happened (a language code, ``"75 %"``).
    """
    detail = event.detail
    names = dict(settings.LANGUAGES)  # lazily translated: read in the active language
    if event.action == AuditEvent.Action.ATTEMPT_STARTED and detail in names:
        return str(names[detail])
    if event.action == AuditEvent.Action.ATTEMPT_FINISHED:
        try:
            score = Decimal(detail.replace("%", "").strip())
        except InvalidOperation:
            return detail
        return format_percent(score / 100, keep_decimals=True)
    return detail


def _who(event: AuditEvent) -> str:
    candidate = event.attempt.enrolment if event.attempt is not None else None
    if event.actor is not None and (candidate is None or event.actor.pk != candidate.user_id):
        return event.actor.get_username()
    return candidate.full_name if candidate is not None else ""
