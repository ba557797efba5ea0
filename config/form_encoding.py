"""Refuse a form body in a character set the site does not read, before anything reads it.

Browsers send forms in UTF-8. Django refuses any other charset for a URL-encoded body
by raising ``BadRequest`` each time ``request.POST`` is read, and its own 400 page then
reads ``request.POST`` again (a 500); a multipart body in UTF-16 is read as garbage.
This middleware, placed before ``CsrfViewMiddleware`` (the first reader), answers such
a request with a 400 page in the visitor's language instead.
"""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

FORM_TYPES = ("application/x-www-form-urlencoded", "multipart/form-data")


def unreadable_charset(request: HttpRequest) -> str | None:
    """The charset a form body declares when it is not UTF-8 (else ``None``).

    >>> from django.test import RequestFactory
    >>> post = RequestFactory().generic
    >>> unreadable_charset(post("POST", "/", b"x", "application/x-www-form-urlencoded"))
    >>> unreadable_charset(post("POST", "/", b"x", "multipart/form-data; charset=UTF-16"))
    'UTF-16'
    >>> unreadable_charset(post("POST", "/", b"x", "application/json; charset=utf-16"))
    """
    if request.content_type not in FORM_TYPES:
        return None
    declared = request.content_params.get("charset")
    # Django's own test for a URL-encoded body: the name "utf-8", no alias.
    if declared is None or declared.strip().lower() == "utf-8":
        return None
    return declared[:40]


class FormEncodingMiddleware:
    """A 400 page for a form body that is not UTF-8, before CSRF reads ``request.POST``."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        charset = unreadable_charset(request)
        if charset is not None:
            return render(request, "form_encoding.html", {"charset": charset}, status=400)
        return self.get_response(request)
