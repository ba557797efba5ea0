"""load_case: defaults, derived facts, and a clear problem with its JSON path for every impossible
case."""

from __future__ import annotations

from typing import Any

import pytest

from rules_engine import CaseError, load_case
from rules_engine.balls import COLOURS
from tests.engine.conftest import FULL_TABLE, make_case


def problems(data: dict[str, Any]) -> dict[str, str]:
    with pytest.raises(CaseError) as caught:
        load_case(data)
    assert caught.value.problems, "a CaseError lists its problems"
    return {problem.path: problem.message for problem in caught.value.problems}


def test_defaults_are_the_start_of_a_frame() -> None:
    state = load_case(make_case({}, {"first_contact": ["red"]})).state
    assert (state.players, state.striker, state.breaker, state.reds, state.colours) == (
        ("A", "B"),
        "A",
        "A",
        15,
        COLOURS,
    )
    assert (state.ball_on, dict(state.scores), state.misses, state.free_ball) == (
        "red",
        {"A": 0, "B": 0},
        0,
        False,
    )


def test_ball_on_is_derived_from_the_table() -> None:
    state = load_case(
        make_case({"reds": 0, "colours": ["brown", "blue", "pink", "black"]}, {"first_contact": []})
    ).state
    assert state.ball_on == "brown"


def test_positions_give_reds_colours_and_in_hand() -> None:
    state = load_case(
        make_case(
            {"positions": {"red": [[889, 2400], [700, 2500]], **FULL_TABLE}},
            {"first_contact": ["red"]},
        )
    ).state
    assert (state.reds, state.colours, state.in_hand) == (2, COLOURS, True)


@pytest.mark.parametrize(
    ("state", "stroke", "path", "words"),
    [
        (
            {"reds": 3, "colours": ["yellow", "green", "brown", "blue", "pink"]},
            {"first_contact": []},
            "state.colours",
            "missing: black",
        ),
        (
            {"reds": 3, "ball_on": "yellow"},
            {"first_contact": []},
            "state.ball_on",
            "while reds remain",
        ),
        (
            {"reds": 0, "colours": ["blue", "pink", "black"], "ball_on": "pink"},
            {"first_contact": []},
            "state.ball_on",
            "ascending order",
        ),
        (
            {"reds": 0, "colours": ["yellow", "black"]},
            {"first_contact": []},
            "state.colours",
            "ascending order",
        ),
        ({"reds": 0, "colours": []}, {"first_contact": []}, "state.colours", "frame is over"),
        ({"reds": 16}, {"first_contact": []}, "state.reds", "0 to 15"),
        ({"reds": True}, {"first_contact": []}, "state.reds", "0 to 15"),
        ({"striker": "C"}, {"first_contact": []}, "state.striker", "not one of the players"),
        ({"breaker": "Zed"}, {"first_contact": []}, "state.breaker", "not one of the players"),
        ({"scores": {"A": -3}}, {"first_contact": []}, "state.scores.A", "zero or more"),
        ({"scores": {"C": 3}}, {"first_contact": []}, "state.scores.C", "not a side"),
        ({"players": ["A"]}, {"first_contact": []}, "state.players", "two different"),
        ({"players": ["A", "B", "C"]}, {"first_contact": []}, "state.sides", "two players"),
        (
            {"players": ["Ann", "Bo", "Cal", "Dee"], "sides": {"A": ["Ann"], "B": ["Bo", "Dee"]}},
            {"first_contact": []},
            "state.sides",
            "'Cal'",
        ),
        ({"misses": 3}, {"first_contact": []}, "state.misses", "0, 1 or 2"),
        ({"free_ball": "yes"}, {"first_contact": []}, "state.free_ball", "true or false"),
        (
            {"ball_on": "colour", "free_ball": True},
            {"first_contact": []},
            "state.free_ball",
            "starts a turn",
        ),
        (
            {"ball_on": "colour", "in_hand": True},
            {"first_contact": []},
            "state.in_hand",
            "stayed on the table",
        ),
        ({"respotted_black": True}, {"first_contact": []}, "state.respotted_black", "black alone"),
        (
            {"reds": 0, "colours": ["black"], "respotted_black": True, "scores": {"A": 7}},
            {"first_contact": []},
            "state.respotted_black",
            "level",
        ),
        (
            {"reds": 0, "colours": ["pink", "black"], "touching": ["blue"]},
            {"first_contact": []},
            "state.touching[0]",
            "not on the table",
        ),
        ({"touching": ["white"]}, {"first_contact": []}, "state.touching[0]", "must be one of"),
        (
            {"occupied_spots": ["red"]},
            {"first_contact": []},
            "state.occupied_spots[0]",
            "must be one of",
        ),
        ({"score": {}}, {"first_contact": []}, "state.score", "unknown field"),
        ({}, {}, "stroke.first_contact", "required"),
        ({}, {"first_contact": ["red", "blue", "pink"]}, "stroke.first_contact", "at most two"),
        ({}, {"first_contact": ["cue"]}, "stroke.first_contact[0]", "must be one of"),
        ({"reds": 1}, {"first_contact": ["red", "red"]}, "stroke.first_contact", "fewer than two"),
        (
            {"reds": 0, "colours": ["pink", "black"]},
            {"first_contact": ["blue"]},
            "stroke.first_contact[0]",
            "not on the table",
        ),
        (
            {"reds": 2},
            {"first_contact": ["red"], "potted": ["red", "red", "red"]},
            "stroke.potted",
            "only 2",
        ),
        (
            {},
            {"first_contact": ["red"], "potted": ["pink"], "off_table": ["pink"]},
            "stroke.potted",
            "only 1",
        ),
        ({}, {"first_contact": ["red"], "cue_ball": "pocket"}, "stroke.cue_ball", "must be one of"),
        (
            {},
            {"first_contact": ["red"], "infringements": ["sneezed"]},
            "stroke.infringements[0]",
            "unknown",
        ),
        (
            {},
            {"first_contact": ["red"], "infringements": ["missed_all"]},
            "stroke.infringements[0]",
            "derived",
        ),
        (
            {},
            {"first_contact": ["red"], "infringements": ["touched"]},
            "stroke.infringements[0]",
            "touched:pink",
        ),
        (
            {},
            {"first_contact": ["red"], "infringements": ["double_hit:pink"]},
            "stroke.infringements[0]",
            "does not name a ball",
        ),
        ({}, {"first_contact": ["red"], "nominated": "blue"}, "stroke.nominated", "no free ball"),
        (
            {"reds": 0},
            {"first_contact": ["green"], "nominated": "green"},
            "stroke.nominated",
            "yellow is on",
        ),
        (
            {},
            {"first_contact": ["red"], "path_to_ball_on": "some"},
            "stroke.path_to_ball_on",
            "must be one of",
        ),
        (
            {},
            {"first_contact": ["red"], "free_ball_snookers": True},
            "stroke.free_ball_snookers",
            "no free ball",
        ),
        (
            {},
            {"first_contact": ["red"], "touching_moved": "striker"},
            "stroke.touching_moved",
            "touching",
        ),
        (
            {},
            {"struck": False, "first_contact": ["red"]},
            "stroke.first_contact",
            "no stroke was made",
        ),
        ({}, {"struck": False}, "stroke.infringements", "at least one"),
        ({}, {"first_contact": ["red"], "edge": {"ball": "pink"}}, "stroke.edge.fell", "required"),
        (
            {},
            {
                "first_contact": ["red"],
                "potted": ["pink"],
                "edge": {"ball": "pink", "fell": "unhit"},
            },
            "stroke.edge.ball",
            "never also listed",
        ),
        ({}, {"first_contact": ["red"], "spin": "top"}, "stroke.spin", "unknown field"),
    ],
)
def test_impossible_case_names_the_field(
    state: dict[str, Any], stroke: dict[str, Any], path: str, words: str
) -> None:
    found = problems(make_case(state, stroke))
    assert path in found, found
    assert words in found[path]


@pytest.mark.parametrize(
    ("positions", "path", "words"),
    [
        (
            {"white": [889, 1000], "red": [[889, 1030]], **FULL_TABLE},
            "state.positions.red[0]",
            "overlaps",
        ),
        ({"white": [10, 1000], **FULL_TABLE}, "state.positions.white", "playing surface"),
        ({"white": [889, 3600], **FULL_TABLE}, "state.positions.white", "playing surface"),
        ({"white": [889, "x"], **FULL_TABLE}, "state.positions.white", "[x, y]"),
        (
            {
                "white": [300, 300],
                "red": [[889, 2400]],
                **{k: v for k, v in FULL_TABLE.items() if k != "pink"},
            },
            "state.colours",
            "missing: pink",
        ),
        (
            {"white": [300, 300], "cue": [1, 1], **FULL_TABLE},
            "state.positions.cue",
            "unknown field",
        ),
    ],
)
def test_impossible_positions(positions: dict[str, Any], path: str, words: str) -> None:
    found = problems(make_case({"positions": positions}, {"first_contact": []}))
    assert path in found, found
    assert words in found[path]


def test_stated_facts_must_agree_with_positions() -> None:
    positions = {"white": [889, 1300], "red": [[889, 2400]], **FULL_TABLE}
    assert (
        "positions place 1 reds"
        in problems(make_case({"positions": positions, "reds": 2}, {"first_contact": ["blue"]}))[
            "state.reds"
        ]
    )
    found = problems(
        make_case(
            {"positions": positions, "touching": ["blue"], "occupied_spots": []},
            {"first_contact": ["blue"]},
        )
    )
    assert {"state.touching[0]", "state.occupied_spots"} <= set(found)
    only_path = problems(
        make_case({"positions": positions}, {"first_contact": ["blue"], "path_to_ball_on": "full"})
    )
    assert "positions give 'none'" in only_path["stroke.path_to_ball_on"]


def test_positions_after_must_follow_from_the_stroke() -> None:
    positions = {"white": [889, 1300], "red": [[889, 2400], [300, 2400]], **FULL_TABLE}
    after = {"white": [700, 1300], "red": [[889, 2400], [300, 2400]], **FULL_TABLE}
    found = problems(
        make_case(
            {"positions": positions},
            {"first_contact": ["red"], "potted": ["red", "pink"], "positions_after": after},
        )
    )
    assert "must place 1 reds" in found["stroke.positions_after.red"]
    assert "pink" in found["stroke.positions_after.pink"]


@pytest.mark.parametrize(
    ("top", "path", "words"),
    [
        ({"format": "snooker-case/2"}, "format", "snooker-referee-case/1"),
        ({"id": "has space"}, "id", "slug"),
        ({"ruleset": "wpbsa-1900"}, "ruleset", "unknown ruleset"),
        ({"procedure": {"kind": "claim"}}, "stroke", "exactly one"),
        ({"expect": {"legal": True, "verdict": "fine"}}, "expect.verdict", "unknown field"),
        ({"expect": {"calls": ["foul", "shout"]}}, "expect.calls[1]", "unknown call"),
        ({"expect": {"fouls": ["bad_manners"]}}, "expect.fouls[0]", "unknown foul"),
    ],
)
def test_top_level_problems(top: dict[str, Any], path: str, words: str) -> None:
    data = make_case({}, {"first_contact": ["red"]})
    data.update(top)
    found = problems(data)
    assert path in found and words in found[path], found


def test_every_problem_is_reported_at_once() -> None:
    found = problems(
        make_case({"reds": 20, "striker": "Q", "scores": {"A": -1}}, {"first_contact": ["red"]})
    )
    assert {"state.reds", "state.striker", "state.scores.A"} <= set(found)


@pytest.mark.parametrize(
    ("state", "procedure", "path"),
    [
        ({"striker": "A"}, {"kind": "concede", "side": "B"}, "procedure.side"),
        ({}, {"kind": "concede", "side": "Z"}, "procedure.side"),
        (
            {"reds": 0, "colours": ["black"], "scores": {"A": 50, "B": 45}},
            {"kind": "claim"},
            "procedure",
        ),
        ({"reds": 2, "scores": {"A": 90}}, {"kind": "claim"}, "procedure"),
        ({}, {"kind": "resign"}, "procedure.kind"),
        ({}, {"kind": "stalemate", "side": "A"}, "procedure.side"),
    ],
)
def test_procedure_problems(state: dict[str, Any], procedure: dict[str, Any], path: str) -> None:
    assert path in problems(make_case(state, None, procedure=procedure))


def test_not_an_object() -> None:
    assert "(case)" in problems([1, 2])  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("state", "stroke", "words"),
    [
        ({"reds": 9}, {"struck": False, "cue_ball_placed": True, "infringements": ["measured"]},
         "was not in hand"),
        ({"reds": 9, "in_hand": True}, {"cue_ball_placed": True, "first_contact": ["red"]},
         "only for a foul before the stroke"),
        ({"reds": 9, "in_hand": True},
         {"struck": False, "cue_ball_placed": "yes", "infringements": ["measured"]},
         "must be true or false"),
    ],
)
def test_cue_ball_placed_only_for_a_foul_before_a_stroke_from_in_hand(
    state: dict[str, Any], stroke: dict[str, Any], words: str
) -> None:
    with pytest.raises(CaseError) as caught:
        load_case(make_case(state, stroke))
    assert [p.path for p in caught.value.problems] == ["stroke.cue_ball_placed"]
    assert words in str(caught.value)
