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
from rules_engine.balls import INFRINGEMENT_CLASSES, VALUES
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
def cases(draw: st.DrawFn) -> dict[str, Any]:
    state = draw(states())
    reds, colours = state["reds"], state["colours"]
    on_table = (["red"] if reds else []) + colours
    stroke: dict[str, Any] = {}
    if draw(st.integers(0, 9)) == 0:
        stroke = {
            "struck": False,
            "infringements": [draw(st.sampled_from(["touched:" + on_table[-1], "measured"]))],
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
            st.sampled_from(sorted(set(INFRINGEMENT_CLASSES) - {"touched"})),
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


@st.composite
def table_cases(draw: st.DrawFn) -> dict[str, Any]:
    """A random table (some reds, every colour, the white on the table or in hand) and a stroke."""
    rng = random.Random(draw(st.integers(0, 2**32)))
    positions = random_table(rng, reds=draw(st.integers(0, 15)), white=draw(st.booleans()))
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


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(table_cases())
def test_snookered_exactly_when_no_ball_on_is_in_full_view(data: dict[str, Any]) -> None:
    decision = judge(load_case(data))
    assessment = decision.assessment
    assert assessment.snookered is (assessment.path_to_ball_on != "full")
    assert decision.next.in_hand is False  # the cue ball ended on the table, in hand or not before
    if "miss" in decision.calls:
        assert assessment.path_to_ball_on in ("full", "partial")
