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
from datetime import datetime
from typing import Any

from django.contrib.auth import SESSION_KEY, get_user_model
from django.contrib.sessions.backends import db
from django.contrib.sessions.backends.base import VALID_KEY_CHARS
from django.core.exceptions import ValidationError
from django.db import connections, router
from django.utils import timezone

from config import sql

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

    def load(self) -> dict[str, Any]:
        # As Django's, with the user joined, in one plain statement (every request reads it).
        if self.session_key is None:
            return {}
        found = _session_with_user(key=self.session_key, now=timezone.now())
        if found is None:
            # No live session by this key: Django's own read finds none either, and forgets
            # the key the visitor sent, so that a new session never takes it.
            return super().load()
        session, self.loaded_user = found
        return self.decode(session.session_data)

    def create_model_instance(self, data: dict[str, Any]):
        session = super().create_model_instance(data)
        session.user_id = user_id_in(data)
        return session


def _session_with_user(*, key: str, now: datetime) -> tuple[Any, Any] | None:
    """The live session by ``key`` and its user (None: nobody signed in), or None.

    What ``Session.objects.select_related("user").filter(session_key=key,
    expire_date__gt=now)`` reads, in one plain statement (config/sql.py; the test
    ``tests/accounts/test_sessions.py`` holds it to the ORM's rows).
    """
    model = SessionStore.get_model_class()
    connection = connections[router.db_for_read(model)]
    with connection.cursor() as cursor:
        cursor.execute(
            _session_with_user_sql(connection),
            [
                sql.parameter(connection, model, "session_key", key),
                sql.parameter(connection, model, "expire_date", now),
            ],
        )
        row = cursor.fetchone()
    if row is None:
        return None
    session_columns, user_columns = _columns()
    return (
        session_columns.instance(row, 0, connection=connection),
        user_columns.instance(row, len(session_columns), connection=connection),
    )


@functools.cache
def _columns() -> tuple[sql.Columns, sql.Columns]:
    return sql.Columns(SessionStore.get_model_class()), sql.Columns(get_user_model())


@sql.per_vendor
def _session_with_user_sql(connection: Any) -> str:
    model, user_model = SessionStore.get_model_class(), get_user_model()
    session_columns, user_columns = _columns()
    return (
        f"SELECT {session_columns.select(connection)}, {user_columns.select(connection)}"
        f" FROM {sql.table(connection, model)}"
        f" LEFT OUTER JOIN {sql.table(connection, user_model)}"
        f" ON {sql.column(connection, model, 'user')}"
        f" = {sql.column(connection, user_model, user_model._meta.pk.name)}"
        f" WHERE {sql.column(connection, model, 'session_key')} = %s"
        f" AND {sql.column(connection, model, 'expire_date')} > %s"
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
