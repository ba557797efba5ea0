"""Sessions that read their user in the same query (accounts/sessions.py, backends.py,
middleware.py): one query where Django makes two, and every check Django makes kept."""

from __future__ import annotations

from datetime import timedelta
from zoneinfo import ZoneInfo

import pytest
from django.contrib.auth import BACKEND_SESSION_KEY, SESSION_KEY, get_user_model
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone, translation

from accounts.models import Session
from accounts.sessions import SessionStore, _session_with_user, user_id_in
from tests.same_as_orm import values_of

PASSWORD = "długie-hasło-42"
pytestmark = pytest.mark.django_db


def progress_url() -> str:
    with translation.override("en"):
        return reverse("quiz:progress")


@pytest.fixture
def user():
    return get_user_model().objects.create_user("sędzia", "sedzia@example.org", PASSWORD)


@pytest.fixture
def signed_in(client, user):
    with translation.override("en"):
        login = reverse("login")
    reply = client.post(login, {"username": "sędzia", "password": PASSWORD})
    assert reply.status_code == 302, "the password login signs in"
    return client


def session_row(client) -> Session:
    return Session.objects.get(session_key=client.cookies["sessionid"].value)


def reads_of_session_or_user(queries) -> list[str]:
    return [q["sql"] for q in queries if "accounts_session" in q["sql"] or "auth_user" in q["sql"]]


def test_a_signed_in_request_reads_its_session_and_user_in_one_query(signed_in, user):
    with CaptureQueriesContext(connection) as queries:
        page = signed_in.get(progress_url())
    assert page.status_code == 200
    assert page.wsgi_request.user == user
    reads = reads_of_session_or_user(queries.captured_queries)
    assert len(reads) == 1
    assert 'JOIN "auth_user"' in reads[0]


def test_the_row_names_the_user_its_data_names_and_logout_clears_it(signed_in, user):
    row = session_row(signed_in)
    assert row.user_id == user.pk
    assert row.get_decoded()[SESSION_KEY] == str(user.pk)
    with translation.override("en"):
        signed_in.post(reverse("logout"))
    assert not Session.objects.filter(pk=row.pk).exists()
    assert all(session.user_id is None for session in Session.objects.all())


def test_a_row_naming_another_user_is_not_believed(signed_in, user):
    other = get_user_model().objects.create_user("inny", "inny@example.org", PASSWORD)
    Session.objects.filter(pk=session_row(signed_in).pk).update(user=other)
    with CaptureQueriesContext(connection) as queries:
        page = signed_in.get(progress_url())
    # the session's signed data decides; its user is read on his own
    assert page.wsgi_request.user == user
    assert len(reads_of_session_or_user(queries.captured_queries)) == 2


def test_an_account_made_inactive_is_signed_out(signed_in, user):
    user.is_active = False
    user.save()
    page = signed_in.get(progress_url())
    assert page.status_code == 302
    assert not page.wsgi_request.user.is_authenticated


def test_a_password_changed_elsewhere_ends_the_session(signed_in, user):
    user.set_password("inne-hasło-43")
    user.save()
    page = signed_in.get(progress_url())
    assert page.status_code == 302
    assert not page.wsgi_request.user.is_authenticated


def test_a_session_of_a_backend_no_longer_configured_signs_nobody_in(signed_in):
    store = SessionStore(signed_in.cookies["sessionid"].value)
    store[BACKEND_SESSION_KEY] = "django.contrib.auth.backends.RemoteUserBackend"
    store.save()
    page = signed_in.get(progress_url())
    assert not page.wsgi_request.user.is_authenticated


def test_deleting_a_user_deletes_his_sessions(signed_in, user):
    key = signed_in.cookies["sessionid"].value
    user.delete()
    assert not Session.objects.filter(pk=key).exists()


def test_an_anonymous_visitor_has_no_user_read():
    store = SessionStore()
    store["language"] = "fa"
    store.create()
    assert Session.objects.get(pk=store.session_key).user_id is None
    assert SessionStore(store.session_key).load() == {"language": "fa"}


@pytest.mark.parametrize(
    ("data", "expected"),
    [({}, None), ({SESSION_KEY: "42"}, 42), ({SESSION_KEY: "not a number"}, None)],
)
def test_user_id_in(data, expected):
    assert user_id_in(data) == expected


def test_a_new_session_never_takes_a_key_in_use(monkeypatch):
    taken = SessionStore()
    taken.create()
    keys = iter([taken.session_key, "f" * 32])
    monkeypatch.setattr(
        "django.contrib.sessions.backends.base.get_random_string", lambda *_args: next(keys)
    )
    new = SessionStore()
    new["language"] = "pl"
    new.create()
    assert new.session_key == "f" * 32
    assert Session.objects.count() == 2


@pytest.mark.parametrize(
    "forged", ["a\x00" * 16, "ABCDEFGHIJKLMNOP", "abcdefgh'; --", "a" * 41, "é" * 32]
)
def test_a_forged_session_key_reaches_no_query_and_the_page_opens(client, forged):
    """PostgreSQL answers a NUL byte in a string with an error: such a key is no key."""
    client.cookies["sessionid"] = forged
    with CaptureQueriesContext(connection) as queries:
        page = client.get(progress_url())
    assert page.status_code in (200, 302)
    assert not reads_of_session_or_user(queries.captured_queries)
    assert not page.wsgi_request.user.is_authenticated


def test_a_well_formed_unknown_key_is_still_looked_up(client):
    client.cookies["sessionid"] = "a" * 32
    with CaptureQueriesContext(connection) as queries:
        client.get(progress_url())
    assert reads_of_session_or_user(queries.captured_queries)


# --- the session read by hand (accounts/sessions.py) gives what the ORM gives ---------


@pytest.fixture
def session_rows(user):
    """Sessions of every kind the read meets, by key; the moment they are read at."""
    now = timezone.now()
    user.last_login = now  # a date-time on the joined row; the other user has none (None)
    user.save()
    never_signed_in = get_user_model().objects.create_user("bez-logowania")
    rows = {
        "signedin": (user.pk, timedelta(hours=2)),
        "nouseryet": (None, timedelta(hours=2)),
        "neversignedin": (never_signed_in.pk, timedelta(hours=2)),
        "userdeleted": (10**9, timedelta(hours=2)),  # no constraint: a row may outlive him
        "expiresnow": (user.pk, timedelta(0)),
        "expired": (user.pk, -timedelta(seconds=1)),
    }
    for name, (user_id, lifetime) in rows.items():
        Session.objects.create(
            session_key=f"{name:x<32}", session_data="e30:", user_id=user_id,
            expire_date=now + lifetime,
        )
    return now


@pytest.mark.parametrize("zone", ["UTC", "Asia/Tehran", "America/St_Johns"])
def test_the_session_and_its_user_are_read_as_the_orm_reads_them(session_rows, zone):
    now = session_rows
    found_any = set()
    with timezone.override(zone):
        # the moment in the reader's zone: the same instant
        for moment in (now, now.astimezone(ZoneInfo(zone))):
            for key in Session.objects.values_list("session_key", flat=True):
                orm = Session.objects.select_related("user").filter(
                    session_key=key, expire_date__gt=moment
                ).first()
                with CaptureQueriesContext(connection) as queries:
                    found = _session_with_user(key=key, now=moment)
                assert len(queries) == 1
                if orm is None:
                    assert found is None, key
                    continue
                session, its_user = found
                assert values_of(session) == values_of(orm), key
                assert values_of(its_user) == values_of(orm.user), key
                found_any.add((key[:12], its_user is None))
    assert len(found_any) == 4, "signed in, no user yet, never signed in, user deleted"


def test_an_expired_session_is_forgotten_as_django_forgets_it(session_rows):
    store = SessionStore("expired".ljust(32, "x"))
    assert store.load() == {}
    assert store.session_key is None, "a new session never takes the key the visitor sent"
    live = SessionStore("signedin".ljust(32, "x"))
    live.load()
    assert live.session_key == "signedin".ljust(32, "x")
