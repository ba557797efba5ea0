"""Regrade every exam's finished attempts with the engine as it is now.

    manage.py regrade_exams --dry-run    # what would change, changing nothing (run it first)
    manage.py regrade_exams              # apply: scores, pass or fail, certificates, audit trail

One line per exam, then one per attempt that changes (candidate, attempt, old and new score,
the questions concerned, the certificate revoked or issued).
"""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from exams.regrading import RegradePlan, regrade_all
from rules_engine import __version__


class Command(BaseCommand):
    help = "Regrade finished exam attempts with the current rules engine (--dry-run first)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--dry-run", action="store_true", help="report what would change; change nothing"
        )

    def handle(self, *args: Any, dry_run: bool = False, **options: Any) -> None:
        plans = regrade_all(dry_run=dry_run)
        verb = "would change" if dry_run else "changed"
        self.stdout.write(f"rules engine {__version__}")
        for plan in plans:
            self.report(plan, verb)
        total = sum(len(plan.changes) for plan in plans)
        self.stdout.write(f"{total} attempt(s) {verb} in {len(plans)} exam(s).")

    def report(self, plan: RegradePlan, verb: str) -> None:
        exam = plan.exam
        self.stdout.write(
            f"{exam.federation.slug}/{exam.slug}: {len(plan.changes)} of {plan.checked} "
            f"finished attempt(s) {verb}"
            + (f"; questions: {', '.join(plan.questions)}" if plan.questions else "")
        )
        for change in plan.changes:
            attempt = change.attempt
            items = ", ".join(
                f"Q{item.question.position} {item.old:g}→{item.new:g}" for item in change.items
            )
            certificate = {"revoke": "; certificate revoked", "issue": "; certificate issued"}
            self.stdout.write(
                f"  {attempt.enrolment.full_name} #{attempt.number}: "
                f"{change.old_score or 0:g} % → {change.score:g} % ({items})"
                + certificate.get(change.certificate_change, "")
            )
        for question in plan.unjudged:
            self.stdout.write(
                f"  not regraded: attempt {question.attempt_id} Q{question.position}: "
                "the current engine refuses its case"
            )
