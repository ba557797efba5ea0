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
