"""How many candidates of an exam would share a question: simulated draws, no attempt written.

Each simulated candidate draws as :func:`exams.services.start_attempt` draws (the sections, the
pool, the families, a family question or a frame seeded by its attempt and position: here the
candidate's number stands for the attempt's id), and each drawn question is reduced to what
makes it the same question for two candidates: a hand-written scenario by its id, a family's
instance by its situation (``quiz.families.instances.Instance.situation``: the case and what is
asked), a stroke of a frame section by its case (the situation before the stroke, and the
stroke). A drawn question is *shared* when another candidate drew the same one.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from dataclasses import dataclass

from .families import FamilyDraw, exam_instance
from .frames import ASK as FRAME_ASK
from .frames import FrameDraw, frame_window
from .models import Exam

#: The kinds of drawn question the counts tell apart.
SCENARIO, FAMILY, FRAME = "scenario", "family", "frame"


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
    frame_drawn: int = 0
    frame_shared: int = 0

    @property
    def shared_percent(self) -> float:
        return round(100 * self.shared / self.drawn, 2) if self.drawn else 0.0

    @property
    def scenario_shared(self) -> int:
        return self.shared - self.family_shared - self.frame_shared


@dataclass(frozen=True)
class Drawn:
    """One simulated question: what makes it the same question, its kind, its family."""

    key: str
    kind: str
    family: str = ""


def candidate_questions(*, exam: Exam, number: int, language: str | None = None) -> list[Drawn]:
    """The questions simulated candidate ``number`` draws, in order."""
    from .services import draw_questions

    drawn = draw_questions(exam=exam, rng=random.Random(number), language=language)
    variants = tuple(exam.federation.variants or ())
    questions = []
    for position, item in enumerate(drawn, start=1):
        if isinstance(item, FamilyDraw):
            instance = exam_instance(
                family=item.family,
                attempt_id=number,
                position=position,
                ruleset=exam.edition,
                variants=variants,
            )
            questions.append(Drawn(f"{FAMILY}:{instance.situation}", FAMILY, item.slug))
        elif isinstance(item, FrameDraw):
            window = frame_window(
                attempt_id=number,
                position=position - item.index,
                ruleset=exam.edition,
                variants=variants,
                count=item.count,
            )
            case = window.strokes[item.index].case
            facts = {key: value for key, value in case.items() if key not in ("id", "expect")}
            situation = json.dumps([facts, FRAME_ASK], sort_keys=True)
            questions.append(Drawn(f"{FRAME}:{situation}", FRAME))
        else:
            questions.append(Drawn(f"{SCENARIO}:{item.pk}", SCENARIO))
    return questions


def simulate_overlap(*, exam: Exam, candidates: int, language: str | None = None) -> Overlap:
    """Draw for ``candidates`` simulated candidates and count the questions they share."""
    # Each candidate's questions, a question he drew twice counted once.
    by_candidate = [
        list(
            {
                q.key: q for q in candidate_questions(exam=exam, number=number, language=language)
            }.values()
        )
        for number in range(1, candidates + 1)
    ]
    drawn = [question for questions in by_candidate for question in questions]
    holders = Counter(question.key for question in drawn)
    shared = [question for question in drawn if holders[question.key] > 1]
    per_family: dict[str, list[int]] = {}
    for question in drawn:
        if question.family:
            counts = per_family.setdefault(question.family, [0, 0])
            counts[0] += 1
            counts[1] += holders[question.key] > 1
    return Overlap(
        candidates=candidates,
        drawn=len(drawn),
        shared=len(shared),
        family_drawn=sum(q.kind == FAMILY for q in drawn),
        family_shared=sum(q.kind == FAMILY for q in shared),
        frame_drawn=sum(q.kind == FRAME for q in drawn),
        frame_shared=sum(q.kind == FRAME for q in shared),
        candidates_sharing=sum(
            any(holders[q.key] > 1 for q in questions) for questions in by_candidate
        ),
        by_family=tuple((slug, n, s) for slug, (n, s) in sorted(per_family.items())),
    )
