"""A stored frame judged stroke by stroke by the engine (``rules_engine.frame``).

Nothing of a decision is stored: the page of stroke *n* judges the frame from its start
again (a frame is at most a few dozen strokes; the engine judges tens of thousands a
second), so the decision is always the engine's own, of the version that runs now.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from itertools import islice
from typing import Any

from rules_engine import load_frame
from rules_engine.frame import frame_case, iter_frame


@dataclass(frozen=True)
class JudgedStroke:
    """Stroke ``number`` (from 1) of a frame: the referee case as it was played (the state
    the strokes before it left; no ``expect``), the frame file's entry, and the decision."""

    number: int
    case: dict[str, Any]
    entry: dict[str, Any]
    decision: dict[str, Any]
    #: The state it leaves, as a case's ``state`` (None: the frame is over).
    after: dict[str, Any] | None

    @property
    def state(self) -> dict[str, Any]:
        return self.case["state"]

    @property
    def sides(self) -> tuple[str, ...]:
        """The sides that keep a score, in order (each player when none is named)."""
        named = self.state.get("sides")
        return tuple(named) if named else tuple(self.state.get("players") or ("A", "B"))

    @property
    def players(self) -> tuple[str, ...]:
        return tuple(self.state.get("players") or ("A", "B"))


def without_answers(data: Mapping[str, Any]) -> dict[str, Any]:
    """A frame file without its ``expect`` blocks and ``expect_end`` (no stored answer keys)."""
    strokes = [
        {key: value for key, value in entry.items() if key != "expect"}
        for entry in data.get("strokes") or ()
    ]
    kept = {key: value for key, value in data.items() if key not in ("expect_end", "strokes")}
    return {**kept, "strokes": strokes}


def judged_strokes(data: Mapping[str, Any], *, upto: int | None = None) -> list[JudgedStroke]:
    """The first ``upto`` strokes of a frame file (all when None), each judged in the state
    the strokes before it left. Raises ``rules_engine.CaseError`` for an impossible stroke."""
    frame = load_frame(data)
    judged = []
    for item in islice(iter_frame(frame), upto):
        entry = frame.entries[item.index]
        case = frame_case(frame, entry, item.case.state.to_dict())
        case.pop("expect", None)
        judged.append(
            JudgedStroke(
                number=item.index + 1,
                case=case,
                entry=dict(data["strokes"][item.index]),
                decision=item.decision.to_dict(),
                after=item.after.to_dict() if item.after is not None else None,
            )
        )
    return judged


def judged_stroke(data: Mapping[str, Any], *, number: int) -> JudgedStroke | None:
    """Stroke ``number`` (from 1) of a frame file, judged; None beyond its last stroke."""
    if number < 1:
        return None
    judged = judged_strokes(data, upto=number)
    return judged[-1] if len(judged) == number else None
