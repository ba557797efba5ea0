"""What the family editor's preview shows: instances side by side, and the family's check.

An author's tool: each instance shows the engine's verdict (the asked part of the decision, as
``quiz.grading.expected_answer`` takes it for an instance). Nothing here writes.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from django.utils import translation

from quiz import asks
from quiz.diagrams import table_svg
from quiz.families.check import MAX_SHARE, MIN_ANSWERS, FamilyReport, check_family
from quiz.families.instances import build_instance
from quiz.families.narratives import narrate
from studio.family_services import BUILD_ERRORS, family_spec
from studio.models import FamilyDraft

#: The seeds the preview shows, side by side.
PREVIEW_SEEDS = range(1, 21)


@dataclass
class Card:
    """One instance as the preview shows it (``problem`` when the seed gives none)."""

    seed: int
    title: str = ""
    sentences: tuple[str, ...] = ()
    question: str = ""
    verdict: list[tuple[str, str]] = field(default_factory=list)
    diagram: str = ""
    diagram_after: str = ""
    problem: str = ""


@dataclass
class Summary:
    """The family's check over the preview's seeds (``check_families``'s figures)."""

    built: int
    distinct: int
    answers: int
    top_share: float
    problems: list[tuple[str, int]]

    @property
    def spread_ok(self) -> bool:
        return self.answers >= MIN_ANSWERS and self.top_share <= MAX_SHARE


def _verdict(answer: dict[str, Any]) -> list[tuple[str, str]]:
    lines = []
    for name, value in answer.items():
        label = asks.FIELD_LABELS.get(name, name)
        try:
            shown = asks.describe(name, value)
        except (KeyError, ValueError, TypeError):
            shown = json.dumps(value, ensure_ascii=False)
        lines.append((str(label), str(shown)))
    return lines


def _card(spec: Any, seed: int) -> Card:
    try:
        instance = build_instance(family=spec, seed=seed)
        story = narrate(instance=instance)
    except BUILD_ERRORS as error:
        return Card(seed=seed, problem=str(error))
    case = dict(instance.case)
    state, stroke = case.get("state") or {}, case.get("stroke") or {}
    return Card(
        seed=seed, title=story.title, sentences=story.sentences, question=story.question,
        verdict=_verdict(dict(instance.answer)),
        diagram=str(table_svg(case)) if "positions" in state else "",
        diagram_after=str(table_svg(case, after=True)) if "positions_after" in stroke else "",
    )


def summary_of(report: FamilyReport) -> Summary:
    total = sum(report.answers.values())
    top = max(report.answers.values(), default=0)
    return Summary(
        built=report.built, distinct=len(report.situations), answers=len(report.answers),
        top_share=top / total if total else 0.0,
        problems=sorted(report.problems.items()),
    )


def preview(*, family_draft: FamilyDraft, language: str) -> tuple[list[Card], Summary | None, str]:
    """The cards of seeds 1 … 20 told in ``language``, the check's summary over as many
    seeds, and why the family cannot be read at all (empty when it can)."""
    try:
        spec = family_spec(family_draft)
    except BUILD_ERRORS as error:
        return [], None, str(error)
    with translation.override(language):
        cards = [_card(spec, seed) for seed in PREVIEW_SEEDS]
    try:
        report = check_family(family=spec, n=len(PREVIEW_SEEDS))
    except BUILD_ERRORS as error:
        return cards, None, str(error)
    return cards, summary_of(report), ""
