"""The engine is a library of its own: Python's standard library only, never Django."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_rules_engine_imports_only_the_standard_library() -> None:
    code = (
        "import json, sys\n"
        "import rules_engine, rules_engine.cli, rules_engine.bench, rules_engine.geometry\n"
        "print(json.dumps(sorted({name.split('.')[0] for name in sys.modules})))"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True
    )
    top_level = set(json.loads(result.stdout))
    outside = {
        name
        for name in top_level
        if name not in sys.stdlib_module_names
        and name != "rules_engine"
        and not name.startswith("_")
    }
    assert outside == set()
    assert "django" not in top_level
