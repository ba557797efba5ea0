"""A family's constraints: which parameter sets, and which decisions, make a sound question.

A constraint is ``{"left": operand, "op": op, "right": operand}``. Besides the operands of
``quiz.families.spec`` (literals, ``{"$": name}``, ``{"$sum": [...]}``), a constraint may read
the engine's decision, ``{"decision": "assessment.needs_snookers"}`` (a dotted path), and the
length of a value, ``{"len": operand}``. ``{"if": constraint, "then": constraint}`` is a
conditional constraint. A constraint that reads the decision is tested after
judging; the others before the case is built.

>>> holds(constraint={"left": {"$": "a"}, "op": "<", "right": {"$sum": [{"$": "b"}, 1]}},
...       values={"a": 3, "b": 3})
True
>>> holds(constraint={"left": {"len": {"decision": "assessment.needs_snookers"}}, "op": "==",
...       "right": 0}, values={}, decision={"assessment": {"needs_snookers": ["B"]}})
False
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Mapping
from typing import Any

from quiz.families.spec import FamilyError, fill

OPERATORS: Mapping[str, Callable[[Any, Any], bool]] = {
    "==": operator.eq,
    "!=": operator.ne,
    "<": operator.lt,
    "<=": operator.le,
    ">": operator.gt,
    ">=": operator.ge,
    "in": lambda left, right: left in right,
    "not_in": lambda left, right: left not in right,
}


def reads_decision(operand: Any) -> bool:
    """Whether an operand (or a constraint) needs the engine's decision.

    >>> reads_decision({"left": {"len": {"decision": "calls"}}, "op": "==", "right": 1})
    True
    """
    if isinstance(operand, dict):
        return "decision" in operand or any(reads_decision(item) for item in operand.values())
    if isinstance(operand, list):
        return any(reads_decision(item) for item in operand)
    return False


#: Parameter values a constraint compares as they are (no copy of them is needed).
_PLAIN = (str, int, float, bool, type(None))


def _operand(operand: Any, *, values: Mapping[str, Any], decision: Mapping[str, Any] | None) -> Any:
    # The two commonest operands, a literal and a plain parameter, without filling a template
    # (a family whose constraints reject many draws tests them tens of times per instance).
    if isinstance(operand, _PLAIN):
        return operand
    if isinstance(operand, dict) and len(operand) == 1 and operand.get("$") in values:
        plain = values[operand["$"]]
        if isinstance(plain, _PLAIN):
            return plain
    if isinstance(operand, dict) and "decision" in operand:
        if decision is None:
            raise FamilyError("a constraint reads the decision before there is one")
        value: Any = decision
        for part in operand["decision"].split("."):
            value = value.get(part) if isinstance(value, Mapping) else None
        return value
    if isinstance(operand, dict) and "len" in operand:
        return len(_operand(operand["len"], values=values, decision=decision) or ())
    return fill(template=operand, values=values)


def holds(
    *,
    constraint: Mapping[str, Any],
    values: Mapping[str, Any],
    decision: Mapping[str, Any] | None = None,
) -> bool:
    """Whether ``constraint`` holds for the parameter ``values`` (and the ``decision``);
    ``{"if": constraint, "then": constraint}`` holds when its condition does not, or both do."""
    if "if" in constraint:
        return not holds(constraint=constraint["if"], values=values, decision=decision) or holds(
            constraint=constraint["then"], values=values, decision=decision
        )
    try:
        compare = OPERATORS[constraint["op"]]
    except KeyError:
        raise FamilyError(f"unknown constraint operator {constraint.get('op')!r}") from None
    left = _operand(constraint["left"], values=values, decision=decision)
    right = _operand(constraint["right"], values=values, decision=decision)
    return bool(compare(left, right))


def failing(
    *,
    constraints: tuple[Mapping[str, Any], ...],
    values: Mapping[str, Any],
    decision: Mapping[str, Any] | None = None,
) -> list[Mapping[str, Any]]:
    """The constraints that do not hold; before judging (``decision`` None), only those that
    do not read the decision are tested."""
    before = _before_judging(constraints) if decision is None else constraints
    return [
        constraint
        for constraint in before
        if not holds(constraint=constraint, values=values, decision=decision)
    ]


#: ``id(constraints)`` -> (those constraints, those of them tested before judging). The entry
#: holds the tuple itself, so its id cannot be reused while the entry lives.
_BEFORE: dict[int, tuple[tuple[Mapping[str, Any], ...], tuple[Mapping[str, Any], ...]]] = {}


def _before_judging(
    constraints: tuple[Mapping[str, Any], ...],
) -> tuple[Mapping[str, Any], ...]:
    """The constraints that do not read the decision, found once per family's tuple."""
    found = _BEFORE.get(id(constraints))
    if found is not None and found[0] is constraints:
        return found[1]
    if len(_BEFORE) > 1024:  # studio drafts make new tuples: keep the memo bounded
        _BEFORE.clear()
    before = tuple(c for c in constraints if not reads_decision(c))
    _BEFORE[id(constraints)] = (constraints, before)
    return before
