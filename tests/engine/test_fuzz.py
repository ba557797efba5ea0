"""Fuzzing the engine with mutated conformance cases: whatever the input, ``load_case`` returns a
case that is judged, or raises ``CaseError``; the command line prints decisions or one line per
problem and exits 2 — never a traceback, never another exception.

Mutations (hypothesis, starting from every case in tests/cases): deleted keys, values of the
wrong type, huge and non-finite numbers, integers too long for a float, deep nesting, Unicode
keys and values.
"""

from __future__ import annotations

import copy
import json
import math
import subprocess
import sys
from io import StringIO
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules_engine import CaseError, compare_expectation, judge, load_case
from rules_engine.cli import main

ROOT = Path(__file__).resolve().parents[2]
CASES = sorted((ROOT / "tests" / "cases").glob("*.json"))
SEEDS = [json.loads(path.read_text(encoding="utf-8")) for path in CASES]


def nested(depth: int, leaf: Any = 1) -> Any:
    value = leaf
    for level in range(depth):
        value = [value] if level % 2 else {"k": value}
    return value


HUGE = [
    1e154,
    -1e154,
    1e308,
    math.inf,
    -math.inf,
    math.nan,
    10**400,
    -(10**400),
    10**5000,
    2**63,
]
ODD = st.one_of(
    st.sampled_from(HUGE),
    st.none(),
    st.booleans(),
    st.integers(),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=12),  # any Unicode, surrogates and right-to-left marks included
    st.sampled_from(["", "red", "réd", "قرمز", "красный", "\u202e", "\x00", "white"]),
    st.lists(st.integers(-(10**6), 10**6), max_size=3),
    st.builds(nested, st.sampled_from([40, 1_000, 3_000])),
    st.dictionaries(st.text(max_size=4), st.integers(), max_size=2),
)


def _paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Paths to every value, down to eight levels (a case's own depth, less than the nesting
    mutations add)."""
    found = [prefix] if prefix else []
    if len(prefix) >= 8:
        return found
    if isinstance(value, dict):
        for key, item in value.items():
            found += _paths(item, prefix + (key,))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found += _paths(item, prefix + (index,))
    return found


@st.composite
def mutated_cases(draw: st.DrawFn) -> Any:
    """A conformance case with one to three mutations."""
    data = copy.deepcopy(draw(st.sampled_from(SEEDS)))
    for _ in range(draw(st.integers(1, 3))):
        paths = _paths(data)
        if not paths:
            break
        path = draw(st.sampled_from(paths))
        parent = data
        for key in path[:-1]:
            parent = parent[key]
        action = draw(st.sampled_from(["delete", "replace", "replace", "add_key", "wrap"]))
        if action == "delete":
            del parent[path[-1]]
        elif action == "replace":
            parent[path[-1]] = draw(ODD)
        elif action == "add_key" and isinstance(parent, dict):
            parent[draw(st.text(min_size=1, max_size=8))] = draw(ODD)
        else:
            parent[path[-1]] = nested(draw(st.sampled_from([2, 35, 1_200])), parent[path[-1]])
    return data


def judged_or_refused(data: Any) -> None:
    try:
        case = load_case(data)
    except CaseError as error:
        assert error.problems
        assert all(isinstance(p.path, str) and p.message for p in error.problems)
        assert all("\n" not in str(p) for p in error.problems)
        return
    try:
        json.dumps(judge(case).to_dict())
    except CaseError as error:  # a fact that only judging reveals: still a clear refusal
        assert error.problems


@settings(max_examples=500, deadline=None, suppress_health_check=list(HealthCheck))
@given(mutated_cases())
def test_a_mutated_case_is_judged_or_refused_with_a_case_error(data: Any) -> None:
    judged_or_refused(data)


@pytest.mark.parametrize(
    "value",
    HUGE + [nested(1_100), nested(5_000)],
    ids=[f"value{index}" for index in range(len(HUGE) + 2)],
)
def test_every_coordinate_and_count_takes_huge_and_nested_values(value: Any) -> None:
    base = {"format": "snooker-referee-case/1", "id": "x", "stroke": {"first_contact": ["red"]}}
    places = [
        {"state": {"positions": {"white": [value, value], "red": [[value, 100]]}}},
        {"state": {"positions": {"white": [300, 300], "red": [[value, 100], [value, 100]]}}},
        {"state": {"reds": value}},
        {"state": {"scores": {"A": value}}},
        {"state": {"misses": value}},
        {"id": value},
        {"expect": {"calls": value}},
    ]
    for place in places:
        data = {**base, **place}
        with pytest.raises(CaseError) as caught:
            load_case(data)
        assert caught.value.problems, place
    # Numbers in expect are what the author expects: the case is refused, or compared.
    for expect in (
        {"points": {"A": value}},
        {"respots": [{"ball": "pink", "to": "pink_spot", "position": [value, 1]}]},
        {"next": {"striker": value}},
    ):
        try:
            case = load_case({**base, "expect": expect})
        except CaseError as error:
            assert error.problems
            continue
        assert compare_expectation(case.expect, judge(case).to_dict()), expect


def run_cli(*args: str) -> tuple[int, str, str]:
    out, err = StringIO(), StringIO()
    status = main(list(args), out=out, err=err)
    return status, out.getvalue(), err.getvalue()


@settings(max_examples=120, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=mutated_cases())
def test_the_command_line_prints_decisions_or_problems_with_exit_2(
    data: Any, tmp_path_factory: pytest.TempPathFactory
) -> None:
    path = tmp_path_factory.mktemp("fuzz") / "case.json"
    try:
        path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8", errors="replace")
    except (ValueError, RecursionError):  # not representable as JSON: nothing for the CLI to read
        return
    status, out, err = run_cli("judge", str(path))
    assert "Traceback" not in err
    assert "could not judge" not in err, err  # the engine's own last-resort line: a bug
    if status == 0:
        assert err == "" and json.loads(out)["format"] == "snooker-referee-decision/1"
    else:
        assert status == 2 and out == ""
        assert all(line.startswith(f"{path}: ") for line in err.splitlines()), err


NASTY_FILES = {
    "deep-json": "[" * 100_000 + "]" * 100_000,
    "5000-digits": '{"format": "snooker-referee-case/1", "id": "x", "state": {"reds": '
    + "9" * 5_000
    + '}, "stroke": {"first_contact": []}}',
    "1e154": '{"format": "snooker-referee-case/1", "id": "x", "state": {"positions": '
    '{"white": [1e154, 1e154], "red": [[1e155, 3]]}}, "stroke": {"first_contact": []}}',
    "nested-1000-in-state": '{"format": "snooker-referee-case/1", "id": "x", "state": '
    + "[" * 1_000
    + "]" * 1_000
    + ', "stroke": {"first_contact": []}}',
    "nested-1000-in-expect": '{"format": "snooker-referee-case/1", "id": "x", "stroke": '
    '{"first_contact": ["red"]}, "expect": {"calls": '
    + "[" * 1_000
    + "]" * 1_000
    + "}}",
    "nan": '{"format": "snooker-referee-case/1", "id": "x", "state": {"positions": '
    '{"white": [NaN, Infinity]}}, "stroke": {"first_contact": []}}',
    "latin-1": b"\xe9\xe9".decode("latin-1"),
}


@pytest.mark.parametrize("name", sorted(NASTY_FILES))
def test_the_command_line_process_reports_nasty_files_in_one_line_each(name, tmp_path):
    path = tmp_path / f"{name}.json"
    text = NASTY_FILES[name]
    path.write_bytes(text.encode("latin-1" if name == "latin-1" else "utf-8"))
    for command in (["judge"], ["judge", "--check"], ["validate"]):
        result = subprocess.run(
            [sys.executable, "-m", "rules_engine", *command, str(path)],
            capture_output=True,
            text=True,
            cwd=ROOT,
            timeout=60,
        )
        assert result.returncode == 2, (command, result.stderr)
        assert "Traceback" not in result.stderr
        lines = result.stderr.splitlines()
        assert lines and all(line.startswith(f"{path}: ") for line in lines), result.stderr
