"""How many candidates of an exam would share a question: simulated draws, no attempt written.

Each simulated candidate draws as :func:`exams.services.start_attempt` draws (the sections, the
pool, the families, a family question seeded by its attempt and position: here the candidate's
number stands for the attempt's id), and each drawn question is reduced to what makes it the
same question for two candidates: a hand-written scenario by its id, a family's instance by its
situation (``quiz.families.instances.Instance.situation``: the case and what is asked). A drawn
question is *shared* when another candidate drew the same one.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass

from .families import FamilyDraw, exam_instance
from .models import Exam


@dataclass(frozen=True)
class Overlap:
    """The simulation's counts: candidates, questions drawn, and how many of them are shared."""

    candidates: int
    drawn: int
    shared: int
    family_drawn: int
    family_shared: int
    #: Candidates with at least one question another candidate also drew.
    candidates_sharing: int
    #: Per family drawn: (instances drawn, instances shared), by slug.
    by_family: tuple[tuple[str, int, int], ...] = ()

    @property
    def shared_percent(self) -> float:
        return round(100 * self.shared / self.drawn, 2) if self.drawn else 0.0


def candidate_questions(
    *, exam: Exam, number: int, language: str | None = None
) -> list[tuple[str, str]]:
    """The questions simulated candidate ``number`` draws, in order: each one's key
    (``scenario:<id>`` or ``family:<situation>``) and its family's slug ("" for a scenario)."""
    from .services import draw_questions

    drawn = draw_questions(exam=exam, rng=random.Random(number), language=language)
    keys = []
    for position, item in enumerate(drawn, start=1):
        if isinstance(item, FamilyDraw):
            instance = exam_instance(
                family=item.family,
                attempt_id=number,
                position=position,
                ruleset=exam.edition,
                variants=exam.federation.variants or (),
            )
            keys.append((f"family:{instance.situation}", item.slug))
        else:
            keys.append((f"scenario:{item.pk}", ""))
    return keys


def simulate_overlap(*, exam: Exam, candidates: int, language: str | None = None) -> Overlap:
    """Draw for ``candidates`` simulated candidates and count the questions they share."""
    drawn = [
        candidate_questions(exam=exam, number=number, language=language)
        for number in range(1, candidates + 1)
    ]
    # How many candidates drew each question (a candidate counts once per question).
    holders = Counter(key for keys in drawn for key in {key for key, _slug in keys})
    shared = [[holders[key] > 1 for key, _slug in keys] for keys in drawn]
    family = [[bool(slug) for _key, slug in keys] for keys in drawn]
    per_family: dict[str, list[int]] = {}
    for keys in drawn:
        for key, slug in keys:
            if slug:
                counts = per_family.setdefault(slug, [0, 0])
                counts[0] += 1
                counts[1] += holders[key] > 1
    return Overlap(
        candidates=candidates,
        drawn=sum(len(keys) for keys in drawn),
        shared=sum(sum(row) for row in shared),
        family_drawn=sum(sum(row) for row in family),
        family_shared=sum(
            s and f
            for srow, frow in zip(shared, family, strict=True)
            for s, f in zip(srow, frow, strict=True)
        ),
        candidates_sharing=sum(any(row) for row in shared),
        by_family=tuple((slug, n, s) for slug, (n, s) in sorted(per_family.items())),
    )
