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
from axes.helpers import get_failure_limit
from django.conf import settings
from django.db.models import Sum
from django.http import HttpRequest

#: Set on the request by :func:`mark_link_sign_in`, never from anything the client sends.
LINK_SIGN_IN = "baize_link_sign_in"


def mark_link_sign_in(request: HttpRequest) -> None:
    """Say that the coming ``login()`` is an invitation link's, not a password's."""
    setattr(request, LINK_SIGN_IN, True)


def is_link_sign_in(request: HttpRequest | None, user: Any) -> bool:
    """A marked request signing in to an account without a password (a link-only one)."""
    return bool(getattr(request, LINK_SIGN_IN, False)) and not user.has_usable_password()


def address_failure_limit() -> int:
    """Failures from one address, on any accounts, that lock the address (a higher bar)."""
    return int(getattr(settings, "LOGIN_ADDRESS_FAILURE_LIMIT", 50))


class AxesHandler(AxesDatabaseHandler):
    """``AXES_HANDLER``: the database handler, with two bars and a link's sign-in skipped.

    ``AXES_LOCKOUT_PARAMETERS`` lists the pair (user name, address) and then the address
    alone. The pair is locked after ``AXES_FAILURE_LIMIT`` failures, so a stranger
    guessing from elsewhere never locks the owner out; the address after the higher
    :func:`address_failure_limit`, so many people behind one proxy are not all locked by
    a few of them. axes compares one number with one limit: :meth:`get_failures` gives
    the address's count in units of the pair's limit.
    """

    def get_failures(self, request: HttpRequest, credentials: dict | None = None) -> int:
        pair, address = (
            attempts.aggregate(total=Sum("failures_since_start"))["total"] or 0
            for attempts in self.get_user_attempts(request, credentials)
        )
        limit = get_failure_limit(request, credentials)
        # floor(address * limit / bar) reaches limit exactly when address reaches the bar
        return max(pair, address * limit // address_failure_limit())

    def reset_user_attempts(self, request: HttpRequest, credentials: dict | None = None) -> int:
        # A successful login clears the failures of its own pair only: clearing the address's
        # would let anyone with an account wipe the failures of every name tried from there.
        pair = self.filter_user_attempts(request, credentials)[0]
        count, _ = pair.delete()
        return count

    def user_logged_in(self, sender: Any, request: HttpRequest, user: Any, **kwargs: Any) -> None:
        if is_link_sign_in(request, user):
            return
        super().user_logged_in(sender, request, user, **kwargs)
