"""Whole frames: the state after a stroke (``next_state``), and frame files
(``snooker-referee-frame/1``, docs/frames.md) judged stroke after stroke.

>>> from rules_engine import judge, load_case
>>> case = load_case({"format": "snooker-referee-case/1", "id": "s1", "state": {"reds": 15},
...                   "stroke": {"first_contact": ["red"], "potted": ["red"]}})
>>> after = next_state(case.state, case.stroke, judge(case))
>>> after.reds, after.ball_on, after.striker, after.scores
(14, 'colour', 'A', {'A': 1, 'B': 0})

A frame file is a starting state and the strokes that followed, each with its facts and, where
the next player chose, his choice:

>>> result = judge_frame(load_frame({"format": "snooker-referee-frame/1", "id": "f",
...     "state": {"reds": 0, "colours": ["pink", "black"], "scores": {"A": 60, "B": 50}},
...     "strokes": [{"stroke": {"first_contact": ["pink"], "potted": ["pink"]}},
...                 {"stroke": {"first_contact": ["black"], "potted": ["black"]}}]}))
>>> [d.points["A"] for d in result.decisions], result.end.reason, result.end.winner
([6, 7], 'black_potted', 'A')
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from rules_engine.balls import COLOURS, NEXT_OPTIONS, OBJECT_BALLS
from rules_engine.case import load_case as _load_case
from rules_engine.check import Difference, compare_expectation
from rules_engine.decision import Decision
from rules_engine.decision import Frame as FrameEnd
from rules_engine.editions import DEFAULT_RULESET, VARIANTS
from rules_engine.errors import CaseError, Problem
from rules_engine.reading import describe, too_deep
from rules_engine.rulesets import referee_for
from rules_engine.values import CASE_FORMAT, Case, Positions, Procedure, State, Stroke

FRAME_FORMAT = "snooker-referee-frame/1"
#: Where a frame file starts when it gives no state: the break-off, the cue ball in hand.
BREAK_OFF: Mapping[str, Any] = {"in_hand": True}
_ENTRY_KEYS = ("stroke", "procedure", "choice", "touching_after", "lot", "expect")
_BY_HAND = "moved_by_hand_forced_off"
_FRAME_KEYS = ("format", "id", "ruleset", "variants", "state", "strokes", "expect_end")


def next_state(
    state: State,
    stroke: Stroke | Procedure,
    decision: Decision,
    *,
    choice: str = "play",
    touching: Sequence[str] | None = None,
    lot: str | None = None,
) -> State | None:
    """The state before the following stroke, or None when the frame is over.

    ``choice`` is the next player's choice after a foul (``decision.next.options``): ``play``
    from where the balls lie, ask the offender to play again (``offender_again``), or, after a
    miss, to play again with the balls replaced (``replace_offender_again``: the state before
    the stroke, one more miss counted when a ball on could be hit full). ``touching`` are the
    balls the referee declared touching the cue ball where it came to rest (without
    positions the engine cannot know them); ``lot`` the player who plays a re-spotted black
    (the lot decides; default the next in order).

    A frame restarted (``restart`` after a stroke: 2014 3.3(d)(i)) starts again with the
    correct player breaking off; a ball touched during the consultation (3.14(h)) leaves the
    replaced position, its miss count and the order of play, with the new scores.

    Scores, reds and colours left, ball on, striker, in hand, free ball, misses, re-spotted
    black follow from the decision; positions follow ``positions_after`` with the re-spotted
    colours placed where the decision put them (dropped when the stroke does not give them).
    Raises ValueError for a choice the decision does not offer.
    """
    if decision.frame.over:
        return None
    options = decision.next.options or ("play",)
    if choice not in options:
        raise ValueError(
            f"{choice!r} is not a choice after this stroke (choices: {', '.join(options)})"
        )
    if lot is not None and lot not in state.players:
        raise ValueError(f"lot: {lot!r} is not one of the players ({', '.join(state.players)})")
    if isinstance(stroke, Procedure):
        return _after_procedure(state, decision)
    if "restart" in decision.calls:  # 2014 3.3(d)(i): the correct player breaks off again
        return replace(
            _after_procedure(state, decision), striker=decision.next.striker,
            breaker=decision.next.striker,
        )  # fmt: skip
    if "replay" in decision.calls:  # 3.9(b)(i): every ball back, the striker plays again
        return state
    if choice == "replace_offender_again":
        return _replaced(state, decision)
    if any(step.code == "consultation_touch_order_unchanged" for step in decision.trail):
        # 3.14(h): the ball touched is put back; the offender plays from the replaced position
        return replace(state, scores=dict(decision.scores), free_ball=False)
    return _played_on(state, stroke, decision, choice=choice, touching=touching, lot=lot)


def _after_procedure(state: State, decision: Decision) -> State:
    if "restart" not in decision.calls:  # the referee's warning: play goes on from here
        return state
    return State(  # 3.16: the frame is restarted, the same player breaks off
        players=state.players,
        sides=state.sides,
        striker=state.breaker,
        breaker=state.breaker,
        scores=dict.fromkeys(state.sides, 0),
        in_hand=True,
        totals_count=state.totals_count,
        deciding_frame=state.deciding_frame,
    )


def _replaced(state: State, decision: Decision) -> State:
    """Balls replaced, the offender plays again (3.14(c)): a miss with a ball on in full view
    counts towards the third."""
    full = decision.assessment.path_to_ball_on == "full"
    misses = state.misses + 1 if "miss" in decision.calls and full else state.misses
    return replace(
        state,
        scores=dict(decision.scores),
        misses=min(misses, 2),
        free_ball=False,
        unspotted_colour=None,  # spotted while the balls were replaced
    )


def _played_on(
    state: State,
    stroke: Stroke,
    decision: Decision,
    *,
    choice: str,
    touching: Sequence[str] | None,
    lot: str | None,
) -> State:
    nxt = decision.next
    reds, colours = _balls_left(state, stroke, decision)
    striker = state.striker if choice == "offender_again" else nxt.striker
    if striker is None:  # the re-spotted black: decided by lot
        striker = (
            lot
            if lot is not None
            else state.players[(state.players.index(state.striker) + 1) % len(state.players)]
        )
    positions = _positions_after(state, stroke, decision)
    in_hand = nxt.in_hand
    if positions is not None:
        in_hand = positions.white is None
    return State(
        players=state.players,
        sides=state.sides,
        striker=striker,
        breaker=state.breaker,
        scores=dict(decision.scores),
        reds=reds,
        colours=colours,
        ball_on=nxt.ball_on or "red",
        free_ball=nxt.free_ball and choice == "play",
        in_hand=in_hand,
        touching=tuple(touching) if touching and positions is None else None,
        misses=0,
        respotted_black=decision.frame.respotted_black,
        totals_count=state.totals_count,
        deciding_frame=state.deciding_frame,
        occupied_spots=None,
        positions=positions,
    )


def _leaving(stroke: Stroke, decision: Decision) -> Counter[str]:
    """Object balls that left the table in the stroke (before re-spotting)."""
    leaving = Counter(stroke.potted) + Counter(stroke.off_table)
    edge = stroke.edge
    if edge is not None and edge.fell == "after_balancing":
        leaving[edge.ball] += 1
    return leaving


def _forced_off_by_hand(decision: Decision) -> list[str]:
    """Balls the striker moved by hand that the decision counts as forced off the table (2014,
    Section 2 Rule 14)."""
    return [str(dict(s.params)["ball"]) for s in decision.trail if s.code == _BY_HAND]


def _balls_left(state: State, stroke: Stroke, decision: Decision) -> tuple[int, tuple[str, ...]]:
    if decision.replace_all:
        return state.reds, state.colours
    leaving = _leaving(stroke, decision) if stroke.struck else Counter()
    leaving.update(_forced_off_by_hand(decision))
    if not leaving:
        return state.reds, state.colours
    respotted = {respot.ball for respot in decision.respots}
    colours = tuple(c for c in state.colours if not leaving[c] or c in respotted)
    return state.reds - leaving["red"], colours


def _positions_after(state: State, stroke: Stroke, decision: Decision) -> Positions | None:
    """Where the balls are before the next stroke, when the case says where they came to rest."""
    if decision.replace_all:
        return state.positions
    if any(i.code == "moved_by_hand" for i in stroke.infringements):
        return None  # where the striker moved the ball to is not recorded
    if not stroke.struck:
        if stroke.cue_ball_placed:  # on the table now, but where is not recorded
            return None
        return state.positions
    after = stroke.positions_after
    if after is None:
        return None
    colours = dict(after.colours)
    for respot in decision.respots:
        if respot.position is None:
            return None
        colours[respot.ball] = respot.position
    for ball in decision.replaced:  # 3.9(a): the edge ball back where it was
        where = state.positions.colour(ball) if state.positions is not None else None
        if where is None:
            return None
        colours[ball] = where
    white = None if decision.next.in_hand else after.white
    ordered = tuple((c, colours[c]) for c in COLOURS if c in colours)
    return Positions(white=white, red=after.red, colours=ordered)


# ------------------------------------------------------------------------------------------
# Frame files


@dataclass(frozen=True)
class FrameEntry:
    """One stroke (or procedure) of a frame file, its facts as written (checked when judged)."""

    index: int
    kind: str  # "stroke" or "procedure"
    facts: Mapping[str, Any]
    choice: str = "play"
    touching_after: tuple[str, ...] | None = None
    lot: str | None = None
    expect: Mapping[str, Any] | None = None


@dataclass(frozen=True)
class FrameFile:
    """A frame file: its id, ruleset, starting state (as written), entries and the local
    variants every stroke is judged with."""

    id: str
    ruleset: str
    state: Mapping[str, Any]
    entries: tuple[FrameEntry, ...]
    expect_end: Mapping[str, Any] | None = None
    variants: tuple[str, ...] = ()


@dataclass(frozen=True)
class FrameResult:
    """Every decision of a frame, the states before each stroke and how the frame ended."""

    decisions: tuple[Decision, ...]
    states: tuple[State, ...]
    end: FrameEnd
    final_state: State | None = None
    differences: tuple[tuple[str, Difference], ...] = field(default=())


def load_frame(data: Any) -> FrameFile:
    """Check a frame file's shape (the strokes' facts are checked when judged, in the state the
    strokes before them leave); raise CaseError listing every problem with its JSON path."""
    deep = too_deep(data, limit=40)
    if deep is not None:
        raise CaseError([Problem(deep, "nested too deeply to be a frame")])
    problems: list[Problem] = []
    if not isinstance(data, Mapping):
        raise CaseError([Problem("(frame)", f"must be an object, not {describe(data)}")])
    for key in data:
        if key not in _FRAME_KEYS:
            problems.append(Problem(str(key), "unknown field"))
    if data.get("format") != FRAME_FORMAT:
        problems.append(
            Problem("format", f"must be {FRAME_FORMAT!r}, not {describe(data.get('format'))}")
        )
    frame_id = data.get("id")
    if not isinstance(frame_id, str) or not frame_id:
        problems.append(Problem("id", f"must be a slug, not {describe(frame_id)}"))
        frame_id = "frame"
    state = data.get("state", BREAK_OFF)
    if not isinstance(state, Mapping):
        problems.append(Problem("state", f"must be an object, not {describe(state)}"))
    strokes = data.get("strokes")
    entries: list[FrameEntry] = []
    if not isinstance(strokes, list) or not strokes:
        problems.append(Problem("strokes", "must be a non-empty list of strokes"))
        strokes = []
    for index, item in enumerate(strokes):
        entry = _entry(item, index, problems)
        if entry is not None:
            entries.append(entry)
    expect_end = data.get("expect_end")
    if expect_end is not None and not isinstance(expect_end, Mapping):
        problems.append(Problem("expect_end", "must be an object (a decision's frame and scores)"))
    variants = data.get("variants", [])
    if not isinstance(variants, list) or not all(
        isinstance(v, str) and v in VARIANTS for v in variants
    ):
        known = ", ".join(VARIANTS)
        message = f"must be a list of known variants ({known}), not {describe(variants)}"
        problems.append(Problem("variants", message))
    elif len(set(variants)) != len(variants):
        problems.append(Problem("variants", "lists a variant twice"))
    if problems:
        raise CaseError(problems)
    ruleset = data.get("ruleset", DEFAULT_RULESET)
    return FrameFile(str(frame_id), ruleset, state, tuple(entries), expect_end, tuple(variants))


def _entry(item: Any, index: int, problems: list[Problem]) -> FrameEntry | None:
    path = f"strokes[{index}]"
    if not isinstance(item, Mapping):
        problems.append(Problem(path, f"must be an object, not {describe(item)}"))
        return None
    before = len(problems)
    for key in item:
        if key not in _ENTRY_KEYS:
            problems.append(Problem(f"{path}.{key}", "unknown field"))
    if ("stroke" in item) == ("procedure" in item):
        problems.append(Problem(path, "has exactly one of stroke and procedure"))
    choice = item.get("choice", "play")
    if choice not in NEXT_OPTIONS:
        problems.append(
            Problem(
                f"{path}.choice",
                f"must be one of {', '.join(NEXT_OPTIONS)}, not {describe(choice)}",
            )
        )
    touching = item.get("touching_after")
    if touching is not None and (
        not isinstance(touching, list) or not all(b in OBJECT_BALLS for b in touching)
    ):
        problems.append(Problem(f"{path}.touching_after", "must be a list of object balls"))
    lot = item.get("lot")
    if lot is not None and not isinstance(lot, str):
        problems.append(Problem(f"{path}.lot", f"must be a player, not {describe(lot)}"))
    expect = item.get("expect")
    if expect is not None and not isinstance(expect, Mapping):
        problems.append(Problem(f"{path}.expect", "must be an object (a part of the decision)"))
    if len(problems) != before:
        return None
    kind = "stroke" if "stroke" in item else "procedure"
    return FrameEntry(
        index=index,
        kind=kind,
        facts=item[kind],
        choice=choice,
        touching_after=tuple(touching) if touching is not None else None,
        lot=lot,
        expect=expect,
    )


def frame_case(frame: FrameFile, entry: FrameEntry, state: Mapping[str, Any]) -> dict[str, Any]:
    """The referee case of one stroke of a frame, in the state the strokes before it left."""
    data: dict[str, Any] = {
        "format": CASE_FORMAT,
        "id": f"{frame.id}.{entry.index + 1}"[:200],
        "ruleset": frame.ruleset,
        "state": state,
        entry.kind: entry.facts,
    }
    if frame.variants:
        data["variants"] = list(frame.variants)
    if entry.expect is not None:
        data["expect"] = entry.expect
    return data


@dataclass(frozen=True)
class JudgedStroke:
    """One stroke of a frame: the case built for it, its decision, what differs from its
    ``expect``, and the state it leaves (None: the frame is over)."""

    index: int
    case: Case
    decision: Decision
    differences: tuple[Difference, ...]
    after: State | None


def iter_frame(frame: FrameFile) -> Iterator[JudgedStroke]:
    """Judge the strokes of ``frame`` one after another, each in the state the previous ones
    left; yield each as it is judged.

    Raises CaseError naming the stroke (``strokes[3].stroke.potted[0]: pink is not on the
    table``) for facts impossible in that state, a choice not offered, or a stroke after the
    end of the frame; the strokes before it have been yielded.
    """
    state_data: Mapping[str, Any] = frame.state
    ended: FrameEnd | None = None
    for entry in frame.entries:
        path = f"strokes[{entry.index}]"
        if ended is not None:
            message = f"the frame ended ({ended.reason}) with the stroke before: none can follow"
            raise CaseError([Problem(path, message)])
        try:
            case = _load_case(frame_case(frame, entry, state_data))
        except CaseError as error:
            raise CaseError(_moved(error.problems, entry.index)) from None
        decision = referee_for(case.ruleset, case.variants).judge(case)
        facts = case.stroke if case.stroke is not None else case.procedure
        assert facts is not None
        try:
            after = next_state(
                case.state,
                facts,
                decision,
                choice=entry.choice,
                touching=entry.touching_after,
                lot=entry.lot,
            )
        except ValueError as error:
            raise CaseError([Problem(f"{path}.choice", str(error))]) from None
        differences = (
            tuple(compare_expectation(case.expect, decision.to_dict())) if case.expect else ()
        )
        yield JudgedStroke(entry.index, case, decision, differences, after)
        if after is None:
            ended = decision.frame
        else:
            state_data = after.to_dict()


def judge_frame(frame: FrameFile) -> FrameResult:
    """Judge every stroke of ``frame`` in turn (see ``iter_frame``) and compare the end with
    ``expect_end``."""
    judged = list(iter_frame(frame))
    differences = [(f"strokes[{j.index}].expect", d) for j in judged for d in j.differences]
    end = judged[-1].decision.frame
    if frame.expect_end is not None:
        differences += [
            ("expect_end", d) for d in compare_expectation(frame.expect_end, end_of(judged))
        ]
    return FrameResult(
        decisions=tuple(j.decision for j in judged),
        states=tuple(j.case.state for j in judged),
        end=end,
        final_state=judged[-1].after,
        differences=tuple(differences),
    )


def end_of(judged: Sequence[JudgedStroke]) -> dict[str, Any]:
    """How the frame stands after its last stroke: the decision's ``frame`` and the scores."""
    last = judged[-1].decision
    return {**last.frame.to_dict(), "scores": dict(last.scores)}


def _moved(problems: Sequence[Problem], index: int) -> list[Problem]:
    """A case's problems as the frame file's: the stroke's facts at ``strokes[i]``; a problem
    of the state is the starting state's (first stroke), the touching balls declared after the
    stroke before, or the engine's own."""
    path = f"strokes[{index}]"
    moved = []
    for problem in problems:
        where = problem.path
        if where.startswith(("stroke", "procedure", "expect")):
            moved.append(Problem(f"{path}.{where}", problem.message))
        elif where.startswith("state") and index == 0:
            moved.append(Problem(where, problem.message))
        elif where.startswith("state.touching"):
            moved.append(Problem(f"strokes[{index - 1}].touching_after", problem.message))
        elif where.startswith("state.striker"):
            moved.append(Problem(f"strokes[{index - 1}].lot", problem.message))
        elif where.startswith("state"):
            message = (
                f"the state left by the strokes before is refused ({where}: {problem.message})"
            )
            moved.append(Problem(path, message + "; this is an engine error"))
        else:
            moved.append(Problem(f"{path}.{where}" if where else path, problem.message))
    return moved
