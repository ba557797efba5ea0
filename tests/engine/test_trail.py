"""The trail codes are documented once, and every step the engine emits follows that
documentation."""

from __future__ import annotations

import json
import re
import string
from pathlib import Path

import pytest

from rules_engine import TRAIL_CODES, judge, load_case
from rules_engine.rulesets import cited_rule
from rules_engine.trail import PARAM_KINDS

CASES = sorted((Path(__file__).resolve().parents[1] / "cases").glob("*.json"))
#: A Section 3 citation; ``*`` marks a local variant's paragraph (3.4(d)*, editions.VARIANTS).
RULE = re.compile(r"^3\.\d{1,2}(\([a-j]\)(\((i|ii|iii|iv|v|vi)\))?)?\*?$")


@pytest.mark.parametrize("code", sorted(TRAIL_CODES))
def test_code_is_documented(code: str) -> None:
    entry = TRAIL_CODES[code]
    assert entry.code == code
    assert RULE.match(entry.rule), entry.rule
    assert set(entry.params) <= set(PARAM_KINDS)
    assert entry.summary.endswith(".") and len(entry.summary) > 20
    named = {field for _, field, _, _ in string.Formatter().parse(entry.summary) if field}
    assert named <= set(entry.params), f"summary names {named - set(entry.params)}"


def test_codes_are_snake_case_and_unique() -> None:
    assert all(re.fullmatch(r"[a-z][a-z_]+[a-z]", code) for code in TRAIL_CODES)
    assert len(TRAIL_CODES) == len(set(TRAIL_CODES))


def _kind_ok(kind: str, value: object) -> bool:
    if kind == "number":
        return isinstance(value, int) and not isinstance(value, bool)
    if kind in ("balls", "sides"):
        return isinstance(value, list) and all(isinstance(item, str) for item in value)
    return isinstance(value, str)


@pytest.mark.parametrize("path", CASES, ids=[p.stem for p in CASES])
def test_emitted_steps_follow_their_documentation(path: Path) -> None:
    case = load_case(json.loads(path.read_text(encoding="utf-8")))
    decision = judge(case).to_dict()
    assert decision["trail"], "every decision explains itself"
    for step in decision["trail"]:
        entry = TRAIL_CODES[step["code"]]
        # Each edition cites its own numbering (TRAIL_CODES holds the wpbsa-2007 one).
        assert step["rule"] == cited_rule(case.ruleset, step["code"])
        assert tuple(step["params"]) == entry.params, step["code"]
        for name, value in step["params"].items():
            assert _kind_ok(PARAM_KINDS[name], value), (step["code"], name, value)
    assert decision["rules"] == list(dict.fromkeys(step["rule"] for step in decision["trail"]))
