"""Load scenario families from their fixtures, after every one has given sound instances.

    python manage.py load_families fixtures/families/*.json

What is checked and how families are stored: ``quiz/families/loading.py``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from quiz.families.loading import read_families, store_families


class Command(BaseCommand):
    help = "Check scenario families with the engine, then load them (all or nothing)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("paths", nargs="+", type=Path, help="family fixture files (JSON)")

    def handle(self, *args: Any, paths: list[Path], **options: Any) -> None:
        specs, problems = read_families(paths)
        if problems:
            for line in problems:
                self.stderr.write(line)
            raise CommandError(f"{len(problems)} problem(s) found; nothing was loaded.")
        count = store_families(specs)
        noun = "family" if count == 1 else "families"
        self.stdout.write(self.style.SUCCESS(f"Loaded {count} {noun}."))
