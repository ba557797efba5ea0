"""Invitation links: one enrolment each, random, hashed, expiring, re-issued, sent.

The two holes of issue 9 are reproduced first: a link from one federation's CSV
signing in to another federation's candidate, and an address squatted at sign-up.
"""

from __future__ import annotations

import base64
import csv
import io
from datetime import timedelta

import pytest
from django.core import mail
from django.urls import reverse
from django.utils import translation

from exams import invitations, services
from exams.models import Enrolment, Invitation


def url(name, *args, language="en"):
    with translation.override(language):
        return reverse(f"exams:{name}", args=args)


def sign_in_with(client, token):
    return client.post(url("invitation", token))


@pytest.fixture
def other_exam(other_federation, bank, now, new_exam):
    return new_exam(other_federation, now, slug="ffb-level-1")


def test_a_link_from_another_federation_never_opens_a_candidates_other_enrolment(
    client, enrolment, other_exam, other_examiner, clock, right
):
    # Federation 1's candidate Anna has an attempt and a certificate.
    attempt = services.start_attempt(enrolment=enrolment, language="en", now=clock())
    for question in attempt.questions.all():
        services.save_answer(attempt=attempt, question=question, answer=right(question),
                             now=clock())
    services.submit_attempt(attempt=attempt, now=clock())
    certificate = attempt.certificate
    # Federation 2's examiner enrols her address in his own exam and downloads the CSV.
    client.force_login(other_examiner)
    client.post(url("enrol", other_exam.pk), {"full_name": "Anna", "email": "anna@example.org"})
    rows = list(csv.DictReader(io.StringIO(
        client.post(url("invitations_csv", other_exam.pk)).content.decode("utf-8-sig")
    )))
    link = rows[0]["invitation_link"]
    client.logout()
    # He opens the link: it signs in to his own enrolment of her address, nothing else.
    response = client.post(link.replace("http://testserver", ""))
    mine = Enrolment.objects.get(exam=other_exam)
    assert response.url == url("enrolment", mine.pk)
    assert mine.user != enrolment.user
    for page in (
        url("enrolment", enrolment.pk),
        url("result", attempt.pk),
        url("attempt", attempt.pk),
        url("certificate_pdf", certificate.code),
    ):
        assert client.get(page).status_code == 403, page
    assert client.post(url("enrolment", enrolment.pk), {"language": "en"}).status_code == 403
    assert enrolment.attempts.count() == 1
    assert url("enrolment", enrolment.pk) not in client.get(url("index")).content.decode()


def test_an_address_squatted_at_sign_up_matches_no_enrolment(client, exam, examiner, clock):
    # The squatter signs up with the candidate's address (and his name as user name):
    squat = client.post(
        reverse("signup"),
        {"username": "anna-k", "email": "anna@example.org",
         "password1": "squatter-pass-1234", "password2": "squatter-pass-1234"},
    )
    assert squat.status_code == 302
    squatter = Enrolment._meta.get_field("user").related_model.objects.get(username="anna-k")
    client.logout()
    # ... the examiner enrols the real Anna: the unverified account is not matched.
    enrolment = services.enrol_candidate(
        exam=exam, full_name="Anna Kowalska", email="anna@example.org", by=examiner, now=clock()
    )
    assert enrolment.user != squatter
    client.force_login(squatter)
    assert client.get(url("enrolment", enrolment.pk)).status_code == 403
    assert "Referee level 1" not in client.get(url("index")).content.decode()
    client.logout()
    # ... and the real candidate's link opens her exam, not a login page.
    response = sign_in_with(client, enrolment.issued_token)
    assert response.url == url("enrolment", enrolment.pk)
    assert client.get(response.url).status_code == 200


def test_a_verified_trainee_joins_through_his_own_login(client, exam, verified_trainee, clock):
    enrolment = services.enrol_candidate(
        exam=exam, full_name="T", email="TRAINEE@example.org", now=clock()
    )
    assert enrolment.user == verified_trainee
    assert sign_in_with(client, enrolment.issued_token).url.startswith(reverse("login"))
    client.force_login(verified_trainee)
    # signed in, his link takes him straight to his exam
    assert client.get(url("invitation", enrolment.issued_token)).url == url(
        "enrolment", enrolment.pk
    )
    assert client.get(url("enrolment", enrolment.pk)).status_code == 200


@pytest.mark.parametrize("role", ["staff", "examiner"])
def test_no_link_signs_in_to_a_staff_or_examiners_account(client, enrolment, clock, role):
    user = enrolment.user
    if role == "staff":
        user.is_staff = True
        user.save()
    else:
        from federations.models import Examiner

        Examiner.objects.create(user=user, federation=enrolment.exam.federation)
    response = sign_in_with(client, enrolment.issued_token)
    assert response.url.startswith(reverse("login"))
    assert "_auth_user_id" not in client.session


def test_the_token_is_random_and_only_its_hash_is_stored(enrolment):
    token = enrolment.issued_token
    stored = Invitation.objects.get(enrolment=enrolment)
    # 32 random bytes: neither the address nor the enrolment's id, even once decoded
    decoded = base64.urlsafe_b64decode(token + "=" * (-len(token) % 4))
    assert len(decoded) == 32 and b"anna" not in decoded and "@" not in token
    assert invitations.issue_invitation(enrolment=enrolment) != token  # random each time
    assert stored.token_hash == invitations.token_hash(token) != token
    assert token not in str(list(Invitation.objects.values()))


def test_a_used_link_works_again_until_it_expires(client, enrolment, exam, clock):
    token = enrolment.issued_token
    assert sign_in_with(client, token).status_code == 302
    client.logout()
    clock.moment = exam.closes_at + timedelta(days=13)
    assert sign_in_with(client, token).status_code == 302  # reopened on another day
    client.logout()
    clock.moment = exam.invitations_expire_at
    response = client.get(url("invitation", token))
    assert response.status_code == 410
    assert "has expired" in response.content.decode()
    assert sign_in_with(client, token).status_code == 410
    assert "_auth_user_id" not in client.session


def test_the_examiner_sets_how_long_links_last(client, enrolment, exam, clock):
    exam.invitation_days = 0
    exam.save()
    clock.moment = exam.closes_at
    assert client.get(url("invitation", enrolment.issued_token)).status_code == 410
    exam.invitation_days = 30
    exam.save()
    assert client.get(url("invitation", enrolment.issued_token)).status_code == 200


def test_a_new_link_kills_the_old_one_and_its_session_at_once(
    client, examiner, enrolment, clock
):
    old = enrolment.issued_token
    candidate_browser = client.__class__()
    sign_in_with(candidate_browser, old)
    assert candidate_browser.get(url("enrolment", enrolment.pk)).status_code == 200
    client.force_login(examiner)
    page = client.post(url("reissue_invitation", enrolment.pk))
    assert page.status_code == 200
    new = page.content.decode().split("/exams/invitation/")[1].split("/")[0]
    assert new != old
    assert client.get(url("invitation", old)).status_code == 404
    # whoever signed in with the old link is signed out
    assert candidate_browser.get(url("enrolment", enrolment.pk)).status_code == 302
    client.logout()
    assert sign_in_with(client, new).url == url("enrolment", enrolment.pk)


def test_the_link_dies_with_its_enrolment(client, enrolment):
    token = enrolment.issued_token
    enrolment.delete()
    assert client.get(url("invitation", token)).status_code == 404


def test_the_examiner_sees_when_a_link_was_last_used(client, examiner, enrolment, clock):
    sign_in_with(client, enrolment.issued_token)
    client.logout()
    client.force_login(examiner)
    page = client.get(url("exam_detail", enrolment.exam_id)).content.decode()
    assert "Last used on" in page


def test_invitations_are_sent_in_the_candidates_language(
    client, examiner, exam, enrolment, clock
):
    polish = services.enrol_candidate(
        exam=exam, full_name="Jan", email="jan@example.org", now=clock(), language="pl"
    )
    exam.languages = ["fr", "en"]
    exam.save()
    client.force_login(examiner)
    response = client.post(url("send_invitations", exam.pk))
    assert response.status_code == 302
    assert sorted(message.to[0] for message in mail.outbox) == [
        "anna@example.org", "jan@example.org"
    ]
    by_address = {message.to[0]: message for message in mail.outbox}
    assert "/pl/exams/invitation/" in by_address["jan@example.org"].body
    assert all(message.body.rstrip().endswith("\nBaize") for message in mail.outbox)
    assert "Arbitre niveau 1" in by_address["anna@example.org"].subject  # the exam's first
    assert "/fr/exams/invitation/" in by_address["anna@example.org"].body
    link = by_address["jan@example.org"].body.split("http://testserver")[1].split()[0]
    # sent: the examiner sees when; a second "send all" sends nothing more
    polish_invitation = Invitation.objects.get(enrolment=polish)
    assert polish_invitation.sent_by == Invitation.Channel.EMAIL
    assert polish_invitation.sent_at == clock()
    assert "Sent by email on" in client.get(url("exam_detail", exam.pk)).content.decode()
    client.post(url("send_invitations", exam.pk))
    assert len(mail.outbox) == 2
    # one invitation again, on demand: a new link, the mailed one dies
    client.post(url("send_invitation", polish.pk))
    assert len(mail.outbox) == 3
    client.logout()
    assert client.get(link).status_code == 404
    mailed = mail.outbox[-1].body.split("http://testserver")[1].split()[0]
    assert client.post(mailed).url == url("enrolment", polish.pk, language="pl")


def test_another_federations_examiner_cannot_send_or_reissue(client, other_examiner, enrolment):
    client.force_login(other_examiner)
    assert client.post(url("send_invitation", enrolment.pk)).status_code == 403
    assert client.post(url("reissue_invitation", enrolment.pk)).status_code == 403
    assert mail.outbox == []
