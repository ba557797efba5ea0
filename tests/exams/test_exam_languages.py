"""An exam's name and instructions are asked for in the languages it is offered in, only;
a candidate's language (of his invitation and mails) is one of them."""

from __future__ import annotations

import pytest
from django.urls import reverse
from django.utils import translation

from exams import selectors, services
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


def test_instructions_only_in_a_language_not_offered_are_refused(client, examiner, bank):
    """Written in Persian for an exam offered in Russian and Polish: no candidate reads them."""
    response = create(
        client, examiner, bank, ["ru", "pl"], name_ru="Экзамен", name_pl="Egzamin",
        instructions_fa="خودکار بیاورید",
    )
    assert response.status_code == 400
    page = response.content.decode()
    assert "The exam is not offered in Persian: write the instructions in the languages it " \
        "offers." in page
    assert "Write the instructions in every language offered, or in none." in page
    assert not Exam.objects.exists()


def test_instructions_in_every_language_offered_may_have_another_beside(client, examiner, bank):
    response = create(
        client, examiner, bank, ["ru", "pl"], name_ru="Экзамен", name_pl="Egzamin",
        instructions_ru="Ручка", instructions_pl="Długopis", instructions_en="A pen",
    )
    assert response.status_code == 302
    assert Exam.objects.get().instructions_pl == "Długopis"


@pytest.mark.parametrize(
    ("page_language", "enrolled_in", "shown"),
    [
        ("pl", "", ("Długopis", "pl")),  # his own language, offered and written
        ("ru", "", ("Ручка", "ru")),
        ("en", "pl", ("Długopis", "pl")),  # English is not offered: his enrolment's language
        ("fa", "", ("Ручка", "ru")),  # neither: the first language offered
    ],
)
def test_a_candidate_reads_the_instructions_in_a_language_the_exam_offers(
    client, enrolment, page_language, enrolled_in, shown
):
    exam = enrolment.exam
    exam.languages = ["ru", "pl"]
    # English instructions left over from before: never shown, English is not offered.
    exam.instructions_en, exam.instructions_ru, exam.instructions_pl = "A pen", "Ручка", "Długopis"
    exam.save()
    enrolment.language = enrolled_in
    enrolment.save()
    client.force_login(enrolment.user)
    with translation.override(page_language):
        address = reverse("exams:enrolment", args=[enrolment.pk])
    page = client.get(address).content.decode()
    text, code = shown
    assert f'<div class="instructions" lang="{code}"' in page
    assert text in page
    assert "A pen" not in page


def test_instructions_are_never_read_in_a_language_the_exam_does_not_offer(bank):
    exam = Exam(languages=[])
    exam.languages = ["fr", "pl"]
    exam.instructions_en, exam.instructions_fr, exam.instructions_pl = "Pen", "", "Długopis"
    assert selectors.exam_instructions(exam=exam, language="pl") == ("Długopis", "pl")
    # French is offered but has none: the first language offered that has them
    assert selectors.exam_instructions(exam=exam, language="fr") == ("Długopis", "pl")
    assert selectors.exam_instructions(exam=exam, language="en") == ("Długopis", "pl")
    exam.instructions_pl = ""
    assert selectors.exam_instructions(exam=exam, language="en") == ("", "")


def test_the_candidates_language_changes_to_one_the_exam_offers(enrolment, exam):
    from exams.errors import LanguageNotAllowed

    exam.languages = ["pl", "en"]
    exam.save()
    services.set_enrolment_language(enrolment=enrolment, language="pl")
    enrolment.refresh_from_db()
    assert enrolment.language == "pl"
    with pytest.raises(LanguageNotAllowed):
        services.set_enrolment_language(enrolment=enrolment, language="fa")
    enrolment.refresh_from_db()
    assert enrolment.language == "pl"


def test_a_roll_enrols_each_candidate_in_his_language(exam, now):
    enrolled = services.import_enrolments(exam=exam, now=now, rows=[
        {"full_name": "Jan", "email": "jan@example.org", "language": "pl"},
        {"full_name": "Ann", "email": "ann@example.org", "language": ""},
    ])
    assert [enrolment.language for enrolment in enrolled] == ["pl", ""]
