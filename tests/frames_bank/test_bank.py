"""The frames bank (fixtures/frames/): enough frames, in both editions, every one proved by the
engine, and between them every kind of stroke a referee must call (found in the engine's
decisions, not listed by hand)."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

from rules_engine import CALLS, load_frame
from rules_engine.balls import FOUL_CLASSES
from rules_engine.frame import JudgedStroke, iter_frame, judge_frame

BANK = Path(__file__).resolve().parents[2] / "fixtures" / "frames"


@cache
def bank() -> dict[str, tuple[dict[str, Any], tuple[JudgedStroke, ...]]]:
    """Each file's data and its strokes as the engine judges them."""
    judged = {}
    for path in sorted(BANK.glob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        judged[path.name] = (data, tuple(iter_frame(load_frame(data))))
    return judged


def every_stroke() -> list[JudgedStroke]:
    return [stroke for _, strokes in bank().values() for stroke in strokes]


def test_the_bank_has_enough_frames_and_strokes():
    lengths = {name: len(data["strokes"]) for name, (data, _) in bank().items()}
    assert len(lengths) >= 24
    assert sum(lengths.values()) >= 600
    assert {name: n for name, n in lengths.items() if not 8 <= n <= 60} == {}


def test_every_file_is_proved_by_the_engine_stroke_by_stroke():
    problems = []
    for name, (data, _) in bank().items():
        assert data["id"] == name.removesuffix(".json")
        result = judge_frame(load_frame(data))
        problems += [f"{name}: {where}: {difference}" for where, difference in result.differences]
        problems += [
            f"{name}: strokes[{index}] has no expect"
            for index, step in enumerate(data["strokes"])
            if not step.get("expect")
        ]
    assert problems == []


def test_both_editions_and_a_local_variant():
    editions = {data.get("ruleset", "wpbsa-2007") for data, _ in bank().values()}
    assert {"wpbsa-2007", "wpbsa-2014"} <= editions
    assert any(data.get("variants") for data, _ in bank().values())


def test_at_least_half_the_frames_have_the_balls_drawn_at_every_stroke():
    drawn = [
        name
        for name, (_, strokes) in bank().items()
        if all(stroke.case.state.positions is not None for stroke in strokes)
    ]
    assert len(drawn) * 2 >= len(bank())


def test_every_foul_of_section_3_and_every_call_appears():
    fouls = {foul.code for stroke in every_stroke() for foul in stroke.decision.fouls}
    calls = {call for stroke in every_stroke() for call in stroke.decision.calls}
    assert sorted(set(FOUL_CLASSES) - fouls) == []
    assert sorted(set(CALLS) - calls) == []


def test_the_frames_hold_what_a_referee_meets():
    strokes = every_stroke()
    reasons = {strokes_[-1].decision.frame.reason for _, strokes_ in bank().values()}
    procedures = {s.case.procedure.kind for s in strokes if s.case.procedure is not None}
    assert {"black_potted", "conceded", "foul_on_black", "third_miss", "claimed"} <= reasons
    assert {"stalemate", "concede"} <= procedures
    assert any(s.decision.next.warned for s in strokes)  # the three-miss warning
    assert any(len(members) > 1 for s in strokes for members in s.case.state.sides.values())


def test_breaks_pot_reds_and_colours_in_turn():
    longest = 0
    for _, strokes in bank().values():
        run = []
        for stroke in strokes:
            side = stroke.case.state.striker_side
            potted = stroke.case.stroke.potted if stroke.case.stroke is not None else ()
            if stroke.decision.legal and stroke.decision.points.get(side, 0) > 0:
                run += potted
            else:
                run = []
            reds, colours = run.count("red"), len(run) - run.count("red")
            longest = max(longest, min(reds, colours))
    assert longest >= 8  # a break of eight reds, each followed by a colour
