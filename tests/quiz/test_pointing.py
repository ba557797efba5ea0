"""quiz.pointing: what each step of the explanation points at on the table, sent only with
the feedback (after the answer), never with the question."""

from __future__ import annotations

import doctest
import json
import re
from html import unescape

import pytest
from django.utils import translation

from quiz import pointing
from quiz.grading import decide
from quiz.pointing import StepMarks, respot_points, step_marks
from rules_engine import RESPOT_TARGETS, TRAIL_CODES
from rules_engine.table import SPOTS

from .test_views import practice_url, respotting_bank, token_of  # noqa: F401 (a fixture)


def test_doctests():
    assert doctest.testmod(pointing).failed == 0


@pytest.mark.parametrize("code", sorted(TRAIL_CODES))
def test_every_step_that_names_a_ball_points_at_it(code):
    params = {}
    for name in TRAIL_CODES[code].params:
        params[name] = {"ball": "blue", "ball_on": "pink", "balls": ["red", "black"],
                        "to": "green_spot"}.get(name, 4)
    marks = step_marks({"code": code, "params": params})
    expected = [b for name, b in (("ball", "blue"), ("ball_on", "pink")) if name in params]
    expected += ["red", "black"] if "balls" in params else []
    if code.startswith("respotted_black_"):
        expected = ["black"]
    assert list(marks.balls) == expected
    assert ("green" in marks.spots) is ("to" in params)


@pytest.mark.parametrize("target", RESPOT_TARGETS)
def test_a_re_spot_points_at_the_spot_it_names_and_the_balls_own(target):
    marks = step_marks(
        {"code": "respot_highest_available", "params": {"ball": "black", "to": target}}
    )
    colour = target.removeprefix("above_").removeprefix("below_").removesuffix("_spot")
    assert marks == StepMarks(
        balls=("black",), spots=tuple(dict.fromkeys((colour, "black"))), respot="black"
    )


def test_a_step_naming_no_ball_or_spot_points_at_nothing():
    assert not step_marks({"code": "ball_on_red", "params": {}}).any
    assert not step_marks({"code": "turn_ends", "params": {"player": "A"}}).any
    assert step_marks({"code": "colour_nominated", "params": {"ball": "colour"}}) == StepMarks()


def test_re_spots_are_drawn_where_the_engine_put_them_or_not_at_all():
    decision = {"respots": [
        {"ball": "black", "to": "pink_spot", "position": [889.0, 2676.75]},
        {"ball": "pink", "to": "above_pink_spot", "position": [889.0, 2800.5]},
        {"ball": "blue", "to": "blue_spot", "position": None},
        {"ball": "brown", "to": "above_brown_spot", "position": None},
    ]}
    points = respot_points(decision)
    assert [(p["ball"], p["cx"], p["cy"]) for p in points] == [
        ("black", 2676.75, 889.0), ("pink", 2800.5, 889.0),
        ("blue", SPOTS["blue"][1], SPOTS["blue"][0]),
    ]
    assert respot_points({}) == [] and respot_points({"respots": "nonsense"}) == []


def feedback_of(client, scenario, language, answer):
    page = client.get(practice_url(scenario, language))
    return client.post(
        practice_url(scenario, language),
        {"token": token_of(page), "scenario": scenario.pk, **answer},
    )


@pytest.mark.parametrize("language", ["en", "fa", "pl"])
def test_the_question_sends_nothing_the_feedback_points_at_the_table(
    client, respotting_bank, language  # noqa: F811
):
    scenario = next(s for s in respotting_bank if s.ask == "respot")
    question = client.get(practice_url(scenario, language)).content.decode()
    for leak in ("data-respots", "data-balls=", "data-spots=", "data-respotted=", "respot-mark"):
        assert leak not in question
    html = feedback_of(client, scenario, language, {"respot": ":none"}).content.decode()
    decision = decide(scenario.case)
    sent = json.loads(unescape(re.search(r'data-respots="([^"]*)"', html).group(1)))
    assert sent == respot_points(decision)
    assert sent and sent[0]["ball"] == scenario.ask_ball
    steps = re.findall(r"<li([^>]*)><span class=\"rule\">", html)
    assert len(steps) == len(decision["trail"])
    pointed = [step for step in steps if f'data-respotted="{scenario.ask_ball}"' in step]
    assert len(pointed) == 1  # the step that says where it goes
    with translation.override(language):
        hint = translation.gettext(
            "Point at a step, or move to it with the Tab key, to see on the table what it names."
        )
    assert unescape(hint) in unescape(html)
    if language != "en":
        assert not hint.startswith("Point at")
