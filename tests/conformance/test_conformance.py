"""Every conformance case in tests/cases gets the decision its author expects.

tests/cases holds the project's own cases and unchanged copies of the team's shared conformance
cases (same file name, same content): the suite reads only what is in the project, so a fresh
clone with nothing beside it runs whole.
"""

from __future__ import annotations

import json
from io import StringIO
from pathlib import Path

import pytest

from rules_engine import TRAIL_CODES, compare_expectation, judge, load_case
from rules_engine.cli import main

OWN = Path(__file__).resolve().parents[1] / "cases"
ALL_CASES = sorted(OWN.glob("*.json"))


def test_the_case_collection_is_found() -> None:
    assert len(ALL_CASES) >= 80, OWN


@pytest.mark.parametrize("path", ALL_CASES, ids=[p.stem for p in ALL_CASES])
def test_decision_meets_expectation(path: Path) -> None:
    case = load_case(json.loads(path.read_text(encoding="utf-8")))
    assert case.expect, "a conformance case says what it expects"
    differences = compare_expectation(case.expect, judge(case).to_dict())
    assert differences == []


def test_judge_check_command_passes_every_case() -> None:
    out, err = StringIO(), StringIO()
    status = main(["judge", "--check", *map(str, ALL_CASES)], out=out, err=err)
    assert (status, err.getvalue()) == (0, "")
    assert out.getvalue().count(": ok\n") == len(ALL_CASES)


def test_every_rule_paragraph_the_engine_applies_has_a_case() -> None:
    applied = set()
    for path in ALL_CASES:
        applied.update(judge(load_case(json.loads(path.read_text(encoding="utf-8")))).rules)
    # Paragraphs the trail can cite; a few steps only elaborate a paragraph another case already
    # cites.
    cited = {code.rule for code in TRAIL_CODES.values()}
    assert sorted(cited - applied) == []
