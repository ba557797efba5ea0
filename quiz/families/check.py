"""``check_families``: build many instances of a family and report what a reviewer must know.

Per family: instances built, distinct situations, the answer distribution (the asked part of the
engine's decision), and problems: case errors, constraint failures, facts the answer depends on
that the narrative does not state, and sentences left in English in another language. A family
is also unsound when fewer than two correct answers occur or one answer exceeds 70 % (for each
kind of question it asks).

>>> from quiz.families.spec import load_families
>>> report = check_family(family=load_families()[0], n=20)
>>> report.built, report.ok
(20, True)
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass, field

from django.utils import translation

from quiz.families.instances import Instance, build_instance
from quiz.families.narratives import narrate
from quiz.families.spec import Family, FamilyError

LANGUAGES = ("en", "fr", "ru", "fa", "pl")
MAX_SHARE = 0.7
MIN_ANSWERS = 2


@dataclass
class FamilyReport:
    """What ``check_family`` found for one family."""

    slug: str
    built: int = 0
    situations: set[str] = field(default_factory=set)
    answers: Counter[str] = field(default_factory=Counter)
    problems: Counter[str] = field(default_factory=Counter)

    @property
    def ok(self) -> bool:
        return not self.problems

    def spread_problems(self) -> list[str]:
        """Problems of the answer distribution (too few answers, one too common), for each kind
        of question the family asks (an answer's fields name its kind)."""
        found = []
        by_ask: dict[str, Counter[str]] = {}
        for answer, count in self.answers.items():
            by_ask.setdefault(",".join(sorted(json.loads(answer))), Counter())[answer] = count
        for answers in by_ask.values() or [Counter()]:
            if len(answers) < MIN_ANSWERS:
                found.append(f"fewer than {MIN_ANSWERS} distinct correct answers")
            if max(answers.values(), default=0) > MAX_SHARE * sum(answers.values()):
                found.append(f"one answer above {MAX_SHARE:.0%} of instances")
        return sorted(set(found))


def _narrative_problems(family: Family, instance: Instance) -> list[str]:
    found = []
    with translation.override("en"):
        english = narrate(instance=instance)
    missing = set(family.states) - set(english.facts)
    if missing:
        found.append(f"narrative facts missing: {', '.join(sorted(missing))}")
    english_lines = {english.title, english.question, *english.sentences}
    for language in LANGUAGES[1:]:
        with translation.override(language):
            story = narrate(instance=instance)
        if english_lines & {story.title, story.question, *story.sentences}:
            found.append(f"untranslated strings ({language})")
    return found


#: Facts the engine's geometry computes once the case places the balls: where the case gives
#: ``positions`` (or ``positions_after``), the family must not state them by hand.
GEOMETRY_FACTS = {
    "positions": (
        ("stroke", "path_to_ball_on"),
        ("state", "touching"),
        ("state", "occupied_spots"),
    ),
    "positions_after": (("stroke", "snookered_after"), ("stroke", "free_ball_snookers")),
}


def hand_stated_geometry(family: Family) -> list[str]:
    """The geometry facts ``family`` states by hand although its case places the balls.

    >>> from quiz.families.spec import Family
    >>> hand_stated_geometry(Family.from_dict({"slug": "x", "topic": "miss", "ask": ["calls"],
    ...     "difficulty": 1, "case": {"state": {"positions": {}},
    ...                               "stroke": {"path_to_ball_on": "none"}}}))
    ['path_to_ball_on']
    """
    case = family.case
    stated = []
    for placed, facts in GEOMETRY_FACTS.items():
        where = case.get("state", {}) if placed == "positions" else case.get("stroke", {})
        if placed not in where:
            continue
        stated += [fact for part, fact in facts if fact in case.get(part, {})]
    return stated


def check_family(*, family: Family, n: int) -> FamilyReport:
    """Build seeds ``0 … n-1`` of ``family`` and report."""
    report = FamilyReport(slug=family.slug)
    for fact in hand_stated_geometry(family):
        report.problems[f"states {fact} by hand although the case places the balls"] += 1
    for seed in range(n):
        try:
            instance = build_instance(family=family, seed=seed)
        except FamilyError as error:
            report.problems[str(error).replace(f" for seed {seed}", "")] += 1
            continue
        report.built += 1
        report.situations.add(instance.situation)
        report.answers[json.dumps(instance.answer, sort_keys=True)] += 1
        for problem in _narrative_problems(family, instance):
            report.problems[problem] += 1
    for problem in report.spread_problems():
        report.problems[problem] += 1
    return report
