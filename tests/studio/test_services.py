"""Publishing (load_scenarios's own checks), versions, export and import."""

from __future__ import annotations

import json
from datetime import timedelta

import pytest
from django.utils import timezone

from exams.models import Attempt, AttemptQuestion, Enrolment, Exam
from exams.selectors import federation_languages
from exams.services import frozen_question
from quiz import loading
from quiz.models import Audience, Scenario
from studio import services
from studio.models import Draft, PublishedVersion
from tests.studio.conftest import IN_OFF, POSITIONS, words

pytestmark = pytest.mark.django_db


def paths(problems) -> set[str]:
    return {problem.path for problem in problems}


def test_publish_writes_the_scenario_without_expect(draft, users):
    assert services.publish(draft=draft, user=users["author"]) == []
    scenario = Scenario.objects.get(slug=draft.slug)
    assert scenario.audience == Audience.EXAM
    assert scenario.federation == draft.federation
    assert scenario.published
    assert "expect" not in scenario.case
    assert scenario.case["id"] == draft.slug
    assert scenario.title_ru == "In-off [ru]"
    assert draft.versions.get().number == 1


def test_publish_refuses_an_incomplete_scenario_with_reasons(draft, users):
    draft.words["fa"]["title"] = ""
    draft.words["pl"]["question"] = "  "
    draft.save()
    problems = services.publish(draft=draft, user=users["author"])
    assert {"title_fa", "question_pl"} <= paths(problems)
    assert all("every language" in p.message for p in problems if p.path == "title_fa")
    assert not Scenario.objects.filter(slug=draft.slug).exists()
    assert not PublishedVersion.objects.exists()


def test_publish_refuses_what_load_scenarios_refuses(draft, users, tmp_path):
    """The same checks: a fixture of the same scenario fails load_scenarios on the same fields."""
    draft.case = {"state": {"reds": 3, "colours": ["black"]}, "stroke": {"first_contact": ["red"]}}
    draft.ask = "respot"
    draft.save()
    problems = services.publish(draft=draft, user=users["author"])
    fixture = tmp_path / "bank.json"
    fields = services.fixture_fields(draft=draft, expect={})
    fixture.write_text(json.dumps([{"model": "quiz.scenario", "fields": fields}]))
    bank = loading.read_bank([fixture], pool_languages=federation_languages)
    from_loader = {line.split(": ")[2] for line in bank.problems}
    assert "ask_ball" in paths(problems)
    assert any(path.startswith("case.state") for path in paths(problems))
    assert from_loader == paths(problems)


def test_a_slug_of_another_scenario_is_refused(draft, users, topic):
    Scenario.objects.create(slug="taken", topic=topic, ask="legal", case={}, title="x",
                            narrative="x", question="x")
    draft.slug = "taken"
    draft.save()
    assert "slug" in paths(services.publish(draft=draft, user=users["author"]))
    assert Scenario.objects.get(slug="taken").title == "x"


def test_an_exam_case_that_practice_shows_is_refused(draft, users, topic):
    """load_scenarios's check of new situations runs too."""
    Scenario.objects.create(slug="public-in-off", topic=topic, ask="legal", title="x",
                            narrative="x", question="x", audience=Audience.PRACTICE,
                            case={**services.case_for(case=IN_OFF, slug="public-in-off")})
    assert "case" in paths(services.publish(draft=draft, user=users["author"]))


def start_attempt_with(scenario: Scenario, federation, user) -> AttemptQuestion:
    now = timezone.now()
    exam = Exam.objects.create(
        federation=federation, slug="e", name="Exam", time_limit=30,
        opens_at=now - timedelta(hours=1), closes_at=now + timedelta(hours=5), pass_mark=50,
        attempts_allowed=1, waiting_hours=0, languages=["en"],
    )
    enrolment = Enrolment.objects.create(exam=exam, user=user, full_name="C",
                                         email="c@example.org", language="en")
    attempt = Attempt.objects.create(enrolment=enrolment, number=1, language="en",
                                     started_at=now, deadline=now + timedelta(minutes=30))
    question = frozen_question(attempt=attempt, position=1, scenario=scenario)
    question.save()
    return question


def test_editing_a_published_scenario_makes_a_version_and_spares_drawn_attempts(draft, users):
    services.publish(draft=draft, user=users["author"])
    drawn = start_attempt_with(
        Scenario.objects.get(slug=draft.slug), draft.federation, users["trainee"]
    )

    case = {**IN_OFF, "stroke": {"first_contact": ["red"], "cue_ball": "off_table"}}
    services.save_draft(
        draft=draft, case=case, words=words("v2 "), topic=draft.topic, difficulty=2,
        ask="legal", ask_ball="", audience=draft.audience, federation=draft.federation,
    )
    assert services.publish(draft=draft, user=users["author"]) == []

    scenario = Scenario.objects.get(slug=draft.slug)
    assert scenario.case["stroke"]["cue_ball"] == "off_table"
    assert scenario.title_en == "In-off v2 [en]"
    assert list(draft.versions.values_list("number", flat=True)) == [2, 1]
    drawn.refresh_from_db()
    assert drawn.case["stroke"]["cue_ball"] == "potted"
    assert drawn.title == "In-off [en]" and drawn.ask == "penalty"


def test_draft_from_scenario_is_made_once(draft, users):
    services.publish(draft=draft, user=users["author"])
    scenario = Scenario.objects.get(slug=draft.slug)
    assert services.draft_from_scenario(scenario=scenario, user=users["author"]) == draft


def test_export_then_import_round_trip(draft, users, federations):
    services.publish(draft=draft, user=users["author"])
    objects = services.export_fixture(federation=federations[0])
    assert [o["fields"]["slug"] for o in objects] == [draft.slug]
    exported = objects[0]["fields"]
    assert exported["federation"] == ["wales"] and exported["audience"] == "exam"
    assert exported["case"]["expect"]["penalty"] == 4  # the engine's, to check on loading
    content = services.fixture_bytes(objects)

    # The bank loses it; importing the file brings back the same scenario.
    before = Scenario.objects.filter(slug=draft.slug).values().get()
    Draft.objects.all().delete()
    Scenario.objects.filter(slug=draft.slug).delete()
    count, problems = services.import_fixture(
        user=users["author"], federation=federations[0], content=content, name="wales.json"
    )
    assert (count, problems) == (1, [])
    after = Scenario.objects.filter(slug=draft.slug).values().get()
    for key in ("id",):
        before.pop(key), after.pop(key)
    assert after == before
    assert Draft.objects.get(slug=draft.slug).words["fa"]["title"] == "In-off [fa]"
    # ... and the file loads with load_scenarios too.
    assert services.export_fixture(federation=federations[0]) == objects


def test_import_refuses_another_pool_and_bad_cases(users, topic, federations):
    fields = {
        "slug": "polish-one", "topic": ["fouls"], "difficulty": 1, "ask": "legal",
        "audience": "exam", "federation": ["poland"], "published": True,
        "case": {**services.case_for(case=IN_OFF, slug="polish-one"), "expect": {"legal": True}},
        **{f"{name}_{code}": "x" for name in ("title", "narrative", "question")
           for code in ("en", "fr", "ru", "fa", "pl")},
    }
    content = json.dumps([{"model": "quiz.scenario", "fields": fields}]).encode()
    count, problems = services.import_fixture(
        user=users["author"], federation=federations[0], content=content, name="f.json"
    )
    assert count == 0
    assert any("federation" in line for line in problems)
    assert any("case.expect.legal" in line for line in problems)
    assert all(line.startswith("f.json: ") for line in problems)
    assert not Scenario.objects.filter(slug="polish-one").exists()


def test_import_of_a_broken_file_loses_nothing(users, federations):
    count, problems = services.import_fixture(
        user=users["author"], federation=federations[0], content=b"[{", name="broken.json"
    )
    assert count == 0 and problems and "JSON" in problems[0]


def test_verdict_summary_is_translated(db):
    from django.utils import translation

    with translation.override("pl"):
        result = services.verdict(case={"state": {"positions": POSITIONS},
                                        "stroke": {"first_contact": ["red"], "cue_ball": "potted"}})
    labels = {line["name"]: line["label"] for line in result.summary}
    assert labels["penalty"] != "Penalty"


def test_rate_allowance_counts_per_minute(db, settings):
    from django.core.cache import cache

    cache.clear()
    settings.STUDIO_VERDICT_PER_MINUTE = 2
    now = timezone.now().replace(second=5)
    assert [services.take_verdict_turn(user_id=9, now=now) for _ in range(3)] == [True, True, False]
    assert services.take_verdict_turn(user_id=9, now=now + timedelta(minutes=1))


def test_the_pools_languages(federations):
    from datetime import UTC, datetime

    wales = federations[0]
    assert services.pool_languages(audience=Audience.EXAM, federation=wales) == list(
        ("en", "fr", "ru", "fa", "pl")
    )
    Exam.objects.create(federation=wales, slug="w", name="W", time_limit=10, pass_mark=50,
                        opens_at=datetime(2026, 1, 1, tzinfo=UTC),
                        closes_at=datetime(2026, 1, 2, tzinfo=UTC), languages=["pl", "en"])
    assert services.pool_languages(audience=Audience.EXAM, federation=wales) == ["en", "pl"]
    assert len(services.pool_languages(audience=Audience.EXAM, federation=None)) == 5
    assert len(services.pool_languages(audience=Audience.PRACTICE, federation=None)) == 5


def test_words_of_spaces_only_are_published_as_no_words(draft, users):
    Exam.objects.create(federation=draft.federation, slug="w", name="W", time_limit=10,
                        pass_mark=50, opens_at=timezone.now(),
                        closes_at=timezone.now() + timedelta(days=1), languages=["en"])
    for code in ("fr", "ru", "fa", "pl"):
        draft.words[code] = {"title": "  ", "narrative": "", "question": " ", "note": ""}
    draft.save()
    assert services.publish(draft=draft, user=users["author"]) == []
    assert Scenario.objects.get(slug=draft.slug).title_fr == ""
