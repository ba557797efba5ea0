"""A kind of call often missed in a frame brings practice scenarios of that kind to review.

When a trainee finishes a frame, each part of the call (foul or fair, penalty, calls, next
player and options, score) he got wrong on at least ``MISSED_AT_LEAST`` strokes *and* on at
least ``MISSED_SHARE`` of the strokes is "often missed". For each such kind, up to
``PER_KIND`` published practice scenarios asking that kind of question (``KIND_ASKS``) that
are not in his review yet are put in it, due now, as new cards (``quiz.review``'s format,
``answers`` 0 and ``score`` 0: in the review they are listed among the mistakes until he
answers them; from then on FSRS schedules them as any other). Simple on purpose: the
frame gives the kind of call, practice the repetition.

>>> calls = [{"legal": True, "scores": False}, {"legal": True, "scores": False},
...          {"legal": False, "scores": True}]
>>> often_missed(calls)
['scores']
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Any

from fsrs import Card

from quiz.asks import Ask

#: A kind is often missed when wrong on this many strokes at least …
MISSED_AT_LEAST = 2
#: … and on this share of the strokes where it was called at least.
MISSED_SHARE = 1 / 3
#: How many scenarios each kind often missed brings to review.
PER_KIND = 2
#: The practice question that drills each part of a call.
KIND_ASKS: Mapping[str, str] = {
    "legal": Ask.LEGAL,
    "penalty": Ask.PENALTY,
    "calls": Ask.CALLS,
    "next_striker": Ask.NEXT,
    "next_options": Ask.NEXT,
    "scores": Ask.POINTS,
}


def often_missed(calls: Sequence[Mapping[str, bool]]) -> list[str]:
    """The parts missed often in a run's calls (each call: part -> right), in part order."""
    kinds = []
    for kind in KIND_ASKS:
        graded = [flags[kind] for flags in calls if kind in flags]
        missed = graded.count(False)
        if graded and missed >= MISSED_AT_LEAST and missed / len(graded) >= MISSED_SHARE:
            kinds.append(kind)
    return kinds


def asks_for(kinds: Sequence[str]) -> list[str]:
    """The practice questions (``Ask``) that drill these kinds, each once, in order."""
    found: list[str] = []
    for kind in kinds:
        if KIND_ASKS[kind] not in found:
            found.append(KIND_ASKS[kind])
    return found


def new_card(*, now: datetime) -> dict[str, Any]:
    """A card due now that has never been answered (``quiz.review.schedule`` takes it on)."""
    return {"fsrs": Card(card_id=1, due=now).to_dict(), "score": 0.0, "answers": 0}
