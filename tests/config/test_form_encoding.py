"""A form body that is not UTF-8 gets a clear 400 page, never a 500 (config/form_encoding.py)."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse
from django.utils import translation

from config.form_encoding import unreadable_charset

pytestmark = pytest.mark.django_db

BODY = "username=referee&password=x".encode("utf-16")


def post(client: Client, path: str, content_type: str, body: bytes = BODY):
    return client.generic("POST", path, body, content_type=content_type)


def paths(language: str) -> list[str]:
    with translation.override(language):
        return [
            reverse("login"),
            reverse("signup"),
            reverse("password_reset"),
            reverse("verify_email_resend"),
            reverse("set_language"),
            reverse("quiz:self_test_start"),
            reverse("quiz:choose_edition"),
            reverse("studio:new"),
            reverse("studio:authors"),
            reverse("exams:invitation", args=["x" * 43]),
        ]


@pytest.mark.parametrize(
    "content_type",
    [
        "application/x-www-form-urlencoded; charset=utf-16",
        "application/x-www-form-urlencoded; charset=UTF-32",
        "multipart/form-data; boundary=xx; charset=utf-16",
        "application/x-www-form-urlencoded; charset=no-such-charset",
        "application/x-www-form-urlencoded; charset=utf8",
    ],
)
@pytest.mark.parametrize("signed_in", [False, True])
def test_every_form_endpoint_refuses_an_unreadable_charset_with_a_400(content_type, signed_in):
    client = Client(enforce_csrf_checks=True)
    if signed_in:
        user = get_user_model().objects.create_user("referee", password="right-pass-1234")
        client.force_login(user)
    for path in paths("en"):
        response = post(client, path, content_type)
        assert response.status_code == 400, path
        assert "could not be read" in response.content.decode(), path


def test_the_refusal_is_in_the_visitors_language(client):
    with translation.override("pl"):
        path = reverse("login")
    response = post(client, path, "application/x-www-form-urlencoded; charset=utf-16")
    assert response.status_code == 400
    page = response.content.decode()
    assert 'lang="pl"' in page and "could not be read" not in page


def test_a_utf8_form_still_reaches_the_view(client):
    with translation.override("en"):
        path = reverse("login")
    body = b"username=r&password=x"
    for content_type in (
        "application/x-www-form-urlencoded",
        "application/x-www-form-urlencoded; charset=UTF-8",
    ):
        response = post(client, path, content_type, body)
        assert response.status_code == 200, content_type  # the login form, with its error


def test_only_form_bodies_are_judged(rf):
    json = rf.generic("POST", "/", b"{}", content_type="application/json; charset=utf-16")
    assert unreadable_charset(json) is None
    form = rf.generic("POST", "/", b"x", content_type="multipart/form-data; charset=latin-1")
    assert unreadable_charset(form) == "latin-1"
