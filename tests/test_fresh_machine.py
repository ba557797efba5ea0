"""A new user's machine: the README names every system package CI installs (issue 11)."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def ci_packages() -> set[str]:
    script = (ROOT / ".ci" / "run").read_text()
    pattern = r"apt-get install -y --no-install-recommends((?:[^\n]*\\\n)*[^\n]*)"
    command = re.search(pattern, script)
    assert command, ".ci/run installs nothing with apt-get"
    return set(command.group(1).replace("\\\n", " ").split())


def readme_one_liner() -> set[str]:
    readme = (ROOT / "README.md").read_text()
    line = re.search(r"^sudo apt-get install -y --no-install-recommends (.+)$", readme, re.M)
    assert line, "README has no one-line apt-get install for a fresh machine"
    return set(line.group(1).split())


def test_the_readme_one_liner_installs_what_the_site_and_the_tests_need():
    packages = readme_one_liner()
    for needed in ("chromium", "gettext", "fonts-noto-core", "fonts-dejavu-core",
                   "libpango-1.0-0", "libharfbuzz-subset0", "postgresql", "python3-venv"):
        assert needed in packages


def test_every_package_ci_installs_is_named_in_the_readme():
    readme = (ROOT / "README.md").read_text()
    one_liner = readme_one_liner()
    missing = [p for p in ci_packages() if p not in one_liner and p not in readme]
    assert not missing, f"CI installs {missing}, which the README never names"


def test_ci_installs_postgresql_for_its_postgresql_run():
    assert "postgresql" in ci_packages()
