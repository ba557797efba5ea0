"""django-axes' database handler, less its work on a sign-in by invitation link.

A link signs in with no credential: there is no failure to reset and no password to
log, so that sign-in skips axes' clean-up, access log and reset (about ten queries
on exam day's ramp). Resetting would even be wrong: axes resets the failures of the
visitor's address too, and a link works any number of times. Every other login (a
password, the admin) keeps axes' full throttling, reset and access log.
"""

from __future__ import annotations

from typing import Any

from axes.handlers.database import AxesDatabaseHandler
from django.http import HttpRequest

#: Set on the request by :func:`mark_link_sign_in`, never from anything the client sends.
LINK_SIGN_IN = "baize_link_sign_in"


def mark_link_sign_in(request: HttpRequest) -> None:
    """Say that the coming ``login()`` is an invitation link's, not a password's."""
    setattr(request, LINK_SIGN_IN, True)


def is_link_sign_in(request: HttpRequest | None, user: Any) -> bool:
    """A marked request signing in to an account without a password (a link-only one)."""
    return bool(getattr(request, LINK_SIGN_IN, False)) and not user.has_usable_password()


class AxesHandler(AxesDatabaseHandler):
    """``AXES_HANDLER``: the database handler, which skips a link's sign-in."""

    def user_logged_in(self, sender: Any, request: HttpRequest, user: Any, **kwargs: Any) -> None:
        if is_link_sign_in(request, user):
            return
        super().user_logged_in(sender, request, user, **kwargs)
