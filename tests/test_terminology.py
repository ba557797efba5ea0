"""One term per idea: the glossary's terms and each language's typography, everywhere.

The glossary is ``studio/glossary.json`` (the studio offers its words to authors). Each term's
``avoid`` lists, per language, the variants that drifted in before (issues 8 and 27): a regular
expression, why it is wrong, an example that uses it and the same example fixed. ``only_when`` and
``unless`` are matched against the English source of a string (the ``*_en`` field of a fixture, the
msgid of a catalogue entry): they say in which context a variant is wrong, or allowed (Polish «czas»
is the exam clock, «okres» the stalemate period). ``scope`` limits a variant to some catalogues
(Persian «تلاش» is a try at the ball, but not an exam attempt). The glossary's ``rules`` are
the same kind of check for what is not one term: the players' names declined in Russian and
Polish, Polish ball names in capitals, French « ON » only in the rule text's « bille « ON » »,
Django's wording.

Typography, checked here in code:

- French: a non-breaking space (U+00A0) before « ; : ? ! » and inside « », and one apostrophe, the
  typographic ’ (never ').
- Persian: Persian digits in prose (Western digits only inside a left-to-right isolate ⁦…⁩, a
  placeholder or a code such as UTF-8); Persian ی and ک, never the Arabic ي and ك.

Every variant's example is planted in a sample string below, and the check must flag it.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from babel.messages.pofile import read_po

from studio.glossary import GLOSSARY

ROOT = Path(__file__).resolve().parents[1]
#: Frame files (fixtures/frames/) hold no prose: their accounts are the catalogues' sentences.
FIXTURE_FILES = sorted(
    path for path in (ROOT / "fixtures").glob("**/*.json") if path.parent.name != "frames"
)
#: The project's catalogue and every app's (an app added later is scanned too).
CATALOGUE_ROOTS = (
    "locale",
    *sorted(f"{path.parent.name}/locale" for path in ROOT.glob("*/locale")),
)
LANGUAGES = ("fr", "ru", "fa", "pl")
FIELD = re.compile(r"^(?P<base>\w+)_(?P<language>en|fr|ru|fa|pl)$")
NBSP = "\u00a0"

#: French high punctuation takes a non-breaking space before it; guillemets inside them.
FRENCH_SPACING = re.compile(r"(?<!\u00a0)[;:?!»]|«(?!\u00a0)")
#: Western digits allowed in Persian: inside an isolate, a placeholder, or a code.
PERSIAN_DIGIT_EXCEPTIONS = re.compile(
    r"\u2066[^\u2069]*\u2069|%\(\w+\)[sd]|%[sd]|\{\w*\}|UTF-8|SHA-256|ISO 8601|Open Badges \d+\.\d+"
    r"|[A-Za-z]+\d+"
)


def glossary() -> dict[str, Any]:
    return json.loads(GLOSSARY.read_text(encoding="utf-8"))


def checks(language: str) -> list[dict[str, Any]]:
    """Every variant to avoid in ``language``: the terms' ``avoid`` lists and the ``rules``."""
    data = glossary()
    found = [
        {"key": term["key"], **variant}
        for term in data["terms"]
        for variant in (term.get("avoid") or {}).get(language, [])
    ]
    found += [rule for rule in data.get("rules", []) if rule["language"] == language]
    return found


def fixture_texts(language: str) -> Iterator[tuple[str, str, str]]:
    """(where, English text, text in ``language``) for every translated field of every fixture."""
    for path in FIXTURE_FILES:
        for entry in json.loads(path.read_text(encoding="utf-8")):
            fields = entry.get("fields") or {}
            name = fields.get("slug") or entry.get("pk")
            for field, value in fields.items():
                match = FIELD.match(field)
                if match and match["language"] == language and isinstance(value, str):
                    english = fields.get(f"{match['base']}_en") or ""
                    yield f"{path.relative_to(ROOT)} {name} {field}", english, value


def catalogue_texts(language: str) -> Iterator[tuple[str, str, str]]:
    """(where, msgid, msgstr) for every translated string of ``language`` in every catalogue."""
    for root in CATALOGUE_ROOTS:
        path = ROOT / root / language / "LC_MESSAGES" / "django.po"
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
                yield f"{root} {ids[0]!r}", ids[0], string or ""


def all_texts(language: str) -> Iterator[tuple[str, str, str]]:
    yield from fixture_texts(language)
    if language == "en":  # the English of the catalogues is their msgids
        yield from ((where, english, english) for where, english, _ in catalogue_texts("fr"))
    else:
        yield from catalogue_texts(language)


def variant_problems(language: str, text: str, english: str = "", where: str = "") -> list[str]:
    """The glossary's variants that ``text`` uses, in the context of its English source.

    >>> sorted(p.split(":")[0] for p in variant_problems("fa", "توپ سیاه دوباره را بازی می‌کند"))
    ['black', 'respotted_black']
    >>> variant_problems("pl", "Czas upłynął", english="The period is over")
    ['period: Czas (the stalemate period is «okres» (rule text 16: «wyznaczony okres»))']
    >>> variant_problems("pl", "Pozostały czas:", english="Time left:")
    []
    >>> variant_problems("ru", "Решение судьи")
    []
    """
    problems = []
    for check in checks(language):
        scope = check.get("scope")
        if scope and not any(where.startswith(root) for root in scope):
            continue
        if check.get("only_when") and not re.search(check["only_when"], english):
            continue
        if check.get("unless") and re.search(check["unless"], english):
            continue
        found = re.search(check["variant"], text)
        if found:
            problems.append(f"{check['key']}: {found.group(0)} ({check['why']})")
    return problems


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


def french_apostrophes(text: str) -> list[str]:
    """Straight apostrophes in French, where the typographic ’ is the one style.

    >>> french_apostrophes("l'arbitre et l’arbitre")
    ["l'a"]
    """
    return [text[max(m.start() - 1, 0) : m.end() + 1] for m in re.finditer("'", text)]


def persian_western_digits(text: str) -> list[str]:
    """Western digits in Persian prose, outside isolates, placeholders and codes.

    >>> persian_western_digits("حداکثر 150 نویسه")
    ['150']
    >>> persian_western_digits("حداکثر ۱۵۰ نویسه در %(count)s خط، قانون ⁦3.4(d)*⁩، UTF-8")
    []
    """
    return re.findall(r"\d+", PERSIAN_DIGIT_EXCEPTIONS.sub("", text).translate(PERSIAN))


#: Persian digits are not ``\d`` once translated away: keep them out of the count.
PERSIAN = str.maketrans("", "", "۰۱۲۳۴۵۶۷۸۹")


@pytest.mark.parametrize("language", ("en", *LANGUAGES))
def test_no_variant_of_a_glossary_term_in_the_fixtures_or_the_catalogues(language):
    problems = [
        f"{where}: {problem}"
        for where, english, text in all_texts(language)
        for problem in variant_problems(language, text, english, where)
    ]
    assert problems == []


def planted() -> Iterator[tuple[str, str, dict[str, Any]]]:
    for language in ("en", *LANGUAGES):
        for check in checks(language):
            yield language, check["key"], check


@pytest.mark.parametrize(
    ("language", "key", "check"),
    list(planted()),
    ids=[f"{language}-{key}-{n}" for n, (language, key, _c) in enumerate(planted())],
)
def test_the_check_flags_each_planted_variant_and_passes_its_fix(language, key, check):
    where = (check.get("scope") or ["fixtures"])[0]
    english = check.get("example_en") or _english_context(check)
    assert variant_problems(language, check["example"], english, where), check["example"]
    assert not [
        problem
        for problem in variant_problems(language, check["fixed"], english, where)
        if problem.startswith(f"{key}:")
    ], check["fixed"]


def _english_context(check: dict[str, Any]) -> str:
    """An English source in which the variant is wrong: what ``only_when`` asks for."""
    contexts = {
        "period": "The period set by the referee is over.",
        "break_off": "Who broke off",
        "frame_awarded": "The frame is awarded to B.",
        "stroke": "Score after the stroke",
        "fair_stroke": "Is A's stroke fair or a foul?",
        "conceded": "B concedes the frame.",
    }
    return contexts.get(check["key"], "") if check.get("only_when") else ""


def test_every_language_has_the_terms_issue_27_asks_for():
    keys = {term["key"]: term for term in glossary()["terms"]}
    wanted = {
        "four_handed", "side", "period", "top_cushion", "pot", "pocket", "black", "break_off",
        "fair_stroke", "attempt", "exam_pool", "closed_book",
    }  # fmt: skip
    assert wanted <= set(keys)
    for key in wanted:
        assert all(keys[key].get(language) for language in ("en", *LANGUAGES)), key
        assert keys[key].get("avoid"), f"{key} names no variant to avoid"
    rules = {rule["key"] for rule in glossary()["rules"]}
    assert {"ru_cal_declined", "pl_cal_declined", "pl_ball_capitals", "fr_on_term"} <= rules


def test_a_variant_is_allowed_in_its_context_only():
    # Persian «تلاش» is a try at the ball in the bank, an exam attempt is «نوبت آزمون».
    assert variant_problems("fa", "تلاش دوباره", "A tries again", "fixtures") == []
    assert variant_problems("fa", "هر تلاش", "Every attempt is graded", "exams/locale")
    # French « casser » is right for a broken cue, wrong for the break-off.
    assert variant_problems("fr", "La queue de A vient de casser", "A's cue has just broken") == []
    assert variant_problems("fr", "Qui casse ?", "Who breaks off?")
    # Polish: a stroke is «zagranie» (issue 22); «uderzenie» stays where a ball is struck.
    assert variant_problems("pl", "Zagranie 3 z 8", "Stroke 3 of 8") == []
    assert variant_problems("pl", "Uderzenie 3 z 8", "Stroke 3 of 8")
    assert variant_problems("pl", "przed następnym uderzeniem", "before the next stroke")
    assert not [
        problem
        for text in (
            "Uderzenie bili białej więcej niż raz w tym zagraniu",
            "W chwili uderzenia żadna jego stopa nie dotyka podłogi.",
            "Podczas uderzenia rękaw dotyka Czarnej, po zagraniu B gra dalej.",
            "Zaznacz faul „uderzenie, zanim sędzia skończył” po tym zagraniu.",
        )
        for problem in variant_problems("pl", text, "after the stroke, struck")
        if problem.startswith("stroke:")
    ]


#: The placeholders that hold a player's name (in a four-handed frame «Cal», which Polish and
#: Russian would decline): a sentence must put the name where it needs no case ending.
PLAYER_PLACEHOLDER = re.compile(r"%\((?:striker|player|offender|opponent|a1|a2|b1|b2)\)s")


#: language: (the four-handed name the sentence must not decline or elide, its rule, a wrong use)
NAME_RULES = {
    "ru": ("Cal", "ru_cal_declined", "против Cal"),
    "pl": ("Cal", "pl_cal_declined", "przeciw Cal"),
    "fr": ("Ann", "fr_ann_elided", "convaincu que Ann a joué"),
}


@pytest.mark.parametrize("language", sorted(NAME_RULES))
def test_a_players_name_in_a_catalogue_sentence_needs_no_case_ending(language):
    """Issue 22: «przeciw %(striker)s» reads «przeciw Cal» in a four-handed frame; the catalogue
    says «przeciw zawodnikowi %(striker)s» (Russian «против игрока …»); French «que %(striker)s»
    reads «que Ann» where French elides."""
    name, rule, wrong = NAME_RULES[language]
    problems = [
        f"{where}: {problem}"
        for where, english, text in catalogue_texts(language)
        for problem in variant_problems(
            language, PLAYER_PLACEHOLDER.sub(name, text), english, where
        )
        if problem.startswith(rule)
    ]
    assert problems == []
    assert variant_problems(language, wrong)


def test_french_punctuation_takes_a_non_breaking_space():
    problems = [
        f"{where}: {places}"
        for where, _english, text in all_texts("fr")
        if (places := french_spacing(text))
    ]
    assert problems == []


def test_french_uses_one_apostrophe_the_typographic_one():
    problems = [
        f"{where}: {places}"
        for where, _english, text in all_texts("fr")
        if (places := french_apostrophes(text))
    ]
    assert problems == []


def test_persian_prose_has_persian_digits_and_letters():
    problems = [
        f"{where}: {found}"
        for where, _english, text in all_texts("fa")
        if (found := persian_western_digits(text) + re.findall("[يك]", text))
    ]
    assert problems == []


def test_the_typography_checks_flag_planted_mistakes():
    assert french_spacing("Qui joue ? La bille") and french_apostrophes("l'arbitre")
    assert persian_western_digits("حداکثر 150 نویسه") == ["150"]
    assert re.findall("[يك]", "كيوبال")


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
