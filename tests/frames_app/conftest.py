"""The frame exercise's tests: frame files of their own (data/), loaded by load_frames."""

from __future__ import annotations

from io import StringIO
from pathlib import Path
from typing import Any

import pytest
from django.core.management import call_command

DATA = Path(__file__).parent / "data"
#: Four strokes with the positions before and after each (a real diagram and animation):
#: A pots the last red; A nominates the black and strikes the pink first (a ball on could be
#: hit full); B pots the yellow; B misses the green with a full view of it.
SHORT = DATA / "positions-short.json"


@pytest.fixture
def frames(db: None) -> dict[str, Any]:
    """The test frames loaded (slug -> Frame)."""
    from frames.models import Frame

    call_command("load_frames", *map(str, sorted(DATA.glob("*.json"))), stdout=StringIO())
    return {frame.slug: frame for frame in Frame.objects.all()}


def call_data(number: int, **parts: Any) -> dict[str, Any]:
    """The call form's POST for stroke ``number``: ``legal``, ``penalty``, ``calls``,
    ``next_striker``, ``next_options``, ``scores`` (side -> points, in the sides' order)."""
    data: dict[str, Any] = {"stroke": number}
    for name in ("legal", "penalty", "calls", "next_striker", "next_options"):
        if name in parts:
            data[name] = parts[name]
    for index, value in enumerate((parts.get("scores") or {}).values()):
        data[f"score_{index}"] = value
    return data


#: The referee's calls on the four strokes of SHORT, from the rules (not from the engine):
#: 1. the red potted: fair, A scores 1 (40 + 1), A plays on;
#: 2. the black nominated, the pink struck first: foul, the higher of the two values, 7, to B
#:    (32 + 7); nothing in the way of the black: foul and a miss; B may play, ask A to play
#:    again, or have the balls replaced (3.14);
#: 3. the yellow potted: fair, B scores 2 (39 + 2);
#: 4. the green missed with a full view: foul and a miss, four points to A (41 + 4).
RIGHT_CALLS = [
    {"legal": "fair", "penalty": 0, "calls": [], "next_striker": "A", "scores": {"A": 41, "B": 32}},
    {
        "legal": "foul",
        "penalty": 7,
        "calls": ["foul", "miss"],
        "next_striker": "B",
        "next_options": ["play", "offender_again", "replace_offender_again"],
        "scores": {"A": 41, "B": 39},
    },
    {"legal": "fair", "penalty": 0, "calls": [], "next_striker": "B", "scores": {"A": 41, "B": 41}},
    {
        "legal": "foul",
        "penalty": 4,
        "calls": ["foul", "miss"],
        "next_striker": "A",
        "next_options": ["play", "offender_again", "replace_offender_again"],
        "scores": {"A": 45, "B": 41},
    },
]
