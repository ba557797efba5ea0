"""compare_expectation: the --check semantics of spec section 6."""

from __future__ import annotations

from rules_engine import compare_expectation
from rules_engine.check import Difference

DECISION = {
    "legal": False,
    "penalty": 5,
    "calls": ["foul", "miss"],
    "points": {"A": 0, "B": 5},
    "fouls": [
        {"code": "first_contact_not_on", "ball": "blue", "penalty": 5, "rule": "3.12(b)"},
        {"code": "potted_not_on", "ball": "blue", "penalty": 5, "rule": "3.12(b)"},
    ],
    "respots": [{"ball": "blue", "to": "blue_spot", "position": [889.0, 1784.5]}],
    "replaced": ["black", "red"],
    "next": {"striker": "B", "options": ["play", "offender_again", "replace_offender_again"]},
    "assessment": {"needs_snookers": [], "touching": ["red", "blue"]},
    "rules": ["3.12(b)", "3.14(b)"],
}


def test_only_keys_in_expect_are_compared() -> None:
    assert compare_expectation({"penalty": 5}, DECISION) == []
    assert compare_expectation({"next": {"striker": "B"}}, DECISION) == []


def test_scalars_and_nested_objects_differ_key_by_key() -> None:
    assert compare_expectation({"penalty": 4, "points": {"B": 4}}, DECISION) == [
        Difference("penalty", 4, 5),
        Difference("points.B", 4, 5),
    ]


def test_lists_named_in_the_spec_compare_as_sets() -> None:
    expect = {
        "calls": ["miss", "foul"],
        "replaced": ["red", "black"],
        "rules": ["3.14(b)", "3.12(b)"],
        "next": {"options": ["replace_offender_again", "play", "offender_again"]},
        "assessment": {"touching": ["blue", "red"], "needs_snookers": []},
    }
    assert compare_expectation(expect, DECISION) == []
    assert compare_expectation({"calls": ["foul"]}, DECISION) == [
        Difference("calls", ["foul"], ["foul", "miss"])
    ]


def test_fouls_compare_by_codes_plain_or_objects() -> None:
    assert compare_expectation({"fouls": ["potted_not_on", "first_contact_not_on"]}, DECISION) == []
    assert (
        compare_expectation(
            {"fouls": [{"code": "potted_not_on"}, {"code": "first_contact_not_on"}]}, DECISION
        )
        == []
    )
    assert compare_expectation({"fouls": ["potted_not_on"]}, DECISION)[0].path == "fouls"


def test_respots_compare_ball_and_target_and_position_within_a_millimetre() -> None:
    assert compare_expectation({"respots": [{"ball": "blue", "to": "blue_spot"}]}, DECISION) == []
    near = {"respots": [{"ball": "blue", "to": "blue_spot", "position": [889.5, 1785]}]}
    far = {"respots": [{"ball": "blue", "to": "blue_spot", "position": [889, 1786]}]}
    assert compare_expectation(near, DECISION) == []
    assert compare_expectation(far, DECISION)[0].path == "respots[0].position"
    assert (
        compare_expectation({"respots": [{"ball": "blue", "to": "brown_spot"}]}, DECISION)[0].path
        == "respots"
    )


def test_missing_key_and_boolean_versus_number() -> None:
    assert compare_expectation({"frame": {"over": True}}, DECISION) == [
        Difference("frame", {"over": True}, None)
    ]
    assert compare_expectation({"legal": 0}, DECISION) == [Difference("legal", 0, False)]
