"""Authentication backends."""

from __future__ import annotations

from typing import Any

from django.contrib.auth import backends

from .sessions import user_loaded_with_session


class ModelBackend(backends.ModelBackend):
    """Django's ``ModelBackend``; a session's user is the one read with the session.

    Passwords are checked as Django checks them. When ``django.contrib.auth.get_user``
    asks for the user a session names, the user read in the session's own query
    (``accounts.sessions``) is used if he is that user, with the same check that the
    account may sign in; otherwise he is read as Django reads him.
    """

    def get_user(self, user_id: Any) -> Any:
        user = user_loaded_with_session(user_id)
        if user is None:
            return super().get_user(user_id)
        return user if self.user_can_authenticate(user) else None


#: This backend, for ``login()`` without ``authenticate()`` (a link, a new account).
PATH = "accounts.backends.ModelBackend"
