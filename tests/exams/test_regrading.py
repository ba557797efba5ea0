"""Regrading (exams/regrading.py, the examiner's page, the management command).

An attempt is finished while ``quiz.grading.decide`` gives a deliberately different decision
(an earlier engine, with another ruling); then the current engine grades it again.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from datetime import timedelta
from io import StringIO
from typing import Any

import pytest
from django.core.management import call_command
from django.urls import reverse
from django.utils import translation

import rules_engine
from exams import regrading, services
from exams.models import Attempt, AttemptQuestion, AuditEvent, Certificate
from quiz import grading

REAL_DECIDE = grading.decide


def earlier_engine(monkeypatch: pytest.MonkeyPatch, *, only: str | None = None) -> None:
    """Grade as an engine version "0.9" whose decisions are those ``wrong_answer`` gives (for
    every case, or for case ``only``)."""

    def decide(case: dict[str, Any]) -> dict[str, Any]:
        decision = REAL_DECIDE(case)
        if only is not None and case.get("id") != only:
            return decision
        nxt = dict(decision["next"])
        nxt["ball_on"] = "black" if nxt.get("ball_on") != "black" else "red"
        return {
            **decision,
            "legal": not decision["legal"],
            "penalty": 7 if decision["penalty"] != 7 else 4,
            "next": nxt,
        }

    monkeypatch.setattr(grading, "decide", decide)
    monkeypatch.setattr(rules_engine, "__version__", "0.9")


def finished_attempt(
    enrolment: Any, now: Any, answer_for: Callable[[AttemptQuestion], dict[str, Any]]
) -> Attempt:
    attempt = services.start_attempt(
        enrolment=enrolment, language="en", now=now, rng=random.Random(3)
    )
    for question in attempt.questions.order_by("position"):
        services.save_answer(
            attempt=attempt, question=question, answer=answer_for(question), now=now
        )
    return services.submit_attempt(attempt=attempt, now=now + timedelta(minutes=5))


def test_every_graded_question_records_the_ruleset_and_engine_version(enrolment, now, right):
    attempt = finished_attempt(enrolment, now, right)
    versions = set(attempt.questions.values_list("graded_ruleset", "graded_engine_version"))
    assert versions == {("wpbsa-2007", rules_engine.__version__)}


def test_nothing_to_regrade_when_the_engine_agrees(enrolment, now, right):
    attempt = finished_attempt(enrolment, now, right)
    plan = regrading.regrade_preview(exam=enrolment.exam)
    assert (plan.checked, plan.changes, plan.questions) == (1, (), [])
    regrading.regrade_exam(exam=enrolment.exam, now=now)
    attempt.refresh_from_db()
    assert attempt.regraded_at is None
    assert not AuditEvent.objects.filter(action=AuditEvent.Action.ATTEMPT_REGRADED).exists()


def test_the_dry_run_finds_a_fail_that_becomes_a_pass_and_changes_nothing(
    enrolment, now, right, monkeypatch
):
    with monkeypatch.context() as patch:
        earlier_engine(patch)
        attempt = finished_attempt(enrolment, now, right)
    assert (attempt.score, attempt.passed) == (0.0, False)
    assert set(attempt.questions.values_list("graded_engine_version", flat=True)) == {"0.9"}
    events = AuditEvent.objects.count()

    plan = regrading.regrade_preview(exam=enrolment.exam)

    assert plan.checked == 1 and len(plan.changes) == 1
    change = plan.changes[0]
    assert change.attempt.pk == attempt.pk
    assert (change.old_score, change.score, change.passed) == (0.0, 100.0, True)
    assert change.certificate_change == "issue"
    assert [(i.old, i.new) for i in change.items] == [(0.0, 1.0)] * attempt.questions.count()
    assert len(plan.questions) == attempt.questions.count()
    attempt.refresh_from_db()
    assert (attempt.score, attempt.passed, attempt.regraded_at) == (0.0, False, None)
    assert not Certificate.objects.exists()
    assert AuditEvent.objects.count() == events


def test_regrading_a_fail_into_a_pass_issues_the_certificate(
    enrolment, examiner, now, right, monkeypatch
):
    with monkeypatch.context() as patch:
        earlier_engine(patch)
        attempt = finished_attempt(enrolment, now, right)
    later = now + timedelta(days=3)

    plan = regrading.regrade_exam(exam=enrolment.exam, by=examiner, now=later)

    assert len(plan.changes) == 1
    attempt.refresh_from_db()
    assert (attempt.score, attempt.passed, attempt.regraded_at) == (100.0, True, later)
    assert set(attempt.questions.values_list("score", flat=True)) == {1.0}
    assert set(attempt.questions.values_list("graded_engine_version", flat=True)) == {
        rules_engine.__version__
    }
    certificate = Certificate.objects.get(attempt=attempt)
    assert certificate.status(later) == Certificate.Status.VALID
    assert certificate.issued_at == later
    regraded = AuditEvent.objects.get(action=AuditEvent.Action.ATTEMPT_REGRADED)
    assert (regraded.attempt_id, regraded.actor_id) == (attempt.pk, examiner.pk)
    assert regraded.detail.startswith("0 % → 100 %")
    assert AuditEvent.objects.filter(
        action=AuditEvent.Action.CERTIFICATE_ISSUED, certificate=certificate
    ).exists()
    # Done once: a second run finds nothing more to change.
    assert regrading.regrade_preview(exam=enrolment.exam).changes == ()


def test_regrading_a_pass_into_a_fail_revokes_the_certificate(
    enrolment, examiner, now, wrong, monkeypatch
):
    with monkeypatch.context() as patch:
        earlier_engine(patch)
        attempt = finished_attempt(enrolment, now, wrong)
    assert attempt.passed is True
    certificate = Certificate.objects.get(attempt=attempt)
    later = now + timedelta(days=1)

    preview = regrading.regrade_preview(exam=enrolment.exam)
    assert preview.changes[0].certificate_change == "revoke"
    regrading.regrade_exam(exam=enrolment.exam, by=examiner, now=later)

    attempt.refresh_from_db()
    certificate.refresh_from_db()
    assert (attempt.score, attempt.passed) == (0.0, False)
    assert certificate.status(later) == Certificate.Status.REVOKED
    assert (certificate.revocation_reason, certificate.revoked_by) == ("regraded", examiner)
    assert AuditEvent.objects.filter(
        action=AuditEvent.Action.CERTIFICATE_REVOKED, certificate=certificate, detail="regraded"
    ).exists()


def test_only_the_questions_judged_differently_change(enrolment, now, right, monkeypatch):
    first = services.start_attempt(
        enrolment=enrolment, language="en", now=now, rng=random.Random(3)
    ).questions.order_by("position").first()
    slug = first.case["id"]
    Attempt.objects.all().delete()
    with monkeypatch.context() as patch:
        earlier_engine(patch, only=slug)
        attempt = finished_attempt(enrolment, now, right)
    count = attempt.questions.count()
    plan = regrading.regrade_preview(exam=enrolment.exam)
    assert plan.questions == [slug]
    change = plan.changes[0]
    assert [(i.question.case["id"], i.old, i.new) for i in change.items] == [(slug, 0.0, 1.0)]
    assert change.score == round(100 * count / count, 2)
    assert change.old_score == round(100 * (count - 1) / count, 2)


# --- the examiner's page and the candidate's result ----------------------------------------


def url(name: str, *args: Any, language: str = "en") -> str:
    with translation.override(language):
        return reverse(f"exams:{name}", args=args)


def test_the_examiner_sees_the_dry_run_and_regrades(
    client, examiner, enrolment, now, right, clock, monkeypatch
):
    with monkeypatch.context() as patch:
        earlier_engine(patch)
        attempt = finished_attempt(enrolment, now, right)
    client.force_login(examiner)

    page = client.get(url("regrade", enrolment.exam.pk))

    assert page.status_code == 200
    text = page.content.decode()
    assert "Anna Kowalska" in text and "1 of 1 finished attempts would get another grade" in text
    assert "Regrade 1 attempt" in text
    attempt.refresh_from_db()
    assert attempt.regraded_at is None  # a GET changes nothing

    response = client.post(url("regrade", enrolment.exam.pk))

    assert response.status_code == 302
    attempt.refresh_from_db()
    assert attempt.passed is True and attempt.regraded_at == clock()
    after = client.get(url("regrade", enrolment.exam.pk)).content.decode()
    assert "0 of 1 finished attempts would get another grade" in after
    audit = client.get(url("audit")).content.decode()
    assert "attempt regraded" in audit and "0 % → 100 %" in audit


def test_the_examiners_regrade_revokes_a_certificate_and_its_verification_says_so(
    client, examiner, enrolment, now, wrong, clock, monkeypatch
):
    """The guard of test_regrading_a_pass_into_a_fail_revokes_the_certificate, through the
    pages: the examiner's POST, then what anyone verifying the code reads."""
    with monkeypatch.context() as patch:
        earlier_engine(patch)
        attempt = finished_attempt(enrolment, now, wrong)
    code = Certificate.objects.get(attempt=attempt).code
    assert "This certificate is valid." in client.get(url("verify_code", code)).content.decode()
    client.force_login(examiner)

    response = client.post(url("regrade", enrolment.exam.pk))

    assert response.status_code == 302
    client.logout()
    verified = client.get(url("verify_code", code)).content.decode()
    assert "This certificate has been revoked." in verified
    assert "This certificate is valid." not in verified
    certificate = Certificate.objects.get(code=code)
    assert (certificate.revocation_reason, certificate.revoked_by) == ("regraded", examiner)


def test_the_regrade_page_is_translated(client, examiner, enrolment, now, right, monkeypatch):
    with monkeypatch.context() as patch:
        earlier_engine(patch)
        finished_attempt(enrolment, now, right)
    client.force_login(examiner)
    text = client.get(url("regrade", enrolment.exam.pk, language="fa")).content.decode()
    assert "نمره‌دهی دوباره" in text and "۱ از ۱ نوبت پایان‌یافته" in text
    assert "would get another grade" not in text


def test_only_the_exams_own_examiners_may_regrade(
    client, other_examiner, candidate, enrolment, now, right, monkeypatch
):
    with monkeypatch.context() as patch:
        earlier_engine(patch)
        attempt = finished_attempt(enrolment, now, right)
    address = url("regrade", enrolment.exam.pk)
    client.force_login(other_examiner)
    assert client.get(address).status_code == 403
    assert client.post(address).status_code == 403
    client.force_login(candidate)
    assert client.get(address).status_code == 403
    assert client.post(address).status_code == 403
    client.logout()
    assert client.post(address).status_code == 302  # to the sign-in page
    attempt.refresh_from_db()
    assert attempt.regraded_at is None


def test_the_candidates_result_page_says_the_attempt_was_regraded(
    client, candidate, enrolment, now, right, monkeypatch
):
    with monkeypatch.context() as patch:
        earlier_engine(patch)
        attempt = finished_attempt(enrolment, now, right)
    client.force_login(candidate)
    before = client.get(url("result", attempt.pk)).content.decode()
    assert "regraded" not in before
    regrading.regrade_exam(exam=enrolment.exam, now=now + timedelta(days=2))
    after = client.get(url("result", attempt.pk)).content.decode()
    assert "This attempt was regraded on" in after
    assert "You passed." in after


# --- the management command ----------------------------------------------------------------


def test_the_command_dry_run_reports_and_the_command_regrades(
    enrolment, now, right, monkeypatch
):
    with monkeypatch.context() as patch:
        earlier_engine(patch)
        attempt = finished_attempt(enrolment, now, right)
    out = StringIO()
    call_command("regrade_exams", "--dry-run", stdout=out)
    assert "pzb/referee-level-1: 1 of 1 finished attempt(s) would change" in out.getvalue()
    assert "Anna Kowalska #1: 0 % → 100 %" in out.getvalue()
    assert "certificate issued" in out.getvalue()
    attempt.refresh_from_db()
    assert attempt.passed is False

    out = StringIO()
    call_command("regrade_exams", stdout=out)
    assert "1 attempt(s) changed in 1 exam(s)." in out.getvalue()
    attempt.refresh_from_db()
    assert attempt.passed is True and Certificate.objects.filter(attempt=attempt).exists()
