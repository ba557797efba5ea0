"""The exam's life-cycle: draw, save, resume, deadline, grading, attempts, certificates."""

from __future__ import annotations

import random
import threading
from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo

import pytest
from django.db import connection, transaction
from django.db.models import F
from django.test.utils import CaptureQueriesContext

from exams import services
from exams.errors import (
    AttemptFinished,
    AttemptInProgress,
    CallsFinal,
    CertificateRevoked,
    DeadlinePassed,
    ExamError,
    ExamNotOpen,
    LanguageNotAllowed,
    NoAttemptsLeft,
    NotEnoughQuestions,
    QuestionNotDrawn,
    StrokeNotYet,
    WaitingPeriod,
)
from exams.models import Answer, Attempt, AttemptQuestion, AuditEvent, Certificate, Enrolment
from quiz.models import Scenario

from .conftest import stroke_answer

pytestmark = pytest.mark.django_db


def start(enrolment, now, language="ru", seed=1):
    return services.start_attempt(
        enrolment=enrolment, language=language, now=now, rng=random.Random(seed)
    )


def answer_all(attempt, answer_for, now, count=None):
    questions = list(attempt.questions.order_by("position"))[:count]
    for question in questions:
        services.save_answer(
            attempt=attempt, question=question, answer=answer_for(question), now=now
        )
    return questions


# --- drawing ------------------------------------------------------------------------------


def test_start_draws_so_many_per_section_without_repeats(enrolment, now):
    attempt = start(enrolment, now)
    questions = list(attempt.questions.order_by("position").select_related("topic"))
    assert [q.position for q in questions] == [1, 2, 3, 4]
    assert [q.topic.slug for q in questions[:2]] == ["sequence", "sequence"]
    assert len({q.scenario_id for q in questions}) == 4


def test_draw_differs_between_attempts_drawn_at_random(enrolment, exam, now):
    drawn = {
        tuple(s.pk for s in services.draw_questions(exam=exam, rng=random.Random(seed)))
        for seed in range(12)
    }
    assert len(drawn) > 1


def test_start_freezes_case_and_texts_in_the_chosen_language(enrolment, now):
    attempt = start(enrolment, now, language="fa")
    question = attempt.questions.select_related("scenario").first()
    assert question.case == question.scenario.case
    assert question.title.endswith("[fa]")
    assert question.narrative == f"narrative {question.scenario.slug} [fa]"
    assert attempt.language == "fa"


def test_deadline_is_start_plus_limit(enrolment, exam, now):
    attempt = start(enrolment, now)
    assert attempt.deadline == now + timedelta(minutes=exam.time_limit)


def test_deadline_is_capped_at_closing_time(enrolment, exam, now):
    exam.closes_at = now + timedelta(minutes=10)
    exam.save()
    attempt = start(enrolment, now)
    assert attempt.deadline == exam.closes_at


def test_later_edits_of_the_bank_do_not_change_a_running_attempt(enrolment, now, right):
    attempt = start(enrolment, now)
    question = attempt.questions.select_related("scenario").get(position=1)
    frozen_case, frozen_title = question.case, question.title
    expected = right(question)
    scenario = question.scenario
    scenario.case = {**scenario.case, "stroke": {"first_contact": ["black"]}}
    scenario.title_ru = "changed"
    scenario.save()
    question.refresh_from_db()
    assert (question.case, question.title) == (frozen_case, frozen_title)
    services.save_answer(attempt=attempt, question=question, answer=expected, now=now)
    services.submit_attempt(attempt=attempt, now=now)
    question.refresh_from_db()
    assert question.score == 1.0


def test_not_enough_published_questions_refuses_and_starts_nothing(enrolment, exam, now):
    Scenario.objects.filter(topic__slug="sequence").update(published=False)
    with pytest.raises(NotEnoughQuestions):
        start(enrolment, now)
    assert not Attempt.objects.exists()


def test_an_exam_without_sections_does_not_start(enrolment, exam, now):
    exam.sections.all().delete()
    with pytest.raises(NotEnoughQuestions):
        start(enrolment, now)
    assert not Attempt.objects.exists()


# --- saving answers ------------------------------------------------------------------------


def test_an_answer_is_one_row_rewritten_in_place(enrolment, now, right, wrong):
    attempt = start(enrolment, now)
    question = attempt.questions.get(position=1)
    services.save_answer(attempt=attempt, question=question, answer=wrong(question), now=now)
    later = now + timedelta(minutes=3)
    services.save_answer(attempt=attempt, question=question, answer=right(question), now=later)
    answer = Answer.objects.get()
    assert answer.payload == right(question)
    assert (answer.revision, answer.saved_at) == (2, later)


def test_a_first_answer_from_two_tabs_at_once_keeps_one_row_with_the_later_answer(
    enrolment, now, right, wrong
):
    attempt = start(enrolment, now)
    tab_one, tab_two = (
        attempt.questions.select_related("answer").get(position=1) for _ in range(2)
    )
    services.save_answer(attempt=attempt, question=tab_one, answer=wrong(tab_one), now=now)
    services.save_answer(attempt=attempt, question=tab_two, answer=right(tab_two), now=now)
    answer = Answer.objects.get()
    assert (answer.payload, answer.revision) == (right(tab_two), 2)


def statements(queries) -> list[str]:
    """The captured SQL without the savepoints that the tests' own transaction adds."""
    return [
        query["sql"]
        for query in queries
        if not query["sql"].lstrip().upper().startswith(("SAVEPOINT", "RELEASE", "ROLLBACK"))
    ]


def test_a_first_answer_is_one_locking_read_and_one_insert_a_change_one_update(
    enrolment, now, right, wrong
):
    attempt = start(enrolment, now)
    question = attempt.questions.select_related("answer").get(position=1)
    given, changed = wrong(question), right(question)
    with CaptureQueriesContext(connection) as first:
        services.save_answer(attempt=attempt, question=question, answer=given, now=now)
    question = attempt.questions.select_related("answer").get(position=1)
    with CaptureQueriesContext(connection) as change:
        services.save_answer(attempt=attempt, question=question, answer=changed, now=now)
    with CaptureQueriesContext(connection) as flag:
        services.set_flag(attempt=attempt, question=question, flagged=True, now=now)

    lock, insert = statements(first)
    assert lock.lstrip().upper().startswith("SELECT") and "exams_attempt" in lock
    assert insert.lstrip().upper().startswith("INSERT")
    [update] = statements(change)
    assert update.lstrip().upper().startswith("UPDATE")
    [flag_update] = statements(flag)
    assert flag_update.lstrip().upper().startswith("UPDATE")
    if connection.features.has_select_for_update:
        # The same row lock as finishing takes, in the read and inside each UPDATE.
        for sql in (lock, update, flag_update):
            assert "FOR NO KEY UPDATE" in sql.upper()
    answer = Answer.objects.get()
    assert (answer.payload, answer.revision) == (changed, 2)
    assert AttemptQuestion.objects.get(pk=question.pk).flagged


def finished_elsewhere(attempt: Attempt, now: datetime) -> None:
    """Another request (another app server) finishes ``attempt``; this copy stays stale."""
    services.submit_attempt(attempt=Attempt.objects.get(pk=attempt.pk), now=now)
    assert not attempt.is_finished


def test_a_first_answer_after_another_request_finished_the_attempt_is_refused(
    enrolment, now, right
):
    attempt = start(enrolment, now)
    question = attempt.questions.select_related("answer").get(position=1)
    finished_elsewhere(attempt, now)
    with pytest.raises(AttemptFinished):
        services.save_answer(attempt=attempt, question=question, answer=right(question), now=now)
    assert not Answer.objects.exists()
    assert Attempt.objects.get(pk=attempt.pk).score == 0.0


def test_a_changed_answer_after_another_request_finished_the_attempt_is_refused(
    enrolment, now, right, wrong
):
    attempt = start(enrolment, now)
    question = attempt.questions.get(position=1)
    services.save_answer(attempt=attempt, question=question, answer=wrong(question), now=now)
    finished_elsewhere(attempt, now)
    with pytest.raises(AttemptFinished):
        services.save_answer(attempt=attempt, question=question, answer=right(question), now=now)
    answer = Answer.objects.get()
    assert (answer.payload, answer.revision) == (wrong(question), 1)


def test_a_flag_after_another_request_finished_the_attempt_is_refused(enrolment, now, right):
    attempt = start(enrolment, now)
    question = attempt.questions.get(position=1)
    finished_elsewhere(attempt, now)
    with pytest.raises(AttemptFinished):
        services.set_flag(attempt=attempt, question=question, flagged=True, now=now)
    with pytest.raises(AttemptFinished):
        services.keep_question_page(
            attempt=attempt, question=question, answer=right(question), flagged=True, now=now
        )
    assert not AttemptQuestion.objects.filter(flagged=True).exists()
    assert not Answer.objects.exists()


def test_a_first_answer_after_the_deadline_finished_the_attempt_elsewhere_is_refused(
    enrolment, now, right
):
    attempt = start(enrolment, now)
    question = attempt.questions.get(position=1)
    assert services.finish_expired_attempts(now=attempt.deadline) == 1
    with pytest.raises(AttemptFinished):
        services.save_answer(attempt=attempt, question=question, answer=right(question), now=now)
    assert not Answer.objects.exists()


needs_row_locks = pytest.mark.skipif(
    not connection.features.has_select_for_update,
    reason="SQLite has no row locks and runs one write transaction at a time: "
    "a write and a finish cannot interleave; the tests above cover the refusal",
)


def in_thread(work) -> threading.Thread:
    """Run ``work`` on its own database connection, as another request would."""

    def run() -> None:
        try:
            work()
        finally:
            connection.close()

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    return thread


@needs_row_locks
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("write", ["first answer", "changed answer", "flag"])
def test_a_write_racing_a_finish_waits_for_it_and_is_refused(enrolment, now, right, wrong, write):
    attempt = start(enrolment, now)
    question = attempt.questions.select_related("answer").get(position=1)
    if write == "changed answer":
        services.save_answer(attempt=attempt, question=question, answer=wrong(question), now=now)
    answer = right(question)
    outcome: list[str] = []

    def write_while_finishing() -> None:
        try:
            if write == "flag":
                services.set_flag(attempt=attempt, question=question, flagged=True, now=now)
            else:
                services.save_answer(attempt=attempt, question=question, answer=answer, now=now)
            outcome.append("written")
        except AttemptFinished:
            outcome.append("refused")

    with transaction.atomic():
        finished = services.finish_attempt(
            attempt=Attempt.objects.get(pk=attempt.pk),
            finished_by=Attempt.FinishedBy.CANDIDATE,
            now=now,
        )
        writer = in_thread(write_while_finishing)
        writer.join(timeout=1)
        # Grading is done but not committed: the write waits for the attempt's row lock.
        assert writer.is_alive() and not outcome
    writer.join(timeout=10)
    assert outcome == ["refused"]
    assert finished is not None and Attempt.objects.get(pk=attempt.pk).score == finished.score
    assert not AttemptQuestion.objects.filter(flagged=True).exists()
    assert [a.payload for a in Answer.objects.all()] == (
        [wrong(question)] if write == "changed answer" else []
    )


@needs_row_locks
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("finish", ["submit", "deadline"])
def test_a_finish_racing_a_first_answer_waits_for_it_and_grades_it(
    enrolment, now, right, finish
):
    attempt = start(enrolment, now)
    question = attempt.questions.select_related("answer").get(position=1)
    answer = right(question)
    saved, commit = threading.Event(), threading.Event()

    def save_and_commit_slowly() -> None:
        with transaction.atomic():
            services.save_answer(attempt=attempt, question=question, answer=answer, now=now)
            saved.set()
            commit.wait(timeout=10)

    def finish_now() -> None:
        if finish == "submit":
            services.submit_attempt(attempt=Attempt.objects.get(pk=attempt.pk), now=now)
        else:
            services.finish_expired_attempts(now=attempt.deadline)

    saver = in_thread(save_and_commit_slowly)
    assert saved.wait(timeout=10)
    finisher = in_thread(finish_now)
    finisher.join(timeout=1)
    # The answer is written but not committed: finishing waits before it reads the answers.
    assert finisher.is_alive()
    commit.set()
    saver.join(timeout=10)
    finisher.join(timeout=10)
    finished = Attempt.objects.get(pk=attempt.pk)
    assert finished.is_finished and finished.score == 25.0
    assert AttemptQuestion.objects.get(pk=question.pk).score == 1.0


def test_a_question_of_another_attempt_is_refused(enrolment, exam, now, right, examiner):
    other = services.enrol_candidate(exam=exam, full_name="Olga", email="olga@example.org", now=now)
    mine, theirs = start(enrolment, now), start(other, now)
    foreign = theirs.questions.get(position=1)
    with pytest.raises(QuestionNotDrawn):
        services.save_answer(attempt=mine, question=foreign, answer=right(foreign), now=now)
    assert not Answer.objects.exists()


def test_an_answer_after_the_deadline_is_refused_and_the_attempt_finishes(
    enrolment, now, right, wrong
):
    attempt = start(enrolment, now)
    first, second = attempt.questions.order_by("position")[:2]
    services.save_answer(attempt=attempt, question=first, answer=right(first), now=now)
    late = attempt.deadline + timedelta(seconds=1)
    with pytest.raises(DeadlinePassed):
        services.save_answer(attempt=attempt, question=second, answer=right(second), now=late)
    attempt.refresh_from_db()
    assert attempt.finished_by == Attempt.FinishedBy.DEADLINE
    assert attempt.finished_at == attempt.deadline
    assert list(Answer.objects.values_list("question_id", flat=True)) == [first.pk]
    assert attempt.score == 25.0


def test_an_answer_to_a_finished_attempt_is_refused(enrolment, now, right, wrong):
    attempt = start(enrolment, now)
    question = attempt.questions.get(position=1)
    services.save_answer(attempt=attempt, question=question, answer=wrong(question), now=now)
    services.submit_attempt(attempt=attempt, now=now)
    with pytest.raises(AttemptFinished):
        services.save_answer(attempt=attempt, question=question, answer=right(question), now=now)
    assert Answer.objects.get().payload == wrong(question)


def test_flag_marks_a_question(enrolment, now):
    attempt = start(enrolment, now)
    question = attempt.questions.get(position=2)
    services.set_flag(attempt=attempt, question=question, flagged=True, now=now)
    assert list(attempt.questions.filter(flagged=True).values_list("position", flat=True)) == [2]
    assert question.flagged, "the question in hand says so too"
    services.set_flag(attempt=attempt, question=question, flagged=False, now=now)
    assert not attempt.questions.filter(flagged=True).exists() and not question.flagged


def test_keep_question_page_saves_the_answer_and_sets_the_flag_together(enrolment, now, wrong):
    attempt = start(enrolment, now)
    question = attempt.questions.get(position=2)
    services.keep_question_page(
        attempt=attempt, question=question, answer=wrong(question), flagged=True, now=now
    )
    question.refresh_from_db()
    assert question.flagged
    assert Answer.objects.get(question=question).payload == wrong(question)


def test_keep_question_page_without_an_answer_only_flags(enrolment, now, wrong):
    attempt = start(enrolment, now)
    question = attempt.questions.get(position=2)
    services.save_answer(attempt=attempt, question=question, answer=wrong(question), now=now)
    services.keep_question_page(
        attempt=attempt, question=question, answer=None, flagged=True, now=now
    )
    question.refresh_from_db()
    assert question.flagged
    assert Answer.objects.get(question=question).revision == 1


def test_keep_question_page_after_the_end_changes_nothing(enrolment, now, right):
    attempt = start(enrolment, now)
    question = attempt.questions.get(position=2)
    attempt = services.submit_attempt(attempt=attempt, now=now)
    with pytest.raises(AttemptFinished):
        services.keep_question_page(
            attempt=attempt, question=question, answer=right(question), flagged=True, now=now
        )
    question.refresh_from_db()
    assert not question.flagged
    assert not Answer.objects.filter(question=question).exists()


# --- finishing and grading ---------------------------------------------------------------


def test_all_right_passes_and_issues_a_certificate(enrolment, exam, now, right):
    attempt = start(enrolment, now)
    answer_all(attempt, right, now)
    finished = services.submit_attempt(attempt=attempt, now=now + timedelta(minutes=5))
    assert (finished.score, finished.passed, finished.finished_by) == (100.0, True, "candidate")
    certificate = Certificate.objects.get(attempt=attempt)
    assert certificate.holder_name == "Anna Kowalska"
    assert certificate.language == "ru"
    assert certificate.expires_at == services.add_months(certificate.issued_at, 24)
    assert certificate.status(now) == Certificate.Status.VALID


def test_all_wrong_fails_without_a_certificate(enrolment, now, wrong):
    attempt = start(enrolment, now)
    answer_all(attempt, wrong, now)
    finished = services.submit_attempt(attempt=attempt, now=now)
    assert (finished.score, finished.passed) == (0.0, False)
    assert not Certificate.objects.exists()


@pytest.mark.parametrize(("pass_mark", "passed"), [(75, True), (76, False)])
def test_pass_mark_is_inclusive(enrolment, exam, now, right, wrong, pass_mark, passed):
    exam.pass_mark = pass_mark
    exam.save()
    attempt = start(enrolment, now)
    questions = list(attempt.questions.order_by("position"))
    for question in questions:
        answer = wrong(question) if question.position == 4 else right(question)
        services.save_answer(attempt=attempt, question=question, answer=answer, now=now)
    finished = services.submit_attempt(attempt=attempt, now=now)
    assert finished.score == 75.0
    assert finished.passed is passed
    assert Certificate.objects.exists() is passed


def test_unanswered_questions_score_nothing(enrolment, now, right):
    attempt = start(enrolment, now)
    answer_all(attempt, right, now, count=1)
    finished = services.submit_attempt(attempt=attempt, now=now)
    assert finished.score == 25.0
    assert sorted(finished.questions.values_list("score", flat=True)) == [0.0, 0.0, 0.0, 1.0]


def test_a_second_submission_is_refused_and_changes_nothing(enrolment, now, right):
    attempt = start(enrolment, now)
    answer_all(attempt, right, now, count=1)
    first = services.submit_attempt(attempt=attempt, now=now)
    with pytest.raises(AttemptFinished):
        services.submit_attempt(attempt=first, now=now + timedelta(minutes=1))
    # a stale copy of the attempt (another tab, another server) is refused too
    stale = Attempt.objects.get(pk=attempt.pk)
    stale.finished_at = None
    with pytest.raises(AttemptFinished):
        services.submit_attempt(attempt=stale, now=now + timedelta(minutes=1))
    attempt.refresh_from_db()
    assert (attempt.finished_at, attempt.score) == (now, 25.0)
    assert AuditEvent.objects.filter(action=AuditEvent.Action.ATTEMPT_FINISHED).count() == 1


def test_finish_if_expired_waits_for_the_deadline(enrolment, now, right):
    attempt = start(enrolment, now)
    answer_all(attempt, right, now)
    services.finish_if_expired(attempt=attempt, now=attempt.deadline - timedelta(seconds=1))
    attempt.refresh_from_db()
    assert not attempt.is_finished
    services.finish_if_expired(attempt=attempt, now=attempt.deadline + timedelta(hours=3))
    attempt.refresh_from_db()
    assert (attempt.finished_by, attempt.finished_at) == ("deadline", attempt.deadline)
    assert (attempt.score, attempt.passed) == (100.0, True)
    assert attempt.certificate.issued_at == attempt.deadline


def test_finish_expired_attempts_finishes_only_expired_ones_once(enrolment, exam, now, right):
    late_comer = services.enrol_candidate(
        exam=exam, full_name="Piotr", email="p@example.org", now=now
    )
    expired = start(enrolment, now)
    answer_all(expired, right, now, count=3)
    running = start(late_comer, now + timedelta(minutes=20))
    moment = expired.deadline + timedelta(minutes=1)
    assert services.finish_expired_attempts(now=moment) == 1
    assert services.finish_expired_attempts(now=moment) == 0
    expired.refresh_from_db()
    running.refresh_from_db()
    assert (expired.score, expired.finished_by) == (75.0, "deadline")
    assert not running.is_finished


def test_submitting_after_the_deadline_keeps_what_the_deadline_left(enrolment, now, right):
    attempt = start(enrolment, now)
    answer_all(attempt, right, now, count=2)
    finished = services.submit_attempt(attempt=attempt, now=attempt.deadline + timedelta(minutes=5))
    assert (finished.finished_by, finished.finished_at, finished.score) == (
        "deadline", attempt.deadline, 50.0,
    )


# --- the exam's rules ---------------------------------------------------------------------


def test_one_attempt_at_a_time(enrolment, now):
    start(enrolment, now)
    with pytest.raises(AttemptInProgress):
        start(enrolment, now + timedelta(minutes=1))
    assert Attempt.objects.count() == 1


def test_waiting_period_and_attempts_allowed(enrolment, exam, now, wrong):
    exam.closes_at = now + timedelta(days=5)
    exam.save()
    first = start(enrolment, now)
    services.submit_attempt(attempt=first, now=now)
    with pytest.raises(WaitingPeriod) as refusal:
        start(enrolment, now + timedelta(hours=23, minutes=59))
    assert "2026" in str(refusal.value.message)
    second = start(enrolment, now + timedelta(hours=24))
    assert second.number == 2
    services.submit_attempt(attempt=second, now=now + timedelta(hours=24, minutes=1))
    with pytest.raises(NoAttemptsLeft):
        start(enrolment, now + timedelta(hours=49))
    assert Attempt.objects.count() == 2


def test_an_expired_attempt_counts_and_then_the_next_may_start(enrolment, exam, now):
    exam.waiting_hours = 0
    exam.save()
    first = start(enrolment, now)
    second = start(enrolment, first.deadline + timedelta(seconds=1))
    first.refresh_from_db()
    assert first.finished_by == "deadline"
    assert second.number == 2


def test_a_candidate_who_passed_does_not_sit_again(enrolment, exam, now, right):
    exam.waiting_hours = 0
    exam.save()
    attempt = start(enrolment, now)
    answer_all(attempt, right, now)
    services.submit_attempt(attempt=attempt, now=now)
    with pytest.raises(ExamError, match="^You have already passed this exam.$"):
        start(enrolment, now + timedelta(minutes=1))


@pytest.mark.parametrize("offset", [timedelta(hours=-2), timedelta(days=2)])
def test_no_attempt_outside_the_exams_window(enrolment, now, offset):
    with pytest.raises(ExamNotOpen):
        start(enrolment, now + offset)
    assert not Attempt.objects.exists()


def test_only_an_allowed_language(enrolment, exam, now):
    exam.languages = ["pl", "ru"]
    exam.save()
    with pytest.raises(LanguageNotAllowed):
        start(enrolment, now, language="fr")
    assert not Attempt.objects.exists()


# --- enrolment -------------------------------------------------------------------------------


def test_enrolment_makes_a_passwordless_account_of_its_own(
    enrolment, other_federation, new_exam, now
):
    other_exam = new_exam(other_federation, now, slug="other")
    assert enrolment.email == "anna@example.org"
    # The account is the enrolment's own: not named by the address, without a password.
    assert enrolment.user.username.startswith("candidate-")
    assert "anna" not in enrolment.user.username and enrolment.user.email == ""
    assert not enrolment.user.has_usable_password()
    # The same address enrolled in another exam gets another account.
    other = services.enrol_candidate(
        exam=other_exam, full_name="Anna", email="anna@example.org", now=now
    )
    assert other.user != enrolment.user


def test_enrolling_twice_is_refused(enrolment, exam, now):
    with pytest.raises(ExamError, match="^anna@example.org is already enrolled in this exam.$"):
        services.enrol_candidate(exam=exam, full_name="Anna", email="ANNA@example.org", now=now)
    assert Enrolment.objects.count() == 1


def test_import_is_all_or_nothing(enrolment, exam, now):
    rows = [
        {"full_name": "Jan", "email": "jan@example.org"},
        {"full_name": "Anna again", "email": "anna@example.org"},
    ]
    with pytest.raises(ExamError, match="^anna@example.org is already enrolled in this exam.$"):
        services.import_enrolments(exam=exam, rows=rows, now=now)
    assert list(Enrolment.objects.values_list("email", flat=True)) == ["anna@example.org"]


# --- certificates ------------------------------------------------------------------------------


@pytest.fixture
def certificate(enrolment, now, right):
    attempt = start(enrolment, now)
    answer_all(attempt, right, now)
    services.submit_attempt(attempt=attempt, now=now)
    return Certificate.objects.get()


def test_certificate_codes_are_unique(certificate):
    codes = {services.new_certificate_code() for _ in range(500)}
    assert len(codes) == 500
    assert len(certificate.code) == services.CODE_LENGTH


def test_certificate_expires(certificate):
    assert certificate.status(certificate.expires_at - timedelta(seconds=1)) == "valid"
    assert certificate.status(certificate.expires_at) == "expired"


def test_certificate_without_expiry(enrolment, exam, now, right):
    exam.certificate_months = None
    exam.save()
    attempt = start(enrolment, now)
    answer_all(attempt, right, now)
    services.submit_attempt(attempt=attempt, now=now)
    certificate = Certificate.objects.get()
    assert certificate.expires_at is None
    assert certificate.status(now + timedelta(days=3650)) == "valid"


def test_revocation_keeps_the_reason_and_happens_once(certificate, examiner, now):
    services.revoke_certificate(
        certificate=certificate, reason="Exam irregularity", by=examiner, now=now
    )
    certificate.refresh_from_db()
    assert certificate.status(now) == "revoked"
    assert (certificate.revocation_reason, certificate.revoked_by) == (
        "Exam irregularity",
        examiner,
    )
    with pytest.raises(CertificateRevoked):
        services.revoke_certificate(certificate=certificate, reason="again", by=examiner, now=now)
    certificate.refresh_from_db()
    assert certificate.revocation_reason == "Exam irregularity"


def test_revocation_needs_a_reason(certificate, examiner, now):
    with pytest.raises(ExamError, match="^Give the reason for the revocation.$"):
        services.revoke_certificate(certificate=certificate, reason="  ", by=examiner, now=now)
    certificate.refresh_from_db()
    assert certificate.status(now) == "valid"


def test_the_audit_trail_records_the_life_cycle(certificate, examiner, now):
    services.revoke_certificate(
        certificate=certificate, reason="Irregularity", by=examiner, now=now
    )
    actions = list(AuditEvent.objects.order_by("pk").values_list("action", flat=True))
    assert actions == [
        "candidate_enrolled", "attempt_started", "attempt_finished",
        "certificate_issued", "certificate_revoked",
    ]
    assert AttemptQuestion.objects.filter(attempt=certificate.attempt).count() == 4


@pytest.mark.parametrize(
    ("months", "expires"),
    [
        (6, datetime(2026, 12, 1, 10, 20, tzinfo=UTC)),
        (24, datetime(2028, 6, 1, 10, 20, tzinfo=UTC)),
    ],
)
def test_expiry_counts_the_exams_months_from_the_issue_date(
    enrolment, exam, now, right, months, expires
):
    exam.certificate_months = months
    exam.save()
    attempt = start(enrolment, now)
    answer_all(attempt, right, now)
    submitted = now + timedelta(minutes=20)
    services.submit_attempt(attempt=attempt, now=submitted)
    certificate = Certificate.objects.get()
    assert certificate.issued_at == submitted
    assert certificate.expires_at == expires


# --- the answer's update, written by hand (config/sql.py), writes what the ORM writes ---


def orm_change_answer(*, question_id, attempt_id, now, payload, final=False) -> int:
    """The answer's update as the ORM runs it."""
    finality = {"final_at": now} if final else {}
    return Answer.objects.filter(
        question_id=question_id,
        final_at__isnull=True,
        attempt_id__in=services._open_attempt_locked(attempt_id=attempt_id, now=now).values("pk"),
    ).update(payload=payload, saved_at=now, revision=F("revision") + 1, **finality)


def written(question) -> tuple:
    answer = Answer.objects.filter(question=question).first()
    if answer is None:
        return ()
    final = answer.final_at and (answer.final_at, answer.final_at.utcoffset())
    return (answer.payload, answer.saved_at, answer.saved_at.utcoffset(), answer.revision, final)


#: Unicode, nested, None and numbers inside the JSON: stored as given.
PAYLOADS = [{"legal": False, "penalty": 7}, {"note": "زرد؛ «Żółta» — ok", "x": None, "y": [1.5]}]


@pytest.mark.parametrize("moment", ["open", "in another zone", "at the deadline", "finished"])
def test_the_answers_update_writes_what_the_orms_writes(enrolment, now, wrong, moment):
    attempt = start(enrolment, now)
    mine, theirs, unanswered, *_ = attempt.questions.order_by("position")
    for question in (mine, theirs):
        services.save_answer(attempt=attempt, question=question, answer=wrong(question), now=now)
    when = now + timedelta(minutes=3)
    if moment == "in another zone":
        when = when.astimezone(ZoneInfo("Asia/Tehran"))
    elif moment == "at the deadline":
        when = attempt.deadline  # no longer open: the deadline is not "before the deadline"
    elif moment == "finished":
        Attempt.objects.filter(pk=attempt.pk).update(finished_at=now)
    for payload in PAYLOADS:
        change = {"attempt_id": attempt.pk, "now": when, "payload": payload}
        changed = services._change_answer(question_id=mine.pk, **change)
        assert changed == orm_change_answer(question_id=theirs.pk, **change)
        assert changed == (1 if moment in ("open", "in another zone") else 0)
        assert written(mine) == written(theirs)
        # no answer yet, or another attempt's question: nothing, as with the ORM
        for question_id, attempt_id in ((unanswered.pk, attempt.pk), (mine.pk, attempt.pk + 1)):
            change["attempt_id"] = attempt_id
            assert services._change_answer(question_id=question_id, **change) == 0
            assert orm_change_answer(question_id=question_id, **change) == 0
    assert written(unanswered) == ()


@pytest.mark.parametrize("zone", ["UTC", "Asia/Tehran"])
def test_the_final_answers_update_writes_what_the_orms_writes(enrolment, now, wrong, zone):
    attempt = start(enrolment, now)
    mine, theirs, *_ = attempt.questions.order_by("position")
    for question in (mine, theirs):
        services.save_answer(attempt=attempt, question=question, answer=wrong(question), now=now)
    when = (now + timedelta(minutes=3)).astimezone(ZoneInfo(zone))
    for final, rows in ((True, 1), (False, 0), (True, 0)):  # once final, never changed again
        change = {"attempt_id": attempt.pk, "now": when, "payload": PAYLOADS[final],
                  "final": final}
        changed = services._change_answer(question_id=mine.pk, **change)
        assert changed == orm_change_answer(question_id=theirs.pk, **change) == rows
        assert written(mine) == written(theirs)
        when += timedelta(minutes=1)
    assert written(mine)[0] == PAYLOADS[True] and written(mine)[-1][0] == now + timedelta(
        minutes=3
    )


def test_the_answers_update_locks_the_attempt_every_time(enrolment, now, wrong, right):
    attempt = start(enrolment, now)
    question = attempt.questions.get(position=1)
    services.save_answer(attempt=attempt, question=question, answer=wrong(question), now=now)
    with CaptureQueriesContext(connection) as queries:
        for answer in (right(question), wrong(question), right(question)):
            assert services._change_answer(
                question_id=question.pk, attempt_id=attempt.pk, now=now, payload=answer
            ) == 1
    updates = [sql for sql in statements(queries) if sql.lstrip().upper().startswith("UPDATE")]
    assert len(updates) == 3
    if connection.vendor == "postgresql":
        # as _open_attempt_locked's queryset says it (PostgreSQL's row lock), every time
        assert all("FOR NO KEY UPDATE" in sql for sql in updates)
    assert Answer.objects.get(question=question).revision == 4



# --- a frame stroke's calls made final (issue 22) -------------------------------------------


def stroke(attempt, position):
    return attempt.questions.get(position=position)


def test_calls_made_final_are_kept_final(frame_attempt, now):
    first = stroke(frame_attempt, 2)
    answer = stroke_answer(first)
    services.make_calls_final(attempt=frame_attempt, question=first, answer=answer, now=now)
    kept = Answer.objects.get(question=first)
    assert (kept.payload, kept.final_at, kept.revision) == (answer, now, 1)
    assert first.calls_final and stroke(frame_attempt, 2).calls_final


def test_a_kept_answer_is_made_final_by_the_same_write(frame_attempt, now, clock):
    first = stroke(frame_attempt, 2)
    answer = stroke_answer(first)
    services.save_answer(attempt=frame_attempt, question=first, answer={}, now=now)
    assert not stroke(frame_attempt, 2).calls_final, "a keep is never final"
    later = now + timedelta(minutes=1)
    services.make_calls_final(
        attempt=frame_attempt, question=stroke(frame_attempt, 2), answer=answer, now=later
    )
    kept = Answer.objects.get(question=first)
    assert (kept.payload, kept.final_at, kept.saved_at, kept.revision) == (answer, later, later, 2)


@pytest.mark.parametrize("write", ["save_answer", "make_calls_final"])
def test_final_calls_are_never_changed(frame_attempt, now, write):
    first = stroke(frame_attempt, 2)
    answer = stroke_answer(first)
    services.make_calls_final(attempt=frame_attempt, question=first, answer=answer, now=now)
    before = written(first)
    for question in (first, stroke(frame_attempt, 2)):  # as read then, and read again
        with pytest.raises(CallsFinal):
            getattr(services, write)(
                attempt=frame_attempt, question=question, answer={"legal": True},
                now=now + timedelta(minutes=1),
            )
    assert written(first) == before


def test_calls_made_final_by_another_request_meanwhile_are_refused(frame_attempt, now):
    first = stroke(frame_attempt, 2)
    services.save_answer(attempt=frame_attempt, question=first, answer={}, now=now)
    stale = stroke(frame_attempt, 2)  # read before the other request made the calls final
    services.make_calls_final(
        attempt=frame_attempt, question=stroke(frame_attempt, 2), answer=stroke_answer(first),
        now=now,
    )
    with pytest.raises(CallsFinal):
        services.save_answer(attempt=frame_attempt, question=stale, answer={}, now=now)
    assert Answer.objects.get(question=first).payload == stroke_answer(first)


def test_a_stroke_is_made_final_only_after_the_stroke_before_it(frame_attempt, now):
    second = stroke(frame_attempt, 3)
    with pytest.raises(StrokeNotYet) as refused:
        services.make_calls_final(
            attempt=frame_attempt, question=second, answer=stroke_answer(second), now=now
        )
    assert refused.value.position == 2 and refused.value.status == 409
    assert not Answer.objects.filter(question=second).exists()


def test_a_finished_attempt_takes_no_final_calls(frame_attempt, now):
    first = stroke(frame_attempt, 2)
    services.submit_attempt(attempt=frame_attempt, now=now)
    with pytest.raises(AttemptFinished):
        services.make_calls_final(
            attempt=frame_attempt, question=first, answer=stroke_answer(first), now=now
        )
    assert not Answer.objects.filter(question=first).exists()


def test_only_a_frame_stroke_has_calls_to_make_final(frame_attempt, now, right):
    scenario = stroke(frame_attempt, 1)
    with pytest.raises(ValueError):
        services.make_calls_final(
            attempt=frame_attempt, question=scenario, answer=right(scenario), now=now
        )


def test_final_calls_are_graded_as_any_answer(frame_attempt, now):
    for position in range(2, 6):
        question = stroke(frame_attempt, position)
        services.make_calls_final(
            attempt=frame_attempt, question=question, answer=stroke_answer(question), now=now
        )
    finished = services.submit_attempt(attempt=frame_attempt, now=now + timedelta(minutes=1))
    assert [q.score for q in finished.questions.order_by("position")][1:] == [1.0] * 4
