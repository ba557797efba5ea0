"""Every conformance case in tests/cases gets the decision its author expects.

tests/cases holds the project's own cases and unchanged copies of the shared conformance cases
(``../shared/cases``, same file name, same content): the suite reads only the copies, so a
fresh clone with nothing beside it runs whole. When ``../shared`` happens to be there, one
optional check says whether a copy is missing or out of date.
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
#: The shared reference material, beside the project in the team's checkout; absent elsewhere.
SHARED_CASES_DIR = Path(__file__).resolve().parents[3] / "shared" / "cases"


def test_the_case_collection_is_found() -> None:
    assert len(ALL_CASES) >= 80, OWN


def test_the_copies_of_the_shared_cases_are_up_to_date() -> None:
    """Optional: compares with ../shared/cases only where that directory exists (it is not part
    of the project, and no other test reads it)."""
    if not SHARED_CASES_DIR.is_dir():
        pytest.skip("../shared/cases is not beside this checkout: nothing to compare with")
    shared = sorted(SHARED_CASES_DIR.glob("*.json"))
    assert shared, SHARED_CASES_DIR
    missing = [path.name for path in shared if not (OWN / path.name).exists()]
    assert missing == [], f"copy these into tests/cases: {missing}"
    changed = [
        path.name
        for path in shared
        if json.loads((OWN / path.name).read_text(encoding="utf-8"))
        != json.loads(path.read_text(encoding="utf-8"))
    ]
    assert changed == [], f"update these copies in tests/cases: {changed}"


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
