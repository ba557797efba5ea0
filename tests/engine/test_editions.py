"""The rule-book editions: the registry, the 2014 ruleset's differences and the local variant
3.4(d)*.

The conformance cases in tests/cases name their edition (``ruleset``) and variants; here each
difference is checked to be judged differently by the two editions, and, over generated cases
outside the differences, the editions are checked to agree apart from paragraph numbers.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from rules_engine import CaseError, judge, load_case, next_state
from rules_engine.balls import COLOURS, VALUES
from rules_engine.editions import EDITIONS, VARIANTS
from rules_engine.rulesets import RULESETS, cited_rule, referee_for
from rules_engine.rulesets.variants import snookers_needed
from rules_engine.rulesets.wpbsa2007 import Wpbsa2007Referee
from rules_engine.rulesets.wpbsa2014 import OWN_CODES, Wpbsa2014Referee, renumber
from tests.engine.test_properties import cases

ROOT = Path(__file__).resolve().parents[2]
CASES = ROOT / "tests" / "cases"
#: The differences of substance, each a pair of cases with the same facts (docs/editions.md).
DIFFERENCES = (
    "points-equal-no-miss",  # 3.14(a)(ii)
    "miss-all-balls-replaced",  # 3.14(b), 3.14(d)(iii)
    "miss-second-warning",  # 3.14(d)
    "consultation-touch",  # 3.10(d)(iii), 3.14(g)
    "early-stroke-free-ball-colour",  # 3.10(a)(i)
    "early-stroke-colour-not-scored",  # 3.3(g)(iv), 3.10(b)(ii)
    "early-stroke-free-ball-not-scored",  # 3.3(g)(iv), 3.10(a)(i)
    "touching-colour-after-red",  # 3.8(a)
    "partner-caused-touch",  # 3.15(a)
    "moved-by-hand-counts-forced-off",  # Section 2 Rule 14, 3.10(b)
    "cue-ball-moved-by-hand",  # Section 2 Rule 14: the cue ball in hand
    "snookered-foul-preparing",  # 3.11(i)
    "undeclared-when-snookered",  # 3.10(d)(vi)
    "touching-colour-no-declaration",  # 3.8(a) with 3.10(d)(vi)
    "wrong-player-breaks-off",  # 3.3(d)(i)
)
#: 2014 trail steps that come with a ruling of that edition's own (inside the differences).
DIFFERING_STEPS = {
    "miss_not_called_points_equal",  # 3.14(a)(ii)
    "replace_option_snookered_foul",  # 3.11(i)
    "undeclared_when_snookered",  # 3.10(d)(vi)
    "no_declaration",  # 3.8(a) with 3.10(d)(vi) (or listed by the author: both editions)
    "wrong_player_broke_off_restart",  # 3.3(d)(i)
}
NEW_INFRINGEMENTS = {
    "early_stroke_free_ball",
    "consultation_touch",
    "partner_caused_touch",
    "moved_by_hand",
}


def _case(name: str) -> Any:
    return load_case(json.loads((CASES / f"{name}.json").read_text(encoding="utf-8")))


def test_importing_the_case_module_imports_no_referee() -> None:
    code = (
        "import sys, rules_engine.case as c\n"
        "c.load_case({'format': 'snooker-referee-case/1', 'id': 'x', 'ruleset': 'wpbsa-2014',"
        " 'variants': ['ru-2004-3.4d'], 'stroke': {'first_contact': ['red']}})\n"
        "print(sorted(m for m in sys.modules if m.startswith('rules_engine.rulesets.')))"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True
    )
    assert result.stdout.strip() == "[]"


def test_the_registry_lists_each_edition_once_and_finds_its_referee() -> None:
    from rules_engine.rulesets.frclub import FrClubReferee

    assert list(EDITIONS) == ["wpbsa-2007", "wpbsa-2014", "fr-club"]
    assert RULESETS["wpbsa-2014"] is Wpbsa2014Referee
    assert RULESETS["fr-club"] is FrClubReferee
    assert issubclass(Wpbsa2014Referee, Wpbsa2007Referee)
    assert issubclass(FrClubReferee, Wpbsa2007Referee)
    assert referee_for("wpbsa-2014").name == "wpbsa-2014"
    assert referee_for("fr-club").name == "fr-club"


def test_unknown_variant_is_a_case_error() -> None:
    with pytest.raises(CaseError) as caught:
        load_case(
            {
                "format": "snooker-referee-case/1",
                "id": "x",
                "variants": ["ru-1999"],
                "stroke": {"first_contact": ["red"]},
            }
        )
    assert [p.path for p in caught.value.problems] == ["variants"]


#: The French club rules' differences from the 2007 text, each a pair (``-2007``, ``-fr``).
FR_DIFFERENCES = (
    "failed-attempt-not-best",  # fr 3.3: no miss call, the replacement offered
    "failed-attempt-genuine",  # fr 3.3: a genuine failure is only a foul
    "failed-attempt-third-time",  # fr 3.3: no three-miss warning, no frame awarded
    "balls-moving-pink",  # fr 3.11 alinéa 1
    "free-ball-with-red-potted",  # fr 3.9 alinéa 7
    "edge-ball-stroke-with-foul",  # fr 3.8 alinéa 2
    "partner-caused-touch",  # fr 3.12 note
    "stalemate-agreed",  # fr 3.13
)


@pytest.mark.parametrize("name", FR_DIFFERENCES)
def test_each_french_club_difference_is_judged_differently(name: str) -> None:
    old, new = _case(f"{name}-2007"), _case(f"{name}-fr")
    assert (old.ruleset, new.ruleset) == ("wpbsa-2007", "fr-club")
    assert (old.state, old.stroke, old.procedure) == (new.state, new.stroke, new.procedure)
    before, after = judge(old).to_dict(), judge(new).to_dict()
    for decision in (before, after):
        del decision["rules"], decision["case"], decision["trail"]
    assert before != after, "the two texts rule alike"


def test_the_french_club_rules_never_call_a_miss() -> None:
    """fr 3.3: whatever the failure, the count or the scores, no miss and no frame awarded."""
    from rules_engine.rulesets.frclub import FrClubReferee

    for misses in (0, 1, 2):
        for attempt in (True, False):
            state = {"reds": 3, "misses": misses, "scores": {"A": 0, "B": 60}}
            stroke = {"first_contact": [], "best_attempt": attempt}
            case = load_case({"format": "snooker-referee-case/1", "id": "f",
                              "ruleset": "fr-club", "state": state, "stroke": stroke})  # fmt: skip
            decision = FrClubReferee().judge(case)
            assert decision.calls == ("foul",) and not decision.frame.over
            assert ("replace_offender_again" in decision.next.options) is not attempt


@pytest.mark.parametrize("name", DIFFERENCES)
def test_each_difference_is_judged_differently(name: str) -> None:
    old, new = _case(f"{name}-2007"), _case(f"{name}-2014")
    assert (old.ruleset, new.ruleset) == ("wpbsa-2007", "wpbsa-2014")
    assert (old.state, old.stroke) == (new.state, new.stroke), "the same facts"
    before, after = judge(old).to_dict(), judge(new).to_dict()
    for decision in (before, after):
        del decision["rules"], decision["case"]
        decision["fouls"] = [f["code"] for f in decision["fouls"]]
        decision["trail"] = [(s["code"], s["params"]) for s in decision["trail"]]
    assert before != after, "the editions judge it alike, apart from paragraph numbers"


def test_the_2014_trail_cites_the_2014_numbering() -> None:
    decision = judge(_case("miss-all-balls-replaced-2014"))
    assert decision.fouls[0].rule == "3.10(a)"
    cited = {step.code: step.rule for step in decision.trail}
    assert cited["miss_clear_path"] == "3.14(c)"
    assert cited["replace_all_option_after_miss"] == "3.14(b)"
    assert cited["turn_ends"] == "3.3(i)"
    assert cited_rule("wpbsa-2014", "free_ball_called") == "3.12"
    assert cited_rule("wpbsa-2007", "free_ball_called") == "3.10"
    assert renumber("3.14(h)") == "3.14(g)"


def test_points_equal_to_the_difference_still_a_miss_when_full_ball_was_missed_again() -> None:
    data = json.loads((CASES / "points-equal-no-miss-2014.json").read_text(encoding="utf-8"))
    data["state"]["misses"] = 1
    data.pop("expect")
    assert judge(load_case(data)).calls == ("foul", "miss")  # 3.14(d)(i): regardless of scores


@pytest.mark.parametrize(
    ("deficit", "remaining", "ball_on", "needed"),
    [(31, 13, "pink", 4), (30, 13, "pink", 3), (39, 27, "yellow", 4), (38, 27, "yellow", 3),
     (12, 13, "pink", 0), (13, 13, "pink", 1), (50, 7, "black", 7)],
)  # fmt: skip
def test_snookers_needed_counts_the_least_penalty_on_the_ball_on(
    deficit: int, remaining: int, ball_on: str, needed: int
) -> None:
    assert snookers_needed(deficit=deficit, remaining=remaining, ball_on=ball_on) == needed


def test_the_variant_applies_only_when_named() -> None:
    data = json.loads(
        (CASES / "variant-four-snookers-pink-on-awarded.json").read_text(encoding="utf-8")
    )
    data.pop("expect")
    awarded = judge(load_case(data))
    data.pop("variants")
    plain = judge(load_case(data))
    assert (awarded.frame.reason, awarded.frame.winner) == ("snookers_needed", "B")
    assert awarded.rules[-1] == VARIANTS["ru-2004-3.4d"].rule == "3.4(d)*"
    assert not plain.frame.over and "3.4(d)*" not in plain.rules


def _normalised(decision: dict[str, Any]) -> dict[str, Any]:
    """The decision without paragraph numbers, and without the 2014 trail steps that only say
    more (the replace-all wording of the replace option, the miss count starting again, the
    declaration asked after a red)."""
    decision = dict(decision)
    del decision["rules"]
    decision["fouls"] = [(f["code"], f["ball"], f["penalty"]) for f in decision["fouls"]]
    renamed = {"replace_all_option_after_miss": "replace_option_after_miss"}
    decision["trail"] = [
        (renamed.get(s["code"], s["code"]), s["params"])
        for s in decision["trail"]
        if s["code"] not in OWN_CODES - set(renamed)
    ]
    return decision


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(cases())
def test_outside_the_differences_both_editions_decide_alike(data: dict[str, Any]) -> None:
    listed = {code.partition(":")[0] for code in data.get("stroke", {}).get("infringements", ())}
    assume(not NEW_INFRINGEMENTS & listed)
    assume("unspotted_colour" not in data["state"])  # 3.3(g)(iv): inside the differences
    old = judge(load_case({**data, "ruleset": "wpbsa-2007"})).to_dict()
    new = judge(load_case({**data, "ruleset": "wpbsa-2014"})).to_dict()
    # 3.14(a)(ii), the one miss exception that changed, and the other rulings of 2014's own:
    # outside the differences when unused.
    assume(not DIFFERING_STEPS & {s["code"] for s in new["trail"]})
    assert _normalised(old) == _normalised(new)
    # ... and every paragraph the 2007 referee cites, the 2014 one cites renumbered.
    kept = [s for s in new["trail"] if s["code"] not in OWN_CODES]
    old_steps = [s for s in old["trail"] if s["code"] != "replace_option_after_miss"]
    assert [Wpbsa2014Referee.rule_of(s["code"]) for s in old_steps] == [s["rule"] for s in kept]


# --- 3.3(g)(iv): the colour played before it was spotted is not scored ----------------------


def _early(state: dict[str, Any], stroke: dict[str, Any], ruleset: str = "wpbsa-2014") -> Any:
    return load_case(
        {"format": "snooker-referee-case/1", "id": "e", "ruleset": ruleset,
         "state": state, "stroke": stroke}
    )  # fmt: skip


@pytest.mark.parametrize(
    ("state", "code", "points"),
    [
        ({"reds": 5}, "early_stroke:blue", 5),  # the colour after a red
        ({"reds": 0, "colours": list(COLOURS)}, "early_stroke:yellow", 2),  # after the last red
        ({"reds": 4, "ball_on": "colour"}, "early_stroke_free_ball:pink", 1),  # free ball as red
        ({"reds": 0, "colours": ["green", "brown", "blue", "pink", "black"]},
         "early_stroke_free_ball:blue", 3),  # a free ball with the green on: the green's value
    ],
)  # fmt: skip
def test_the_colour_not_yet_spotted_is_taken_off_the_score_in_2014_only(
    state: dict[str, Any], code: str, points: int
) -> None:
    colour = code.partition(":")[2]
    state = {**state, "scores": {"A": 40, "B": 20}, "unspotted_colour": colour}
    stroke = {"first_contact": [], "infringements": [code], "path_to_ball_on": "none"}
    old, new = judge(_early(state, stroke, "wpbsa-2007")), judge(_early(state, stroke))
    assert old.penalty == new.penalty or code.startswith("early_stroke_free_ball")
    assert old.scores["A"] == 40 and new.scores["A"] == 40 - points
    assert new.points["A"] == -points and new.scores["B"] == 20 + new.penalty
    removed = [s for s in new.trail if s.code == "early_stroke_colour_score_removed"]
    assert [dict(s.params) for s in removed] == [{"ball": colour, "side": "A", "points": points}]
    assert removed[0].rule == "3.3(g)(iv)"


@pytest.mark.parametrize(
    ("state", "stroke", "path"),
    [
        ({"reds": 5, "unspotted_colour": "red"}, {"first_contact": ["red"]},
         "state.unspotted_colour"),  # reds are not spotted
        ({"reds": 5, "unspotted_colour": "blue"}, {"first_contact": ["red"]},
         "stroke.infringements"),  # a stroke made now is early
        ({"reds": 5, "unspotted_colour": "blue"},
         {"first_contact": ["red"], "infringements": ["early_stroke:pink"]},
         "stroke.infringements[0]"),  # another colour
        ({"reds": 5, "unspotted_colour": "blue", "in_hand": True},
         {"first_contact": ["red"], "infringements": ["early_stroke:blue"]},
         "state.unspotted_colour"),  # in a break the cue ball is not in hand
        ({"reds": 5, "unspotted_colour": "blue", "free_ball": True},
         {"first_contact": ["red"], "infringements": ["early_stroke:blue"]},
         "state.unspotted_colour"),
        ({"reds": 5, "unspotted_colour": "blue", "misses": 1},
         {"first_contact": ["red"], "infringements": ["early_stroke:blue"]},
         "state.unspotted_colour"),
        ({"reds": 0, "colours": ["pink", "black"], "unspotted_colour": "blue"},
         {"first_contact": ["pink"], "infringements": ["early_stroke:blue"]},
         "state.unspotted_colour"),  # not on the table
        ({"reds": 5, "ball_on": "colour", "unspotted_colour": "blue"},
         {"first_contact": ["pink"], "infringements": ["early_stroke:blue"]},
         "state.ball_on"),  # after a colour a red is on
        ({"reds": 5, "unspotted_colour": "blue"},
         {"first_contact": ["red"], "infringements": ["early_stroke_free_ball:blue"]},
         "state.ball_on"),  # after a free ball taken as a red a colour is on
        ({"reds": 0, "colours": list(COLOURS), "ball_on": "colour", "unspotted_colour": "blue"},
         {"first_contact": ["blue"], "infringements": ["early_stroke_free_ball:blue"]},
         "state.ball_on"),  # a free ball is not taken on the colour after the last red
        ({"reds": 0, "colours": ["blue", "pink", "black"], "unspotted_colour": "blue"},
         {"first_contact": ["blue"], "infringements": ["early_stroke_free_ball:blue"]},
         "state.unspotted_colour"),  # the ball on is not a free ball
        ({"reds": 5, "unspotted_colour": "black", "scores": {"A": 3}},
         {"first_contact": ["red"], "infringements": ["early_stroke:black"]},
         "state.scores.A"),  # the 7 points scored for it are in the score
    ],
)  # fmt: skip
def test_an_impossible_colour_being_spotted_is_a_case_error(
    state: dict[str, Any], stroke: dict[str, Any], path: str
) -> None:
    with pytest.raises(CaseError) as caught:
        _early(state, stroke)
    assert path in [p.path for p in caught.value.problems]


def test_without_the_colour_being_spotted_the_2014_trail_only_tells_the_scorer() -> None:
    stroke = {"first_contact": ["red"], "infringements": ["early_stroke:blue"]}
    decision = judge(_early({"reds": 5, "scores": {"A": 40, "B": 20}}, stroke))
    assert decision.scores == {"A": 40, "B": 25}
    assert "early_stroke_colour_not_scored" in [s.code for s in decision.trail]


def test_the_colour_being_spotted_survives_to_dict() -> None:
    case = _early(
        {"reds": 5, "scores": {"A": 40}, "unspotted_colour": "blue"},
        {"first_contact": ["red"], "infringements": ["early_stroke:blue"]},
    )
    assert case.state.to_dict()["unspotted_colour"] == "blue"


# --- Section 2 Rule 14 (2014): a ball intentionally moved by hand is forced off the table ---


def test_a_red_moved_by_hand_leaves_the_table_in_2014_only() -> None:
    from rules_engine import next_state

    facts = {
        "state": {"reds": 6},
        "stroke": {"struck": False, "infringements": ["moved_by_hand:red"]},
    }
    left = {}
    for ruleset in ("wpbsa-2007", "wpbsa-2014"):
        case = load_case(
            {"format": "snooker-referee-case/1", "id": "r", "ruleset": ruleset, **facts}
        )
        decision = judge(case)
        after = next_state(case.state, case.stroke, decision)
        assert after is not None and decision.penalty == 4
        left[ruleset] = (after.reds, [f.code for f in decision.fouls])
    assert left == {"wpbsa-2007": (6, ["moved_by_hand"]), "wpbsa-2014": (5, ["forced_off"])}


@pytest.mark.parametrize(
    ("stroke", "path"),
    [
        ({"struck": False, "infringements": ["moved_by_hand"]}, "stroke.infringements[0]"),
        ({"first_contact": ["red"], "potted": ["pink"], "infringements": ["moved_by_hand:pink"]},
         "stroke.potted"),  # the pink cannot both be potted and moved by hand
        ({"first_contact": ["red"], "infringements": ["moved_by_hand:pink"],
          "positions_after": {"white": [889, 500]}}, "stroke.positions_after"),
    ],
)  # fmt: skip
def test_an_impossible_ball_moved_by_hand_is_a_case_error(
    stroke: dict[str, Any], path: str
) -> None:
    with pytest.raises(CaseError) as caught:
        load_case({"format": "snooker-referee-case/1", "id": "m", "ruleset": "wpbsa-2014",
                   "state": {"reds": 6}, "stroke": stroke})  # fmt: skip
    assert path in [p.path for p in caught.value.problems]


@st.composite
def _early_strokes(draw: st.DrawFn) -> dict[str, Any]:
    """A stroke made in a break before the colour potted in the previous stroke was spotted,
    with scores low enough that nobody needs snookers (so the miss is judged alike)."""
    reds = draw(st.integers(3, 15))
    colour = draw(st.sampled_from(COLOURS))
    scores = {"A": draw(st.integers(VALUES[colour], 20)), "B": draw(st.integers(0, 20))}
    on_table = ["red", *COLOURS]
    stroke = {
        "first_contact": draw(st.lists(st.sampled_from(on_table), max_size=1)),
        "potted": draw(st.lists(st.sampled_from(["red", "black"]), max_size=1)),
        "cue_ball": draw(st.sampled_from(["table", "potted"])),
        "path_to_ball_on": draw(st.sampled_from(["full", "partial", "none"])),
        "infringements": [f"early_stroke:{colour}"],
    }
    state = {"reds": reds, "scores": scores, "unspotted_colour": colour}
    return {"format": "snooker-referee-case/1", "id": "early", "state": state, "stroke": stroke}


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_early_strokes())
def test_the_colour_being_spotted_changes_only_the_strikers_score(data: dict[str, Any]) -> None:
    old = judge(load_case({**data, "ruleset": "wpbsa-2007"})).to_dict()
    new = judge(load_case({**data, "ruleset": "wpbsa-2014"})).to_dict()
    value = VALUES[data["state"]["unspotted_colour"]]
    assert new["scores"] == {**old["scores"], "A": old["scores"]["A"] - value}
    assert new["points"] == {**old["points"], "A": old["points"]["A"] - value}
    removed = [s for s in new["trail"] if s["code"] == "early_stroke_colour_score_removed"]
    assert [s["params"]["points"] for s in removed] == [value]
    for decision in (old, new):
        del decision["scores"], decision["points"]
    assert _normalised(old) == _normalised(new)


def test_an_early_stroke_is_not_both_kinds_at_once() -> None:
    state = {"reds": 5, "scores": {"A": 6, "B": 0}, "unspotted_colour": "pink"}
    stroke = {
        "first_contact": ["red"],
        "infringements": ["early_stroke:pink", "early_stroke_free_ball:pink"],
    }
    with pytest.raises(CaseError) as caught:
        _early(state, stroke)
    assert "stroke.infringements[1]" in [p.path for p in caught.value.problems]


def test_the_variant_awards_no_frame_when_no_stroke_was_made() -> None:
    case = load_case(
        {"format": "snooker-referee-case/1", "id": "v", "ruleset": "wpbsa-2014",
         "variants": ["ru-2004-3.4d"],
         "state": {"reds": 0, "colours": ["pink", "black"], "scores": {"A": 0, "B": 50}},
         "stroke": {"struck": False, "infringements": ["partner_caused_touch:pink"]}}
    )  # fmt: skip
    decision = judge(case)
    assert not decision.frame.over
    assert "frame_awarded_snookers_needed" not in [step.code for step in decision.trail]


def test_a_changed_ruleset_class_is_not_served_from_the_referee_cache() -> None:
    class First(Wpbsa2007Referee):
        pass

    class Second(Wpbsa2007Referee):
        pass

    RULESETS["test-changing"] = First
    try:
        assert type(referee_for("test-changing")) is First
        RULESETS["test-changing"] = Second
        assert type(referee_for("test-changing")) is Second
    finally:
        del RULESETS["test-changing"]


def test_2014_says_the_partner_of_a_player_out_of_turn_loses_a_turn() -> None:
    """3.17(c): 2014 "will lose a turn" (2007 "may": the referee's call, not in the trail)."""
    codes = {
        edition: [s.code for s in judge(_case(f"four-handed-out-of-turn-{edition[-4:]}")).trail]
        for edition in ("wpbsa-2007", "wpbsa-2014")
    }
    assert "four_handed_partner_loses_turn" in codes["wpbsa-2014"]
    assert "four_handed_partner_loses_turn" not in codes["wpbsa-2007"]
    step = next(s for s in judge(_case("four-handed-out-of-turn-2014")).trail
                if s.code == "four_handed_partner_loses_turn")
    assert dict(step.params) == {"player": "Cal"}


def test_a_consultation_touch_leaves_the_order_of_play_and_the_replaced_position() -> None:
    """3.14(h) / 2014 3.14(g): penalised as the striker, the order of play unchanged; the frame
    walker keeps the replaced position, its miss count and the new scores."""
    for edition in ("2007", "2014"):
        case = _case(f"consultation-touch-{edition}")
        decision = judge(case)
        after = next_state(case.state, case.stroke, decision)
        assert after is not None
        assert (after.striker, after.misses, after.scores) == ("A", 1, decision.scores)


def test_a_frame_started_by_the_wrong_player_restarts_with_the_right_one() -> None:
    case = _case("wrong-player-breaks-off-2014")
    after = next_state(case.state, case.stroke, judge(case))
    assert after is not None
    assert (after.striker, after.breaker, after.in_hand, after.reds) == ("B", "B", True, 15)


@pytest.mark.parametrize(
    "stroke",
    [{"first_contact": ["blue"], "nominated": "blue", "declared": False},
     {"first_contact": ["blue"], "declared": True},
     {"struck": False, "infringements": ["touched:blue"], "declared": False},
     {"first_contact": ["red"], "infringements": ["consultation_touch:red"]},
     {"struck": False, "infringements": ["consultation_touch:red", "touched:blue"]}],
)  # fmt: skip
def test_declared_and_consultation_touch_are_checked(stroke: dict[str, Any]) -> None:
    with pytest.raises(CaseError):
        load_case({"format": "snooker-referee-case/1", "id": "d", "ruleset": "wpbsa-2014",
                   "state": {"reds": 6, "ball_on": "colour"}, "stroke": stroke})  # fmt: skip


@pytest.mark.parametrize(("ruleset", "over"), [("wpbsa-2007", True), ("fr-club", False)])
def test_a_frame_of_failed_attempts_is_awarded_only_under_the_miss_rule(ruleset, over) -> None:
    """Three failures from the replaced position, each replaced on request: the third awards
    the frame under 2007 3.14(c); the French club rules (3.3) have no such count."""
    from rules_engine import judge_frame, load_frame

    failure = {"stroke": {"first_contact": [], "best_attempt": False, "path_to_ball_on": "full"},
               "choice": "replace_offender_again"}  # fmt: skip
    frame = load_frame({"format": "snooker-referee-frame/1", "id": "f", "ruleset": ruleset,
                        "state": {"reds": 10, "scores": {"A": 20, "B": 20}},
                        "strokes": [failure, failure, {"stroke": failure["stroke"]}]})  # fmt: skip
    result = judge_frame(frame)
    assert result.decisions[-1].frame.over is over
    assert ("miss" in result.decisions[0].calls) is (ruleset == "wpbsa-2007")


@pytest.mark.parametrize("ruleset", ["wpbsa-2007", "wpbsa-2014"])
def test_a_consultation_touch_ends_no_break_for_the_four_snookers_rule(ruleset) -> None:
    """3.4(d)* awards the frame when a break ends; a touch during the consultation ends none
    (the offender plays on from the replaced position, 3.14(h))."""
    case = load_case({"format": "snooker-referee-case/1", "id": "c", "ruleset": ruleset,
                      "variants": ["ru-2004-3.4d"],
                      "state": {"reds": 0, "colours": ["pink", "black"], "misses": 1,
                                "scores": {"A": 20, "B": 51}},
                      "stroke": {"struck": False, "infringements": ["consultation_touch:pink"]}})
    decision = judge(case)
    assert not decision.frame.over and decision.next.striker == "A"


@pytest.mark.parametrize(
    "name", ["touching-colour-no-declaration-2014", "touching-colour-no-declaration-2007"]
)
def test_an_undeclared_touching_colour_is_not_said_to_have_been_nominated(name: str) -> None:
    """Nothing was declared: the trail says the touching ball was not declared, never that
    the striker nominated the colour his cue ball then struck."""
    codes = [step.code for step in judge(_case(name)).trail]
    assert "touching_ball_other_nominated" not in codes
    assert "touching_ball_not_declared" in codes
