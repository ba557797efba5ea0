"""Grading runs the engine on the case and compares the answer field by field."""

from __future__ import annotations

import pytest

from quiz import asks
from quiz.grading import expected_answer, grade
from tests.conftest import RIGHT_ANSWERS

pytestmark = pytest.mark.django_db

WRONG = {
    "t-legal-in-off": {"legal": True},
    "t-legal-red-potted": {"legal": False},
    "t-penalty-in-off": {"penalty": 7},
    "t-points-pink": {"points": {"B": 6}},
    "t-calls-miss": {"calls": ["foul"]},
    "t-next-miss": {"next_striker": "A", "next_options": ["play"]},
    "t-ball-on-red-potted": {"ball_on": "red"},
    "t-respot-blue": {"respot": "blue_spot"},
    "t-calls-third-miss": {"calls": ["foul", "miss"]},
    "t-next-third-miss": {"next_striker": "B", "next_options": ["play"]},
}


@pytest.mark.parametrize("slug", sorted(RIGHT_ANSWERS))
def test_right_answer_scores_one(bank, slug):
    result = grade(scenario=bank[slug], answer=RIGHT_ANSWERS[slug])
    assert result.score == 1.0
    assert result.correct
    assert all(field.correct for field in result.fields)
    assert result.decision["case"] == slug


@pytest.mark.parametrize("slug", sorted(WRONG))
def test_wrong_answer_scores_zero(bank, slug):
    result = grade(scenario=bank[slug], answer=WRONG[slug])
    assert result.score == 0.0
    assert not result.correct
    assert any(not field.correct for field in result.fields)


def test_every_ask_kind_is_covered_by_the_test_bank(bank):
    asked = {scenario.ask for scenario in bank.values()}
    assert asked == set(asks.Ask.values)


def test_calls_compare_as_a_set(bank):
    result = grade(scenario=bank["t-calls-miss"], answer={"calls": ["miss", "foul"]})
    assert result.correct


def test_next_question_is_wrong_when_only_the_options_are_wrong(bank):
    result = grade(
        scenario=bank["t-next-miss"], answer={"next_striker": "B", "next_options": ["play"]}
    )
    assert result.score == 0.0
    assert [field.correct for field in result.fields] == [True, False]


def test_frame_over_does_not_grade_options(bank):
    result = grade(
        scenario=bank["t-next-third-miss"],
        answer={"next_striker": asks.FRAME_OVER, "next_options": ["play", "offender_again"]},
    )
    assert result.correct
    assert [field.name for field in result.fields] == ["next_striker"]


FULL_PINK = RIGHT_ANSWERS["t-decision-pink"]


def test_full_decision_right_in_every_field(bank):
    result = grade(scenario=bank["t-decision-pink"], answer=FULL_PINK)
    assert [field.name for field in result.fields] == list(
        asks.field_names(ask="decision", ask_ball="pink")
    )
    assert result.score == 1.0


def test_full_decision_earns_partial_credit(bank):
    answer = dict(FULL_PINK, penalty=4, legal=False)
    result = grade(scenario=bank["t-decision-pink"], answer=answer)
    wrong = {field.name for field in result.fields if not field.correct}
    assert wrong == {"legal", "penalty"}
    assert result.score == pytest.approx(6 / 8)
    assert not result.correct


def test_missing_fields_are_wrong_not_errors(bank):
    result = grade(scenario=bank["t-decision-pink"], answer={"legal": True})
    # legal is right; an absent list of calls is "no call", which is right here too.
    assert {field.name for field in result.fields if field.correct} == {"legal", "calls"}
    assert result.score == pytest.approx(2 / 8)


def test_expected_answer_reads_respots_of_the_asked_ball_only():
    decision = {
        "legal": True,
        "respots": [{"ball": "pink", "to": "pink_spot"}, {"ball": "black", "to": "black_spot"}],
        "next": {"striker": None, "ball_on": None, "options": ["play"]},
        "frame": {"over": False},
    }
    assert expected_answer(decision=decision, ask="respot", ask_ball="black") == {
        "respot": "black_spot"
    }
    assert expected_answer(decision=decision, ask="next", ask_ball="") == {
        "next_striker": asks.LOT,
        "next_options": ["play"],
    }


def test_field_texts_are_readable(bank):
    result = grade(scenario=bank["t-points-pink"], answer={"points": {}})
    (field,) = result.fields
    assert field.label == "Points"
    assert field.given_text == "Nobody scores"
    assert "6" in field.expected_text


def test_every_grade_says_which_engine_gave_it(bank, monkeypatch):
    import rules_engine

    scenario = bank["t-legal-in-off"]
    result = grade(scenario=scenario, answer=RIGHT_ANSWERS["t-legal-in-off"])
    assert (result.ruleset, result.engine_version) == ("wpbsa-2007", rules_engine.__version__)
    monkeypatch.setattr(rules_engine, "__version__", "9.9.9")
    assert grade(scenario=scenario, answer={}).engine_version == "9.9.9"


def test_practice_and_self_test_answers_record_the_engine(bank):
    import uuid

    import rules_engine
    from quiz import services
    from quiz.models import SelfTest

    scenario = bank["t-legal-in-off"]
    stored, _ = services.record_practice_answer(
        scenario=scenario, answer=RIGHT_ANSWERS["t-legal-in-off"], token=uuid.uuid4(), user=None
    )
    assert (stored.ruleset, stored.engine_version) == ("wpbsa-2007", rules_engine.__version__)
    self_test = SelfTest.objects.create(language="en", length=10, scenario_ids=[scenario.pk])
    answer = services.answer_self_test(
        self_test=self_test, position=1, scenario=scenario, answer={"legal": True}
    )
    assert (answer.ruleset, answer.engine_version) == ("wpbsa-2007", rules_engine.__version__)
