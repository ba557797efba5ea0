"""Compare a decision with a case's ``expect`` block (spec section 6).

Only the keys present in ``expect`` are compared, nested objects key by key.
``calls``, ``next.options``, ``rules``, ``replaced``, ``assessment.touching`` and
``assessment.needs_snookers`` compare as sets; ``fouls`` by their set of codes
(``expect`` may list plain codes); ``respots`` by their (ball, to) pairs, and
``position`` within 1 mm when ``expect`` gives one.

>>> compare_expectation({"calls": ["miss", "foul"], "next": {"striker": "B"}},
...                     {"calls": ["foul", "miss"], "next": {"striker": "A", "ball_on": "red"}})
[Difference(path='next.striker', expected='B', actual='A')]
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from rules_engine.balls import CALLS, FOUL_CLASSES, FRAME_REASONS, NEXT_OPTIONS, RESPOT_TARGETS
from rules_engine.errors import Problem
from rules_engine.reading import describe

_SET_PATHS = frozenset(
    {
        "calls",
        "next.options",
        "rules",
        "replaced",
        "assessment.touching",
        "assessment.needs_snookers",
    }
)
_DECISION_KEYS: Mapping[str, tuple[str, ...] | None] = {
    "format": None,
    "case": None,
    "legal": None,
    "fouls": None,
    "penalty": None,
    "points": None,
    "scores": None,
    "calls": None,
    "respots": None,
    "replace_all": None,
    "replaced": None,
    "next": ("striker", "ball_on", "in_hand", "free_ball", "options", "warned"),
    "frame": ("over", "winner", "reason", "respotted_black"),
    "assessment": (
        "ball_on",
        "points_remaining",
        "needs_snookers",
        "snookered",
        "path_to_ball_on",
        "touching",
    ),
    "trail": None,
    "rules": None,
}
POSITION_TOLERANCE_MM = 1.0


@dataclass(frozen=True)
class Difference:
    """Where a decision differs from what the case expects."""

    path: str
    expected: Any
    actual: Any


def compare_expectation(expect: Mapping[str, Any], decision: Mapping[str, Any]) -> list[Difference]:
    """Every difference between ``expect`` and the decision dict (``Decision.to_dict()``)."""
    differences: list[Difference] = []
    _compare(expect, decision, "", differences)
    return differences


def _compare(expected: Any, actual: Any, path: str, out: list[Difference]) -> None:
    if path == "fouls":
        codes = {f["code"] if isinstance(f, Mapping) else f for f in expected}
        got = {f["code"] for f in actual}
        if codes != got:
            out.append(Difference(path, sorted(codes), sorted(got)))
        return
    if path == "respots":
        _compare_respots(expected, actual, out)
        return
    if path in _SET_PATHS and isinstance(expected, list) and isinstance(actual, list):
        try:
            same = set(expected) == set(actual)
        except TypeError:  # something unhashable in expect: certainly not what was decided
            same = False
        if not same:
            out.append(Difference(path, expected, actual))
        return
    if isinstance(expected, Mapping) and isinstance(actual, Mapping):
        for key, value in expected.items():
            sub = f"{path}.{key}" if path else key
            if key not in actual:
                out.append(Difference(sub, value, None))
            else:
                _compare(value, actual[key], sub, out)
        return
    if expected != actual or (type(expected) is bool) != (type(actual) is bool):
        out.append(Difference(path, expected, actual))


def _compare_respots(expected: Any, actual: Any, out: list[Difference]) -> None:
    want = {(r["ball"], r["to"]) for r in expected}
    got = {(r["ball"], r["to"]) for r in actual}
    if want != got:
        out.append(Difference("respots", sorted(want), sorted(got)))
        return
    placed = {(r["ball"], r["to"]): r.get("position") for r in actual}
    for index, respot in enumerate(expected):
        if "position" not in respot:
            continue
        position = placed[(respot["ball"], respot["to"])]
        if position is None or math.dist(position, respot["position"]) > POSITION_TOLERANCE_MM:
            out.append(Difference(f"respots[{index}].position", respot["position"], position))


def check_expect_shape(expect: Any) -> list[Problem]:
    """Problems with the shape of an ``expect`` block: unknown keys, unknown codes, wrong types."""
    problems: list[Problem] = []
    if not isinstance(expect, Mapping):
        return [Problem("expect", "must be an object (a part of the decision)")]
    for key, value in expect.items():
        path = f"expect.{key}"
        if key not in _DECISION_KEYS:
            problems.append(Problem(path, "unknown field of a decision"))
            continue
        nested = _DECISION_KEYS[key]
        if nested is not None:
            if not isinstance(value, Mapping):
                problems.append(Problem(path, "must be an object"))
                continue
            for sub in value:
                if sub not in nested:
                    problems.append(Problem(f"{path}.{sub}", "unknown field of a decision"))
        if key in ("calls", "fouls", "respots", "replaced", "rules", "trail") and not isinstance(
            value, list
        ):
            problems.append(Problem(path, "must be a list"))
            continue
        problems += _value_problems(key, value, path)
    return problems


def _value_problems(key: str, value: Any, path: str) -> list[Problem]:
    """Unknown codes inside one field of an ``expect`` block: calls, foul codes, re-spot targets,
    options, frame reasons."""
    problems: list[Problem] = []
    if key == "calls":
        problems += [
            Problem(f"{path}[{i}]", f"unknown call {_shown(c)}")
            for i, c in enumerate(value)
            if c not in CALLS
        ]
    elif key == "fouls":
        for i, foul in enumerate(value):
            code = foul.get("code") if isinstance(foul, Mapping) else foul
            if not isinstance(code, str) or code not in FOUL_CLASSES:
                problems.append(Problem(f"{path}[{i}]", f"unknown foul code {_shown(code)}"))
    elif key == "respots":
        for i, respot in enumerate(value):
            position = respot.get("position", [0, 0]) if isinstance(respot, Mapping) else None
            if (
                not isinstance(respot, Mapping)
                or "ball" not in respot
                or respot.get("to") not in RESPOT_TARGETS
                or not isinstance(position, list)
                or len(position) != 2
                or not all(isinstance(c, (int, float)) for c in position)
            ):
                problems.append(
                    Problem(f"{path}[{i}]", 'must be {"ball": …, "to": <a re-spot target>}')
                )
    elif key == "next" and isinstance(value, Mapping) and isinstance(value.get("options"), list):
        problems += [
            Problem(f"{path}.options[{i}]", f"unknown option {_shown(o)}")
            for i, o in enumerate(value["options"])
            if o not in NEXT_OPTIONS
        ]
    elif (
        key == "frame"
        and isinstance(value, Mapping)
        and value.get("reason") not in (None,) + FRAME_REASONS
    ):
        reason = _shown(value.get("reason"))
        problems.append(Problem(f"{path}.reason", f"unknown reason {reason}"))
    return problems


def _shown(value: Any) -> str:
    """A value in a problem's message, safely (a huge number, deep nesting), as the case's
    loader shows it (``reading.describe``)."""
    return describe(value)
