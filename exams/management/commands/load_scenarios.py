"""Load topics and scenarios from fixture files, after the engine has checked every one.

    python manage.py load_scenarios fixtures/topics.json fixtures/scenarios/*.json \\
        fixtures/exam/*.json

The checks and the storing are ``quiz.loading``'s (read there what is checked); this command
lives with the exams because a federation's exam-only scenarios must be written in the
languages its exams offer, which the exams know. Any problem is one line,
``file: scenario slug: field: message``, and nothing is loaded.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from exams.selectors import federation_languages
from quiz.loading import read_bank, store_bank


class Command(BaseCommand):
    help = "Validate topics and scenarios with the engine, then load them (all or nothing)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("paths", nargs="+", type=Path, help="fixture files (JSON)")

    def handle(self, *args: Any, paths: list[Path], **options: Any) -> None:
        bank = read_bank(paths, pool_languages=federation_languages)
        if bank.problems:
            for line in bank.problems:
                self.stderr.write(line)
            raise CommandError(
                f"{len(bank.problems)} problem(s) found; nothing was loaded."
            )
        topics, scenarios = store_bank(bank)
        self.stdout.write(
            self.style.SUCCESS(f"Loaded {topics} topic(s) and {scenarios} scenario(s).")
        )
