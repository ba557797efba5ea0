"""An exam's name and instructions are asked for in the languages it is offered in, only."""

from __future__ import annotations

import pytest
from django.urls import reverse
from django.utils import translation

from exams.models import Exam

pytestmark = pytest.mark.django_db

LANGUAGES = ("en", "fr", "ru", "fa", "pl")


def exam_post(topic_pk, languages, **overrides):
    data = {
        "slug": "national-2026",
        **{f"name_{code}": "" for code in LANGUAGES},
        **{f"instructions_{code}": "" for code in LANGUAGES},
        "time_limit": "45", "opens_at": "2026-06-01T08:00", "closes_at": "2026-06-01T20:00",
        "pass_mark": "70", "attempts_allowed": "1", "waiting_hours": "0",
        "languages": list(languages), "review": "topics", "review_from": "submission",
        "certificate_months": "36", "invitation_days": "14",
        "sections-TOTAL_FORMS": "1", "sections-INITIAL_FORMS": "0",
        "sections-MIN_NUM_FORMS": "0", "sections-MAX_NUM_FORMS": "1000",
        "sections-0-order": "1", "sections-0-topic": str(topic_pk),
        "sections-0-question_count": "1",
    }
    data.update(overrides)
    return data


def create(client, examiner, bank, languages, **fields):
    client.force_login(examiner)
    with translation.override("en"):
        address = reverse("exams:exam_create")
    return client.post(address, exam_post(bank[0].topic.pk, languages, **fields))


def test_an_exam_in_two_languages_needs_its_name_in_those_two_only(client, examiner, bank):
    response = create(
        client, examiner, bank, ["ru", "pl"], name_ru="Экзамен", name_pl="Egzamin",
        instructions_ru="Ручка", instructions_pl="Długopis",
    )
    assert response.status_code == 302
    exam = Exam.objects.get()
    assert (exam.name_ru, exam.name_pl) == ("Экзамен", "Egzamin")
    # the examiner's pages in a language not offered still name the exam
    assert exam.name_en == "Экзамен" and exam.name_fa == "Экзамен"
    assert exam.instructions_en == ""


@pytest.mark.parametrize("missing", ["ru", "pl"])
def test_a_name_missing_in_a_language_offered_is_refused(client, examiner, bank, missing):
    names = {"name_ru": "Экзамен", "name_pl": "Egzamin", f"name_{missing}": ""}
    response = create(client, examiner, bank, ["ru", "pl"], **names)
    assert response.status_code == 400
    language = {"ru": "Russian", "pl": "Polish"}[missing]
    assert f"Name the exam in {language}: it is offered in it." in response.content.decode()
    assert not Exam.objects.exists()


def test_instructions_in_one_offered_language_of_two_are_refused(client, examiner, bank):
    response = create(
        client, examiner, bank, ["ru", "pl"], name_ru="Экзамен", name_pl="Egzamin",
        instructions_ru="Ручка",
    )
    assert response.status_code == 400
    assert "Write the instructions in every language offered, or in none." in (
        response.content.decode()
    )
    assert not Exam.objects.exists()


def test_instructions_in_a_language_not_offered_are_not_asked_for_elsewhere(
    client, examiner, bank
):
    response = create(client, examiner, bank, ["fa"], name_fa="آزمون", instructions_fa="خودکار")
    assert response.status_code == 302
    assert Exam.objects.get().name_en == "آزمون"
