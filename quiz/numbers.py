"""Numbers as the reader writes them: Babel's patterns, the locale's own digits.

The one place that formats numbers and percentages for the site; the template
filters (``localnum``, ``localpercent``, ``localdigits``, ``percent``) and the
explanations call it.

Babel gives Persian separators but Latin digits (and a Latin ``%``); a reader in
Persian reads Persian digits, so :func:`native_digits` swaps them in.

>>> format_number(1234, language="fa")
'۱٬۲۳۴'
>>> format_percent(0.75, language="fa")
'۷۵٪'
"""

from __future__ import annotations

from decimal import Decimal

from babel import Locale, UnknownLocaleError
from babel.numbers import format_decimal
from babel.numbers import format_percent as babel_format_percent
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
    code = to_locale(language or get_language() or "en")
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
