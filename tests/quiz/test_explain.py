"""quiz.explain: one translated sentence per trail code, rule labels, labels of the domain."""

from __future__ import annotations

import doctest
import json
import re
from pathlib import Path
from typing import Any

import pytest
from django.utils import translation
from django.utils.functional import Promise

import rules_engine
from quiz import explain as ex
from rules_engine.trail import PARAM_KINDS

LANGUAGES = ["en", "fr", "ru", "fa", "pl"]
OTHER_LANGUAGES = ["fr", "ru", "fa", "pl"]
#: The conformance cases (the project's own and its copies of the shared ones).
CASES = sorted((Path(__file__).resolve().parents[1] / "cases").glob("*.json"))
PLACEHOLDER = re.compile(r"%\((\w+)\)s")
#: Example values for each kind of param (see rules_engine.trail.PARAM_KINDS).
EXAMPLE_PARAMS: dict[str, Any] = {
    "ball": "blue",
    "ball_on": "green",
    "balls": ["blue", "pink"],
    "player": "Ann",
    "side": "B",
    "winner": "B",
    "sides": ["A"],
    "penalty": 5,
    "points": 7,
    "count": 2,
    "to": "above_pink_spot",
}
#: English words that must not appear in a sentence in another language ("point" is French too).
ENGLISH_WORDS = re.compile(
    r"\b(the|ball|balls|cue|foul|penalty|spot|stroke|striker|red|blue|pink|black|"
    r"green|yellow|brown|miss|frame|re-spotted|potted|turn|plays?|with|and|is|was)\b",
    re.IGNORECASE,
)


def example_params(code: str) -> dict[str, Any]:
    return {name: EXAMPLE_PARAMS[name] for name in rules_engine.TRAIL_CODES[code].params}


def templates(code: str, language: str) -> list[str]:
    """The sentence of ``code`` in ``language`` as msgstr, every plural form it has."""
    message = ex.SENTENCES[code]
    with translation.override(language):
        if not isinstance(message, Promise):
            # one, few, many (ru, pl); 1 and 2 in the other languages
            return [message(n) for n in (1, 2, 5, 21, 22, 25)]
        return [str(message)]


def placeholder_param(name: str) -> str:
    """``ball_gen`` -> ``ball``: the param a (possibly declined) placeholder fills from."""
    for suffix in ex.GRAMMATICAL_CASES:
        if suffix and name.endswith(suffix):
            return name[: -len(suffix)]
    return name


# --- one sentence for every code ---------------------------------------------------------


def test_every_trail_code_has_a_sentence_and_no_sentence_lacks_a_code():
    assert set(ex.SENTENCES) == set(rules_engine.TRAIL_CODES)


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("code", sorted(rules_engine.TRAIL_CODES))
def test_sentence_uses_only_the_params_of_its_code(code, language):
    params = set(rules_engine.TRAIL_CODES[code].params)
    for template in templates(code, language):
        used = {placeholder_param(name) for name in PLACEHOLDER.findall(template)}
        assert used <= params, f"{code} ({language}) uses {used - params}, not params of the code"
        # Declined forms exist only for balls.
        for name in PLACEHOLDER.findall(template):
            if name != placeholder_param(name):
                assert PARAM_KINDS[placeholder_param(name)] in ("ball", "ball_on", "balls"), name


@pytest.mark.parametrize("code", sorted(rules_engine.TRAIL_CODES))
def test_english_sentence_names_every_ball_side_and_number_of_its_code(code):
    # A param the sentence never shows would be information lost to the reader.
    used = {placeholder_param(name) for name in PLACEHOLDER.findall(templates(code, "en")[0])}
    assert used == set(rules_engine.TRAIL_CODES[code].params)


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("code", sorted(rules_engine.TRAIL_CODES))
def test_sentence_renders_with_example_params(code, language):
    with translation.override(language):
        text = ex.explain_step(code, example_params(code))
    assert text and "%(" not in text and ")s" not in text
    assert text[0] == text[0].upper()
    if language != "en":
        with translation.override("en"):
            english = ex.explain_step(code, example_params(code))
        assert text != english, f"{code} is not translated into {language}"
        assert not ENGLISH_WORDS.search(text), f"English in {language}: {text}"
    if language == "fa":
        assert not re.search(r"[0-9]", text), f"Latin digits in Persian: {text}"


def test_sentences_fill_balls_sides_numbers_and_spots_translated():
    params = {"ball": "blue", "to": "above_pink_spot"}
    with translation.override("en"):
        assert ex.explain_step("respot_towards_top_cushion", params) == (
            "Every spot is occupied: the blue is re-spotted as near as possible to the pink spot, "
            "towards the top cushion."
        )
    with translation.override("ru"):
        assert ex.explain_step("first_contact_not_on", {"ball": "blue", "penalty": 5}) == (
            "Биток первым задел синий — неочередной шар: фол, штраф 5 очков."
        )
        # The genitive where the verb asks for it.
        assert "касается синего" in ex.explain_step("touching_ball_on", {"ball": "blue"})
    with translation.override("pl"):
        assert ex.explain_step("first_contact_not_on", {"ball": "blue", "penalty": 5}) == (
            "Bila biała najpierw trafiła w Niebieską, bilę nierozgrywaną: faul, kara 5 punktów."
        )
        assert "Punkt Niebieskiej jest zajęty" in ex.explain_step(
            "respot_highest_available", {"ball": "blue", "to": "brown_spot"}
        )
        assert "na punkcie Brązowej" in ex.explain_step(
            "respot_highest_available", {"ball": "blue", "to": "brown_spot"}
        )
    with translation.override("fa"):
        text = ex.explain_step("penalty_to_opponent", {"side": "B", "penalty": 7})
        assert "۷ امتیاز" in text and "B" in text
    with translation.override("fr"):
        text = ex.explain_step("simultaneous", {"balls": ["blue", "pink"], "penalty": 6})
        assert "la bleue et la rose" in text and "pénalité de 6\u00a0points" not in text
        assert "pénalité de 6 points" in text


def test_unknown_trail_code_or_missing_param_is_a_clear_value_error():
    with pytest.raises(ValueError, match="no sentence for trail code 'made_up'"):
        ex.explain_step("made_up", {})
    with pytest.raises(ValueError, match="trail code 'respot_own_spot' lacks the param 'ball'"):
        ex.explain_step("respot_own_spot", {})


# --- plurals --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        ("en", {1: "1 point", 2: "2 points", 5: "5 points"}),
        ("fr", {0: "0 point", 1: "1 point", 2: "2 points"}),
        ("ru", {1: "1 очко", 2: "2 очка", 5: "5 очков", 11: "11 очков", 21: "21 очко"}),
        ("pl", {1: "1 punkt", 2: "2 punkty", 5: "5 punktów", 12: "12 punktów", 22: "22 punkty"}),
        ("fa", {1: "۱ امتیاز", 7: "۷ امتیاز", 147: "۱۴۷ امتیاز"}),
    ],
)
def test_points_take_every_plural_form(language, expected):
    with translation.override(language):
        assert {n: ex.points_phrase(n) for n in expected} == expected


@pytest.mark.parametrize(
    ("language", "count", "fragment"),
    [
        ("ru", 1, "сыгран 1 красный"),
        ("ru", 2, "сыграны 2 красных"),
        ("ru", 5, "сыграно 5 красных"),
        ("pl", 1, "wbito 1 Czerwoną"),
        ("pl", 3, "wbito 3 Czerwone"),
        ("pl", 5, "wbito 5 Czerwonych"),
        ("en", 1, "1 red was potted"),
        ("en", 3, "3 reds were potted"),
    ],
)
def test_sentences_with_a_count_take_its_plural_form(language, count, fragment):
    with translation.override(language):
        text = ex.explain_step("potted_reds_score", {"count": count, "points": count})
    assert fragment in text


@pytest.mark.parametrize(
    ("language", "one", "several"),
    [
        ("en", "touching 1 ball that is or could be on (the red)", "(2 reds and the blue)"),
        ("fr", "collée à 1 bille qui est ou peut être", "(2 rouges et la bleue)"),
        ("ru", "касаясь 1 шара, который", "касаясь 3 шаров, которые"),
        ("fa", "به ۱ توپ چسبیده", "(۲ توپ قرمز و توپ آبی)"),
        ("pl", "dotykając 1 bili, która", "(2 Czerwone i Niebieska)"),
    ],
)
def test_touching_ball_call_names_each_red_and_counts_the_balls(language, one, several):
    # 3.8(a): the referee names every ball the cue ball touches, two reds as two.
    with translation.override(language):
        single = ex.explain_step("touching_ball_called", {"balls": ["red"], "count": 1})
        params = {"balls": ["red", "red", "blue"], "count": 3}
        many = ex.explain_step("touching_ball_called", params)
    assert one in single
    assert several in many
    assert single != many


@pytest.mark.parametrize(
    ("language", "fragment"),
    [("en", "2 reds"), ("ru", "2 красных"), ("pl", "2 Czerwone"), ("fr", "2 rouges"),
     ("fa", "۲ توپ قرمز")],
)
def test_a_red_named_twice_in_a_list_is_counted(language, fragment):
    with translation.override(language):
        text = ex.explain_step("touching_ball_not_on_not_called", {"balls": ["red", "red"]})
    assert fragment in text and text.count(fragment[2:]) == 1


# --- rule labels ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("language", "rule", "label"),
    [
        ("en", "3.10(c)", "Section 3, rule 10(c)"),
        ("fr", "3.10(c)", "Section 3, règle 10(c)"),
        ("ru", "3.10(c)", "Правило 10(c) части 3"),
        ("pl", "3.10(c)", "Część 3, punkt 10(c)"),
        ("fa", "3.10(c)", "فصل ۳، قانون ۱۰(پ)"),
        ("en", "3.14(c)(ii)", "Section 3, rule 14(c)(ii)"),
        ("fa", "3.14(c)(ii)", "فصل ۳، قانون ۱۴(پ)(۲)"),
        ("ru", "3.7", "Правило 7 части 3"),
        ("en", "3.12", "Section 3, rule 12"),
    ],
)
def test_rule_label_cites_the_rule_as_the_rule_texts_do(language, rule, label):
    with translation.override(language):
        assert ex.rule_label(rule) == label


def test_every_rule_of_the_trail_codes_gets_a_label_in_every_language():
    for language in LANGUAGES:
        with translation.override(language):
            for trail_code in rules_engine.TRAIL_CODES.values():
                label = ex.rule_label(trail_code.rule)
                assert label != trail_code.rule
                if language == "fa":
                    assert not re.search(r"[0-9a-z]", label), label


# --- labels of the engine's domain ---------------------------------------------------------

DOMAIN = [
    (ex.ball_label, rules_engine.BALLS),
    (ex.call_label, rules_engine.CALLS),
    (ex.option_label, rules_engine.NEXT_OPTIONS),
    (ex.respot_label, rules_engine.RESPOT_TARGETS),
    (ex.frame_reason_label, rules_engine.FRAME_REASONS),
    (ex.ball_on_label, ("red", "colour", *rules_engine.COLOURS)),
]


@pytest.mark.parametrize(("label", "values"), DOMAIN, ids=lambda v: getattr(v, "__name__", ""))
def test_every_domain_value_has_a_distinct_label_in_every_language(label, values):
    for language in LANGUAGES:
        with translation.override(language):
            labels = [label(value) for value in values]
        assert len(set(labels)) == len(values), f"{label.__name__} ({language}): {labels}"
        assert not set(labels) & set(values) - {"A", "B"}, f"raw code shown in {language}"
        if language != "en":
            with translation.override("en"):
                english = [label(value) for value in values]
            same = [a for a, b in zip(labels, english, strict=True) if a == b]
            assert not same, f"{label.__name__} untranslated in {language}: {same}"


def test_ball_names_follow_the_glossary():
    expected = {
        "fr": ["Rouge", "Jaune", "Verte", "Marron", "Bleue", "Rose", "Noire"],
        "ru": ["Красный", "Жёлтый", "Зелёный", "Коричневый", "Синий", "Розовый", "Чёрный"],
        "fa": ["قرمز", "زرد", "سبز", "قهوه\u200cای", "آبی", "صورتی", "مشکی"],
        "pl": ["Czerwona", "Żółta", "Zielona", "Brązowa", "Niebieska", "Różowa", "Czarna"],
    }
    for language, names in expected.items():
        with translation.override(language):
            assert [ex.ball_label(ball) for ball in ("red", *rules_engine.COLOURS)] == names


@pytest.mark.parametrize(
    ("language", "joined"),
    [
        ("fa", "قهوه\u200cای، آبی، صورتی و مشکی"),  # no comma before «و», no RLM after «،»
        ("fr", "marron, bleue, rose et noire"),
        ("pl", "Brązowa, Niebieska, Różowa i Czarna"),
    ],
)
def test_lists_are_joined_as_the_language_writes_them(language, joined):
    with translation.override(language):
        words = [ex.ball_word(ball) for ball in ("brown", "blue", "pink", "black")]
    assert ex.format_list(words, language=language) == joined
    assert ex.format_list(words[:1], language=language) == words[0]


def test_unknown_domain_value_is_a_clear_value_error():
    with pytest.raises(ValueError, match="unknown call: 'shout'"):
        ex.call_label("shout")


# --- a real decision, end to end -----------------------------------------------------------


def test_the_conformance_cases_are_there_to_explain():
    assert len(CASES) >= 80, "tests/cases is missing"


@pytest.mark.parametrize("path", CASES, ids=lambda p: p.stem)
def test_engine_decisions_are_explained_step_by_step_in_every_language(path):
    decision = rules_engine.judge(rules_engine.load_case(json.loads(path.read_text()))).to_dict()
    for language in LANGUAGES:
        with translation.override(language):
            steps = ex.explain(decision)
        assert [step.rule for step in steps] == [step["rule"] for step in decision["trail"]]
        for step in steps:
            assert step.text and "%(" not in step.text
            if language != "en":
                assert not ENGLISH_WORDS.search(step.text), f"English in {language}: {step.text}"


def test_a_decision_explained_end_to_end():
    case = {
        "format": "snooker-referee-case/1",
        "id": "blue-on-occupied-spot",
        "state": {"reds": 5, "ball_on": "colour", "occupied_spots": ["blue", "pink", "black"]},
        "stroke": {"nominated": "blue", "first_contact": ["blue"], "potted": ["blue"]},
    }
    decision = rules_engine.judge(rules_engine.load_case(case)).to_dict()
    with translation.override("en"):
        english = {step.text for step in ex.explain(decision)}
    with translation.override("ru"):
        russian = ex.explain(decision)
    assert "The striker nominated the blue as the colour on." in english
    assert any("точку коричневого" in step.text for step in russian), [s.text for s in russian]
    assert {step.rule_label for step in russian} >= {"Правило 7(d) части 3"}


def test_examples_in_the_docstrings_hold():
    result = doctest.testmod(ex)
    assert result.attempted > 0 and result.failed == 0
