"""Template filters for exam pages: dates, durations and scores as the reader writes them."""

from __future__ import annotations

import datetime
from decimal import Decimal
from typing import Any

from django import template
from django.urls import reverse
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext, ngettext

from quiz.numbers import format_day, format_number, format_percent, native_digits

register = template.Library()


@register.simple_tag(takes_context=True)
def link_only_account(context: template.Context) -> bool:
    """Whether the reader signs in only by his invitation link (``exams.invitations``): his
    pages show his exam, never the practice menus of the rest of the site."""
    from exams.invitations import is_link_only

    request = context.get("request")
    user = getattr(request, "user", None)
    return bool(user is not None and user.is_authenticated and is_link_only(user=user))


@register.filter
def localdate(value: datetime.datetime | datetime.date | None, both: str = "") -> str:
    """A day in the reader's language, long format (:func:`quiz.numbers.format_day`).

    In Persian by the Solar Hijri calendar; ``|localdate:"gregorian"`` adds the Gregorian
    date beside it (certificates).

    >>> from django.utils import translation
    >>> day = datetime.date(2026, 11, 29)
    >>> with translation.override("fa"):
    ...     localdate(day), localdate(day, "gregorian")
    ('۸ آذر ۱۴۰۵', '۸ آذر ۱۴۰۵ (۲۹ نوامبر ۲۰۲۶)')
    >>> with translation.override("pl"):
    ...     localdate(datetime.date(2026, 11, 29), "gregorian")
    '29 listopada 2026'
    """
    if value is None:
        return ""
    return format_day(value, gregorian_too=both == "gregorian")


@register.simple_tag
def labelled(label: Any, value: Any) -> str:
    """``label: value`` punctuated as the reader's language does it.

    French puts a no-break space (U+00A0) before the colon.

    >>> from django.utils import translation
    >>> labelled("Results", "Level 1")
    'Results: Level 1'
    >>> with translation.override("fr"):
    ...     labelled("Résultats", "Niveau 1")
    'Résultats\\xa0: Niveau 1'
    """
    return gettext("%(label)s: %(value)s") % {"label": label, "value": value}


@register.filter
def percent(value: Any) -> str:
    """A score already in percent (0..100), its decimals kept, as the reader writes it.

    Unlike ``localpercent`` (a ratio, rounded), 66.67 stays 66.67: a candidate at
    66.67 % below a pass mark of 67 % must not read 67 %.

    >>> from django.utils import translation
    >>> percent(66.67), percent(70)
    ('66.67%', '70%')
    >>> with translation.override("fa"):
    ...     percent(87.5)
    '۸۷٫۵٪'
    >>> with translation.override("fr"):
    ...     percent(50)
    '50\\xa0%'
    >>> percent(None)
    ''
    """
    if value is None or value == "":
        return ""
    return format_percent(Decimal(str(value)) / 100, keep_decimals=True)


@register.filter
def minutes(value: Any) -> str:
    """A number of minutes, e.g. for a time limit.

    >>> minutes(1), minutes(90)
    ('1 minute', '90 minutes')
    """
    count = int(value)
    return ngettext("%(count)s minute", "%(count)s minutes", count) % {
        "count": format_number(count)
    }


@register.filter
def hours(value: Any) -> str:
    """A number of hours, e.g. for the waiting period between attempts.

    >>> hours(1), hours(48)
    ('1 hour', '48 hours')
    """
    count = int(value)
    return ngettext("%(count)s hour", "%(count)s hours", count) % {
        "count": format_number(count)
    }


@register.filter
def months(value: Any) -> str:
    """A number of months, e.g. for how long a certificate is valid.

    >>> months(1), months(24)
    ('1 month', '24 months')
    """
    count = int(value)
    return ngettext("%(count)s month", "%(count)s months", count) % {
        "count": format_number(count)
    }


@register.filter
def seconds_left(value: Any) -> str:
    """Seconds as h:mm:ss, the way a clock shows them (Persian digits in Persian).

    >>> seconds_left(3725), seconds_left(59)
    ('1:02:05', '0:00:59')
    """
    total = max(0, int(value))
    return native_digits(f"{total // 3600}:{total % 3600 // 60:02d}:{total % 60:02d}")


@register.simple_tag
def question_nav(progress: list[Any], *, attempt: Any, current: int | None = None) -> SafeString:
    """The attempt's questions as numbered links, each marked answered, incomplete or not,
    and flagged (``selectors.attempt_progress``); a frame stroke's calls final, or the
    stroke not open yet (no link: it opens once the stroke before it is final).

    On a question page (``current``) each number is a button of the answer form, so that
    going there keeps the answer given. Built without a template: a question page shows it
    on every request, and a template's dozen tags per question cost more than the rest of
    the page's text.
    """
    items = format_html_join(
        "\n", "    <li>{}</li>", ((_nav_item(item, attempt, current),) for item in progress)
    )
    review = (
        format_html(
            '<p><button type="submit" form="answer-form" name="go" value="review" '
            'class="link-button">{}</button></p>',
            gettext("Review and submit"),
        )
        if current
        else ""
    )
    return format_html(
        '<nav class="question-nav" aria-label="{}">\n  <ol>\n{}\n  </ol>\n  {}\n</nav>',
        gettext("Questions of the attempt"),
        items,
        review,
    )


def _nav_item(item: Any, attempt: Any, current: int | None) -> SafeString:
    if item.locked:
        state, said = "locked", gettext("not open yet: the stroke before it is not final")
    elif item.final:
        state, said = "final", gettext("calls final")
    elif item.incomplete:
        state, said = "incomplete", gettext("answered, not complete")
    elif item.answered:
        state, said = "answered", gettext("answered")
    else:
        state, said = "unanswered", gettext("not answered")
    flag = " flagged" if item.flagged else ""
    hidden = format_html(" ({})", said)
    if item.flagged:
        hidden += format_html(" ({})", gettext("flagged"))
    here = mark_safe(' aria-current="page"') if item.position == current else ""
    inside = format_html(
        'class="question-link {}{}"{}>{}<span class="visually-hidden">{}</span>{}',
        state,
        flag,
        here,
        format_number(item.position),
        hidden,
        " ⚑" if item.flagged else "",
    )
    if item.locked:  # a frame stroke that may not open yet (issue 22): no link to follow
        return format_html('<span aria-disabled="true" {}</span>', inside)
    if current:
        return format_html(
            '<button type="submit" form="answer-form" name="go" value="{}" {}</button>',
            item.position,
            inside,
        )
    url = reverse("exams:question", args=[attempt.pk, item.position])
    return format_html('<a href="{}" {}</a>', url, inside)
