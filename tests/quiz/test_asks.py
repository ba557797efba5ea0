"""Points taken off a side (2014 3.3(g)(iv): a colour played before it was spotted is not
scored) read as such wherever a decision's points are shown, in five languages; and the
answer's points field says which points it can give."""

from __future__ import annotations

import pytest
from django.template.loader import render_to_string
from django.utils import translation

from quiz import asks
from quiz.editions import rulings
from quiz.forms import AnswerForm, answer_initial
from quiz.grading import grade
from quiz.models import Scenario, Topic

#: The striker potted the blue, then struck before it was spotted (a red potted too).
EARLY_STROKE = {
    "format": "snooker-referee-case/1", "id": "early-stroke", "ruleset": "wpbsa-2014",
    "state": {"reds": 5, "scores": {"A": 40, "B": 20}, "unspotted_colour": "blue"},
    "stroke": {"first_contact": ["red"], "potted": ["red"], "infringements": ["early_stroke:blue"]},
}  # fmt: skip

TAKEN_OFF = {
    "en": ("A: minus 5 points and B: 5 points", "A: minus 1 point"),
    "fr": ("A\u00a0: moins 5 points et B\u00a0: 5 points", "A\u00a0: moins 1 point"),
    "ru": ("A: минус 5 очков и B: 5 очков", "A: минус 1 очко"),
    "fa": ("A: منهای ۵ امتیاز و B\u200f: ۵ امتیاز", "A: منهای ۱ امتیاز"),  # RLM: B before ۵
    "pl": ("A: minus 5 punktów i B: 5 punktów", "A: minus 1 punkt"),
}


@pytest.mark.parametrize("language", sorted(TAKEN_OFF))
def test_points_taken_off_read_as_minus_with_the_right_plural(language) -> None:
    with translation.override(language):
        both = asks.describe("points", {"A": -5, "B": 5})
        one = asks.describe("points", {"A": -1})
    assert (both, one) == TAKEN_OFF[language]


@pytest.mark.parametrize("language", sorted(TAKEN_OFF))
def test_points_gained_read_as_before(language) -> None:
    with translation.override(language):
        gained = asks.describe("points", {"B": 5})
        minus = asks.side_points("B", -5)
    assert gained.startswith("B") and "-" not in gained
    assert gained != minus


def test_a_missing_amount_is_a_dash() -> None:
    with translation.override("en"):
        assert asks.describe("points", {"A": None}) == "A: —"


@pytest.mark.parametrize(
    ("points", "answerable"),
    [({}, True), ({"B": 5}, True), ({"A": -5, "B": 5}, False), ({"A": 1, "B": 4}, False)],
)
def test_points_answerable(points, answerable) -> None:
    assert asks.points_answerable(points) is answerable


@pytest.mark.parametrize(
    ("points", "answerable"), [({}, True), ({"B": 5}, True), ({"A": -5}, False)]
)
def test_the_answer_form_gives_exactly_the_answerable_points(db, points, answerable) -> None:
    """The form gives one side's gain, or nobody: points taken off a side it cannot give."""
    topic = Topic.objects.create(slug="t", order=1, title="T")
    scenario = Scenario.objects.create(slug="s", topic=topic, ask="points", case=EARLY_STROKE,
                                       title="x", narrative="x", question="x")  # fmt: skip
    form = AnswerForm(data={"scenario": scenario.pk, **answer_initial({"points": points})},
                      scenario=scenario)  # fmt: skip
    assert asks.points_answerable(points) is answerable
    assert form.is_valid() is answerable
    if answerable:
        assert form.answer == {"points": points}


# --- where a decision's points are shown -------------------------------------------------


def test_feedback_shows_points_taken_off(db) -> None:
    """The feedback of practice, self-tests and exam reviews (``quiz/_feedback.html``)."""
    scenario = Scenario(slug="early-stroke", ask="decision", ask_ball="", case=EARLY_STROKE)
    result = grade(scenario=scenario, answer={"points": {"B": 5}})
    points = next(field for field in result.fields if field.name == "points")
    assert not points.correct
    for language in ("en", "fa"):
        with translation.override(language):
            assert points.expected_text == TAKEN_OFF[language][0]
            page = render_to_string("quiz/_feedback.html", {"grade": result})
        assert TAKEN_OFF[language][0] in page
    assert "-5" not in page and "-۵" not in page


def test_rulings_side_by_side_show_points_taken_off_in_2014_only() -> None:
    with translation.override("en"):
        summaries = {r.ruleset: dict(r.summary()) for r in rulings(EARLY_STROKE)}
    assert summaries["wpbsa-2007"]["Points"] == "B: 5 points"
    assert summaries["wpbsa-2014"]["Points"] == "A: minus 5 points and B: 5 points"
