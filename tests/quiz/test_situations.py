"""The copy check's idea of "the same situation" (quiz/situations.py).

``fixtures/twins.json`` holds the nine exam cases the content review of 2026-12-02 found
to repeat a practice case (review section 2a), each beside its practice twin.
"""

import copy
import json
from pathlib import Path

import pytest

from quiz.situations import facts, load, renamings, same_situation

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
