"""Frame sections in exams (issue 22): "referee a frame", N consecutive strokes of a frame,
each stroke one question graded by the engine as any drawn question is.

Every candidate referees a frame of his own: the frame generator (``frames.generator``) plays
it from a seed, the HMAC of the attempt and the section's first position that family
questions use (:func:`exams.families.question_seed`), and the same seed chooses where the
window of strokes begins (one of the first ``MAX_START + 1`` strokes: a short frame to play
keeps the start of an attempt cheap). Each stroke is frozen like a drawn question: the case
of that stroke in the state the strokes before it left (no ``expect``), ``ask`` the whole
decision, and the texts in the attempt's language. The question states the situation before
the stroke (score, reds, ball on: what a case's narrative states) and then the account of
the stroke (``frames.accounts.describe_stroke``), never its ruling, so that each stroke is a
question of its own, graded one by one. The seed and the stroke's number are kept
(``AttemptQuestion.seed``, ``frame_stroke``) so that the examiner can rebuild the frame.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from django.core.exceptions import ObjectDoesNotExist
from django.utils.translation import gettext

from frames.accounts import describe_stroke
from frames.generator import generate_frame, play_frame
from frames.judging import JudgedStroke, judged_strokes
from quiz.families.narratives import _table  # the situation, told as a case's narrative does
from quiz.numbers import format_number, native_digits
from rules_engine import CaseError

from .families import RETRIES, question_seed

#: The strokes a frame section asks for, at least and at most.
MIN_STROKES, MAX_STROKES = 4, 20
#: The window begins at one of the frame's first MAX_START + 1 strokes (each stroke before it is
#: played and judged at the start: the start request's largest cost, docs/exam-day.md).
MAX_START = 3
#: What each stroke asks: the referee's whole decision.
ASK = "decision"
#: How the frames are played: club players foul more often than professionals (about one
#: stroke in ten of a window against one in twenty-five), so a window has calls to make.
STYLE = "club"


class FrameDrawError(Exception):
    """No frame with the strokes asked for could be played under the exam's rules."""


@dataclass(frozen=True)
class FrameDraw:
    """Stroke ``index`` (from 0) of a frame section's ``count``; frozen once the attempt and
    its positions are known (the first of the section's is ``position - index``)."""

    index: int
    count: int


@dataclass(frozen=True)
class FrameWindow:
    """The strokes a candidate referees, and the seed of the frame they belong to."""

    seed: int
    strokes: tuple[JudgedStroke, ...]


def _window_of(*, seed: int, ruleset: str, variants: tuple[str, ...], count: int) -> tuple:
    """The ``count`` strokes from the seed's start, or () when the frame ends before them or
    a concession, stalemate or claim falls among them (a stroke is asked, not a procedure)."""
    start = random.Random(seed).randrange(MAX_START + 1)
    played = play_frame(
        seed=seed, ruleset=ruleset, variants=variants, strokes=start + count, style=STYLE
    )
    # The strokes as the generator judged them while playing (judging the frame again would
    # double the start's largest cost); a procedure (None) is not a stroke to ask.
    window = played.strokes[start : start + count]
    if len(window) < count or any(judged is None for judged in window):
        return ()
    return window


@functools.lru_cache(maxsize=16)
def frame_window(
    *, attempt_id: int, position: int, ruleset: str, variants: tuple[str, ...], count: int
) -> FrameWindow:
    """The frame section's strokes for the attempt (its first question at ``position``): the
    first seed of the attempt and section that gives them. Kept per process, as the section's
    questions are frozen one after the other."""
    for retry in range(RETRIES):
        seed = question_seed(attempt_id=attempt_id, position=position, retry=retry)
        window = _window_of(seed=seed, ruleset=ruleset, variants=variants, count=count)
        if window:
            return FrameWindow(seed=seed, strokes=window)
    raise FrameDrawError(f"no frame of {count} strokes under {ruleset} in {RETRIES} seeds")


def rebuild(
    *, seed: int, stroke: int, ruleset: str, variants: Sequence[str] = ()
) -> JudgedStroke | None:
    """Stroke number ``stroke`` of the frame played from ``seed`` (what a frozen frame question
    keeps), judged; ``None`` when the generator no longer plays that far. The generator plays
    stroke after stroke from its seed, so the first strokes of a frame are those of any
    longer one."""
    frame = generate_frame(
        seed=seed, ruleset=ruleset, variants=tuple(variants), strokes=stroke, style=STYLE
    )
    try:
        strokes = judged_strokes(frame)
    except CaseError:
        return None
    return strokes[stroke - 1] if len(strokes) >= stroke else None


def frozen_stroke_fields(*, window: FrameWindow, index: int) -> dict[str, Any]:
    """What an ``AttemptQuestion`` keeps of stroke ``index`` (from 0) of the window, its texts
    in the active language. The case is the stroke's without ``expect``; the narrative tells
    the situation before the stroke and the stroke, never its ruling."""
    judged = window.strokes[index]
    state = judged.state
    striker = str(state.get("striker") or judged.players[0])
    count = len(window.strokes)
    numbers = {"number": format_number(index + 1), "count": format_number(count)}
    heading = native_digits(gettext("Referee a frame: stroke %(number)s of %(count)s.") % numbers)
    situation = " ".join(text for _, text in _table(state, striker))
    account = " ".join(describe_stroke(state=state, step=judged.entry))
    case = {key: value for key, value in judged.case.items() if key != "expect"}
    return {
        "family_slug": "",
        "seed": window.seed,
        "frame_stroke": judged.number,
        "case": case,
        "ask": ASK,
        "ask_ball": "",
        "difficulty": None,
        "title": native_digits(gettext("Frame, stroke %(number)s of %(count)s") % numbers),
        "narrative": "\n\n".join((heading, situation, account)),
        "question": gettext("Make the referee's calls for this stroke."),
        "note": "",
    }


def frame_section_errors(*, section: Any) -> dict[str, str]:
    """Why a frame section cannot be drawn (field name -> message), empty when it can: its
    strokes (``MIN_STROKES`` to ``MAX_STROKES``), no topic, and a frame that the generator
    plays under the exam's edition and its federation's local rules."""
    errors = {}
    count = section.question_count or 0
    if not MIN_STROKES <= count <= MAX_STROKES:
        errors["question_count"] = gettext(
            "A frame section asks for %(min)s to %(max)s strokes."
        ) % {"min": format_number(MIN_STROKES), "max": format_number(MAX_STROKES)}
    if section.topic_id is not None:
        errors["topic"] = gettext("A frame section draws no topic: leave the topic empty.")
    try:
        exam = section.exam  # an exam being created is not saved yet: it is set, not stored
    except ObjectDoesNotExist:
        exam = None
    if exam is not None and not errors:
        try:
            frame_window(
                attempt_id=0,
                position=1,
                ruleset=exam.edition,
                variants=tuple(exam.federation.variants or ()),
                count=count,
            )
        except FrameDrawError:
            errors["source"] = gettext(
                "No frame can be played under this exam's rule-book edition and local rules."
            )
    return errors
