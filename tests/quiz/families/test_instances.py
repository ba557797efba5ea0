"""quiz/families/instances.py: family + seed -> a checked instance."""

from pathlib import Path

import pytest

import rules_engine
from quiz.families.constraints import failing
from quiz.families.instances import CaseProblem, ConstraintProblem, build_instance
from quiz.families.spec import load_families

BAD = load_families(paths=[Path(__file__).parent / "data" / "bad.json"])


@pytest.mark.parametrize("family", load_families(), ids=lambda f: f.slug)
def test_instances_are_reproducible_load_and_meet_the_constraints(family):
    for seed in range(15):
        instance = build_instance(family=family, seed=seed)
        assert instance == build_instance(family=family, seed=seed)
        case = rules_engine.load_case(instance.case)
        assert rules_engine.judge(case).to_dict() == instance.decision
        assert (
            failing(
                constraints=family.constraints, values=instance.values, decision=instance.decision
            )
            == []
        )
        assert instance.ask in family.ask


def test_different_seeds_give_different_situations():
    family = load_families()[0]
    assert len({build_instance(family=family, seed=s).situation for s in range(30)}) > 20


def test_a_case_the_engine_refuses_is_a_case_problem():
    with pytest.raises(CaseProblem, match="does not load"):
        build_instance(family=next(f for f in BAD if f.slug == "planted-bad-case"), seed=1)


def test_constraints_that_never_hold_are_a_constraint_problem():
    with pytest.raises(ConstraintProblem, match="meets the constraints"):
        build_instance(
            family=next(f for f in BAD if f.slug == "planted-impossible-constraint"), seed=1
        )


def test_the_answer_is_the_asked_part_of_the_decision():
    family = next(f for f in load_families() if f.slug == "respot-occupied-spots")
    answers = {build_instance(family=family, seed=s).answer["respot"] for s in range(60)}
    assert ":none" in answers and "black_spot" in answers
