"""Decision: the JSON of spec section 5, and back."""

from __future__ import annotations

import json
from collections.abc import Callable

from rules_engine import Decision

SPEC_KEYS = [
    "format",
    "case",
    "legal",
    "fouls",
    "penalty",
    "points",
    "scores",
    "calls",
    "respots",
    "replace_all",
    "replaced",
    "next",
    "frame",
    "assessment",
    "trail",
    "rules",
]


def test_keys_and_shape_follow_the_spec(decide: Callable[..., Decision]) -> None:
    data = decide(
        {"reds": 9, "scores": {"A": 40, "B": 12}}, {"first_contact": ["blue"], "potted": ["blue"]}
    ).to_dict()
    assert list(data) == SPEC_KEYS
    assert data["format"] == "snooker-referee-decision/1"
    assert data["fouls"] == [
        {"code": "first_contact_not_on", "ball": "blue", "penalty": 5, "rule": "3.12(b)"},
        {"code": "potted_not_on", "ball": "blue", "penalty": 5, "rule": "3.12(b)"},
    ]
    assert list(data["next"]) == ["striker", "ball_on", "in_hand", "free_ball", "options", "warned"]
    assert list(data["frame"]) == ["over", "winner", "reason", "respotted_black"]
    assert list(data["assessment"]) == [
        "ball_on",
        "points_remaining",
        "needs_snookers",
        "snookered",
        "path_to_ball_on",
        "touching",
    ]
    assert data["respots"] == [{"ball": "blue", "to": "blue_spot", "position": [889.0, 1784.5]}]
    assert data["scores"] == {"A": 40, "B": 17}


def test_round_trip_through_json(decide: Callable[..., Decision]) -> None:
    decision = decide(
        {"reds": 3, "free_ball": True},
        {"nominated": "pink", "first_contact": ["pink"], "potted": ["pink", "red"]},
    )
    again = Decision.from_dict(json.loads(json.dumps(decision.to_dict())))
    assert again == decision
    assert again.to_dict() == decision.to_dict()


def test_rules_are_the_trails_rules_without_repeats(decide: Callable[..., Decision]) -> None:
    decision = decide(
        {"reds": 9}, {"first_contact": ["pink"], "off_table": ["black"], "path_to_ball_on": "none"}
    )
    rules = [step.rule for step in decision.trail]
    assert len(rules) > len(set(rules))
    assert list(decision.rules) == list(dict.fromkeys(rules))


def test_procedure_decisions_round_trip(decide: Callable[..., Decision]) -> None:
    for procedure in (
        {"kind": "stalemate", "all_agree_restart": True},
        {"kind": "concede", "side": "A"},
    ):
        decision = decide({"reds": 3, "scores": {"A": 10, "B": 30}}, None, procedure=procedure)
        assert Decision.from_dict(json.loads(json.dumps(decision.to_dict()))) == decision
        assert decision.legal and decision.penalty == 0 and decision.fouls == ()
