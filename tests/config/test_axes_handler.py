"""django-axes skips a sign-in by invitation link, and only that: every password login
keeps its access log and resets its failures (config/axes_handler.py)."""

from __future__ import annotations

import pytest
from axes.handlers.proxy import AxesProxyHandler
from axes.models import AccessAttempt, AccessLog
from django.contrib.auth import get_user_model
from django.contrib.auth.signals import user_logged_in
from django.urls import reverse
from django.utils import translation

from config.axes_handler import AxesHandler, is_link_sign_in, mark_link_sign_in

pytestmark = pytest.mark.django_db

PASSWORD = "right-pass-1234"


def login(client, username, password, address="10.0.0.1"):
    with translation.override("en"):
        url = reverse("login")
    return client.post(url, {"username": username, "password": password}, REMOTE_ADDR=address)


def test_axes_runs_this_handler():
    assert isinstance(AxesProxyHandler.get_implementation(), AxesHandler)


def test_a_password_login_is_logged_and_resets_its_failures(client):
    get_user_model().objects.create_user("referee", password=PASSWORD)
    for _ in range(2):
        login(client, "referee", "wrong-password")
    login(client, "someone", "wrong-password")  # from the same address
    assert AccessAttempt.objects.count() == 2
    assert login(client, "referee", PASSWORD).status_code == 302
    assert AccessLog.objects.filter(username="referee", ip_address="10.0.0.1").count() == 1
    # only the pair's failures are reset: another name's, tried from there, stay counted
    assert list(AccessAttempt.objects.values_list("username", flat=True)) == ["someone"]


def test_only_a_marked_sign_in_to_a_password_less_account_is_a_links(rf):
    user = get_user_model()(username="candidate-0123")
    user.set_unusable_password()
    request = rf.post("/en/exams/invitation/x/")
    assert not is_link_sign_in(request, user)  # not marked: a login like any other
    mark_link_sign_in(request)
    assert is_link_sign_in(request, user)
    user.set_password(PASSWORD)
    assert not is_link_sign_in(request, user)  # an account with a password never is


def test_a_marked_login_to_an_account_with_a_password_is_still_logged(rf):
    user = get_user_model().objects.create_user("referee", password=PASSWORD)
    request = rf.post("/en/accounts/login/", REMOTE_ADDR="10.0.0.2")
    mark_link_sign_in(request)
    user_logged_in.send(sender=type(user), request=request, user=user)
    assert AccessLog.objects.filter(username="referee", ip_address="10.0.0.2").count() == 1


def test_a_link_sign_in_writes_nothing_to_axes(rf):
    AccessAttempt.objects.create(
        username="someone", ip_address="10.0.0.3", user_agent="", failures_since_start=3
    )
    user = get_user_model().objects.create_user("candidate-0123")  # no password
    request = rf.post("/en/exams/invitation/x/", REMOTE_ADDR="10.0.0.3")
    mark_link_sign_in(request)
    user_logged_in.send(sender=type(user), request=request, user=user)
    assert not AccessLog.objects.exists()
    # the address's failures stay: a link, which works any number of times, resets nothing
    assert AccessAttempt.objects.filter(ip_address="10.0.0.3").exists()
