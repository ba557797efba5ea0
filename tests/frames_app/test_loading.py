"""load_frames: every file proved by the engine, all loaded or none; no answer key stored."""

from __future__ import annotations

import json
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command

from frames.models import Frame
from tests.frames_app.conftest import DATA, SHORT

pytestmark = pytest.mark.django_db


def _load(*paths: Path) -> str:
    err = StringIO()
    try:
        call_command("load_frames", *map(str, paths), stdout=StringIO(), stderr=err)
    except CommandError:
        return err.getvalue()
    return ""


def _variant(tmp_path: Path, name: str, change) -> Path:
    data = json.loads(SHORT.read_text())
    data["id"] = name
    change(data)
    path = tmp_path / f"{name}.json"
    path.write_text(json.dumps(data))
    return path


def test_the_test_frames_load_with_their_strokes_tags_and_no_expect(frames):
    short = frames["positions-short"]
    assert short.stroke_count == 4 and short.positions_count == 4
    assert short.ruleset == "wpbsa-2007"
    assert short.tags == ["fouls", "misses"]
    assert frames["four-handed"].tags[-1] == "four-handed"
    assert "respotted-black" in frames["respotted-black"].tags
    assert "free-ball" in frames["free-ball"].tags
    stored = json.dumps([frame.data for frame in frames.values()])
    assert '"expect' not in stored  # no answer key in the database


def test_a_stroke_whose_expect_the_engine_contradicts_is_refused_and_nothing_loads(tmp_path):
    def wrong_penalty(data):
        data["strokes"][1]["expect"]["penalty"] = 6  # the rules say 7 (the black nominated)

    bad = _variant(tmp_path, "wrong-penalty", wrong_penalty)
    problems = _load(*sorted(DATA.glob("*.json")), bad)
    assert "wrong-penalty: strokes[1].expect: penalty: expected 6, the engine decides 7" in problems
    assert Frame.objects.count() == 0  # the good files were not loaded either


@pytest.mark.parametrize(
    ("name", "change", "message"),
    [
        ("no-expect", lambda d: d["strokes"][2].pop("expect"), "strokes[2]: no expect"),
        (
            "pink-gone",
            lambda d: d["strokes"][2]["stroke"].update(potted=["red"]),
            "strokes[2].stroke.potted[0]",
        ),
        (
            "bad-choice",
            lambda d: d["strokes"][0].update(choice="offender_again"),
            "strokes[0].choice",
        ),
        ("unknown-field", lambda d: d.update(title="x"), "title: unknown field"),
    ],
)
def test_a_bad_frame_file_is_refused_with_its_path(tmp_path, name, change, message):
    problems = _load(_variant(tmp_path, name, change))
    assert message in problems
    assert not Frame.objects.exists()


def test_two_files_with_one_id_and_a_file_not_json_are_refused(tmp_path):
    twin = tmp_path / "twin.json"
    twin.write_text(SHORT.read_text())
    broken = tmp_path / "broken.json"
    broken.write_text("{not json")
    problems = _load(SHORT, twin, broken)
    assert "positions-short is also" in problems
    assert "broken.json: not a JSON file" in problems
    assert not Frame.objects.exists()


def test_loading_again_updates_by_slug(frames):
    assert _load(SHORT) == ""
    assert Frame.objects.filter(slug="positions-short").count() == 1
