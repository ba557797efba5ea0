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
from dataclasses import dataclass, field
from typing import Any

import rules_engine
from quiz.families import positions
from quiz.families.constraints import failing
from quiz.families.drawing import draw, draw_place
from quiz.families.spec import Family, FamilyError, fill, is_place, value_of
from quiz.grading import expected_answer

MAX_DRAWS = 200
#: How often a position with ``keep`` is drawn again, the other parameters kept, before the
#: whole parameter set is.
KEEP_DRAWS = 60
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
    #: What the engine's geometry computed from the case's positions (``positions.geometry_facts``).
    geometry: Mapping[str, Any] = field(default_factory=dict)

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


def _loaded(*, family: Family, case: Mapping[str, Any]) -> rules_engine.Case:
    try:
        return rules_engine.load_case(case)
    except rules_engine.CaseError as error:
        raise CaseProblem(f"{family.slug}: the case does not load: {error}") from None


def _kept_positions(
    *, family: Family, values: dict[str, Any], rng: random.Random, seed: int
) -> bool:
    """Draws each position with ``keep`` again (the rest of ``values`` unchanged) until the
    engine's geometry gives the facts it keeps; False when it never does."""
    for name, spec in family.parameters.items():
        if not (is_place(spec) and "keep" in spec):
            continue
        for _ in range(KEEP_DRAWS):
            case = _loaded(family=family, case=_case(family=family, values=values, seed=seed))
            facts = positions.geometry_facts(case)
            if positions.kept(spec["keep"], facts=facts, values=values):
                break
            try:
                values[name] = draw_place(family=family, name=name, rng=rng, values=values)
            except positions.PlacementMiss:
                return False
        else:
            return False
    return True


def build_instance(*, family: Family, seed: int) -> Instance:
    """The instance of ``family`` for ``seed``; ``CaseProblem`` or ``ConstraintProblem`` when
    the family cannot give one."""
    rng = random.Random(seed)
    ask = rng.choice(family.ask)
    for _ in range(MAX_DRAWS):
        try:
            values = draw(family=family, rng=rng)
        except positions.PlacementMiss:
            continue
        if failing(constraints=family.constraints, values=values):
            continue
        if not _kept_positions(family=family, values=values, rng=rng, seed=seed):
            continue
        case = _case(family=family, values=values, seed=seed)
        loaded = _loaded(family=family, case=case)
        decision = rules_engine.judge(loaded).to_dict()
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
            geometry=positions.geometry_facts(loaded),
        )
    raise ConstraintProblem(
        f"{family.slug}: no parameter set of {MAX_DRAWS} drawn for seed {seed} "
        "meets the constraints"
    )
