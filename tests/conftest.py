"""Shared test fixtures: a small scenario bank of our own, and answer forms as posted."""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping
from io import StringIO
from pathlib import Path
from typing import Any

import pytest
from django.core.management import call_command
from hypothesis import settings as hypothesis_settings

# CI must be repeatable: the same examples on every run, so a red CI is a real failure.
hypothesis_settings.register_profile("ci", derandomize=True, print_blob=True)
if os.environ.get("CI"):
    hypothesis_settings.load_profile("ci")

TEST_BANK = Path(__file__).parent / "quiz" / "fixtures" / "bank.json"

#: The right answer to each scenario of the test bank, in ``AnswerForm.answer``'s
#: shape. They are the referee's, from the rules (the shared conformance cases'
#: own expectations), not read back from the engine.
RIGHT_ANSWERS: dict[str, dict[str, Any]] = {
    "t-legal-in-off": {"legal": False},
    "t-legal-red-potted": {"legal": True},
    "t-penalty-in-off": {"penalty": 4},
    "t-points-pink": {"points": {"A": 6}},
    "t-calls-miss": {"calls": ["foul", "miss"]},
    "t-next-miss": {
        "next_striker": "B",
        "next_options": ["play", "offender_again", "replace_offender_again"],
    },
    "t-ball-on-red-potted": {"ball_on": "colour"},
    "t-respot-blue": {"respot": "brown_spot"},
    "t-calls-third-miss": {"calls": ["foul", "miss", "frame_awarded"]},
    # asks.FRAME_OVER: the next player is nobody, the frame is over.
    "t-next-third-miss": {"next_striker": ":over", "next_options": []},
    "t-decision-pink": {
        "legal": True,
        "penalty": 0,
        "points": {"A": 6},
        "calls": [],
        "next_striker": "A",
        "next_options": ["play"],
        "ball_on": "red",
        "respot": "pink_spot",
    },
}


@pytest.fixture
def bank(db: None) -> dict[str, Any]:
    """The test bank (tests/quiz/fixtures/bank.json) loaded through load_scenarios."""
    from quiz.models import Scenario

    call_command("load_scenarios", str(TEST_BANK), stdout=StringIO(), stderr=StringIO())
    return {scenario.slug: scenario for scenario in Scenario.objects.all()}


def answer_post_data(scenario: Any, answer: Mapping[str, Any], prefix: str = "") -> dict[str, Any]:
    """The POST data a browser sends for ``answer`` (keys as in ``AnswerForm.answer``)."""
    from quiz.forms import answer_initial

    key = (lambda name: f"{prefix}-{name}") if prefix else (lambda name: name)
    fields = {"scenario": str(scenario.pk), **answer_initial(dict(answer))}
    return {key(name): value for name, value in fields.items()}


@pytest.fixture
def answer_data() -> Callable[..., dict[str, Any]]:
    return answer_post_data


@pytest.fixture(autouse=True)
def _reset_active_language() -> Any:
    """Start every test in English.

    Test-client requests leave their language active in the thread.
    """
    from django.utils import translation

    yield
    translation.activate("en")


EXAM_BANK = Path(__file__).parent / "quiz" / "fixtures" / "exam_bank.json"


@pytest.fixture
def exam_bank(bank: dict[str, Any]) -> dict[str, Any]:
    """The test bank and, beside it, exam-only scenarios (tests/quiz/fixtures/exam_bank.json).

    Practice must never show these; exams draw only them.
    """
    from quiz.models import Scenario

    call_command("load_scenarios", str(EXAM_BANK), stdout=StringIO(), stderr=StringIO())
    return {scenario.slug: scenario for scenario in Scenario.objects.filter(audience="exam")}
