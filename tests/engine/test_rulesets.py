"""Rule-book editions: a later edition overrides only the paragraphs that changed."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest

from rules_engine import CaseError, Decision, judge, load_case
from rules_engine.rulesets import RULESETS, referee_for, register
from rules_engine.rulesets.wpbsa2007 import Wpbsa2007Referee

# Failing to hit the ball on while needing snookers, with part of a red visible: no miss in 2007.
NEEDS_SNOOKERS_MISS = {"reds": 1, "scores": {"A": 0, "B": 60}}
STROKE = {"first_contact": [], "path_to_ball_on": "partial"}


@pytest.fixture
def later_edition() -> Iterator[str]:
    """A small edition in which needing snookers no longer excuses a miss (as a later text might
    say)."""

    @register("test-later-edition")
    class LaterReferee(Wpbsa2007Referee):
        name = "test-later-edition"

        def snookers_needed_excepts_miss(self, work: object) -> bool:
            return False

    yield "test-later-edition"
    del RULESETS["test-later-edition"]


def test_the_2007_ruleset_is_the_default(decide: Callable[..., Decision]) -> None:
    assert decide(NEEDS_SNOOKERS_MISS, STROKE).calls == ("foul",)
    assert decide(NEEDS_SNOOKERS_MISS, STROKE, ruleset="wpbsa-2007").calls == ("foul",)


def test_a_subclass_changes_only_its_paragraph(
    later_edition: str, decide: Callable[..., Decision]
) -> None:
    changed = decide(NEEDS_SNOOKERS_MISS, STROKE, ruleset=later_edition)
    original = decide(NEEDS_SNOOKERS_MISS, STROKE)
    assert changed.calls == ("foul", "miss")
    assert "miss_clear_path" in [step.code for step in changed.trail]
    # Everything else about the decision is the 2007 referee's.
    assert (changed.penalty, changed.points, changed.fouls) == (
        original.penalty,
        original.points,
        original.fouls,
    )
    assert type(referee_for(later_edition)).STROKE_STEPS == Wpbsa2007Referee.STROKE_STEPS


def test_a_subclass_can_change_the_free_ball_snooker_exception(
    decide: Callable[..., Decision],
) -> None:
    @register("test-no-pink-black-exception")
    class NoException(Wpbsa2007Referee):
        def free_ball_snooker_excepted(self, state: object) -> bool:
            return False

    try:
        state = {"reds": 0, "colours": ["pink", "black"], "free_ball": True}
        stroke = {"nominated": "black", "first_contact": ["black"], "free_ball_snookers": True}
        assert decide(state, stroke).legal
        assert not decide(state, stroke, ruleset="test-no-pink-black-exception").legal
    finally:
        del RULESETS["test-no-pink-black-exception"]


def test_unknown_ruleset_is_a_case_error() -> None:
    with pytest.raises(CaseError) as caught:
        load_case(
            {
                "format": "snooker-referee-case/1",
                "id": "x",
                "ruleset": "wpbsa-2031",
                "stroke": {"first_contact": ["red"]},
            }
        )
    assert caught.value.problems[0].path == "ruleset"
    assert "wpbsa-2007" in caught.value.problems[0].message


def test_judge_uses_the_cases_ruleset(later_edition: str) -> None:
    case = load_case(
        {
            "format": "snooker-referee-case/1",
            "id": "x",
            "ruleset": later_edition,
            "state": NEEDS_SNOOKERS_MISS,
            "stroke": STROKE,
        }
    )
    assert "miss" in judge(case).calls
