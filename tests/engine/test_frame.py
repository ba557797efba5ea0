"""Whole frames (rules_engine/frame.py): next_state, frame files judged decision by decision, the
``frame`` command."""

from __future__ import annotations

import importlib.util
import json
from io import StringIO
from pathlib import Path
from typing import Any

import pytest

from rules_engine import CaseError, State, judge, judge_frame, load_case, load_frame, next_state
from rules_engine.cli import main
from tests.engine.conftest import FULL_TABLE, make_case

FRAMES_DIR = Path(__file__).resolve().parents[1] / "frames"
FRAME_FILES = sorted(FRAMES_DIR.glob("*.json"))


def read(path: Path) -> dict[str, Any]:
    return json.loads(path.read_text(encoding="utf-8"))


# --- the frame files ------------------------------------------------------------------------


def test_there_are_ten_frames_or_more() -> None:
    assert len(FRAME_FILES) >= 10


@pytest.mark.parametrize("path", FRAME_FILES, ids=lambda p: p.stem)
def test_every_stroke_of_the_frame_gets_the_decision_expected(path: Path) -> None:
    data = read(path)
    assert all("expect" in entry for entry in data["strokes"]), "every stroke is checked"
    result = judge_frame(load_frame(data))
    assert result.differences == ()
    assert len(result.decisions) == len(data["strokes"])
    assert result.end.over and result.final_state is None
    # The frame starts where its file says (every file starts at a break-off, in hand).
    start = data["state"]
    assert result.states[0].in_hand is start["in_hand"] is True
    assert result.states[0].reds == start.get("reds", 15)
    assert dict(result.states[0].scores) == start.get("scores", {"A": 0, "B": 0})
    # Each stroke adds its points, and the next stroke begins with the scores it left.
    for before, decision, after in zip(
        result.states, result.decisions, result.states[1:], strict=False
    ):
        assert decision.scores == {
            side: before.scores[side] + decision.points.get(side, 0) for side in before.scores
        }
        assert dict(after.scores) == dict(decision.scores)
    assert dict(result.decisions[-1].scores) == data["expect_end"]["scores"]


@pytest.mark.parametrize("path", FRAME_FILES, ids=lambda p: p.stem)
def test_the_frame_files_are_what_their_builder_writes(path: Path) -> None:
    """tests/frames/build_frames.py writes them; a hand edit that the builder does not make
    would be lost the next time it runs."""
    spec = importlib.util.spec_from_file_location("build_frames", FRAMES_DIR / "build_frames.py")
    assert spec is not None and spec.loader is not None
    builder = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(builder)
    built = {frame.id: frame for frame in (build() for build in builder.FRAMES)}
    frame = built[path.stem]
    assert read(path) == {
        "format": "snooker-referee-frame/1",
        "id": frame.id,
        "state": frame.start,
        "strokes": frame.strokes,
        "expect_end": {**frame.over, "scores": frame.scores},
    }


def all_decisions() -> list[tuple[str, Any]]:
    found = []
    for path in FRAME_FILES:
        for decision in judge_frame(load_frame(read(path))).decisions:
            found.append((path.stem, decision))
    return found


def test_the_frames_cover_what_a_referee_meets() -> None:
    decisions = all_decisions()
    calls = {call for _, d in decisions for call in d.calls}
    codes = {step.code for _, d in decisions for step in d.trail}
    reasons = {d.frame.reason for _, d in decisions if d.frame.over}
    assert {"free_ball", "miss", "respotted_black", "replay"} <= calls
    assert {
        "warning_after_second_miss",
        "touching_ball_on",
        "cue_ball_placed_in_play",
        "free_ball_nominated_as_red",
        "four_handed_offender_plays_again",
    } <= codes
    assert {"black_potted", "foul_on_black", "conceded"} <= reasons


def test_the_miss_frame_has_the_balls_replaced_twice_and_the_warning() -> None:
    data = read(FRAMES_DIR / "miss-replaced-twice-warning.json")
    result = judge_frame(load_frame(data))
    replaced = [
        i for i, e in enumerate(data["strokes"]) if e.get("choice") == "replace_offender_again"
    ]
    assert len(replaced) == 2
    first, second = (result.decisions[i] for i in replaced)
    assert "miss" in first.calls and not first.next.warned
    assert "miss" in second.calls and second.next.warned
    assert [result.states[i + 1].misses for i in replaced] == [1, 2]
    assert result.states[replaced[1] + 1].striker == result.states[replaced[0]].striker


# --- the command ----------------------------------------------------------------------------


def run(*args: str) -> tuple[int, str, str]:
    out, err = StringIO(), StringIO()
    status = main(list(args), out=out, err=err)
    return status, out.getvalue(), err.getvalue()


def test_the_frame_command_prints_one_decision_per_stroke() -> None:
    path = FRAMES_DIR / "free-ball.json"
    status, out, err = run("frame", str(path))
    lines = out.splitlines()
    assert (status, err) == (0, "")
    assert len(lines) == len(read(path)["strokes"])
    assert all(json.loads(line)["format"] == "snooker-referee-decision/1" for line in lines)
    status, out, err = run("frame", "--check", *map(str, FRAME_FILES))
    assert (status, err) == (0, "")
    assert out.count(": ok (") == len(FRAME_FILES)


def write(tmp_path: Path, data: dict[str, Any]) -> str:
    path = tmp_path / "frame.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return str(path)


def short_frame(*strokes: dict[str, Any], **top: Any) -> dict[str, Any]:
    return {
        "format": "snooker-referee-frame/1",
        "id": "short",
        "state": {"reds": 0, "colours": ["pink", "black"], "scores": {"A": 30, "B": 20}},
        "strokes": list(strokes),
        **top,
    }


def test_a_colour_potted_that_is_no_longer_on_the_table_is_reported_with_its_stroke(tmp_path):
    pink = {"stroke": {"first_contact": ["pink"], "potted": ["pink"]}}
    status, out, err = run("frame", write(tmp_path, short_frame(pink, pink)))
    assert status == 2
    assert len(out.splitlines()) == 1  # the first stroke was judged
    assert err.splitlines() == [
        f"{tmp_path / 'frame.json'}: strokes[1].stroke.first_contact[0]: pink is not on the table",
        f"{tmp_path / 'frame.json'}: strokes[1].stroke.potted[0]: pink is not on the table",
    ]


def test_a_stroke_after_the_end_of_the_frame_is_reported(tmp_path):
    black = {"stroke": {"first_contact": ["black"], "potted": ["black"]}}
    frame = short_frame({"stroke": {"first_contact": ["pink"], "potted": ["pink"]}}, black, black)
    status, _, err = run("frame", write(tmp_path, frame))
    assert status == 2
    assert "strokes[2]: the frame ended (black_potted) with the stroke before" in err


def test_a_choice_the_next_player_does_not_have_is_reported(tmp_path):
    frame = short_frame(
        {"stroke": {"first_contact": ["pink"]}, "choice": "offender_again"},
    )
    status, _, err = run("frame", write(tmp_path, frame))
    assert status == 2
    assert "strokes[0].choice: 'offender_again' is not a choice after this stroke" in err


@pytest.mark.parametrize(
    ("frame", "path"),
    [
        ({"format": "snooker-referee-frame/1", "id": "x", "strokes": []}, "strokes"),
        ({"format": "x", "id": "x", "strokes": [{"stroke": {}}]}, "format"),
        (
            {"format": "snooker-referee-frame/1", "id": "x", "strokes": [{"strok": {}}]},
            "strokes[0].strok",
        ),
        (
            {
                "format": "snooker-referee-frame/1",
                "id": "x",
                "strokes": [{"stroke": {}, "choice": 3}],
            },
            "strokes[0].choice",
        ),
        (
            {
                "format": "snooker-referee-frame/1",
                "id": "x",
                "state": {"reds": 99},
                "strokes": [{"stroke": {"first_contact": []}}],
            },
            "state.reds",
        ),
    ],
)
def test_a_malformed_frame_file_names_the_field(tmp_path, frame, path):
    status, _, err = run("frame", write(tmp_path, frame))
    assert status == 2
    assert f"frame.json: {path}: " in err


# --- next_state -----------------------------------------------------------------------------


def decided(state: dict[str, Any], stroke: dict[str, Any]) -> tuple[Any, Any]:
    case = load_case(make_case(state, stroke))
    return case, judge(case)


def test_a_fair_pot_moves_the_score_and_keeps_the_striker() -> None:
    case, decision = decided(
        {"reds": 3, "scores": {"A": 10, "B": 4}},
        {"first_contact": ["red"], "potted": ["red", "red"]},
    )
    after = next_state(case.state, case.stroke, decision)
    assert after == State(reds=1, scores={"A": 12, "B": 4}, ball_on="colour")


def test_after_a_foul_the_next_player_plays_or_asks_the_offender_again() -> None:
    case, decision = decided(
        {"reds": 3},
        {"first_contact": ["black"], "path_to_ball_on": "none", "snookered_after": True},
    )
    played = next_state(case.state, case.stroke, decision)
    again = next_state(case.state, case.stroke, decision, choice="offender_again")
    assert (played.striker, played.free_ball, played.scores) == ("B", True, {"A": 0, "B": 7})
    assert (again.striker, again.free_ball) == ("A", False)  # the free ball lapses (3.10(f))
    with pytest.raises(ValueError, match="not a choice"):
        next_state(case.state, case.stroke, decision, choice="replace_offender_again")


def test_the_balls_replaced_after_a_miss_count_the_miss() -> None:
    case, decision = decided({"reds": 3, "misses": 1}, {"first_contact": ["blue"]})
    replaced = next_state(case.state, case.stroke, decision, choice="replace_offender_again")
    assert (replaced.striker, replaced.misses, replaced.reds) == ("A", 2, 3)
    assert replaced.scores == {"A": 0, "B": 5}


def test_positions_follow_the_stroke_and_the_respotted_colours() -> None:
    before = {"white": [889, 1400], "red": [[889, 2500], [400, 2900]], **FULL_TABLE}
    after = {"white": [700, 2000], "red": [[400, 2900]], **FULL_TABLE}
    del after["pink"]
    case, decision = decided(
        {"positions": before},
        {"first_contact": ["red"], "potted": ["red", "pink"], "positions_after": after},
    )
    state = next_state(case.state, case.stroke, decision)
    assert decision.penalty == 6 and state.striker == "B"
    assert state.positions.colour("pink") == decision.respots[0].position
    assert state.positions.white == (700.0, 2000.0) and state.reds == 1
    # the state reached is one load_case accepts, with the geometry worked out from it
    assert load_case(make_case(state.to_dict(), {"first_contact": ["red"]})).state == state


def test_the_cue_ball_in_off_is_in_hand_for_the_next_player() -> None:
    before = {"white": [889, 1400], "red": [[889, 2500]], **FULL_TABLE}
    after = {"red": [[889, 2500]], **FULL_TABLE}
    case, decision = decided(
        {"positions": before},
        {"first_contact": ["red"], "cue_ball": "potted", "positions_after": after},
    )
    state = next_state(case.state, case.stroke, decision)
    assert state.in_hand and state.positions.white is None


def test_a_stalemate_restart_starts_the_frame_again() -> None:
    case = load_case(
        make_case(
            {"reds": 2, "scores": {"A": 30, "B": 40}, "breaker": "B"},
            procedure={"kind": "stalemate", "all_agree_restart": True},
        )
    )
    state = next_state(case.state, case.procedure, judge(case))
    assert state == State(striker="B", breaker="B", in_hand=True)


def test_the_frame_over_leaves_no_state() -> None:
    case, decision = decided(
        {"reds": 0, "colours": ["black"], "scores": {"A": 40, "B": 20}},
        {"first_contact": ["black"], "potted": ["black"]},
    )
    assert next_state(case.state, case.stroke, decision) is None


def test_a_lot_must_name_a_player() -> None:
    case, decision = decided(
        {"reds": 0, "colours": ["black"], "scores": {"A": 33, "B": 40}},
        {"first_contact": ["black"], "potted": ["black"]},
    )
    assert next_state(case.state, case.stroke, decision, lot="B").striker == "B"
    with pytest.raises(ValueError, match="not one of the players"):
        next_state(case.state, case.stroke, decision, lot="Zed")


def test_a_frame_file_refuses_impossible_facts_with_a_case_error() -> None:
    frame = load_frame(short_frame({"stroke": {"first_contact": ["red"]}}))
    with pytest.raises(CaseError, match=r"strokes\[0\].stroke.first_contact\[0\]: red is not"):
        judge_frame(frame)


# --- local variants in a frame file (docs/frames.md) ---------------------------------------


def test_a_frame_naming_a_variant_applies_it_to_every_stroke() -> None:
    # A pots the pink (his break goes on), then misses the black: the break ends and B, 31
    # behind with 7 on the table, needs (31 + 1 - 7) / 7 -> 4 snookers: 3.4(d)* awards A.
    start = {"reds": 0, "colours": ["pink", "black"], "scores": {"A": 35, "B": 10}}
    strokes = [
        {"stroke": {"first_contact": ["pink"], "potted": ["pink"]}},
        {"stroke": {"first_contact": ["black"]}},
    ]
    frame = {"format": "snooker-referee-frame/1", "id": "v", "state": start, "strokes": strokes}
    plain = judge_frame(load_frame(frame))
    varied = judge_frame(load_frame({**frame, "variants": ["ru-2004-3.4d"]}))
    assert not plain.end.over
    assert (varied.end.over, varied.end.winner, varied.end.reason) == (
        True, "A", "snookers_needed",
    )  # fmt: skip
    assert [d.frame.over for d in varied.decisions] == [False, True]
    assert "3.4(d)*" not in varied.decisions[0].rules  # the pot continues the break
    assert varied.decisions[1].rules[-1] == "3.4(d)*"


@pytest.mark.parametrize("variants", [["ru-1999"], "ru-2004-3.4d", ["ru-2004-3.4d"] * 2])
def test_a_frame_naming_an_unknown_variant_is_refused(variants: Any) -> None:
    frame = short_frame({"stroke": {"first_contact": ["pink"]}}, variants=variants)
    with pytest.raises(CaseError) as caught:
        load_frame(frame)
    assert [p.path for p in caught.value.problems] == ["variants"]


def test_the_colour_being_spotted_is_spotted_when_the_balls_are_replaced_after_a_miss() -> None:
    state = {"reds": 5, "scores": {"A": 40, "B": 20}, "unspotted_colour": "blue"}
    stroke = {"first_contact": [], "infringements": ["early_stroke:blue"]}
    case, decision = decided(state, stroke)
    assert "miss" in decision.calls
    after = next_state(case.state, case.stroke, decision, choice="replace_offender_again")
    assert after is not None and after.unspotted_colour is None
    assert load_case(make_case(after.to_dict(), {"first_contact": ["red"]})).state == after


def test_the_deciding_frame_stays_the_deciding_frame_stroke_after_stroke() -> None:
    case = load_case(
        {"format": "snooker-referee-case/1", "id": "d", "variants": ["ru-2004-3.4d"],
         "state": {"reds": 0, "colours": ["blue", "pink", "black"], "ball_on": "blue",
                   "scores": {"A": 50, "B": 0}, "striker": "B", "deciding_frame": True},
         "stroke": {"first_contact": ["blue"]}}
    )  # fmt: skip
    decision = judge(case)
    assert not decision.frame.over
    after = next_state(case.state, case.stroke, decision)
    assert after is not None and after.deciding_frame is True
