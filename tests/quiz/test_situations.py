"""The copy check's idea of "the same situation" (quiz/situations.py).

``fixtures/twins.json`` holds the nine exam cases the content review of 2026-12-02 found
to repeat a practice case (review section 2a), each beside its practice twin.
"""

import copy
import json
from pathlib import Path

import pytest

from quiz.situations import answer, facts, load, outline, renamings, same_situation
from rules_engine.table import BALL_DIAMETER, TOUCH_TOLERANCE

TWINS = json.loads((Path(__file__).parent / "fixtures" / "twins.json").read_text("utf-8"))


def _same(exam: dict, other_case: dict) -> bool:
    return same_situation(
        load(exam["case"]), load(other_case), ask=exam["ask"], ask_ball=exam["ask_ball"]
    )


@pytest.mark.parametrize("pair", TWINS, ids=[pair["exam"]["slug"] for pair in TWINS])
def test_each_twin_the_review_found_is_the_same_situation(pair):
    assert _same(pair["exam"], pair["practice"]["case"])


@pytest.mark.parametrize("pair", TWINS, ids=[pair["exam"]["slug"] for pair in TWINS])
def test_the_twins_are_not_equal_as_json(pair):
    # What the old check compared: every one of them passed it.
    def plain(case):
        case = {k: v for k, v in case.items() if k != "id"}
        case["state"] = {k: v for k, v in case.get("state", {}).items() if k != "scores"}
        return case

    assert plain(pair["exam"]["case"]) != plain(pair["practice"]["case"])


def answer_of(exam: dict) -> dict | None:
    return answer(load(exam["case"]), ask=exam["ask"], ask_ball=exam["ask_ball"])


def _pair(slug: str) -> dict:
    return next(pair for pair in TWINS if pair["exam"]["slug"] == slug)


def test_a_different_stroke_is_a_new_situation():
    pair = _pair("exam-red-and-green-same-stroke")
    other = copy.deepcopy(pair["practice"]["case"])
    other["stroke"]["potted"] = ["red", "blue"]  # a blue follows the red: foul 5, not 4
    assert not _same(pair["exam"], other)


def test_a_red_count_that_changes_the_ruling_is_a_new_situation():
    pair = _pair("exam-last-red-potted-pink-drops-from-middle-pocket-edge")
    exam = copy.deepcopy(pair["exam"])
    # The ball on after the red potted is a colour in both; with the question on the
    # whole decision and no red left, the pink's re-spot and the ball on stay the same,
    # but a stroke with a different fact (the pink struck) is another situation.
    other = copy.deepcopy(pair["practice"]["case"])
    other["stroke"]["edge"]["fell"] = "after_balancing"
    assert not _same(exam, other)


def test_the_same_flags_with_another_answer_are_a_new_situation():
    pair = _pair("exam-two-reds-frozen-on-top-cushion")
    other = copy.deepcopy(pair["practice"]["case"])
    other["procedure"]["all_agree_restart"] = True  # both agree: the frame is restarted
    assert not _same(pair["exam"], other)


def test_a_fact_that_decides_cannot_be_set_aside():
    # The striker is set aside only when it does not change the answer: the points of a
    # foul go to the other side, so a foul by B is not a foul by A (asked: the points).
    pair = _pair("exam-green-on-green-potted-cue-ball-follows")
    exam_case = load(pair["exam"]["case"])
    other = copy.deepcopy(pair["exam"]["case"])
    other["state"]["striker"] = "B"
    renamed = list(renamings(load(other), exam_case))
    assert len(renamed) == 2  # A and B kept, or swapped
    # Swapping the names makes B's foul A's foul with the scores set aside: the same.
    assert _same(pair["exam"], other)
    other["stroke"]["cue_ball"] = "table"  # the cue ball stays up: a fair green
    assert not _same(pair["exam"], other)


def test_a_case_is_its_own_situation_and_the_facts_set_the_diagram_aside():
    pair = _pair("exam-red-and-green-same-stroke")
    case = load(pair["exam"]["case"])
    assert same_situation(case, case, ask="decision", ask_ball="green")
    names = facts(case)
    assert "stroke.positions_after" not in names and "state.scores" not in names


def test_when_the_ruling_needs_the_diagram_it_is_part_of_the_situation():
    # A case whose snooker the engine measures from the positions: without the diagram it
    # cannot say the same, so another diagram with the same facts is not a copy.
    case = {
        "format": "snooker-referee-case/1", "id": "x",
        "state": {"reds": 1, "positions": {
            "white": [889, 300], "red": [[889, 3400]], "yellow": [1181, 737],
            "green": [597, 737], "brown": [889, 737], "blue": [889, 1784.5],
            "pink": [889, 2676.75], "black": [889, 3245]}},
        "stroke": {"first_contact": ["blue"]},
    }  # fmt: skip
    other = copy.deepcopy(case)
    other["state"]["positions"]["white"] = [300, 3000]  # the red in full view now
    exam = {"ask": "calls", "ask_ball": "", "case": case}
    assert _same(exam, case)
    assert not _same(exam, other)


#: The practice bank's "touching-red-play-away": the cue ball rests against a red (52.5 mm
#: between centres), which the case does not state (no ``state.touching``): only the diagram.
TOUCHING_BY_DIAGRAM = {
    "format": "snooker-referee-case/1", "id": "touching",
    "state": {"striker": "A", "positions": {
        "white": [1100, 2897.5],
        "red": [[820, 2760], [880, 2800], [940, 2770], [1000, 2850], [760, 2880],
                [1100, 2950], [1550, 1900]],
        "yellow": [1181, 737], "green": [597, 737], "brown": [889, 737],
        "blue": [889, 1784.5], "pink": [889, 2676.75], "black": [889, 3245]}},
    "stroke": {"first_contact": ["red"]},
}  # fmt: skip


def _told(case: dict, **state) -> dict:
    """The case told without its diagram (seven reds, every colour), with ``state`` added."""
    told = copy.deepcopy(case)
    del told["state"]["positions"]
    told["state"].update({"reds": 7, **state})
    return told


def test_a_touching_ball_in_the_diagram_is_a_fact_as_if_stated():
    diagram = load(TOUCHING_BY_DIAGRAM)
    assert facts(diagram)["state.touching"] == ("red",)
    assert facts(load(_told(TOUCHING_BY_DIAGRAM)))["state.touching"] == ()
    exam = {"ask": "legal", "ask_ball": "", "case": TOUCHING_BY_DIAGRAM}
    # The ruling (a fair stroke) is the same with or without the touching red: only the fact
    # tells the two situations apart, as it did already when the case stated it.
    assert answer_of(exam) == answer_of({**exam, "case": _told(TOUCHING_BY_DIAGRAM)})
    assert not _same(exam, _told(TOUCHING_BY_DIAGRAM))
    assert not _same({**exam, "case": _told(TOUCHING_BY_DIAGRAM)}, TOUCHING_BY_DIAGRAM)
    assert _same(exam, _told(TOUCHING_BY_DIAGRAM, touching=["red"]))
    assert outline(diagram) == outline(load(_told(TOUCHING_BY_DIAGRAM, touching=["red"])))


def test_balls_just_apart_in_the_diagram_are_not_touching():
    # The engine's tolerance decides, not a copy of it: 0.1 mm beyond it is no touching ball.
    apart = copy.deepcopy(TOUCHING_BY_DIAGRAM)
    apart["state"]["positions"]["white"] = [1100, 2950 - BALL_DIAMETER - TOUCH_TOLERANCE - 0.1]
    assert facts(load(apart))["state.touching"] == ()
    exam = {"ask": "legal", "ask_ball": "", "case": apart}
    assert _same(exam, _told(TOUCHING_BY_DIAGRAM))


def test_the_cue_ball_resting_against_a_ball_after_the_stroke_is_a_fact():
    # A red potted, the cue ball stops against the black (practice's
    # "touching-black-after-red-potted"): the ball on next is a colour either way.
    after = copy.deepcopy(TOUCHING_BY_DIAGRAM["state"]["positions"])
    after["white"], after["red"] = [889, 3192.5], after["red"][:5] + after["red"][6:]
    case = copy.deepcopy(TOUCHING_BY_DIAGRAM)
    case["state"]["positions"]["white"] = [1150, 2600]
    case["stroke"] = {"first_contact": ["red"], "potted": ["red"], "positions_after": after}
    assert facts(load(case))["stroke.touching_after"] == ("black",)
    free = copy.deepcopy(case)
    free["stroke"]["positions_after"]["white"] = [889, 3000]
    assert facts(load(free))["stroke.touching_after"] == ()
    exam = {"ask": "ball_on", "ask_ball": "", "case": free}
    assert not _same(exam, case)
    assert _same(exam, free)


#: The practice bank's "miss-escape-from-behind-black": the cue ball behind the black, the two
#: reds up the table, the pink struck first. The case states no path: only the diagram shows
#: the cue ball snookered (the engine's path to the ball on: none).
SNOOKERED_BY_DIAGRAM = {
    "format": "snooker-referee-case/1", "id": "snookered",
    "state": {"striker": "A", "positions": {
        "white": [889, 3320], "red": [[850, 2300], [930, 2200]],
        "yellow": [1181, 737], "green": [597, 737], "brown": [889, 737],
        "blue": [889, 1784.5], "pink": [889, 2676.75], "black": [889, 3245]}},
    "stroke": {"first_contact": ["pink"]},
}  # fmt: skip


def _told_plain(case: dict, **stroke) -> dict:
    """The case told without its diagrams (two reds, every colour), with ``stroke`` added."""
    told = copy.deepcopy(case)
    del told["state"]["positions"]
    told["stroke"].pop("positions_after", None)
    told["state"]["reds"] = 2
    told["stroke"].update(stroke)
    return told


def test_a_snooker_in_the_diagram_is_a_fact_as_if_stated():
    diagram = load(SNOOKERED_BY_DIAGRAM)
    assert facts(diagram)["stroke.path_to_ball_on"] == "none"
    assert facts(load(_told_plain(SNOOKERED_BY_DIAGRAM)))["stroke.path_to_ball_on"] == "full"
    exam = {"ask": "legal", "ask_ball": "", "case": SNOOKERED_BY_DIAGRAM}
    # A foul either way: only the path tells the snookered striker from one in clear view.
    assert answer_of(exam) == answer_of({**exam, "case": _told_plain(SNOOKERED_BY_DIAGRAM)})
    assert not _same(exam, _told_plain(SNOOKERED_BY_DIAGRAM))
    assert not _same({**exam, "case": _told_plain(SNOOKERED_BY_DIAGRAM)}, SNOOKERED_BY_DIAGRAM)
    stated = _told_plain(SNOOKERED_BY_DIAGRAM, path_to_ball_on="none")
    assert _same(exam, stated)
    assert outline(diagram) == outline(load(stated))
    assert outline(diagram) != outline(load(_told_plain(SNOOKERED_BY_DIAGRAM)))


def test_a_clear_view_in_the_diagram_is_the_full_path_stated_or_not():
    clear = copy.deepcopy(SNOOKERED_BY_DIAGRAM)
    clear["state"]["positions"]["white"] = [889, 2000]
    assert facts(load(clear))["stroke.path_to_ball_on"] == "full"
    exam = {"ask": "legal", "ask_ball": "", "case": clear}
    assert _same(exam, _told_plain(clear))
    assert _same(exam, _told_plain(clear, path_to_ball_on="full"))
    assert not _same(exam, SNOOKERED_BY_DIAGRAM)


def test_the_cue_ball_snookered_after_the_stroke_in_the_diagram_is_a_fact():
    # The cue ball in clear view strikes the pink first (a foul) and comes to rest behind
    # the black: snookered after the stroke, which only the diagram after it shows.
    case = copy.deepcopy(SNOOKERED_BY_DIAGRAM)
    case["state"]["positions"]["white"] = [889, 2000]
    case["stroke"]["positions_after"] = copy.deepcopy(SNOOKERED_BY_DIAGRAM["state"]["positions"])
    assert facts(load(case))["stroke.snookered_after"] is True
    exam = {"ask": "legal", "ask_ball": "", "case": case}
    assert answer_of(exam) == answer_of({**exam, "case": _told_plain(case)})
    assert not _same(exam, _told_plain(case))
    assert _same(exam, _told_plain(case, snookered_after=True))
