"""Spaced review: when a practice scenario comes back, by the FSRS scheduler (as Anki uses it).

Each answered scenario has a *card* per trainee: FSRS's own state (stability,
difficulty, step, due) as a JSON-able dict, plus the score of the last answer.
The grade FSRS needs comes from the answer's score (full decisions by their
partial credit): wrong ``Again``, partly right ``Hard``, right ``Good``.

A wrong answer comes back within minutes, a partly right one a little later,
a right one after days; a topic the trainee is weak in gets a higher desired
retention, so its scenarios come back sooner.

>>> from datetime import datetime, timezone
>>> now = datetime(2026, 1, 1, tzinfo=timezone.utc)
>>> wrong = schedule(None, score=0.0, now=now)
>>> half = schedule(None, score=0.5, now=now)
>>> right = schedule(None, score=1.0, now=now)
>>> due(wrong) < due(half) < due(right)
True
>>> str(due(wrong) - now), str(due(right) - now)
('0:10:00', '2 days, 0:00:00')
>>> str(due(schedule(None, score=1.0, now=now, weak=True)) - now)
'1 day, 0:00:00'
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import UTC, datetime, timedelta
from typing import Any

from fsrs import Card, Rating, Scheduler

#: A wrong answer (and a lapse) comes back after this long.
LEARNING_STEP = timedelta(minutes=10)
#: Desired retention: usual, and for a topic the trainee is weak in (shorter intervals).
RETENTION = 0.9
WEAK_RETENTION = 0.95
#: Below this share of credit in a topic, the topic is weak.
WEAK_BELOW = 0.7
#: An answer with less credit than this is "wrong" (``Again``); below 1, "partly right".
PASS_MARK = 0.5


def rating_for(score: float) -> Rating:
    """The FSRS grade of an answer's score (0..1).

    >>> [rating_for(s).name for s in (0.0, 0.49, 0.5, 0.8, 1.0)]
    ['Again', 'Again', 'Hard', 'Hard', 'Good']
    """
    if score >= 1.0:
        return Rating.Good
    return Rating.Hard if score >= PASS_MARK else Rating.Again


def _scheduler(*, weak: bool) -> Scheduler:
    return Scheduler(
        desired_retention=WEAK_RETENTION if weak else RETENTION,
        learning_steps=(LEARNING_STEP,),
        relearning_steps=(LEARNING_STEP,),
        enable_fuzzing=False,
    )


def schedule(
    card: Mapping[str, Any] | None, *, score: float, now: datetime, weak: bool = False
) -> dict[str, Any]:
    """The card after an answer with ``score`` at ``now`` (a new card when ``card`` is None).

    Returns FSRS's card as a dict with ``score`` (the last answer's) and
    ``answers`` (how many) added.
    """
    previous = Card.from_dict(card["fsrs"]) if card else Card(card_id=1, due=now)
    when = now.astimezone(UTC)
    updated, _log = _scheduler(weak=weak).review_card(previous, rating_for(score), when)
    return {
        "fsrs": updated.to_dict(),
        "score": float(score),
        "answers": int(card.get("answers", 0) if card else 0) + 1,
    }


def due(card: Mapping[str, Any]) -> datetime:
    """When the card is due again (aware, UTC)."""
    return datetime.fromisoformat(card["fsrs"]["due"])


def is_mistake(card: Mapping[str, Any]) -> bool:
    """Whether the last answer was not wholly right."""
    return float(card.get("score", 0.0)) < 1.0
