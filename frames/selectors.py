"""Reads: the frames to pick from, whose run is whose, a stroke's page, the summary, progress.

Who may see a run is decided here: a signed-in trainee's run is his alone; a run without a
user belongs to the session that started it (``frames.session``).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django.db.models import QuerySet

from frames.grading import PART_LABELS, PARTS
from frames.models import Frame, FrameCall, FrameRun


def published_frames(
    *, topic: str = "", edition: str = "", strokes: tuple[int, int] | None = None
) -> QuerySet[Frame]:
    """The published frames, of a topic, an edition and a length (``strokes``: a range)."""
    frames = Frame.objects.filter(published=True)
    if edition:
        frames = frames.filter(ruleset=edition)
    if strokes is not None:
        frames = frames.filter(stroke_count__gte=strokes[0], stroke_count__lte=strokes[1])
    if topic:
        # A JSON list's membership, portably: the few dozen frames are filtered here.
        return frames.filter(pk__in=[f.pk for f in frames if topic in (f.tags or [])])
    return frames


def published_frame(*, slug: str) -> Frame | None:
    return Frame.objects.filter(published=True, slug=slug).first()


def run_for(*, run_id: Any, user: Any, session_ids: Iterable[str]) -> FrameRun | None:
    """The run, if this trainee (or this session) may see it; else None, as if unknown."""
    run = FrameRun.objects.select_related("frame").filter(pk=run_id).first()
    if run is None:
        return None
    if run.user_id is not None:
        return run if run.user_id == getattr(user, "pk", None) else None
    return run if str(run.pk) in set(session_ids) else None


def call_of(*, run: FrameRun, number: int) -> FrameCall | None:
    return run.calls.filter(number=number).first()


@dataclass(frozen=True)
class KindShare:
    """One kind of call over a run (or all runs): how often it was right."""

    kind: str
    right: int
    total: int

    @property
    def label(self) -> str:
        return str(PART_LABELS[self.kind])

    @property
    def ratio(self) -> float:
        return self.right / self.total if self.total else 0.0


def shares_by_kind(calls: Iterable[Mapping[str, bool]]) -> list[KindShare]:
    """The share of each kind of call right, over calls (each: part -> right), part order.

    >>> [(s.kind, s.right, s.total) for s in shares_by_kind([{"legal": True},
    ...     {"legal": False, "scores": True}])]
    [('legal', 1, 2), ('scores', 1, 1)]
    """
    calls = list(calls)
    shares = []
    for kind in PARTS:
        graded = [flags[kind] for flags in calls if kind in flags]
        if graded:
            shares.append(KindShare(kind=kind, right=sum(graded), total=len(graded)))
    return shares


@dataclass(frozen=True)
class Summary:
    """A run's summary: each stroke called, the share right by kind, where the score first
    went wrong (the stroke's number, None when it never did)."""

    calls: tuple[FrameCall, ...]
    kinds: tuple[KindShare, ...]
    score_first_wrong: int | None

    @property
    def right(self) -> float:
        total = sum(k.total for k in self.kinds)
        return sum(k.right for k in self.kinds) / total if total else 0.0


def run_summary(*, run: FrameRun) -> Summary:
    calls = tuple(run.calls.all())
    first_wrong = next((c.number for c in calls if c.parts.get("scores") is False), None)
    return Summary(
        calls=calls,
        kinds=tuple(shares_by_kind(c.parts for c in calls)),
        score_first_wrong=first_wrong,
    )


@dataclass(frozen=True)
class FramesProgress:
    """A trainee's frames: started, finished, strokes called, share right by kind."""

    started: int
    finished: int
    strokes: int
    kinds: tuple[KindShare, ...]


def frames_progress(*, user: Any) -> FramesProgress:
    runs = FrameRun.objects.filter(user=user)
    parts: Sequence[Mapping[str, bool]] = list(
        FrameCall.objects.filter(run__user=user).values_list("parts", flat=True)
    )
    return FramesProgress(
        started=runs.count(),
        finished=runs.filter(finished_at__isnull=False).count(),
        strokes=len(parts),
        kinds=tuple(shares_by_kind(parts)),
    )


def open_runs(*, user: Any, session_ids: Iterable[str]) -> list[FrameRun]:
    """The trainee's (or this session's) unfinished runs, newest first, to resume."""
    runs = FrameRun.objects.filter(finished_at__isnull=True).select_related("frame")
    if getattr(user, "is_authenticated", False):
        runs = runs.filter(user=user)
    else:
        ids = [value for value in session_ids if _is_uuid(value)]
        runs = runs.filter(user__isnull=True, pk__in=ids)
    return list(runs[:5])


def _is_uuid(value: str) -> bool:
    import uuid

    try:
        uuid.UUID(str(value))
    except ValueError:
        return False
    return True
