"""How often each exam family's instance is a practice scenario's twin (issue 21, closed book).

    manage.py family_twins                     # the exam families, seeds 0 … 499
    manage.py family_twins --n 200 stalemate-restart points-after-stroke

An exam passes over an instance that is a hand-written practice scenario's situation with the
same ruling (``quiz.selectors.PracticeSituations.twin``, ``exams/families.py``) and tries another
seed. A family whose instances are mostly twins is narrow: this prints, for each family, the
instances built under the edition (``--ruleset``), how many are twins and the practice
scenarios they repeat most. It reads the practice bank of the database (load it first).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from typing import Any

from django.core.management.base import BaseCommand, CommandError

from quiz.families.instances import build_instance
from quiz.families.spec import Family, FamilyError, load_families
from quiz.selectors import PracticeSituations, practice_situations


def twins_of(
    *, family: Family, seeds: range, practice: PracticeSituations
) -> tuple[int, Counter[str]]:
    """The instances of ``family`` built from ``seeds`` (a seed with no sound instance is
    skipped) and, by practice scenario, those that are its twin."""
    built, twins = 0, Counter[str]()
    for seed in seeds:
        try:
            instance = build_instance(family=family, seed=seed)
        except FamilyError:
            continue
        built += 1
        twin = practice.twin(case=instance.case, ask=instance.ask, ask_ball=instance.ask_ball)
        if twin is not None:
            twins[twin] += 1
    return built, twins


class Command(BaseCommand):
    help = "For each exam family, the share of its instances that are practice scenarios' twins."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("--n", type=int, default=500, help="seeds per family (500)")
        parser.add_argument("--ruleset", default="wpbsa-2007", help="the exam's edition")
        parser.add_argument("slugs", nargs="*", help="families (default: those exams draw)")

    def handle(self, *args: Any, **options: Any) -> None:
        families = load_families()
        wanted = set(options["slugs"])
        unknown = wanted - {family.slug for family in families}
        if unknown:
            raise CommandError(f"no such family: {', '.join(sorted(unknown))}")
        chosen = [f for f in families if f.slug in wanted or (not wanted and f.in_exams)]
        practice = practice_situations()
        if not practice.by_outline:
            raise CommandError("no practice scenario in the database: load the bank first")
        for family in sorted(chosen, key=lambda f: f.slug):
            ruled = replace(family, ruleset=options["ruleset"])
            built, twins = twins_of(family=ruled, seeds=range(options["n"]), practice=practice)
            total = sum(twins.values())
            top = ", ".join(f"{slug} {count}" for slug, count in twins.most_common(3))
            self.stdout.write(
                f"{family.slug:32} {total:4d} of {built:4d} twins {total / max(built, 1):6.1%}"
                + (f"  ({top})" if top else "")
            )
