"""quiz/families/check.py and manage.py check_families: the bank passes, planted families fail."""

from pathlib import Path

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from quiz.families import check
from quiz.families.check import check_family
from quiz.families.spec import load_families

BAD_FILE = Path(__file__).parent / "data" / "bad.json"
BAD = {f.slug: f for f in load_families(paths=[BAD_FILE])}


def test_every_family_of_the_bank_is_clean_at_a_small_n(capsys):
    call_command("check_families", "--n", "40")
    out = capsys.readouterr().out
    assert f"{len(load_families())} families, 0 with problems" in out


def test_the_check_fails_on_planted_bad_families(capsys):
    with pytest.raises(CommandError, match="planted-one-answer"):
        call_command("check_families", "--n", "10", str(BAD_FILE))
    assert "PROBLEM" in capsys.readouterr().out


def test_one_answer_only_is_reported():
    report = check_family(family=BAD["planted-one-answer"], n=20)
    assert "fewer than 2 distinct correct answers" in report.problems
    assert "one answer above 70% of instances" in report.problems


def test_a_case_error_and_an_impossible_constraint_are_reported():
    assert any(
        "does not load" in p for p in check_family(family=BAD["planted-bad-case"], n=3).problems
    )
    report = check_family(family=BAD["planted-impossible-constraint"], n=3)
    assert report.built == 0 and any("meets the constraints" in p for p in report.problems)


def test_a_fact_the_narrative_does_not_state_is_reported():
    report = check_family(family=BAD["planted-unstated-fact"], n=5)
    assert report.problems["narrative facts missing: path_to_ball_on"] == 5


def test_untranslated_strings_are_reported(monkeypatch):
    monkeypatch.setattr(check, "LANGUAGES", ("en", "de"))
    report = check_family(family=load_families()[0], n=2)
    assert report.problems["untranslated strings (de)"] == 2


def test_the_spread_is_judged_for_each_kind_of_question():
    report = check.FamilyReport(slug="x", built=10)
    report.answers.update({'{"penalty": 4}': 5, '{"penalty": 5}': 1, '{"legal": false}': 4})
    assert report.spread_problems() == [
        "fewer than 2 distinct correct answers",
        "one answer above 70% of instances",
    ]
    report.answers['{"legal": true}'] = 3
    report.answers['{"penalty": 6}'] = 3
    assert report.spread_problems() == []
