"""Properties over generated cases (hypothesis): penalties, who scores, determinism, JSON round
trip,
re-spotted balls never touching, and invalid input always a clear CaseError."""

from __future__ import annotations

import copy
import json
import math
import random
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules_engine import COLOURS, CaseError, Decision, judge, load_case
from rules_engine.balls import INFRINGEMENT_CLASSES, INFRINGEMENTS_NEEDING_BALL, VALUES
from rules_engine.bench import random_table
from rules_engine.table import BALL_DIAMETER, TOUCH_TOLERANCE

OBJECT = ("red",) + COLOURS


@st.composite
def states(draw: st.DrawFn) -> dict[str, Any]:
    reds = draw(st.integers(0, 15))
    if reds:
        colours = list(COLOURS)
        ball_on = draw(st.sampled_from(["red", "colour"]))
    else:
        after_last_red = draw(st.booleans())
        colours = list(COLOURS) if after_last_red else list(COLOURS[draw(st.integers(0, 5)) :])
        ball_on = "colour" if after_last_red else colours[0]
    state: dict[str, Any] = {
        "reds": reds,
        "colours": colours,
        "ball_on": ball_on,
        "scores": {"A": draw(st.integers(0, 120)), "B": draw(st.integers(0, 120))},
        "striker": draw(st.sampled_from(["A", "B"])),
        "misses": draw(st.integers(0, 2)),
    }
    if ball_on != "colour":
        state["free_ball"] = draw(st.booleans())
        state["in_hand"] = draw(st.booleans())
    on_table = (["red"] if reds else []) + colours
    if draw(st.booleans()):
        state["touching"] = draw(st.lists(st.sampled_from(on_table), max_size=2, unique=True))
    if draw(st.booleans()):
        state["occupied_spots"] = draw(st.lists(st.sampled_from(COLOURS), unique=True))
    return state


@st.composite
def fair_cases(draw: st.DrawFn) -> dict[str, Any]:
    """A stroke that keeps every rule: the first ball struck is on (the colour nominated after a
    red), only balls on are potted, the cue ball stays on the table, nothing else is seen."""
    state = draw(states())
    state.pop("free_ball", None)
    state.pop("touching", None)
    reds, colours, ball_on = state["reds"], state["colours"], state["ball_on"]
    stroke: dict[str, Any] = {
        "best_attempt": draw(st.booleans()),
        "path_to_ball_on": draw(st.sampled_from(["full", "partial", "none"])),
    }
    if ball_on == "red":
        two = reds >= 2 and draw(st.booleans())
        stroke["first_contact"] = ["red", "red"] if two else ["red"]
        stroke["potted"] = ["red"] * draw(st.integers(0, min(reds, 3)))
    else:
        colour = draw(st.sampled_from(colours)) if ball_on == "colour" else ball_on
        if ball_on == "colour" and draw(st.booleans()):
            stroke["nominated"] = colour
        stroke["first_contact"] = [colour]
        stroke["potted"] = [colour] if draw(st.booleans()) else []
    return {"format": "snooker-referee-case/1", "id": "fair", "state": state, "stroke": stroke}


@st.composite
def cases(draw: st.DrawFn) -> dict[str, Any]:
    """Any stroke: a fair one about half the time, else facts drawn freely (mostly fouls)."""
    if draw(st.booleans()):
        return draw(fair_cases())
    state = draw(states())
    reds, colours = state["reds"], state["colours"]
    on_table = (["red"] if reds else []) + colours
    stroke: dict[str, Any] = {}
    if draw(st.integers(0, 9)) == 0:
        stroke = {
            "struck": False,
            "infringements": [draw(st.sampled_from(
                ["touched:" + on_table[-1], "measured", "consultation_touch"]))],
        }
        return {
            "format": "snooker-referee-case/1",
            "id": "generated",
            "state": state,
            "stroke": stroke,
        }
    contact = draw(st.lists(st.sampled_from(on_table), max_size=2, unique=True))
    if reds >= 2 and draw(st.integers(0, 5)) == 0:
        contact = ["red", "red"]
    stroke["first_contact"] = contact
    ball_on = state["ball_on"]
    if state.get("free_ball"):
        if draw(st.booleans()):
            stroke["nominated"] = draw(st.sampled_from(on_table))
        if draw(st.booleans()):
            stroke["free_ball_snookers"] = True
    elif ball_on == "colour" and draw(st.booleans()):
        stroke["nominated"] = draw(st.sampled_from(colours))
    leaving_reds = draw(st.integers(0, min(reds, 3)))
    leaving_colours = draw(st.lists(st.sampled_from(colours), unique=True, max_size=3))
    split = draw(st.integers(0, len(leaving_colours)))
    stroke["potted"] = ["red"] * leaving_reds + leaving_colours[:split]
    stroke["off_table"] = leaving_colours[split:]
    stroke["cue_ball"] = draw(st.sampled_from(["table", "table", "potted", "off_table"]))
    stroke["infringements"] = draw(
        st.lists(
            # a touch during the consultation comes before any stroke (above)
            st.sampled_from(sorted(
                set(INFRINGEMENT_CLASSES) - INFRINGEMENTS_NEEDING_BALL - {"consultation_touch"})),
            max_size=2,
            unique=True,
        )
    )
    stroke["best_attempt"] = draw(st.booleans())
    stroke["path_to_ball_on"] = draw(st.sampled_from(["full", "partial", "none"]))
    stroke["snookered_after"] = draw(st.booleans()) or bool(stroke.get("free_ball_snookers"))
    if state.get("touching"):
        stroke["touching_moved"] = draw(st.sampled_from(["none", "striker", "not_striker"]))
    remaining = [b for b in colours if b not in leaving_colours]
    if remaining and draw(st.integers(0, 4)) == 0:
        stroke["edge"] = {
            "ball": draw(st.sampled_from(remaining)),
            "fell": draw(st.sampled_from(["unhit", "after_balancing"])),
            "involved": draw(st.booleans()),
            "caused_foul": draw(st.booleans()),
        }
    return {"format": "snooker-referee-case/1", "id": "generated", "state": state, "stroke": stroke}


PROPERTY_SETTINGS = settings(
    max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)


@PROPERTY_SETTINGS
@given(cases())
def test_penalty_is_zero_or_four_to_seven(data: dict[str, Any]) -> None:
    decision = judge(load_case(data))
    assert decision.penalty in (0, 4, 5, 6, 7)
    assert (decision.penalty == 0) == decision.legal
    assert all(4 <= foul.penalty <= 7 for foul in decision.fouls)
    assert decision.penalty == max((foul.penalty for foul in decision.fouls), default=0)


@PROPERTY_SETTINGS
@given(cases())
def test_points_go_to_the_striker_when_fair_and_to_the_opponent_after_a_foul(
    data: dict[str, Any],
) -> None:
    decision = judge(load_case(data))
    striker = data["state"]["striker"]
    opponent = "B" if striker == "A" else "A"
    if decision.legal:
        assert decision.points[opponent] == 0
    else:
        assert decision.points[striker] == 0
        assert decision.points[opponent] == decision.penalty
    assert all(
        decision.scores[side] == data["state"]["scores"][side] + decision.points[side]
        for side in "AB"
    )


def fair_points(data: dict[str, Any]) -> int:
    """What a fair stroke scores, from the rules (3.3): one per red potted when a red is on,
    else the value of the colour on (or nominated) potted."""
    potted = data["stroke"]["potted"]
    if data["state"]["ball_on"] == "red":
        return len(potted)
    return sum(VALUES[ball] for ball in potted)


@PROPERTY_SETTINGS
@given(fair_cases())
def test_a_fair_stroke_scores_its_pots_and_the_striker_plays_on_exactly_when_he_scored(
    data: dict[str, Any],
) -> None:
    decision = judge(load_case(data))
    state = data["state"]
    striker = state["striker"]
    opponent = "B" if striker == "A" else "A"
    points = fair_points(data)
    assert decision.legal and decision.penalty == 0 and decision.fouls == ()
    assert "foul" not in decision.calls and "miss" not in decision.calls
    assert decision.points == {striker: points, opponent: 0}
    assert decision.scores[striker] == state["scores"][striker] + points
    last_black = state["reds"] == 0 and state["colours"] == ["black"]
    if last_black and points:
        assert decision.frame.over or decision.frame.respotted_black
    elif points:
        assert decision.next.striker == striker
        expected_on = "colour" if state["ball_on"] == "red" else None
        if expected_on:
            assert decision.next.ball_on == "colour"
    else:
        assert decision.next.striker == opponent
        assert decision.next.in_hand is False  # a fair stroke leaves the cue ball where it lies
    if state["ball_on"] == "colour" and points:
        # a colour potted after a red is re-spotted while reds remain, or after the last red
        assert [r.ball for r in decision.respots] == data["stroke"]["potted"]


@PROPERTY_SETTINGS
@given(cases())
def test_judging_is_deterministic_and_round_trips_through_json(data: dict[str, Any]) -> None:
    first = judge(load_case(copy.deepcopy(data)))
    second = judge(load_case(copy.deepcopy(data)))
    assert first == second
    text = json.dumps(first.to_dict())
    assert Decision.from_dict(json.loads(text)) == first
    assert json.loads(text) == first.to_dict()


@PROPERTY_SETTINGS
@given(cases())
def test_decision_is_coherent(data: dict[str, Any]) -> None:
    decision = judge(load_case(data))
    if decision.frame.over:
        assert decision.next.striker is None and decision.frame.winner in ("A", "B")
    if "miss" in decision.calls or not decision.legal:
        assert "foul" in decision.calls
    if "replace_offender_again" in decision.next.options:
        assert not decision.legal
    assert [r.ball for r in decision.respots] == sorted(
        (r.ball for r in decision.respots), key=VALUES.__getitem__, reverse=True
    )


@st.composite
def position_cases(draw: st.DrawFn) -> dict[str, Any]:
    rng = random.Random(draw(st.integers(0, 2**32)))
    reds = draw(st.integers(1, 15))
    before = random_table(rng, reds=reds)
    pots = draw(st.lists(st.sampled_from(COLOURS), unique=True, max_size=4))
    after = {name: value for name, value in before.items() if name not in pots}
    # Crowd the spots: balls left where they lie, others may have rolled onto the spots.
    crowd = random_table(rng, reds=len(after["red"]))
    for colour in COLOURS:
        if colour in after and draw(st.booleans()):
            after[colour] = crowd[colour]
    after["red"] = crowd["red"]
    after["white"] = crowd["white"]
    stroke = {
        "first_contact": [draw(st.sampled_from(["red"] + list(COLOURS)))],
        "potted": pots,
        "positions_after": after,
    }
    return {
        "format": "snooker-referee-case/1",
        "id": "generated",
        "state": {"positions": before},
        "stroke": stroke,
    }


@settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
@given(position_cases())
def test_respotted_balls_never_touch_another_ball(data: dict[str, Any]) -> None:
    try:
        case = load_case(data)
    except CaseError:  # crowding by chance made two balls overlap in positions_after
        return
    decision = judge(case)
    after = data["stroke"]["positions_after"]
    others = [tuple(point) for point in after["red"]] + [tuple(after["white"])]
    others += [tuple(after[c]) for c in COLOURS if c in after]
    for respot in decision.respots:
        assert respot.position is not None
        for point in others:
            assert math.dist(respot.position, point) >= BALL_DIAMETER + TOUCH_TOLERANCE - 1e-6
        others.append(respot.position)


KNOWN_FIELDS = [
    "ruleset",
    "expect",
    "procedure",
    "kind",
    "side",
    "fouls",
    "calls",
    "respots",
    "rules",
    "replaced",
    "position",
    "points",
    "next",
    "options",
    "frame",
    "reason",
    "positions",
    "positions_after",
    "edge",
    "sides",
    "players",
    "nominated",
    "struck",
    "touching",
]
JUNK = [
    None,
    -1,
    16,
    1.5,
    "x",
    "",
    True,
    [],
    {},
    [1, 2, 3],
    {"a": 1},
    ["red", "red", "red"],
    [[1, 2]],
]


def _paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [prefix] if prefix else []
    if isinstance(value, dict):
        for key, item in value.items():
            found += _paths(item, prefix + (key,))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found += _paths(item, prefix + (index,))
    return found


@settings(max_examples=400, deadline=None)
@given(cases(), st.data())
def test_invalid_input_gives_a_case_error_never_a_traceback(
    data: dict[str, Any], extra: st.DataObject
) -> None:
    paths = _paths(data)
    path = extra.draw(st.sampled_from(paths))
    action = extra.draw(st.sampled_from(["junk", "delete", "unknown", "known"]))
    target = data
    for key in path[:-1]:
        target = target[key]
    if action == "junk":
        target[path[-1]] = copy.deepcopy(extra.draw(st.sampled_from(JUNK)))
    elif action == "delete":
        del target[path[-1]]
    elif action == "unknown" and isinstance(target, dict):
        target["surprise"] = 1
    elif isinstance(target, dict):  # a field that belongs somewhere, given a junk value
        target[extra.draw(st.sampled_from(KNOWN_FIELDS))] = copy.deepcopy(
            extra.draw(st.sampled_from(JUNK))
        )
    try:
        case = load_case(data)
    except CaseError as error:
        assert error.problems
        assert all(isinstance(p.path, str) and p.message for p in error.problems)
        return
    judge(case).to_dict()  # a mutation that is still a valid case is judged normally


def _hide_behind(positions: dict[str, Any], colour: str, offset: float) -> None:
    """Keep one red and put the cue ball behind ``colour`` as seen from it (a snooker, more or
    less complete as ``offset`` moves the cue ball sideways), when there is room."""
    red, blocker = positions["red"][0], positions[colour]
    dx, dy = blocker[0] - red[0], blocker[1] - red[1]
    length = math.hypot(dx, dy)
    if length < 2 * BALL_DIAMETER:
        return
    ux, uy = dx / length, dy / length
    white = [blocker[0] + ux * 120 - uy * offset, blocker[1] + uy * 120 + ux * offset]
    balls = [red] + [positions[c] for c in COLOURS]
    if not (30 < white[0] < 1748 and 30 < white[1] < 3539) or any(
        math.dist(white, ball) < BALL_DIAMETER + 0.2 for ball in balls
    ):
        return
    positions["red"] = [red]
    positions["white"] = white


@st.composite
def table_cases(draw: st.DrawFn) -> dict[str, Any]:
    """A random table (some reds, every colour, the white on the table or in hand) and a stroke."""
    rng = random.Random(draw(st.integers(0, 2**32)))
    positions = random_table(rng, reds=draw(st.integers(0, 15)), white=draw(st.booleans()))
    if positions["red"] and "white" in positions and draw(st.booleans()):
        _hide_behind(positions, rng.choice(COLOURS[:5]), offset=draw(st.floats(-40, 40)))
    if not positions["red"]:
        del positions["red"]
    contact = draw(st.sampled_from([[], ["red"], ["yellow"], ["black"]]))
    if "red" not in positions and contact == ["red"]:
        contact = ["yellow"]
    return {
        "format": "snooker-referee-case/1",
        "id": "table",
        "state": {"positions": positions},
        "stroke": {"first_contact": contact},
    }


def _segment_distance(point: tuple[float, float], a: tuple[float, float], b: tuple[float, float]):
    (px, py), (ax, ay), (bx, by) = point, a, b
    dx, dy = bx - ax, by - ay
    length2 = dx * dx + dy * dy
    t = 0.0 if length2 == 0 else max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / length2))
    return math.dist(point, (ax + t * dx, ay + t * dy))


def _clearance(cue, end, obstacles) -> float:
    """How far (mm) the cue ball's travel from ``cue`` to ``end`` passes clear of every obstacle:
    negative when it would hit one first."""
    return min(
        (_segment_distance(o, cue, end) - BALL_DIAMETER for o in obstacles), default=math.inf
    )


def _edge_clearances(cue, target, obstacles) -> tuple[float, float] | None:
    """Clearances of the two paths that strike ``target`` at its extreme edges (the cue ball's
    centre ends one diameter from the target's, on the tangents from the cue ball); None when
    the cue ball is too near the target to tell."""
    distance = math.dist(cue, target)
    if distance <= BALL_DIAMETER + 1:
        return None
    beta = math.acos(BALL_DIAMETER / distance)
    ux, uy = (cue[0] - target[0]) / distance, (cue[1] - target[1]) / distance
    ends = [
        (
            target[0] + BALL_DIAMETER * (ux * math.cos(a) - uy * math.sin(a)),
            target[1] + BALL_DIAMETER * (ux * math.sin(a) + uy * math.cos(a)),
        )
        for a in (beta, -beta)
    ]
    return _clearance(cue, ends[0], obstacles), _clearance(cue, ends[1], obstacles)


def full_view(cue, targets, obstacles, margin: float = 0.5) -> bool | None:
    """An independent oracle: True when some target's both edges are clear by ``margin``, False
    when every target has an edge hidden by ``margin``, None when too close to call."""
    edges = [_edge_clearances(cue, target, obstacles) for target in targets]
    if any(e is not None and min(e) > margin for e in edges):
        return True
    if all(e is not None and min(e) < -margin for e in edges):
        return False
    return None


def _d_points(balls) -> list[tuple[float, float]]:
    """Places in the D (on its lines or inside) where the cue ball could be put."""
    points = []
    for radius in (0.0, 100.0, 200.0, 291.0):
        for step in range(13):
            angle = math.pi * step / 12
            point = (889.0 + radius * math.cos(angle), 737.0 - radius * math.sin(angle))
            if all(math.dist(point, ball) >= BALL_DIAMETER + 0.2 for ball in balls):
                points.append(point)
    return points


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(table_cases())
def test_snookered_agrees_with_the_lines_to_the_balls_on(data: dict[str, Any]) -> None:
    """Snookered (3.14, Section 2 definitions): no ball on can be struck at both extreme edges.
    Checked against straight lines drawn here, not against the engine's own geometry."""
    decision = judge(load_case(data))
    assessment = decision.assessment
    positions = data["state"]["positions"]
    on = "red" if positions.get("red") else "yellow"
    targets = [tuple(p) for p in positions["red"]] if on == "red" else [tuple(positions["yellow"])]
    obstacles = [tuple(positions[c]) for c in COLOURS if c != on]
    if "white" in positions:
        view = full_view(tuple(positions["white"]), targets, obstacles)
    else:  # in hand: some place in the D with a full view is enough to see it
        views = [full_view(point, targets, obstacles) for point in _d_points(targets + obstacles)]
        view = True if True in views else None
    if view is True:
        assert assessment.snookered is False and assessment.path_to_ball_on == "full"
    elif view is False:
        assert assessment.snookered is True and assessment.path_to_ball_on in ("partial", "none")
    assert decision.next.in_hand is False  # the cue ball ended on the table, in hand or not before
    if "miss" in decision.calls:
        assert assessment.path_to_ball_on in ("full", "partial")


def test_the_snooker_oracle_tells_a_hidden_red_from_a_visible_one() -> None:
    red, blue = (889.0, 2400.0), (889.0, 1784.5)
    assert full_view((889.0, 1300.0), [red], [blue]) is False
    assert full_view((889.0, 1300.0), [red], [(600.0, 1784.5)]) is True
    assert full_view((889.0, 1300.0), [red], []) is True
