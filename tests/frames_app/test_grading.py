"""Each part of a call graded against the engine's decision for the stroke."""

from __future__ import annotations

import json

import pytest

from frames.grading import FRAME_OVER, grade_stroke, score_lines
from frames.judging import judged_strokes, without_answers
from tests.frames_app.conftest import RIGHT_CALLS, SHORT

FRAME = without_answers(json.loads(SHORT.read_text()))


def _graded(number: int, **changes):
    stroke = judged_strokes(FRAME)[number - 1]
    return grade_stroke(decision=stroke.decision, answer={**RIGHT_CALLS[number - 1], **changes})


@pytest.mark.parametrize("number", [1, 2, 3, 4])
def test_the_referees_calls_are_right_in_every_part(number):
    graded = _graded(number)
    assert graded.correct and graded.score == 1.0
    assert [part.name for part in graded.parts] == [
        "legal",
        "penalty",
        "calls",
        "next_striker",
        "next_options",
        "scores",
    ]


@pytest.mark.parametrize(
    ("part", "wrong"),
    [
        ("legal", "fair"),
        ("penalty", 6),
        ("calls", ["foul"]),  # a foul and a miss called a foul
        ("next_striker", "A"),
        ("next_options", ["play", "offender_again"]),  # the replacement forgotten
        ("scores", {"A": 41, "B": 38}),
    ],
)
def test_each_wrong_part_alone_is_marked_wrong(part, wrong):
    graded = _graded(2, **{part: wrong})
    flags = graded.as_flags()
    assert flags.pop(part) is False
    assert all(flags.values())
    assert graded.score == pytest.approx(5 / 6)


def test_after_a_fair_stroke_no_option_ticked_is_right_and_play_alone_too():
    assert _graded(1, next_options=[]).correct
    assert _graded(1, next_options=["play"]).correct
    assert not _graded(1, next_options=["offender_again"]).correct


def test_a_score_missing_a_side_is_wrong():
    assert not _graded(3, scores={"A": 41}).correct


def test_frame_over_is_a_call_and_the_options_are_not_asked():
    decision = {
        "legal": True,
        "penalty": 0,
        "calls": [],
        "scores": {"A": 70, "B": 60},
        "next": {"striker": None, "options": []},
        "frame": {"over": True},
    }
    graded = grade_stroke(
        decision=decision,
        answer={
            "legal": "fair",
            "penalty": 0,
            "calls": [FRAME_OVER],
            "next_striker": FRAME_OVER,
            "scores": {"A": 70, "B": 60},
        },
    )
    assert graded.correct
    assert "next_options" not in graded.as_flags()
    missed = grade_stroke(
        decision=decision,
        answer={
            "legal": "fair",
            "penalty": 0,
            "calls": [],
            "next_striker": "A",
            "scores": {"A": 70, "B": 60},
        },
    )
    assert missed.as_flags() == {
        "legal": True,
        "penalty": True,
        "calls": False,
        "next_striker": False,
        "scores": True,
    }


def test_how_the_score_should_have_run():
    stroke = judged_strokes(FRAME)[1]
    lines = score_lines(
        before=stroke.state["scores"],
        decision=stroke.decision,
        announced={"A": 41, "B": 38},
        sides=stroke.sides,
    )
    assert [(line.side, line.before, line.points, line.after, line.right) for line in lines] == [
        ("A", 41, 0, 41, True),
        ("B", 32, 7, 39, False),
    ]
