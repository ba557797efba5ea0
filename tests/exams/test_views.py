"""The web pages: the candidate's path, tampering, permissions, the examiner's pages."""

from __future__ import annotations

import csv
import io
import os
import random
import re
import zlib
from datetime import timedelta

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from django.utils import translation
from django.utils.html import escape

from exams import services
from exams.errors import CallsFinal, NoAttemptsLeft, NotYours, QuestionNotDrawn, StrokeNotYet
from exams.invitations import token_hash
from exams.models import (
    Answer,
    Attempt,
    AuditEvent,
    Certificate,
    Enrolment,
    Exam,
    Invitation,
)
from quiz.explain import explain
from quiz.forms import CHOOSE_ONE
from quiz.grading import decide

from .conftest import post_data, right_answer, stroke_answer

pytestmark = pytest.mark.django_db


def url(name, *args, language="en", **kwargs):
    with translation.override(language):
        return reverse(f"exams:{name}", args=args, kwargs=kwargs or None)


def refusal_text(response, message):
    """The refusal's message as the page shows it, in the page's language."""
    language = re.search(r'<html lang="(\w+)"', response.content.decode()).group(1)
    with translation.override(language):
        return escape(str(message))


def start(enrolment, clock, language="ru"):
    return services.start_attempt(
        enrolment=enrolment, language=language, now=clock(), rng=random.Random(3)
    )


def answer_and_submit(attempt, answer_for, clock):
    """Save ``answer_for(question)`` for every question of ``attempt``, then submit it."""
    for question in attempt.questions.all():
        services.save_answer(
            attempt=attempt, question=question, answer=answer_for(question), now=clock()
        )
    services.submit_attempt(attempt=attempt, now=clock())


def passed_certificate(enrolment, clock, right):
    attempt = start(enrolment, clock)
    answer_and_submit(attempt, right, clock)
    return Certificate.objects.get(attempt=attempt)


# --- the candidate's path ------------------------------------------------------------------


def test_invitation_link_signs_the_candidate_in(client, enrolment, clock):
    token = enrolment.issued_token
    page = client.get(url("invitation", token))
    # The link's page names the exam; a GET signs nobody in and records nothing.
    assert page.status_code == 200
    assert "Referee level 1" in page.content.decode()
    assert "_auth_user_id" not in client.session
    assert Invitation.objects.get(enrolment=enrolment).last_used_at is None
    response = client.post(url("invitation", token))
    assert response.status_code == 302
    assert response.url == url("enrolment", enrolment.pk)
    assert client.session["_auth_user_id"] == str(enrolment.user.pk)
    assert Invitation.objects.get(enrolment=enrolment).last_used_at == clock()
    page = client.get(response.url)
    assert page.status_code == 200
    assert "Referee level 1" in page.content.decode()


def test_an_invitation_never_opens_an_account_with_a_password(
    client, exam, examiner, verified_trainee, clock
):
    # A trainee whose address is verified is enrolled under his own account: the link
    # sends him to the login page, it never signs in to his account.
    enrolment = services.enrol_candidate(
        exam=exam, full_name="X", email="trainee@example.org", now=clock()
    )
    assert enrolment.user == verified_trainee
    for method in (client.get, client.post):
        response = method(url("invitation", enrolment.issued_token))
        assert response.status_code == 302
        assert response.url.startswith(reverse("login"))
        assert "_auth_user_id" not in client.session


@pytest.mark.parametrize("token", ["nonsense", "eyJlIjoxfQ:1abc:forged", "x" * 300])
def test_a_forged_invitation_is_refused(client, enrolment, token):
    for method in (client.get, client.post):
        response = method(url("invitation", token))
        assert response.status_code == 404
        assert "invitation link is not valid" in response.content.decode()
        assert "_auth_user_id" not in client.session


def test_candidate_takes_the_exam_in_russian_resumes_and_passes(
    client, candidate, enrolment, clock, right, form_data
):
    client.force_login(candidate)
    response = client.post(url("enrolment", enrolment.pk), {"language": "ru"})
    attempt = Attempt.objects.get()
    assert response.status_code == 302
    assert response.url == url("question", attempt.pk, 1, language="ru")
    page = client.get(response.url).content.decode()
    assert 'lang="ru"' in page
    first = attempt.questions.get(position=1)
    assert first.narrative in page
    # answer the first two, then "reload": the attempt resumes at the first unanswered question
    for position in (1, 2):
        question = attempt.questions.get(position=position)
        saved = client.post(
            url("question", attempt.pk, position, language="ru"),
            form_data(question, right(question)),
        )
        assert saved.status_code == 302
        assert saved.url == url("question", attempt.pk, position + 1, language="ru")
    clock.advance(minutes=5)
    resumed = client.get(url("attempt", attempt.pk, language="ru"))
    assert resumed.url == url("question", attempt.pk, 3, language="ru")
    # the saved answer is shown again when the candidate goes back
    back = client.get(url("question", attempt.pk, 1, language="ru")).content.decode()
    assert re.search(r'checked[^>]*>|<input[^>]*checked', back)
    for position in (3, 4):
        question = attempt.questions.get(position=position)
        client.post(
            url("question", attempt.pk, position, language="ru"),
            form_data(question, right(question)),
        )
    summary = client.get(url("submit", attempt.pk, language="ru"))
    assert summary.status_code == 200
    result = client.post(url("submit", attempt.pk, language="ru"), follow=True)
    attempt.refresh_from_db()
    assert (attempt.passed, attempt.score) == (True, 100.0)
    certificate = attempt.certificate
    assert certificate.code in result.content.decode()
    pdf = client.get(url("certificate_pdf", certificate.code, language="ru"))
    assert pdf["Content-Type"] == "application/pdf"
    assert pdf.content.startswith(b"%PDF")


def test_attempt_pages_follow_the_attempts_language(client, candidate, enrolment, clock):
    attempt = start(enrolment, clock, language="pl")
    client.force_login(candidate)
    response = client.get(url("question", attempt.pk, 2, language="fr"))
    assert response.status_code == 302
    assert response.url == url("question", attempt.pk, 2, language="pl")


def test_navigation_and_flags(client, candidate, enrolment, clock):
    attempt = start(enrolment, clock)
    client.force_login(candidate)
    response = client.post(url("flag", attempt.pk, 3, language="ru"), {"flagged": "1"})
    assert response.url == url("question", attempt.pk, 3, language="ru")
    assert list(attempt.questions.filter(flagged=True).values_list("position", flat=True)) == [3]
    page = client.get(url("submit", attempt.pk, language="ru")).content.decode()
    for position in (1, 2, 3, 4):
        assert url("question", attempt.pk, position, language="ru") in page


# --- every button of the question page keeps the answer just given (no JavaScript) ------


def saved_payload(question):
    answer = Answer.objects.filter(question=question).first()
    return answer.payload if answer else None


def test_flag_with_a_fresh_choice_saves_the_answer_and_sets_the_flag(
    client, candidate, enrolment, clock, wrong, form_data
):
    attempt = start(enrolment, clock)
    client.force_login(candidate)
    question = attempt.questions.get(position=2)
    response = client.post(
        url("question", attempt.pk, 2, language="ru"),
        {**form_data(question, wrong(question)), "go": "flag"},
    )
    assert response.status_code == 302
    assert response.url == url("question", attempt.pk, 2, language="ru")
    question.refresh_from_db()
    assert question.flagged
    assert saved_payload(question) == wrong(question)
    # and the flag comes off the same way, keeping the answer
    client.post(
        url("question", attempt.pk, 2, language="ru"),
        {**form_data(question, wrong(question)), "go": "unflag"},
    )
    question.refresh_from_db()
    assert not question.flagged
    assert saved_payload(question) == wrong(question)


@pytest.mark.parametrize(("go", "target"), [("3", 3), ("1", 1), ("4", 4)])
def test_going_to_another_question_with_a_fresh_choice_saves_it(
    client, candidate, enrolment, clock, right, form_data, go, target
):
    attempt = start(enrolment, clock)
    client.force_login(candidate)
    question = attempt.questions.get(position=2)
    response = client.post(
        url("question", attempt.pk, 2, language="ru"),
        {**form_data(question, right(question)), "go": go},
    )
    assert response.url == url("question", attempt.pk, target, language="ru")
    assert saved_payload(question) == right(question)
    assert not attempt.questions.filter(flagged=True).exists()


def test_review_with_a_fresh_choice_saves_it(client, candidate, enrolment, clock, right, form_data):
    attempt = start(enrolment, clock)
    client.force_login(candidate)
    question = attempt.questions.get(position=1)
    response = client.post(
        url("question", attempt.pk, 1, language="ru"),
        {**form_data(question, right(question)), "go": "review"},
    )
    assert response.url == url("submit", attempt.pk, language="ru")
    assert saved_payload(question) == right(question)


def test_leaving_with_an_incomplete_answer_saves_nothing_and_shows_no_error(
    client, candidate, enrolment, clock, right, wrong, form_data
):
    attempt = start(enrolment, clock)
    client.force_login(candidate)
    question = attempt.questions.get(position=2)
    incomplete = {"scenario": str(question.pk)}
    moved = client.post(url("question", attempt.pk, 2, language="ru"), {**incomplete, "go": "3"})
    assert moved.status_code == 302
    assert moved.url == url("question", attempt.pk, 3, language="ru")
    assert not Answer.objects.exists()
    # the flag still works, and an answer saved before stays as it was
    services.save_answer(attempt=attempt, question=question, answer=wrong(question), now=clock())
    flagged = client.post(
        url("question", attempt.pk, 2, language="ru"), {**incomplete, "go": "flag"}, follow=True
    )
    assert flagged.status_code == 200
    question.refresh_from_db()
    assert question.flagged
    assert saved_payload(question) == wrong(question)
    with translation.override("ru"):
        assert escape(str(CHOOSE_ONE)) not in flagged.content.decode()


def test_an_explicit_save_of_an_incomplete_answer_says_so_in_the_candidates_language(
    client, candidate, enrolment, clock
):
    attempt = start(enrolment, clock)
    client.force_login(candidate)
    question = attempt.questions.get(position=2)
    response = client.post(
        url("question", attempt.pk, 2, language="ru"),
        {"scenario": str(question.pk), "go": "save"},
    )
    assert response.status_code == 400
    with translation.override("ru"):
        assert escape(str(CHOOSE_ONE)) in response.content.decode()
    assert not Answer.objects.exists()


def test_leaving_with_the_saved_answer_unchanged_writes_nothing(
    client, candidate, enrolment, clock, wrong, form_data
):
    attempt = start(enrolment, clock)
    client.force_login(candidate)
    question = attempt.questions.get(position=1)
    services.save_answer(attempt=attempt, question=question, answer=wrong(question), now=clock())
    client.post(
        url("question", attempt.pk, 1, language="ru"),
        {**form_data(question, wrong(question)), "go": "2"},
    )
    assert Answer.objects.get(question=question).revision == 1


def test_every_way_off_the_question_page_is_a_button_of_the_answer_form(
    client, candidate, enrolment, clock
):
    attempt = start(enrolment, clock)
    client.force_login(candidate)
    page = client.get(url("question", attempt.pk, 2, language="ru")).content.decode()
    for position in (1, 2, 3, 4):
        assert f'href="{url("question", attempt.pk, position, language="ru")}"' not in page
        assert re.search(rf'<button[^>]*form="answer-form"[^>]*value="{position}"', page)
    assert f'href="{url("submit", attempt.pk, language="ru")}"' not in page
    for value in ("flag", "review"):
        assert re.search(rf'<button[^>]*form="answer-form"[^>]*value="{value}"', page)
    assert 'id="answer-form"' in page


def test_the_page_shows_the_servers_remaining_time(client, candidate, enrolment, clock):
    attempt = start(enrolment, clock)
    client.force_login(candidate)
    clock.advance(minutes=10, seconds=30)
    page = client.get(url("question", attempt.pk, 1, language="ru")).content.decode()
    assert 'data-remaining="1170"' in page  # 30 min − 10 min 30 s


def test_autosave_answers_in_json(client, candidate, enrolment, clock, right, form_data):
    attempt = start(enrolment, clock)
    client.force_login(candidate)
    question = attempt.questions.get(position=1)
    response = client.post(
        url("question", attempt.pk, 1, language="ru"), form_data(question, right(question)),
        headers={"X-Requested-With": "fetch"},
    )
    assert response.json() == {"saved": True, "complete": True}
    assert Answer.objects.get().payload == right(question)


# --- tampering and refusals ---------------------------------------------------------------


def test_another_candidates_attempt_is_refused(client, exam, enrolment, clock, right, form_data):
    theirs = start(enrolment, clock)
    intruder = services.enrol_candidate(
        exam=exam, full_name="Ewa", email="ewa@example.org", now=clock()
    )
    client.force_login(intruder.user)
    question = theirs.questions.get(position=1)
    for response in (
        client.get(url("question", theirs.pk, 1, language="ru")),
        client.post(
            url("question", theirs.pk, 1, language="ru"), form_data(question, right(question))
        ),
        client.post(url("submit", theirs.pk, language="ru")),
        client.post(url("flag", theirs.pk, 1, language="ru"), {"flagged": "1"}),
        client.get(url("attempt", theirs.pk)),
        client.get(url("result", theirs.pk)),
        client.get(url("enrolment", enrolment.pk)),
    ):
        assert response.status_code == 403
        assert refusal_text(response, NotYours.message) in response.content.decode()
    assert not Answer.objects.exists()
    assert not theirs.questions.filter(flagged=True).exists()
    theirs.refresh_from_db()
    assert not theirs.is_finished


def test_a_question_not_drawn_is_refused(client, candidate, enrolment, clock, right, form_data):
    attempt = start(enrolment, clock)
    client.force_login(candidate)
    question = attempt.questions.get(position=1)
    response = client.post(
        url("question", attempt.pk, 9, language="ru"), form_data(question, right(question))
    )
    assert response.status_code == 404
    assert refusal_text(response, QuestionNotDrawn.message) in response.content.decode()
    assert not Answer.objects.exists()


def test_an_answer_meant_for_another_question_is_refused(
    client, candidate, enrolment, clock, right, form_data
):
    attempt = start(enrolment, clock)
    client.force_login(candidate)
    first, second = attempt.questions.order_by("position")[:2]
    data = form_data(first, right(first))
    data["scenario"] = str(second.pk)
    response = client.post(url("question", attempt.pk, 1, language="ru"), data)
    assert response.status_code == 400
    assert not Answer.objects.exists()


def test_an_answer_after_the_deadline_is_refused(
    client, candidate, enrolment, clock, right, form_data
):
    attempt = start(enrolment, clock)
    client.force_login(candidate)
    question = attempt.questions.get(position=1)
    clock.moment = attempt.deadline + timedelta(seconds=1)
    response = client.post(
        url("question", attempt.pk, 1, language="ru"), form_data(question, right(question))
    )
    assert response.status_code == 409
    assert not Answer.objects.exists()
    attempt.refresh_from_db()
    assert attempt.finished_by == "deadline"


def test_a_second_submission_is_refused(client, candidate, enrolment, clock):
    attempt = start(enrolment, clock)
    client.force_login(candidate)
    assert client.post(url("submit", attempt.pk, language="ru")).status_code == 302
    finished_at = Attempt.objects.get().finished_at
    clock.advance(minutes=1)
    response = client.post(url("submit", attempt.pk, language="ru"))
    assert response.status_code == 409
    assert Attempt.objects.get().finished_at == finished_at


def test_coming_back_after_the_deadline_shows_the_result(
    client, candidate, enrolment, clock, right
):
    attempt = start(enrolment, clock)
    question = attempt.questions.get(position=1)
    services.save_answer(attempt=attempt, question=question, answer=right(question), now=clock())
    client.force_login(candidate)
    clock.advance(hours=5)
    response = client.get(url("question", attempt.pk, 2, language="ru"), follow=True)
    assert response.redirect_chain[-1][0] == url("result", attempt.pk, language="ru")
    attempt.refresh_from_db()
    assert (attempt.finished_by, attempt.score) == ("deadline", 25.0)


@pytest.mark.parametrize("allowed", [1, 2, 3])
def test_starting_beyond_the_attempts_allowed_is_refused(
    client, candidate, enrolment, exam, clock, allowed
):
    # No waiting period: only the attempt limit can refuse.
    exam.attempts_allowed, exam.waiting_hours = allowed, 0
    exam.save()
    client.force_login(candidate)
    address = url("enrolment", enrolment.pk, language="en")
    for _ in range(allowed):  # every attempt up to the limit starts
        response = client.post(address, {"language": "en"})
        assert response.status_code == 302, response.content.decode()[:500]
        services.submit_attempt(attempt=Attempt.objects.latest("number"), now=clock())
        clock.advance(minutes=1)
    assert Attempt.objects.count() == allowed
    response = client.post(address, {"language": "en"})
    assert response.status_code == 409
    assert refusal_text(response, NoAttemptsLeft.message) in response.content.decode()
    assert Attempt.objects.count() == allowed


def test_starting_within_the_waiting_period_is_refused(client, candidate, enrolment, clock):
    services.submit_attempt(attempt=start(enrolment, clock), now=clock())
    client.force_login(candidate)
    clock.advance(hours=2)
    response = client.post(url("enrolment", enrolment.pk, language="ru"), {"language": "ru"})
    assert response.status_code == 409
    assert Attempt.objects.count() == 1


def test_a_language_the_exam_does_not_allow_is_refused(client, candidate, enrolment, exam, clock):
    exam.languages = ["pl"]
    exam.save()
    client.force_login(candidate)
    response = client.post(url("enrolment", enrolment.pk), {"language": "ru"})
    assert response.status_code == 400
    assert not Attempt.objects.exists()


# --- nothing leaks while the attempt is open ---------------------------------------------


def test_no_response_of_an_open_attempt_holds_an_answer_or_explanation(
    client, candidate, enrolment, clock, right, wrong, form_data
):
    client.force_login(candidate)
    bodies = []

    def keep(response):
        bodies.append(response.content.decode())
        return response

    keep(client.get(url("enrolment", enrolment.pk)))
    start_response = keep(client.post(url("enrolment", enrolment.pk), {"language": "en"}))
    attempt = Attempt.objects.get()
    keep(client.get(start_response.url))
    questions = list(attempt.questions.order_by("position"))
    for question in questions:
        keep(client.get(url("question", attempt.pk, question.position)))
        keep(
            client.post(
                url("question", attempt.pk, question.position),
                form_data(question, wrong(question)),
                follow=True,
            )
        )
        keep(
            client.post(
                url("question", attempt.pk, question.position),
                form_data(question, wrong(question)),
                headers={"X-Requested-With": "fetch"},
            )
        )
        keep(client.post(url("flag", attempt.pk, question.position), {"flagged": "1"}, follow=True))
        keep(
            client.post(
                url("question", attempt.pk, question.position),
                {**form_data(question, wrong(question)), "go": "flag"},
                follow=True,
            )
        )
        keep(
            client.post(
                url("question", attempt.pk, question.position),
                {**form_data(question, wrong(question)), "go": "review"},
                follow=True,
            )
        )
        keep(client.get(url("question", attempt.pk, question.position)))
    keep(client.get(url("attempt", attempt.pk), follow=True))
    keep(client.get(url("submit", attempt.pk)))
    keep(client.get(url("result", attempt.pk), follow=True))
    keep(client.get(url("index")))
    explanations = set()
    for question in questions:
        explanations.update(
            step.text for step in explain(decide(question.case)) if len(step.text) > 8
        )
    secrets = {"grade-table", "The referee's decision", "referee's reasoning", *explanations}
    secrets |= {escape(secret) for secret in secrets}
    for body in bodies:
        for secret in secrets:
            assert secret not in body
    # the candidate's wrong answers are shown back as his; the right choice is never pre-selected
    for question in questions:
        page = client.get(url("question", attempt.pk, question.position)).content.decode()
        for name, value in right(question).items():
            shown = "fair" if value is True else "foul" if value is False else str(value)
            assert not re.search(rf'name="{name}" value="{re.escape(shown)}"[^>]*checked', page)
    # once submitted, the review may show them
    client.post(url("submit", attempt.pk))
    review = client.get(url("result", attempt.pk)).content.decode()
    assert "grade-table" in review
    assert all(escape(text) in review for text in explanations)


# --- permissions of examiners ---------------------------------------------------------------


def examiner_pages(exam, code):
    return [
        ("get", url("exam_detail", exam.pk)),
        ("get", url("exam_edit", exam.pk)),
        ("post", url("exam_edit", exam.pk)),
        ("get", url("results", exam.pk)),
        ("get", url("results_csv", exam.pk)),
        ("get", url("statistics", exam.pk)),
        ("post", url("invitations_csv", exam.pk)),
        ("post", url("send_invitations", exam.pk)),
        ("post", url("enrol", exam.pk)),
        ("post", url("enrol_csv", exam.pk)),
        ("get", url("revoke", code)),
        ("post", url("revoke", code)),
    ]


def test_an_examiner_of_another_federation_is_refused_everything(
    client, other_examiner, enrolment, exam, clock, right
):
    certificate = passed_certificate(enrolment, clock, right)
    client.force_login(other_examiner)
    pages = [
        *examiner_pages(exam, certificate.code),
        ("get", url("attempt_detail", certificate.attempt_id)),
    ]
    for method, address in pages:
        response = getattr(client, method)(
            address,
            {"reason": "x", "full_name": "X", "email": "x@example.org"}
            if method == "post"
            else None,
        )
        assert response.status_code == 403, address
    assert Enrolment.objects.count() == 1
    certificate.refresh_from_db()
    assert certificate.revoked_at is None
    assert "Referee level 1" not in client.get(url("manage")).content.decode()
    assert "Anna" not in client.get(url("audit")).content.decode()
    assert certificate.code not in client.get(url("certificates")).content.decode()


@pytest.mark.parametrize(
    ("review", "shows_topics", "shows_answers"),
    [("score", False, False), ("topics", True, False), ("answers", True, True)],
)
def test_the_result_page_shows_what_the_exam_allows(
    client, candidate, enrolment, exam, clock, right, review, shows_topics, shows_answers
):
    exam.review = review
    exam.save()
    attempt = start(enrolment, clock, language="en")
    answer_and_submit(attempt, right, clock)
    client.force_login(candidate)
    page = client.get(url("result", attempt.pk)).content.decode()
    assert "100%" in page  # English writes no space before the sign (CLDR)
    assert ("Result per topic" in page) is shows_topics
    assert ("grade-table" in page) is shows_answers


def test_results_are_withheld_until_the_exam_closes_when_so_set(
    client, candidate, enrolment, exam, clock
):
    exam.review_from = Exam.ReviewFrom.CLOSING
    exam.save()
    attempt = start(enrolment, clock, language="en")
    services.submit_attempt(attempt=attempt, now=clock())
    client.force_login(candidate)
    page = client.get(url("result", attempt.pk)).content.decode()
    assert "publish the results after the exam closes" in page
    assert "0%" not in page
    clock.moment = exam.closes_at
    assert "0%" in client.get(url("result", attempt.pk)).content.decode()


def test_a_candidate_is_not_an_examiner(client, candidate, exam):
    client.force_login(candidate)
    for address in (url("manage"), url("exam_create"), url("exam_detail", exam.pk), url("audit")):
        response = client.get(address)
        assert response.status_code == 403
        assert "Only a federation&#x27;s examiners" in response.content.decode()


def test_anonymous_visitors_are_sent_to_log_in(client, exam):
    for address in (
        url("manage"),
        url("exam_detail", exam.pk),
        url("enrolment", 1),
        url("question", 1, 1),
    ):
        response = client.get(address)
        assert response.status_code == 302
        assert "/accounts/login/" in response.url


def test_the_certification_page_lets_anyone_verify(client, db):
    page = client.get(url("index", language="pl"))
    assert page.status_code == 200
    assert f'action="{url("verify", language="pl")}"' in page.content.decode()


def test_only_the_holder_and_his_examiners_download_the_pdf(
    client, enrolment, exam, clock, right, other_examiner, examiner
):
    certificate = passed_certificate(enrolment, clock, right)
    address = url("certificate_pdf", certificate.code)
    assert client.get(address).status_code == 403
    client.force_login(other_examiner)
    assert client.get(address).status_code == 403
    stranger = services.enrol_candidate(
        exam=exam, full_name="Ewa", email="ewa@example.org", now=clock()
    )
    client.force_login(stranger.user)
    assert client.get(address).status_code == 403
    client.force_login(examiner)
    assert client.get(address)["Content-Type"] == "application/pdf"


def test_private_downloads_are_never_stored(client, enrolment, exam, clock, right, examiner):
    """results.csv, the invitation links and certificates: no cache may keep a copy."""
    certificate = passed_certificate(enrolment, clock, right)
    client.force_login(examiner)
    responses = [
        client.get(url("certificate_pdf", certificate.code)),
        client.get(url("results_csv", exam.pk)),
        client.post(url("invitations_csv", exam.pk)),
    ]
    for response in responses:
        assert response.status_code == 200
        directives = {part.strip() for part in response["Cache-Control"].split(",")}
        assert {"no-store", "private"} <= directives, response["Cache-Control"]


# --- verification (public) ---------------------------------------------------------------------


@pytest.mark.parametrize("language", ["en", "fr", "ru", "fa", "pl"])
def test_anyone_verifies_a_certificate_in_any_language(client, enrolment, clock, right, language):
    certificate = passed_certificate(enrolment, clock, right)
    response = client.get(url("verify", language=language), {"code": certificate.code.lower()})
    assert response.url == url("verify_code", certificate.code, language=language)
    page = client.get(response.url).content.decode()
    for shown in ("Anna Kowalska", "Polish Snooker Federation", certificate.code):
        assert shown in page
    assert f'lang="{language}"' in page


def test_the_verification_page_says_revoked_and_expired_at_the_same_address(
    client, enrolment, clock, right, examiner
):
    certificate = passed_certificate(enrolment, clock, right)
    address = url("verify_code", certificate.code)
    assert "is valid" in client.get(address).content.decode()
    services.revoke_certificate(
        certificate=certificate, reason="Cheating at the exam", by=examiner, now=clock()
    )
    page = client.get(address).content.decode()
    # The public page says revoked, never the examiner's reason (his pages and the trail do).
    assert "has been revoked" in page and "Cheating at the exam" not in page
    client.force_login(examiner)
    assert "Cheating at the exam" in client.get(url("certificates")).content.decode()
    client.logout()
    certificate.revoked_at = None
    certificate.save()
    clock.moment = certificate.expires_at + timedelta(days=1)
    assert "has expired" in client.get(address).content.decode()


def test_an_unknown_code_is_not_found(client, db):
    response = client.get(url("verify_code", "ZZZZZZZZZZZZ"))
    assert response.status_code == 404
    assert "No certificate has the code" in response.content.decode()


def test_the_qr_code_points_at_the_verification_page(client, enrolment, clock, right):
    certificate = passed_certificate(enrolment, clock, right)
    response = client.get(url("verify_qr", certificate.code))
    assert response["Content-Type"] == "image/svg+xml"
    assert response.content.startswith(b"<svg")
    # served as an image of its own, the SVG must name its namespace or browsers show nothing
    assert b'xmlns="http://www.w3.org/2000/svg"' in response.content.split(b">")[0]


# --- the examiner's pages ---------------------------------------------------------------------


def exam_post(bank_topic_pk, **overrides):
    data = {
        "slug": "national-2026",
        **{f"name_{code}": f"National exam [{code}]" for code in ("en", "fr", "ru", "fa", "pl")},
        "time_limit": "45",
        "opens_at": "2026-06-01T08:00",
        "closes_at": "2026-06-01T20:00",
        "pass_mark": "70",
        "attempts_allowed": "1",
        "waiting_hours": "0",
        "languages": ["ru", "pl"],
        "review": "topics",
        "review_from": "submission",
        "certificate_months": "36",
        "sections-TOTAL_FORMS": "2",
        "sections-INITIAL_FORMS": "0",
        "sections-MIN_NUM_FORMS": "0",
        "sections-MAX_NUM_FORMS": "1000",
        "sections-0-order": "1",
        "sections-0-topic": str(bank_topic_pk),
        "sections-0-question_count": "2",
        "sections-1-order": "2",
        "sections-1-topic": "",
        "sections-1-question_count": "3",
    }
    data.update(overrides)
    return data


def test_examiner_creates_an_exam_in_five_languages(client, examiner, federation, bank):
    client.force_login(examiner)
    topic = bank[0].topic
    response = client.post(url("exam_create"), exam_post(topic.pk))
    exam = Exam.objects.get(slug="national-2026")
    assert response.url == url("exam_detail", exam.pk)
    assert exam.federation == federation
    assert exam.name_fa == "National exam [fa]"
    assert exam.question_count == 5
    assert exam.languages == ["ru", "pl"]


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"closes_at": "2026-06-01T07:00"}, "must close after it opens"),
        ({"name_ru": ""}, "Name the exam in Russian: it is offered in it."),
        ({"sections-1-question_count": "50"}, "the exam pool holds"),
        ({"instructions_ru": "Bring a pen"}, "in every language offered, or in none"),
        ({"languages": []}, "Choose at least one language"),
    ],
)
def test_a_bad_exam_is_refused_with_a_clear_message(client, examiner, bank, change, message):
    client.force_login(examiner)
    response = client.post(url("exam_create"), exam_post(bank[0].topic.pk, **change))
    assert response.status_code == 400
    assert message in response.content.decode()
    assert not Exam.objects.exists()


def test_examiner_edits_an_exam(client, examiner, exam):
    client.force_login(examiner)
    page = client.get(url("exam_edit", exam.pk))
    assert page.status_code == 200
    sections = list(exam.sections.all())
    data = exam_post(sections[0].topic_id, slug=exam.slug, **{
        "sections-TOTAL_FORMS": "2", "sections-INITIAL_FORMS": "2",
        "sections-0-id": str(sections[0].pk), "sections-1-id": str(sections[1].pk),
        "sections-0-exam": str(exam.pk), "sections-1-exam": str(exam.pk),
    })
    response = client.post(url("exam_edit", exam.pk), data)
    assert response.status_code == 302
    exam.refresh_from_db()
    assert (exam.time_limit, exam.name_ru) == (45, "National exam [ru]")


def test_examiner_enrols_one_candidate_and_sees_the_invitation_link(client, examiner, exam):
    client.force_login(examiner)
    response = client.post(
        url("enrol", exam.pk), {"full_name": "Jan Nowak", "email": "jan@example.org"}
    )
    assert response.status_code == 302
    enrolment = Enrolment.objects.get()
    # "New link" answers with the link, this once, on a page that is never cached.
    response = client.post(url("reissue_invitation", enrolment.pk))
    assert response.status_code == 200
    assert "no-store" in response["Cache-Control"]
    link = re.search(
        r'value="(http://testserver/en/exams/invitation/[^"]+)"', response.content.decode()
    )
    token = link.group(1).rstrip("/").rsplit("/", 1)[1]
    assert Invitation.objects.get(enrolment=enrolment).token_hash == token_hash(token)
    assert "jan" not in token and str(enrolment.pk) != token
    page = client.get(url("exam_detail", exam.pk))
    assert token not in page.content.decode()
    assert "no-store" in page["Cache-Control"]
    again = client.post(url("enrol", exam.pk), {"full_name": "Jan", "email": "JAN@example.org"})
    assert again.status_code == 400
    assert "already enrolled" in again.content.decode()
    assert Enrolment.objects.count() == 1


def upload(text):
    return SimpleUploadedFile("roll.csv", text.encode("utf-8"), content_type="text/csv")


def test_csv_enrolment(client, examiner, exam):
    client.force_login(examiner)
    roll = "full_name,email\nJan Nowak,jan@example.org\nМария Иванова,maria@example.org\n"
    response = client.post(url("enrol_csv", exam.pk), {"file": upload(roll)})
    assert response.status_code == 302
    assert sorted(Enrolment.objects.values_list("email", flat=True)) == [
        "jan@example.org",
        "maria@example.org",
    ]


def test_a_bad_csv_enrols_nobody_and_names_every_bad_line(client, examiner, exam, enrolment):
    client.force_login(examiner)
    roll = (
        "full_name,email\n"
        "Jan Nowak,jan@example.org\n"
        ",nobody@example.org\n"
        "Bad Mail,not-an-address\n"
        "Jan Twice,JAN@example.org\n"
        "Anna,anna@example.org\n"
    )
    response = client.post(url("enrol_csv", exam.pk), {"file": upload(roll)})
    page = response.content.decode()
    assert response.status_code == 400
    for line in ("Line 3", "Line 4", "Line 5", "Line 6"):
        assert line in page
    assert "Line 2:" not in page
    assert Enrolment.objects.count() == 1


def test_a_csv_sets_each_candidates_language_and_his_mail_follows_it(
    client, examiner, exam
):
    """Polish candidates of an exam whose first language is Persian get Polish mails."""
    from django.core import mail

    exam.languages = ["fa", "pl"]
    exam.save()
    client.force_login(examiner)
    roll = "full_name,email,language\nJan Nowak,jan@example.org,pl\nمریم,maryam@example.org,\n"
    assert client.post(url("enrol_csv", exam.pk), {"file": upload(roll)}).status_code == 302
    assert dict(Enrolment.objects.values_list("email", "language")) == {
        "jan@example.org": "pl", "maryam@example.org": ""}
    client.post(url("send_invitations", exam.pk))
    by_address = {message.to[0]: message for message in mail.outbox}
    assert "/pl/exams/invitation/" in by_address["jan@example.org"].body
    assert "/fa/exams/invitation/" in by_address["maryam@example.org"].body


def test_a_csv_with_a_language_not_offered_enrols_nobody(client, examiner, exam):
    exam.languages = ["fa", "pl"]
    exam.save()
    client.force_login(examiner)
    roll = "full_name,email,language\nJan Nowak,jan@example.org,pl\nTom,tom@example.org,en\n"
    response = client.post(url("enrol_csv", exam.pk, language="pl"), {"file": upload(roll)})
    assert response.status_code == 400
    page = response.content.decode()
    assert "Wiersz 3: „en” nie jest językiem, w którym prowadzony jest ten egzamin" in page
    assert not Enrolment.objects.exists()


def test_the_examiner_changes_a_candidates_language(client, examiner, exam, enrolment):
    from django.core import mail

    exam.languages = ["fa", "pl"]
    exam.save()
    client.force_login(examiner)
    page = client.get(url("exam_detail", exam.pk)).content.decode()
    control = page.split(f'id="language-{enrolment.pk}"', 1)[1].split("</select>", 1)[0]
    # no language chosen at enrolment: the exam's first, as his invitation goes
    assert '<option value="fa" lang="fa" selected>' in control
    assert 'value="en"' not in control  # only the exam's languages
    response = client.post(url("enrolment_language", enrolment.pk), {"language": "pl"})
    assert response.status_code == 302
    enrolment.refresh_from_db()
    assert enrolment.language == "pl"
    page = client.get(response.url).content.decode()
    assert "Anna Kowalska&#x27;s invitation and mails are now in polski." in page
    client.post(url("send_invitation", enrolment.pk))
    assert "/pl/exams/invitation/" in mail.outbox[-1].body


@pytest.mark.parametrize("language", ["en", "", "xx"])
def test_a_language_the_exam_does_not_offer_is_refused_and_nothing_changes(
    client, examiner, exam, enrolment, language
):
    exam.languages = ["fa", "pl"]
    exam.save()
    client.force_login(examiner)
    response = client.post(url("enrolment_language", enrolment.pk, language="fa"),
                           {"language": language})
    assert response.status_code == 302
    enrolment.refresh_from_db()
    assert enrolment.language == ""
    assert "این آزمون به این زبان ارائه نمی‌شود." in client.get(response.url).content.decode()


def test_another_federations_examiner_cannot_change_a_candidates_language(
    client, other_examiner, enrolment
):
    client.force_login(other_examiner)
    response = client.post(url("enrolment_language", enrolment.pk), {"language": "pl"})
    assert response.status_code in (403, 404)
    enrolment.refresh_from_db()
    assert enrolment.language == ""


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"name;mail\nJan;jan@example.org\n", "full_name and email"),
        (b"\xff\xfe\x00bad", "not UTF-8"),
        (b"full_name,email\n", "no candidates"),
    ],
)
def test_an_unreadable_csv_is_refused(client, examiner, exam, content, message):
    client.force_login(examiner)
    response = client.post(
        url("enrol_csv", exam.pk), {"file": SimpleUploadedFile("x.csv", content)}
    )
    assert response.status_code == 400
    assert message in response.content.decode()
    assert not Enrolment.objects.exists()


def test_results_page_and_csv_export(client, examiner, enrolment, exam, clock, right):
    certificate = passed_certificate(enrolment, clock, right)
    client.force_login(examiner)
    assert certificate.code in client.get(url("results", exam.pk)).content.decode()
    response = client.get(url("results_csv", exam.pk))
    rows = list(csv.DictReader(io.StringIO(response.content.decode("utf-8-sig"))))
    assert rows == [
        {
            "full_name": "Anna Kowalska",
            "email": "anna@example.org",
            "attempt": "1",
            "language": "ru",
            "started_at": clock().isoformat(),
            "finished_at": clock().isoformat(),
            "finished_by": "candidate",
            "score_percent": "100",
            "passed": "yes",
            "certificate": certificate.code,
        }
    ]


def test_csv_export_does_not_write_formulas(client, examiner, exam, clock):
    enrolment = services.enrol_candidate(
        exam=exam, full_name="=HYPERLINK(1)", email="h@example.org", now=clock()
    )
    services.submit_attempt(attempt=start(enrolment, clock), now=clock())
    client.force_login(examiner)
    text = client.get(url("results_csv", exam.pk)).content.decode("utf-8-sig")
    assert "'=HYPERLINK(1)" in text


def test_statistics_page(client, examiner, enrolment, exam, clock, right):
    passed_certificate(enrolment, clock, right)
    client.force_login(examiner)
    page = client.get(url("statistics", exam.pk)).content.decode()
    drawn = Attempt.objects.get().questions.values_list("case__id", flat=True)
    for slug in drawn:
        assert slug in page


def test_examiner_revokes_a_certificate(client, examiner, enrolment, clock, right):
    certificate = passed_certificate(enrolment, clock, right)
    client.force_login(examiner)
    empty = client.post(url("revoke", certificate.code), {"reason": "  "})
    assert empty.status_code == 400
    response = client.post(url("revoke", certificate.code), {"reason": "Impersonation"})
    assert response.url == url("certificates")
    certificate.refresh_from_db()
    assert certificate.revocation_reason == "Impersonation"
    again = client.post(url("revoke", certificate.code), {"reason": "again"})
    assert again.status_code == 409
    certificate.refresh_from_db()
    assert certificate.revocation_reason == "Impersonation"


def test_the_audit_trail_is_visible_to_the_federations_examiners(
    client, examiner, enrolment, clock, right
):
    certificate = passed_certificate(enrolment, clock, right)
    client.force_login(examiner)
    page = client.get(url("audit")).content.decode()
    for action in AuditEvent.Action:
        # a revocation, a regrading and extra time are not part of this story (see
        # test_regrading.py, test_extra_time.py)
        not_here = (
            AuditEvent.Action.CERTIFICATE_REVOKED,
            AuditEvent.Action.ATTEMPT_REGRADED,
            AuditEvent.Action.EXTRA_TIME_GRANTED,
        )
        if action not in not_here:
            assert str(action.label) in page
    assert "answer saved" in page
    assert certificate.code in page


def test_invitation_links_as_csv(client, examiner, enrolment, exam, clock):
    client.force_login(examiner)
    assert client.get(url("invitations_csv", exam.pk)).status_code == 405  # a GET never writes
    response = client.post(url("invitations_csv", exam.pk))
    assert "no-store" in response["Cache-Control"]
    rows = list(csv.DictReader(io.StringIO(response.content.decode("utf-8-sig"))))
    assert [row["email"] for row in rows] == ["anna@example.org"]
    token = rows[0]["invitation_link"].rstrip("/").rsplit("/", 1)[1]
    invitation = Invitation.objects.get(enrolment=enrolment)
    assert invitation.token_hash == token_hash(token)
    assert invitation.sent_by == Invitation.Channel.CSV
    # The earlier link (shown at enrolment) died; the CSV's works. A second CSV holds
    # only candidates not yet sent theirs: nobody.
    assert client.get(url("invitation", enrolment.issued_token)).status_code == 404
    again = client.post(url("invitations_csv", exam.pk)).content.decode("utf-8-sig")
    assert len(list(csv.DictReader(io.StringIO(again)))) == 0
    client.logout()
    assert client.get(url("invitation", token)).status_code == 200


def test_examiner_follows_an_attempt_and_reviews_it_once_finished(
    client, examiner, enrolment, clock, right
):
    attempt = start(enrolment, clock)
    question = attempt.questions.get(position=1)
    services.save_answer(attempt=attempt, question=question, answer=right(question), now=clock())
    client.force_login(examiner)
    running = client.get(url("attempt_detail", attempt.pk)).content.decode()
    assert "1 question of 4 answered so far" in running
    assert "grade-table" not in running
    clock.moment = attempt.deadline
    finished = client.get(url("attempt_detail", attempt.pk)).content.decode()
    assert "grade-table" in finished
    assert "25%" in finished


def test_the_persian_certificate_is_typeset_right_to_left_with_an_arabic_script_font(
    client, enrolment, clock, right
):
    import shutil
    import subprocess

    if not shutil.which("fc-list") or not subprocess.run(
        ["fc-list", ":lang=fa", "family"], capture_output=True, text=True
    ).stdout.strip():
        if os.environ.get("CI"):
            pytest.fail("no font for Persian: CI must install fonts-noto-core")
        pytest.skip("no font for Persian on this machine")
    attempt = start(enrolment, clock, language="fa")
    answer_and_submit(attempt, right, clock)
    client.force_login(enrolment.user)
    pdf = client.get(url("certificate_pdf", attempt.certificate.code, language="en")).content
    assert pdf.startswith(b"%PDF")
    # The font names sit in compressed object streams. A stream's data may itself end in
    # b"\r", so take everything up to "endstream" and let zlib ignore what follows the data.
    fonts = b""
    for stream in re.finditer(rb"stream\r?\n(.*?)endstream", pdf, re.S):
        try:
            data = zlib.decompressobj().decompress(stream.group(1))
        except zlib.error:
            continue
        fonts += b" ".join(re.findall(rb"/BaseFont\s*/(\S+)", data))
    assert b"Arabic" in fonts


# --- a saved answer shown again ------------------------------------------------------------


def test_a_saved_nobody_scores_answer_is_shown_checked_again(db):
    """Resuming must show every saved answer, "nobody scores" included.

    Each is posted back unchanged.
    """
    from exams.models import FrozenScenario
    from quiz.forms import AnswerForm, answer_initial

    case = {"format": "snooker-referee-case/1", "id": "break-off-no-pot",
            "state": {"in_hand": True}, "stroke": {"first_contact": ["red"]}}
    scenario = FrozenScenario(pk=7, slug=case["id"], case=case, ask="points", ask_ball="",
                              title="", narrative="", question="", note="", topic=None)
    saved = {"points": {}}
    page = str(AnswerForm(scenario=scenario, initial=answer_initial(saved))["points_side"])
    assert re.search(r'value=":nobody"[^>]*checked', page)
    posted = AnswerForm(scenario=scenario, data={"scenario": "7", **answer_initial(saved)})
    assert posted.is_valid(), posted.errors
    assert posted.answer == saved


def test_saving_an_answer_through_the_page_writes_one_row(
    client, candidate, enrolment, clock, right, form_data
):
    """Exam day: each save after the first is one UPDATE, and nothing else is written."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    attempt = start(enrolment, clock)
    client.force_login(candidate)
    question = attempt.questions.get(position=1)
    address = url("question", attempt.pk, 1, language="ru")
    client.post(
        address, form_data(question, right(question)), headers={"X-Requested-With": "fetch"}
    )
    with CaptureQueriesContext(connection) as queries:
        response = client.post(
            address, form_data(question, right(question)), headers={"X-Requested-With": "fetch"}
        )
    assert response.json() == {"saved": True, "complete": True}
    writes = [q["sql"] for q in queries if not q["sql"].lstrip().upper().startswith("SELECT")]
    writes = [
        sql for sql in writes if not sql.upper().startswith(("SAVEPOINT", "RELEASE SAVEPOINT"))
    ]
    assert len(writes) == 1 and writes[0].upper().startswith('UPDATE "EXAMS_ANSWER"'), writes


def test_the_exam_page_tells_the_candidate_the_rules_he_sits_under(
    client, candidate, enrolment, exam
):
    exam.attempts_allowed, exam.waiting_hours, exam.certificate_months = 2, 48, 24
    exam.review = Exam.Review.ANSWERS
    exam.save()
    client.force_login(candidate)
    with translation.override("ru"):
        page = client.get(url("enrolment", enrolment.pk, language="ru")).content.decode()
    assert "48 часов" in page
    assert "24 месяца" in page
    assert escape(str(Exam.Review.ANSWERS.label)) not in page  # English would be untranslated


def test_results_finish_an_attempt_whose_time_is_over_without_waiting_for_cron(
    client, examiner, enrolment, exam, clock, right
):
    attempt = start(enrolment, clock)
    first = attempt.questions.get(position=1)
    services.save_answer(attempt=attempt, question=first, answer=right(first), now=clock())
    clock.moment = attempt.deadline + timedelta(minutes=1)
    client.force_login(examiner)
    response = client.get(url("results_csv", exam.pk))
    (row,) = csv.DictReader(io.StringIO(response.content.decode("utf-8-sig")))
    assert (row["finished_by"], row["finished_at"]) == ("deadline", attempt.deadline.isoformat())
    assert row["score_percent"] == "25"  # the one saved answer of four counts


def test_an_earlier_attempts_answers_stay_hidden_while_the_next_attempt_runs(
    client, candidate, enrolment, exam, clock, wrong
):
    """No explanation may reach the next attempt before it is submitted.

    The next attempt may draw the same questions.
    """
    exam.review, exam.attempts_allowed, exam.waiting_hours = Exam.Review.ANSWERS, 2, 0
    exam.save()
    first = start(enrolment, clock, language="en")
    answer_and_submit(first, wrong, clock)
    client.force_login(candidate)
    assert "grade-table" in client.get(url("result", first.pk)).content.decode()
    second = start(enrolment, clock, language="en")
    page = client.get(url("result", first.pk)).content.decode()
    assert "grade-table" not in page
    assert "Result per topic" in page
    assert "once your attempt in progress is finished" in page
    services.submit_attempt(attempt=second, now=clock())
    assert "grade-table" in client.get(url("result", first.pk)).content.decode()


def test_the_exam_page_says_why_no_attempt_can_start_instead_of_offering_one(
    client, candidate, enrolment, exam, clock, right, wrong
):
    exam.attempts_allowed, exam.waiting_hours = 2, 2
    exam.save()
    client.force_login(candidate)
    first = start(enrolment, clock, language="en")
    answer_and_submit(first, wrong, clock)
    waiting = client.get(url("enrolment", enrolment.pk)).content.decode()
    assert "start-form" not in waiting
    assert "You may start your next attempt from" in waiting
    clock.advance(hours=2)
    assert "start-form" in client.get(url("enrolment", enrolment.pk)).content.decode()
    second = start(enrolment, clock, language="en")
    answer_and_submit(second, right, clock)
    passed = client.get(url("enrolment", enrolment.pk)).content.decode()
    assert "start-form" not in passed
    assert "You have already passed this exam." in passed


@pytest.mark.parametrize("language", ["fa", "ru"])
def test_a_name_left_empty_in_a_language_is_shown_in_english(
    client, candidate, enrolment, exam, language
):
    """Translation fallback (MODELTRANSLATION_FALLBACK_LANGUAGES), on a page: an exam named
    in English but not in the reader's language shows its English name, never a blank."""
    setattr(exam, f"name_{language}", "")
    exam.save()
    client.force_login(candidate)
    page = client.get(url("enrolment", enrolment.pk, language=language)).content.decode()
    assert re.search(r"<h1>\s*Referee level 1\s*</h1>", page)
    french = client.get(url("enrolment", enrolment.pk, language="fr")).content.decode()
    assert re.search(r"<h1>\s*Arbitre niveau 1\s*</h1>", french)  # a name given is kept


# --- a frame section is played in order (issue 22) ----------------------------------------


@pytest.fixture
def framed(client, frame_attempt, clock):
    """The frame attempt's candidate signed in: one scenario (1), then strokes 2 to 5."""
    client.force_login(frame_attempt.enrolment.user)
    return frame_attempt


def stroke_post(attempt, position, go=None, answer=None):
    question = attempt.questions.get(position=position)
    data = post_data(question, stroke_answer(question) if answer is None else answer)
    return {**data, "go": go} if go else data


def final_at(attempt, position):
    answers = Answer.objects.filter(question__attempt=attempt, question__position=position)
    return answers.values_list("final_at", flat=True).first()


def test_a_later_stroke_leads_to_the_stroke_to_make_final(client, framed):
    for position in (3, 5):
        response = client.get(url("question", framed.pk, position), follow=True)
        assert response.redirect_chain == [(url("question", framed.pk, 2), 302)]
        page = response.content.decode()
        assert "make your calls for this stroke final before you go on" in page
        third = framed.questions.get(position=3)
        assert escape(third.narrative.split("\n\n")[1]) not in page  # nothing of stroke 3 shown


def test_a_stroke_not_open_yet_takes_no_post(client, framed):
    address = url("question", framed.pk, 3)
    response = client.post(address, stroke_post(framed, 3, go="final"))
    assert response.status_code == 302 and response["Location"] == url("question", framed.pk, 2)
    autosave = client.post(address, stroke_post(framed, 3), headers={"X-Requested-With": "fetch"})
    assert autosave.status_code == 409 and autosave.json()["saved"] is False
    assert "before you go on" in autosave.json()["error"]
    assert not Answer.objects.filter(question__attempt=framed).exists()


def test_making_the_calls_final_goes_on_to_the_next_stroke(client, framed, clock):
    page = client.get(url("question", framed.pk, 2)).content.decode()
    assert 'value="final"' in page and "Make these calls final and go on to the next stroke" in page
    assert "cannot be changed: the frame goes on from them" in page
    response = client.post(url("question", framed.pk, 2), stroke_post(framed, 2, go="final"),
                           follow=True)
    assert response.redirect_chain == [(url("question", framed.pk, 3), 302)]
    assert "Your calls are final. The frame goes on." in response.content.decode()
    assert final_at(framed, 2) == clock()


def test_the_last_stroke_of_the_section_is_made_final_and_leads_on(client, framed, clock):
    for position in (2, 3, 4):
        client.post(url("question", framed.pk, position), stroke_post(framed, position, "final"))
    page = client.get(url("question", framed.pk, 5)).content.decode()
    assert ">Make these calls final</button>" in page
    response = client.post(url("question", framed.pk, 5), stroke_post(framed, 5, "final"))
    assert response["Location"] == url("submit", framed.pk)
    assert all(final_at(framed, position) for position in range(2, 6))


def test_an_incomplete_answer_is_kept_not_final(client, framed):
    answer = stroke_answer(framed.questions.get(position=2))
    partial = {name: value for name, value in answer.items() if name != "ball_on"}
    response = client.post(url("question", framed.pk, 2), stroke_post(framed, 2, "final", partial))
    assert response.status_code == 400
    assert Answer.objects.get(question__position=2, question__attempt=framed).payload == partial
    assert final_at(framed, 2) is None


def test_the_autosave_keeps_a_stroke_never_final(client, framed):
    response = client.post(url("question", framed.pk, 2), stroke_post(framed, 2),
                           headers={"X-Requested-With": "fetch"})
    assert response.json() == {"saved": True, "complete": True}
    assert final_at(framed, 2) is None
    # a plain keep without the script stays on the stroke, never final
    kept = client.post(url("question", framed.pk, 2), stroke_post(framed, 2, "save"))
    assert kept["Location"] == url("question", framed.pk, 2) and final_at(framed, 2) is None
    assert client.get(url("question", framed.pk, 3)).status_code == 302


def test_leaving_a_stroke_keeps_its_answer_not_final(client, framed):
    response = client.post(url("question", framed.pk, 2), stroke_post(framed, 2, "1"))
    assert response["Location"] == url("question", framed.pk, 1)
    assert Answer.objects.filter(question__attempt=framed).count() == 1
    assert final_at(framed, 2) is None


def made_final(client, attempt, position=2):
    client.post(url("question", attempt.pk, position), stroke_post(attempt, position, "final"))
    assert final_at(attempt, position) is not None


def test_a_final_strokes_page_shows_the_calls_read_only(client, framed):
    made_final(client, framed)
    page = client.get(url("question", framed.pk, 2)).content.decode()
    assert "Your calls for this stroke are final" in page and 'value="final"' not in page
    assert "data-autosave" not in page
    inputs = re.findall(r"<input [^>]*>", page.split('id="answer-form"')[1].split("</form>")[0])
    answer_inputs = [tag for tag in inputs if 'name="csrfmiddlewaretoken"' not in tag]
    assert answer_inputs and all(" disabled" in tag for tag in answer_inputs)
    assert re.search(r"<input [^>]*checked[^>]*disabled|<input [^>]*disabled[^>]*checked", page)
    assert "Go on to the next stroke" in page


def test_a_post_that_would_change_final_calls_is_refused(client, framed, wrong):
    made_final(client, framed)
    kept = Answer.objects.get(question__attempt=framed, question__position=2)
    other = {**kept.payload, "legal": not kept.payload["legal"]}
    for go in ("final", "save", "flag", "1"):
        response = client.post(url("question", framed.pk, 2), stroke_post(framed, 2, go, other))
        assert response.status_code == 409
        assert refusal_text(response, CallsFinal.message) in response.content.decode()
    autosave = client.post(url("question", framed.pk, 2), stroke_post(framed, 2, answer=other),
                           headers={"X-Requested-With": "fetch"})
    assert autosave.status_code == 409 and autosave.json()["saved"] is False
    again = Answer.objects.get(pk=kept.pk)
    assert (again.payload, again.revision, again.final_at) == (kept.payload, 1, kept.final_at)
    assert not again.question.flagged


def test_a_final_strokes_buttons_still_flag_and_lead_on(client, framed):
    made_final(client, framed)
    token_only = {}  # the page's answer fields are disabled: a button sends none of them
    response = client.post(url("question", framed.pk, 2), {**token_only, "go": "flag"})
    assert response["Location"] == url("question", framed.pk, 2)
    assert framed.questions.get(position=2).flagged
    assert client.post(url("question", framed.pk, 2), {"go": "3"})["Location"] == url(
        "question", framed.pk, 3
    )
    # the same calls sent again (a second press, a stale tab) write nothing and lead on
    response = client.post(url("question", framed.pk, 2), stroke_post(framed, 2, "final"))
    assert response["Location"] == url("question", framed.pk, 3)
    assert Answer.objects.get(question__attempt=framed, question__position=2).revision == 1


def test_the_refusals_speak_the_candidates_language(client, framed):
    framed.language = "fr"
    framed.save(update_fields=["language"])
    response = client.get(url("question", framed.pk, 4, language="fr"), follow=True)
    with translation.override("fr"):
        said = escape(str(StrokeNotYet.message))
    assert said in response.content.decode() and "before you go on" not in said
    made_final(client, framed)
    kept = Answer.objects.get(question__attempt=framed, question__position=2).payload
    other = {**kept, "legal": not kept["legal"]}
    refused = client.post(url("question", framed.pk, 2, language="fr"),
                          stroke_post(framed, 2, "final", other))
    assert refused.status_code == 409
    assert refusal_text(refused, CallsFinal.message) in refused.content.decode()
    assert "Your calls" not in refusal_text(refused, CallsFinal.message)


def test_the_progress_and_review_show_strokes_final_and_not_open_yet(client, framed):
    made_final(client, framed)
    page = client.get(url("question", framed.pk, 3)).content.decode()
    nav = page.split('class="question-nav"')[1].split("</nav>")[0]
    assert re.search(r'value="2" class="question-link final', nav)
    assert re.search(r'<span aria-disabled="true" class="question-link locked[^"]*">4', nav)
    assert 'value="4"' not in nav and 'value="5"' not in nav
    assert 'value="4" class="link-button"' not in page  # no "Next question" to a closed stroke
    review = client.get(url("submit", framed.pk)).content.decode()
    assert url("question", framed.pk, 4) not in review
    assert url("question", framed.pk, 5) not in review
    assert "Frame strokes not open yet" in review
    assert "Frame strokes whose calls are final" in review
    assert url("question", framed.pk, 2) in review and url("question", framed.pk, 3) in review


def test_resuming_leads_to_the_stroke_still_to_make_final(client, framed):
    client.post(url("question", framed.pk, 1), stroke_post(framed, 1, "save", right_answer(
        framed.questions.get(position=1))))
    client.post(url("question", framed.pk, 2), stroke_post(framed, 2, "save"))
    assert client.get(url("attempt", framed.pk))["Location"] == url("question", framed.pk, 2)
