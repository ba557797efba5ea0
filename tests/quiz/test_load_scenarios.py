"""load_scenarios: every case validated by the engine; all or nothing."""

from __future__ import annotations

import json
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command

from quiz.models import Scenario, Topic

pytestmark = pytest.mark.django_db

TEST_BANK = Path(__file__).parent / "fixtures" / "bank.json"


def bank_objects() -> list[dict]:
    return json.loads(TEST_BANK.read_text(encoding="utf-8"))


def write(tmp_path: Path, objects: list[dict], name: str = "bank.json") -> Path:
    path = tmp_path / name
    path.write_text(json.dumps(objects, ensure_ascii=False), encoding="utf-8")
    return path


def load(*paths: Path) -> tuple[str, str]:
    out, err = StringIO(), StringIO()
    call_command("load_scenarios", *map(str, paths), stdout=out, stderr=err)
    return out.getvalue(), err.getvalue()


def failing_load(*paths: Path) -> str:
    err = StringIO()
    with pytest.raises(CommandError, match="nothing was loaded"):
        call_command("load_scenarios", *map(str, paths), stdout=StringIO(), stderr=err)
    return err.getvalue()


def scenario_entry(objects: list[dict], slug: str) -> dict:
    return next(o for o in objects if o["fields"]["slug"] == slug)


def test_valid_bank_loads_every_scenario_without_expect(tmp_path):
    objects = bank_objects()
    out, _err = load(write(tmp_path, objects))
    scenarios = [o for o in objects if o["model"] == "quiz.scenario"]
    assert Scenario.objects.count() == len(scenarios)
    assert Topic.objects.count() == len(objects) - len(scenarios)
    assert f"{len(scenarios)} scenario" in out
    for scenario in Scenario.objects.all():
        assert "expect" not in scenario.case
        assert scenario.case["id"] == scenario.slug
    blue = Scenario.objects.get(slug="t-respot-blue")
    assert blue.title_fr == "Bleue, mouche occupée"
    assert blue.topic.slug == "test-respotting"
    assert blue.ask_ball == "blue"


def test_invalid_case_stops_the_load_and_names_the_field(tmp_path):
    load(write(tmp_path, bank_objects()))
    before = {s.slug: (s.title_en, s.case) for s in Scenario.objects.all()}
    objects = bank_objects()
    for entry in objects:
        if entry["model"] == "quiz.scenario":
            entry["fields"]["title_en"] = "Changed"
    broken = scenario_entry(objects, "t-legal-in-off")
    broken["fields"]["case"]["state"]["reds"] = 99
    path = write(tmp_path, objects)
    errors = failing_load(path)
    assert f"{path}: t-legal-in-off: case.state.reds" in errors
    after = {s.slug: (s.title_en, s.case) for s in Scenario.objects.all()}
    assert after == before


def test_expect_disagreeing_with_the_engine_stops_the_load(tmp_path):
    objects = bank_objects()
    wrong = scenario_entry(objects, "t-penalty-in-off")
    wrong["fields"]["case"]["expect"]["penalty"] = 7
    path = write(tmp_path, objects)
    errors = failing_load(path)
    assert f"{path}: t-penalty-in-off: case.expect.penalty" in errors
    assert Scenario.objects.count() == 0
    assert Topic.objects.count() == 0


def test_every_problem_is_reported_at_once(tmp_path):
    objects = bank_objects()
    scenario_entry(objects, "t-penalty-in-off")["fields"]["case"]["expect"]["penalty"] = 7
    scenario_entry(objects, "t-calls-miss")["fields"]["question_fa"] = ""
    scenario_entry(objects, "t-next-miss")["fields"]["topic"] = ["no-such-topic"]
    scenario_entry(objects, "t-points-pink")["fields"]["ask"] = "colour_of_the_cloth"
    errors = failing_load(write(tmp_path, objects))
    assert "t-penalty-in-off: case.expect.penalty" in errors
    assert "t-calls-miss: question_fa: is empty" in errors
    assert "t-next-miss: topic: unknown topic" in errors
    assert "t-points-pink: ask: must be one of" in errors


def test_slug_must_equal_case_id(tmp_path):
    objects = bank_objects()
    scenario_entry(objects, "t-calls-miss")["fields"]["case"]["id"] = "something-else"
    errors = failing_load(write(tmp_path, objects))
    assert "t-calls-miss: case.id: must equal the slug" in errors


def test_unreadable_file_is_reported(tmp_path):
    path = tmp_path / "broken.json"
    path.write_text("[{", encoding="utf-8")
    errors = failing_load(path)
    assert f"{path}: -: file: cannot be read as JSON" in errors


def test_reloading_updates_scenarios_by_slug(tmp_path):
    load(write(tmp_path, bank_objects()))
    count = Scenario.objects.count()
    objects = bank_objects()
    scenario_entry(objects, "t-calls-miss")["fields"]["title_pl"] = "Nowy tytuł"
    load(write(tmp_path, objects))
    assert Scenario.objects.count() == count
    assert Scenario.objects.get(slug="t-calls-miss").title_pl == "Nowy tytuł"


def test_topics_and_scenarios_may_come_from_separate_files(tmp_path):
    objects = bank_objects()
    topics = [o for o in objects if o["model"] == "quiz.topic"]
    scenarios = [o for o in objects if o["model"] == "quiz.scenario"]
    load(write(tmp_path, topics, "topics.json"), write(tmp_path, scenarios, "s.json"))
    assert Scenario.objects.count() == len(scenarios)


def test_the_test_bank_carries_expect_blocks():
    # Loading checks the author's expect against the engine: every scenario needs one.
    for entry in bank_objects():
        if entry["model"] == "quiz.scenario":
            assert entry["fields"]["case"].get("expect"), entry["fields"]["slug"]
