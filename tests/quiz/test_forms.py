"""AnswerForm: choices from the domain, per ask kind; tampered input rejected clearly."""

from __future__ import annotations

import pytest
from django.utils import translation

import rules_engine
from quiz import asks
from quiz.forms import AnswerForm, SelfTestForm
from tests.conftest import RIGHT_ANSWERS

pytestmark = pytest.mark.django_db


def choice_values(form, name):
    return [value for value, _label in form.fields[name].choices]


def test_fields_follow_the_ask(bank):
    assert list(AnswerForm(scenario=bank["t-legal-in-off"]).fields) == ["scenario", "legal"]
    assert list(AnswerForm(scenario=bank["t-next-miss"]).fields) == [
        "scenario",
        "next_striker",
        "next_options",
    ]
    decision_fields = list(AnswerForm(scenario=bank["t-decision-pink"]).fields)
    assert decision_fields[-1] == "respot"
    assert {"points_side", "points_amount", "calls", "ball_on"} <= set(decision_fields)


def test_choices_come_from_the_domain(bank):
    form = AnswerForm(scenario=bank["t-decision-pink"])
    assert choice_values(form, "penalty") == ["0", "4", "5", "6", "7"]
    assert choice_values(form, "calls") == list(rules_engine.CALLS)
    assert choice_values(form, "next_options") == list(rules_engine.NEXT_OPTIONS)
    assert choice_values(form, "respot") == [*rules_engine.RESPOT_TARGETS, asks.NOT_RESPOTTED]
    assert choice_values(form, "ball_on") == [
        "red",
        "colour",
        *rules_engine.COLOURS,
        asks.NO_BALL_ON,
    ]
    assert choice_values(form, "next_striker") == ["A", "B", asks.LOT, asks.FRAME_OVER]
    assert choice_values(form, "points_side") == ["A", "B", asks.NOBODY]


def test_striker_choices_use_the_case_players(bank):
    scenario = bank["t-next-miss"]
    scenario.case = {**scenario.case, "state": {**scenario.case["state"], "players": ["Ann", "Bo"]}}
    form = AnswerForm(scenario=scenario)
    assert choice_values(form, "next_striker")[:2] == ["Ann", "Bo"]


def test_no_choice_is_preselected(bank):
    for scenario in bank.values():
        form = AnswerForm(scenario=scenario)
        assert "checked" not in form.as_div(), scenario.slug


def test_valid_answer_is_json_ready(bank, answer_data):
    scenario = bank["t-decision-pink"]
    answer = RIGHT_ANSWERS["t-decision-pink"]
    form = AnswerForm(scenario=scenario, data=answer_data(scenario, answer))
    assert form.is_valid(), form.errors
    assert form.answer == answer


def test_points_nobody(bank, answer_data):
    scenario = bank["t-points-pink"]
    form = AnswerForm(scenario=scenario, data=answer_data(scenario, {"points": {}}))
    assert form.is_valid(), form.errors
    assert form.answer == {"points": {}}


def test_points_in_persian_digits(bank):
    scenario = bank["t-points-pink"]
    form = AnswerForm(
        scenario=scenario, data={"scenario": scenario.pk, "points_side": "A", "points_amount": "۶"}
    )
    assert form.is_valid(), form.errors
    assert form.answer == {"points": {"A": 6}}


def test_points_side_without_amount_is_refused(bank):
    scenario = bank["t-points-pink"]
    form = AnswerForm(
        scenario=scenario, data={"scenario": scenario.pk, "points_side": "A", "points_amount": ""}
    )
    assert not form.is_valid()
    assert "points_amount" in form.errors


def test_unknown_choice_is_refused_in_the_readers_language(bank):
    scenario = bank["t-penalty-in-off"]
    with translation.override("fr"):
        form = AnswerForm(scenario=scenario, data={"scenario": scenario.pk, "penalty": "3"})
        assert not form.is_valid()
        message = form.errors["penalty"][0]
    assert message != "That is not one of the choices."
    assert message  # a French sentence from the catalogue


def test_answer_for_another_scenario_is_refused(bank):
    scenario = bank["t-legal-in-off"]
    other = bank["t-legal-red-potted"]
    form = AnswerForm(scenario=scenario, data={"scenario": other.pk, "legal": "foul"})
    assert not form.is_valid()
    assert "another question" in form.errors["scenario"][0]


@pytest.mark.parametrize("missing", ["scenario", "legal"])
def test_missing_field_is_refused(bank, missing):
    scenario = bank["t-legal-in-off"]
    data = {"scenario": scenario.pk, "legal": "foul"}
    del data[missing]
    form = AnswerForm(scenario=scenario, data=data)
    assert not form.is_valid()
    assert missing in form.errors


def test_answer_of_an_invalid_form_raises(bank):
    scenario = bank["t-legal-in-off"]
    form = AnswerForm(scenario=scenario, data={})
    with pytest.raises(ValueError, match="not valid"):
        _ = form.answer  # a property: reading it is the call under test


def test_prefix_keeps_forms_apart(bank, answer_data):
    scenario = bank["t-legal-in-off"]
    form = AnswerForm(
        scenario=scenario, data=answer_data(scenario, {"legal": False}, prefix="q1"), prefix="q1"
    )
    assert form.is_valid(), form.errors
    assert form.answer == {"legal": False}


def test_self_test_form_refuses_other_lengths(bank):
    form = SelfTestForm(data={"language": "en", "length": "15", "topics": []})
    assert not form.is_valid()
    assert {"length", "topics"} <= set(form.errors)


@pytest.mark.parametrize(
    ("language", "ball_name"),
    [("en", "Blue"), ("fr", "Bleue"), ("ru", "Синий"), ("fa", "آبی"), ("pl", "Niebieska")],
)
def test_the_respot_field_names_its_ball(bank, language, ball_name):
    scenario = next(s for s in bank.values() if s.ask_ball == "blue")
    with translation.override(language):
        label = str(AnswerForm(scenario=scenario).fields["respot"].label)
    assert label.startswith(f"{ball_name} — ")
