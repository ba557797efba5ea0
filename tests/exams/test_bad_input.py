"""Odd input found by hand gets a clear answer, never a server error (issue 11).

The test client re-raises any exception a view lets escape, so each of these would
fail with the traceback of the 500 it once was.
"""

from __future__ import annotations

import random

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from django.utils import translation

from exams import services
from exams.models import Answer, Enrolment, Exam
from quiz.models import SelfTest

pytestmark = pytest.mark.django_db


def url(name, *args, language="en"):
    with translation.override(language):
        return reverse(f"exams:{name}", args=args)


def start(enrolment, clock, language="en"):
    return services.start_attempt(
        enrolment=enrolment, language=language, now=clock(), rng=random.Random(3)
    )


# --- the question page's ``go`` ---------------------------------------------------------


@pytest.mark.parametrize("go", ["²", "①", "4" * 4301, "-1", "0", "3.0", " 2", "٣" * 7])
def test_a_forged_go_is_a_plain_save_and_the_answer_is_kept(
    client, candidate, enrolment, clock, right, form_data, go
):
    attempt = start(enrolment, clock)
    client.force_login(candidate)
    question = attempt.questions.get(position=1)
    data = {**form_data(question, right(question)), "go": go}
    response = client.post(url("question", attempt.pk, 1), data)
    assert response.status_code == 302
    assert response.url == url("question", attempt.pk, 2)  # where the main button leads
    assert Answer.objects.filter(question=question).exists()


@pytest.mark.parametrize(("go", "position"), [("۲", 2), ("2", 2), ("٤", 4)])
def test_a_position_in_persian_or_arabic_digits_is_understood(
    client, candidate, enrolment, clock, form_data, go, position
):
    attempt = start(enrolment, clock)
    client.force_login(candidate)
    question = attempt.questions.get(position=1)
    response = client.post(url("question", attempt.pk, 1), {**form_data(question, {}), "go": go})
    assert response.status_code == 302
    assert response.url == url("question", attempt.pk, position)


# --- verification codes -----------------------------------------------------------------


@pytest.mark.parametrize("code", ["--", " - ", "—", "\u200c"])
def test_a_code_of_dashes_and_spaces_only_is_asked_for_again(client, db, code):
    response = client.get(url("verify"), {"code": code})
    assert response.status_code == 400
    assert "Enter the code printed on the certificate." in response.content.decode()


def test_a_code_with_dashes_still_leads_to_its_page(client, db):
    response = client.get(url("verify"), {"code": " ab-cd "})
    assert response.status_code == 302
    assert response.url == url("verify_code", "ABCD")


# --- the self-test's topics -------------------------------------------------------------


@pytest.mark.parametrize("topic", ["1" * 30, "9223372036854775808", "²", "-1"])
def test_a_topic_id_beyond_any_database_integer_is_an_invalid_choice(client, bank, topic):
    with translation.override("en"):
        start_url = reverse("quiz:self_test_start")
    response = client.post(start_url, {"language": "en", "length": "10", "topics": [topic]})
    assert response.status_code == 400
    assert "Select a valid choice" in response.content.decode()
    assert not SelfTest.objects.exists()


# --- the enrolment roll -----------------------------------------------------------------


def upload(content: bytes) -> SimpleUploadedFile:
    return SimpleUploadedFile("roll.csv", content, content_type="text/csv")


def post_roll(client, exam, content: bytes):
    return client.post(url("enrol_csv", exam.pk), {"file": upload(content)})


def test_a_field_longer_than_the_csv_modules_limit_is_a_clear_refusal(client, examiner, exam):
    client.force_login(examiner)
    roll = b"full_name,email\n" + b'"' + b"x" * 131_073 + b'",jan@example.org\n'
    response = post_roll(client, exam, roll)
    assert response.status_code == 400
    assert "Line 2 cannot be read as CSV." in response.content.decode()
    assert not Enrolment.objects.exists()


@pytest.mark.parametrize("newline", [b"\r", b"\r\n", b"\n"])
def test_every_kind_of_line_ending_is_read(client, examiner, exam, newline):
    client.force_login(examiner)
    roll = newline.join([b"full_name,email", b"Jan Nowak,jan@example.org", b"Ewa,ewa@example.org"])
    response = post_roll(client, exam, roll + newline)
    assert response.status_code == 302
    assert sorted(Enrolment.objects.values_list("full_name", flat=True)) == ["Ewa", "Jan Nowak"]


@pytest.mark.parametrize(
    ("row", "message"),
    [
        ("J" * 201 + ",jan@example.org", "Line 2: the full name is longer than 200 characters."),
        ("Jan,j" + "a" * 243 + "@example.org", "the email address is longer than 254 characters."),
        ("Jan\x00Nowak,jan@example.org", "Line 2: the row holds a null character."),
    ],
)
def test_a_roll_row_beyond_the_models_limits_is_refused(client, examiner, exam, row, message):
    client.force_login(examiner)
    response = post_roll(client, exam, f"full_name,email\n{row}\n".encode())
    assert response.status_code == 400
    assert message in response.content.decode()
    assert not Enrolment.objects.exists()


def test_a_name_of_exactly_200_characters_is_enrolled(client, examiner, exam):
    client.force_login(examiner)
    roll = "full_name,email\n" + "J" * 200 + ",j@example.org\n"
    response = post_roll(client, exam, roll.encode())
    assert response.status_code == 302
    assert len(Enrolment.objects.get().full_name) == 200


# --- enrolling one candidate ------------------------------------------------------------


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"full_name": "Jan", "email": "j" + "a" * 243 + "@example.org"}, "at most 254"),
        ({"full_name": "J" * 201, "email": "jan@example.org"}, "at most 200"),
        ({"full_name": "Jan\x00", "email": "jan@example.org"}, "Null characters are not allowed"),
    ],
)
def test_one_candidate_beyond_the_models_limits_is_refused(client, examiner, exam, data, message):
    client.force_login(examiner)
    response = client.post(url("enrol", exam.pk), data)
    assert response.status_code == 400
    assert message in response.content.decode()
    assert not Enrolment.objects.exists()


def test_an_email_of_exactly_254_characters_is_enrolled(client, examiner, exam):
    client.force_login(examiner)
    email = "j" * 67 + "@" + "d" * 60 + "." + "e" * 60 + "." + "f" * 60 + ".org"
    assert len(email) == 254
    response = client.post(url("enrol", exam.pk), {"full_name": "Jan", "email": email})
    assert response.status_code == 302
    assert Enrolment.objects.get().email == email


# --- the exam's numbers -----------------------------------------------------------------


def exam_post(topic_pk, **overrides):
    data = {
        "slug": "national-2026",
        **{f"name_{code}": f"National exam [{code}]" for code in ("en", "fr", "ru", "fa", "pl")},
        "time_limit": "45", "opens_at": "2026-06-01T08:00", "closes_at": "2026-06-01T20:00",
        "pass_mark": "70", "attempts_allowed": "1", "waiting_hours": "0",
        "languages": ["en", "fa"], "review": "topics", "review_from": "submission",
        "certificate_months": "36",
        "sections-TOTAL_FORMS": "1", "sections-INITIAL_FORMS": "0",
        "sections-MIN_NUM_FORMS": "0", "sections-MAX_NUM_FORMS": "1000",
        "sections-0-order": "1", "sections-0-topic": str(topic_pk),
        "sections-0-question_count": "1",
        "invitation_days": "14",
    }
    data.update(overrides)
    return data


@pytest.mark.parametrize(
    "change",
    [
        {"waiting_hours": "2147483647"},
        {"waiting_hours": "8785"},
        {"attempts_allowed": "40000"},
        {"attempts_allowed": "101"},
        {"certificate_months": "40000"},
        {"time_limit": "99999999999"},
        {"pass_mark": "101"},
        {"sections-0-order": "40000"},
    ],
)
def test_numbers_beyond_sane_limits_are_refused(client, examiner, bank, change):
    client.force_login(examiner)
    response = client.post(url("exam_create"), exam_post(bank[0].topic.pk, **change))
    assert response.status_code == 400
    assert "Ensure this value is less than or equal to" in response.content.decode()
    assert not Exam.objects.exists()


@pytest.mark.parametrize(
    "change", [{"waiting_hours": "8784"}, {"attempts_allowed": "100"}, {"pass_mark": "100"}]
)
def test_numbers_at_the_limits_are_accepted(client, examiner, bank, change):
    client.force_login(examiner)
    response = client.post(url("exam_create"), exam_post(bank[0].topic.pk, **change))
    assert response.status_code == 302
    assert Exam.objects.count() == 1


def test_the_limit_is_written_in_persian_digits_on_persian_pages(client, examiner, bank):
    client.force_login(examiner)
    with translation.override("fa"):
        create = reverse("exams:exam_create")
    response = client.post(create, exam_post(bank[0].topic.pk, pass_mark="101"))
    page = response.content.decode()
    assert response.status_code == 400
    assert "۱۰۰" in page
    assert "equal to 100" not in page and "100." not in page


def test_an_exam_stored_with_an_endless_wait_still_shows_the_enrolment_page(
    client, candidate, enrolment, exam, clock
):
    exam.waiting_hours = 2_147_483_647  # stored before the form bounded it
    exam.attempts_allowed = 3
    exam.save()
    services.submit_attempt(attempt=start(enrolment, clock), now=clock())
    clock.advance(hours=2)
    client.force_login(candidate)
    page = client.get(url("enrolment", enrolment.pk))
    assert page.status_code == 200
    assert "You have used every attempt this exam allows." in page.content.decode()
    refused = client.post(url("enrolment", enrolment.pk), {"language": "en"})
    assert refused.status_code == 409
    assert enrolment.attempts.count() == 1
