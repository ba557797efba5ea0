"""Frame files checked by the engine, then loaded all together or not at all.

``load_frames`` (the management command) reads every file first. A file is refused when it
is not a frame file (``rules_engine.load_frame``), when a stroke is impossible in the state
the strokes before it left, when a stroke has no ``expect`` (every stroke is proved), when a
stroke's decision differs from its ``expect`` or the end from ``expect_end`` (what
``python -m rules_engine frame --check`` reports), or when two files share an id. Any
problem: nothing is written. Otherwise every frame is stored in one transaction, existing
rows updated by slug, without its ``expect`` blocks (the engine's decision is the only
answer key).
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from django.db import transaction

from frames.judging import judged_strokes, without_answers
from frames.models import Frame
from frames.tags import derive_tags
from rules_engine import CaseError, judge_frame, load_frame

SLUG = re.compile(r"^[-a-zA-Z0-9_]{1,120}\Z")
#: A frame longer than this is a mistake (a frame has a few dozen strokes).
MAX_STROKES = 400


@dataclass
class Checked:
    """The frames ready to store (by slug) and every problem found, one line each."""

    frames: dict[str, dict[str, Any]] = field(default_factory=dict)
    problems: list[str] = field(default_factory=list)


def _read(path: Path) -> tuple[Any, str | None]:
    try:
        return json.loads(path.read_text(encoding="utf-8")), None
    except (OSError, UnicodeDecodeError, ValueError) as error:
        return None, f"not a JSON file ({error})"


def _proved(data: Any) -> list[str]:
    """Why the engine refuses a frame file's strokes or its expectations (empty: proved)."""
    try:
        frame = load_frame(data)
        result = judge_frame(frame)
    except CaseError as error:
        return [f"{problem.path}: {problem.message}" for problem in error.problems]
    problems = [
        f"strokes[{entry.index}]: no expect (every stroke is proved by its expect)"
        for entry in frame.entries
        if not entry.expect
    ]
    problems += [
        f"{where}: {difference.path}: expected {difference.expected!r}, "
        f"the engine decides {difference.actual!r}"
        for where, difference in result.differences
    ]
    return problems


def _row(data: dict[str, Any], *, order: int) -> dict[str, Any]:
    """The fields of a proved frame's row."""
    judged = judged_strokes(data)
    procedures = [
        str(item.entry["procedure"].get("kind")) for item in judged if "procedure" in item.entry
    ]
    stored = without_answers(data)
    return {
        "order": order,
        "ruleset": judged[0].case["ruleset"],
        "variants": list(data.get("variants") or []),
        "data": stored,
        "stroke_count": len(judged),
        "positions_count": sum(
            1 for item in judged if (item.entry.get("stroke") or {}).get("positions_after")
        ),
        "tags": derive_tags(
            decisions=[item.decision for item in judged],
            procedures=procedures,
            players=len(judged[0].players),
        ),
        "published": True,
    }


def check_files(paths: Sequence[Path]) -> Checked:
    """Read and prove every file; collect the rows to store and every problem."""
    checked = Checked()
    sources: dict[str, str] = {}
    for order, path in enumerate(paths, start=1):
        data, error = _read(path)
        if error:
            checked.problems.append(f"{path}: {error}")
            continue
        frame_id = data.get("id") if isinstance(data, dict) else None
        if not isinstance(frame_id, str) or not SLUG.match(frame_id):
            checked.problems.append(f"{path}: id: must be a slug of at most 120 characters")
            continue
        if frame_id in sources:
            checked.problems.append(f"{path}: id: {frame_id} is also {sources[frame_id]}'s id")
            continue
        sources[frame_id] = str(path)
        strokes = data.get("strokes")
        if isinstance(strokes, list) and len(strokes) > MAX_STROKES:
            checked.problems.append(f"{path}: strokes: more than {MAX_STROKES} strokes")
            continue
        row, problems = prove_frame(data, order=order)
        if row is None:
            checked.problems += [f"{path}: {frame_id}: {problem}" for problem in problems]
            continue
        checked.frames[frame_id] = row
    return checked


def prove_frame(data: dict[str, Any], *, order: int = 0) -> tuple[dict[str, Any] | None, list[str]]:
    """One frame file proved as ``load_frames`` proves each file (the bank's, or one the
    generator made for a run): its row's fields and no problem, or None and why."""
    problems = _proved(data)
    if problems:
        return None, problems
    return _row(data, order=order), []


def frame_fields(data: dict[str, Any], *, order: int = 0) -> dict[str, Any]:
    """The row's fields of a frame whose strokes were all proved already (a generated frame
    whose later strokes were replaced by a proved continuation)."""
    return _row(data, order=order)


class FramesRefused(ValueError):
    """The files were not loaded; ``problems`` says why, one line each."""

    def __init__(self, problems: Sequence[str]) -> None:
        super().__init__("\n".join(problems))
        self.problems = tuple(problems)


def load_files(paths: Sequence[Path]) -> list[Frame]:
    """Prove every file, then store them all in one transaction; raise ``FramesRefused``
    (nothing written) on any problem."""
    checked = check_files(paths)
    if checked.problems:
        raise FramesRefused(checked.problems)
    if not checked.frames:
        raise FramesRefused(["no frame file given"])
    with transaction.atomic():
        return [
            Frame.objects.update_or_create(slug=slug, defaults=fields)[0]
            for slug, fields in checked.frames.items()
        ]
