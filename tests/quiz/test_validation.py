"""quiz.validation: one scenario checked and stored by load_scenarios's own functions."""

from __future__ import annotations

import json

import pytest

from exams.selectors import federation_languages
from quiz import loading
from quiz.models import Scenario, Topic
from quiz.validation import scenario_problems, store_scenario

pytestmark = pytest.mark.django_db

LANGUAGES = ("en", "fr", "ru", "fa", "pl")


def fields(**changes):
    base = {
        "slug": "v-in-off", "topic": ["fouls"], "difficulty": 1, "ask": "penalty",
        "published": True,
        "case": {"format": "snooker-referee-case/1", "id": "v-in-off",
                 "state": {"reds": 0, "colours": ["green", "brown", "blue", "pink", "black"]},
                 "stroke": {"first_contact": ["green"], "cue_ball": "potted"},
                 "expect": {"penalty": 4}},
        **{f"{name}_{code}": f"{name} {code}" for name in ("title", "narrative", "question")
           for code in LANGUAGES},
    }
    return base | changes


@pytest.fixture(autouse=True)
def topic(db):
    return Topic.objects.create(slug="fouls", title="Fouls")


def test_a_good_scenario_is_stored_without_expect():
    assert store_scenario(fields=fields(), pool_languages=federation_languages) == []
    scenario = Scenario.objects.get(slug="v-in-off")
    assert "expect" not in scenario.case and scenario.title_pl == "title pl"


def test_problems_are_load_scenarios_own(tmp_path):
    bad = fields(title_fa="", difficulty=9,
                 case={**fields()["case"], "expect": {"penalty": 7}})
    problems = scenario_problems(fields=bad, pool_languages=federation_languages)
    path = tmp_path / "one.json"
    path.write_text(json.dumps([{"model": "quiz.scenario", "fields": bad}]))
    lines = loading.read_bank([path], pool_languages=federation_languages).problems
    assert [f"{path}: v-in-off: {p.path}: {p.message}" for p in problems] == lines
    assert {"title_fa", "difficulty", "case.expect.penalty"} <= {p.path for p in problems}
    assert store_scenario(fields=bad, pool_languages=federation_languages)
    assert not Scenario.objects.exists()


def test_a_bad_slug_is_a_problem_not_an_error():
    bad = fields(slug="no spaces")
    problems = scenario_problems(fields=bad, pool_languages=federation_languages)
    assert [p.path for p in problems] == ["slug"]


def test_the_studio_may_not_take_a_familys_instance_slug(db):
    from quiz.models import Family

    Family.objects.create(slug="v-family", topic=Topic.objects.get(slug="fouls"), spec={})
    reserved = fields(slug="v-family-17", case=fields()["case"] | {"id": "v-family-17"})
    problems = store_scenario(fields=reserved, pool_languages=federation_languages)
    assert [p.path for p in problems] == ["slug"]
    assert "reserved for family 'v-family'" in problems[0].message
    assert not Scenario.objects.filter(slug="v-family-17").exists()
