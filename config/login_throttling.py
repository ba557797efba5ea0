"""What django-axes records of a login attempt: the user name, no longer than its column.

A forged user name of any length must be refused as a wrong login, not stored whole:
PostgreSQL refuses a value longer than the column (``AccessAttempt.username``, 255).
"""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest

USERNAME_MAX_LENGTH = 255


def login_username(request: HttpRequest, credentials: dict[str, Any] | None = None) -> str | None:
    """The user name tried, cut to what the throttling tables hold.

    >>> login_username(None, {"username": "x" * 300}) == "x" * 255
    True
    >>> login_username(None, {}) is None
    True
    """
    if credentials is not None:
        value = credentials.get("username")
    else:
        value = getattr(request, "data", request.POST).get("username")
    return None if value is None else str(value)[:USERNAME_MAX_LENGTH]
