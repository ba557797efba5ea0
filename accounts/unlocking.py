"""Unlock links: an account locked by failed logins is unlocked by a link mailed to its
verified address (as a password reset is), in the language the owner asked in.

The token is random (:func:`secrets.token_urlsafe`), only its SHA-256 is stored, it
expires after :data:`LIFETIME` and works once. Opening it clears the failures counted
against the account's name and signs its owner in (the mail proves what a password
reset proves), so the owner gets in even from an address locked by others' failures.
"""

from __future__ import annotations

import hashlib
import secrets
from datetime import datetime, timedelta
from typing import Any

from axes.models import AccessAttempt
from django.contrib.auth import get_user_model
from django.core.mail import send_mail
from django.db import transaction
from django.template.loader import render_to_string
from django.utils import timezone, translation

from .forms import VerifiedPasswordResetForm
from .models import EmailAddress, UnlockLink

LIFETIME = timedelta(hours=1)


def token_hash(token: str) -> str:
    """What is stored of a token (as for invitation links)."""
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def mail_address(*, user: Any) -> str | None:
    """Where ``user``'s unlock link may go: his verified address, or the one staff set for
    an account made without sign-up; ``None`` for an account that cannot be mailed."""
    if not user.is_active or not user.has_usable_password():
        return None
    address = EmailAddress.objects.filter(user=user).first()
    if address is not None:
        return address.email if address.verified_at is not None else None
    return user.email or None


def account_named(*, name: str) -> Any | None:
    """The account a locked-out visitor names: by user name, or by its verified address."""
    name = name.strip()
    if "@" in name:
        users = list(VerifiedPasswordResetForm().get_users(name))
        return users[0] if len(users) == 1 else None
    return get_user_model().objects.filter(username=name).first()


def issue_unlock_link(*, user: Any, now: datetime | None = None) -> str:
    """A new link for ``user`` (earlier unused ones stay valid until they expire).

    Returns the token: it is mailed once, then only its hash is kept.
    """
    now = now or timezone.now()
    token = secrets.token_urlsafe(32)
    UnlockLink.objects.create(
        user=user, token_hash=token_hash(token), created_at=now, expires_at=now + LIFETIME
    )
    return token


def send_unlock_link(*, user: Any, email: str, link: str, language: str) -> None:
    """Mail the link in ``language`` (the one the owner asked in)."""
    with translation.override(language):
        context = {"user": user, "link": link}
        subject = "".join(
            render_to_string("registration/unlock_email_subject.txt", context).splitlines()
        )
        body = render_to_string("registration/unlock_email.txt", context)
    send_mail(subject, body, None, [email])


def valid_link(*, token: str, now: datetime | None = None) -> UnlockLink | None:
    """The unused, unexpired link ``token`` opens, with its user; else ``None``."""
    return (
        UnlockLink.objects.select_related("user")
        .filter(token_hash=token_hash(token), used_at__isnull=True,
                expires_at__gt=now or timezone.now())
        .first()
    )


def unlock(*, token: str, now: datetime | None = None) -> Any | None:
    """Use the link: clear the failures against its account's name; its user, or ``None``.

    Two clicks at once: the conditional update lets only one of them through.
    """
    now = now or timezone.now()
    link = valid_link(token=token, now=now)
    if link is None or not link.user.is_active:
        return None
    with transaction.atomic():
        used = UnlockLink.objects.filter(pk=link.pk, used_at__isnull=True).update(used_at=now)
        if not used:
            return None
        AccessAttempt.objects.filter(username=link.user.get_username()).delete()
    return link.user
