"""quiz/families/narratives.py: instances told in five languages."""

import re

import pytest
from django.utils import translation

from quiz.families.instances import build_instance
from quiz.families.narratives import narrate
from quiz.families.spec import load_families

FAMILIES = load_families()


@pytest.mark.parametrize("family", FAMILIES, ids=lambda f: f.slug)
def test_every_fact_the_answer_depends_on_is_stated(family):
    for seed in range(5):
        with translation.override("en"):
            story = narrate(instance=build_instance(family=family, seed=seed))
        assert set(family.states) <= set(story.facts)


@pytest.mark.parametrize("language", ["fr", "ru", "fa", "pl"])
def test_no_english_sentence_is_left_in_another_language(language):
    for family in FAMILIES:
        instance = build_instance(family=family, seed=2)
        with translation.override("en"):
            english = narrate(instance=instance)
        with translation.override(language):
            story = narrate(instance=instance)
        assert not {english.title, english.question, *english.sentences} & {
            story.title,
            story.question,
            *story.sentences,
        }


def test_persian_prose_has_persian_digits():
    instance = build_instance(family=FAMILIES[0], seed=4)
    with translation.override("fa"):
        story = narrate(instance=instance)
    assert not re.search(r"[0-9]", story.what_happened)


def test_the_title_never_names_the_ruling():
    words = re.compile(r"(?i)foul|miss|free ball|penalty|re-spot")
    for family in FAMILIES:
        with translation.override("en"):
            story = narrate(instance=build_instance(family=family, seed=1))
        assert not words.search(story.title)


def test_the_scores_and_the_snooker_after_the_stroke_are_stated_as_the_case_says():
    family = next(f for f in FAMILIES if f.slug == "free-ball-after-foul")
    for seed in range(6):
        instance = build_instance(family=family, seed=seed)
        with translation.override("en"):
            text = narrate(instance=instance).what_happened
        scores = instance.case["state"]["scores"]
        assert f"The score is A {scores['A']}, B {scores['B']}" in text
        assert (" is not snookered." not in text.split("After the stroke")[1]) == instance.case[
            "stroke"
        ]["snookered_after"]


def test_the_misses_already_called_and_the_nomination_are_stated():
    family = next(f for f in FAMILIES if f.slug == "miss-repeated-attempts")
    seen = set()
    for seed in range(12):
        instance = build_instance(family=family, seed=seed)
        with translation.override("en"):
            text = narrate(instance=instance).what_happened
        misses = instance.case["state"]["misses"]
        seen.add(misses)
        marker = ["for the first time", "one foul and a miss", "two fouls and a miss"][misses]
        assert marker in text
    assert seen == {0, 1, 2}
    family = next(f for f in FAMILIES if f.slug == "ball-on-after-stroke")
    for seed in range(12):
        instance = build_instance(family=family, seed=seed)
        with translation.override("en"):
            text = narrate(instance=instance).what_happened
        nominated = instance.case["stroke"].get("nominated")
        assert (f"nominates the {nominated}." in text) == bool(nominated)


def _told(slug, seeds, language="en"):
    family = next(f for f in FAMILIES if f.slug == slug)
    for seed in seeds:
        instance = build_instance(family=family, seed=seed)
        with translation.override(language):
            yield instance, narrate(instance=instance).what_happened


def test_the_edition_the_infringement_and_the_ball_forced_off_are_stated():
    editions = {"wpbsa-2007": "rules of 2007", "wpbsa-2014": "amended in 2014",
                "fr-club": "French club rules"}  # fmt: skip
    for instance, text in _told("miss-by-edition", range(9)):
        assert editions[instance.case["ruleset"]] in text
    for instance, text in _told("penalty-infringement-seen", range(9)):
        code = instance.case["stroke"]["infringements"][0]
        marker = {"jump_shot": "jump shot", "push_stroke": "push stroke",
                  "feet_off_floor": "feet off the floor", "double_hit": "twice"}  # fmt: skip
        assert marker.get(code, "with his hand") in text
    for instance, text in _told("penalty-forced-off", range(6)):
        ball = instance.case["stroke"]["off_table"][0]
        assert ("A red" if ball == "red" else f"The {ball}") + " is forced off the table." in text


def test_a_four_handed_frame_names_the_sides_and_the_order_of_play():
    for instance, text in _told("four-handed-next", range(4)):
        striker = instance.case["state"]["striker"]
        assert "side A is Ann and Cal, side B is Ben and Dee" in text
        assert f"{striker} is the striker" in text
    for _instance, text in _told("four-handed-next", range(2), language="fr"):
        assert "Jeu à quatre\u00a0: équipe A, Ann et Cal" in text


def test_the_spots_of_a_diagram_are_told_as_the_engine_finds_them():
    for instance, text in _told("respot-crowded-spots", range(12)):
        potted = instance.case["stroke"]["potted"][0]
        taken = potted in instance.geometry["occupied_spots"]
        assert (f"The spot of the {potted} is taken by another ball." in text) == taken
        assert "Every other colour stands on its own spot." in text


def test_only_the_black_left_is_one_sentence():
    for _instance, text in _told("last-black-decides", range(3)):
        assert text.startswith("Only the black remains on the table.")
    for _instance, text in _told("last-black-decides", range(2), language="ru"):
        assert text.startswith("На столе остался только чёрный.")


@pytest.mark.parametrize(
    ("language", "one", "several"),
    [
        ("en", "is taken by another ball", "are taken by other balls"),
        ("ru", "занята другим шаром", "заняты другими шарами"),
        ("pl", "jest zajęty przez inną bilę", "są zajęte przez inne bile"),
    ],
)
def test_the_spots_taken_by_other_balls_are_one_sentence(language, one, several):
    seen = set()
    for instance, text in _told("respot-forced-off", range(12), language=language):
        taken = len(instance.case["state"]["occupied_spots"])
        assert text.count(one) + text.count(several) == (1 if taken else 0)
        assert (several in text) == (taken > 1)
        seen.add(min(taken, 2))
    assert seen == {1, 2}


@pytest.mark.parametrize(
    ("language", "sentence"),
    [
        ("en", "One red remains on the table."),
        ("fr", "Il reste une rouge sur la table."),
        ("ru", "На столе остался один красный."),
        ("pl", "Na stole została jedna Czerwona."),
    ],
)
def test_one_red_left_is_said_in_words(language, sentence):
    seen = 0
    for family in FAMILIES:
        for seed in range(4):
            instance = build_instance(family=family, seed=seed)
            state = instance.case.get("state", {})
            positions = state.get("positions")
            reds = state.get("reds", len(positions.get("red", ())) if positions else 15)
            if reds != 1:
                continue
            with translation.override(language):
                assert sentence in narrate(instance=instance).sentences
            seen += 1
    assert seen


def test_a_stalemate_tells_who_must_agree_and_a_touching_ball_without_a_stroke():
    seen = set()
    for instance, text in _told("stalemate-restart", range(60)):
        state, procedure = instance.case["state"], instance.case["procedure"]
        four = len(state["players"]) == 4
        agreed = ("All four players agree" if four else "Both players agree") in text
        refused = ("four players are not all" if four else "players are not both") in text
        assert agreed == procedure["all_agree_restart"] != refused
        if "touching" in state:
            assert "declared a touching ball" in text and "plays away" not in text
        seen.add((four, procedure["all_agree_restart"], "touching" in state))
    assert len(seen) == 8  # every combination drawn in 60 seeds
