"""Middleware: the request's user, read with its session."""

from __future__ import annotations

from functools import partial

from django.contrib import auth
from django.contrib.auth import middleware
from django.http import HttpRequest
from django.utils.functional import SimpleLazyObject

from .sessions import authenticating


def user_of(request: HttpRequest):
    """``django.contrib.auth.get_user``, able to take the user read with the session."""
    with authenticating(request.session):
        return auth.get_user(request)


class AuthenticationMiddleware(middleware.AuthenticationMiddleware):
    """Django's, whose lazy ``request.user`` takes the user read with the session.

    The lazy object reads the user at most once per request, when first asked;
    ``login()`` and ``logout()`` replace ``request.user`` as they do with Django's.
    """

    def process_request(self, request: HttpRequest) -> None:
        super().process_request(request)  # checks the session middleware, sets request.auser
        request.user = SimpleLazyObject(partial(user_of, request))
