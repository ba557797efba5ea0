"""Every conformance case (shared/cases and tests/cases) gets the decision its author expects."""

from __future__ import annotations

import json
from io import StringIO
from pathlib import Path

import pytest

from rules_engine import TRAIL_CODES, compare_expectation, judge, load_case
from rules_engine.cli import main

SHARED = Path(__file__).resolve().parents[2].parent / "shared"
OWN = Path(__file__).resolve().parents[1] / "cases"
SHARED_CASES = sorted((SHARED / "cases").glob("*.json"))
OWN_CASES = sorted(OWN.glob("*.json"))
ALL_CASES = SHARED_CASES + [
    path for path in OWN_CASES if path.name not in {p.name for p in SHARED_CASES}
]


def test_the_case_collections_are_found() -> None:
    assert len(SHARED_CASES) >= 20, SHARED
    assert len(OWN_CASES) > len(SHARED_CASES)


@pytest.mark.parametrize("path", ALL_CASES, ids=[f"{p.parent.name}/{p.stem}" for p in ALL_CASES])
def test_decision_meets_expectation(path: Path) -> None:
    case = load_case(json.loads(path.read_text(encoding="utf-8")))
    assert case.expect, "a conformance case says what it expects"
    differences = compare_expectation(case.expect, judge(case).to_dict())
    assert differences == []


@pytest.mark.parametrize("path", SHARED_CASES, ids=[p.stem for p in SHARED_CASES])
def test_shared_cases_are_copied_unchanged(path: Path) -> None:
    copy = OWN / path.name
    assert copy.exists(), f"copy {path.name} into tests/cases"
    assert json.loads(copy.read_text(encoding="utf-8")) == json.loads(
        path.read_text(encoding="utf-8")
    )


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
