"""load_families: families checked with the engine, then stored, all or nothing."""

from __future__ import annotations

import json
from io import StringIO

import pytest
from django.core.management import CommandError, call_command

from quiz.models import Family
from tests.conftest import TEST_FAMILIES

pytestmark = pytest.mark.django_db


def test_the_families_load_with_their_topic_difficulty_and_asks(families):
    family = Family.objects.get(slug="respot-occupied-spots")
    assert (family.topic.slug, family.difficulty, family.asks) == (
        "test-respotting",
        2,
        ["respot"],
    )
    assert family.spec["slug"] == "respot-occupied-spots" and family.published
    assert len(families) == 3


def test_loading_again_updates_by_slug(families):
    call_command("load_families", str(TEST_FAMILIES), stdout=StringIO())
    assert Family.objects.count() == 3


def test_one_bad_family_loads_nothing(bank, tmp_path):
    entries = json.loads(TEST_FAMILIES.read_text(encoding="utf-8"))
    entries[1] = {**entries[1], "topic": "no-such-topic"}
    entries[2] = {**entries[2], "ask": ["guess"]}
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(entries), encoding="utf-8")
    errors = StringIO()
    with pytest.raises(CommandError, match="2 problem"):
        call_command("load_families", str(path), stdout=StringIO(), stderr=errors)
    assert "miss-by-scores: topic 'no-such-topic' is not loaded" in errors.getvalue()
    assert "respot-occupied-spots: ask must be" in errors.getvalue()
    assert not Family.objects.exists()


def test_a_family_whose_case_the_engine_refuses_is_reported(bank, tmp_path):
    entries = json.loads(TEST_FAMILIES.read_text(encoding="utf-8"))[:1]
    entries[0]["case"]["stroke"]["first_contact"] = ["purple"]
    path = tmp_path / "refused.json"
    path.write_text(json.dumps(entries), encoding="utf-8")
    errors = StringIO()
    with pytest.raises(CommandError):
        call_command("load_families", str(path), stdout=StringIO(), stderr=errors)
    assert "penalty-first-contact: seed 0:" in errors.getvalue()
    assert not Family.objects.exists()


def test_a_family_kept_for_exams_is_loaded_out_of_practice(bank, tmp_path):
    entries = json.loads(TEST_FAMILIES.read_text(encoding="utf-8"))
    entries[0]["audience"] = "exam"
    entries[1]["audience"] = "both"
    path = tmp_path / "audiences.json"
    path.write_text(json.dumps(entries), encoding="utf-8")
    call_command("load_families", str(path), stdout=StringIO())
    published = dict(Family.objects.values_list("slug", "published"))
    assert published == {
        "penalty-first-contact": False,
        "miss-by-scores": True,
        "respot-occupied-spots": True,
    }
