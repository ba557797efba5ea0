"""Sessions in the database that read their signed-in user in the same query.

Every signed-in request needs its session and its user: Django's database sessions
and ``ModelBackend`` read them in two queries. Here the session row also holds the
user's id (written from the session's own data at every save), the session is read
joined with its user, and :class:`accounts.backends.ModelBackend` takes that user
instead of reading him again, but only when he is the user the session's data names.
Everything else is Django's: the key, the signed data, expiry, and
``django.contrib.auth.get_user``'s checks (the backend, the password hash of the
session, an active account).

Set up with ``SESSION_ENGINE = "accounts.sessions"``, the backend, and
:class:`accounts.middleware.AuthenticationMiddleware`.
"""

from __future__ import annotations

import functools
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any

from django.contrib.auth import SESSION_KEY, get_user_model
from django.contrib.sessions.backends import db
from django.contrib.sessions.backends.base import VALID_KEY_CHARS
from django.core.exceptions import ValidationError
from django.utils import timezone
from django.utils.crypto import get_random_string

from config.prepared import PreparedQuery

#: The longest key the session table holds (``AbstractBaseSession.session_key``).
SESSION_KEY_MAX_LENGTH = 40

#: The session whose user ``django.contrib.auth.get_user`` is finding, in this thread.
_authenticating: ContextVar[SessionStore | None] = ContextVar("authenticating", default=None)


class SessionStore(db.SessionStore):
    """Django's database session store; the row names its user and is read with him."""

    #: The user read with the session (None: no session, or nobody signed in).
    loaded_user: Any = None

    def _validate_session_key(self, key: Any) -> bool:
        # A forged cookie (a NUL byte, any character Django never draws) becomes no key
        # before any query: PostgreSQL refuses a NUL in a string with a server error.
        return is_session_key(key)

    @classmethod
    def get_model_class(cls):
        from accounts.models import Session

        return Session

    def _get_session_from_db(self):
        # As Django's, with the user joined, in SQL compiled once (every request reads it).
        found = _session_with_user()(key=self.session_key, now=timezone.now())
        if not found:
            self._session_key = None
            return None
        self.loaded_user = found[0].user
        return found[0]

    def _get_new_session_key(self) -> str:
        # Django asks the database whether the key is free first; 32 random characters
        # are, and the INSERT that creates the session refuses a taken key anyway
        # (Django's create() then draws another).
        return get_random_string(32, VALID_KEY_CHARS)

    def create_model_instance(self, data: dict[str, Any]):
        session = super().create_model_instance(data)
        session.user_id = user_id_in(data)
        return session


@functools.cache
def _session_with_user() -> PreparedQuery:
    model = SessionStore.get_model_class()
    return PreparedQuery(
        lambda key, now: model.objects.select_related("user").filter(
            session_key=key, expire_date__gt=now
        ),
        key=model._meta.get_field("session_key"),
        now=model._meta.get_field("expire_date"),
    )


def is_session_key(key: Any) -> bool:
    """Whether ``key`` could be a key this store drew: 8 to 40 of Django's key characters.

    >>> is_session_key("a" * 32), is_session_key("a\\x00" * 16), is_session_key("short")
    (True, False, False)
    """
    return (
        isinstance(key, str)
        and 8 <= len(key) <= SESSION_KEY_MAX_LENGTH
        and not key.strip(VALID_KEY_CHARS)
    )


def user_id_in(data: dict[str, Any]) -> Any:
    """The signed-in user's id that session data holds, or None.

    >>> user_id_in({})
    """
    if SESSION_KEY not in data:
        return None
    try:
        return get_user_model()._meta.pk.to_python(data[SESSION_KEY])
    except ValidationError:
        return None


@contextmanager
def authenticating(session: Any) -> Iterator[None]:
    """While ``django.contrib.auth.get_user`` finds the user of ``session``."""
    token = _authenticating.set(session)
    try:
        yield
    finally:
        _authenticating.reset(token)


def user_loaded_with_session(user_id: Any) -> Any:
    """The user read with the session being authenticated, if he is ``user_id``; else None."""
    user = getattr(_authenticating.get(), "loaded_user", None)
    if user is None or user.pk != user_id:
        return None
    return user
