"""Properties over random frames (hypothesis): a random walk of strokes from the break-off, each
drawn to fit the state the strokes before it left, judged and followed with ``next_state``."""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules_engine import VALUES, State, judge, judge_frame, load_case, load_frame, next_state
from rules_engine.rulesets.wpbsa2007 import Wpbsa2007Referee

MAX_STROKES = 90


def on_table(state: State) -> list[str]:
    return (["red"] if state.reds else []) + list(state.colours)


def draw_stroke(draw: st.DrawFn, state: State) -> dict[str, Any]:
    """Facts that can happen in ``state``: mostly fair strokes, sometimes a foul of each kind."""
    balls = on_table(state)
    kind = draw(st.sampled_from(["pot", "pot", "pot", "safe", "foul", "before"]))
    if kind == "before":
        ball = draw(st.sampled_from(balls))
        stroke: dict[str, Any] = {"struck": False, "infringements": [f"touched:{ball}"]}
        if state.in_hand and draw(st.booleans()):
            stroke["cue_ball_placed"] = True
        return stroke
    if state.ball_on == "colour":
        colour = draw(st.sampled_from(list(state.colours)))
        target = [colour]
        stroke = {"nominated": colour}
    elif state.free_ball and draw(st.booleans()):
        colour = draw(st.sampled_from([b for b in balls if b != state.ball_on] or balls))
        target = [colour]
        stroke = {"nominated": colour}
    else:
        target = [state.ball_on]
        stroke = {}
    if kind == "pot":
        count = draw(st.integers(1, min(2, state.reds))) if target == ["red"] else 1
        stroke.update(first_contact=target, potted=target * count)
    elif kind == "safe":
        stroke.update(first_contact=target)
    else:
        foul = draw(st.sampled_from(["miss", "wrong", "in_off", "pot_other"]))
        path = draw(st.sampled_from(["full", "partial", "none"]))
        others = [b for b in balls if b not in target and b != "red"]
        if foul == "miss" or (foul == "wrong" and not others):
            stroke.update(first_contact=[], path_to_ball_on=path)
        elif foul == "wrong":
            stroke.update(first_contact=[draw(st.sampled_from(others))], path_to_ball_on=path)
        elif foul == "in_off":
            stroke.update(first_contact=target, cue_ball="potted")
        else:
            stroke.update(first_contact=target, potted=[draw(st.sampled_from(others or target))])
        stroke["snookered_after"] = draw(st.booleans())
    return stroke


@st.composite
def frames(draw: st.DrawFn) -> dict[str, Any]:
    """A random frame: the walk, with every decision and state along it."""
    state = load_case(
        {
            "format": "snooker-referee-case/1",
            "id": "f",
            "state": {"in_hand": True},
            "stroke": {"first_contact": ["red"]},
        }
    ).state
    entries: list[dict[str, Any]] = []
    walk: list[tuple[State, dict[str, Any], Any, State | None]] = []
    for index in range(MAX_STROKES):
        stroke = draw_stroke(draw, state)
        case = load_case(
            {
                "format": "snooker-referee-case/1",
                "id": f"walk.{index + 1}",
                "state": state.to_dict(),
                "stroke": stroke,
            }
        )
        decision = judge(case)
        entry: dict[str, Any] = {"stroke": stroke}
        choice = draw(st.sampled_from(decision.next.options or ("play",)))
        if choice != "play":
            entry["choice"] = choice
        if decision.next.striker is None and not decision.frame.over:
            entry["lot"] = draw(st.sampled_from(list(state.players)))
        after = next_state(case.state, case.stroke, decision, choice=choice, lot=entry.get("lot"))
        entries.append(entry)
        walk.append((case.state, stroke, decision, after))
        if after is None:
            break
        state = after
    return {"entries": entries, "walk": walk}


FRAME_SETTINGS = settings(
    max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)


@FRAME_SETTINGS
@given(frames())
def test_every_state_reached_is_a_valid_state(frame: dict[str, Any]) -> None:
    for _, _, _, after in frame["walk"]:
        if after is not None:
            case = load_case(
                {
                    "format": "snooker-referee-case/1",
                    "id": "x",
                    "state": after.to_dict(),
                    "stroke": {"struck": False, "infringements": ["measured"]},
                }
            )
            assert case.state == after


@FRAME_SETTINGS
@given(frames())
def test_scores_only_grow_and_points_on_the_table_never_increase(frame: dict[str, Any]) -> None:
    for before, _, decision, after in frame["walk"]:
        assert all(decision.scores[s] >= before.scores[s] for s in before.sides)
        if after is None:
            continue
        assert all(after.scores[s] >= before.scores[s] for s in before.sides)
        # Points remaining (the free ball counts as one more ball on) never grow, except by
        # the free ball itself when a foul awards one: 8 with reds left (the ball and its
        # colour), else the value of the ball on (3.10).
        bonus = 0
        if after.free_ball and not before.free_ball:
            bonus = 8 if after.reds else VALUES[after.ball_on]
        remaining_before = Wpbsa2007Referee.points_remaining(before)
        assert Wpbsa2007Referee.points_remaining(after) - bonus <= remaining_before


@FRAME_SETTINGS
@given(frames())
def test_the_frame_ends_at_the_latest_with_the_last_black(frame: dict[str, Any]) -> None:
    for before, stroke, decision, after in frame["walk"]:
        last_black = before.reds == 0 and before.colours == ("black",)
        if last_black and (not decision.legal or "black" in stroke.get("potted", ())):
            levelled = decision.frame.respotted_black and len(set(decision.scores.values())) == 1
            assert decision.frame.over or levelled
        if decision.frame.over:
            assert after is None and decision.frame.winner in before.sides
            assert decision.frame.reason in ("black_potted", "foul_on_black", "third_miss")
        else:
            assert after is not None
            assert after.reds + len(after.colours) >= 1


@FRAME_SETTINGS
@given(frames())
def test_judging_the_frame_equals_judging_each_case_built_from_next_state(
    frame: dict[str, Any],
) -> None:
    data = {
        "format": "snooker-referee-frame/1",
        "id": "walk",
        "state": {"in_hand": True},
        "strokes": frame["entries"],
    }
    result = judge_frame(load_frame(data))
    assert [d.to_dict() for d in result.decisions] == [d.to_dict() for _, _, d, _ in frame["walk"]]
    assert list(result.states) == [before for before, _, _, _ in frame["walk"]]


def test_a_random_frame_reaches_its_end_often() -> None:
    """The walk is a frame, not a loop of fouls: most walks end within MAX_STROKES."""
    ended = 0

    @settings(
        max_examples=30, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow]
    )
    @given(frames())
    def count(frame: dict[str, Any]) -> None:
        nonlocal ended
        ended += frame["walk"][-1][3] is None

    count()
    assert ended >= 5
