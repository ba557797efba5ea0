"""``family + seed -> instance``: drawn with ``random.Random(seed)`` only, then checked.

An instance's case loads (``rules_engine.load_case``), the engine judges it, and every constraint
of its family holds; parameter sets that break a constraint are drawn again from the same
generator (at most ``MAX_DRAWS`` times), so a seed always gives the same instance.

>>> from quiz.families.spec import load_families
>>> family = next(f for f in load_families() if f.slug == "penalty-first-contact")
>>> build_instance(family=family, seed=7) == build_instance(family=family, seed=7)
True
>>> instance = build_instance(family=family, seed=7)
>>> instance.answer == {"penalty": instance.decision["penalty"]}
True
"""

from __future__ import annotations

import json
import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import rules_engine
from quiz.families.constraints import failing
from quiz.families.spec import Family, FamilyError, draw, fill, value_of
from quiz.grading import expected_answer

MAX_DRAWS = 200
CASE_FORMAT = "snooker-referee-case/1"


class CaseProblem(FamilyError):
    """The family's template gave a case the engine refuses."""


class ConstraintProblem(FamilyError):
    """No parameter set drawn satisfied the family's constraints."""


@dataclass(frozen=True)
class Instance:
    """One drawn situation of a family, with the engine's decision and the asked answer."""

    family: str
    seed: int
    values: Mapping[str, Any]
    ask: str
    ask_ball: str
    case: Mapping[str, Any]
    decision: Mapping[str, Any]
    answer: Mapping[str, Any]

    @property
    def situation(self) -> str:
        """The case and the question, canonical: two instances with the same situation are one
        question."""
        facts = {key: value for key, value in self.case.items() if key != "id"}
        return json.dumps([facts, self.ask, self.ask_ball], sort_keys=True)


def _case(*, family: Family, values: Mapping[str, Any], seed: int) -> dict[str, Any]:
    case = fill(template=dict(family.case), values=values)
    case.update(format=CASE_FORMAT, id=f"{family.slug}-{seed}")
    if family.ruleset != "wpbsa-2007":
        case["ruleset"] = family.ruleset
    if family.variants:
        case["variants"] = list(family.variants)
    return case


def _judged(*, family: Family, case: Mapping[str, Any]) -> dict[str, Any]:
    try:
        loaded = rules_engine.load_case(case)
    except rules_engine.CaseError as error:
        raise CaseProblem(f"{family.slug}: the case does not load: {error}") from None
    return rules_engine.judge(loaded).to_dict()


def build_instance(*, family: Family, seed: int) -> Instance:
    """The instance of ``family`` for ``seed``; ``CaseProblem`` or ``ConstraintProblem`` when
    the family cannot give one."""
    rng = random.Random(seed)
    ask = rng.choice(family.ask)
    for _ in range(MAX_DRAWS):
        values = draw(family=family, rng=rng)
        if failing(constraints=family.constraints, values=values):
            continue
        case = _case(family=family, values=values, seed=seed)
        decision = _judged(family=family, case=case)
        if failing(constraints=family.constraints, values=values, decision=decision):
            continue
        ask_ball = str(value_of(family.ask_ball, values=values) or "")
        answer = expected_answer(decision=decision, ask=ask, ask_ball=ask_ball)
        return Instance(
            family=family.slug,
            seed=seed,
            values=values,
            ask=ask,
            ask_ball=ask_ball,
            case=case,
            decision=decision,
            answer=answer,
        )
    raise ConstraintProblem(
        f"{family.slug}: no parameter set of {MAX_DRAWS} drawn for seed {seed} "
        "meets the constraints"
    )
