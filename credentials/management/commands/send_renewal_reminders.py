"""Mail the holders of certificates that expire in 60 and in 14 days (run it daily from cron).

Each reminder goes once, in the certificate's language, with the link to the certificate's
page (built on CREDENTIALS_BASE_URL); a holder who has renewed gets none.
"""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand
from django.urls import reverse
from django.utils import translation

from credentials import documents, services


def certificate_link(certificate: Any) -> str:
    with translation.override(certificate.language):
        return documents.absolute(reverse("exams:verify_code", args=[certificate.code]))


class Command(BaseCommand):
    help = "Send the renewal reminders due today (60 and 14 days before expiry)."

    def handle(self, *args: Any, **options: Any) -> None:
        sent = services.send_renewal_reminders(link=certificate_link)
        self.stdout.write(f"{sent} reminder(s) sent.")
