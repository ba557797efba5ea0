"""A locked-out owner unlocks his account by a mailed link (accounts/unlocking.py)."""

from __future__ import annotations

import hashlib
import re
from datetime import timedelta

import pytest
from axes.models import AccessAttempt
from django.contrib.auth import get_user_model
from django.core import mail
from django.urls import reverse
from django.utils import timezone, translation

from accounts.models import EmailAddress, UnlockLink

pytestmark = pytest.mark.django_db
PASSWORD = "right-pass-1234"


def url(name, language="en", *args):
    with translation.override(language):
        return reverse(name, args=args)


@pytest.fixture
def examiner():
    user = get_user_model().objects.create_user("examiner", "exam@example.org", PASSWORD)
    EmailAddress.objects.create(user=user, email="exam@example.org", verified_at=timezone.now())
    return user


def lock(client, username="examiner", address="10.0.0.1"):
    for _ in range(5):
        client.post(url("login"), {"username": username, "password": "wrong"},
                    REMOTE_ADDR=address)


def link_in(message):
    return re.search(r"http://testserver(/\S+)", message.body).group(1)


def test_the_locked_page_offers_the_link_and_the_link_unlocks_and_signs_in(client, examiner):
    lock(client)
    locked = client.post(url("login", "pl"), {"username": "examiner", "password": PASSWORD},
                         REMOTE_ADDR="10.0.0.1")
    assert locked.status_code == 429
    assert url("unlock_request", "pl") in locked.content.decode()
    sent = client.post(url("unlock_request", "pl"), {"name": "examiner"}, REMOTE_ADDR="10.0.0.1")
    assert sent.status_code == 200
    assert [message.to for message in mail.outbox] == [["exam@example.org"]]
    assert "Odblokuj" in mail.outbox[0].subject  # in the language he asked in
    link = link_in(mail.outbox[0])
    assert link.startswith("/pl/accounts/unlock/")
    page = client.get(link)
    assert page.status_code == 200
    assert "examiner" in page.content.decode()  # the page names the account
    assert AccessAttempt.objects.filter(username="examiner").exists()  # a GET writes nothing
    done = client.post(link, REMOTE_ADDR="10.0.0.1", follow=True)
    assert done.status_code == 200
    assert client.session["_auth_user_id"] == str(examiner.pk)
    assert not AccessAttempt.objects.filter(username="examiner").exists()
    # once only
    client.logout()
    assert client.post(link).status_code == 400
    assert "_auth_user_id" not in client.session
    # and his password works again from that address
    again = client.post(url("login"), {"username": "examiner", "password": PASSWORD},
                        REMOTE_ADDR="10.0.0.1")
    assert again.status_code == 302


def test_only_the_tokens_hash_is_kept_and_the_link_expires(client, examiner):
    client.post(url("unlock_request"), {"name": "exam@example.org"})  # by address too
    token = link_in(mail.outbox[0]).rstrip("/").rsplit("/", 1)[1]
    row = UnlockLink.objects.get()
    assert row.token_hash == hashlib.sha256(token.encode()).hexdigest()
    assert token not in row.token_hash
    UnlockLink.objects.update(expires_at=timezone.now() - timedelta(seconds=1))
    assert client.get(url("unlock", "en", token)).status_code == 400
    assert client.post(url("unlock", "en", token)).status_code == 400
    assert "_auth_user_id" not in client.session


def test_a_forged_link_is_refused(client, examiner):
    for token in ("x", "a" * 43, "%00"):
        assert client.get(f"/en/accounts/unlock/{token}/").status_code == 400
        assert client.post(f"/en/accounts/unlock/{token}/").status_code == 400


def test_the_answer_never_tells_whether_an_account_exists(client, examiner):
    unverified = get_user_model().objects.create_user("squatter", "sq@example.org", PASSWORD)
    EmailAddress.objects.create(user=unverified, email="sq@example.org")
    get_user_model().objects.create_user("linkonly")  # no password
    pages = [
        client.post(url("unlock_request"), {"name": name}).content.decode()
        for name in ("examiner", "nobody", "squatter", "linkonly", "nobody@example.org")
    ]
    assert len(mail.outbox) == 1  # only the examiner's confirmed address gets mail
    stripped = {re.sub(r'name="csrfmiddlewaretoken" value="[^"]+"', "", page) for page in pages}
    assert len(stripped) == 1


def test_an_address_locked_by_others_does_not_keep_the_owner_out(client, examiner, settings):
    settings.LOGIN_ADDRESS_FAILURE_LIMIT = 10
    for n in range(10):
        client.post(url("login"), {"username": f"guess{n}", "password": "x"},
                    REMOTE_ADDR="10.0.0.9")
    assert client.post(url("login"), {"username": "examiner", "password": PASSWORD},
                       REMOTE_ADDR="10.0.0.9").status_code == 429
    client.post(url("unlock_request"), {"name": "examiner"}, REMOTE_ADDR="10.0.0.9")
    client.post(link_in(mail.outbox[0]), REMOTE_ADDR="10.0.0.9")
    assert client.session["_auth_user_id"] == str(examiner.pk)


def test_unlock_mails_keep_to_the_allowance(client, examiner):
    for n in range(8):
        client.post(url("unlock_request"), {"name": "examiner"}, REMOTE_ADDR=f"10.1.0.{n}")
    assert len(mail.outbox) == 3
