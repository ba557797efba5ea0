"""The review schedule told to the trainee, in his language (``quiz.review``'s numbers).

>>> from datetime import datetime, timedelta, timezone
>>> from django.utils import translation
>>> now = datetime(2026, 1, 1, tzinfo=timezone.utc)
>>> with translation.override("en"):
...     comes_back(now + timedelta(minutes=10), now=now)
'This question comes back for review in 10 minutes.'
>>> with translation.override("fa"):
...     "۲" in comes_back(now + timedelta(days=2), now=now)
True
"""

from __future__ import annotations

import datetime

from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from quiz.numbers import format_number

#: The schedule in one sentence (the numbers are those of ``quiz.review``).
EXPLANATION = _(
    "A question you answer wrongly comes back after ten minutes, a partly right one after "
    "a quarter of an hour, and a right one after a day or more: the wait grows each time "
    "you get it right again, and is shorter in the topics you find hard."
)


def comes_back(due: datetime.datetime, *, now: datetime.datetime) -> str:
    """When a scenario comes back for review, in one sentence."""
    seconds = max(0.0, (due - now).total_seconds())
    if seconds < 60:
        return str(_("This question is due for review now."))
    minutes = round(seconds / 60)
    if minutes < 60:
        return ngettext(
            "This question comes back for review in %(count)s minute.",
            "This question comes back for review in %(count)s minutes.",
            minutes,
        ) % {"count": format_number(minutes)}
    hours = round(seconds / 3600)
    if hours < 24:
        return ngettext(
            "This question comes back for review in %(count)s hour.",
            "This question comes back for review in %(count)s hours.",
            hours,
        ) % {"count": format_number(hours)}
    days = round(seconds / 86400)
    return ngettext(
        "This question comes back for review in %(count)s day.",
        "This question comes back for review in %(count)s days.",
        days,
    ) % {"count": format_number(days)}
