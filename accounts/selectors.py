"""Reads: which account, if any, an address belongs to."""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model

from .models import EmailAddress


def verified_account(*, email: str) -> Any | None:
    """The trainee's account whose verified address is ``email``, or ``None``.

    Only an ordinary active account with a password counts: never staff, never an
    examiner. An unverified address never matches.
    """
    address = (
        EmailAddress.objects.select_related("user")
        .filter(email__iexact=email.strip(), verified_at__isnull=False)
        .first()
    )
    if address is None:
        return None
    user = address.user
    if (
        not user.is_active
        or user.is_staff
        or user.is_superuser
        or not user.has_usable_password()
        or hasattr(user, "examiner")
    ):
        return None
    return user


def is_verified(*, user: Any) -> bool:
    """Whether ``user`` has shown that his address is his."""
    if not user.is_authenticated:
        return False
    return EmailAddress.objects.filter(user=user, verified_at__isnull=False).exists()


def user_from_uid(*, uidb64: str) -> Any | None:
    """The user a verification link names, or ``None`` for a forged one."""
    from django.utils.http import urlsafe_base64_decode

    try:
        pk = int(urlsafe_base64_decode(uidb64).decode())
    except (ValueError, TypeError, OverflowError, UnicodeDecodeError):
        return None
    return get_user_model().objects.filter(pk=pk).select_related("email_address").first()
