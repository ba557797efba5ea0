"""Every narrative tells the facts of its case, in every language (issue 8).

The trainee reads the narrative, not the case: a score, a number of reds or a ball that the
narrative gets wrong makes the engine's answer look wrong. For every scenario of the practice
bank and the exam pool, in each of the five languages, this check reads from the narrative:

- **scores**: every score it states, with the side it belongs to ("A leads 34–10",
  "A 31, B 27", "B ведёт 35:22", "امتیاز A برابر ۳۱ و B برابر ۲۷", "score level at 30–30").
  Each must equal ``state.scores`` for that side; "leads" must name the side ahead and
  "trails" the side behind; a score that names no side is a problem unless it is level.
- **reds**: every "N reds remain / on the table / (N remain)" and "all the reds are gone"
  must equal the reds on the table before the stroke (``state.reds`` or the reds drawn).
- **colours**: a colour that is not on the table may be named only in a clause that says it
  is gone or potted ("the reds and the yellow are gone").
- **the same facts in every language**: the scores and red counts found in each translation
  are those found in English, so a translation cannot drop or change one unseen.

It does not read positions ("near the top cushion"), who strikes, or the stroke itself: the
engine's ``expect`` and the diagrams cover those, and the narrative fixes of issue 8 were
checked against rendered diagrams by eye.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]
FIXTURE_FILES = sorted(
    [
        *(ROOT / "fixtures" / "scenarios").glob("*.json"),
        *(ROOT / "fixtures" / "exam").glob("*.json"),
    ]
)
LANGUAGES = ("en", "fr", "ru", "fa", "pl")
COLOURS = ("yellow", "green", "brown", "blue", "pink", "black")
PERSIAN_DIGITS = str.maketrans("۰۱۲۳۴۵۶۷۸۹", "0123456789")


def numbered(words: str, **more: int) -> dict[str, int]:
    """Number words from one up: ``numbered("one two")`` is ``{"one": 1, "two": 2}``."""
    return {**{word: value for value, word in enumerate(words.split(), start=1)}, **more}


NUMBERS: Mapping[str, Mapping[str, int]] = {
    "en": numbered(
        "one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen"
    ),
    "fr": numbered(
        "une deux trois quatre cinq six sept huit neuf dix onze douze treize quatorze quinze", un=1
    ),
    "ru": numbered(
        "один два три четыре пять шесть семь восемь девять десять одиннадцать "
        "двенадцать тринадцать четырнадцать пятнадцать",
        одна=1,
        две=2,
        последний=1,
    ),
    "fa": {
        **numbered("یک دو سه چهار پنج شش هفت هشت نه ده یازده دوازده سیزده چهارده پانزده"),
        "نُه": 9,
    },
    "pl": numbered(
        "jedna dwie trzy cztery pięć sześć siedem osiem dziewięć dziesięć jedenaście "
        "dwanaście trzynaście czternaście piętnaście",
        jeden=1,
        dwa=2,
        ostatnia=1,
    ),
}


def number_group(language: str) -> str:
    words = sorted(NUMBERS[language], key=len, reverse=True)
    return "(?P<n>" + "|".join(map(re.escape, words)) + r"|\d+)"


#: "N reds remain", per language: ``{n}`` is the number (a word or digits).
RED_COUNTS: Mapping[str, tuple[str, ...]] = {
    "en": (
        r"\b{n} (?:remaining )?reds? "
        r"(?:remains?|left|is left|on the table|are|and all|bunched|tight)",
        r"\({n} remain\)",
        r"\b{n} remaining reds",
        r"\b(?:the|last) {n} reds",
    ),
    "fr": (
        r"\breste {n} rouges?",
        r"\bne reste que {n} rouges?",
        r"\bles {n} rouges",
        r"\bil ne reste qu[’'](?P<n>une) rouge",
        r"\b{n} rouges (?:sur la table|contre|groupées|collées|forment|restent"
        r"|sont serrées|sont bloquées|et les|sont sur)",
        r"\b{n} dernières rouges",
        r"\bil en reste {n}\b",
    ),
    "ru": (
        r"(?:осталось|остался|осталась|остались|на столе|Все)(?: только)? {n} красн",
        r"(?:на столе|остался) (?P<n>последний) красн",
        r"\(осталось {n}\)",
        r"\b{n} красн\w+ (?:скучены|у |прижаты)",
        r"Последние {n} красн",
        r"\b{n} оставш\w+ красн",
    ),
    "fa": (
        r"(?<!\w){n} (?:توپ )?قرمز (?:باقی|مانده|روی میز|کنار باند|به باند|آخر|به‌صورت|و هر|با هر)",
        r"(?<!\w){n} (?:توپ )?قرمز(?: (?!قرمز)[^\s.;؛،()]+){{1,6}} (?:مانده|باقی)",
    ),
    "pl": (
        r"(?:zostało|zostały|została|stole|jest|są)(?: tylko)? {n} Czerwon",
        r"\(zostało {n}\)",
        r"\b{n} Czerwon(?:ych|e) (?:leży|zbitych|przy)",
        r"\b{n} (?:pozostałe|ostatnie) Czerwon",
        r"(?:jest|została) (?P<n>ostatnia) Czerwona",
    ),
}
#: "The reds are all gone": no red on the table.
NO_REDS: Mapping[str, str] = {
    "en": r"all (?:the )?reds are gone|no reds? (?:remain|left)",
    "fr": r"toutes les rouges sont (?:parties|blousées)|plus de rouges?|plus aucune rouge",
    "ru": r"красных (?:на столе )?(?:больше )?нет",
    "fa": r"همه(?:ٔ)? (?:ی )?قرمزها (?:رفته|پات شده)|هیچ قرمزی (?:نمانده|باقی نمانده)",
    "pl": r"czerwonych (?:już )?nie ma|nie ma (?:już )?czerwonych",
}
#: A score pair: two numbers with the language's separator ("34–10", "34 à 10", "۳۴ به ۱۰").
PAIR = r"(?P<a>\d+)\s*(?:–|-|:|à|به|در برابر)\s*(?P<b>\d+)(?!\d|[.,٫]\d)"
#: "A 31, B 27": each side with its own number.
SIDE_BY_SIDE = (
    r"(?P<s1>A|B)\s+(?:—\s+|برابر\s+)?(?P<a>\d+)\s*(?:,|و|et|i)?\s*"
    r"(?:side\s+|équipe\s+|strona\s+|сторона\s+|طرف\s+|تیم\s+|امتیاز\s+)?(?P<s2>A|B)\s+"
    r"(?:—\s+|برابر\s+)?(?P<b>\d+)"
)
SIDE = r"(?<![\w-])(A|B)(?![\w-])"
LEADS = {
    "en": r"\bleads?\b",
    "fr": r"\bmène\b",
    "ru": r"\bведёт\b|в пользу",
    "fa": r"جلو",
    "pl": r"\bprowadzi\b",
}
TRAILS = {
    "en": r"\btrails?\b",
    "fr": r"\best mené",
    "ru": r"\bуступает\b",
    "fa": r"عقب",
    "pl": r"\bprzegrywa\b",
}
#: A clause that says a ball is gone or potted.
GONE = {
    "en": r"\bgone\b|\bpotted\b",
    "fr": r"parti|blous",
    "ru": r"\bнет\b|забит|ушл",
    "fa": r"رفته|پات",
    "pl": r"nie ma|wbit|zniknęł",
}
#: A level score given once ("14 all", "12 partout"): both sides have it.
LEVEL = {
    "en": (
        r"\b(?P<n>\d+) (?:all|each)\b",
        r"level at (?P<n>\d+)(?!\d)(?!\s*[–:-]\s*\d)",
        r"(?P<n>no) score yet",
    ),
    "fr": (
        r"\b(?P<n>\d+) partout",
        r"égalité, (?P<n>\d+)(?!\d)(?!\s*[–:-]\s*\d)",
        r"(?P<n>aucun) point marqué",
    ),
    "ru": (r"\bпо (?P<n>\d+)\b",),
    "fa": (
        r"امتیازها (?:با )?(?P<n>\d+) مساوی",
        r"(?P<n>هنوز) امتیازی ثبت نشده",
        r"هر کدام (?P<n>\d+)",
    ),
    "pl": (r"\bpo (?P<n>\d+)\b",),
}
#: A spot named after its colour ("the pink spot"): the spot, not the ball.
SPOT_PHRASES = {
    "en": r"\b\w+ spot",
    "fr": r"mouche de la \w+",
    "ru": r"точк\w* (?:жёлт|зелён|коричнев|син|розов|чёрн)\w*|\w+(?:ой|ая|ую) точк\w*",
    "fa": r"نقطه(?:ٔ)?\s*\S+",
    "pl": r"punk\w* \w+",
}
#: "31:18 for A": the side named after the pair has the higher score.
FAVOUR = {"ru": r"в пользу", "pl": r"\bdla"}
COLOUR_WORDS: Mapping[str, Mapping[str, str]] = {
    "en": {c: rf"\b{c}\b" for c in COLOURS},
    "fr": {
        "yellow": r"\bjaune",
        "green": r"\bverte",
        "brown": r"\bmarron",
        "blue": r"\bbleue",
        "pink": r"\brose\b",
        "black": r"\bnoire",
    },
    "ru": {
        "yellow": r"жёлт",
        "green": r"зелён",
        "brown": r"коричнев",
        "blue": r"\bсин(?:ий|его|ему|им|ем)\b",
        "pink": r"розов",
        "black": r"чёрн",
    },
    "fa": {
        "yellow": r"زرد",
        "green": r"سبز",
        "brown": r"قهوه‌ای",
        "blue": r"آبی",
        "pink": r"صورتی",
        "black": r"مشکی",
    },
    "pl": {
        "yellow": r"Żółt",
        "green": r"Zielon",
        "brown": r"Brązow",
        "blue": r"Niebiesk",
        "pink": r"Różow",
        "black": r"Czarn",
    },
}


def scenarios() -> Iterator[tuple[str, dict[str, Any]]]:
    for path in FIXTURE_FILES:
        for entry in json.loads(path.read_text(encoding="utf-8")):
            if entry.get("model") == "quiz.scenario":
                yield f"{path.parent.name}/{path.name}", entry["fields"]


def table_facts(case: Mapping[str, Any]) -> tuple[dict[str, int], int, set[str]]:
    """The scores, the number of reds and the colours on the table before the stroke."""
    state = case.get("state") or {}
    scores = {"A": 0, "B": 0, **(state.get("scores") or {})}
    positions = state.get("positions")
    if positions is not None:
        return scores, len(positions.get("red") or []), {c for c in COLOURS if c in positions}
    return scores, state.get("reds", 15), set(state.get("colours") or COLOURS)


def score_statements(text: str, language: str) -> list[tuple[str | None, int, int, str]]:
    """(side, its score, the other side's score, verb) for every score the text states.

    >>> score_statements("A 31, B 27, seven reds left.", "en")
    [('A', 31, 27, '')]
    >>> score_statements("Only the black remains; B leads 50–43.", "en")
    [('B', 50, 43, 'leads')]
    >>> score_statements("Счёт 22:35, на столе восемь красных.", "ru")
    [(None, 22, 35, '')]
    """
    text = text.translate(PERSIAN_DIGITS).replace(" صفر", " 0")
    found = []
    for match in re.finditer(SIDE_BY_SIDE, text):
        first, second = (match["s1"], match["s2"])
        if {first, second} == {"A", "B"}:
            found.append((first, int(match["a"]), int(match["b"]), ""))
    spans = [match.span() for match in re.finditer(SIDE_BY_SIDE, text)]
    for pattern in LEVEL[language]:
        for match in re.finditer(pattern, text, re.IGNORECASE):
            score = int(match["n"]) if match["n"].isdigit() else 0
            found.append((None, score, score, ""))
    for match in re.finditer(PAIR, text):
        if any(start <= match.start() < end for start, end in spans):
            continue
        found.append(sided_pair(text, match, language))
    return found


def sided_pair(text: str, match: re.Match, language: str) -> tuple[str | None, int, int, str]:
    """The side a score pair belongs to: the last side named in its clause before it (or
    "in favour of B" after it, in Russian), and the verb that says who is ahead."""
    before = re.split(r"[.;!?]", text[max(match.start() - 60, 0) : match.start()])[-1]
    after = re.split(r"[.;,!?]", text[match.end() : match.end() + 40])[0]
    clause = before + " " + after
    verb = next(
        (
            word
            for word, pattern in (("leads", LEADS[language]), ("trails", TRAILS[language]))
            if re.search(pattern, clause)
        ),
        "",
    )
    favour = language in FAVOUR and re.search(FAVOUR[language] + " " + SIDE, after)
    sides = re.findall(SIDE, before)
    a, b = int(match["a"]), int(match["b"])
    if favour:
        side = favour.group(1)
        return side, max(a, b), min(a, b), "leads"
    return (sides[-1] if sides else None), a, b, verb


def red_counts(text: str, language: str) -> list[int]:
    """Every number of reds on the table that the text states.

    >>> red_counts("A leads 34–10, nine reds remain, and A has just potted a red.", "en")
    [9]
    >>> red_counts("Красных больше нет; A ведёт 50:31.", "ru")
    [0]
    """
    numbers = NUMBERS[language]
    counts = []
    for pattern in RED_COUNTS[language]:
        for match in re.finditer(pattern.format(n=number_group(language)), text, re.IGNORECASE):
            word = match["n"].lower()
            counts.append(int(word) if word.isdigit() else numbers[word])
    counts += [0 for _ in re.finditer(NO_REDS[language], text, flags=re.IGNORECASE)]
    return sorted(counts)


def absent_colours_named(text: str, language: str, on_table: set[str]) -> list[str]:
    """Colours not on the table that the text names outside a clause saying they are gone."""
    named = []
    for clause in re.split(r"[.;:,!?]", re.sub(SPOT_PHRASES[language], " ", text)):
        if re.search(GONE[language], clause):
            continue
        named += [
            colour
            for colour in COLOURS
            if colour not in on_table and re.search(COLOUR_WORDS[language][colour], clause)
        ]
    return named


def narrative_problems(fields: Mapping[str, Any]) -> list[str]:
    """What a scenario's narratives say that its case does not."""
    scores, reds, on_table = table_facts(fields["case"])
    problems, seen = [], {}
    for language in LANGUAGES:
        text = fields.get(f"narrative_{language}") or ""
        stated = score_statements(text, language)
        for side, own, other, verb in stated:
            problems += score_problems(language, scores, side, own, other, verb)
        counts = red_counts(text, language)
        problems += [
            f"narrative_{language} says {n} reds, the table has {reds}" for n in counts if n != reds
        ]
        problems += [
            f"narrative_{language} names the {colour}, which is not on the table"
            for colour in absent_colours_named(text, language, on_table)
        ]
        seen[language] = (
            {resolved(side, own, other) for side, own, other, _v in stated},
            set(counts),
        )
    problems += [
        f"narrative_{language} states {facts}, English states {seen['en']}"
        for language, facts in seen.items()
        if facts != seen["en"]
    ]
    return problems


def resolved(side: str | None, own: int, other: int) -> tuple[int, int] | None:
    """A stated score as (A's, B's), or None when it names no side and is not level."""
    if side is None:
        return (own, other) if own == other else None
    return (own, other) if side == "A" else (other, own)


def score_problems(
    language: str, scores: Mapping[str, int], side: str | None, own: int, other: int, verb: str
) -> list[str]:
    where = f"narrative_{language} score {own}–{other}"
    if side is None:
        if own != other:
            return [f"{where} names no side"]
        return [] if scores["A"] == scores["B"] == own else [f"{where}: the case has {scores}"]
    opponent = "B" if side == "A" else "A"
    problems = []
    if (scores[side], scores[opponent]) != (own, other):
        problems.append(f"{where} for {side}: the case has {scores}")
    if verb == "leads" and own <= other or verb == "trails" and own >= other:
        problems.append(f"{where}: {side} {verb}")
    return problems


def test_every_narrative_agrees_with_its_case():
    problems = [
        f"{source} {fields['slug']}: {problem}"
        for source, fields in scenarios()
        for problem in narrative_problems(fields)
    ]
    assert problems == []


def test_the_check_reads_facts_in_every_language():
    """Each language's patterns find the facts of the whole bank, not just nothing."""
    found = {language: 0 for language in LANGUAGES}
    for _source, fields in scenarios():
        for language in LANGUAGES:
            text = fields.get(f"narrative_{language}") or ""
            found[language] += bool(score_statements(text, language)) + bool(
                red_counts(text, language)
            )
    assert min(found.values()) >= 200, found


def scenario(narrative_en: str, **state: Any) -> dict[str, Any]:
    fields = {"slug": "test", "case": {"state": state}}
    return {**fields, **{f"narrative_{language}": narrative_en for language in LANGUAGES}}


WRONG = [
    (
        "score of the wrong side",
        scenario("A leads 34–10, nine reds remain.", reds=9, scores={"A": 10, "B": 34}),
    ),
    (
        "score with no side",
        {
            **scenario("A 22, B 35, eight reds left.", reds=8, scores={"A": 22, "B": 35}),
            "narrative_ru": "Счёт 22:35, на столе восемь красных.",
        },
    ),
    (
        "leader who is behind",
        scenario("A leads 10–34, nine reds remain.", reds=9, scores={"A": 10, "B": 34}),
    ),
    (
        "wrong number of reds",
        scenario("A 10, B 34, nine reds remain.", reds=8, scores={"A": 10, "B": 34}),
    ),
    (
        "colour already potted",
        scenario(
            "A 10, B 34, no reds left. A pots the yellow.",
            reds=0,
            colours=["green", "brown", "blue", "pink", "black"],
            scores={"A": 10, "B": 34},
        ),
    ),
    (
        "translation drops a fact",
        {
            **scenario("A 10, B 34, nine reds remain.", reds=9, scores={"A": 10, "B": 34}),
            "narrative_pl": "A 10, B 34.",
        },
    ),
]


@pytest.mark.parametrize(
    "fields", [fields for _name, fields in WRONG], ids=[name for name, _fields in WRONG]
)
def test_the_check_catches_a_narrative_that_contradicts_its_case(fields):
    assert narrative_problems(fields) != []


def test_a_narrative_that_tells_its_case_passes():
    fields = scenario("A 10, B 34, nine reds remain.", reds=9, scores={"A": 10, "B": 34})
    fields["narrative_fr"] = "A 10, B 34, il reste neuf rouges."
    fields["narrative_ru"] = "B ведёт 34:10, на столе девять красных."
    fields["narrative_pl"] = "A 10, B 34, zostało dziewięć Czerwonych."
    fields["narrative_fa"] = "B با ۳۴ به ۱۰ جلوست و نُه قرمز باقی مانده است."
    assert narrative_problems(fields) == []
