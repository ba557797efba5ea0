"""Stroke accounts (frames/accounts.py): every stroke of every frame is told in the five
languages, with no English left, and the account never gives the ruling."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from django.utils import translation

from frames.accounts import _INFRINGEMENTS, describe_choice, describe_stroke
from quiz.explain import call_label
from rules_engine import load_frame
from rules_engine.frame import iter_frame

ROOT = Path(__file__).resolve().parents[2]
FRAME_FILES = sorted((ROOT / "fixtures" / "frames").glob("*.json")) + sorted(
    (ROOT / "tests" / "frames").glob("*.json")
)
LANGUAGES = ("en", "fr", "ru", "fa", "pl")
#: Calls an account must never announce (the trainee calls them).
RULINGS = ("foul", "miss", "replay", "frame_awarded", "restart")


def judged_steps() -> Iterator[tuple[str, dict[str, Any], dict[str, Any], Any]]:
    """(where, state before, the frame file's entry, decision) for every stroke of the bank."""
    for path in FRAME_FILES:
        data = json.loads(path.read_text(encoding="utf-8"))
        for judged in iter_frame(load_frame(data)):
            yield (
                f"{path.name}[{judged.index}]",
                judged.case.state.to_dict(),
                data["strokes"][judged.index],
                judged.decision,
            )


def told(state: dict[str, Any], step: dict[str, Any]) -> dict[str, list[str]]:
    accounts = {}
    for language in LANGUAGES:
        with translation.override(language):
            accounts[language] = describe_stroke(state=state, step=step) + describe_choice(
                state=state, step=step
            )
    return accounts


def english_left(accounts: dict[str, list[str]]) -> list[str]:
    """Sentences of another language that are the English sentence unchanged."""
    english = set(accounts["en"])
    return [
        f"{language}: {sentence!r}"
        for language in LANGUAGES[1:]
        for sentence in accounts[language]
        if sentence in english
    ]


#: One made-up stroke per fact the account tells that the bank may not hold (every
#: infringement code, the stroke not made, two balls struck together, forced off, the claim).
MADE_UP = [
    (
        {"ball_on": "red", "reds": 3},
        {
            "stroke": {
                "first_contact": ["red"],
                "infringements": [f"{code}:blue" if code in ("touched", "moved_by_hand") else code],
            }
        },
    )
    for code in _INFRINGEMENTS
] + [
    (
        {"in_hand": True, "reds": 5},
        {"stroke": {"struck": False, "cue_ball_placed": True, "infringements": ["touched:red"]}},
    ),
    ({"in_hand": True, "reds": 5}, {"stroke": {"struck": False, "infringements": ["touched:red"]}}),
    (
        {"reds": 5},
        {
            "stroke": {
                "first_contact": ["red", "blue"],
                "off_table": ["red", "blue"],
                "cue_ball": "off_table",
            }
        },
    ),
    ({"reds": 5}, {"stroke": {"first_contact": ["red"], "infringements": ["balls_moving:pink"]}}),
    (
        {"reds": 0, "colours": ["black"], "scores": {"A": 50, "B": 30}},
        {"procedure": {"kind": "claim"}},
    ),
    (
        {"reds": 4, "misses": 1, "free_ball": True},
        {
            "stroke": {
                "nominated": "blue",
                "first_contact": ["blue"],
                "path_to_ball_on": "partial",
                "best_attempt": False,
            },
            "touching_after": ["red", "red"],
            "choice": "offender_again",
        },
    ),
    (
        {"reds": 0, "colours": ["black"], "respotted_black": True, "unspotted_colour": None},
        {"stroke": {"first_contact": ["black"]}, "lot": "B"},
    ),
]


def test_the_bank_has_frames_to_tell():
    assert len(FRAME_FILES) >= 11


def test_every_stroke_of_the_bank_is_told_in_five_languages_with_no_english_left():
    problems = []
    told_strokes = 0
    for where, state, step, _decision in judged_steps():
        accounts = told(state, step)
        told_strokes += 1
        if any(not accounts[language] for language in LANGUAGES):
            problems.append(f"{where}: an empty account")
        problems += [f"{where}: {left}" for left in english_left(accounts)]
    assert told_strokes >= 600
    assert problems == []


@pytest.mark.parametrize("state, step", MADE_UP)
def test_every_fact_is_told_in_five_languages(state, step):
    accounts = told({"players": ["A", "B"], "striker": "A", **state}, step)
    assert all(accounts[language] for language in LANGUAGES)
    assert english_left(accounts) == []


def test_an_infringement_is_told_as_what_was_seen():
    with translation.override("en"):
        account = describe_stroke(
            state={"striker": "B", "players": ["A", "B"]},
            step={"stroke": {"first_contact": ["red"], "infringements": ["touched:pink"]}},
        )
    assert account == [
        "B plays.",
        "The cue ball strikes a red first.",
        "B touches the pink with his sleeve.",
        "After the stroke, A is not snookered.",
    ]


def test_the_path_is_told_when_the_cue_ball_fails_to_hit_a_ball_on():
    state = {"striker": "A", "players": ["A", "B"], "reds": 6, "ball_on": "red"}
    with translation.override("en"):
        missed = describe_stroke(
            state=state, step={"stroke": {"first_contact": ["blue"], "path_to_ball_on": "full"}}
        )
        hit = describe_stroke(state=state, step={"stroke": {"first_contact": ["red"]}})
    assert "A is not snookered: both edges of a ball on can be hit." in missed
    assert not any(sentence.startswith("A is") for sentence in hit)


def test_whether_the_incoming_player_is_snookered_is_told_when_the_turn_may_pass():
    state = {"striker": "A", "players": ["A", "B"], "reds": 6, "ball_on": "red"}
    with translation.override("en"):
        safety = describe_stroke(state=state, step={"stroke": {"first_contact": ["red"]}})
        pot = describe_stroke(
            state=state, step={"stroke": {"first_contact": ["red"], "potted": ["red"]}}
        )
        stated = describe_stroke(
            state=state,
            step={"stroke": {"first_contact": [], "snookered_after": True}},
        )
    assert safety[-1] == "After the stroke, B is not snookered."
    assert not any("snookered" in sentence for sentence in pot)
    assert stated[-1] == "After the stroke, B is snookered."


def test_no_account_gives_the_ruling():
    problems = []
    for where, state, step, _decision in judged_steps():
        # (the fouls and misses already called from this position are history, told as such)
        before = {**state, "misses": 0}
        for language in LANGUAGES:
            with translation.override(language):
                account = " ".join(describe_stroke(state=before, step=step)).casefold()
                labels = [str(call_label(call)).casefold() for call in RULINGS]
            problems += [f"{where} ({language}): {label}" for label in labels if label in account]
    assert problems == []
