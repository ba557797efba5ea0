"""quiz/families/constraints.py: constraints on parameters and on the decision."""

import pytest

from quiz.families.constraints import failing, holds
from quiz.families.spec import FamilyError

ON_PARAMS = {"left": {"$": "a"}, "op": ">", "right": 2}
ON_DECISION = {"left": {"len": {"decision": "assessment.needs_snookers"}}, "op": "==", "right": 0}


def test_each_operator_can_hold_and_fail():
    cases = [
        ("==", 1, 1, 1, 2),
        ("!=", 1, 2, 1, 1),
        ("<", 1, 2, 2, 1),
        ("<=", 2, 2, 3, 2),
        (">", 2, 1, 1, 2),
        (">=", 2, 2, 1, 2),
        ("in", 1, [1], 1, [2]),
        ("not_in", 1, [2], 1, [1]),
    ]
    for op, l_yes, r_yes, l_no, r_no in cases:
        assert holds(constraint={"left": l_yes, "op": op, "right": r_yes}, values={})
        assert not holds(constraint={"left": l_no, "op": op, "right": r_no}, values={})


def test_if_then_holds_when_the_condition_does_not():
    rule = {
        "if": {"left": {"$": "a"}, "op": "==", "right": 1},
        "then": {"left": {"$": "b"}, "op": "==", "right": 2},
    }
    assert holds(constraint=rule, values={"a": 0, "b": 9})
    assert holds(constraint=rule, values={"a": 1, "b": 2})
    assert not holds(constraint=rule, values={"a": 1, "b": 3})


def test_decision_constraints_wait_for_the_decision():
    assert failing(constraints=(ON_PARAMS, ON_DECISION), values={"a": 1}) == [ON_PARAMS]
    decision = {"assessment": {"needs_snookers": ["B"]}}
    assert failing(constraints=(ON_PARAMS, ON_DECISION), values={"a": 3}, decision=decision) == [
        ON_DECISION
    ]


def test_an_unknown_operator_is_a_family_error():
    with pytest.raises(FamilyError, match="operator"):
        holds(constraint={"left": 1, "op": "~", "right": 1}, values={})


def test_operands_inside_a_literal_list_are_filled():
    rule = {"left": {"$": "first"}, "op": "==", "right": [{"$": "nominated"}]}
    assert holds(constraint=rule, values={"first": ["pink"], "nominated": "pink"})
    assert not holds(constraint=rule, values={"first": ["blue"], "nominated": "pink"})


def test_a_plain_parameter_is_compared_as_it_is_and_an_unknown_one_is_an_error():
    rule = {"left": {"$": "agree"}, "op": "==", "right": None}
    assert holds(constraint=rule, values={"agree": None})
    assert not holds(constraint=rule, values={"agree": False})
    assert holds(constraint={"left": {"$": "set"}, "op": "==", "right": ["black"]},
                 values={"set": ("black",)})  # fmt: skip
    with pytest.raises(FamilyError, match="unknown parameter"):
        holds(constraint={"left": {"$": "nobody"}, "op": "==", "right": 1}, values={})


def test_which_constraints_wait_for_the_decision_is_found_per_tuple():
    first, second = (ON_PARAMS, ON_DECISION), (ON_DECISION, ON_PARAMS)
    for _ in range(2):  # the second time from the memo
        assert failing(constraints=first, values={"a": 1}) == [ON_PARAMS]
        assert failing(constraints=second, values={"a": 1}) == [ON_PARAMS]
    assert failing(constraints=(ON_DECISION,), values={"a": 1}) == []
