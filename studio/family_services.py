"""The family editor's writes: a family made from a scenario, its ranges, its JSON, publishing.

A ``FamilyDraft`` starts from a draft or a bank scenario: its case template is the scenario's
case (never its ``expect``) and nothing varies yet. Publishing runs ``check_families``'s own
check over :data:`PUBLISH_SEEDS` instances and ``load_families``'s own checks, refuses an exam
family any of whose instances is a practice scenario's situation (the loader's copy check,
``quiz/situations.py``), and stores the family with ``load_families``'s storing code.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.db import transaction

from federations.models import Federation
from quiz.families.check import check_family
from quiz.families.instances import build_instance
from quiz.families.loading import family_problems, store_families
from quiz.families.spec import FORMAT, FamilyError, parameters_in_order, stored
from quiz.families.spec import Family as FamilySpec
from quiz.models import Audience, Family, Scenario, Topic
from quiz.selectors import practice_situations
from studio import family_facts
from studio.models import Draft, FamilyAudience, FamilyDraft

#: The instances publishing builds and checks (``check_families`` builds 500 by default).
PUBLISH_SEEDS = 100
#: The fields kept beside ``FamilyDraft.spec`` (the editor's settings).
OWN_FIELDS = ("format", "slug", "topic", "ask", "difficulty", "audience")
#: A case's keys the family holds itself, or that a template never has.
CASE_SET_ASIDE = ("expect", "format", "id", "ruleset", "variants")
#: Errors a family's odd JSON may raise while it is built (a 500 is always a bug).
BUILD_ERRORS = (FamilyError, ValueError, TypeError, KeyError, IndexError, AttributeError)


def unique_slug(base: str) -> str:
    """``<base>-family`` (or with a number) that no family nor family draft uses yet."""
    stem = f"{base[:60]}-family"
    slug, number = stem, 1
    while FamilyDraft.objects.filter(slug=slug).exists() or Family.objects.filter(
        slug=slug
    ).exists():
        number += 1
        slug = f"{stem}-{number}"
    return slug


def _start(
    *, user: Any, source: Draft | Scenario, federation: Federation | None, audience: str,
    draft: Draft | None = None, scenario: Scenario | None = None,
) -> FamilyDraft:
    case = dict(source.case or {})
    spec: dict[str, Any] = {
        "description": "",
        "states": [],
        "parameters": {},
        "constraints": [],
        "case": {key: value for key, value in case.items() if key not in CASE_SET_ASIDE},
    }
    if source.ask_ball:
        spec["ask_ball"] = source.ask_ball
    if case.get("ruleset") and case["ruleset"] != "wpbsa-2007":
        spec["ruleset"] = case["ruleset"]
    if case.get("variants"):
        spec["variants"] = list(case["variants"])
    return FamilyDraft.objects.create(
        slug=unique_slug(source.slug), federation=federation, topic=source.topic,
        asks=[source.ask], difficulty=source.difficulty, audience=audience, spec=spec,
        draft=draft, scenario=scenario, created_by=user,
    )


def family_from_draft(*, draft: Draft, user: Any) -> FamilyDraft:
    """A new family whose case template is the draft's case; nothing varies yet."""
    audience = FamilyAudience.EXAM if draft.audience == Audience.EXAM else FamilyAudience.PRACTICE
    return _start(user=user, source=draft, federation=draft.federation, audience=audience,
                  draft=draft, scenario=draft.scenario)


def family_from_scenario(*, scenario: Scenario, user: Any) -> FamilyDraft:
    """A new family whose case template is a bank scenario's case; nothing varies yet."""
    audience = (
        FamilyAudience.EXAM if scenario.audience == Audience.EXAM else FamilyAudience.PRACTICE
    )
    return _start(user=user, source=scenario, federation=scenario.federation,
                  audience=audience, scenario=scenario)


def family_dict(family_draft: FamilyDraft) -> dict[str, Any]:
    """The whole family as its fixture would hold it (docs/families.md)."""
    return {
        "format": FORMAT,
        "slug": family_draft.slug,
        "topic": family_draft.topic.slug,
        "ask": list(family_draft.asks),
        "difficulty": family_draft.difficulty,
        "audience": family_draft.audience,
        **{key: value for key, value in family_draft.spec.items() if key not in OWN_FIELDS},
    }


def family_spec(family_draft: FamilyDraft) -> FamilySpec:
    """The family read as ``quiz.families`` reads a fixture (``FamilyError`` if it cannot be)."""
    return FamilySpec.from_dict(family_dict(family_draft))


def save_settings(
    *, family_draft: FamilyDraft, topic: Topic, asks: list[str], difficulty: int, audience: str,
    federation: Federation | None,
) -> None:
    family_draft.topic = topic
    family_draft.asks = list(asks)
    family_draft.difficulty = difficulty
    family_draft.audience = audience
    family_draft.federation = federation if audience == FamilyAudience.EXAM else None


def save_ranges(
    *, family_draft: FamilyDraft, topic: Topic, asks: list[str], difficulty: int, audience: str,
    federation: Federation | None, varied: Mapping[str, Any],
) -> FamilyDraft:
    """Write the settings and the facts that vary: ``varied`` maps a fact's name to its
    parameter (``{"range": [...]}`` or ``{"choice": [...]}``); a fact of the editor's list not
    in it stops varying and keeps its parameter's first value."""
    save_settings(family_draft=family_draft, topic=topic, asks=asks, difficulty=difficulty,
                  audience=audience, federation=federation)
    spec = dict(family_draft.spec)
    parameters = parameters_in_order(spec)
    template = dict(spec.get("case") or {})
    for fact in family_facts.FACTS:
        if fact.name in varied:
            parameters[fact.name] = varied[fact.name]
            template = family_facts.vary(template=template, fact=fact)
        elif family_facts.varies(template, fact):
            template = family_facts.fix(template=template, fact=fact,
                                        spec=parameters.pop(fact.name, None))
    states = [state for state in spec.get("states") or () if state not in family_facts.NARRATED]
    for fact in family_facts.FACTS:
        if fact.name in varied and fact.narrated and fact.narrated not in states:
            states.append(fact.narrated)
    spec.update(parameters=parameters, case=template, states=states)
    family_draft.spec = stored(spec)
    family_draft.save()
    return family_draft


def save_family_json(
    *, family_draft: FamilyDraft, data: Mapping[str, Any], topic: Topic,
    federation: Federation | None,
) -> FamilyDraft:
    """Write the whole family as the author wrote it (checked by the form: it reads as a
    fixture's family)."""
    if family_draft.family_id is None:
        family_draft.slug = str(data["slug"])
    save_settings(family_draft=family_draft, topic=topic, asks=list(data["ask"]),
                  difficulty=int(data["difficulty"]),
                  audience=str(data.get("audience") or FamilyAudience.PRACTICE),
                  federation=federation)
    family_draft.spec = stored({key: value for key, value in data.items() if key not in OWN_FIELDS})
    family_draft.save()
    return family_draft


# --- publishing ----------------------------------------------------------------------------


def practice_twins(*, spec: FamilySpec, seeds: range) -> list[str]:
    """The instances of ``spec`` that are a practice scenario's situation with the same
    ruling (``quiz/situations.py``, the loader's copy check): ``"<seed>: <practice slug>"``."""
    practice = practice_situations()
    twins = []
    for seed in seeds:
        try:
            instance = build_instance(family=spec, seed=seed)
        except BUILD_ERRORS:
            continue  # the check reports it
        twin = practice.twin(case=instance.case, ask=instance.ask, ask_ball=instance.ask_ball)
        if twin is not None:
            twins.append(f"{seed}: {twin}")
    return twins


def publish_problems(*, family_draft: FamilyDraft) -> list[str]:
    """Why the family cannot be published (empty: it can), as the checks word them."""
    try:
        spec = family_spec(family_draft)
    except FamilyError as error:
        return [str(error)]
    topics = set(Topic.objects.values_list("slug", flat=True))
    problems = family_problems(spec=spec, topics=topics)
    if Family.objects.filter(slug=spec.slug).exclude(studio_draft=family_draft).exists():
        problems.append(f"{spec.slug}: slug is already used by another family")
    if problems:
        return problems
    try:
        report = check_family(family=spec, n=PUBLISH_SEEDS)
    except BUILD_ERRORS as error:
        return [f"{spec.slug}: {error}"]
    problems += [f"{problem} (×{count})" for problem, count in report.problems.items()]
    if spec.in_exams:
        problems += [
            f"instance {twin}: an exam family's instance must not be a practice situation"
            for twin in practice_twins(spec=spec, seeds=range(PUBLISH_SEEDS))
        ]
    return problems


@transaction.atomic
def publish_family(*, family_draft: FamilyDraft) -> list[str]:
    """Check the family, then store it as a ``quiz.Family`` (``load_families``'s code), for the
    federation's exam pool or practice; returns the problems, nothing stored, if any."""
    FamilyDraft.objects.select_for_update().filter(pk=family_draft.pk).first()
    problems = publish_problems(family_draft=family_draft)
    if problems:
        return problems
    spec = family_spec(family_draft)
    federation = family_draft.federation if spec.audience == FamilyAudience.EXAM else None
    store_families([spec], federation=federation)
    family_draft.family = Family.objects.get(slug=spec.slug)
    family_draft.save(update_fields=["family", "updated_at"])
    return []
