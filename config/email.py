"""``EMAIL_URL`` read into Django's ``EMAIL_*`` settings."""

from __future__ import annotations

from typing import Any
from urllib.parse import parse_qs, unquote, urlsplit

BACKENDS = {
    "smtp": "django.core.mail.backends.smtp.EmailBackend",
    "smtps": "django.core.mail.backends.smtp.EmailBackend",
    "console": "django.core.mail.backends.console.EmailBackend",
    "locmem": "django.core.mail.backends.locmem.EmailBackend",
    "dummy": "django.core.mail.backends.dummy.EmailBackend",
}


def email_settings(url: str) -> dict[str, Any]:
    """The settings an email URL stands for.

    >>> s = email_settings("smtp://mailer:p%40ss@mail.example.org:587/?tls=1")
    >>> s["EMAIL_HOST"], s["EMAIL_PORT"], s["EMAIL_HOST_USER"], s["EMAIL_HOST_PASSWORD"]
    ('mail.example.org', 587, 'mailer', 'p@ss')
    >>> s["EMAIL_USE_TLS"], s["EMAIL_USE_SSL"]
    (True, False)
    >>> email_settings("smtps://mail.example.org")["EMAIL_PORT"]
    465
    >>> email_settings("console://")["EMAIL_BACKEND"]
    'django.core.mail.backends.console.EmailBackend'
    >>> email_settings("carrier-pigeon://")
    Traceback (most recent call last):
    ValueError: EMAIL_URL: unknown scheme 'carrier-pigeon' (smtp, smtps, console, locmem, dummy)
    """
    parts = urlsplit(url)
    if parts.scheme not in BACKENDS:
        raise ValueError(
            f"EMAIL_URL: unknown scheme {parts.scheme!r} ({', '.join(BACKENDS)})"
        )
    query = {key: values[-1] for key, values in parse_qs(parts.query).items()}
    ssl = parts.scheme == "smtps" or query.get("ssl") in {"1", "true"}
    return {
        "EMAIL_BACKEND": BACKENDS[parts.scheme],
        "EMAIL_HOST": parts.hostname or "localhost",
        "EMAIL_PORT": parts.port or (465 if ssl else 25),
        "EMAIL_HOST_USER": unquote(parts.username or ""),
        "EMAIL_HOST_PASSWORD": unquote(parts.password or ""),
        "EMAIL_USE_TLS": query.get("tls") in {"1", "true"},
        "EMAIL_USE_SSL": ssl,
    }
