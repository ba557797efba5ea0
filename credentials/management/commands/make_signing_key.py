"""Give federations their credential signing keys; rotate a key.

    manage.py make_signing_key demo            # a key for "demo" unless it has one
    manage.py make_signing_key demo --rotate   # a new key; the old one is retired, still published
    manage.py make_signing_key --all           # every federation without a key

Private keys are stored encrypted with the master key (CREDENTIALS_MASTER_KEY, or the file
CREDENTIALS_MASTER_KEY_FILE names). ``--create-master-key-file`` writes a new random master
key to that file when it does not exist yet (development: ``make run`` does it).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError, CommandParser

from credentials import keys, services
from federations.models import Federation


class Command(BaseCommand):
    help = "Make (or, with --rotate, replace) federations' credential signing keys."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("slugs", nargs="*", help="federations' short names")
        parser.add_argument("--all", action="store_true", help="every federation")
        parser.add_argument("--rotate", action="store_true",
                            help="replace the active key (the old one still verifies)")
        parser.add_argument("--create-master-key-file", action="store_true",
                            help="write a new master key to CREDENTIALS_MASTER_KEY_FILE if absent")

    def handle(self, *args: Any, **options: Any) -> None:
        if options["create_master_key_file"]:
            self._master_key_file()
        if not keys.master_key_available():
            raise CommandError("Set CREDENTIALS_MASTER_KEY or CREDENTIALS_MASTER_KEY_FILE first.")
        federations = Federation.objects.order_by("slug")
        if not options["all"]:
            if not options["slugs"]:
                raise CommandError("Name the federations, or give --all.")
            federations = federations.filter(slug__in=options["slugs"])
            missing = set(options["slugs"]) - {f.slug for f in federations}
            if missing:
                raise CommandError(f"No federation is called {', '.join(sorted(missing))}.")
        for federation in federations:
            key = services.make_signing_key(federation=federation, rotate=options["rotate"])
            if key is None:
                self.stdout.write(f"{federation.slug}: has a signing key already.")
            else:
                self.stdout.write(f"{federation.slug}: new signing key {key.kid}.")

    def _master_key_file(self) -> None:
        path = getattr(settings, "CREDENTIALS_MASTER_KEY_FILE", "")
        if not path:
            raise CommandError("CREDENTIALS_MASTER_KEY_FILE names no file.")
        if keys.create_master_key_file(Path(path)):
            self.stdout.write(f"New master key written to {path} (keep it out of git, back it up).")
