"""The README and the docs link only to what the repository holds: every relative link
names a file that exists (and, with an anchor, a heading in it); none leaves the clone."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
DOCUMENTS = sorted(
    [ROOT / "README.md", ROOT / "rules_engine" / "README.md", *(ROOT / "docs").glob("*.md")]
)
LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)\)")


def anchors(path: Path) -> set[str]:
    """GitHub's anchor of each heading: lower case, punctuation dropped, spaces as dashes."""
    found = set()
    for line in path.read_text().splitlines():
        if line.startswith("#"):
            title = line.lstrip("#").strip().lower()
            found.add(re.sub(r"[^\w\- ]", "", title).replace(" ", "-"))
    return found


@pytest.mark.parametrize("document", DOCUMENTS, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_relative_link_reaches_a_file_and_heading_of_the_repository(document):
    broken = []
    for target in LINK.findall(document.read_text()):
        if target.startswith(("http://", "https://", "mailto:")):
            continue
        name, _, anchor = target.partition("#")
        linked = (document.parent / name).resolve() if name else document
        missing = not linked.is_relative_to(ROOT) or not linked.exists()
        if missing or (anchor and linked.suffix == ".md" and anchor not in anchors(linked)):
            broken.append(target)
    assert not broken, f"{document.relative_to(ROOT)}: {broken}"


def test_the_readme_sends_no_reader_outside_the_clone():
    assert "../shared" not in (ROOT / "README.md").read_text()


def test_the_readme_is_short_and_starts_with_the_two_commands():
    readme = (ROOT / "README.md").read_text()
    assert len(readme.splitlines()) <= 160
    first_block = readme.split("```sh", 1)[1].split("```", 1)[0]
    assert first_block.split()[0:2] == ["make", "run"] and "make test" in first_block
