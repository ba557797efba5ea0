"""Build N instances of every scenario family and report; exit 1 on any problem (issue 21)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError

from quiz.families.check import check_family
from quiz.families.spec import load_families


class Command(BaseCommand):
    help = "Build N instances of every scenario family and report their spread and problems."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("--n", type=int, default=500, help="instances per family (500)")
        parser.add_argument("paths", nargs="*", help="family fixtures (fixtures/families/*.json)")

    def handle(self, *args: Any, **options: Any) -> None:
        paths = [Path(path) for path in options["paths"]] or None
        families = load_families(paths=paths)
        failed = []
        for family in families:
            report = check_family(family=family, n=options["n"])
            self.stdout.write(
                f"{family.slug}: {report.built} built, {len(report.situations)} distinct, "
                f"{len(report.answers)} answers"
            )
            for answer, count in report.answers.most_common():
                self.stdout.write(f"    {count / max(report.built, 1):6.1%}  {answer}")
            for problem, count in report.problems.items():
                self.stdout.write(f"    PROBLEM ×{count}: {problem}")
            if not report.ok:
                failed.append(family.slug)
        self.stdout.write(f"{len(families)} families, {len(failed)} with problems")
        if failed:
            raise CommandError(f"families with problems: {', '.join(failed)}")
