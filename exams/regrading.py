"""Regrading: when a ruling of the engine changes, finished attempts get the grade the current
engine gives them, as a quiz regrades attempts after a question is corrected.

:func:`regrade_preview` is the dry run (reads only): every finished attempt of an exam is graded
again, question by question, with the engine as it is now, and the attempts whose item scores
differ from the stored ones are listed with the questions concerned, the new total and the
certificate that would be revoked or issued. :func:`regrade_exam` applies the same plan: item
scores, totals, pass or fail, certificates (revoked with the reason ``regraded`` on a pass that
becomes a fail, issued on a fail that becomes a pass), ``Attempt.regraded_at`` and one audit
event per attempt. Every question it grades again then records the engine that graded it.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.db import transaction

from . import clock, signals
from .models import Attempt, AttemptQuestion, AuditEvent, Certificate, Exam
from .services import QuestionGrade, issue_certificate, record, score_question

#: The reason recorded on a certificate revoked because its attempt no longer passes.
REGRADED = "regraded"


@dataclass(frozen=True)
class ItemChange:
    """One drawn question whose score changes."""

    question: AttemptQuestion
    old: float
    new: float

    @property
    def old_percent(self) -> float:
        return round(100 * self.old, 2)

    @property
    def new_percent(self) -> float:
        return round(100 * self.new, 2)


@dataclass(frozen=True)
class AttemptRegrade:
    """A finished attempt that the current engine grades differently."""

    attempt: Attempt
    items: tuple[ItemChange, ...]
    score: float
    passed: bool
    #: Every question of the attempt with its grade now (unjudged ones left out).
    graded: tuple[tuple[AttemptQuestion, QuestionGrade], ...] = ()
    old_score: float | None = None
    old_passed: bool | None = None
    #: ``revoke``, ``issue`` or ``""``: what happens to the attempt's certificate.
    certificate_change: str = ""


def _certificate_change(attempt: Attempt, passed: bool) -> str:
    certificate = _certificate(attempt)
    valid = certificate is not None and certificate.revoked_at is None
    if valid and not passed:
        return "revoke"
    if passed and not valid and _may_issue(certificate):
        return "issue"
    return ""


@dataclass(frozen=True)
class RegradePlan:
    """What regrading an exam changes: ``checked`` finished attempts, ``changes`` among them."""

    exam: Exam
    checked: int
    changes: tuple[AttemptRegrade, ...]
    #: Questions graded by another engine version whose score stays the same.
    restamped: tuple[tuple[AttemptQuestion, QuestionGrade], ...]
    #: Drawn questions the current engine refuses to judge (left as they were).
    unjudged: tuple[AttemptQuestion, ...]

    @property
    def questions(self) -> list[str]:
        """The scenarios whose grades change, by slug (each once)."""
        slugs = [str(item.question.case.get("id", "")) for c in self.changes for item in c.items]
        return list(dict.fromkeys(slugs))


def _certificate(attempt: Attempt) -> Certificate | None:
    try:
        return attempt.certificate
    except Certificate.DoesNotExist:
        return None


def _may_issue(certificate: Certificate | None) -> bool:
    """A pass gets its certificate unless an examiner revoked it for another reason."""
    return certificate is None or certificate.revocation_reason == REGRADED


def _score(questions: list[AttemptQuestion], scores: dict[int, float]) -> float:
    """The attempt's score in percent, as finishing computes it."""
    if not questions:
        return 0.0
    return round(100 * sum(scores[q.pk] for q in questions) / len(questions), 2)


def regrade_preview(*, exam: Exam) -> RegradePlan:
    """The dry run: which finished attempts of ``exam`` the current engine grades differently.

    Changes nothing.
    """
    attempts = (
        Attempt.objects.filter(enrolment__exam=exam, finished_at__isnull=False)
        .select_related("enrolment__exam", "enrolment__user", "certificate")
        .prefetch_related("questions__answer", "questions__topic")
        .order_by("enrolment__full_name", "number")
    )
    changes, restamped, unjudged, checked = [], [], [], 0
    for attempt in attempts:
        checked += 1
        questions = sorted(attempt.questions.all(), key=lambda q: q.position)
        scores: dict[int, float] = {}
        items, pairs, stamps = [], [], []
        for question in questions:
            graded = _regrade(question)
            if graded is None:
                unjudged.append(question)
                scores[question.pk] = question.score or 0.0
                continue
            pairs.append((question, graded))
            scores[question.pk] = graded.score
            if question.score is None or abs(graded.score - question.score) > 1e-9:
                items.append(ItemChange(question, question.score or 0.0, graded.score))
            elif graded.engine_version != question.graded_engine_version:
                stamps.append((question, graded))
        if items:
            score = _score(questions, scores)
            changes.append(
                AttemptRegrade(
                    attempt, tuple(items), score, score >= exam.pass_mark, tuple(pairs),
                    old_score=attempt.score, old_passed=attempt.passed,
                    certificate_change=_certificate_change(attempt, score >= exam.pass_mark),
                )
            )
        else:
            restamped += stamps
    return RegradePlan(exam, checked, tuple(changes), tuple(restamped), tuple(unjudged))


def _regrade(question: AttemptQuestion) -> QuestionGrade | None:
    try:
        return score_question(question)
    except ValueError:  # CaseError: the frozen case no longer loads; keep its grade
        return None


def regrade_exam(*, exam: Exam, by: Any = None, now: datetime | None = None) -> RegradePlan:
    """Apply the dry run's plan to ``exam`` and return it (see the module docstring)."""
    now = now or clock.now()
    with transaction.atomic():
        # One regrading of an exam at a time; the plan is made inside the transaction.
        Exam.objects.select_for_update().filter(pk=exam.pk).first()
        plan = regrade_preview(exam=exam)
        for change in plan.changes:
            _apply(change, exam=exam, by=by, now=now)
        for question, graded in plan.restamped:
            _stamp(question, graded)
    return plan


def _stamp(question: AttemptQuestion, graded: QuestionGrade) -> None:
    AttemptQuestion.objects.filter(pk=question.pk).update(
        score=graded.score,
        graded_ruleset=graded.ruleset,
        graded_engine_version=graded.engine_version,
    )


def _apply(change: AttemptRegrade, *, exam: Exam, by: Any, now: datetime) -> None:
    attempt = change.attempt
    certificate_change = change.certificate_change
    for question, graded in change.graded:
        _stamp(question, graded)
    Attempt.objects.filter(pk=attempt.pk).update(
        score=change.score, passed=change.passed, regraded_at=now
    )
    attempt.score, attempt.passed, attempt.regraded_at = change.score, change.passed, now
    positions = ", ".join(
        f"Q{item.question.position} {item.old:g}→{item.new:g}" for item in change.items
    )
    record(
        AuditEvent.Action.ATTEMPT_REGRADED, exam=exam, attempt=attempt, actor=by, at=now,
        detail=f"{change.old_score or 0:g} % → {change.score:g} % ({positions})",
    )
    certificate = _certificate(attempt)
    if certificate_change == "revoke":
        Certificate.objects.filter(pk=certificate.pk).update(
            revoked_at=now, revocation_reason=REGRADED,
            revoked_by=by if by is not None and by.is_authenticated else None,
        )
        record(
            AuditEvent.Action.CERTIFICATE_REVOKED, exam=exam, attempt=attempt,
            certificate=certificate, actor=by, at=now, detail=REGRADED,
        )
        signals.certificate_revoked.send(sender=Certificate, certificate=certificate, now=now)
    elif certificate_change == "issue" and certificate is not None:
        # Revoked by an earlier regrading, passed again: the same certificate is valid again.
        Certificate.objects.filter(pk=certificate.pk).update(
            revoked_at=None, revocation_reason="", revoked_by=None
        )
        record(
            AuditEvent.Action.CERTIFICATE_ISSUED, exam=exam, attempt=attempt,
            certificate=certificate, actor=by, at=now, detail=f"{certificate.code} ({REGRADED})",
        )
        # Its revoked credential stays revoked (a status bit never clears): a new one.
        signals.certificate_valid.send(sender=Certificate, certificate=certificate, now=now)
    elif certificate_change == "issue":
        issue_certificate(attempt=attempt, now=now)


def regrade_all(*, dry_run: bool, by: Any = None, now: datetime | None = None) -> list[RegradePlan]:
    """Every exam's plan, applied unless ``dry_run`` (the management command)."""
    plans = []
    for exam in Exam.objects.select_related("federation").order_by("federation__slug", "slug"):
        plans.append(
            regrade_preview(exam=exam) if dry_run else regrade_exam(exam=exam, by=by, now=now)
        )
    return plans
