"""quiz/families/spec.py: reading families and drawing their parameters."""

import json
import random

import pytest

from quiz.families.drawing import draw
from quiz.families.spec import FACTS, Family, FamilyError, fill, load_families


def family(**changes):
    data = {
        "slug": "x",
        "topic": "penalties",
        "ask": ["penalty"],
        "difficulty": 1,
        "parameters": {"n": {"range": [1, 3]}},
        "case": {"state": {"reds": {"$": "n"}}},
    }
    data.update(changes)
    return Family.from_dict(data)


def test_the_fixtures_hold_sound_families_with_unique_slugs():
    families = load_families()
    assert len(families) >= 6
    assert len({f.slug for f in families}) == len(families)
    assert {f.topic for f in families} >= {"penalties", "miss", "free-ball", "respotting"}
    assert all(set(f.states) <= set(FACTS) for f in families)


def test_a_family_without_a_case_or_with_an_unknown_field_is_refused():
    with pytest.raises(FamilyError, match="missing case"):
        Family.from_dict({"slug": "x", "topic": "t", "ask": ["penalty"], "difficulty": 1})
    with pytest.raises(FamilyError, match="unknown field"):
        family(colour="blue")
    with pytest.raises(FamilyError, match="unknown fact"):
        family(states=["weather"])


def test_a_fixture_that_is_not_a_list_is_refused(tmp_path):
    path = tmp_path / "f.json"
    path.write_text(json.dumps({"families": []}))
    with pytest.raises(FamilyError, match="a list of families"):
        load_families(paths=[path])


def test_the_same_seed_draws_the_same_values_and_others_vary():
    f = family(parameters={"n": {"range": [0, 1000]}, "c": {"choice": ["a", "b", "c"]}})
    assert draw(family=f, rng=random.Random(1)) == draw(family=f, rng=random.Random(1))
    assert len({draw(family=f, rng=random.Random(s))["n"] for s in range(20)}) > 10


def test_operands_sum_join_first_and_fill_choices():
    f = family(
        parameters={
            "a": {"choice": [["pink"]]},
            "b": {"sample": ["blue", "black"], "size": [2, 2]},
            "all": {"$join": [{"$": "a"}, {"$": "b"}, {"$": "a"}]},
            "top": {"$first": {"$": "b"}},
            "n": {"range": [1, 1]},
            "m": {"$sum": [{"$": "n"}, 2]},
            "c": {"choice": [[{"$": "top"}]]},
        }
    )
    values = draw(family=f, rng=random.Random(0))
    assert values["all"] == ["pink", "blue", "black"]
    assert values["top"] == "blue" and values["m"] == 3 and values["c"] == ["blue"]
    assert fill(template={"x": [{"$": "m"}]}, values=values) == {"x": [3]}


def test_an_unknown_parameter_or_an_empty_range_is_a_family_error():
    with pytest.raises(FamilyError, match="unknown parameter"):
        fill(template={"$": "nope"}, values={})
    with pytest.raises(FamilyError, match="empty range"):
        draw(family=family(parameters={"n": {"range": [3, 1]}}), rng=random.Random(0))


def test_a_field_whose_value_is_none_is_left_out_of_the_case():
    template = {"stroke": {"first_contact": ["red"], "nominated": {"$": "nominated"}}}
    assert fill(template=template, values={"nominated": None}) == {
        "stroke": {"first_contact": ["red"]}
    }


def test_a_stored_family_keeps_its_parameters_order_when_the_database_sorts_keys():
    """PostgreSQL's jsonb sorts an object's keys: the stored order gives the same instance."""
    from quiz.families.instances import build_instance
    from quiz.families.spec import stored

    family = next(f for f in load_families() if len(f.parameters) > 2)
    kept = stored(family.raw)
    sorted_keys = {**kept, "parameters": dict(sorted(kept["parameters"].items(), reverse=True))}
    again = Family.from_dict(sorted_keys)
    assert list(again.parameters) == list(family.parameters)
    assert build_instance(family=again, seed=5).case == build_instance(family=family, seed=5).case


def test_a_stored_order_that_misses_a_parameter_is_refused():
    family = next(f for f in load_families() if len(f.parameters) > 2)
    broken = {**family.raw, "parameter_order": list(family.parameters)[1:]}
    with pytest.raises(FamilyError, match="parameter_order"):
        Family.from_dict(broken)
