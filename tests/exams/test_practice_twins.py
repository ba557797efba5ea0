"""An exam's family draw never gives a practice scenario's situation (exams/families.py,
quiz/selectors.py PracticeSituations): the closed book holds for generated questions too."""

from __future__ import annotations

import pytest

from exams import families
from quiz.families.instances import build_instance
from quiz.families.spec import Family
from quiz.models import Audience, Scenario, Topic
from quiz.selectors import practice_situations

pytestmark = pytest.mark.django_db

#: A family with two answers: a red or the pink struck first, 1 to 4 reds, any score.
FAMILY = Family.from_dict({
    "slug": "first-contact", "topic": "penalties", "ask": ["legal"], "difficulty": 1,
    "audience": "exam",
    "parameters": {
        "reds": {"range": [1, 4]}, "first": {"choice": [["red"], ["pink"]]},
        "score": {"range": [0, 60]},
    },
    "case": {
        "state": {"reds": {"$": "reds"}, "ball_on": "red", "scores": {"A": {"$": "score"}, "B": 0}},
        "stroke": {"first_contact": {"$": "first"}},
    },
})


def practise(case: dict, *, slug: str, ask: str = "legal") -> Scenario:
    topic, _ = Topic.objects.get_or_create(slug="penalties", defaults={"title": "Penalties"})
    return Scenario.objects.create(
        slug=slug, topic=topic, difficulty=1, ask=ask, published=True,
        audience=Audience.PRACTICE, case={"id": slug, **case}, title="t", narrative="n",
        question="q",
    )


def first_draw(*, attempt_id: int, position: int):
    seed = families.question_seed(attempt_id=attempt_id, position=position)
    return build_instance(family=FAMILY, seed=seed)


def test_a_practice_case_with_other_scores_is_the_instance_s_twin():
    instance = build_instance(family=FAMILY, seed=3)
    case = {key: value for key, value in instance.case.items() if key != "id"}
    case["state"] = {**case["state"], "scores": {"A": 99, "B": 12}}
    practise(case, slug="same-stroke-other-scores")
    found = practice_situations().twin(case=instance.case, ask="legal", ask_ball="")
    assert found == "same-stroke-other-scores"


def test_a_practice_case_with_another_ruling_is_no_twin():
    instance = build_instance(family=FAMILY, seed=3)
    other = "pink" if instance.case["stroke"]["first_contact"] == ["red"] else "red"
    case = {key: value for key, value in instance.case.items() if key != "id"}
    case["stroke"] = {"first_contact": [other]}
    practise(case, slug="other-ball-first")
    assert practice_situations().twin(case=instance.case, ask="legal", ask_ball="") is None


def test_the_draw_passes_over_an_instance_a_trainee_has_practised(settings):
    drawn = families.exam_instance(family=FAMILY, attempt_id=7, position=1, ruleset="wpbsa-2007")
    assert drawn.seed == first_draw(attempt_id=7, position=1).seed
    case = {key: value for key, value in drawn.case.items() if key != "id"}
    practise(case, slug="practised-first-draw")

    again = families.exam_instance(family=FAMILY, attempt_id=7, position=1, ruleset="wpbsa-2007")

    assert again.seed != drawn.seed
    assert again.answer != drawn.answer  # the only other situation of this family
    assert practice_situations().twin(case=again.case, ask="legal", ask_ball="") is None


def _diagram(*, white: list[float]) -> dict:
    """A practice case with a diagram: 2 reds, every colour on its spot, a red struck first
    (fair whether or not the cue ball touches a red: the ruling does not tell them apart)."""
    return {
        "format": "snooker-referee-case/1",
        "state": {"ball_on": "red", "scores": {"A": 0, "B": 0}, "positions": {
            "white": white, "red": [[1100, 2950], [1550, 1900]],
            "yellow": [1181, 737], "green": [597, 737], "brown": [889, 737],
            "blue": [889, 1784.5], "pink": [889, 2676.75], "black": [889, 3245]}},
        "stroke": {"first_contact": ["red"]},
    }  # fmt: skip


def _red_first():
    """An instance of two reds with a red struck first (a fair stroke)."""
    instances = (build_instance(family=FAMILY, seed=seed) for seed in range(100))
    return next(
        i for i in instances
        if i.case["stroke"]["first_contact"] == ["red"] and i.case["state"]["reds"] == 2
    )  # fmt: skip


def test_a_practice_case_touching_only_in_its_diagram_is_no_twin_of_a_free_cue_ball():
    instance = _red_first()
    practise(_diagram(white=[1100, 2897.5]), slug="touching-in-the-diagram")
    assert len(practice_situations().by_outline) == 1  # the engine reads the case
    assert practice_situations().twin(case=instance.case, ask="legal", ask_ball="") is None


def test_the_same_diagram_with_the_cue_ball_free_is_the_twin():
    instance = _red_first()
    practise(_diagram(white=[1100, 2600]), slug="free-in-the-diagram")
    found = practice_situations().twin(case=instance.case, ask="legal", ask_ball="")
    assert found == "free-in-the-diagram"


def _snooker_diagram(*, white: list[float]) -> dict:
    """A practice case with a diagram: 2 reds up the table, every colour on its spot, the
    pink struck first (a foul whether or not the cue ball is snookered), no path stated."""
    return {
        "format": "snooker-referee-case/1",
        "state": {"ball_on": "red", "scores": {"A": 0, "B": 0}, "positions": {
            "white": white, "red": [[850, 2300], [930, 2200]],
            "yellow": [1181, 737], "green": [597, 737], "brown": [889, 737],
            "blue": [889, 1784.5], "pink": [889, 2676.75], "black": [889, 3245]}},
        "stroke": {"first_contact": ["pink"]},
    }  # fmt: skip


def _pink_first():
    """An instance of two reds with the pink struck first (a foul), no path stated: in the
    engine's eyes a full path to the reds."""
    instances = (build_instance(family=FAMILY, seed=seed) for seed in range(100))
    return next(
        i for i in instances
        if i.case["stroke"]["first_contact"] == ["pink"] and i.case["state"]["reds"] == 2
    )  # fmt: skip


def test_a_practice_case_snookered_only_in_its_diagram_is_no_twin_of_a_clear_view():
    instance = _pink_first()
    practise(_snooker_diagram(white=[889, 3320]), slug="snookered-behind-the-black")
    assert len(practice_situations().by_outline) == 1  # the engine reads the case
    assert practice_situations().twin(case=instance.case, ask="legal", ask_ball="") is None


def test_the_same_diagram_in_clear_view_is_the_twin():
    instance = _pink_first()
    practise(_snooker_diagram(white=[889, 2000]), slug="clear-view-in-the-diagram")
    found = practice_situations().twin(case=instance.case, ask="legal", ask_ball="")
    assert found == "clear-view-in-the-diagram"


def test_an_instance_stating_the_snooker_is_the_twin_of_the_diagram():
    instance = _pink_first()
    case = {**instance.case, "stroke": {**instance.case["stroke"], "path_to_ball_on": "none"}}
    practise(_snooker_diagram(white=[889, 3320]), slug="snookered-in-the-diagram")
    assert practice_situations().twin(case=case, ask="legal", ask_ball="") == (
        "snookered-in-the-diagram"
    )
