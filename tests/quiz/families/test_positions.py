"""quiz/families/positions.py: positions by recipe, drawn from the seed, geometry kept."""

import random
from pathlib import Path

import pytest
from django.utils import translation

import rules_engine
from quiz.families import positions
from quiz.families.check import check_family
from quiz.families.instances import ConstraintProblem, build_instance
from quiz.families.narratives import narrate
from quiz.families.spec import FamilyError, is_place, load_families
from rules_engine.table import BALL_DIAMETER, SPOTS, TABLE_LENGTH

BAD = {f.slug: f for f in load_families(paths=[Path(__file__).parent / "data" / "positions.json"])}
PLACED = [f for f in load_families() if any(is_place(p) for p in f.parameters.values())]


def _engine_path(case):
    loaded = rules_engine.load_case(case)
    facts = rules_engine.referee_for(loaded.ruleset).geometric_facts(loaded.state, loaded.stroke)
    return facts.path_to_ball_on, facts.snookered_after


@pytest.mark.parametrize(
    "recipe",
    [
        {"spot": "pink"},
        {"near": "black", "within": 30},
        {"touching": "blue"},
        {"cushion": "top"},
        {"pack": 7},
        "anywhere",
        {"anywhere": {"y": [0, 700]}, "count": 3},
    ],
    ids=str,
)
def test_a_recipe_gives_the_same_place_for_the_same_seed(recipe):
    first = positions.place(recipe, rng=random.Random(11), placed=[], values={})
    assert first == positions.place(recipe, rng=random.Random(11), placed=[], values={})
    assert first != positions.place(recipe, rng=random.Random(12), placed=[], values={}) or (
        recipe == {"spot": "pink"}
    )


def test_each_recipe_keeps_its_geometry():
    rng = random.Random(5)
    near = positions.place({"near": "black", "within": 30}, rng=rng, placed=[], values={})
    assert BALL_DIAMETER < positions.distance(near, SPOTS["black"]) <= BALL_DIAMETER + 30
    touching = positions.place({"touching": "blue"}, rng=rng, placed=[], values={})
    assert positions.distance(touching, SPOTS["blue"]) == pytest.approx(BALL_DIAMETER, abs=0.05)
    top = positions.place({"cushion": "top"}, rng=rng, placed=[], values={})
    assert top[1] == TABLE_LENGTH - BALL_DIAMETER / 2
    pack = positions.place({"pack": 15}, rng=rng, placed=[], values={})
    assert len(pack) == 15 and all(p[1] > SPOTS["pink"][1] + BALL_DIAMETER for p in pack)
    box = positions.place({"anywhere": {"y": [0, 700]}, "count": 4}, rng=rng, placed=[], values={})
    assert len(box) == 4 and all(p[1] <= 700 for p in box)
    assert all(
        positions.distance(a, b) >= BALL_DIAMETER + positions.CLEARANCE
        for i, a in enumerate(box)
        for b in box[i + 1 :]
    )


def test_a_ball_is_never_placed_on_another():
    taken = [list(SPOTS["black"])]
    with pytest.raises(positions.PlacementMiss):
        positions.place({"spot": "black"}, rng=random.Random(1), placed=taken, values={})
    point = positions.place(
        {"near": "black", "within": 5}, rng=random.Random(1), placed=taken, values={}
    )
    assert positions.distance(point, SPOTS["black"]) > BALL_DIAMETER


def test_at_least_eight_families_give_positions():
    assert len(PLACED) >= 8


@pytest.mark.parametrize("family", PLACED, ids=lambda f: f.slug)
def test_the_kept_fact_is_what_the_engine_computes(family):
    keeps = {name: spec["keep"] for name, spec in family.parameters.items() if "keep" in spec}
    for seed in range(12):
        instance = build_instance(family=family, seed=seed)
        assert instance == build_instance(family=family, seed=seed)
        path, snookered_after = _engine_path(instance.case)
        for keep in keeps.values():
            if "path_to_ball_on" in keep:
                assert path == instance.values[keep["path_to_ball_on"]["$"]]
            if "snookered_after" in keep:
                assert snookered_after == instance.values[keep["snookered_after"]["$"]]
        if "positions" in instance.case["state"]:
            assert instance.geometry["path_to_ball_on"] == path


def test_the_narrative_states_the_path_the_diagram_gives():
    family = next(f for f in PLACED if f.slug == "miss-snookered-diagram")
    for seed in range(6):
        instance = build_instance(family=family, seed=seed)
        path, _ = _engine_path(instance.case)
        with translation.override("en"):
            story = narrate(instance=instance)
        wanted = {
            "full": "is not snookered",
            "partial": "is partly snookered",
            "none": "is snookered: no straight line",
        }[path]
        assert any(wanted in sentence for sentence in story.sentences)
        assert "positions" in story.facts


def test_planted_bad_recipes_are_refused():
    with pytest.raises(FamilyError, match="unknown recipe"):
        build_instance(family=BAD["planted-unknown-recipe"], seed=0)
    with pytest.raises(FamilyError, match="unknown fact 'angle'"):
        build_instance(family=BAD["planted-unknown-keep"], seed=0)
    with pytest.raises(ConstraintProblem):
        build_instance(family=BAD["planted-fact-never-kept"], seed=0)


def test_a_family_stating_geometry_by_hand_is_reported():
    report = check_family(family=BAD["planted-path-by-hand"], n=3)
    assert report.problems["states path_to_ball_on by hand although the case places the balls"]
    assert not any("by hand" in p for f in PLACED for p in check_family(family=f, n=2).problems)


@pytest.mark.parametrize(
    "recipe",
    [
        {"near": "pink", "within": "far"},
        {"cushion": "top", "along": "x"},
        {"pack": "many"},
        {"spot": "purple"},
        {"anywhere": {"y": [1]}},
        {"touching": {"$": "nowhere"}},
    ],
    ids=str,
)
def test_a_malformed_recipe_is_a_family_error_not_a_crash(recipe):
    with pytest.raises(FamilyError):
        positions.place(recipe, rng=random.Random(2), placed=[], values={})


def test_a_malformed_keep_is_a_family_error():
    with pytest.raises(FamilyError):
        positions.kept(["path_to_ball_on"], facts={"path_to_ball_on": "full"}, values={})
