"""A family's instance frozen as a practice :class:`~quiz.models.Scenario` (issue 21).

Practice, spaced review and self-tests serve scenarios; an instance drawn for them is stored
once, as a published practice scenario with its ``family`` and ``seed``, its title, narrative and
question told in every language (``quiz.families.narratives.narrate`` under each). Answers,
review cards and regrading then work on it as on any scenario; the engine's decision is never
stored (the case has no ``expect``). The same family and seed always give the same row.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterable
from typing import Any

from django.conf import settings
from django.utils import translation

from quiz.families.instances import Instance, build_instance
from quiz.families.narratives import narrate
from quiz.families.spec import Family as FamilySpec
from quiz.families.spec import FamilyError
from quiz.models import Audience, Family, Scenario

#: Seeds are drawn from 1 … SEED_LIMIT - 1 (a short slug, and few two trainees share).
SEED_LIMIT = 10**9
#: A seed whose parameter sets all break the constraints is rare: so many others are tried.
ATTEMPTS = 8


def spec_of(family: Family) -> FamilySpec:
    """The family's fixture entry, read as ``quiz.families`` reads it."""
    return FamilySpec.from_dict(family.spec)


def told_fields(instance: Instance, languages: Iterable[str] | None = None) -> dict[str, str]:
    """``title_<code>``, ``narrative_<code>``, ``question_<code>`` in ``languages`` (every
    language by default)."""
    codes = [code for code, _name in settings.LANGUAGES] if languages is None else languages
    fields: dict[str, str] = {}
    for code in codes:
        with translation.override(code):
            story = narrate(instance=instance)
        fields[f"title_{code}"] = story.title[:200]
        fields[f"narrative_{code}"] = story.what_happened
        fields[f"question_{code}"] = story.question
    return fields


def situation(scenario: Scenario) -> str:
    """The case (without its id) and the question, canonical, as ``Instance.situation``: two
    instances with the same situation are one question."""
    facts = {key: value for key, value in scenario.case.items() if key != "id"}
    return json.dumps([facts, scenario.ask, scenario.ask_ball], sort_keys=True)


def retold_fields(*, scenario: Scenario, languages: Iterable[str]) -> dict[str, str]:
    """The instance ``scenario`` froze, told in ``languages`` as the catalogues tell it now
    (``title_<code>`` …); ``{}`` when its family no longer builds that situation for its seed.

    The case is the instance's record: new words are only for the same situation (a family
    edited since may build another one for the seed, and words never describe another case).
    Computes only; the caller decides whether the words may change (``docs/families-in-
    practice.md``, "Wording").
    """
    if scenario.family_id is None or scenario.seed is None:
        return {}
    try:
        instance = build_instance(family=spec_of(scenario.family), seed=scenario.seed)
    except FamilyError:
        return {}
    if instance.situation != situation(scenario):
        return {}
    return told_fields(instance, languages)


def freeze_instance(*, family: Family, seed: int) -> Scenario:
    """The scenario of ``family``'s instance for ``seed``: found, or built, told and stored.

    Raises ``quiz.families.spec.FamilyError`` when the seed gives no sound instance.
    """
    found = Scenario.objects.filter(family=family, seed=seed).select_related("topic").first()
    if found is not None:
        return found
    instance = build_instance(family=spec_of(family), seed=seed)
    if Scenario.objects.filter(slug=str(instance.case["id"])).exists():
        # A hand-written scenario loaded before the family took this slug (load_scenarios
        # refuses one once the family exists): this seed is unusable, never overwritten.
        raise FamilyError(f"{instance.case['id']} is a hand-written scenario's slug")
    told = told_fields(instance)
    defaults: dict[str, Any] = {
        "slug": str(instance.case["id"]),
        "topic": family.topic,
        "difficulty": family.difficulty,
        "ask": instance.ask,
        "ask_ball": instance.ask_ball,
        "published": True,
        "audience": Audience.PRACTICE,
        "case": dict(instance.case),
        "title": told[f"title_{settings.LANGUAGE_CODE}"],
        "narrative": told[f"narrative_{settings.LANGUAGE_CODE}"],
        "question": told[f"question_{settings.LANGUAGE_CODE}"],
        **told,
    }
    # get_or_create: two requests freezing the same seed at once store one row.
    scenario, _created = Scenario.objects.get_or_create(family=family, seed=seed, defaults=defaults)
    return scenario


def draw_instance(
    *, family: Family, rng: random.Random | None = None, avoid: Scenario | None = None
) -> Scenario:
    """A new instance of ``family`` (a random seed), frozen; never the situation of ``avoid``.

    Raises ``FamilyError`` when no seed tried gives a sound instance.
    """
    rng = rng or random.SystemRandom()
    problem: FamilyError | None = None
    for _ in range(ATTEMPTS):
        seed = rng.randrange(1, SEED_LIMIT)
        try:
            scenario = freeze_instance(family=family, seed=seed)
        except FamilyError as error:
            problem = error
            continue
        if avoid is None or situation(scenario) != situation(avoid):
            return scenario
    raise problem or FamilyError(f"{family.slug}: no new instance in {ATTEMPTS} seeds")
