"""The decision shown in rules_engine/README.md is the one the engine gives."""

from __future__ import annotations

import json
import re
from pathlib import Path

from rules_engine import judge, load_case

README = Path(__file__).resolve().parents[2] / "rules_engine" / "README.md"


def test_readme_decision_is_the_engines() -> None:
    case, shown = (
        json.loads(block) for block in re.findall(r"```json\n(.*?)```", README.read_text(), re.S)
    )
    assert judge(load_case(case)).to_dict() == shown
