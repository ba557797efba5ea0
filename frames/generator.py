"""A plausible frame played from a seed, judged stroke by stroke by the engine: frames that never
run out.

``generate_frame(seed=...)`` plays a frame from the break-off with the balls drawn on the table:
each stroke is chosen with a player's probabilities (a pot in a break, a long pot or a safety at
the start of a visit, an escape from a snooker, a foul now and then), the balls are moved to
places a table allows (inside the bed, none overlapping, the cue ball touching nothing unless a
touching ball is meant), and the engine judges the stroke and gives the state the next one starts
from (``rules_engine.next_state``: scores, re-spotted colours placed, the free ball, the miss
count). Every number comes from ``random.Random(seed)``: the same seed gives the same frame.

The output is a frame file (``snooker-referee-frame/1``, docs/frames.md). Its ``expect`` blocks
are the generator's intent, not the engine's answer: ``legal`` says whether the stroke was meant
as a fair stroke or a foul, so ``python -m rules_engine frame --check`` proves that the facts
written say what the generator meant.

>>> frame = generate_frame(seed=7)
>>> frame["format"], frame["strokes"][0]["stroke"]["first_contact"]
('snooker-referee-frame/1', ['red'])
>>> generate_frame(seed=7) == frame
True
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from frames.judging import JudgedStroke
from rules_engine import CaseError, assess, judge, load_case, next_state
from rules_engine.balls import COLOURS
from rules_engine.frame import FRAME_FORMAT, FrameEntry, FrameFile, frame_case
from rules_engine.geometry import in_d, on_playing_surface, path_quality
from rules_engine.table import (
    BALL_DIAMETER,
    D_CENTRE,
    D_RADIUS,
    SPOTS,
    TABLE_LENGTH,
    TABLE_WIDTH,
    TOUCH_TOLERANCE,
)

#: A ball placed by the generator keeps at least this much (mm) between its centre and another's
#: (a millimetre more than touching), unless it is meant to touch.
_CLEAR = BALL_DIAMETER + TOUCH_TOLERANCE + 1.0
_PACK_SPACING = BALL_DIAMETER + 0.05
#: Colours nominated after a red, by how often a player takes each (most take the black).
_COLOUR_WEIGHTS = {"black": 55, "pink": 18, "blue": 14, "brown": 5, "green": 4, "yellow": 4}


@dataclass(frozen=True)
class Style:
    """How a player plays: the chance of each shot and each mistake."""

    pot_in_break: float  # a pot attempted in a break goes in
    pot_first: float  # the first pot of a visit (a long pot) goes in
    attempt_first: float  # at the start of a visit, a pot is tried rather than a safety
    two_reds: float  # a pot of a red takes a second red with it
    in_off: float  # after a pot attempt, the cue ball follows into a pocket
    escape: float  # an escape from a snooker hits a ball on
    safety_miss: float  # a safety fails to hit the ball on (clear path)
    snooker_left: float  # a safety leaves the opponent snookered (when the table allows)
    touching_left: float  # the cue ball comes to rest touching a ball on
    infringement: float  # any stroke carries an infringement the referee sees
    replace: float  # after a miss, the next player has the balls replaced
    again: float  # after a foul, the next player asks the offender to play again
    concede: float  # a player needing snookers concedes at his turn


STYLES: Mapping[str, Style] = {
    "professional": Style(
        pot_in_break=0.93, pot_first=0.5, attempt_first=0.5, two_reds=0.03, in_off=0.012,
        escape=0.8, safety_miss=0.015, snooker_left=0.18, touching_left=0.01,
        infringement=0.002, replace=0.75, again=0.12, concede=0.55,
    ),
    "club": Style(
        pot_in_break=0.7, pot_first=0.3, attempt_first=0.65, two_reds=0.05, in_off=0.04,
        escape=0.5, safety_miss=0.05, snooker_left=0.15, touching_left=0.03,
        infringement=0.015, replace=0.6, again=0.2, concede=0.0,
    ),
    # Every kind of foul, often: for frames a referee trains on.
    "fouls": Style(
        pot_in_break=0.8, pot_first=0.4, attempt_first=0.6, two_reds=0.05, in_off=0.05,
        escape=0.55, safety_miss=0.06, snooker_left=0.3, touching_left=0.05,
        infringement=0.12, replace=0.7, again=0.2, concede=0.2,
    ),
}  # fmt: skip

#: Infringements a referee sees, with the state they need (``None``: any stroke).
_SEEN = (
    "double_hit", "feet_off_floor", "out_of_turn", "jump_shot", "bad_cue", "balls_moving",
    "push_stroke", "touched", "ball_off_table_used", "measured", "non_white_cue_ball",
    "no_declaration", "early_stroke",
)  # fmt: skip


def pack() -> dict[str, Any]:
    """The balls at the start of a frame: fifteen reds in a triangle behind the pink, the colours
    on their spots, the cue ball in hand."""
    apex_y = SPOTS["pink"][1] + _PACK_SPACING + 1.0
    row_step = _PACK_SPACING * math.sqrt(3) / 2
    reds = [
        [round(889.0 + (i - row / 2) * _PACK_SPACING, 3), round(apex_y + row * row_step, 3)]
        for row in range(5)
        for i in range(row + 1)
    ]
    return {"red": reds, **{colour: list(SPOTS[colour]) for colour in COLOURS}}


class _Table:
    """The balls where they lie, as lists of points, and the moves the generator makes."""

    def __init__(self, positions: Mapping[str, Any], rng: random.Random):
        self.rng = rng
        self.white = tuple(positions["white"]) if positions.get("white") else None
        self.reds = [tuple(p) for p in positions.get("red", ())]
        self.colours = {c: tuple(positions[c]) for c in COLOURS if c in positions}

    def points(self, *, but: Sequence[tuple[float, float]] = ()) -> list[tuple[float, float]]:
        balls = self.reds + list(self.colours.values())
        if self.white is not None:
            balls.append(self.white)
        return [p for p in balls if p not in but]

    def free(self, point: tuple[float, float], *, but: Sequence[tuple[float, float]] = ()) -> bool:
        return on_playing_surface(point) and all(
            math.dist(point, other) >= _CLEAR for other in self.points(but=but)
        )

    def place(
        self, near: tuple[float, float], spread: float, *, but: Sequence = ()
    ) -> tuple[float, float] | None:
        """A free point around ``near`` (within ``spread`` mm), or None."""
        for _ in range(40):
            angle = self.rng.uniform(0, 2 * math.pi)
            reach = self.rng.uniform(0, spread)
            point = (
                round(min(max(near[0] + reach * math.cos(angle), 27.0), TABLE_WIDTH - 27.0), 1),
                round(min(max(near[1] + reach * math.sin(angle), 27.0), TABLE_LENGTH - 27.0), 1),
            )
            if self.free(point, but=but):
                return point
        return None

    def in_the_d(self) -> tuple[float, float]:
        for _ in range(200):
            angle = self.rng.uniform(math.pi, 2 * math.pi)
            reach = self.rng.uniform(0, D_RADIUS - 1)
            point = (
                round(D_CENTRE[0] + reach * math.cos(angle), 1),
                round(D_CENTRE[1] + reach * math.sin(angle), 1),
            )
            if in_d(point) and self.free(point):
                return point
        raise RuntimeError("no room in the D")

    def remove(self, ball: str, point: tuple[float, float] | None = None) -> None:
        if ball == "red":
            self.reds.remove(point if point in self.reds else self.reds[0])
        else:
            self.colours.pop(ball, None)

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {}
        if self.white is not None:
            data["white"] = list(self.white)
        if self.reds:
            data["red"] = [list(p) for p in self.reds]
        data.update({c: list(p) for c, p in self.colours.items()})
        return data


def _nearest(table: _Table, balls: Sequence[str]) -> tuple[str, tuple[float, float]] | None:
    """The ball among ``balls`` ("red" or colours) nearest the cue ball (or the D)."""
    start = table.white or D_CENTRE
    found = [("red", p) for p in table.reds if "red" in balls] + [
        (c, p) for c, p in table.colours.items() if c in balls
    ]
    if not found:
        return None
    return min(found, key=lambda item: math.dist(start, item[1]))


def _on(state: Any) -> list[str]:
    """The balls the striker may hit first (a free ball aside)."""
    if state.ball_on == "red":
        return ["red"]
    if state.ball_on == "colour":
        return list(state.colours)
    return [state.ball_on]


@dataclass
class _Shot:
    """A stroke being made: its facts, whether it is meant fair, and the ball aimed at."""

    facts: dict[str, Any]
    fair: bool
    target: tuple[str, tuple[float, float]] | None
    potted: bool = False
    #: leave the cue ball snookered behind this colour ("any": behind any colour)
    snooker: str | None = None
    #: leave the cue ball touching a red
    touch: bool = False


def _target(state: Any, table: _Table, rng: random.Random) -> tuple[str, tuple[float, float]]:
    """The ball aimed at: a red near the cue ball, the colour he chooses, the ball on."""
    if state.free_ball:  # a colour nominated as the free ball (3.10)
        colour = rng.choice([c for c in table.colours if c != state.ball_on] or list(table.colours))
        return colour, table.colours[colour]
    if state.ball_on == "colour":
        colours = [c for c in _COLOUR_WEIGHTS if c in table.colours]
        colour = rng.choices(colours, weights=[_COLOUR_WEIGHTS[c] for c in colours])[0]
        return colour, table.colours[colour]
    if state.ball_on == "red":
        near = sorted(table.reds, key=lambda p: math.dist(table.white or D_CENTRE, p))[:4]
        return "red", rng.choice(near)
    return state.ball_on, table.colours[state.ball_on]


def _not_on(state: Any, table: _Table) -> list[str]:
    on = set(_on(state))
    return [c for c in table.colours if c not in on]


def _shot(state: Any, table: _Table, rng: random.Random, look: Style, in_break: bool) -> _Shot:
    """Chooses the stroke: an escape when snookered, a pot or a safety, sometimes a mistake."""
    ball, point = _target(state, table, rng)
    facts: dict[str, Any] = {"first_contact": [ball]}
    if state.free_ball or (state.ball_on == "colour" and rng.random() < 0.5):
        facts["nominated"] = ball
    snookered = not state.free_ball and assess(state).path_to_ball_on != "full"
    if snookered:
        if rng.random() < look.escape:
            return _Shot(facts, True, (ball, point))
        others = _not_on(state, table)
        facts = {"first_contact": [rng.choice(others)] if others and rng.random() < 0.6 else []}
        return _Shot(facts, False, None)
    attempt = in_break or rng.random() < look.attempt_first
    if not attempt and rng.random() < look.safety_miss:
        return _mistake(state, table, rng)
    if attempt and rng.random() < (look.pot_in_break if in_break else look.pot_first):
        facts["potted"] = [ball]
        if ball == "red" and len(table.reds) > 1 and rng.random() < look.two_reds:
            facts["potted"].append("red")
        if rng.random() < look.in_off:
            facts["cue_ball"] = "potted"
            return _Shot(facts, False, (ball, point), potted=True)
        return _Shot(facts, True, (ball, point), potted=True)
    return _Shot(facts, True, (ball, point))


def _mistake(state: Any, table: _Table, rng: random.Random, *, kind: str = "") -> _Shot:
    """A foul in a safety or a careless stroke: the kinds Section 3 names (3.12)."""
    others = _not_on(state, table)
    ball, point = _target(state, table, rng)
    kinds = ["missed_all", "cue_ball_off"]
    if others:
        kinds += ["not_on_first", "not_on_potted", "simultaneous"]
    if state.ball_on == "colour" and table.reds:
        kinds.append("red_on_colour")
    if state.ball_on not in ("colour",):
        kinds.append("forced_off")
    kind = kind or rng.choice(kinds)
    if kind == "missed_all":
        return _Shot({"first_contact": []}, False, None)
    if kind == "cue_ball_off":
        return _Shot({"first_contact": [ball], "cue_ball": "off_table"}, False, (ball, point))
    if kind == "forced_off":
        facts = {"first_contact": [ball], "off_table": [ball]}
        return _Shot(facts, False, (ball, point), potted=True)
    if kind == "red_on_colour":  # a red after a red (3.12(d))
        red = _nearest(table, ["red"])
        assert red is not None
        return _Shot({"first_contact": ["red"]}, False, red)
    other = rng.choice(others)
    if kind == "not_on_first":
        return _Shot({"first_contact": [other]}, False, (other, table.colours[other]))
    if kind == "simultaneous":
        return _Shot({"first_contact": [ball, other]}, False, (ball, point))
    facts = {"first_contact": [ball], "potted": [other]}
    return _Shot(facts, False, (other, table.colours[other]), potted=True)


def _infringement(state: Any, table: _Table, rng: random.Random) -> str:
    code = rng.choice(
        _SEEN
        + (("bad_from_hand",) if state.in_hand else ())
        + (("partner_consulted",) if any(len(m) > 1 for m in state.sides.values()) else ())
    )
    if code == "touched":
        balls = (["red"] if table.reds else []) + list(table.colours)
        return f"touched:{rng.choice(balls)}"
    return code


#: Kinds of stroke the bank asks for by name (``generate_frame(force=...)``), besides every
#: infringement code: each is played at the first stroke whose state allows it.
FORCEABLE = (
    "missed_all", "not_on_first", "not_on_potted", "simultaneous", "red_on_colour", "forced_off",
    "cue_ball_off", "in_off", "touching_moved", "free_ball_not_first", "free_ball_snooker",
    "undeclared_when_snookered", "stalemate_warning", "stalemate_restart", "snooker",
    "free_ball", "leave_touching", "miss_replaced",
)  # fmt: skip
_MISTAKES = ("missed_all", "not_on_first", "not_on_potted", "simultaneous", "red_on_colour",
             "forced_off", "cue_ball_off")  # fmt: skip


def _allowed(kind: str, state: Any, table: _Table, replaced: bool, touch: bool) -> bool:
    """Whether the state lets the stroke ``kind`` be played now."""
    four = any(len(members) > 1 for members in state.sides.values())
    if kind in ("free_ball_not_first", "free_ball_snooker", "undeclared_when_snookered"):
        return state.free_ball and not touch and len(table.colours) > 2 and bool(table.reds)
    if kind == "touching_moved":
        return touch and not state.free_ball
    if state.free_ball or touch:
        return False
    if kind == "miss_replaced":  # a miss with a ball on in full view (3.14(c))
        return assess(state).path_to_ball_on == "full"
    others = bool(_not_on(state, table))
    return {
        "bad_from_hand": state.in_hand,
        "partner_consulted": four,
        "partner_caused_touch": four,
        "foul_before_nomination": state.ball_on == "colour",
        "no_declaration": state.ball_on == "colour",
        "consultation_touch": replaced,
        "not_on_first": others,
        "not_on_potted": others,
        "simultaneous": others,
        "red_on_colour": state.ball_on == "colour" and bool(table.reds),
        "forced_off": state.ball_on != "colour",
    }.get(kind, True)


def _forced(kind: str, state: Any, table: _Table, rng: random.Random) -> _Shot:
    """The stroke ``kind`` (``_allowed`` said the state allows it)."""
    ball, point = _target(state, table, rng)
    if kind in _MISTAKES:
        return _mistake(state, table, rng, kind=kind)
    if kind == "in_off":
        return _Shot({"first_contact": [ball], "cue_ball": "potted"}, False, (ball, point))
    if kind == "touching_moved":
        return _Shot({"first_contact": [ball], "touching_moved": "striker"}, False, (ball, point))
    if kind == "free_ball_not_first":
        other = rng.choice([c for c in table.colours if c not in (ball, state.ball_on)])
        facts = {"nominated": ball, "first_contact": [other]}
        return _Shot(facts, False, (other, table.colours[other]))
    if kind == "free_ball_snooker":  # the free ball left between the cue ball and the reds
        return _Shot({"nominated": ball, "first_contact": [ball]}, False, None, snooker=ball)
    if kind == "undeclared_when_snookered":
        return _Shot({"declared": False, "first_contact": [ball]}, False, (ball, point))
    if kind == "snooker":
        return _Shot({"first_contact": [ball]}, True, (ball, point), snooker="any")
    if kind == "miss_replaced":
        return _Shot({"first_contact": []}, False, None)
    if kind == "free_ball":  # a foul that leaves the next player snookered
        return _Shot({"first_contact": []}, False, None, snooker="any")
    if kind == "consultation_touch":
        touched = rng.choice(list(table.colours))
        facts = {"struck": False, "infringements": [f"consultation_touch:{touched}"]}
        return _Shot(facts, False, None)
    code = kind
    if kind in ("touched", "partner_caused_touch", "balls_moving"):
        code = f"{kind}:{rng.choice(list(table.colours))}"
    facts = {"first_contact": [ball], "infringements": [code]}
    if state.ball_on == "colour" and kind not in ("foul_before_nomination", "no_declaration"):
        facts["nominated"] = ball
    return _Shot(facts, False, (ball, point))


def _after(state: Any, table: _Table, shot: _Shot, rng: random.Random, look: Style) -> dict:
    """Where the balls come to rest: the potted gone, the ball struck moved, the cue ball left
    for the next stroke (near a ball on after a pot, in baulk or behind a colour after a safety)."""
    facts = shot.facts
    for ball in list(facts.get("potted", ())) + list(facts.get("off_table", ())):
        aimed = shot.target is not None and shot.target[0] == ball
        if aimed and ball == "red" and shot.target[1] in table.reds:
            table.remove("red", shot.target[1])
        else:
            table.remove(ball)
        if aimed:
            shot.target = None
    if shot.target is not None:  # the ball struck rolls on
        name, point = shot.target
        moved = table.place(point, 500.0, but=[point])
        if moved is not None:
            if name == "red":
                table.reds[table.reds.index(point)] = moved
            else:
                table.colours[name] = moved
    if facts.get("cue_ball", "table") != "table":
        table.white = None
        return table.to_dict()
    table.white = None
    white = None
    if shot.snooker or (shot.fair and not shot.potted and rng.random() < look.snooker_left):
        only = shot.snooker if shot.snooker not in (None, "any") else None
        white = _behind_a_colour(state, table, rng, only=only)
    elif shot.touch or (shot.fair and not shot.potted and rng.random() < look.touching_left):
        white = _touching(table, rng)
    if white is None and shot.potted:
        following = ["red"] if facts["first_contact"] != ["red"] and table.reds else COLOURS
        near = _nearest(table, following) if table.reds or table.colours else None
        if near is not None:
            white = table.place(near[1], 450.0)
    if white is None:
        baulk = (rng.uniform(150, 1628), rng.uniform(120, 700))
        white = table.place(baulk if not shot.potted else (889.0, 1784.5), 900.0)
    table.white = white or table.place((889.0, 1200.0), 1600.0)
    return table.to_dict()


def _behind_a_colour(
    state: Any, table: _Table, rng: random.Random, *, only: str | None = None
) -> tuple[float, float] | None:
    """A place for the cue ball just behind a colour, hidden from every red (or the next ball
    on): a snooker, when the table allows one."""
    on = ["red"] if table.reds else [c for c in COLOURS if c in table.colours][:1]
    targets = table.reds if table.reds else [table.colours[c] for c in on if c in table.colours]
    if not targets:
        return None
    cx = sum(p[0] for p in targets) / len(targets)
    cy = sum(p[1] for p in targets) / len(targets)
    for colour in rng.sample(list(table.colours), len(table.colours)):
        if colour in on or (only and colour != only):
            continue
        px, py = table.colours[colour]
        away = math.atan2(py - cy, px - cx)
        for _ in range(12 if only else 3):
            reach = rng.uniform(_CLEAR + 2, 140.0)
            turn = away + rng.uniform(-0.15, 0.15)
            point = (round(px + reach * math.cos(turn), 1), round(py + reach * math.sin(turn), 1))
            if not table.free(point):
                continue
            obstacles = [p for p in table.points() if p not in targets]
            if path_quality(point, targets, obstacles) != "full":
                return point
    return None


def _touching(table: _Table, rng: random.Random) -> tuple[float, float] | None:
    """A place for the cue ball touching a red (at rest against it)."""
    for red in rng.sample(table.reds, min(len(table.reds), 5)):
        angle = rng.uniform(0, 2 * math.pi)
        point = (red[0] + BALL_DIAMETER * math.cos(angle), red[1] + BALL_DIAMETER * math.sin(angle))
        if on_playing_surface(point) and all(
            math.dist(point, other) >= _CLEAR for other in table.points() if other != red
        ):
            return point
    return None


def _choice(decision: Any, rng: random.Random, look: Style) -> str:
    """The next player's choice after a foul (3.14: the balls replaced after a miss, mostly)."""
    options = decision.next.options
    if decision.next.free_ball and rng.random() < 0.85:
        return "play"  # the free ball taken
    if "replace_offender_again" in options and rng.random() < look.replace:
        return "replace_offender_again"
    if "offender_again" in options and not decision.next.free_ball and rng.random() < look.again:
        return "offender_again"
    return "play"


def _case(frame: Mapping[str, Any], state: Mapping[str, Any], step: Mapping[str, Any]) -> Any:
    data = {
        "format": "snooker-referee-case/1",
        "id": f"{frame['id']}.{len(frame['strokes']) + 1}",
        "ruleset": frame["ruleset"],
        "state": state,
        **{k: v for k, v in step.items() if k in ("stroke", "procedure")},
    }
    if frame.get("variants"):
        data["variants"] = list(frame["variants"])
    return load_case(data)


def _state_of(frame: Mapping[str, Any], state: Mapping[str, Any]) -> Any:
    return _case(frame, state, {"stroke": {"first_contact": []}}).state


def _stroke(
    frame: Mapping[str, Any], state_data: Mapping[str, Any], rng: random.Random, look: Style,
    *, in_break: bool, kind: str | None = None, state: Any = None,
) -> tuple[dict[str, Any], Any, Any]:  # fmt: skip
    """One stroke chosen (``kind``: the one asked for), its balls moved and judged: (the frame
    file's entry, case, decision). A stroke whose facts the engine refuses, or rules otherwise
    than meant, is drawn again. ``state``: the engine's reading of ``state_data``, when the
    caller has it already (reading it costs a case's load)."""
    state = state if state is not None else _state_of(frame, state_data)
    for attempt in range(16):
        if attempt == 8:  # the kind asked for does not fit here after all: play on
            kind = None
        table = _Table(state.positions.to_dict(), rng)
        if table.white is None:
            table.white = table.in_the_d()
        if kind == "leave_touching":
            shot = _Shot({"first_contact": [_target(state, table, rng)[0]]}, True, None, touch=True)
        elif kind:
            shot = _forced(kind, state, table, rng)
        else:
            shot = _shot(state, table, rng, look, in_break)
            if shot.fair and rng.random() < look.infringement:
                shot.facts["infringements"] = [_infringement(state, table, rng)]
                shot.fair = False
        if shot.facts.get("struck", True):
            shot.facts["positions_after"] = _after(state, table, shot, rng, look)
        step: dict[str, Any] = {"stroke": shot.facts, "expect": {"legal": shot.fair}}
        try:
            case = _case(frame, state_data, step)
        except CaseError:
            continue
        decision = judge(case)
        if decision.legal == shot.fair:
            return step, case, decision
    raise RuntimeError(f"{frame['id']}: no stroke fits the state after {len(frame['strokes'])}")


@dataclass
class _Walk:
    """A frame being played: the file so far, the state the next stroke starts from (as data,
    and as the engine read it: ``state``, None until read), whether the striker is in a break,
    the kinds still asked for, and each entry as judged (None for a procedure)."""

    frame: dict[str, Any]
    state_data: Mapping[str, Any]
    pending: list[str]
    in_break: bool = False
    replaced: bool = False
    state: Any = None
    judged: list[JudgedStroke | None] = field(default_factory=list)

    def next_kind(self, state: Any, rng: random.Random) -> str | None:
        """The first kind asked for that the state allows (one stroke in two at most)."""
        if self.replaced and self.pending[:1] == ["miss_replaced"]:
            return self.pending.pop(0)  # missed again from the replaced position
        if not self.pending or rng.random() < 0.5:
            return None
        table = _Table(state.positions.to_dict(), rng)
        touch = table.white is not None and bool(assess(state).touching)
        for kind in self.pending:
            if kind == "leave_touching" or _allowed(kind, state, table, self.replaced, touch):
                self.pending.remove(kind)
                return kind
        return None


def _play(walk: _Walk, rng: random.Random, look: Style, ruleset: str) -> bool:
    """Plays one stroke (or procedure) of ``walk``; False once the frame is over."""
    # The state a stroke left, as next_state gave it: reading its data again would cost a
    # case's load per stroke (the start of an exam's frame section plays several).
    state = walk.state if walk.state is not None else _state_of(walk.frame, walk.state_data)
    kind = walk.next_kind(state, rng)
    if kind in ("stalemate_warning", "stalemate_restart"):
        agree = kind == "stalemate_restart"
        facts = {"kind": "stalemate", "all_agree_restart": agree}
        if not agree:
            facts["changed_after_period"] = True
        calls = ["restart"] if agree else []
        walk.frame["strokes"].append({"procedure": facts, "expect": {"calls": calls}})
        walk.judged.append(None)
        return not agree  # a restarted frame is another frame: the file ends here
    behind = state.striker_side in assess(state, ruleset).needs_snookers
    if not walk.in_break and behind and rng.random() < look.concede:
        side, winner = state.striker_side, state.opponent_side
        expect = {"frame": {"over": True, "winner": winner, "reason": "conceded"}}
        walk.frame["strokes"].append(
            {"procedure": {"kind": "concede", "side": side}, "expect": expect}
        )
        walk.judged.append(None)
        return False
    step, case, decision = _stroke(
        walk.frame, walk.state_data, rng, look, in_break=walk.in_break, kind=kind, state=state
    )
    if kind == "miss_replaced" and "replace_offender_again" in decision.next.options:
        step["choice"] = "replace_offender_again"
    elif not decision.legal and (choice := _choice(decision, rng, look)) != "play":
        step["choice"] = choice
    if not decision.frame.over and decision.next.striker is None:
        step["lot"] = rng.choice(list(state.players))
    walk.frame["strokes"].append(step)
    facts = case.stroke
    after = next_state(
        case.state, facts, decision, choice=step.get("choice", "play"), lot=step.get("lot")
    )
    after_data = after.to_dict() if after is not None else None
    walk.judged.append(_judged(walk.frame, step, case, decision, after_data))
    if after is None:
        return False
    walk.replaced = step.get("choice") == "replace_offender_again"
    walk.in_break = bool(decision.legal and decision.points.get(case.state.striker_side, 0) > 0)
    walk.state, walk.state_data = after, after_data
    return True


def _judged(
    frame: Mapping[str, Any],
    step: Mapping[str, Any],
    case: Any,
    decision: Any,
    after: dict[str, Any] | None,
) -> JudgedStroke:
    """The stroke just played as ``frames.judging.judged_strokes`` gives it from the file."""
    number = len(frame["strokes"])
    played = FrameFile(
        id=frame["id"],
        ruleset=frame["ruleset"],
        state=frame["state"],
        entries=(),
        variants=tuple(frame.get("variants") or ()),
    )
    entry = FrameEntry(index=number - 1, kind="stroke", facts=step["stroke"])  # no expect
    return JudgedStroke(
        number=number,
        case=frame_case(played, entry, case.state.to_dict()),
        entry=dict(step),
        decision=decision.to_dict(),
        after=after,
    )


@dataclass(frozen=True)
class PlayedFrame:
    """A generated frame file and its entries as the generator judged them while playing them:
    what ``frames.judging.judged_strokes(data)`` gives, without judging the frame again (None
    for a procedure, a stalemate or a concession, which the generator does not judge)."""

    data: dict[str, Any]
    strokes: tuple[JudgedStroke | None, ...]


def generate_frame(**options: Any) -> dict[str, Any]:
    """The frame file of :func:`play_frame` (same arguments)."""
    return play_frame(**options).data


def play_frame(
    *,
    seed: int,
    ruleset: str = "wpbsa-2007",
    variants: Sequence[str] = (),
    strokes: int | None = None,
    style: str = "professional",
    players: Sequence[str] | None = None,
    sides: Mapping[str, Sequence[str]] | None = None,
    force: Sequence[str] = (),
    frame_id: str | None = None,
    state: Mapping[str, Any] | None = None,
) -> PlayedFrame:
    """A frame played from ``seed`` (``random.Random(seed)`` only) from the break-off, as a frame
    file with its strokes judged: to its end (the last black, a concession, a third miss), or
    its first ``strokes``.

    ``style`` is one of ``STYLES`` (``professional``, ``club``, ``fouls``); ``players`` and
    ``sides`` make it four-handed (``players=["Ann", "Bo", "Cal", "Dee"]``,
    ``sides={"A": ["Ann", "Cal"], "B": ["Bo", "Dee"]}``); ``force`` lists kinds of stroke to
    play, in turn, where the frame allows them (``FORCEABLE``, an infringement code, or
    ``leave_touching``). ``state`` plays on from a state instead of the break-off (a case's
    ``state`` with the positions, as ``next_state`` leaves it: the frame goes on after a
    choice the trainee made for the next player); the file starts there.
    """
    rng = random.Random(seed)
    start: dict[str, Any] = (
        dict(state) if state is not None else {"in_hand": True, "positions": pack()}
    )
    if players:
        start["players"] = list(players)
    if sides:
        start["sides"] = {side: list(members) for side, members in sides.items()}
    frame: dict[str, Any] = {
        "format": FRAME_FORMAT,
        "id": frame_id or f"generated-{seed}",
        "ruleset": ruleset,
        "state": start,
        "strokes": [],
    }
    if variants:
        frame["variants"] = list(variants)
    walk = _Walk(frame=frame, state_data=start, pending=list(force))
    limit = strokes if strokes is not None else 400
    while len(frame["strokes"]) < limit and _play(walk, rng, STYLES[style], ruleset):
        pass
    return PlayedFrame(data=frame, strokes=tuple(walk.judged))


@dataclass(frozen=True)
class FrameFigures:
    """What happened in a frame, counted from the engine's decisions."""

    strokes: int
    breaks: tuple[int, ...]  # every visit's points from pots, 0 included
    fouls: int
    misses: int
    free_balls: int
    conceded: bool
    scores: tuple[int, ...] = ()  # each side's score at the end


def frame_figures(frame: Mapping[str, Any]) -> FrameFigures:
    """Counts a frame file's strokes, breaks, fouls, misses and free balls, as the engine
    judges them (a break: the points a player scores from pots in one visit)."""
    from rules_engine import load_frame
    from rules_engine.frame import iter_frame

    breaks, current, fouls, misses, free_balls, conceded = [], 0, 0, 0, 0, False
    judged = list(iter_frame(load_frame(frame)))
    for stroke in judged:
        decision, state = stroke.decision, stroke.case.state
        conceded = conceded or decision.frame.reason == "conceded"
        if stroke.case.procedure is not None:
            continue
        gained = decision.points.get(state.striker_side, 0) if decision.legal else 0
        current += gained
        fouls += not decision.legal
        misses += "miss" in decision.calls
        free_balls += "free_ball" in decision.calls
        if not gained:  # the visit ends
            breaks.append(current)
            current = 0
    if current:
        breaks.append(current)
    scores = tuple(judged[-1].decision.scores.values())
    return FrameFigures(len(judged), tuple(breaks), fouls, misses, free_balls, conceded, scores)


def plausibility(
    *, count: int, seed: int = 0, style: str = "professional", ruleset: str = "wpbsa-2007"
) -> dict[str, float]:
    """Figures over ``count`` generated frames (seeds ``seed`` … ``seed + count - 1``): the average
    break (visits that scored), the highest, fouls, misses, free balls and strokes per frame."""
    figures = [
        frame_figures(generate_frame(seed=seed + n, style=style, ruleset=ruleset))
        for n in range(count)
    ]
    scoring = [b for f in figures for b in f.breaks if b > 0]
    return {
        "frames": count,
        "average_break": round(sum(scoring) / max(len(scoring), 1), 1),
        "highest_break": max(scoring, default=0),
        "breaks_50_plus_per_frame": round(sum(b >= 50 for b in scoring) / count, 2),
        "centuries_per_frame": round(sum(b >= 100 for b in scoring) / count, 3),
        "fouls_per_frame": round(sum(f.fouls for f in figures) / count, 2),
        "misses_per_frame": round(sum(f.misses for f in figures) / count, 2),
        "free_balls_per_frame": round(sum(f.free_balls for f in figures) / count, 3),
        "strokes_per_frame": round(sum(f.strokes for f in figures) / count, 1),
        "visits_per_frame": round(sum(len(f.breaks) for f in figures) / count, 1),
        "conceded_share": round(sum(f.conceded for f in figures) / count, 2),
        "points_per_player_per_frame": round(
            sum(sum(f.scores) / len(f.scores) for f in figures) / count, 1
        ),
    }
