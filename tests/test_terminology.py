"""The glossary's terms and each language's typography, in the bank and the three catalogues.

Fixes from the native-reader review of issue 8, kept out for good:

- Persian: black is «مشکی», never «سیاه»; the re-spotted black is «مشکیِ دوباره در نقطه»; a
  frame awarded to the opponent is «فریم به حریف تعلق گرفت», not a concession («واگذاری»).
- Russian: the referee is «судья» as in the rule text, never «рефери».
- Polish: the offender is «faulujący», not «przeciwnik»; spots are named after their colour
  («punkt Czarnej»), never «Punkt Główny», «Punkt Centralny», «Punkt Piramidy».
- French: a non-breaking space (U+00A0) before « ; : ? ! » and inside « ».
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parents[1]
FIXTURE_FILES = sorted(
    [
        *(ROOT / "fixtures" / "scenarios").glob("*.json"),
        *(ROOT / "fixtures" / "exam").glob("*.json"),
    ]
)
CATALOGUE_ROOTS = (ROOT / "locale", ROOT / "quiz" / "locale", ROOT / "exams" / "locale")
TEXT_FIELDS = ("title", "narrative", "question", "note")
NBSP = "\u00a0"

#: Words a language must never use, with the reason.
BANNED: dict[str, list[tuple[str, str]]] = {
    "fa": [
        ("سیاه", "black is «مشکی»"),
        ("توپ سیاه دوباره", "re-spotted black is «مشکیِ دوباره در نقطه»"),
    ],
    "ru": [("рефери", "the referee is «судья»")],
    "pl": [
        (r"Główn\w*", "the black spot is «punkt Czarnej»"),
        (r"Centraln\w*", "the blue spot is «punkt Niebieskiej»"),
        (r"Piramid\w*", "the pink spot is «punkt Różowej»"),
    ],
}
#: French high punctuation takes a non-breaking space before it; guillemets inside them.
FRENCH_SPACING = re.compile(r"(?<!\u00a0)[;:?!»]|«(?!\u00a0)")


def bank_texts(language: str) -> Iterator[tuple[str, str, str]]:
    """(where, English text, text in ``language``) for every text field of every scenario."""
    for path in FIXTURE_FILES:
        for entry in json.loads(path.read_text(encoding="utf-8")):
            if entry.get("model") != "quiz.scenario":
                continue
            fields = entry["fields"]
            for name in TEXT_FIELDS:
                where = f"{path.parent.name}/{path.name} {fields['slug']} {name}_{language}"
                yield where, fields.get(f"{name}_en") or "", fields.get(f"{name}_{language}") or ""


def catalogue_texts(language: str) -> Iterator[tuple[str, str, str]]:
    """(where, msgid, msgstr) for every translated string of ``language`` in every catalogue."""
    for root in CATALOGUE_ROOTS:
        path = root / language / "LC_MESSAGES" / "django.po"
        if not path.exists():
            continue
        with path.open("rb") as handle:
            catalogue = read_po(handle, locale=language)
        for message in catalogue:
            if not message.id:
                continue
            ids = message.id if isinstance(message.id, tuple) else (message.id,)
            strings = message.string if isinstance(message.string, tuple) else (message.string,)
            for string in strings:
                yield f"{path.relative_to(ROOT)} {ids[0]!r}", ids[0], string or ""


def all_texts(language: str) -> Iterator[tuple[str, str, str]]:
    yield from bank_texts(language)
    yield from catalogue_texts(language)


def banned_words(language: str, text: str) -> list[str]:
    """
    >>> banned_words("fa", "چه کسی توپ سیاه دوباره را بازی می‌کند؟")
    ['سیاه: black is «مشکی»', 'توپ سیاه دوباره: re-spotted black is «مشکیِ دوباره در نقطه»']
    >>> banned_words("pl", "Czerwona na Punkcie Głównym")
    ['Głównym: the black spot is «punkt Czarnej»']
    >>> banned_words("ru", "Решение судьи")
    []
    """
    found = []
    for pattern, reason in BANNED[language]:
        found += [f"{match}: {reason}" for match in re.findall(pattern, text)]
    return found


def french_spacing(text: str) -> list[str]:
    """The places where French punctuation lacks its non-breaking space.

    >>> french_spacing("Qui joue ? La bille « ON » : la rouge.")
    ['e ? L', 'e « O', 'N » :', '» : l']
    >>> french_spacing("Qui joue\u00a0? La bille «\u00a0ON\u00a0»\u00a0: la rouge.")
    []
    """
    return [
        text[max(match.start() - 2, 0) : match.end() + 2].strip()
        for match in sorted(FRENCH_SPACING.finditer(text), key=lambda m: m.start())
    ]


@pytest.mark.parametrize("language", sorted(BANNED))
def test_no_banned_word_in_the_bank_or_the_catalogues(language):
    problems = [
        f"{where}: {word}"
        for where, _english, text in all_texts(language)
        for word in banned_words(language, text)
    ]
    assert problems == []


def test_french_punctuation_takes_a_non_breaking_space():
    problems = [
        f"{where}: {places}"
        for where, _english, text in all_texts("fr")
        if (places := french_spacing(text))
    ]
    assert problems == []


def test_persian_frame_awarded_is_not_a_concession():
    problems = [
        f"{where}: {text}"
        for where, english, text in all_texts("fa")
        if re.search(r"\bframe\b.*\bawarded|\bawarded\b.*\bframe\b", english, re.IGNORECASE)
        and ("واگذار" in text or "تعلق" not in text)
    ]
    awarded = [
        text for _where, english, text in catalogue_texts("fa") if english == "Frame awarded"
    ]
    assert awarded == ["فریم به حریف تعلق گرفت"]
    assert problems == []


def test_persian_re_spotted_black_uses_the_glossary_term():
    problems = [
        f"{where}: {text}"
        for where, english, text in all_texts("fa")
        if re.search(r"re-spotted black", english, re.IGNORECASE)
        and "مشکیِ دوباره در نقطه" not in text
    ]
    assert problems == []


def test_polish_offender_is_faulujacy():
    problems = [
        f"{where}: {text}"
        for where, english, text in all_texts("pl")
        if re.search(r"\boffender\b", english) and ("przeciwnik" in text or "faulując" not in text)
    ]
    assert problems == []


def test_polish_spot_options_are_named_after_their_colour():
    colours = {
        "Yellow": "Żółtej",
        "Green": "Zielonej",
        "Brown": "Brązowej",
        "Blue": "Niebieskiej",
        "Pink": "Różowej",
        "Black": "Czarnej",
    }
    options = {
        english: text
        for _where, english, text in catalogue_texts("pl")
        if re.fullmatch(r"\w+ spot", english)
    }
    assert {english: options.get(f"{english} spot") for english in colours} == {
        english: f"Punkt {genitive}" for english, genitive in colours.items()
    }
