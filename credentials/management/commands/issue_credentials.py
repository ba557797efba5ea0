"""Issue a credential for every valid certificate that has none (after a federation gets its
first signing key, or for certificates issued before credentials existed)."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand

from credentials import services


class Command(BaseCommand):
    help = "Issue the missing Open Badges credentials of valid certificates."

    def handle(self, *args: Any, **options: Any) -> None:
        issued = services.issue_missing_credentials()
        self.stdout.write(f"{issued} credential(s) issued.")
