"""Scenario families loaded from their fixtures into ``quiz.Family`` rows, after every one has
given sound instances: ``manage.py load_families`` and the studio's publishing use it.

Run after ``load_scenarios`` (a family names a topic that must exist). Every family is read
as ``quiz.families`` reads it (docs/families.md); its topic must be loaded, its kinds of
question known, and its first seeds must build instances the engine judges and the
constraints accept. Any problem is reported as one line, ``file: family slug: message``, and
nothing is loaded; otherwise all families load in one transaction, updated by slug. The
instances themselves are drawn later, when practice, review or a self-test asks for one
(``quiz.freezing``).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.db import transaction

from quiz.asks import Ask
from quiz.families.instances import build_instance
from quiz.families.spec import Family as FamilySpec
from quiz.families.spec import FamilyError, load_families, stored
from quiz.models import Difficulty, Family, Topic

#: The seeds every family must build before it is loaded (``check_families`` tries hundreds).
CHECKED_SEEDS = range(3)


def family_problems(*, spec: FamilySpec, topics: set[str]) -> list[str]:
    """What stops ``spec`` from being loaded (empty: nothing)."""
    problems = []
    if spec.topic not in topics:
        problems.append(f"topic {spec.topic!r} is not loaded (run load_scenarios first)")
    unknown = [ask for ask in spec.ask if ask not in Ask.values]
    if unknown or not spec.ask:
        problems.append(f"ask must be kinds of question of {sorted(Ask.values)}")
    if spec.difficulty not in Difficulty.values:
        problems.append(f"difficulty must be one of {Difficulty.values}")
    if len(spec.slug) > Family._meta.get_field("slug").max_length:
        problems.append("slug is too long")
    if problems:  # an unknown kind of question cannot be built
        return problems
    for seed in CHECKED_SEEDS:
        try:
            build_instance(family=spec, seed=seed)
        except FamilyError as error:
            problems.append(f"seed {seed}: {error}")
            break
    return problems


def read_families(paths: list[Path]) -> tuple[list[FamilySpec], list[str]]:
    """Every family of ``paths`` and the problems found (all files read before any is stored)."""
    topics = set(Topic.objects.values_list("slug", flat=True))
    specs: list[FamilySpec] = []
    problems: list[str] = []
    for path in paths:
        try:
            found = load_families(paths=[path])
        except (OSError, ValueError) as error:  # FamilyError and JSON errors are ValueErrors
            problems.append(f"{path}: -: {error}")
            continue
        for spec in found:
            problems += [
                f"{path}: {spec.slug}: {problem}"
                for problem in family_problems(spec=spec, topics=topics)
            ]
        specs += found
    slugs = [spec.slug for spec in specs]
    problems += [f"-: {slug}: used twice" for slug in sorted(set(slugs)) if slugs.count(slug) > 1]
    return specs, problems


@transaction.atomic
def store_families(specs: list[FamilySpec], *, federation: Any = None) -> int:
    """Write every family, updating existing rows by slug; ``federation``: the federation
    whose author published them in the studio (none for the fixtures' families)."""
    topics = {topic.slug: topic for topic in Topic.objects.all()}
    for spec in specs:
        Family.objects.update_or_create(
            slug=spec.slug,
            defaults={
                "topic": topics[spec.topic],
                "difficulty": spec.difficulty,
                "asks": list(spec.ask),
                "spec": stored(spec.raw),
                # In practice unless the fixture keeps it for exams alone (audience "exam").
                "published": spec.in_practice,
                "federation": federation,
            },
        )
    return len(specs)
