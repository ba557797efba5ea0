"""Freezing a family's instance as a practice scenario (quiz.freezing)."""

from __future__ import annotations

import random

import pytest
from django.conf import settings
from django.utils import translation

from quiz.families.instances import build_instance
from quiz.families.narratives import narrate
from quiz.freezing import draw_instance, freeze_instance, situation, spec_of
from quiz.models import Audience, Scenario

pytestmark = pytest.mark.django_db


def test_the_same_family_and_seed_freeze_one_row_with_the_instance_told_in_every_language(
    families,
):
    family = families["penalty-first-contact"]
    first = freeze_instance(family=family, seed=41)
    again = freeze_instance(family=family, seed=41)
    assert again.pk == first.pk
    assert Scenario.objects.filter(family=family).count() == 1
    instance = build_instance(family=spec_of(family), seed=41)
    assert first.slug == "penalty-first-contact-41" and first.seed == 41
    assert first.case == dict(instance.case) and "expect" not in first.case
    assert (first.ask, first.topic, first.published, first.audience) == (
        "penalty",
        family.topic,
        True,
        Audience.PRACTICE,
    )
    for code, _name in settings.LANGUAGES:
        with translation.override(code):
            story = narrate(instance=instance)
        assert getattr(first, f"title_{code}") == story.title
        assert getattr(first, f"narrative_{code}") == story.what_happened
        assert getattr(first, f"question_{code}") == story.question
    assert first.narrative_fa != first.narrative_en and first.question_pl != first.question_en


def test_freezing_twice_from_a_fresh_database_gives_the_same_text(families):
    family = families["miss-by-scores"]
    frozen = freeze_instance(family=family, seed=5)
    words = {f"narrative_{code}": getattr(frozen, f"narrative_{code}") for code in ("en", "ru")}
    frozen.delete()
    again = freeze_instance(family=family, seed=5)
    assert again.pk != frozen.pk
    assert {name: getattr(again, name) for name in words} == words


def test_a_new_instance_is_never_the_situation_it_replaces(families):
    family = families["miss-by-scores"]
    before = freeze_instance(family=family, seed=3)
    rng = random.Random(0)
    for _ in range(10):
        drawn = draw_instance(family=family, rng=rng, avoid=before)
        assert situation(drawn) != situation(before)
        assert drawn.family_id == family.pk and drawn.seed is not None


def test_a_seed_whose_slug_a_hand_written_scenario_holds_is_refused_not_overwritten(
    bank, families
):
    from quiz.families.spec import FamilyError

    family = families["miss-by-scores"]
    written = bank["t-respot-blue"]
    # loaded before the family existed (load_scenarios refuses it once the family does)
    Scenario.objects.filter(pk=written.pk).update(slug="miss-by-scores-5")
    with pytest.raises(FamilyError, match="hand-written"):
        freeze_instance(family=family, seed=5)
    written.refresh_from_db()
    assert written.family_id is None and written.case == bank["t-respot-blue"].case
    assert not Scenario.objects.filter(family=family).exists()


# --- an instance told again as the catalogues tell it now (issue 25) ----------------------------


def test_retold_fields_tell_the_same_situation_as_the_catalogues_do_now(families):
    from quiz.freezing import retold_fields

    family = families["miss-by-scores"]
    frozen = freeze_instance(family=family, seed=3)
    Scenario.objects.filter(pk=frozen.pk).update(title_fr="Vieux titre", narrative_fr="Vieux récit")
    frozen.refresh_from_db()
    fields = retold_fields(scenario=frozen, languages=["fr", "fa"])
    with translation.override("fr"):
        story = narrate(instance=build_instance(family=spec_of(family), seed=3))
    assert fields["title_fr"] == story.title and fields["narrative_fr"] == story.what_happened
    names = ("title", "narrative", "question")
    assert set(fields) == {f"{name}_{code}" for name in names for code in ("fr", "fa")}
    assert frozen.title_fr == "Vieux titre"  # computed only: the row keeps its words


def test_retold_fields_never_describe_another_case(bank, families):
    from quiz.freezing import retold_fields

    frozen = freeze_instance(family=families["miss-by-scores"], seed=3)
    # the family edited since: its seed now builds another situation than the one frozen
    frozen.case = {**frozen.case, "state": {**frozen.case["state"], "reds": 99}}
    assert retold_fields(scenario=frozen, languages=["en"]) == {}
    assert retold_fields(scenario=bank["t-respot-blue"], languages=["en"]) == {}
