"""The command line: judge, judge --check, validate, bench; bad input never gives a traceback."""

from __future__ import annotations

import json
import subprocess
import sys
from io import StringIO
from pathlib import Path

from rules_engine.cli import main

ROOT = Path(__file__).resolve().parents[2]
GOOD = {
    "format": "snooker-referee-case/1",
    "id": "good",
    "state": {"reds": 9},
    "stroke": {"first_contact": ["pink"], "path_to_ball_on": "none"},
    "expect": {"penalty": 6},
}


def write(tmp_path: Path, name: str, content: object) -> str:
    path = tmp_path / name
    path.write_text(content if isinstance(content, str) else json.dumps(content), encoding="utf-8")
    return str(path)


def run(*argv: str) -> tuple[int, str, str]:
    out, err = StringIO(), StringIO()
    status = main(list(argv), out=out, err=err)
    return status, out.getvalue(), err.getvalue()


def test_judge_prints_one_decision_per_line(tmp_path: Path) -> None:
    good = write(tmp_path, "good.json", GOOD)
    other = write(
        tmp_path, "other.json", {**GOOD, "id": "other", "stroke": {"first_contact": ["red"]}}
    )
    status, out, err = run("judge", good, other)
    lines = [json.loads(line) for line in out.splitlines()]
    assert (status, err) == (0, "")
    assert [(d["case"], d["penalty"]) for d in lines] == [("good", 6), ("other", 0)]


def test_check_reports_differences_and_exits_1(tmp_path: Path) -> None:
    good = write(tmp_path, "good.json", GOOD)
    wrong = write(tmp_path, "wrong.json", {**GOOD, "expect": {"penalty": 7, "calls": ["foul"]}})
    status, out, _ = run("judge", "--check", good, wrong)
    assert status == 1
    assert f"{good}: ok" in out
    assert f"{wrong}: penalty: expected 7, got 6" in out
    assert "calls" not in out  # the calls matched


def test_bad_input_is_one_line_per_problem_and_the_rest_is_judged(tmp_path: Path) -> None:
    good = write(tmp_path, "good.json", GOOD)
    broken = write(tmp_path, "broken.json", '{"format": "snooker-referee-case/1",')
    invalid = write(
        tmp_path,
        "invalid.json",
        {**GOOD, "state": {"reds": 3, "ball_on": "yellow", "striker": "Q"}},
    )
    missing = str(tmp_path / "missing.json")
    status, out, err = run("judge", broken, good, invalid, missing)
    assert status == 2
    assert json.loads(out)["case"] == "good"
    lines = err.splitlines()
    assert lines[0].startswith(f"{broken}: line 1 column ") and "invalid JSON" in lines[0]
    assert f"{invalid}: state.ball_on: yellow cannot be on while reds remain on the table" in lines
    assert f"{invalid}: state.striker: 'Q' is not one of the players" in lines
    assert lines[-1].startswith(f"{missing}: cannot read the file")
    assert "Traceback" not in err


def test_validate(tmp_path: Path) -> None:
    good = write(tmp_path, "good.json", GOOD)
    assert run("validate", good)[0] == 0
    bad = write(
        tmp_path,
        "bad.json",
        {**GOOD, "stroke": {"first_contact": ["red"], "infringements": ["sneeze"]}},
    )
    status, _, err = run("validate", good, bad)
    assert status == 2
    assert err == f"{bad}: stroke.infringements[0]: unknown infringement code 'sneeze'\n"


def test_usage_errors_exit_2() -> None:
    assert run("judge")[0] == 2
    assert run("referee", "x.json")[0] == 2


def test_bench_prints_measurements_and_targets() -> None:
    status, out, _ = run("bench", "--seconds", "0.05")
    assert status == 0
    assert "plain judgements/s" in out and ">= 50,000" in out
    assert "full-table judgements/s" in out and ">= 2,000" in out
    assert "whole-D snooker check" in out and "<= 5.0 ms" in out


def test_python_dash_m_runs_without_a_traceback(tmp_path: Path) -> None:
    not_json = write(tmp_path, "x.json", "[[[")
    result = subprocess.run(
        [sys.executable, "-m", "rules_engine", "judge", not_json],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 2
    assert result.stderr.startswith(f"{not_json}: line 1 column 4: invalid JSON")
    assert "Traceback" not in result.stderr


def test_an_engine_failure_is_one_line_and_the_rest_is_judged(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from rules_engine.rulesets.wpbsa2007 import Wpbsa2007Referee

    original = Wpbsa2007Referee.judge

    def judge_or_fail(self, case):  # type: ignore[no-untyped-def]
        if case.id == "boom":
            raise RuntimeError("simulated bug")
        return original(self, case)

    monkeypatch.setattr(Wpbsa2007Referee, "judge", judge_or_fail)
    boom = write(tmp_path, "boom.json", {**GOOD, "id": "boom"})
    good = write(tmp_path, "good.json", GOOD)
    status, out, err = run("judge", boom, good)
    assert status == 2
    assert json.loads(out)["case"] == "good"
    assert err == f"{boom}: the engine could not judge this case (RuntimeError: simulated bug)\n"
