"""Numbers and dates as the reader writes them: Babel's patterns, the locale's own digits.

The one place that formats numbers, percentages and dates for the site; the template
filters (``localnum``, ``localpercent``, ``localdigits``, ``percent``, ``localdatetime``,
``localdate``) and the explanations call it. A reader in Persian reads dates in the
Solar Hijri calendar (jdatetime), the calendar of Iran.

Babel gives Persian separators but Latin digits (and a Latin ``%``); a reader in
Persian reads Persian digits, so :func:`native_digits` swaps them in.

>>> format_number(1234, language="fa")
'۱٬۲۳۴'
>>> format_percent(0.75, language="fa")
'۷۵٪'
"""

from __future__ import annotations

import datetime
import functools
from decimal import Decimal

import jdatetime
from babel import Locale, UnknownLocaleError
from babel.dates import format_date, format_datetime, format_time
from babel.numbers import format_decimal
from babel.numbers import format_percent as babel_format_percent
from django.utils import timezone
from django.utils.translation import get_language, to_locale

#: Digits (then the percent sign) of the numbering systems whose locales do not write 0-9.
_NATIVE_DIGITS = {
    "arabext": str.maketrans("0123456789%", "۰۱۲۳۴۵۶۷۸۹٪"),
    "arab": str.maketrans("0123456789%", "٠١٢٣٤٥٦٧٨٩٪"),
}


def babel_locale(language: str | None = None) -> Locale:
    """The Babel locale of ``language`` (default: the active language).

    >>> str(babel_locale("fa"))
    'fa'
    >>> str(babel_locale("pt-br"))
    'pt_BR'
    """
    return _parsed_locale(to_locale(language or get_language() or "en"))


@functools.lru_cache(maxsize=64)
def _parsed_locale(code: str) -> Locale:
    """Parsing a locale costs more than formatting with it: once per language."""
    try:
        return Locale.parse(code)
    except (ValueError, UnknownLocaleError):
        return Locale.parse("en")


def native_digits(text: str, *, language: str | None = None) -> str:
    """``text`` with its digits in the reader's own (Persian digits in Persian).

    >>> native_digits("حداقل 8 حرف", language="fa")
    'حداقل ۸ حرف'
    >>> native_digits("co najmniej 8 znaków", language="pl")
    'co najmniej 8 znaków'
    """
    table = _NATIVE_DIGITS.get(babel_locale(language).default_numbering_system)
    return text.translate(table) if table else text


def format_number(value: float | Decimal, *, language: str | None = None) -> str:
    """``value`` as a reader of ``language`` writes it (default: the active language).

    >>> format_number(15, language="fa")
    '۱۵'
    >>> format_number(1784.5, language="fr")
    '1\\u202f784,5'
    """
    if isinstance(value, int) and 0 <= value < 1000:
        # No grouping, no sign, no decimals: only the digits are the reader's own.
        return native_digits(str(value), language=language)
    text = format_decimal(value, locale=babel_locale(language), numbering_system="default")
    return native_digits(text, language=language)


def format_percent(
    ratio: float | Decimal, *, keep_decimals: bool = False, language: str | None = None
) -> str:
    """A ratio (0..1) as a percentage: rounded to a whole number, or its decimals kept.

    >>> format_percent(0.755, language="en")
    '76%'
    >>> format_percent(Decimal("0.6667"), keep_decimals=True, language="en")
    '66.67%'
    >>> format_percent(0.5, language="fr")
    '50\\xa0%'
    """
    text = babel_format_percent(
        ratio,
        locale=babel_locale(language),
        decimal_quantization=not keep_decimals,
        numbering_system="default",
    )
    return native_digits(text, language=language)


#: Languages whose readers date by the Solar Hijri calendar.
SOLAR_HIJRI_LANGUAGES = frozenset({"fa"})


def uses_solar_hijri(language: str | None = None) -> bool:
    """Whether a reader of ``language`` (default: the active one) dates by the Solar Hijri calendar.

    >>> uses_solar_hijri("fa"), uses_solar_hijri("fr")
    (True, False)
    """
    return babel_locale(language).language in SOLAR_HIJRI_LANGUAGES


def format_day(
    value: datetime.date | datetime.datetime,
    *,
    language: str | None = None,
    gregorian_too: bool = False,
) -> str:
    """A day, written out (long format); in Persian by the Solar Hijri calendar.

    ``gregorian_too`` adds the Gregorian date beside a Solar Hijri one (a certificate is
    read abroad too).

    >>> day = datetime.date(2026, 11, 29)
    >>> format_day(day, language="fa")
    '۸ آذر ۱۴۰۵'
    >>> format_day(day, language="fa", gregorian_too=True)
    '۸ آذر ۱۴۰۵ (۲۹ نوامبر ۲۰۲۶)'
    >>> format_day(day, language="pl"), format_day(day, language="en", gregorian_too=True)
    ('29 listopada 2026', 'November 29, 2026')
    """
    if isinstance(value, datetime.datetime):
        value = (timezone.localtime(value) if timezone.is_aware(value) else value).date()
    gregorian = native_digits(
        format_date(value, format="long", locale=babel_locale(language)), language=language
    )
    if not uses_solar_hijri(language):
        return gregorian
    solar = jdatetime.date.fromgregorian(date=value)
    month = jdatetime.date.j_months_fa[solar.month - 1]
    text = native_digits(f"{solar.day} {month} {solar.year}", language=language)
    return f"{text} ({gregorian})" if gregorian_too else text


def format_moment(value: datetime.datetime, *, language: str | None = None) -> str:
    """A moment (medium format, the site's time zone); in Persian by the Solar Hijri calendar.

    >>> moment = datetime.datetime(2026, 11, 29, 10, 5, tzinfo=datetime.UTC)
    >>> format_moment(moment, language="fa")
    '۸ آذر ۱۴۰۵،\u200f ۱۰:۰۵:۰۰'
    >>> format_moment(moment, language="en")
    'Nov 29, 2026, 10:05:00\u202fAM'
    """
    if timezone.is_aware(value):
        value = timezone.localtime(value)
    locale = babel_locale(language)
    if not uses_solar_hijri(language):
        return native_digits(
            format_datetime(value, format="medium", locale=locale), language=language
        )
    time = native_digits(format_time(value, format="medium", locale=locale), language=language)
    pattern = str(locale.datetime_formats["medium"])
    return pattern.replace("{1}", format_day(value, language=language)).replace("{0}", time)
