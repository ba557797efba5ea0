"""Every ``aria-describedby`` points at an element of the page (issue 11)."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path

import pytest
from django.urls import reverse
from django.utils import translation

pytestmark = pytest.mark.django_db


def dangling_references(page: str) -> list[str]:
    ids = set(re.findall(r'\bid="([^"]+)"', page))
    referenced = {
        name for value in re.findall(r'aria-describedby="([^"]*)"', page) for name in value.split()
    }
    return sorted(referenced - ids)


@pytest.mark.parametrize("language", ["en", "fa"])
def test_the_sign_up_fields_describe_themselves_with_ids_that_exist(client, language):
    with translation.override(language):
        page = client.get(reverse("signup"), follow=True).content.decode()
    assert "aria-describedby" in page
    assert dangling_references(page) == []


def test_the_exam_forms_help_texts_are_where_the_fields_point(client, db):
    spec = importlib.util.spec_from_file_location(
        "exams_fixtures_for_aria", Path(__file__).parent / "exams" / "conftest.py"
    )
    fixtures = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(fixtures)
    from federations.models import Federation

    federation = Federation.objects.create(slug="aria", name_en="Aria")
    client.force_login(fixtures.make_examiner(federation, "aria-examiner"))
    fixtures.make_bank()
    with translation.override("en"):
        page = client.get(reverse("exams:exam_create")).content.decode()
    assert "aria-describedby" in page
    assert dangling_references(page) == []
