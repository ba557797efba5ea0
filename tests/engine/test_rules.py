"""Unit tests per rule paragraph: each builds the situation, judges it and checks the ruling."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from rules_engine import Decision, State, assess
from tests.engine.conftest import FULL_TABLE

Decide = Callable[..., Decision]


def codes(decision: Decision) -> list[str]:
    return [step.code for step in decision.trail]


# ---- 3.12 penalties -------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("state", "stroke", "penalty", "foul"),
    [
        ({"reds": 5}, {"first_contact": []}, 4, "missed_all"),  # (a) value of red: 4 min
        ({"reds": 0, "colours": ["black"]}, {"first_contact": []}, 7, "missed_all"),  # (a) black on
        (
            {"reds": 0, "colours": ["brown", "blue", "pink", "black"]},
            {"first_contact": ["brown"], "cue_ball": "off_table"},
            4,
            "cue_ball_off_table",
        ),
        (
            {"reds": 5},
            {"first_contact": ["red"], "infringements": ["feet_off_floor"]},
            4,
            "feet_off_floor",
        ),
        ({"reds": 5}, {"first_contact": ["green"]}, 4, "first_contact_not_on"),  # (b) min 4
        (
            {"reds": 5},
            {"first_contact": ["red"], "off_table": ["blue"]},
            5,
            "forced_off",
        ),  # (b) ball concerned
        (
            {"reds": 5},
            {"first_contact": ["red"], "infringements": ["balls_moving:pink"]},
            6,
            "balls_moving",
        ),
        (
            {"reds": 0, "colours": ["pink", "black"]},
            {"first_contact": ["pink"], "infringements": ["early_stroke"]},
            6,
            "early_stroke",
        ),  # (b) no ball: ball on
        ({"reds": 5}, {"first_contact": ["yellow", "green"]}, 4, "simultaneous"),  # (c)
        (
            {"reds": 0, "colours": ["blue", "pink", "black"]},
            {"first_contact": ["blue", "black"]},
            7,
            "simultaneous",
        ),
        (
            {"reds": 5},
            {"first_contact": ["red"], "infringements": ["measured"]},
            7,
            "measured",
        ),  # (d)
        (
            {"reds": 5},
            {"first_contact": ["red"], "infringements": ["ball_off_table_used"]},
            7,
            "ball_off_table_used",
        ),
        (
            {"reds": 5},
            {"first_contact": ["red"], "infringements": ["no_declaration"]},
            7,
            "no_declaration",
        ),
        (
            {"reds": 5, "ball_on": "colour"},
            {
                "nominated": "green",
                "first_contact": ["green"],
                "infringements": ["foul_before_nomination"],
            },
            7,
            "foul_before_nomination",
        ),
    ],
)
def test_penalty_classes(
    decide: Decide, state: dict[str, Any], stroke: dict[str, Any], penalty: int, foul: str
) -> None:
    decision = decide(state, stroke)
    assert decision.penalty == penalty
    assert foul in [f.code for f in decision.fouls]


def test_minimum_of_four_is_explained(decide: Decide) -> None:
    decision = decide({"reds": 5}, {"first_contact": []})
    assert "penalty_minimum_four" in codes(decision)
    assert "penalty_minimum_four" not in codes(decide({"reds": 5}, {"first_contact": ["pink"]}))


def test_highest_of_several_fouls_applies_once(decide: Decide) -> None:
    decision = decide(
        {"reds": 5}, {"first_contact": ["green"], "potted": ["pink"], "cue_ball": "potted"}
    )
    assert sorted(f.code for f in decision.fouls) == [
        "cue_ball_potted",
        "first_contact_not_on",
        "potted_not_on",
    ]
    assert [f.penalty for f in decision.fouls if f.code == "potted_not_on"] == [6]
    assert (decision.penalty, decision.points) == (6, {"A": 0, "B": 6})
    assert "highest_penalty_applies" in codes(decision)


def test_colour_on_unnominated_foul_is_seven(decide: Decide) -> None:
    decision = decide({"reds": 5, "ball_on": "colour"}, {"first_contact": ["yellow", "green"]})
    assert [f.code for f in decision.fouls] == ["foul_before_nomination"]
    assert decision.penalty == 7


def test_free_ball_takes_the_value_of_the_ball_on(decide: Decide) -> None:
    # 3.10(a)(ii): the nominated pink is regarded as the ball on (a red) and has its value
    # (ru.txt: "заказанный шар должен рассматриваться как очередной шар, приобретая его
    # стоимость и статус"); 3.12(b) still counts the ball concerned at its own value.
    state = {"reds": 5, "free_ball": True}
    assert decide(state, {"nominated": "pink", "first_contact": []}).penalty == 4
    snooker = {"nominated": "pink", "first_contact": ["pink"], "free_ball_snookers": True}
    assert decide(state, snooker).penalty == 4
    # As the ball concerned in a class (b) foul it still counts its own value.
    touched = {"nominated": "pink", "first_contact": ["pink"], "infringements": ["touched:pink"]}
    assert decide(state, touched).penalty == 6
    # No reds: the free black nominated on the green is worth the green (3, so 4), except as the
    # ball concerned.
    colours = {"reds": 0, "colours": ["green", "brown", "blue", "pink", "black"]}
    state = {**colours, "ball_on": "green", "free_ball": True}
    assert decide(state, {"nominated": "black", "first_contact": []}).penalty == 4
    touched = {"nominated": "black", "first_contact": ["black"], "infringements": ["touched:black"]}
    assert decide(state, touched).penalty == 7


def test_foul_before_the_stroke_with_the_colour_unnominated_is_seven(decide: Decide) -> None:
    # 3.12(d): seven for "a foul before nominating a colour" (pl.txt: "popełnia faul przed
    # zadeklarowaniem bili kolorowej") whether or not a stroke follows; 3.11(a): the turn ends.
    decision = decide(
        {"reds": 5, "ball_on": "colour"}, {"struck": False, "infringements": ["touched:yellow"]}
    )
    assert [f.code for f in decision.fouls] == ["foul_before_nomination"]
    assert decision.penalty == 7
    assert "foul_no_stroke_turn_ends" in codes(decision) and decision.next.striker == "B"


# ---- 3.3 mode of play ------------------------------------------------------------------------
def test_red_then_colour_then_red(decide: Decide) -> None:
    assert (
        decide({"reds": 3}, {"first_contact": ["red"], "potted": ["red"]}).next.ball_on == "colour"
    )
    after_colour = decide(
        {"reds": 2, "ball_on": "colour"},
        {"nominated": "blue", "first_contact": ["blue"], "potted": ["blue"]},
    )
    assert (after_colour.next.ball_on, after_colour.next.striker) == ("red", "A")


def test_last_red_then_colour_then_yellow(decide: Decide) -> None:
    decision = decide({"reds": 1}, {"first_contact": ["red"], "potted": ["red"]})
    assert decision.next.ball_on == "colour"
    missed = decide(
        {"reds": 0, "ball_on": "colour"}, {"nominated": "pink", "first_contact": ["pink"]}
    )
    assert (missed.next.striker, missed.next.ball_on) == ("B", "yellow")


def test_colour_potted_in_sequence_stays_down(decide: Decide) -> None:
    decision = decide({"reds": 0}, {"first_contact": ["yellow"], "potted": ["yellow"]})
    assert decision.respots == () and "colour_stays_down" in codes(decision)
    foul = decide(
        {"reds": 0}, {"first_contact": ["yellow"], "potted": ["yellow"], "cue_ball": "potted"}
    )
    assert [(r.ball, r.to) for r in foul.respots] == [("yellow", "yellow_spot")]


# ---- 3.7 re-spotting -------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("occupied", "expected"),
    [
        ([], "pink_spot"),
        (["pink"], "black_spot"),
        (["pink", "black"], "blue_spot"),
        (["pink", "black", "blue", "brown", "green"], "yellow_spot"),
        (list(FULL_TABLE), "above_pink_spot"),
    ],
)
def test_respot_order_of_spots(decide: Decide, occupied: list[str], expected: str) -> None:
    decision = decide(
        {"reds": 5, "occupied_spots": occupied}, {"first_contact": ["red"], "potted": ["pink"]}
    )
    assert [(r.ball, r.to) for r in decision.respots] == [("pink", expected)]


def test_respot_with_positions_uses_the_table_after_the_stroke(decide: Decide) -> None:
    before = {"white": [300, 1000], "red": [[600, 2000]], **FULL_TABLE}
    # Every other colour on its own spot, and the white came to rest just above the blue spot.
    after = {
        "white": [889, 1814.5],
        "red": [[600, 2000]],
        **{k: v for k, v in FULL_TABLE.items() if k != "blue"},
    }
    decision = decide(
        {"positions": before},
        {"first_contact": ["red"], "potted": ["blue"], "positions_after": after},
    )
    respot = decision.respots[0]
    assert (respot.ball, respot.to) == ("blue", "above_blue_spot")
    assert respot.position is not None
    assert respot.position[0] == 889 and respot.position[1] == pytest.approx(
        1814.5 + 52.61, abs=0.02
    )


def test_black_with_no_room_anywhere_goes_below_its_spot(decide: Decide) -> None:
    column = [[889, y] for y in (3270, 3370, 3470, 3540)]
    table = {
        "white": [300, 1000],
        "red": column,
        **{k: v for k, v in FULL_TABLE.items() if k != "black"},
    }
    before = {**table, "black": [1500, 3000]}
    decision = decide(
        {"positions": before, "occupied_spots": list(FULL_TABLE)[:-1] + ["black"]},
        {"first_contact": ["red"], "potted": ["black"], "positions_after": table},
    )
    respot = decision.respots[0]
    assert respot.to == "below_black_spot"
    assert respot.position is not None and respot.position[0] == 889 and respot.position[1] < 3245


# ---- 3.8 touching ball -----------------------------------------------------------------------
def test_touching_ball_from_positions(decide: Decide) -> None:
    positions = {"white": [889, 2000], "red": [[889, 2052.5]], **FULL_TABLE}
    decision = decide({"positions": positions}, {"first_contact": []})
    assert decision.assessment.touching == ("red",)
    assert decision.legal and "touching_ball_on" in codes(decision)


def test_touching_ball_not_on_must_be_played_away_from(decide: Decide) -> None:
    # 3.8(d): the blue cannot be on while a red is on and there is no free ball.
    decision = decide({"reds": 4, "touching": ["blue"]}, {"first_contact": ["red"]})
    assert decision.legal and "touching_ball_not_on" in codes(decision)
    assert "3.8(d)" in decision.rules


@pytest.mark.parametrize(
    "state",
    [
        {"reds": 5, "ball_on": "colour", "touching": ["blue"]},  # any colour could be on
        {"reds": 5, "free_ball": True, "touching": ["blue"]},  # any ball could be the free ball
    ],
)
def test_touching_ball_that_could_be_on_and_another_nominated(
    decide: Decide, state: dict[str, Any]
) -> None:
    # 3.8(c)(iii) (ru.txt): "этот шар мог бы быть очередным, но бьющий заказывает очередным
    # другой шар и сначала попадает по нему" — no foul; it is not a ball not on (3.8(d)).
    decision = decide(state, {"nominated": "pink", "first_contact": ["pink"]})
    assert decision.legal
    steps = [(step.code, dict(step.params)) for step in decision.trail]
    assert ("touching_ball_other_nominated", {"ball": "blue", "ball_on": "pink"}) in steps
    assert "3.8(c)(iii)" in decision.rules and "3.8(d)" not in decision.rules
    # Striking another ball first is still the foul of 3.12, at the nominated value.
    missed = decide(state, {"nominated": "pink", "first_contact": ["black"]})
    assert not missed.legal and missed.penalty == 7 and "3.8(c)(iii)" in missed.rules


def test_touching_red_on_a_free_ball_with_another_nominated(decide: Decide) -> None:
    # The red is on, but the green nominated as the free ball is struck first: 3.8(c)(iii).
    decision = decide(
        {"reds": 3, "free_ball": True, "touching": ["red"]},
        {"nominated": "green", "first_contact": ["green"]},
    )
    assert decision.legal and "touching_ball_other_nominated" in codes(decision)


def test_touching_ball_that_could_be_the_free_ball_when_the_ball_on_is_played(
    decide: Decide,
) -> None:
    # On a free ball the touching blue could have been nominated; the striker plays the red
    # instead without nominating anything: the blue was not declared (3.8(c)(ii)), no foul.
    decision = decide(
        {"reds": 3, "free_ball": True, "touching": ["blue"]}, {"first_contact": ["red"]}
    )
    assert decision.legal and "touching_ball_not_declared" in codes(decision)
    assert "touching_ball_other_nominated" not in codes(decision)


def test_touching_colour_not_declared_does_not_count_as_struck(decide: Decide) -> None:
    # 3.8(c)(ii) needs the declaration; without one the 3.12(d) seven-point foul stands.
    decision = decide(
        {"reds": 5, "ball_on": "colour", "touching": ["blue"]},
        {"first_contact": [], "path_to_ball_on": "none"},
    )
    assert [f.code for f in decision.fouls] == ["foul_before_nomination"]
    assert "touching_ball_not_declared" in codes(decision)
    assert "touching_ball_not_on" not in codes(decision)


def test_touching_ball_call_names_each_ball_and_only_balls_on(decide: Decide) -> None:
    # 3.8(a) (ru.txt): several reds touched are all announced, each pointed at; 3.8(e): a ball not
    # on touched at the same time is not named.
    before = {"white": [889, 1200], "red": [[600, 2400], [1200, 2400]], **FULL_TABLE}
    # The blue is on its spot.
    after = {"white": [889, 1837], "red": [[889, 1889.5], [836.5, 1837]], **FULL_TABLE}
    decision = decide({"positions": before}, {"first_contact": ["red"], "positions_after": after})
    assert "touching_ball" in decision.calls
    steps = {step.code: dict(step.params) for step in decision.trail}
    assert steps["touching_ball_called"] == {"balls": ("red", "red"), "count": 2}
    assert steps["touching_ball_not_on_not_called"] == {"balls": ("blue",)}
    # With only the red touched, one ball is named and 3.8(e) does not apply.
    one = {"white": [889, 1837], "red": [[889, 1889.5], [300, 1000]], **FULL_TABLE}
    one["blue"] = [600, 1784.5]
    single = decide({"positions": before}, {"first_contact": ["red"], "positions_after": one})
    steps = {step.code: dict(step.params) for step in single.trail}
    assert steps["touching_ball_called"] == {"balls": ("red",), "count": 1}
    assert "touching_ball_not_on_not_called" not in steps


# ---- 3.9 ball on the edge of a pocket ----------------------------------------------------------
def test_edge_ball_whose_fall_causes_a_miss_is_no_foul(decide: Decide) -> None:
    # ru.txt, commentary to 3.9(b)(ii): "Если причиной фола явилось непосредственно
    # падение стоящего на краю шара в лузу, то наказания нет и применяется правило 9 (b)(i)":
    # so the missed_all the fall implies is no foul either; the balls go back, the striker
    # plays again.
    edge = {"ball": "red", "fell": "unhit", "involved": True, "caused_foul": True}
    decision = decide({"reds": 1}, {"first_contact": [], "edge": edge})
    assert decision.legal and decision.penalty == 0 and decision.fouls == ()
    assert decision.calls == ("replay",) and decision.replace_all
    assert decision.next.striker == "A"
    assert "3.9(b)(i)" in decision.rules
    # The same stroke when the cue ball would have missed anyway: the foul stands, 3.9(b)(ii).
    anyway = decide({"reds": 1}, {"first_contact": [], "edge": {**edge, "caused_foul": False}})
    assert [f.code for f in anyway.fouls] == ["missed_all"] and anyway.replace_all
    assert anyway.next.striker == "B" and "3.9(b)(ii)" in anyway.rules


# ---- 3.10 free ball ----------------------------------------------------------------------------
def test_free_ball_call_from_positions_after(decide: Decide) -> None:
    before = {"white": [889, 1300], "red": [[889, 2400]], **FULL_TABLE}
    after = {"white": [889, 1650], "red": [[889, 2400]], **FULL_TABLE}  # directly behind the blue
    decision = decide({"positions": before}, {"first_contact": ["pink"], "positions_after": after})
    assert "free_ball" in decision.calls and decision.next.free_ball


def test_no_free_ball_when_the_next_player_can_see_a_red(decide: Decide) -> None:
    before = {"white": [889, 1300], "red": [[889, 2400]], **FULL_TABLE}
    after = {"white": [300, 1650], "red": [[889, 2400]], **FULL_TABLE}
    decision = decide({"positions": before}, {"first_contact": ["pink"], "positions_after": after})
    assert "free_ball" not in decision.calls and not decision.next.free_ball


def test_free_ball_snooker_from_positions(decide: Decide) -> None:
    before = {"white": [889, 1300], "red": [[889, 2400]], **FULL_TABLE}
    free = {
        **FULL_TABLE,
        "green": [889, 2000],
    }  # the green, nominated, ends between cue ball and the only red
    after = {"white": [889, 1850], "red": [[889, 2400]], **free}
    decision = decide(
        {"positions": before, "free_ball": True},
        {"nominated": "green", "first_contact": ["green"], "positions_after": after},
    )
    assert [f.code for f in decision.fouls] == ["free_ball_snooker"]


def test_free_ball_lapses_for_the_offender(decide: Decide) -> None:
    decision = decide({"reds": 5}, {"first_contact": [], "snookered_after": True})
    assert decision.next.free_ball and "offender_again" in decision.next.options
    assert "free_ball_lapses_if_offender_plays" in codes(decision)


# ---- 3.14 foul and a miss --------------------------------------------------------------------
@pytest.mark.parametrize(
    ("state", "stroke", "calls", "warned", "over"),
    [
        (
            {"reds": 5},
            {"first_contact": [], "path_to_ball_on": "full"},
            {"foul", "miss"},
            False,
            False,
        ),
        (
            {"reds": 5},
            {"first_contact": [], "path_to_ball_on": "partial"},
            {"foul", "miss"},
            False,
            False,
        ),
        ({"reds": 5}, {"first_contact": [], "path_to_ball_on": "none"}, {"foul"}, False, False),
        (
            {"reds": 5},
            {"first_contact": [], "path_to_ball_on": "none", "best_attempt": False},
            {"foul", "miss"},
            False,
            False,
        ),
        (
            {"reds": 5, "scores": {"B": 90}},
            {"first_contact": [], "path_to_ball_on": "full"},
            {"foul"},
            False,
            False,
        ),
        (
            {"reds": 5, "scores": {"B": 90}, "misses": 1},
            {"first_contact": [], "path_to_ball_on": "full"},
            {"foul", "miss"},
            True,
            False,
        ),
        (
            {"reds": 5, "misses": 1},
            {"first_contact": [], "path_to_ball_on": "partial"},
            {"foul", "miss"},
            False,
            False,
        ),
        (
            {"reds": 5, "misses": 2},
            {"first_contact": [], "path_to_ball_on": "full"},
            {"foul", "miss", "frame_awarded"},
            False,
            True,
        ),
        (
            {"reds": 5},
            {"first_contact": ["red"], "potted": ["pink"]},
            {"foul"},
            False,
            False,
        ),  # the red was hit
        (
            {"reds": 0, "colours": ["black"], "scores": {"A": 10}},
            {"first_contact": [], "best_attempt": False},
            {"foul"},
            False,
            True,
        ),
    ],
)
def test_miss_rule(
    decide: Decide,
    state: dict[str, Any],
    stroke: dict[str, Any],
    calls: set[str],
    warned: bool,
    over: bool,
) -> None:
    decision = decide(state, stroke)
    assert set(decision.calls) == calls
    assert decision.next.warned is warned
    assert decision.frame.over is over
    assert ("replace_offender_again" in decision.next.options) == ("miss" in calls and not over)


def test_snookers_needed_as_a_result_of_the_stroke(decide: Decide) -> None:
    # Pink and black left (13): B leads by 8 before the stroke, by 14 after A's foul on the pink.
    state = {"reds": 0, "colours": ["pink", "black"], "scores": {"A": 0, "B": 8}}
    stroke = {"first_contact": [], "path_to_ball_on": "partial"}
    decision = decide(state, stroke)
    assert decision.assessment.needs_snookers == ()
    assert decision.calls == ("foul",)
    assert "miss_not_called_snookers_needed" in codes(decision)
    # With B level before the stroke, nobody needs snookers even after the penalty: a miss.
    assert decide({**state, "scores": {"A": 0, "B": 0}}, stroke).calls == ("foul", "miss")


# ---- 3.4, 3.16, 3.17 --------------------------------------------------------------------------
def test_four_handed_respotted_black_is_decided_by_lot(decide: Decide) -> None:
    state = {
        "players": ["Ann", "Bo", "Cal", "Dee"],
        "sides": {"A": ["Ann", "Cal"], "B": ["Bo", "Dee"]},
        "striker": "Bo",
        "reds": 0,
        "colours": ["black"],
        "scores": {"A": 47, "B": 40},
    }
    decision = decide(state, {"first_contact": ["black"], "potted": ["black"]})
    assert decision.frame.respotted_black and decision.next.striker is None


def test_stalemate_agreed_restarts_with_the_same_breaker(decide: Decide) -> None:
    decision = decide(
        {"reds": 4, "breaker": "B", "scores": {"A": 10, "B": 20}},
        None,
        procedure={"kind": "stalemate", "all_agree_restart": True},
    )
    assert (
        decision.scores == {"A": 0, "B": 0}
        and decision.next.striker == "B"
        and decision.calls == ("restart",)
    )


# ---- assessment ---------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("state", "remaining"),
    [
        (State(), 147),
        (State(reds=15, free_ball=True), 155),
        (State(reds=1, ball_on="colour"), 42),
        (State(reds=0, colours=("black",), ball_on="black"), 7),
        (State(reds=0, ball_on="colour"), 34),
    ],
)
def test_points_remaining(state: State, remaining: int) -> None:
    assert assess(state).points_remaining == remaining


def test_snookered_in_hand_only_when_snookered_from_the_whole_d(decide: Decide) -> None:
    row = {
        colour: [x, 3320]
        for colour, x in zip(
            ("yellow", "green", "brown", "blue", "pink"), (783, 836, 889, 942, 995), strict=True
        )
    }
    hidden = {"red": [[889, 3400]], **row, "black": [889, 3245]}
    decision = decide({"positions": hidden}, {"first_contact": []})
    assert (decision.assessment.snookered, decision.assessment.path_to_ball_on) == (True, "none")
    assert decision.calls == ("foul",)  # no part of the red could be hit: no miss
    gap = {
        **hidden,
        "brown": [300, 2000],
        "black": [1500, 3000],
    }  # a gap just wider than a ball, straight ahead
    opened = decide({"positions": gap}, {"first_contact": []})
    assert opened.assessment.snookered is True and opened.assessment.path_to_ball_on == "partial"


def _free_ball_green(
    decide: Decide, reds: list[list[float]], green: list[float], pink: list[float]
) -> Decision:
    colours = {**FULL_TABLE, "blue": [1500, 1784.5], "green": green, "pink": pink}
    before = {
        "white": [889, 1300],
        "red": reds,
        **FULL_TABLE,
        "blue": [1500, 1784.5],
        "pink": [1500, 2676.75],
        "green": [300, 1000],
    }
    after = {"white": [889, 1500], "red": reds, **colours}
    return decide(
        {"positions": before, "free_ball": True},
        {"nominated": "green", "first_contact": ["green"], "positions_after": after},
    )


def test_free_ball_snooker_needs_the_free_ball_nearest(decide: Decide) -> None:
    # Section 2, 16(b): of several snookering balls the one nearest the cue ball is effective.
    nearest = _free_ball_green(decide, [[889, 2400]], green=[889, 2000], pink=[889, 2200])
    behind = _free_ball_green(decide, [[889, 2400]], green=[889, 2200], pink=[889, 2000])
    assert [f.code for f in nearest.fouls] == ["free_ball_snooker"]
    assert behind.legal


def test_reds_snookered_by_different_balls_have_no_effective_snookering_ball(
    decide: Decide,
) -> None:
    # Section 2, 16(c): one red behind the free ball, the other behind the pink: no foul.
    decision = _free_ball_green(
        decide, [[889, 2400], [300, 2400]], green=[889, 2000], pink=[594.5, 1950]
    )
    assert decision.legal
    alone = _free_ball_green(
        decide, [[889, 2400], [300, 2400]], green=[889, 2000], pink=[1500, 2676.75]
    )
    assert alone.legal  # the second red is in full view: not snookered at all


# ---- issue 12: a nominated colour struck together with a red; the cue ball placed -------------
@pytest.mark.parametrize(
    ("stroke", "penalty", "fouls"),
    [
        # The striker played at his colour: 3.12(c), the higher of the balls struck, minimum 4.
        ({"nominated": "green", "first_contact": ["green", "red"]}, 4, ["simultaneous"]),
        ({"nominated": "pink", "first_contact": ["red", "pink"]}, 6, ["simultaneous"]),
        ({"nominated": "blue", "first_contact": ["blue", "red"]}, 5, ["simultaneous"]),
        # A red struck first on its own after a red stays 3.12(d): seven.
        ({"nominated": "green", "first_contact": ["red"]}, 7, ["reds_successive"]),
        ({"nominated": "green", "first_contact": ["red", "red"]}, 7, ["reds_successive"]),
        # Nothing nominated, a colour and a red together: no colour was declared or indicated.
        ({"first_contact": ["green", "red"]}, 7, ["foul_before_nomination", "reds_successive"]),
    ],
)
def test_a_red_struck_with_the_nominated_colour_is_a_simultaneous_contact(
    decide: Decide, stroke: dict[str, Any], penalty: int, fouls: list[str]
) -> None:
    decision = decide({"reds": 7, "ball_on": "colour", "scores": {"A": 12, "B": 20}}, stroke)
    assert (decision.penalty, sorted(f.code for f in decision.fouls)) == (penalty, sorted(fouls))
    assert decision.points == {"A": 0, "B": penalty}


@pytest.mark.parametrize(
    ("placed", "in_hand", "step"),
    [(True, False, "cue_ball_placed_in_play"), (False, True, "cue_ball_stays_in_hand")],
)
def test_a_foul_before_the_stroke_with_the_ball_in_hand(
    decide: Decide, placed: bool, in_hand: bool, step: str
) -> None:
    stroke: dict[str, Any] = {"struck": False, "infringements": ["touched:yellow"]}
    if placed:
        stroke["cue_ball_placed"] = True
    decision = decide({"reds": 9, "in_hand": True}, stroke)
    assert (decision.penalty, decision.next.striker, decision.next.in_hand) == (4, "B", in_hand)
    assert step in codes(decision)
    assert ("cue_ball_placed_in_play" in codes(decision)) is placed
    assert decision.next.options == ("play", "offender_again")


def test_a_foul_before_the_stroke_with_the_ball_on_the_table_says_nothing_of_placing(
    decide: Decide,
) -> None:
    decision = decide({"reds": 9}, {"struck": False, "infringements": ["touched:yellow"]})
    assert decision.next.in_hand is False
    assert not {"cue_ball_placed_in_play", "cue_ball_stays_in_hand"} & set(codes(decision))
