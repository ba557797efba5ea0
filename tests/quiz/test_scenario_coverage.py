"""scenario_coverage and quiz.coverage, on the small test bank (tests/quiz/fixtures/bank.json)."""

import re
from io import StringIO

import pytest
from django.core.management import CommandError, call_command

from quiz.coverage import (
    applied_paragraphs,
    bank_coverage,
    has_positions,
    is_four_handed,
)
from quiz.models import Scenario

pytestmark = pytest.mark.django_db


def report(*args: str) -> str:
    out = StringIO()
    call_command("scenario_coverage", *args, stdout=out)
    return out.getvalue()


def row(text: str, label: str, count: int) -> bool:
    """Whether the report has the line ``label  count``."""
    return re.search(rf"^ +{re.escape(label)} +{count}$", text, re.MULTILINE) is not None


def test_report_counts_the_published_bank(bank):
    text = report()
    assert "11 published scenario(s)" in text  # the unpublished one is not counted
    assert row(text, "test-fouls", 8)
    assert row(text, "test-respotting", 3)
    assert row(text, "decision", 1)
    assert row(text, "fa", 11)
    assert row(text, "with positions", 0)
    assert row(text, "without positions", 11)
    assert "four-handed: 0" in text


def test_report_lists_unreached_paragraphs_and_codes(bank):
    text = report()
    # The test bank has no stalemate: 3.16 is never cited, while 3.14(b) (its miss) is.
    assert "  not reached: 3.16\n" in text
    assert "  not reached: 3.14(b)\n" not in text
    assert "  not reached: stalemate_restart (3.16(a))" in text
    assert "  MISS published scenarios" in text
    assert "some targets missed" in text


def test_check_fails_when_a_target_is_missed(bank):
    with pytest.raises(CommandError, match="published scenarios"):
        report("--check")


def test_coverage_counts_topics_asks_difficulties_and_paragraphs(bank):
    coverage = bank_coverage()
    assert coverage.published == 11
    assert coverage.per_topic == {"test-fouls": 8, "test-respotting": 3}
    assert coverage.per_ask["calls"] == 2 and coverage.per_ask["decision"] == 1
    assert sum(coverage.per_difficulty.values()) == 11
    assert set(coverage.per_paragraph) == set(applied_paragraphs())
    assert coverage.per_paragraph["3.14(b)"] >= 1
    assert coverage.per_paragraph["3.16"] == 0
    assert not coverage.met


def test_applied_paragraphs_are_those_of_rules_3_to_17_the_engine_cites():
    from rules_engine import TRAIL_CODES

    paragraphs = applied_paragraphs()
    assert "3.12(b)" in paragraphs and "3.16(a)" in paragraphs
    assert "3.1(d)" not in paragraphs  # rule 1 is outside the rules 3-17
    assert set(paragraphs) <= {code.rule for code in TRAIL_CODES.values()}


def test_a_missing_translation_is_found(bank):
    Scenario.objects.filter(slug="t-respot-blue").update(question_pl="  ")
    coverage = bank_coverage()
    assert coverage.incomplete == {"t-respot-blue": ("pl",)}
    assert coverage.per_language["pl"] == 10 and coverage.per_language["fr"] == 11
    assert "lacking pl: t-respot-blue" in report()


def test_a_note_written_in_one_language_is_needed_in_all(bank):
    scenario = Scenario.objects.get(slug="t-points-pink")
    for code in ("en", "fr", "ru", "fa", "pl"):
        setattr(scenario, f"note_{code}", "")
    scenario.note_en = "Only in English."
    scenario.save()
    assert bank_coverage().incomplete == {"t-points-pink": ("fr", "ru", "fa", "pl")}


def test_the_same_case_and_question_twice_is_found(bank):
    original = Scenario.objects.get(slug="t-calls-miss")
    copy = Scenario.objects.get(slug="t-next-miss")
    copy.case = {**original.case, "id": copy.slug}
    copy.save()
    assert bank_coverage().duplicates == ()  # same case, but another question
    copy.ask = original.ask
    copy.save()
    assert bank_coverage().duplicates == (("t-calls-miss", "t-next-miss"),)
    assert "same case and question: t-calls-miss, t-next-miss" in report()


def test_a_case_the_engine_cannot_judge_is_reported(bank):
    scenario = Scenario.objects.get(slug="t-legal-in-off")
    scenario.case = {**scenario.case, "state": {"reds": 99}}
    scenario.save()
    coverage = bank_coverage()
    assert set(coverage.unjudged) == {"t-legal-in-off"}
    assert not next(t for t in coverage.targets() if t.name == "judged by the engine").met


def test_positions_and_four_handed_are_read_from_the_case():
    assert has_positions({"state": {"positions": {"white": [889, 600]}}})
    assert not has_positions({"state": {"reds": 3}})
    sides = {"A": ["Ann", "Cal"], "B": ["Bo", "Dee"]}
    assert is_four_handed({"state": {"players": ["Ann", "Bo", "Cal", "Dee"], "sides": sides}})
    assert not is_four_handed({"state": {"players": ["A", "B"]}})


def test_practice_targets_never_count_exam_only_scenarios(exam_bank):
    coverage = bank_coverage()
    assert coverage.published == 11
    assert coverage.per_topic == {"test-fouls": 8, "test-respotting": 3}


def test_the_exam_pool_is_reported_apart_with_its_own_targets(exam_bank):
    from federations.models import Federation
    from quiz.coverage import exam_pool_coverage

    owner = Federation.objects.create(slug="pzb", name_en="PZB")
    Scenario.objects.filter(slug="x-two-reds-in-one-stroke").update(federation=owner)
    pool = exam_pool_coverage()
    assert pool.total == 2  # the shared pool: the owned scenario is not in it
    assert pool.per_topic == {"test-fouls": 2, "test-respotting": 0}
    assert pool.per_difficulty == {1: 1, 2: 1, 3: 0}
    assert pool.owned == {"pzb": 1}
    text = report()
    assert "exam pool: 2 shared exam-only scenario(s)" in text
    assert row(text, "test-fouls", 2)
    assert "  MISS exam pool in every topic" in text
    assert "  MISS exam pool difficulties               need 1, 2 and 3     have absent: 3" in text
    with pytest.raises(CommandError, match="exam pool with positions"):
        report("--check")
