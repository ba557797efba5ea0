"""Template helpers shared by the quiz and the exams.

``{% load baize %}`` then ``{{ n|localnum }}``, ``{{ ratio|localpercent }}``,
``{{ when|localdatetime }}``: numbers and dates through Babel in the active
language, with Persian digits for a reader in Persian (all through :mod:`quiz.numbers`).
"""

from __future__ import annotations

import datetime
import json
from collections.abc import Mapping
from decimal import Decimal
from typing import Any

from django import template
from django.forms.boundfield import BoundWidget
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language_bidi, pgettext

from quiz.numbers import format_moment, format_number, format_percent, native_digits

register = template.Library()


@register.filter
def localnum(value: Any) -> str:
    """A number as the reader writes it.

    >>> from django.utils import translation
    >>> with translation.override("fa"):
    ...     localnum(1234)
    '۱٬۲۳۴'
    >>> with translation.override("fr"):
    ...     localnum(1234.5)
    '1\\u202f234,5'
    >>> localnum("not a number")
    'not a number'
    """
    if isinstance(value, bool) or value is None:
        return "" if value is None else str(value)
    try:
        number = value if isinstance(value, int | float) else float(value)
    except (TypeError, ValueError):
        return str(value)
    return format_number(number)


@register.filter
def localdigits(text: Any) -> str:
    """Text whose digits a reader in Persian reads in Persian (Django's own messages, say).

    >>> from django.utils import translation
    >>> with translation.override("fa"):
    ...     localdigits("حداقل 8 حرف")
    'حداقل ۸ حرف'
    >>> with translation.override("pl"):
    ...     localdigits("co najmniej 8 znaków")
    'co najmniej 8 znaków'
    """
    return "" if text is None else native_digits(str(text))


@register.filter
def localpercent(value: Any, decimals: Any = 0) -> str:
    """A ratio 0..1 as a percentage, rounded to a whole number or to ``decimals`` places.

    A question's partial credit (2 of 7 fields) keeps one decimal where the page shows
    scores to one decimal beside it (an exam's result per topic): ``|localpercent:1``.

    >>> from django.utils import translation
    >>> with translation.override("fa"):
    ...     localpercent(0.75), localpercent(2 / 7, 1)
    ('۷۵٪', '۲۸٫۶٪')
    >>> with translation.override("fr"):
    ...     localpercent(2 / 7, 1), localpercent(1.0, 1)
    ('28,6\xa0%', '100\xa0%')
    """
    try:
        ratio = float(value)
        places = int(decimals)
    except (TypeError, ValueError):
        return ""
    if places <= 0:
        return format_percent(ratio)
    return format_percent(Decimal(str(round(100 * ratio, places))) / 100, keep_decimals=True)


@register.filter
def localdatetime(value: datetime.datetime | None) -> str:
    """A moment in the reader's language (medium format, local time; Solar Hijri in Persian).

    >>> from django.utils import translation
    >>> with translation.override("fa"):
    ...     localdatetime(datetime.datetime(2026, 3, 21, 8, 0, tzinfo=datetime.UTC))
    '۱ فروردین ۱۴۰۵،\u200f ۸:۰۰:۰۰'
    """
    if value is None:
        return ""
    return format_moment(value)


@register.simple_tag
def language_direction() -> str:
    """``rtl`` or ``ltr`` for the active language."""
    return "rtl" if get_language_bidi() else "ltr"


@register.simple_tag
def table_diagram(case: Mapping[str, Any], after: bool = False) -> SafeString:
    """The table of a case as SVG (``quiz.diagrams``); ``after=True``: after the stroke."""
    from quiz.diagrams import table_svg

    return table_svg(case, after=after)


@register.simple_tag
def scenario_body(scenario: Any) -> SafeString:
    """A question's table, narrative and question (``quiz.fragments``: rendered once)."""
    from quiz.fragments import scenario_body as body

    return body(scenario)


@register.simple_tag
def answer_fields(form: Any) -> SafeString:
    """The fields of an answer form (``quiz.fragments``: a blank one rendered once)."""
    from quiz.fragments import answer_fields as fields

    return fields(form)


@register.simple_tag
def explanation(decision: Mapping[str, Any]) -> list[Any]:
    """The engine's trail as steps in the reader's language (``quiz.explain``)."""
    from quiz.explain import explain

    return explain(decision)


@register.simple_tag
def pointed_explanation(decision: Mapping[str, Any]) -> list[Any]:
    """The explanation's steps, each with the balls and spots it names (``quiz.pointing``)."""
    from quiz.pointing import pointed_steps

    return pointed_steps(decision)


@register.simple_tag
def respot_points(decision: Mapping[str, Any]) -> str:
    """Where the engine re-spots each colour, as JSON for the diagrams' script (escaped)."""
    from quiz.pointing import respot_points as points

    return json.dumps(points(decision))


@register.filter
def get_item(mapping: Mapping[str, Any], key: str) -> Any:
    """``{{ mapping|get_item:key }}`` for a key held in a variable."""
    return mapping.get(key) if mapping else None


@register.simple_tag
def spot_picker(case: Mapping[str, Any], label: str, ball: str = "") -> SafeString:
    """The spots of the table to click, for a re-spot question about ``ball``
    (``quiz.diagrams.spot_picker_svg``), and what it shows as its caption.

    ``label`` names the picker for a screen reader; the list of spots stays the
    keyboard's way to answer.
    """
    from quiz.diagrams import spot_picker_caption, spot_picker_svg

    caption = escape(spot_picker_caption(case, ball=ball))
    svg = spot_picker_svg(case, label=label, ball=ball)
    return mark_safe(f'{svg}<figcaption class="spot-picker-caption">{caption}</figcaption>')


@register.filter
def has_positions_after(case: Mapping[str, Any]) -> bool:
    """Whether the case gives the positions after the stroke (a second diagram)."""
    return bool(case) and (case.get("stroke") or {}).get("positions_after") is not None


@register.simple_tag
def accuracy_chart(days: Any) -> SafeString:
    """A topic's share of credit per day as SVG (``quiz.charts``); the page gives the table."""
    from quiz.charts import accuracy_svg

    return accuracy_svg(days)


@register.simple_tag
def due_chart(due: Any) -> SafeString:
    """How many of a topic's questions are due now, within a week, later, as SVG."""
    from quiz.charts import due_svg

    return due_svg(due, labels=due_labels())


def due_labels() -> tuple[str, str, str]:
    """The names of the three parts of the "due" chart (and of its table's columns)."""
    return (
        pgettext("review due", "now"),
        pgettext("review due", "within a week"),
        pgettext("review due", "later"),
    )


@register.filter
def dayformat(value: datetime.date | None) -> str:
    """A day as the reader writes it, short (the charts' own dates)."""
    from quiz.charts import day_label

    return "" if value is None else day_label(value)


@register.filter
def option_input(choice: BoundWidget) -> SafeString:
    """``{{ choice.tag }}`` of a radio or checkbox option, built without a template.

    The same HTML as Django's ``input.html`` with ``attrs.html``: a question has dozens
    of options, and a template render for each was most of a question page's cost.
    ``tests/quiz/test_option_input.py`` holds it equal to ``choice.tag()``.
    """
    widget = choice.data
    parts = [f'<input type="{escape(widget["type"])}" name="{escape(widget["name"])}"']
    if widget["value"] is not None:
        parts.append(f' value="{escape(widget["value"])}"')
    for name, given in widget["attrs"].items():
        if given is True:
            parts.append(f" {escape(name)}")
        elif given is not False:
            parts.append(f' {escape(name)}="{escape(given)}"')
    parts.append(">")
    # Safe: every value above is escaped.
    return mark_safe("".join(parts))


@register.filter
def stroke_motion(case: Mapping[str, Any]) -> str:
    """The illustration of the stroke as JSON, for a ``data-motion`` attribute (auto-escaped)."""
    import json

    from quiz.diagrams import stroke_motion as motion

    moves = motion(case) if case else []
    return json.dumps(moves) if moves else ""
