"""Invitation links: issue, re-issue, send, open.

A link is ``/exams/invitation/<token>/`` with a random, single-purpose token
(:func:`secrets.token_urlsafe`); only its SHA-256 is stored, so nothing in the
database (nor in the link: no id, no address) opens an enrolment without the link
itself. It signs in to its own enrolment's account and to nothing else, until the
exam's ``invitations_expire_at``.
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Callable, Iterable
from datetime import datetime
from typing import Any

from django.contrib.auth import login
from django.core.mail import send_mail
from django.db.models import QuerySet
from django.http import HttpRequest
from django.template.loader import render_to_string
from django.utils import translation

from accounts import backends
from config.axes_handler import mark_link_sign_in

from . import clock
from .errors import InvalidInvitation, InvitationExpired
from .models import Enrolment, Invitation


def token_hash(token: str) -> str:
    """What is stored of a token.

    >>> token_hash("abc")
    'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad'
    """
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def issue_invitation(*, enrolment: Enrolment, now: datetime | None = None) -> str:
    """A new link for ``enrolment``; its earlier link, and any session it opened, end now.

    Returns the token: it is shown once, then only its hash is kept.
    """
    now = now or clock.now()
    token = secrets.token_urlsafe(32)
    Invitation.objects.update_or_create(
        enrolment=enrolment,
        defaults={
            "token_hash": token_hash(token),
            "issued_at": now,
            "sent_at": None,
            "sent_by": "",
            "last_used_at": None,
        },
    )
    user = enrolment.user
    if is_link_only(user=user):
        # A new random unusable password changes the account's session hash: whoever
        # signed in with the old link is signed out.
        user.set_unusable_password()
        user.save(update_fields=["password"])
    return token


def is_link_only(*, user: Any) -> bool:
    """Whether ``user`` is an enrolment's own account, which only its link signs in to."""
    return (
        user.is_active
        and not user.has_usable_password()
        and not user.is_staff
        and not user.is_superuser
        and not hasattr(user, "examiner")
    )


def invitation_by_token(*, token: str, now: datetime | None = None) -> Invitation:
    """The invitation a link names; refused when forged, re-issued or expired."""
    now = now or clock.now()
    if not token or len(token) > 200:
        raise InvalidInvitation()
    # The account's examiner row (or its absence) comes in the same query, for
    # is_link_only; no ORDER BY (.first() would add one): the hash is unique.
    invitation = next(
        iter(
            Invitation.objects.select_related(
                "enrolment__exam__federation", "enrolment__user__examiner"
            ).filter(token_hash=token_hash(token))[:1]
        ),
        None,
    )
    if invitation is None:
        raise InvalidInvitation()
    if now >= invitation.enrolment.exam.invitations_expire_at:
        raise InvitationExpired()
    return invitation


def signs_in(*, invitation: Invitation) -> bool:
    """Whether the link may sign its visitor in: only to an account that is the
    enrolment's own, with no password, no staff or examiner rights, no other enrolment.

    Otherwise (a trainee's verified account) its owner signs in with his password.
    """
    user = invitation.enrolment.user
    return (
        is_link_only(user=user)
        and not Enrolment.objects.filter(user_id=user.pk)
        .exclude(pk=invitation.enrolment_id)
        .exists()
    )


def mark_used(*, invitation: Invitation, now: datetime | None = None) -> None:
    invitation.last_used_at = now or clock.now()
    invitation.save(update_fields=["last_used_at"])


def sign_in(*, request: HttpRequest, invitation: Invitation, now: datetime | None = None) -> None:
    """Sign the link's visitor in to its enrolment's account; the caller checked
    :func:`signs_in`. django-axes is told it is a link's sign-in: no credential was
    checked, so it has no failures to reset and no password login to log."""
    mark_used(invitation=invitation, now=now)
    mark_link_sign_in(request)
    login(request, invitation.enrolment.user, backend=backends.PATH)


def unsent(*, exam: Any) -> QuerySet[Enrolment]:
    """The exam's enrolments whose invitation was never sent (by email or in the CSV)."""
    return (
        exam.enrolments.filter(invitation__sent_at__isnull=True)
        | exam.enrolments.filter(invitation__isnull=True)
    ).select_related("invitation", "user", "exam")


def invitation_language(*, enrolment: Enrolment) -> str:
    """The candidate's language chosen at enrolment, or else the exam's first."""
    exam_languages = list(enrolment.exam.languages or [])
    if enrolment.language:
        return enrolment.language
    return exam_languages[0] if exam_languages else "en"


def send_invitations(
    *,
    enrolments: Iterable[Enrolment],
    link: Callable[[str, str], str],
    now: datetime | None = None,
) -> int:
    """Mail each candidate a new link, in his language; returns how many were sent.

    ``link(token, language)`` makes the absolute URL. Each mail carries a fresh token
    (the earlier link dies), and the invitation is marked sent.
    """
    now = now or clock.now()
    sent = 0
    for enrolment in enrolments:
        token = issue_invitation(enrolment=enrolment, now=now)
        language = invitation_language(enrolment=enrolment)
        with translation.override(language):
            context = {
                "enrolment": enrolment,
                "exam": enrolment.exam,
                "federation": enrolment.exam.federation,
                "link": link(token, language),
                "expires_at": enrolment.exam.invitations_expire_at,
            }
            subject = " ".join(
                render_to_string("exams/invitation_email_subject.txt", context).split()
            )
            body = render_to_string("exams/invitation_email.txt", context)
        send_mail(subject, body, None, [enrolment.email])
        Invitation.objects.filter(enrolment=enrolment).update(
            sent_at=now, sent_by=Invitation.Channel.EMAIL
        )
        sent += 1
    return sent


def links_for_csv(
    *, enrolments: Iterable[Enrolment], now: datetime | None = None
) -> list[tuple[Enrolment, str]]:
    """New tokens for the CSV of links (a mail merge); each invitation is marked sent."""
    now = now or clock.now()
    issued = []
    for enrolment in enrolments:
        token = issue_invitation(enrolment=enrolment, now=now)
        Invitation.objects.filter(enrolment=enrolment).update(
            sent_at=now, sent_by=Invitation.Channel.CSV
        )
        issued.append((enrolment, token))
    return issued
