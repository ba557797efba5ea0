"""Scenario families in exams (issue 21): which families an exam may draw, each drawn
question's seed, and the instance frozen into the attempt.

A section that draws from families (``ExamSection.source``) gives every candidate instances of
his own. A question's seed is an HMAC of the attempt and the position under the site's
``SECRET_KEY`` (:func:`question_seed`): nobody can foresee it from outside, and the attempt keeps
it (``AttemptQuestion.family_slug`` and ``seed``) so that the examiner and regrading rebuild
exactly what was asked (:func:`rebuild`). The instance is built under the exam's edition and the
federation's local rules, as a hand-written question's case is frozen with them, so that the
family's constraints (a sound question) hold under the rules the attempt is graded by.

The exam pool stays closed: only families whose fixture says ``"audience": "exam"`` or
``"both"`` are drawn (``docs/families.md``).
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from django.utils.crypto import salted_hmac

from quiz.families.instances import Instance, build_instance
from quiz.families.narratives import narrate
from quiz.families.spec import Family, FamilyError, load_families
from quiz.selectors import practice_situations

#: Seeds are kept below 2**62: any database's signed 64-bit integer holds them.
SEED_BITS = 62
#: Another seed is tried when a family gives no sound instance under an exam's rules, or one
#: that is a practice scenario's situation with the same ruling (the closed book). Measured on
#: 2026-12-02 (``manage.py family_twins``, after the path fix and the families widened), the
#: exam families' twins are at most 17.4 % of their instances (docs/families.md); even at 67 %,
#: 40 seeds would fail once in ten million draws.
RETRIES = 40
_SALT = "exams.families.question_seed"


@functools.cache
def _all_families() -> tuple[Family, ...]:
    # The fixtures are read once per process: they change only with a deployment.
    return tuple(load_families())


def federation_families(*, federation_id: int | None) -> list[Family]:
    """A federation's own exam families, published by its authors in the studio
    (``quiz.Family`` rows with its ``federation``): only its own exams draw them."""
    if federation_id is None:
        return []
    from quiz.models import Family as FamilyRow

    own = []
    for spec in FamilyRow.objects.filter(federation_id=federation_id).values_list(
        "spec", flat=True
    ):
        try:
            family = Family.from_dict(spec)
        except (FamilyError, TypeError):  # checked when published: never expected
            continue
        if family.in_exams:
            own.append(family)
    return own


def exam_families(*, topic: str | None = None, federation_id: int | None = None) -> list[Family]:
    """The families exams may draw, of one topic (its slug) or of every topic, by slug; with
    ``federation_id``, that federation's own studio families too."""
    return sorted(
        (
            family
            for family in (*_all_families(), *federation_families(federation_id=federation_id))
            if family.in_exams and (topic is None or family.topic == topic)
        ),
        key=lambda family: family.slug,
    )


def exam_family_counts(*, federation_id: int | None = None) -> dict[str, int]:
    """How many families exams (of federation ``federation_id``) may draw, per topic slug."""
    counts: dict[str, int] = {}
    for family in exam_families(federation_id=federation_id):
        counts[family.topic] = counts.get(family.topic, 0) + 1
    return counts


def family_by_slug(slug: str) -> Family | None:
    """The family of that slug (whatever its audience: a frozen question keeps its family),
    a fixture's or one published in the studio."""
    found = next((family for family in _all_families() if family.slug == slug), None)
    if found is not None:
        return found
    from quiz.models import Family as FamilyRow

    row = FamilyRow.objects.filter(slug=slug, federation__isnull=False).first()
    try:
        return Family.from_dict(row.spec) if row is not None else None
    except (FamilyError, TypeError):
        return None


@dataclass(frozen=True)
class FamilyDraw:
    """A family drawn for one question; its instance is built once the attempt has its id."""

    family: Family
    topic_id: int | None

    @property
    def slug(self) -> str:
        return self.family.slug


def question_seed(*, attempt_id: int, position: int, retry: int = 0) -> int:
    """The seed of the family question at ``position`` of attempt ``attempt_id``.

    >>> question_seed(attempt_id=1, position=2) == question_seed(attempt_id=1, position=2)
    True
    >>> question_seed(attempt_id=1, position=2) != question_seed(attempt_id=2, position=2)
    True
    >>> 0 <= question_seed(attempt_id=1, position=1) < 2**SEED_BITS
    True
    """
    digest = salted_hmac(_SALT, f"{attempt_id}:{position}:{retry}").digest()
    return int.from_bytes(digest[:8], "big") >> (64 - SEED_BITS)


def under_rules(*, family: Family, ruleset: str, variants: Sequence[str] = ()) -> Family:
    """The family as an exam draws it: judged by the exam's edition and local rules."""
    return replace(family, ruleset=ruleset, variants=tuple(variants))


def exam_instance(
    *, family: Family, attempt_id: int, position: int, ruleset: str, variants: Sequence[str] = ()
) -> Instance:
    """The question's instance: the first of its seeds that gives a sound one under the exam's
    rules (a family checked under another edition may need another draw) and is no practice
    scenario's situation with the same ruling (a trainee has read that one's explanation)."""
    ruled = under_rules(family=family, ruleset=ruleset, variants=variants)
    practice = practice_situations()
    for retry in range(RETRIES):
        seed = question_seed(attempt_id=attempt_id, position=position, retry=retry)
        try:
            instance = build_instance(family=ruled, seed=seed)
        except FamilyError:
            continue
        if practice.twin(case=instance.case, ask=instance.ask, ask_ball=instance.ask_ball) is None:
            return instance
    raise FamilyError(f"{family.slug}: no sound instance under {ruleset} in {RETRIES} seeds")


def frozen_fields(*, instance: Instance, family: Family) -> dict[str, Any]:
    """What an ``AttemptQuestion`` keeps of an instance, its texts in the active language.

    The case never holds an answer (a family's template has no ``expect``; the engine's
    decision and the asked answer are left behind).
    """
    story = narrate(instance=instance)
    return {
        "family_slug": family.slug,
        "seed": instance.seed,
        "case": dict(instance.case),
        "ask": instance.ask,
        "ask_ball": instance.ask_ball,
        "difficulty": family.difficulty,
        "title": story.title,
        "narrative": story.what_happened,
        "question": story.question,
        "note": "",
    }


def rebuild(*, family_slug: str, seed: int, case: dict[str, Any]) -> Instance | None:
    """The instance a frozen family question was built from (its family and seed, under the
    rules its case names), or ``None`` when the family is gone or no longer gives it."""
    family = family_by_slug(family_slug)
    if family is None:
        return None
    ruled = under_rules(
        family=family,
        ruleset=str(case.get("ruleset") or "wpbsa-2007"),
        variants=case.get("variants") or (),
    )
    try:
        return build_instance(family=ruled, seed=seed)
    except FamilyError:
        return None
