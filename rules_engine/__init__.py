"""Baize's snooker referee: judge referee cases by the rules of Section 3.

Standard library only; nothing here imports Django.

>>> from rules_engine import load_case, judge
>>> case = load_case({"format": "snooker-referee-case/1", "id": "in-off",
...                   "state": {"reds": 0, "colours": ["green", "brown", "blue", "pink", "black"]},
...                   "stroke": {"first_contact": ["green"], "cue_ball": "potted"}})
>>> decision = judge(case)
>>> decision.penalty, decision.calls, decision.next.striker, decision.next.in_hand
(4, ('foul',), 'B', True)
>>> decision.to_dict()["fouls"]
[{'code': 'cue_ball_potted', 'ball': None, 'penalty': 4, 'rule': '3.12(a)'}]
"""

from __future__ import annotations

#: The engine's version. Bump it whenever any decision can change (a ruling, a trail step, a
#: check of the case): every graded answer records it, and a federation regrades the attempts
#: graded by an earlier version (``manage.py regrade_exams``). History in docs/architecture.md.
__version__ = "1.3.0"

from rules_engine.balls import (
    BALLS,
    CALLS,
    COLOURS,
    FRAME_REASONS,
    NEXT_OPTIONS,
    RESPOT_TARGETS,
    VALUES,
)
from rules_engine.case import Case, Procedure, State, Stroke, load_case
from rules_engine.check import Difference, compare_expectation
from rules_engine.decision import Assessment, Decision
from rules_engine.errors import CaseError, Problem
from rules_engine.frame import FrameFile, FrameResult, judge_frame, load_frame, next_state
from rules_engine.rulesets import referee_for
from rules_engine.trail import TRAIL_CODES, TrailCode

__all__ = [
    "__version__",
    "BALLS",
    "CALLS",
    "COLOURS",
    "FRAME_REASONS",
    "NEXT_OPTIONS",
    "RESPOT_TARGETS",
    "TRAIL_CODES",
    "VALUES",
    "Assessment",
    "Case",
    "CaseError",
    "Decision",
    "Difference",
    "FrameFile",
    "FrameResult",
    "Problem",
    "Procedure",
    "State",
    "Stroke",
    "TrailCode",
    "assess",
    "compare_expectation",
    "judge",
    "judge_frame",
    "load_case",
    "load_frame",
    "next_state",
]


def judge(case: Case) -> Decision:
    """What the referee decides about ``case``, by the case's ruleset."""
    return referee_for(case.ruleset, case.variants).judge(case)


def assess(state: State, ruleset: str = "wpbsa-2007") -> Assessment:
    """The situation before a stroke: ball on, points remaining, who needs snookers, snookered,
    path.

    >>> state = State(reds=0, colours=("black",), ball_on="black", scores={"A": 50, "B": 40})
    >>> assess(state).needs_snookers
    ('B',)
    """
    return referee_for(ruleset).assess(state)
