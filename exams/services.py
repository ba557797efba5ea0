"""Writes: enrolment, the attempt's life-cycle, certificates and the audit trail.

Every function takes ``now`` so tests move time instead of waiting; by default it
is :func:`exams.clock.now`. Nothing is kept in process memory: any app server can
serve any request of an attempt.
"""

from __future__ import annotations

import calendar
import functools
import random
import secrets
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from django.contrib.auth import get_user_model
from django.db import IntegrityError, connections, router, transaction
from django.db.models import QuerySet
from django.utils import translation
from django.utils.translation import get_language_info
from django.utils.translation import gettext as _

from config import sql
from quiz.families.spec import FamilyError
from quiz.grading import grade, graded_by, with_edition
from quiz.models import Scenario
from quiz.numbers import format_number

from . import clock, selectors, signals
from .errors import (
    AttemptFinished,
    AttemptInProgress,
    CallsFinal,
    CertificateRevoked,
    DeadlinePassed,
    ExamError,
    ExamNotOpen,
    LanguageNotAllowed,
    NotEnoughQuestions,
    QuestionNotDrawn,
)
from .families import FamilyDraw, exam_families, exam_instance, frozen_fields
from .frames import FrameDraw, FrameDrawError, frame_window, frozen_stroke_fields
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

#: Verification codes avoid letters and digits that read alike (0/O, 1/I/L).
CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 12


def add_months(moment: datetime, months: int) -> datetime:
    """The same day ``months`` later, or the month's last day when it is shorter.

    >>> from datetime import datetime
    >>> add_months(datetime(2026, 1, 31), 1)
    datetime.datetime(2026, 2, 28, 0, 0)
    >>> add_months(datetime(2026, 11, 15, 9, 30), 24)
    datetime.datetime(2028, 11, 15, 9, 30)
    """
    month_index = moment.month - 1 + months
    year, month = moment.year + month_index // 12, month_index % 12 + 1
    day = min(moment.day, calendar.monthrange(year, month)[1])
    return moment.replace(year=year, month=month, day=day)


def new_certificate_code() -> str:
    """A random verification code (31**12 ≈ 8·10^17 possibilities).

    >>> code = new_certificate_code()
    >>> len(code), set(code) <= set(CODE_ALPHABET)
    (12, True)
    """
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def record(
    action: str,
    *,
    exam: Exam,
    at: datetime,
    attempt: Attempt | None = None,
    certificate: Certificate | None = None,
    actor: Any = None,
    detail: str = "",
) -> AuditEvent:
    """Add one event to the federation's audit trail."""
    return AuditEvent.objects.create(
        federation_id=exam.federation_id,
        exam=exam,
        attempt=attempt,
        certificate=certificate,
        actor=actor if actor is not None and actor.is_authenticated else None,
        action=action,
        detail=detail[:500],
        at=at,
    )


# --- enrolment ---------------------------------------------------------------


def enrol_candidate(
    *,
    exam: Exam,
    full_name: str,
    email: str,
    by: Any = None,
    now: datetime | None = None,
    language: str = "",
) -> Enrolment:
    """Enrol one candidate and issue his invitation link.

    The enrolment gets an account of its own, password-less, that only its invitation
    link signs in to; a trainee whose address ``email`` is verified is enrolled under
    his own account instead (he signs in with his password). No other account is ever
    matched: an address someone else signed up with, unverified, matches nothing.
    The new link's token is ``enrolment.issued_token`` (it is kept only hashed).
    """
    from accounts.selectors import verified_account

    from .invitations import issue_invitation

    now = now or clock.now()
    email = email.strip().lower()
    duplicate = ExamError(_("%(email)s is already enrolled in this exam.") % {"email": email})
    if Enrolment.objects.filter(exam=exam, email=email).exists():
        raise duplicate
    try:
        with transaction.atomic():
            user = verified_account(email=email) or link_only_account()
            enrolment = Enrolment.objects.create(
                exam=exam, user=user, full_name=full_name.strip(), email=email,
                language=language,
            )
            enrolment.issued_token = issue_invitation(enrolment=enrolment, now=now)
            record(
                AuditEvent.Action.CANDIDATE_ENROLLED, exam=exam, actor=by, at=now,
                detail=f"{enrolment.full_name} <{email}>",
            )
    except IntegrityError as error:
        raise duplicate from error
    return enrolment


def set_enrolment_language(*, enrolment: Enrolment, language: str) -> Enrolment:
    """The language of a candidate's invitation and mails, changed after his enrolment
    (one of the exam's languages); his attempts keep the language each was taken in."""
    if language not in (enrolment.exam.languages or []):
        raise LanguageNotAllowed()
    enrolment.language = language
    enrolment.save(update_fields=["language"])
    return enrolment


def link_only_account() -> Any:
    """A new password-less account for one enrolment: its name is random, never an address."""
    user = get_user_model()(username=f"candidate-{secrets.token_hex(8)}")
    user.set_unusable_password()
    user.save()
    return user


def import_enrolments(
    *, exam: Exam, rows: Iterable[Mapping[str, str]], by: Any = None, now: datetime | None = None
) -> list[Enrolment]:
    """Enrol every row (``full_name``, ``email``) or, on any refusal, none of them."""
    with transaction.atomic():
        return [
            enrol_candidate(
                exam=exam, full_name=row["full_name"], email=row["email"], by=by, now=now,
                language=row.get("language", ""),
            )
            for row in rows
        ]


def save_exam(*, form: Any, sections: Any) -> Exam:
    """Save a valid :class:`ExamForm` and its :class:`SectionFormSet` together.

    Running attempts keep the questions they drew: nothing here touches them.
    """
    with transaction.atomic():
        exam = form.save()
        sections.instance = exam
        sections.save()
    return exam


# --- the attempt -------------------------------------------------------------


def start_attempt(
    *,
    enrolment: Enrolment,
    language: str,
    now: datetime | None = None,
    rng: random.Random | None = None,
) -> Attempt:
    """Start an attempt: check the exam's rules, draw the questions and freeze them.

    The deadline is the start plus the time limit, capped at the exam's closing time;
    the candidate's extra time (an accommodation) is added to both.
    """
    now = now or clock.now()
    exam = enrolment.exam
    if not exam.is_open(now):
        raise ExamNotOpen()
    if language not in exam.languages:
        raise LanguageNotAllowed()
    attempts = [
        finish_if_expired(attempt=attempt, now=now)
        for attempt in selectors.attempts_of(enrolment=enrolment)
    ]
    refusal = selectors.next_attempt_refusal(enrolment=enrolment, attempts=attempts, now=now)
    if refusal is not None:
        raise refusal
    drawn = _draw_in(exam=exam, rng=rng or random.SystemRandom(), language=language)
    if not drawn:
        raise NotEnoughQuestions(_("This exam has no questions yet."))
    try:
        with transaction.atomic():
            attempt = Attempt.objects.create(
                enrolment=enrolment,
                number=len(attempts) + 1,
                language=language,
                started_at=now,
                deadline=min(now + timedelta(minutes=exam.time_limit), exam.closes_at)
                + timedelta(minutes=enrolment.extra_minutes),
                question_count=len(drawn),
            )
            with translation.override(language):
                AttemptQuestion.objects.bulk_create(
                    _frozen(attempt=attempt, position=position, drawn=item)
                    for position, item in enumerate(drawn, start=1)
                )
            record(
                AuditEvent.Action.ATTEMPT_STARTED, exam=exam, attempt=attempt,
                actor=enrolment.user, at=now, detail=language,
            )
    except IntegrityError as error:
        # Two starts at once (a double click, two tabs): the second loses the race.
        raise AttemptInProgress() from error
    except (FamilyError, FrameDrawError) as error:
        # A family that gives no sound instance under the exam's rules, or no frame to
        # referee: nothing is kept.
        raise NotEnoughQuestions(
            _("A question of this exam could not be drawn: tell the examiner.")
        ) from error
    return attempt


def grant_extra_time(
    *, enrolment: Enrolment, minutes: int, actor: Any = None, now: datetime | None = None
) -> Enrolment:
    """Give a candidate ``minutes`` of extra time (an accommodation), or change it.

    Applied on the server: every later attempt gets it, and an open attempt's
    deadline moves by the difference at once (never to before ``now``). The
    audit trail keeps who granted what.
    """
    now = now or clock.now()
    with transaction.atomic():
        locked = Enrolment.objects.select_for_update().select_related("exam").get(pk=enrolment.pk)
        change = timedelta(minutes=minutes - locked.extra_minutes)
        before = locked.extra_minutes
        locked.extra_minutes = minutes
        locked.save(update_fields=["extra_minutes"])
        for attempt in Attempt.objects.select_for_update().filter(
            enrolment=locked, finished_at__isnull=True, deadline__gt=now
        ):
            attempt.deadline = max(attempt.deadline + change, now)
            attempt.save(update_fields=["deadline"])
        record(
            AuditEvent.Action.EXTRA_TIME_GRANTED, exam=locked.exam, actor=actor, at=now,
            detail=f"{locked.full_name} <{locked.email}>: {before} → {minutes} min",
        )
    enrolment.extra_minutes = minutes
    return locked


def _draw_in(
    *, exam: Exam, rng: random.Random, language: str
) -> list[Scenario | FamilyDraw | FrameDraw]:
    """The attempt's questions, all written in ``language``; when too few are, the refusal
    says so (the pool would suffice in another language: the candidate may choose it)."""
    try:
        return draw_questions(exam=exam, rng=rng, language=language)
    except NotEnoughQuestions:
        draw_questions(exam=exam, rng=random.Random(0))  # too few in any language: its refusal
        raise NotEnoughQuestions(
            _("Too few of this exam's questions are written in %(language)s yet: choose "
              "another of its languages, or tell the examiner.")
            % {"language": _(get_language_info(language)["name"])}
        ) from None


def draw_questions(
    *, exam: Exam, rng: random.Random, language: str | None = None
) -> list[Scenario | FamilyDraw | FrameDraw]:
    """So many questions per section: scenarios of the exam's pool (no scenario twice in one
    attempt) and families (a :class:`exams.families.FamilyDraw`; its instance is built when
    the attempt is frozen), as each section's ``source`` says.

    The pool is closed-book: exam-only scenarios of the exam's federation and of the
    shared pool (:func:`exams.selectors.exam_pool`), and with ``language`` (the
    attempt's) only those written in it; families marked for exams (their narratives are
    told in every language). Sections on one topic draw first, sections on every topic
    from what is left, so that any exam the form accepts can be drawn; the questions keep
    the sections' order. A frame section gives its strokes (a :class:`exams.frames.FrameDraw`
    each; the candidate's frame is played when the attempt is frozen).
    """
    # Their topics are read only to name one in a refusal.
    sections = selectors.exam_sections(exam=exam)
    on_scenarios = [s for s in sections if s.source in _ON_SCENARIOS]
    available = _scenario_pool(exam=exam, sections=on_scenarios, language=language)
    families = _family_pool(sections=sections, federation_id=exam.federation_id)
    chosen: set[int] = set()
    drawn: dict[int, list[int | FamilyDraw | FrameDraw]] = {}
    for section in sorted(sections, key=lambda section: section.topic_id is None):
        if section.source == ExamSection.Source.FRAME:
            count = section.question_count
            drawn[section.pk] = [FrameDraw(index=i, count=count) for i in range(count)]
            continue
        pks = [
            pk
            for pk, topic_id in available
            if pk not in chosen and section.topic_id in (None, topic_id)
        ]
        drawn[section.pk] = _draw_section(
            section=section, pks=pks, families=families.get(section.topic_id, []), rng=rng
        )
        chosen.update(item for item in drawn[section.pk] if isinstance(item, int))
    in_order = [item for section in sections for item in drawn[section.pk]]
    # Freezing reads topic_id, not the topic.
    by_pk = Scenario.objects.in_bulk([item for item in in_order if isinstance(item, int)])
    return [by_pk[item] if isinstance(item, int) else item for item in in_order]


#: The sections that draw scenarios, and those that draw families.
_ON_SCENARIOS = (ExamSection.Source.SCENARIOS, ExamSection.Source.BOTH)
_ON_FAMILIES = (ExamSection.Source.FAMILIES, ExamSection.Source.BOTH)


def _scenario_pool(
    *, exam: Exam, sections: list[ExamSection], language: str | None
) -> list[tuple[int, int]]:
    """The ids and topics of the scenarios the sections may draw, sorted by id (as each
    section's candidates always were), in one query: one per section cost more."""
    if not sections:
        return []
    pool = selectors.exam_pool(
        federation=exam.federation_id, languages=[language] if language else ()
    ).order_by()
    if all(section.topic_id is not None for section in sections):
        pool = pool.filter(topic_id__in={section.topic_id for section in sections})
    return sorted(pool.values_list("pk", "topic_id"))


def _family_pool(
    *, sections: list[ExamSection], federation_id: int | None = None
) -> dict[int | None, list[FamilyDraw]]:
    """The families each topic's sections may draw (key ``None``: every topic's), for the
    sections that draw families; read only then (one query for the topics' slugs, one for
    the federation's own studio families)."""
    if not any(section.source in _ON_FAMILIES for section in sections):
        return {}
    from quiz.models import Topic

    topic_ids = dict(Topic.objects.values_list("slug", "pk"))
    every = [
        FamilyDraw(family=f, topic_id=topic_ids.get(f.topic))
        for f in exam_families(federation_id=federation_id)
    ]
    pool: dict[int | None, list[FamilyDraw]] = {}
    for draw in every:
        if draw.topic_id is not None:
            pool.setdefault(draw.topic_id, []).append(draw)
    pool[None] = every
    return pool


def _draw_section(
    *, section: ExamSection, pks: list[int], families: list[FamilyDraw], rng: random.Random
) -> list[int | FamilyDraw]:
    """One section's questions: scenario ids, families, or both together. Scenarios are never
    drawn twice; a family may give more than one question (each its own instance) when the
    section asks for more than the pool holds."""
    items: list[int | FamilyDraw] = []
    if section.source != ExamSection.Source.FAMILIES:
        items += pks
    if section.source != ExamSection.Source.SCENARIOS:
        items += families
    wanted = section.question_count
    if len(items) < wanted and not (families and section.source != ExamSection.Source.SCENARIOS):
        raise NotEnoughQuestions(
            _(
                "The exam asks for %(wanted)s questions on “%(topic)s” "
                "but its exam pool holds only %(available)s."
            )
            % {
                "wanted": format_number(wanted),
                "topic": section.topic or _("every topic"),
                "available": format_number(len(items)),
            }
        )
    picked = rng.sample(items, min(wanted, len(items)))
    while len(picked) < wanted:
        picked += rng.sample(families, min(wanted - len(picked), len(families)))
    return picked


def _frozen(
    *, attempt: Attempt, position: int, drawn: Scenario | FamilyDraw | FrameDraw
) -> AttemptQuestion:
    if isinstance(drawn, FamilyDraw):
        return frozen_family_question(attempt=attempt, position=position, drawn=drawn)
    if isinstance(drawn, FrameDraw):
        return frozen_stroke_question(attempt=attempt, position=position, drawn=drawn)
    return frozen_question(attempt=attempt, position=position, scenario=drawn)


def frozen_stroke_question(
    *, attempt: Attempt, position: int, drawn: FrameDraw
) -> AttemptQuestion:
    """A stroke of the candidate's own frame (``exams/frames.py``), played from the seed of the
    attempt and the section (its first position) under the exam's edition and the
    federation's local rules, told in the active language."""
    exam = attempt.enrolment.exam
    window = frame_window(
        attempt_id=attempt.pk,
        position=position - drawn.index,
        ruleset=exam.edition,
        variants=tuple(exam.federation.variants or ()),
        count=drawn.count,
    )
    return AttemptQuestion(
        attempt=attempt,
        position=position,
        scenario=None,
        topic_id=None,
        **frozen_stroke_fields(window=window, index=drawn.index),
    )


def frozen_family_question(
    *, attempt: Attempt, position: int, drawn: FamilyDraw
) -> AttemptQuestion:
    """The candidate's own instance of a family, seeded by the attempt and the position, built
    under the exam's edition and the federation's local rules, told in the active language;
    its family and seed are kept so that the examiner and regrading can rebuild it."""
    exam = attempt.enrolment.exam
    instance = exam_instance(
        family=drawn.family,
        attempt_id=attempt.pk,
        position=position,
        ruleset=exam.edition,
        variants=exam.federation.variants or (),
    )
    return AttemptQuestion(
        attempt=attempt,
        position=position,
        scenario=None,
        topic_id=drawn.topic_id,
        **frozen_fields(instance=instance, family=drawn.family),
    )


def frozen_question(*, attempt: Attempt, position: int, scenario: Scenario) -> AttemptQuestion:
    """A copy of what ``scenario`` asks, its texts in the active language; its case names the
    exam's edition and the federation's local rules, so that every grading of the attempt (and
    any regrading) follows them."""
    exam = attempt.enrolment.exam
    return AttemptQuestion(
        attempt=attempt,
        position=position,
        scenario=scenario,
        topic_id=scenario.topic_id,
        case=with_edition(
            scenario.case, ruleset=exam.edition, variants=exam.federation.variants or ()
        ),
        ask=scenario.ask,
        ask_ball=scenario.ask_ball or "",
        difficulty=scenario.difficulty,
        title=scenario.title or "",
        narrative=scenario.narrative or "",
        question=scenario.question or "",
        note=scenario.note or "",
    )


def _check_open(*, attempt: Attempt, now: datetime) -> None:
    if attempt.is_finished:
        raise AttemptFinished()
    if now >= attempt.deadline:
        finish_attempt(attempt=attempt, finished_by=Attempt.FinishedBy.DEADLINE, now=now)
        raise DeadlinePassed()


def _open_attempt_locked(*, attempt_id: int, now: datetime) -> QuerySet[Attempt]:
    """The attempt's row while it is open and before its deadline, locked when read.

    Finishing claims the same row with an UPDATE before it reads the answers to grade,
    so on PostgreSQL a write guarded by this lock and a finish are serialized: the write
    either lands before grading reads it or sees the attempt finished and does nothing.
    (SQLite has no row locks; it serializes every write to the database anyway.)
    """
    return (
        Attempt.objects.filter(pk=attempt_id, finished_at__isnull=True, deadline__gt=now)
        .order_by()
        .select_for_update(no_key=True)
    )


def _change_answer(
    *,
    question_id: int,
    attempt_id: int,
    now: datetime,
    payload: dict[str, Any],
    final: bool = False,
) -> int:
    """Replace the answer while its attempt is open and its calls are not final (and lock
    the attempt): rows changed. ``final`` makes the calls final at ``now`` (issue 22).

    What ``Answer.objects.filter(question_id=…, final_at__isnull=True,
    attempt_id__in=_open_attempt_locked(…).values("pk")).update(payload=…, saved_at=now,
    revision=F("revision") + 1)`` runs (``final_at=now`` too, ``final``), in one plain
    statement (config/sql.py): every answer of exam day runs it.
    ``tests/exams/test_services.py`` holds it to the ORM's write.
    """
    connection = connections[router.db_for_write(Answer)]
    finality = [sql.parameter(connection, Answer, "final_at", now)] if final else []
    with connection.cursor() as cursor:
        cursor.execute(
            _CHANGE_ANSWER_SQL[final](connection),
            [
                sql.parameter(connection, Answer, "payload", payload),
                sql.parameter(connection, Answer, "saved_at", now),
                *finality,
                sql.parameter(connection, Answer, "question", question_id),
                sql.parameter(connection, Attempt, "id", attempt_id),
                sql.parameter(connection, Attempt, "deadline", now),
            ],
        )
        return cursor.rowcount


def _change_answer_sql(connection: Any, *, final: bool) -> str:
    quote = connection.ops.quote_name
    answer_column = functools.partial(sql.column, connection, Answer)
    attempt_column = functools.partial(sql.column, connection, Attempt)
    field = Answer._meta.get_field
    # The lock of _open_attempt_locked, taken by every run of the statement: PostgreSQL's
    # row lock (SQLite has no row locks, and serializes every write to the database).
    lock = " FOR NO KEY UPDATE" if connection.vendor == "postgresql" else ""
    finality = f", {quote(field('final_at').column)} = %s" if final else ""
    return (
        f"UPDATE {sql.table(connection, Answer)}"
        f" SET {quote(field('payload').column)} = %s, {quote(field('saved_at').column)} = %s,"
        f" {quote(field('revision').column)} = ({answer_column('revision')} + 1){finality}"
        f" WHERE {answer_column('question')} = %s"
        f" AND {answer_column('final_at')} IS NULL AND {answer_column('attempt')} IN"
        f" (SELECT {attempt_column('id')} FROM {sql.table(connection, Attempt)}"
        f" WHERE {attempt_column('id')} = %s AND {attempt_column('finished_at')} IS NULL"
        f" AND {attempt_column('deadline')} > %s{lock})"
    )


_CHANGE_ANSWER_SQL = {
    final: sql.per_vendor(functools.partial(_change_answer_sql, final=final))
    for final in (True, False)
}


def save_answer(
    *,
    attempt: Attempt,
    question: AttemptQuestion,
    answer: Mapping[str, Any],
    now: datetime | None = None,
) -> None:
    """Save (or replace) the answer to one drawn question: one small write.

    ``answer`` is a validated :class:`quiz.forms.AnswerForm`'s ``answer``. A change is
    one conditional UPDATE; the first answer is one INSERT after one locking read of
    the attempt. Either way the write is refused once the attempt is finished, and a frame
    stroke's once its calls are final (:class:`CallsFinal`).
    """
    _write_answer(attempt=attempt, question=question, answer=answer, final=False, now=now)


def make_calls_final(
    *,
    attempt: Attempt,
    question: AttemptQuestion,
    answer: Mapping[str, Any],
    now: datetime | None = None,
) -> None:
    """Keep a frame stroke's complete answer and make its calls final (issue 22): the next
    stroke of the frame opens, and this answer is never changed again. The same write as
    :func:`save_answer` (under the same lock of the open attempt, so that finishing the
    attempt and making calls final never race), refused for a question that is no frame
    stroke, a stroke whose stroke before it has no final calls yet, or final calls.
    """
    if not question.is_frame_stroke:  # the question page never asks it (question_page.press)
        raise ValueError("only a frame's strokes have calls to make final")
    if refusal := selectors.stroke_refusal(question=question):
        raise refusal
    _write_answer(attempt=attempt, question=question, answer=answer, final=True, now=now)


def _write_answer(
    *,
    attempt: Attempt,
    question: AttemptQuestion,
    answer: Mapping[str, Any],
    final: bool,
    now: datetime | None,
) -> None:
    now = now or clock.now()
    if question.attempt_id != attempt.pk:
        raise QuestionNotDrawn()
    _check_open(attempt=attempt, now=now)
    if question.calls_final:  # read with the question: no query
        raise CallsFinal()
    payload = dict(answer)
    # The row only changes while its attempt is open and its calls not final, checked (and
    # the attempt locked) by the same statement.
    change = {"question_id": question.pk, "attempt_id": attempt.pk, "now": now,
              "payload": payload, "final": final}
    with transaction.atomic():
        if question.saved_answer() is not None:  # read with the question: no query
            if _change_answer(**change):
                _read_final(question, now if final else None)
                return
            raise _why_unchanged(question)
        if not _open_attempt_locked(attempt_id=attempt.pk, now=now).exists():
            # Another request finished it since the check above.
            raise AttemptFinished()
        try:
            with transaction.atomic():
                created = Answer.objects.create(
                    attempt=attempt, question=question, payload=payload, saved_at=now,
                    final_at=now if final else None,
                )
            question.read_with_answer(created)
            return
        except IntegrityError:
            # Another request saved the first answer meanwhile: replace it, as a change would.
            pass
        if _change_answer(**change):
            return
    raise _why_unchanged(question)


def _read_final(question: AttemptQuestion, final_at: datetime | None) -> None:
    """The question's answer as read says its calls are final, once they are."""
    if final_at is not None and (answer := question.saved_answer()) is not None:
        answer.final_at = final_at


def _why_unchanged(question: AttemptQuestion) -> ExamError:
    """Why a write changed no row: another request made the calls final, or finished the
    attempt, since this one read the question."""
    if Answer.objects.filter(question_id=question.pk, final_at__isnull=False).exists():
        return CallsFinal()
    return AttemptFinished()


def set_flag(
    *, attempt: Attempt, question: AttemptQuestion, flagged: bool, now: datetime | None = None
) -> None:
    """Mark a drawn question for review (or unmark it); refused once the attempt is finished."""
    now = now or clock.now()
    if question.attempt_id != attempt.pk:
        raise QuestionNotDrawn()
    _check_open(attempt=attempt, now=now)
    with transaction.atomic():
        changed = AttemptQuestion.objects.filter(
            pk=question.pk,
            attempt_id__in=_open_attempt_locked(attempt_id=attempt.pk, now=now).values("pk"),
        ).update(flagged=bool(flagged))
    if not changed:
        raise AttemptFinished()
    question.flagged = flagged


def keep_question_page(
    *,
    attempt: Attempt,
    question: AttemptQuestion,
    answer: Mapping[str, Any] | None,
    flagged: bool | None = None,
    now: datetime | None = None,
) -> None:
    """What a button of the question page keeps: the answer given there and the flag.

    ``answer`` is ``None`` when the page holds no new complete answer (the saved one, if
    any, stays); ``flagged`` is ``None`` when the flag does not change. Both writes, each
    one small, happen together or not at all.
    """
    now = now or clock.now()
    with transaction.atomic():
        if answer is not None:
            save_answer(attempt=attempt, question=question, answer=answer, now=now)
        if flagged is not None:
            set_flag(attempt=attempt, question=question, flagged=flagged, now=now)


def submit_attempt(*, attempt: Attempt, now: datetime | None = None) -> Attempt:
    """The candidate hands in: grade now. A second submission is refused.

    Past the deadline the attempt is finished as the deadline left it.
    """
    now = now or clock.now()
    if attempt.is_finished:
        raise AttemptFinished()
    finished_by = (
        Attempt.FinishedBy.DEADLINE if now >= attempt.deadline else Attempt.FinishedBy.CANDIDATE
    )
    finished = finish_attempt(attempt=attempt, finished_by=finished_by, now=now)
    if finished is None:
        raise AttemptFinished()
    return finished


def finish_if_expired(*, attempt: Attempt, now: datetime | None = None) -> Attempt:
    """Finish an open attempt whose deadline has passed; return it as it now is.

    Pages call it on GET too, on purpose (the one exception to "a GET never writes",
    docs/architecture.md): the deadline ended the attempt, this only records it, once.
    """
    now = now or clock.now()
    if not attempt.is_finished and now >= attempt.deadline:
        finish_attempt(attempt=attempt, finished_by=Attempt.FinishedBy.DEADLINE, now=now)
        attempt.refresh_from_db()
    return attempt


def finish_expired_attempts(*, exam: Exam | None = None, now: datetime | None = None) -> int:
    """Finish every open attempt past its deadline (of one exam, or all); return how many.

    Cron runs it for all; the examiner's results run it for their exam, so that
    they never show as running an attempt whose time is over.
    """
    now = now or clock.now()
    finished = 0
    expired = Attempt.objects.filter(finished_at__isnull=True, deadline__lte=now)
    if exam is not None:
        expired = expired.filter(enrolment__exam=exam)
    for attempt in expired.select_related("enrolment__exam", "enrolment__user").iterator():
        if finish_attempt(attempt=attempt, finished_by=Attempt.FinishedBy.DEADLINE, now=now):
            finished += 1
    return finished


@dataclass(frozen=True)
class QuestionGrade:
    """A drawn question's item score (0..1) and the engine that gave it."""

    score: float
    ruleset: str
    engine_version: str


def score_question(question: AttemptQuestion) -> QuestionGrade:
    """Grade a drawn question's saved answer with the engine as it is now (0 when unanswered).

    Finishing an attempt and regrading it (exams/regrading.py) both grade through here.
    """
    answer = question.saved_answer()
    if answer is None:
        return QuestionGrade(0.0, **graded_by(case=question.case))
    result = grade(scenario=frozen_scenario(question), answer=answer.payload)
    return QuestionGrade(result.score, result.ruleset, result.engine_version)


def finish_attempt(*, attempt: Attempt, finished_by: str, now: datetime) -> Attempt | None:
    """Close the attempt, grade the saved answers with the engine, issue a certificate on a pass.

    Returns ``None`` when another request finished it first (nothing is changed).
    """
    finished_at = min(now, attempt.deadline)
    with transaction.atomic():
        # The conditional update is the claim: of two finishers, only one changes the row.
        # It also locks the row until grading is committed, before the answers are read:
        # answer and flag writes take the same lock, so none lands after grading.
        claimed = Attempt.objects.filter(pk=attempt.pk, finished_at__isnull=True).update(
            finished_at=finished_at, finished_by=finished_by
        )
        if not claimed:
            return None
        attempt = Attempt.objects.select_related(
            "enrolment__exam__federation", "enrolment__user"
        ).get(pk=attempt.pk)
        exam = attempt.enrolment.exam
        questions = list(attempt.questions.select_related("answer").order_by("position"))
        for question in questions:
            graded = score_question(question)
            question.score = graded.score
            question.graded_ruleset = graded.ruleset
            question.graded_engine_version = graded.engine_version
        AttemptQuestion.objects.bulk_update(
            questions, ["score", "graded_ruleset", "graded_engine_version"]
        )
        total = sum(question.score for question in questions)
        attempt.score = round(100 * total / len(questions), 2) if questions else 0.0
        attempt.passed = attempt.score >= exam.pass_mark
        attempt.save(update_fields=["score", "passed"])
        record(
            AuditEvent.Action.ATTEMPT_FINISHED, exam=exam, attempt=attempt, at=now,
            actor=attempt.enrolment.user if finished_by == Attempt.FinishedBy.CANDIDATE else None,
            detail=f"{attempt.score:g} %",
        )
        if attempt.passed:
            issue_certificate(attempt=attempt, now=finished_at)
    return attempt


# --- certificates ------------------------------------------------------------


def issue_certificate(*, attempt: Attempt, now: datetime) -> Certificate:
    """Issue the certificate of a passed attempt, with a fresh unique code."""
    exam = attempt.enrolment.exam
    expires_at = add_months(now, exam.certificate_months) if exam.certificate_months else None
    while True:
        code = new_certificate_code()
        if not Certificate.objects.filter(code=code).exists():
            break
    certificate = Certificate.objects.create(
        attempt=attempt,
        code=code,
        holder_name=attempt.enrolment.full_name,
        language=attempt.language,
        issued_at=now,
        expires_at=expires_at,
    )
    record(
        AuditEvent.Action.CERTIFICATE_ISSUED, exam=exam, attempt=attempt,
        certificate=certificate, at=now, detail=code,
    )
    signals.certificate_valid.send(sender=Certificate, certificate=certificate, now=now)
    return certificate


def revoke_certificate(
    *, certificate: Certificate, reason: str, by: Any, now: datetime | None = None
) -> Certificate:
    """Revoke a certificate; its verification page then says so, at the same address."""
    now = now or clock.now()
    reason = reason.strip()
    if not reason:
        raise ExamError(_("Give the reason for the revocation."))
    updated = Certificate.objects.filter(pk=certificate.pk, revoked_at__isnull=True).update(
        revoked_at=now, revocation_reason=reason, revoked_by=by
    )
    if not updated:
        raise CertificateRevoked()
    certificate.refresh_from_db()
    record(
        AuditEvent.Action.CERTIFICATE_REVOKED, exam=certificate.attempt.enrolment.exam,
        attempt=certificate.attempt, certificate=certificate, actor=by, at=now, detail=reason,
    )
    signals.certificate_revoked.send(sender=Certificate, certificate=certificate, now=now)
    return certificate
