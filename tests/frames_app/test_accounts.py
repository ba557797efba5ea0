"""The generated frames told in five languages as a native referee reads them (issue 22).

Each sentence of a stroke's account (``frames.accounts``) and of the situation before it (the
exam's frame questions tell it with ``quiz.families.narratives._table``) is checked against its
English sentence: the glossary's terms and rules (a Polish stroke is «zagranie», a French fair
stroke a « coup correct », a four-handed player's name never in a slot that declines it),
French typography, Persian digits, and the plural forms of the counts it gives.
"""

from __future__ import annotations

import functools
from typing import Any

import pytest
from django.utils import translation

from frames.accounts import describe_choice, describe_stroke
from frames.generator import generate_frame
from frames.judging import judged_strokes
from quiz.families.narratives import _table
from tests.test_terminology import (
    french_apostrophes,
    french_spacing,
    persian_western_digits,
    variant_problems,
)

LANGUAGES = ("fr", "ru", "fa", "pl")
FOUR_HANDED = {
    "players": ["Ann", "Bo", "Cal", "Dee"],
    "sides": {"A": ["Ann", "Cal"], "B": ["Bo", "Dee"]},
}
#: Club and professional players, both rule-book editions, two players and four; "fouls"
#: brings the infringements the other styles rarely play.
FRAMES = (
    {"seed": 11, "style": "club", "ruleset": "wpbsa-2007"},
    {"seed": 22, "style": "professional", "ruleset": "wpbsa-2014"},
    {"seed": 33, "style": "fouls", "ruleset": "wpbsa-2014", **FOUR_HANDED},
    {"seed": 44, "style": "fouls", "ruleset": "wpbsa-2007"},
)
STROKES = 16


def _sentences(judged: Any) -> list[str]:
    striker = str(judged.state.get("striker") or judged.players[0])
    return [
        *(text for _, text in _table(judged.state, striker)),
        *describe_stroke(state=judged.state, step=judged.entry),
        *describe_choice(state=judged.state, step=judged.entry),
    ]


@functools.cache
def told() -> list[tuple[str, dict[str, str]]]:
    """(where, {language: sentence}) for every sentence of the frames' strokes."""
    said = []
    for options in FRAMES:
        frame = generate_frame(**options, strokes=STROKES)
        for judged in judged_strokes(frame):
            texts = {}
            for language in ("en", *LANGUAGES):
                with translation.override(language):
                    texts[language] = _sentences(judged)
            where = f"seed {options['seed']} stroke {judged.number}"
            said += [
                (where, {language: texts[language][n] for language in texts})
                for n in range(len(texts["en"]))
            ]
    return said


def test_the_frames_tell_every_sentence_in_every_language():
    assert len(told()) > 4 * STROKES
    for where, sentences in told():
        assert all(sentences[language] for language in LANGUAGES), where
        assert all(sentences[language] != sentences["en"] for language in LANGUAGES), where


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_sentence_uses_the_glossarys_terms(language):
    problems = {
        f"{where}: {sentences[language]}": found
        for where, sentences in told()
        if (found := variant_problems(language, sentences[language], sentences["en"], "quiz"))
    }
    assert problems == {}


def test_french_sentences_have_their_spaces_and_apostrophes():
    problems = [
        (where, sentences["fr"])
        for where, sentences in told()
        if french_spacing(sentences["fr"]) or french_apostrophes(sentences["fr"])
    ]
    assert problems == []


def test_persian_sentences_have_persian_digits():
    problems = [
        (where, sentences["fa"])
        for where, sentences in told()
        if persian_western_digits(sentences["fa"])
    ]
    assert problems == []
    assert any(ch in "۰۱۲۳۴۵۶۷۸۹" for _, sentences in told() for ch in sentences["fa"])


def test_a_polish_stroke_is_zagranie_and_a_struck_ball_uderzona():
    sentences = [sentences["pl"] for _, sentences in told()]
    assert any("Po zagraniu" in text for text in sentences)
    assert not [text for text in sentences if "uderzeni" in text.lower()]
    with translation.override("pl"):
        told_double_hit = describe_stroke(
            state={"players": ["A", "B"], "striker": "A", "reds": 15, "ball_on": "red"},
            step={"stroke": {"first_contact": ["red"], "infringements": ["double_hit"]}},
        )
    assert "Bila biała zostaje uderzona więcej niż raz." in told_double_hit


REDS_LEFT = {
    "ru": {
        2: "На столе осталось 2 красных.",
        5: "На столе осталось 5 красных.",
        11: "На столе осталось 11 красных.",
        12: "На столе осталось 12 красных.",
    },
    "pl": {
        2: "Na stole zostały 2 Czerwone.",
        5: "Na stole zostało 5 Czerwonych.",
        11: "Na stole zostało 11 Czerwonych.",
        12: "Na stole zostało 12 Czerwonych.",
    },
    "fa": {2: "۲ توپ قرمز روی میز مانده است.", 12: "۱۲ توپ قرمز روی میز مانده است."},
    "fr": {2: "Il reste 2 rouges sur la table."},
}
REDS_POTTED = {
    "ru": {2: "2 красных падают в лузу.", 5: "5 красных падают в лузу."},
    "pl": {2: "2 Czerwone wpadają do kieszeni.", 5: "5 Czerwonych wpada do kieszeni."},
    "fa": {3: "۳ توپ قرمز پات می‌شود."},
    "fr": {2: "2 rouges sont blousées."},
}


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_counts_of_reds_take_their_plural_forms(language):
    state = {"players": ["A", "B"], "striker": "A", "ball_on": "red", "scores": {}}
    with translation.override(language):
        left = {count: _table({**state, "reds": count}, "A")[0][1] for count in REDS_LEFT[language]}
        potted = {
            count: describe_stroke(
                state={**state, "reds": 15},
                step={"stroke": {"first_contact": ["red"], "potted": ["red"] * count}},
            )[-1]
            for count in REDS_POTTED[language]
        }
    assert left == REDS_LEFT[language]
    assert potted == REDS_POTTED[language]


def test_a_four_handed_stalemate_asks_all_four_players():
    state = {"players": FOUR_HANDED["players"], "striker": "Cal", "reds": 3, "ball_on": "red"}
    step = {"procedure": {"kind": "stalemate", "all_agree_restart": True}}
    told_in = {}
    for language in ("en", "pl"):
        with translation.override(language):
            told_in[language] = describe_stroke(state=state, step=step)
    assert "All four players agree to restart the frame at once." in told_in["en"]
    assert told_in["pl"][-1] == (
        "Cała czwórka zawodników zgadza się na natychmiastowe powtórzenie frejmu."
    )
    two = {**state, "players": ["A", "B"], "striker": "A"}
    with translation.override("en"):
        assert "Both players agree to restart the frame at once." in describe_stroke(
            state=two, step=step
        )
