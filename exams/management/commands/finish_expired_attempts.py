"""Finish every attempt whose deadline has passed (run it from cron every minute).

Pages finish such attempts too when they are opened; this command makes sure a
candidate who never comes back is graded and, on a pass, certified.
"""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand

from exams import services


class Command(BaseCommand):
    help = "Finish and grade every exam attempt past its deadline."

    def handle(self, *args: Any, **options: Any) -> None:
        finished = services.finish_expired_attempts()
        self.stdout.write(f"{finished} attempt(s) finished.")
