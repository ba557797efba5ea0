"""Writes: sign-up, the verification mail, verifying an address."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from django.contrib.auth import get_user_model
from django.core.mail import send_mail
from django.db import IntegrityError, transaction
from django.template.loader import render_to_string
from django.utils import timezone
from django.utils.encoding import force_bytes
from django.utils.http import urlsafe_base64_encode

from .models import EmailAddress
from .tokens import verification_token


class UsernameTaken(ValueError):
    """Another sign-up took the name first (two sign-ups at once)."""


def sign_up(*, username: str, email: str, password: str) -> Any:
    """Create a trainee's account with an unverified address.

    Two sign-ups with one name at once: the database's unique index decides, the
    loser gets :class:`UsernameTaken` and nothing of his is kept.
    """
    try:
        with transaction.atomic():
            user = get_user_model().objects.create_user(
                username=username, email=email, password=password
            )
            EmailAddress.objects.create(user=user, email=email)
    except IntegrityError as error:
        raise UsernameTaken(username) from error
    return user


def verification_path(*, user: Any) -> tuple[str, str]:
    """The two parts of a verification link: the user's id (base 64) and the token."""
    return urlsafe_base64_encode(force_bytes(user.pk)), verification_token.make_token(user)


def send_verification(*, user: Any, link: str) -> None:
    """Mail the verification link to the address the trainee gave (in the active language)."""
    context = {"user": user, "link": link}
    subject = "".join(
        render_to_string("registration/verify_email_subject.txt", context).splitlines()
    )
    body = render_to_string("registration/verify_email_email.txt", context)
    send_mail(subject, body, None, [user.email_address.email])


def verify_address(*, user: Any, token: str, now: datetime | None = None) -> bool:
    """Mark the address verified when ``token`` is valid; ``False`` when it is not.

    The link was mailed to the address, so whoever confirms it holds the mailbox now: an
    address another account had confirmed (say its owner was tricked into confirming
    someone else's sign-up) goes back to the account that proves it last, and the other
    account no longer has it confirmed.
    """
    address = getattr(user, "email_address", None)
    if address is None or not verification_token.check_token(user, token):
        return False
    try:
        with transaction.atomic():
            EmailAddress.objects.filter(
                email__iexact=address.email, verified_at__isnull=False
            ).exclude(pk=address.pk).update(verified_at=None)
            address.verified_at = now or timezone.now()
            address.save(update_fields=["verified_at"])
    except IntegrityError:  # another confirmation of the address at the same moment
        address.verified_at = None
        return False
    return True
