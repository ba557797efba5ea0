"""Print a new invitation link for one enrolment (the demo's, or any).

Tokens are kept only hashed, so no fixture can hold a link: this issues a new one
(the enrolment's earlier link stops working) and prints it.

    python manage.py invitation_link demo demo-referee-level-1 candidate@example.org
"""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.urls import reverse
from django.utils import translation

from exams.invitations import invitation_language, issue_invitation
from exams.models import Enrolment


class Command(BaseCommand):
    help = "Issue a new invitation link for an enrolment and print it."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("federation", help="the federation's short name")
        parser.add_argument("exam", help="the exam's short name")
        parser.add_argument("email", help="the candidate's email address")
        parser.add_argument(
            "--base-url", default="http://127.0.0.1:8000", help="the site's address"
        )

    def handle(self, *args: Any, **options: Any) -> None:
        enrolment = (
            Enrolment.objects.select_related("exam", "user")
            .filter(
                exam__federation__slug=options["federation"],
                exam__slug=options["exam"],
                email=options["email"].strip().lower(),
            )
            .first()
        )
        if enrolment is None:
            raise CommandError("No such enrolment.")
        token = issue_invitation(enrolment=enrolment)
        with translation.override(invitation_language(enrolment=enrolment)):
            path = reverse("exams:invitation", args=[token])
        self.stdout.write(f"Invitation link for {enrolment.full_name}: "
                          f"{options['base_url'].rstrip('/')}{path}")
