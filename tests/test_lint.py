"""The linter is a gate: ``ruff check .`` with the settings in pyproject.toml reports nothing.

It runs the ruff installed next to this Python (the test extra pins it), so that every
machine lints with the same rules. A missing ruff fails the test instead of skipping it:
a gate that is quietly not there lets everything through.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
#: The environment's scripts: not resolved, so that a virtualenv's symlinked python still
#: points at the virtualenv's bin directory.
SCRIPTS = Path(sys.executable).parent


def installed_ruff() -> str:
    ruff = shutil.which("ruff", path=str(SCRIPTS))
    assert ruff is not None, (
        f"ruff is not installed in {SCRIPTS}; install the test extra: pip install -e '.[test]'"
    )
    return ruff


def pinned_ruff_version() -> str:
    with (ROOT / "pyproject.toml").open("rb") as handle:
        test_extra = tomllib.load(handle)["project"]["optional-dependencies"]["test"]
    pins = [pin.split("==", 1)[1] for pin in test_extra if pin.startswith("ruff==")]
    assert len(pins) == 1, f"the test extra should pin ruff exactly once: {test_extra}"
    return pins[0]


def test_the_installed_ruff_is_the_pinned_one():
    # Another version may add or change rules: the gate would pass here and fail elsewhere.
    version = subprocess.run(
        [installed_ruff(), "--version"], capture_output=True, text=True, check=True
    ).stdout.split()
    assert version == ["ruff", pinned_ruff_version()]


def test_ruff_reports_nothing():
    # No cache: the suite writes nothing into the tree and parallel workers never share one.
    result = subprocess.run(
        [installed_ruff(), "check", ".", "--no-cache", "--output-format", "concise"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, f"ruff check . found problems:\n{result.stdout}{result.stderr}"
