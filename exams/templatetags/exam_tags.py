"""Template filters for exam pages: dates and durations as the reader writes them."""

from __future__ import annotations

import datetime
from typing import Any

from babel.dates import format_date
from django import template
from django.utils import timezone
from django.utils.translation import get_language, ngettext

register = template.Library()

_PERSIAN_DIGITS = str.maketrans("0123456789", "۰۱۲۳۴۵۶۷۸۹")


@register.filter
def localdate(value: datetime.datetime | datetime.date | None) -> str:
    """A day in the reader's language, long format (Persian digits in Persian).

    >>> from django.utils import translation
    >>> with translation.override("fa"):
    ...     localdate(datetime.date(2026, 11, 29))
    '۲۹ نوامبر ۲۰۲۶'
    >>> with translation.override("pl"):
    ...     localdate(datetime.date(2026, 11, 29))
    '29 listopada 2026'
    """
    if value is None:
        return ""
    if isinstance(value, datetime.datetime):
        value = timezone.localtime(value).date() if timezone.is_aware(value) else value.date()
    locale = (get_language() or "en").split("-")[0]
    text = format_date(value, format="long", locale=locale)
    return text.translate(_PERSIAN_DIGITS) if locale == "fa" else text


@register.filter
def minutes(value: Any) -> str:
    """A number of minutes, e.g. for a time limit.

    >>> minutes(1), minutes(90)
    ('1 minute', '90 minutes')
    """
    from quiz.templatetags.baize import localnum

    count = int(value)
    return ngettext("%(count)s minute", "%(count)s minutes", count) % {"count": localnum(count)}


@register.filter
def seconds_left(value: Any) -> str:
    """Seconds as h:mm:ss, the way a clock shows them (Persian digits in Persian).

    >>> seconds_left(3725), seconds_left(59)
    ('1:02:05', '0:00:59')
    """
    total = max(0, int(value))
    text = f"{total // 3600}:{total % 3600 // 60:02d}:{total % 60:02d}"
    locale = (get_language() or "en").split("-")[0]
    return text.translate(_PERSIAN_DIGITS) if locale == "fa" else text
