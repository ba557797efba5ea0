"""Middleware: the request's user, read with its session."""

from __future__ import annotations

from django.contrib import auth
from django.contrib.auth import middleware
from django.http import HttpRequest
from django.utils.functional import SimpleLazyObject

from .sessions import authenticating


def user_of(request: HttpRequest):
    """``django.contrib.auth.get_user``, once per request, able to use the session's user."""
    if not hasattr(request, "_cached_user"):
        with authenticating(request.session):
            request._cached_user = auth.get_user(request)
    return request._cached_user


class AuthenticationMiddleware(middleware.AuthenticationMiddleware):
    """Django's, whose lazy ``request.user`` takes the user read with the session."""

    def process_request(self, request: HttpRequest) -> None:
        super().process_request(request)
        request.user = SimpleLazyObject(lambda: user_of(request))
