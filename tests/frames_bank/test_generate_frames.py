"""``manage.py generate_frames``: the bank's generated files are what the command writes, frames
from seeds pass the engine's check, and the figures are printed."""

from __future__ import annotations

import json
from io import StringIO
from pathlib import Path

from django.core.management import call_command

from frames.management.commands.generate_frames import BANK
from rules_engine import load_frame
from rules_engine.frame import judge_frame

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "frames"


def test_the_bank_is_what_the_command_writes(tmp_path):
    call_command("generate_frames", "--bank", str(tmp_path), stdout=StringIO())
    written = sorted(path.name for path in tmp_path.glob("*.json"))
    assert written == sorted(f"{name}.json" for name, _, _ in BANK)
    changed = [
        name
        for name in written
        if (tmp_path / name).read_text(encoding="utf-8")
        != (FIXTURES / name).read_text(encoding="utf-8")
    ]
    assert changed == []  # else: generate_frames --bank fixtures/frames, and say why


def test_frames_from_seeds_are_written_and_proved(tmp_path):
    out = StringIO()
    call_command("generate_frames", "--count", "2", "--seed", "40", "--out", str(tmp_path),
                 "--style", "club", stdout=out)  # fmt: skip
    paths = sorted(tmp_path.glob("*.json"))
    assert [path.name for path in paths] == ["generated-40.json", "generated-41.json"]
    for path in paths:
        result = judge_frame(load_frame(json.loads(path.read_text(encoding="utf-8"))))
        assert result.differences == ()
    assert out.getvalue().count("generated-") == 2


def test_the_report_prints_every_figure():
    out = StringIO()
    call_command("generate_frames", "--report", "3", stdout=out)
    names = [line.split(":")[0] for line in out.getvalue().splitlines()]
    assert {"average_break", "fouls_per_frame", "misses_per_frame", "free_balls_per_frame"} <= set(
        names
    )
    assert "frames: 3" in out.getvalue()
