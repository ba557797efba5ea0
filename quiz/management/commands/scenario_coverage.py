"""What the published bank covers, and whether it meets the bank's targets (issues 4 and 8).

    python manage.py scenario_coverage            # the report
    python manage.py scenario_coverage --check    # the same, exit status 1 when a target is missed

The practice bank first (its targets count practice scenarios only), then the
shared exam pool (exam-only scenarios no federation owns) and its own targets.
Each published case is judged by the engine: the rule paragraphs and trail
codes listed are the ones its decisions really cite. See :mod:`quiz.coverage`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from quiz.coverage import BankCoverage, PoolCoverage, bank_coverage, exam_pool_coverage
from quiz.models import Difficulty


class Command(BaseCommand):
    help = (
        "Report the published scenarios per topic, question, language, difficulty and rule "
        "paragraph; with --check, fail when a target of the bank is missed."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--check",
            action="store_true",
            help="exit with status 1 when any target of the bank is not met",
        )

    def handle(self, *args: Any, check: bool = False, **options: Any) -> None:
        coverage = bank_coverage()
        self.report(coverage)
        pool = exam_pool_coverage()
        self.report_pool(pool)
        if check and not (coverage.met and pool.met):
            missed = [
                target.name for target in (*coverage.targets(), *pool.targets()) if not target.met
            ]
            raise CommandError(f"targets missed: {'; '.join(missed)}")

    def line(self, text: str = "") -> None:
        self.stdout.write(text)

    def table(self, title: str, counts: Mapping[Any, int], labels: Mapping[Any, str] = {}) -> None:
        self.line(f"{title}:")
        for key, count in counts.items():
            self.line(f"  {labels.get(key, str(key)):36} {count:4}")

    def report_pool(self, pool: PoolCoverage) -> None:
        self.line()
        self.line(f"exam pool: {pool.total} shared exam-only scenario(s)")
        self.table("exam pool by topic", pool.per_topic)
        self.table(
            "exam pool by difficulty",
            pool.per_difficulty,
            {level: f"{level} {label}" for level, label in Difficulty.choices},
        )
        self.table("exam pool by question", pool.per_ask)
        self.table(
            "exam pool positions",
            {"with positions": pool.with_positions,
             "without positions": pool.total - pool.with_positions},
        )
        for slug, codes in pool.incomplete.items():
            self.line(f"  lacking {', '.join(codes)}: {slug}")
        for slug, reason in pool.unjudged.items():
            self.line(f"cannot be judged: {slug}: {reason}")
        self.table("owned by a federation (not in the shared pool)", pool.owned)
        self.line("exam pool targets:")
        for target in pool.targets():
            mark = "ok  " if target.met else "MISS"
            self.line(f"  {mark} {target.name:36} need {target.needed:14} have {target.actual}")
        self.line("all exam pool targets met" if pool.met else "some exam pool targets missed")

    def report(self, coverage: BankCoverage) -> None:
        self.line(f"{coverage.published} published scenario(s) for practice")
        self.table("by topic", coverage.per_topic)
        self.table("by question", coverage.per_ask)
        self.table(
            "by language (every translated field filled)",
            coverage.per_language,
        )
        for slug, codes in coverage.incomplete.items():
            self.line(f"  lacking {', '.join(codes)}: {slug}")
        self.table(
            "by difficulty",
            coverage.per_difficulty,
            {level: f"{level} {label}" for level, label in Difficulty.choices},
        )
        self.table(
            "positions",
            {
                "with positions": coverage.with_positions,
                "without positions": coverage.published - coverage.with_positions,
            },
        )
        self.line(f"four-handed: {coverage.four_handed}")
        self.table("by rule paragraph (rules 3-17 the engine applies)", coverage.per_paragraph)
        reached = len(coverage.per_paragraph) - len(coverage.unreached_paragraphs)
        self.line(f"paragraphs reached: {reached} of {len(coverage.per_paragraph)}")
        for rule in coverage.unreached_paragraphs:
            self.line(f"  not reached: {rule}")
        from rules_engine import TRAIL_CODES

        self.line(
            f"trail codes reached: {len(TRAIL_CODES) - len(coverage.unreached_codes)}"
            f" of {len(TRAIL_CODES)}"
        )
        for code in coverage.unreached_codes:
            self.line(f"  not reached: {code} ({TRAIL_CODES[code].rule})")
        for slugs in coverage.duplicates:
            self.line(f"same case and question: {', '.join(slugs)}")
        for slug, reason in coverage.unjudged.items():
            self.line(f"cannot be judged: {slug}: {reason}")
        self.line("targets:")
        for target in coverage.targets():
            mark = "ok  " if target.met else "MISS"
            self.line(f"  {mark} {target.name:36} need {target.needed:14} have {target.actual}")
        self.line("all targets met" if coverage.met else "some targets missed")
