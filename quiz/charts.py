"""Progress charts drawn on the server as SVG: no script, no web font.

Two small charts per topic: the share of credit per day (accuracy over time)
and how many of the topic's questions are due for review now, within a week,
later. Numbers and dates are the reader's (:mod:`quiz.numbers`); in a
right-to-left language time runs from right to left and the labels are
right-to-left text. The charts are pictures of the numbers that a table beside
them gives to a screen reader, so they are hidden from it (``aria-hidden``).

>>> import datetime
>>> from django.utils import translation
>>> days = [DayAccuracy(datetime.date(2026, 1, 1), 2, 0.5),
...         DayAccuracy(datetime.date(2026, 1, 2), 1, 1.0)]
>>> with translation.override("fa"):
...     svg = accuracy_svg(days)
>>> "۵۰٪" in svg and "۱۰۰٪" in svg and 'aria-hidden="true"' in svg
True
>>> svg.count('class="chart-point"')
2
"""

from __future__ import annotations

import datetime
from collections.abc import Sequence
from dataclasses import dataclass

from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language_bidi

from quiz.numbers import format_day, format_number, format_percent

WIDTH = 360.0
HEIGHT = 170.0
#: The plot area: room on the side for the percentages and below for the dates.
PLOT_LEFT, PLOT_RIGHT, PLOT_TOP, PLOT_BOTTOM = 44.0, 340.0, 14.0, 132.0
FONT = 'system-ui, "Noto Sans", "Noto Naskh Arabic", "DejaVu Sans", sans-serif'
INK = "#1f2a24"
MUTED = "#4d5a52"
GRID = "#cfd8d2"
LINE = "#17663a"
#: Due now, within a week, later.
DUE_COLOURS = ("#a3231b", "#a86b00", "#17663a")


@dataclass(frozen=True)
class DayAccuracy:
    """One day's answers in a topic: how many, and the share of credit they earned."""

    day: datetime.date
    answered: int
    accuracy: float


@dataclass(frozen=True)
class DueCounts:
    """How many of a topic's answered questions are due now, within a week, later."""

    now: int
    week: int
    later: int

    @property
    def total(self) -> int:
        return self.now + self.week + self.later


def day_label(day: datetime.date) -> str:
    """A day as the reader writes it (:func:`quiz.numbers.format_day`: Solar Hijri in Persian)."""
    return format_day(day)


def _num(value: float) -> str:
    return f"{value:.1f}".rstrip("0").rstrip(".")


def _text(x: float, y: float, text: str, *, anchor: str, css_class: str, size: int = 12,
          fill: str = MUTED) -> str:
    """A label; in a right-to-left page its anchor is mirrored with its position."""
    # With direction="rtl", SVG reads "start" and "end" from the right: the anchors
    # mirror themselves, only the position needs mirroring.
    rtl = get_language_bidi()
    if rtl:
        x = WIDTH - x
    direction = "rtl" if rtl else "ltr"
    return (
        f'<text class="{css_class}" x="{_num(x)}" y="{_num(y)}" text-anchor="{anchor}" '
        f'direction="{direction}" font-size="{size}" fill="{fill}">{escape(text)}</text>'
    )


def _x(x: float) -> float:
    """A horizontal position, mirrored in a right-to-left page (time runs leftwards)."""
    return WIDTH - x if get_language_bidi() else x


def _document(body: Sequence[str], *, height: float, css_class: str) -> SafeString:
    # Safe: every text is escaped; the rest is numbers and constants built here.
    return mark_safe(
        f'<svg xmlns="http://www.w3.org/2000/svg" class="chart {css_class}" '
        f'viewBox="0 0 {_num(WIDTH)} {_num(height)}" aria-hidden="true" focusable="false" '
        f'font-family="{escape(FONT)}">' + "".join(body) + "</svg>"
    )


def accuracy_svg(days: Sequence[DayAccuracy]) -> SafeString:
    """A line of the share of credit per day, oldest day first (0 % to 100 %)."""
    body = []
    for share in (0.0, 0.5, 1.0):
        y = PLOT_BOTTOM - share * (PLOT_BOTTOM - PLOT_TOP)
        body.append(
            f'<line class="chart-grid" x1="{_num(_x(PLOT_LEFT))}" y1="{_num(y)}" '
            f'x2="{_num(_x(PLOT_RIGHT))}" y2="{_num(y)}" stroke="{GRID}" stroke-width="1"/>'
        )
        body.append(_text(PLOT_LEFT - 6, y + 4, format_percent(share), anchor="end",
                          css_class="chart-axis"))
    if not days:
        return _document(body, height=HEIGHT, css_class="accuracy-chart")
    step = (PLOT_RIGHT - PLOT_LEFT - 24) / max(1, len(days) - 1)
    points = []
    for index, day in enumerate(days):
        x = PLOT_LEFT + 12 + index * step if len(days) > 1 else (PLOT_LEFT + PLOT_RIGHT) / 2
        y = PLOT_BOTTOM - day.accuracy * (PLOT_BOTTOM - PLOT_TOP)
        points.append((_x(x), y, day, x))
    line = " ".join(f"{_num(px)},{_num(py)}" for px, py, _d, _x0 in points)
    body.append(
        f'<polyline class="chart-line" fill="none" stroke="{LINE}" stroke-width="2.5" '
        f'points="{line}"/>'
    )
    for px, py, day, x in points:
        body.append(
            f'<circle class="chart-point" cx="{_num(px)}" cy="{_num(py)}" r="4.5" fill="{LINE}" '
            f'stroke="#fff" stroke-width="1.5"/>'
        )
        label_y = py - 8 if py > PLOT_TOP + 14 else py + 18
        body.append(_text(x, label_y, format_percent(day.accuracy), anchor="middle",
                          css_class="chart-value", size=11, fill=INK))
    first, last = points[0], points[-1]
    body.append(_text(first[3], HEIGHT - 18, day_label(first[2].day), anchor="middle",
                      css_class="chart-date"))
    if len(points) > 1:
        body.append(_text(last[3], HEIGHT - 18, day_label(last[2].day), anchor="middle",
                          css_class="chart-date"))
    return _document(body, height=HEIGHT, css_class="accuracy-chart")


def due_svg(counts: DueCounts, *, labels: Sequence[str]) -> SafeString:
    """One bar split in three: due now, within a week, later (``labels`` name them).

    >>> svg = due_svg(DueCounts(now=2, week=1, later=0), labels=("now", "week", "later"))
    >>> svg.count('class="due-segment"')
    2
    """
    height = 104.0
    body = []
    total = counts.total
    left, right = 8.0, WIDTH - 8.0
    x = left
    for value, colour in zip((counts.now, counts.week, counts.later), DUE_COLOURS, strict=True):
        if not value:
            continue
        width = (right - left) * value / total
        start = WIDTH - x - width if get_language_bidi() else x
        body.append(
            f'<rect class="due-segment" x="{_num(start)}" y="8" width="{_num(width)}" '
            f'height="26" fill="{colour}"/>'
        )
        if width >= 22:
            body.append(_text(x + width / 2, 26, format_number(value), anchor="middle",
                              css_class="due-value", size=13, fill="#fff"))
        x += width
    if not total:
        body.append(
            f'<rect class="due-empty" x="{_num(left)}" y="8" width="{_num(right - left)}" '
            f'height="26" fill="none" stroke="{GRID}" stroke-dasharray="4 3"/>'
        )
    # The legend: one line each, so that no language's words run into the next.
    for row, (value, colour, label) in enumerate(
        zip((counts.now, counts.week, counts.later), DUE_COLOURS, labels, strict=True)
    ):
        top = 44 + row * 19
        square = WIDTH - left - 12 if get_language_bidi() else left
        body.append(
            f'<rect x="{_num(square)}" y="{top}" width="12" height="12" fill="{colour}"/>'
        )
        body.append(_text(left + 18, top + 11, f"{label}: {format_number(value)}",
                          anchor="start", css_class="due-legend", size=13, fill=INK))
    return _document(body, height=height, css_class="due-chart")
