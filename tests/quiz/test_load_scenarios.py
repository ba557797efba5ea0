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


# --- audience and owned pools (issue 8) ------------------------------------------------

EXAM_BANK = Path(__file__).parent / "fixtures" / "exam_bank.json"


def exam_objects() -> list[dict]:
    return json.loads(EXAM_BANK.read_text(encoding="utf-8"))


def exam_only(entry: dict, slug: str) -> dict:
    """A copy of ``entry`` renamed ``slug`` (its case's id too)."""
    copy = json.loads(json.dumps(entry))
    copy["fields"]["slug"] = copy["fields"]["case"]["id"] = slug
    return copy


def test_audience_defaults_to_practice_and_exam_only_is_kept(tmp_path):
    load(write(tmp_path, bank_objects()), write(tmp_path, exam_objects(), "exam.json"))
    assert set(Scenario.objects.filter(audience="exam").values_list("slug", flat=True)) == {
        entry["fields"]["slug"] for entry in exam_objects()
    }
    practice = Scenario.objects.get(slug="t-calls-miss")
    assert practice.audience == "practice" and practice.federation is None
    assert Scenario.objects.get(slug="x-red-and-blue-down").federation is None


def test_an_exam_only_scenario_may_belong_to_a_federation(tmp_path):
    from federations.models import Federation

    owner = Federation.objects.create(slug="pzb", name_en="PZB")
    objects = exam_objects()
    objects[0]["fields"]["federation"] = ["pzb"]
    objects[1]["fields"]["federation"] = "pzb"
    load(write(tmp_path, bank_objects()), write(tmp_path, objects, "exam.json"))
    owned = set(Scenario.objects.filter(federation=owner).values_list("slug", flat=True))
    assert owned == {objects[0]["fields"]["slug"], objects[1]["fields"]["slug"]}


def only_in(entry: dict, *kept: str) -> None:
    """Empty ``entry``'s words in every language but ``kept``."""
    for name in ("title", "narrative", "question", "note"):
        for code in ("en", "fr", "ru", "fa", "pl"):
            if code not in kept:
                entry["fields"][f"{name}_{code}"] = ""


def test_a_federations_scenario_needs_only_the_languages_its_exams_offer(tmp_path):
    from datetime import UTC, datetime

    from exams.models import Exam
    from federations.models import Federation

    owner = Federation.objects.create(slug="pzb", name_en="PZB")
    Exam.objects.create(federation=owner, slug="e", name="E", time_limit=10, pass_mark=50,
                        opens_at=datetime(2026, 1, 1, tzinfo=UTC),
                        closes_at=datetime(2026, 1, 2, tzinfo=UTC), languages=["pl", "en"])
    objects = exam_objects()
    objects[0]["fields"]["federation"] = ["pzb"]
    only_in(objects[0], "en", "pl")
    load(write(tmp_path, bank_objects()), write(tmp_path, objects, "exam.json"))
    loaded = Scenario.objects.get(slug=objects[0]["fields"]["slug"])
    assert loaded.title_pl and loaded.title_fr == ""


@pytest.mark.parametrize(
    ("owner", "kept", "problem"),
    [
        # The shared exam pool serves every federation: every language.
        (None, ("en", "pl"), "title_fr: is empty; every language of its pool is needed"),
        # A federation without exams yet: every language too.
        ("pzb", ("en", "pl"), "title_ru: is empty; every language of its pool is needed"),
    ],
)
def test_the_shared_pool_and_a_federation_without_exams_need_every_language(
    tmp_path, owner, kept, problem
):
    from federations.models import Federation

    Federation.objects.create(slug="pzb", name_en="PZB")
    objects = exam_objects()
    objects[0]["fields"]["federation"] = [owner] if owner else None
    only_in(objects[0], *kept)
    errors = failing_load(write(tmp_path, bank_objects()), write(tmp_path, objects, "exam.json"))
    assert f"{objects[0]['fields']['slug']}: {problem}" in errors


def test_a_language_not_needed_is_written_in_full_or_not_at_all(tmp_path):
    from datetime import UTC, datetime

    from exams.models import Exam
    from federations.models import Federation

    owner = Federation.objects.create(slug="pzb", name_en="PZB")
    Exam.objects.create(federation=owner, slug="e", name="E", time_limit=10, pass_mark=50,
                        opens_at=datetime(2026, 1, 1, tzinfo=UTC),
                        closes_at=datetime(2026, 1, 2, tzinfo=UTC), languages=["pl"])
    objects = exam_objects()
    objects[0]["fields"]["federation"] = ["pzb"]
    only_in(objects[0], "pl", "fr")
    objects[0]["fields"]["question_fr"] = ""
    errors = failing_load(write(tmp_path, bank_objects()), write(tmp_path, objects, "exam.json"))
    slug = objects[0]["fields"]["slug"]
    assert f"{slug}: question_fr: is empty; write this language in full, or leave it out" in errors
    assert f"{slug}: title_en" not in errors


@pytest.mark.parametrize(
    ("change", "field", "message"),
    [
        ({"audience": "public"}, "audience", "must be practice or exam, not 'public'"),
        ({"audience": ["exam"]}, "audience", "must be practice or exam"),
        ({"federation": ["no-such-federation"]}, "federation", "unknown federation"),
        ({"federation": {"slug": "pzb"}}, "federation", "must be a federation's slug"),
    ],
)
def test_a_bad_audience_or_owner_is_refused_and_nothing_loads(tmp_path, change, field, message):
    objects = exam_objects()
    objects[2]["fields"].update(change)
    path = write(tmp_path, objects, "exam.json")
    errors = failing_load(write(tmp_path, bank_objects()), path)
    assert f"{path}: x-red-and-blue-down: {field}: {message}" in errors
    assert len(errors.strip().splitlines()) == 1
    assert Scenario.objects.count() == 0


def test_a_practice_scenario_with_a_federation_is_refused(tmp_path):
    from federations.models import Federation

    Federation.objects.create(slug="pzb", name_en="PZB")
    objects = bank_objects()
    scenario_entry(objects, "t-calls-miss")["fields"]["federation"] = ["pzb"]
    path = write(tmp_path, objects)
    errors = failing_load(path)
    assert f"{path}: t-calls-miss: federation: a practice scenario is public" in errors
    assert Scenario.objects.count() == 0


def test_an_exam_case_equal_to_a_practice_case_but_id_expect_and_scores_is_refused(tmp_path):
    objects = exam_objects()
    copy = exam_only(scenario_entry(bank_objects(), "t-legal-red-potted"), "x-copy")
    copy["fields"]["audience"] = "exam"
    copy["fields"]["ask"] = "ball_on"  # another question of the same case: still a copy
    copy["fields"]["case"]["state"]["scores"] = {"A": 50, "B": 3}
    copy["fields"]["case"]["expect"] = {"next": {"ball_on": "colour"}}
    path = write(tmp_path, [*objects, copy], "exam.json")
    errors = failing_load(write(tmp_path, bank_objects()), path)
    assert f"{path}: x-copy: case: is practice scenario 't-legal-red-potted'" in errors
    assert len(errors.strip().splitlines()) == 1
    assert Scenario.objects.count() == 0


def test_an_exam_case_equal_to_a_practice_case_already_loaded_is_refused(tmp_path):
    load(write(tmp_path, bank_objects()))
    copy = exam_only(scenario_entry(bank_objects(), "t-calls-miss"), "x-copy")
    copy["fields"]["audience"] = "exam"
    path = write(tmp_path, [copy], "exam.json")
    errors = failing_load(path)
    assert f"{path}: x-copy: case: is practice scenario 't-calls-miss'" in errors
    assert not Scenario.objects.filter(slug="x-copy").exists()


def test_two_exam_cases_alike_are_refused(tmp_path):
    objects = exam_objects()
    twin = exam_only(objects[0], "x-twin")
    twin["fields"]["case"]["state"]["scores"] = {"A": 7, "B": 9}
    path = write(tmp_path, [*objects, twin], "exam.json")
    errors = failing_load(write(tmp_path, bank_objects()), path)
    assert f"{path}: x-twin: case: is exam-only scenario 'x-yellow-potted-red-on'" in errors
    assert Scenario.objects.count() == 0


TWINS = json.loads((Path(__file__).parent / "fixtures" / "twins.json").read_text("utf-8"))


def twin_entry(side: dict, slug: str, audience: str, published: bool = True) -> dict:
    """A scenario of the test bank's texts holding one of the review's twin cases."""
    from rules_engine import judge, load_case
    from studio.services import expectation

    entry = exam_only(scenario_entry(bank_objects(), "t-legal-red-potted"), slug)
    case = json.loads(json.dumps(side["case"]))
    case["id"] = slug
    case["expect"] = expectation(judge(load_case(case)).to_dict())
    entry["fields"].update(
        case=case, ask=side["ask"], ask_ball=side["ask_ball"], audience=audience,
        published=published,
    )  # fmt: skip
    return entry


@pytest.mark.parametrize("pair", TWINS, ids=[pair["exam"]["slug"] for pair in TWINS])
def test_each_exam_twin_the_review_found_is_refused(tmp_path, pair):
    # A diagram added, a red more or fewer, the breaker or the players named otherwise:
    # the same situation with the same ruling (quiz/situations.py), refused.
    practice = twin_entry(pair["practice"], "p-twin", "practice")
    exam = twin_entry(pair["exam"], "x-twin", "exam")
    path = write(tmp_path, [*exam_objects(), exam], "exam.json")
    errors = failing_load(write(tmp_path, [*bank_objects(), practice]), path)
    assert f"{path}: x-twin: case: is practice scenario 'p-twin''s situation" in errors
    assert len(errors.strip().splitlines()) == 1


def test_a_withdrawn_exam_twin_loads_and_publishing_it_is_refused(tmp_path):
    pair = TWINS[0]
    practice = twin_entry(pair["practice"], "p-twin", "practice")
    exam = twin_entry(pair["exam"], "x-twin", "exam", published=False)
    bank = write(tmp_path, [*bank_objects(), practice])
    out, _err = load(bank, write(tmp_path, [*exam_objects(), exam], "exam.json"))
    assert "Loaded" in out
    exam["fields"]["published"] = True
    errors = failing_load(bank, write(tmp_path, [*exam_objects(), exam], "exam.json"))
    assert "x-twin: case: is practice scenario 'p-twin''s situation" in errors


def test_an_exam_case_with_another_ruling_loads(tmp_path):
    pair = next(p for p in TWINS if p["exam"]["slug"] == "exam-red-and-green-same-stroke")
    practice = twin_entry(pair["practice"], "p-twin", "practice")
    changed = json.loads(json.dumps(pair["exam"]))
    stroke = changed["case"]["stroke"]
    stroke["potted"] = ["red", "pink"]  # foul 6, the pink re-spotted
    stroke["positions_after"]["green"] = [597.0, 737.0]
    del stroke["positions_after"]["pink"]
    exam = twin_entry(changed, "x-new", "exam")
    out, _err = load(
        write(tmp_path, [*bank_objects(), practice]),
        write(tmp_path, [*exam_objects(), exam], "exam.json"),
    )
    assert "Loaded" in out
    assert Scenario.objects.filter(slug="x-new", audience="exam").exists()


def test_a_practice_case_that_is_a_stored_exam_situation_is_refused(tmp_path):
    pair = TWINS[1]
    exam = twin_entry(pair["exam"], "x-twin", "exam")
    load(write(tmp_path, bank_objects()), write(tmp_path, [*exam_objects(), exam], "exam.json"))
    practice = twin_entry(pair["practice"], "p-twin", "practice")
    errors = failing_load(write(tmp_path, [practice], "more.json"))
    assert "p-twin: case: is exam-only scenario 'x-twin''s situation" in errors
    assert "practice would show it" in errors


def test_practice_scenarios_may_share_a_case(tmp_path):
    # the test bank asks two questions of several cases: practice may, exams may not
    out, _err = load(write(tmp_path, bank_objects()))
    assert "Loaded" in out


# --- wrong types and hostile input (issue 11): one line each, never a traceback -----------


def deep(levels: int) -> str:
    return "[" * levels + "]" * levels


@pytest.mark.parametrize(
    ("mutate", "field", "message"),
    [
        (lambda f: f["case"]["state"].update(positions={"white": [1e308, 1e308]}),
         "case", ""),
        (lambda f: f.update(topic={"slug": "test-fouls"}), "topic", "must be a topic's slug"),
        (lambda f: f.update(topic=[["test-fouls"]]), "topic", "must be a topic's slug"),
        (lambda f: f.update(published="false"), "published", "must be true or false"),
        (lambda f: f.update(published=0), "published", "must be true or false"),
        (lambda f: f.update(difficulty=True), "difficulty", "must be 1, 2 or 3"),
        (lambda f: f.update(difficulty="2"), "difficulty", "must be 1, 2 or 3"),
        (lambda f: f.update(ask=["legal"]), "ask", "must be one of"),
        (lambda f: f.update(ask_ball=["blue"]), "ask_ball", "must be a colour"),
        (lambda f: f.update(title_en=["a", "b"]), "title_en", "must be a text"),
        (lambda f: f.update(title_en="x" * 201), "title_en", "is longer than 200 characters"),
        (lambda f: f.update(narrative_pl="a\x00b"), "narrative_pl", "holds a NUL character"),
        (lambda f: f["case"].update(state=[]), "case", ""),
    ],
)
def test_wrong_types_are_refused_in_one_line(tmp_path, mutate, field, message):
    objects = bank_objects()
    mutate(scenario_entry(objects, "t-calls-miss")["fields"])
    path = write(tmp_path, objects)
    errors = failing_load(path)
    lines = errors.strip().splitlines()
    assert lines and all(line.startswith(f"{path}: t-calls-miss: {field}") for line in lines)
    assert message in errors
    assert "Traceback" not in errors
    assert Scenario.objects.count() == 0


def test_positions_of_1e308_are_one_report_line(tmp_path):
    objects = bank_objects()
    state = scenario_entry(objects, "t-calls-miss")["fields"]["case"]["state"]
    state["positions"] = {"white": [1e308, 1e308], "red": [[1e308, 5.0]]}
    path = write(tmp_path, objects)
    lines = failing_load(path).strip().splitlines()
    assert f"{path}: t-calls-miss: case.state.positions.white: ball at" in lines[0]
    assert all(line.startswith(f"{path}: t-calls-miss: case.") for line in lines)


@pytest.mark.parametrize("order", ["abc", 1.5, True, -1, 40000, [1]])
def test_a_topic_order_that_is_not_a_whole_number_is_refused(tmp_path, order):
    objects = bank_objects()
    scenario_entry(objects, "test-fouls")["fields"]["order"] = order
    path = write(tmp_path, objects)
    errors = failing_load(path)
    assert f"{path}: test-fouls: order: must be a whole number" in errors
    assert len(errors.strip().splitlines()) == 1
    assert Topic.objects.count() == 0


def test_json_nested_3000_deep_is_one_line(tmp_path):
    path = tmp_path / "deep.json"
    path.write_text(deep(3000), encoding="utf-8")
    errors = failing_load(path)
    assert errors.strip().splitlines() == [
        f"{path}: -: file: cannot be read as JSON: nested more than 32 levels deep"
    ]


def test_a_case_nested_deep_but_readable_is_one_line(tmp_path):
    objects = bank_objects()
    scenario_entry(objects, "t-calls-miss")["fields"]["case"]["stroke"]["extra"] = json.loads(
        deep(500)
    )
    path = write(tmp_path, objects)
    errors = failing_load(path)
    assert errors.strip().splitlines() == [
        f"{path}: t-calls-miss: case.stroke.extra" + "[0]" * 30 + ": is nested more than 32 "
        "levels deep"
    ]


@pytest.mark.parametrize("text", ['[{"fields": {"slug": NaN}}]', "[" + "9" * 5000 + "]"])
def test_numbers_json_does_not_allow_are_one_line(tmp_path, text):
    path = tmp_path / "numbers.json"
    path.write_text(text, encoding="utf-8")
    errors = failing_load(path)
    assert len(errors.strip().splitlines()) == 1
    assert errors.startswith(f"{path}: -: file: cannot be read as JSON")


@pytest.mark.parametrize("model", [["quiz.scenario"], {"a": 1}, None])
def test_a_model_that_is_not_a_name_is_refused(tmp_path, model):
    objects = bank_objects()
    scenario_entry(objects, "t-calls-miss")["model"] = model
    errors = failing_load(write(tmp_path, objects))
    assert "t-calls-miss: model: unknown model" in errors


@pytest.mark.parametrize("slug", [["t"], "with space", "", 5])
def test_a_slug_that_is_not_a_slug_is_refused(tmp_path, slug):
    objects = bank_objects()
    scenario_entry(objects, "t-calls-miss")["fields"]["slug"] = slug
    errors = failing_load(write(tmp_path, objects))
    assert "slug: " in errors and "Traceback" not in errors


#: A break: the blue potted, then a stroke before it was spotted (2014 takes the blue's points
#: off the striker: two sides' scores change, which the answer's points field cannot give).
EARLY_STROKE = {
    "format": "snooker-referee-case/1",
    "state": {"reds": 5, "scores": {"A": 40, "B": 20}, "unspotted_colour": "blue"},
    "stroke": {"first_contact": ["red"], "potted": ["red"], "infringements": ["early_stroke:blue"]},
    "expect": {"legal": False, "penalty": 5},
}


@pytest.mark.parametrize("ask", ["points", "decision"])
def test_a_points_question_no_answer_can_get_right_is_refused(tmp_path, ask):
    objects = bank_objects()
    fields = scenario_entry(objects, "t-points-pink")["fields"]
    fields["ask"] = ask
    fields["case"] = {"id": "t-points-pink", **EARLY_STROKE}  # the seeds' edition: 2014 differs
    errors = failing_load(write(tmp_path, objects))
    refusal = "t-points-pink: ask: under wpbsa-2014 the decision changes the scores by A -5, B +5"
    assert refusal in errors
    assert "under wpbsa-2007" not in errors


def test_another_question_on_such_a_case_loads(tmp_path):
    objects = bank_objects()
    fields = scenario_entry(objects, "t-points-pink")["fields"]
    fields["ask"] = "penalty"
    fields["case"] = {"id": "t-points-pink", "ruleset": "wpbsa-2014", **EARLY_STROKE}
    load(write(tmp_path, objects))
    assert Scenario.objects.get(slug="t-points-pink").case["state"]["unspotted_colour"] == "blue"


# --- a family's instance is never overwritten by a hand-written scenario (issue 25) -----------


def renamed(objects: list[dict], slug: str, new_slug: str) -> list[dict]:
    """The bank with ``slug``'s scenario written under ``new_slug`` (its case's id too)."""
    entry = json.loads(json.dumps(scenario_entry(objects, slug)))
    entry["fields"]["slug"] = entry["fields"]["case"]["id"] = new_slug
    return [o for o in objects if o.get("fields", {}).get("slug") != slug] + [entry]


def test_a_slug_of_a_frozen_instance_is_refused_and_the_instance_kept(tmp_path, families):
    from quiz.freezing import freeze_instance

    instance = freeze_instance(family=families["miss-by-scores"], seed=1)
    before = (instance.case, instance.ask, instance.title_en)
    objects = renamed(bank_objects(), "t-respot-blue", instance.slug)
    objects = renamed(objects, "t-legal-in-off", "t-legal-in-off-new")  # loads only with all
    path = write(tmp_path, objects)
    err = failing_load(path)
    assert f"{path}: {instance.slug}: slug: is a scenario family's frozen instance" in err
    instance.refresh_from_db()
    assert (instance.case, instance.ask, instance.title_en) == before
    assert instance.family_id is not None and instance.seed == 1
    assert not Scenario.objects.filter(slug="t-legal-in-off-new").exists()  # all or nothing


def test_a_slug_in_a_familys_pattern_is_refused_before_its_seed_is_drawn(tmp_path, families):
    path = write(tmp_path, renamed(bank_objects(), "t-respot-blue", "miss-by-scores-424242"))
    err = failing_load(path)
    assert (
        f"{path}: miss-by-scores-424242: slug: is reserved for family 'miss-by-scores''s "
        "instances" in err
    )
    assert not Scenario.objects.filter(slug="miss-by-scores-424242").exists()


@pytest.mark.parametrize("slug", ["miss-by-scores-1a", "miss-by-scores", "t-respot-blue-2"])
def test_slugs_outside_a_familys_pattern_still_load(tmp_path, families, slug):
    load(write(tmp_path, renamed(bank_objects(), "t-respot-blue", slug)))
    assert Scenario.objects.get(slug=slug).family_id is None
