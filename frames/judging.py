"""A stored frame judged stroke by stroke by the engine (``rules_engine.frame``).

Nothing of a decision is stored: a frame is judged from its start by the engine that runs
now. A frame with the positions of every stroke takes the engine a few hundred milliseconds
(the geometry of sixty strokes), so each process keeps the strokes of the frames it judged
last (``frame_strokes``), keyed by the frame, when it was loaded and the engine's version:
a frame loaded again or a new engine is judged afresh.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Mapping
from dataclasses import dataclass
from itertools import islice
from typing import Any

from rules_engine import __version__, load_frame
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


#: How many frames a process keeps judged.
KEPT = 32
_judged: OrderedDict[tuple[Any, ...], tuple[JudgedStroke, ...]] = OrderedDict()


def frame_strokes(frame: Any) -> tuple[JudgedStroke, ...]:
    """Every stroke of a stored ``frames.models.Frame``, judged (kept per process)."""
    key = (frame.pk, frame.loaded_at.isoformat() if frame.loaded_at else "", __version__)
    found = _judged.get(key)
    if found is None:
        found = tuple(judged_strokes(frame.data))
        _judged[key] = found
        while len(_judged) > KEPT:
            _judged.popitem(last=False)
    return found


def judged_stroke(frame: Any, *, number: int) -> JudgedStroke | None:
    """Stroke ``number`` (from 1) of a stored frame, judged; None beyond its last stroke."""
    strokes = frame_strokes(frame)
    return strokes[number - 1] if 1 <= number <= len(strokes) else None
