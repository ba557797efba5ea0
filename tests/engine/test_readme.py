"""The decision shown in the engine's README (rules_engine/README.md) is the one it gives."""

from __future__ import annotations

import json
import re
from pathlib import Path

from rules_engine import judge, load_case

README = Path(__file__).resolve().parents[2] / "rules_engine" / "README.md"


def test_readme_decision_is_the_engines() -> None:
    engine_section = README.read_text().split("## A decision", 1)[1]
    case, shown = (
        json.loads(block)
        for block in re.findall(r"```json\n(.*?)```", engine_section, re.S)[:2]
    )
    assert judge(load_case(case)).to_dict() == shown
