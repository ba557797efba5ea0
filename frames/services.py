"""Writes: a run started, a stroke called (graded by the engine), review scheduled."""

from __future__ import annotations

import datetime
import hashlib
import secrets
from collections.abc import Mapping, MutableMapping
from typing import Any

from django.conf import settings
from django.db import IntegrityError, transaction
from django.utils import timezone

from frames import review
from frames.generator import generate_frame
from frames.grading import StrokeGrade, grade_stroke
from frames.judging import judged_strokes
from frames.loading import FramesRefused, frame_fields, prove_frame
from frames.models import Frame, FrameCall, FrameRun
from quiz.models import ReviewCard, Scenario
from quiz.selectors import published_scenarios, review_cards
from rules_engine import CaseError
from throttling.services import take_turn

#: New frames one client (an account, else an address) may have generated an hour ("A new
#: frame" stores each one; ``FRAMES_GENERATED_PER_HOUR`` overrides it): a frame is a few
#: dozen strokes to call, so this is far more than a trainee uses.
GENERATED_PER_HOUR = 30
#: "A new frame"'s lengths: how many strokes are kept (None: the frame to its end).
GENERATED_LENGTHS: Mapping[str, int | None] = {"short": 20, "long": None}


class AlreadyCalled(Exception):
    """This stroke was called already (a second tab, a double submission): the first call
    stands."""


class NotYourTurn(Exception):
    """The call is for a stroke that is not the run's next one."""


def start_run(*, frame: Frame, user: Any | None) -> FrameRun:
    """A new run through ``frame`` (a signed-in trainee's own; else the session keeps it)."""
    owner = user if getattr(user, "is_authenticated", False) else None
    return FrameRun.objects.create(frame=frame, user=owner)


def take_generation_turn(*, client: str, now: datetime.datetime | None = None) -> bool:
    """One more frame generated for ``client``; ``False`` past the hour's allowance (counted
    in the shared cache, as practice's "Another like this" is: every frame is a stored row)."""
    return take_turn(
        scope="frames-generated",
        key=client,
        window=3600,
        now=now,
        limit=int(getattr(settings, "FRAMES_GENERATED_PER_HOUR", GENERATED_PER_HOUR)),
    )


def start_generated_run(
    *, ruleset: str, style: str, length: str, user: Any | None, seed: int | None = None
) -> FrameRun:
    """A frame played by the generator from a seed drawn here (``seed`` only in tests),
    proved as ``load_frames`` proves a bank file, stored unpublished (it is this run's
    alone), and a run started on it. Raises ``FramesRefused`` (nothing stored) when the
    engine refuses the frame."""
    seed = secrets.randbelow(2**62) if seed is None else seed
    slug = f"generated-{seed}-{secrets.token_hex(4)}"
    played = {"style": style, "strokes": GENERATED_LENGTHS[length]}
    data = _played(seed=seed, ruleset=ruleset, frame_id=slug, **played)
    row, problems = prove_frame(data)
    if row is None:
        raise FramesRefused(problems)
    with transaction.atomic():
        frame = Frame.objects.create(
            slug=slug,
            **{**row, "published": False, "generated_seed": seed, "generated_with": played},
        )
        return start_run(frame=frame, user=user)


def _played(**options: Any) -> dict[str, Any]:
    """``generate_frame``, its rare dead end (no stroke fits the table) refused as a frame the
    engine refuses: the trainee is told, nothing is stored."""
    try:
        return generate_frame(**options)
    except RuntimeError as error:
        raise FramesRefused([str(error)]) from None


class NoChoice(ValueError):
    """The next player cannot be made to choose that here: not a generated frame, not the
    run's last stroke called, not a foul, or not one of the decision's options."""


def _continuation_seed(*, seed: int, number: int, choice: str) -> int:
    """The seed the frame goes on from after stroke ``number`` and ``choice``: the same
    choice at the same stroke always gives the same continuation."""
    digest = hashlib.sha256(f"{seed}:{number}:{choice}".encode()).hexdigest()
    return int(digest[:15], 16)


def choose_for_next_player(*, run: FrameRun, number: int, choice: str) -> FrameRun:
    """After a foul at stroke ``number`` of a generated frame, the trainee makes the next
    player's ``choice`` (``play``, ``offender_again``, ``replace_offender_again``): the
    generator plays the rest of the frame from the state that choice leaves, proved as a bank
    file is, and it replaces the frame's later strokes (the frame is this run's alone).
    Raises ``NoChoice`` (nothing changed) when the choice cannot be made there."""
    frame = run.frame
    if frame.generated_seed is None or run.finished or run.position != number or number < 1:
        raise NoChoice
    kept = [dict(entry) for entry in frame.data["strokes"][:number]]
    if len(kept) != number or kept[-1].get("choice", "play") == choice:
        raise NoChoice  # the frame goes on as it is
    kept[-1].pop("choice", None)
    if choice != "play":
        kept[-1]["choice"] = choice
    try:  # the engine refuses a choice that is not among the decision's options
        last = judged_strokes({**frame.data, "strokes": kept})[-1]
    except CaseError:
        raise NoChoice from None
    if last.decision.get("legal") or last.after is None:
        raise NoChoice
    limit = frame.generated_with.get("strokes")
    if limit is not None and number >= limit:
        raise NoChoice
    rest = _played(
        seed=_continuation_seed(seed=frame.generated_seed, number=number, choice=choice),
        ruleset=frame.ruleset,
        variants=frame.variants,
        style=frame.generated_with.get("style", "professional"),
        strokes=None if limit is None else limit - number,
        state=last.after,
        frame_id=f"{frame.slug}-{number}",
    )
    row, problems = prove_frame(rest)
    if row is None:
        raise FramesRefused(problems)
    try:  # the continuation was proved from the state the choice leaves: this is a check
        fields = frame_fields({**frame.data, "strokes": kept + row["data"]["strokes"]})
    except CaseError as error:
        raise FramesRefused([problem.message for problem in error.problems]) from None
    with transaction.atomic():
        locked = FrameRun.objects.select_for_update().get(pk=run.pk)
        if locked.position != number or locked.finished_at is not None:
            raise NoChoice  # another tab called the next stroke meanwhile
        for name in ("data", "stroke_count", "positions_count", "tags"):
            setattr(frame, name, fields[name])
        # loaded_at moves on (auto_now): each process judges the new strokes afresh.
        frame.save(update_fields=["data", "stroke_count", "positions_count", "tags", "loaded_at"])
    return run


def record_call(
    *,
    run: FrameRun,
    number: int,
    answer: Mapping[str, Any],
    decision: Mapping[str, Any],
    engine_version: str,
    now: datetime.datetime | None = None,
) -> tuple[FrameCall, StrokeGrade]:
    """Grade a call of stroke ``number`` against its ``decision``, keep it, move the run on.

    The run is finished after its last stroke, or when the decision ends the frame. Raises
    ``AlreadyCalled`` when the stroke was called already, ``NotYourTurn`` when it is not the
    run's next stroke.
    """
    grade = grade_stroke(decision=decision, answer=answer)
    over = bool((decision.get("frame") or {}).get("over"))
    try:
        with transaction.atomic():
            locked = FrameRun.objects.select_for_update().get(pk=run.pk)
            if locked.calls.filter(number=number).exists():
                raise AlreadyCalled
            if number != locked.position + 1:
                raise NotYourTurn
            call = FrameCall.objects.create(
                run=locked,
                number=number,
                answer=dict(answer),
                parts=grade.as_flags(),
                score=grade.score,
                engine_version=engine_version,
            )
            locked.position = number
            locked.scores = dict(answer.get("scores") or {})
            if over or number >= locked.frame.stroke_count:
                locked.finished_at = now or timezone.now()
            locked.save(update_fields=["position", "scores", "finished_at"])
    except IntegrityError:  # the unique constraint: another request called it first
        raise AlreadyCalled from None
    run.position, run.scores, run.finished_at = locked.position, locked.scores, locked.finished_at
    return call, grade


def schedule_missed_kinds(
    *,
    run: FrameRun,
    user: Any | None,
    session_cards: MutableMapping[str, Any],
    now: datetime.datetime | None = None,
) -> list[Scenario]:
    """Put practice scenarios of each kind of call the run often missed in the trainee's
    review, due now (``frames.review``); a signed-in trainee's as rows, a visitor's in
    ``session_cards`` (the caller keeps it in the session). Returns the scenarios added."""
    now = now or timezone.now()
    kinds = review.often_missed([call.parts for call in run.calls.all()])
    if not kinds:
        return []
    signed_in = getattr(user, "is_authenticated", False)
    have = set(review_cards(user=user if signed_in else None, session_cards=session_cards))
    added: list[Scenario] = []
    for ask in review.asks_for(kinds):
        pool = (
            published_scenarios()
            .filter(ask=ask)
            .exclude(pk__in=have)
            .order_by("difficulty", "topic__order", "slug")
        )
        for scenario in pool[: review.PER_KIND]:
            card = review.new_card(now=now)
            if signed_in:
                ReviewCard.objects.get_or_create(
                    user=user,
                    scenario=scenario,
                    defaults={"card": card, "due": now, "last_score": 0.0},
                )
            else:
                session_cards[str(scenario.pk)] = card
            have.add(scenario.pk)
            added.append(scenario)
    return added
