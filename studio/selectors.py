"""Who may write what in the studio, decided here next to the queries.

- staff write for every pool: the public practice bank, the shared exam pool and
  any federation's exam pool, and grant the author role in any federation;
- an author (``studio.Author``) writes only for his federation's exam pool;
- a federation's examiner grants and withdraws the author role in his federation
  (he is not an author himself unless granted it).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db.models import QuerySet
from django.http import Http404

from exams.selectors import examiner_federation
from federations.models import Federation
from quiz.models import Audience, Scenario
from studio.models import Author, AuthorInvitation, Draft, FamilyAudience, FamilyDraft


@dataclass(frozen=True)
class Pool:
    """Where a scenario goes: the practice bank, or an exam pool (``federation`` None: shared)."""

    audience: str
    federation: Federation | None


def author_federation(*, user: Any) -> Federation | None:
    """The federation ``user`` writes for as an author, or ``None``."""
    if not user.is_authenticated:
        return None
    author = Author.objects.select_related("federation").filter(user=user).first()
    return author.federation if author else None


def may_author(*, user: Any) -> bool:
    """Whether ``user`` may open the studio at all (staff, or an author)."""
    if not user.is_authenticated or not user.is_active:
        return False
    # An author always has a federation: any row will do.
    return bool(user.is_staff) or Author.objects.filter(user_id=user.pk).exists()


def writable_federations(*, user: Any) -> QuerySet[Federation]:
    """The federations whose exam pools ``user`` writes for."""
    if not may_author(user=user):
        return Federation.objects.none()
    if user.is_staff:
        return Federation.objects.order_by("name")
    return Federation.objects.filter(authors__user=user)


def may_write_pool(*, user: Any, pool: Pool) -> bool:
    """Whether ``user`` may put a scenario in ``pool``.

    Staff: anywhere. An author: only an exam-only scenario of his own federation.
    """
    if not may_author(user=user):
        return False
    if user.is_staff:
        return pool.audience in Audience.values
    own = author_federation(user=user)
    return pool.audience == Audience.EXAM and pool.federation is not None and (
        pool.federation.pk == own.pk
    )


def drafts_for(*, user: Any) -> QuerySet[Draft]:
    """The drafts ``user`` may read and edit."""
    drafts = Draft.objects.select_related("topic", "federation", "scenario")
    if not may_author(user=user):
        return drafts.none()
    if user.is_staff:
        return drafts
    return drafts.filter(audience=Audience.EXAM, federation__authors__user=user)


def draft_for(*, user: Any, pk: int) -> Draft:
    """One draft ``user`` may edit; 404 for any other (never says whose it is)."""
    draft = drafts_for(user=user).filter(pk=pk).first()
    if draft is None:
        raise Http404
    return draft


def family_drafts_for(*, user: Any) -> QuerySet[FamilyDraft]:
    """The families being made that ``user`` may read and edit: staff all, an author those of
    his federation."""
    drafts = FamilyDraft.objects.select_related("topic", "federation", "family")
    if not may_author(user=user):
        return drafts.none()
    if user.is_staff:
        return drafts
    return drafts.filter(federation__authors__user=user)


def family_draft_for(*, user: Any, pk: int) -> FamilyDraft:
    """One family being made that ``user`` may edit; 404 for any other."""
    family_draft = family_drafts_for(user=user).filter(pk=pk).first()
    if family_draft is None:
        raise Http404
    return family_draft


def family_pool(*, audience: str, federation: Federation | None) -> Pool:
    """The pool a family's audience writes to: an exam family the federation's exam pool;
    one that practice shows, the public practice bank."""
    if audience == FamilyAudience.EXAM:
        return Pool(audience=Audience.EXAM, federation=federation)
    return Pool(audience=Audience.PRACTICE, federation=None)


def scenarios_for(*, user: Any, federation: Federation | None = None) -> QuerySet[Scenario]:
    """The bank's scenarios ``user`` may turn into a draft (and export).

    With ``federation``: that federation's own exam-only scenarios, when ``user``
    writes for it. Without: everything ``user`` writes for.
    """
    # A family's frozen instance is no author's scenario: families are edited as families.
    scenarios = (
        Scenario.objects.filter(family__isnull=True)
        .select_related("topic", "federation")
        .order_by("slug")
    )
    if not may_author(user=user):
        return scenarios.none()
    if federation is not None:
        if not writable_federations(user=user).filter(pk=federation.pk).exists():
            return scenarios.none()
        return scenarios.filter(audience=Audience.EXAM, federation=federation)
    if user.is_staff:
        return scenarios
    return scenarios.filter(audience=Audience.EXAM, federation__authors__user=user)


def scenario_for(*, user: Any, slug: str) -> Scenario:
    scenario = scenarios_for(user=user).filter(slug=slug).first()
    if scenario is None:
        raise Http404
    return scenario


def federation_for(*, user: Any, slug: str) -> Federation:
    """A federation whose pool ``user`` writes for (export, import); 404 otherwise."""
    federation = writable_federations(user=user).filter(slug=slug).first()
    if federation is None:
        raise Http404
    return federation


def granting_federations(*, user: Any) -> QuerySet[Federation]:
    """Where ``user`` may grant the author role: staff everywhere, an examiner in his own."""
    if not user.is_authenticated or not user.is_active:
        return Federation.objects.none()
    if user.is_staff:
        return Federation.objects.order_by("name")
    federation = examiner_federation(user=user)
    if federation is None:
        return Federation.objects.none()
    return Federation.objects.filter(pk=federation.pk)


def may_grant_to(*, granter: Any, user: Any) -> bool:
    """Whether ``granter`` may make ``user`` an author: not when ``user`` already writes for a
    federation where ``granter`` does not grant (that would move him out of it)."""
    current = Author.objects.filter(user=user).values_list("federation_id", flat=True).first()
    return current is None or granting_federations(user=granter).filter(pk=current).exists()


def authors_for(*, user: Any) -> QuerySet[Author]:
    """The authors ``user`` may see and withdraw (those of federations he grants in)."""
    return (
        Author.objects.select_related("user", "federation")
        .filter(federation__in=granting_federations(user=user))
        .order_by("federation__name", "user__username")
    )


def author_for(*, user: Any, pk: int) -> Author:
    author = authors_for(user=user).filter(pk=pk).first()
    if author is None:
        raise Http404
    return author


def pool_of(draft: Draft) -> Pool:
    return Pool(audience=draft.audience, federation=draft.federation)


def invitations_for(*, user: Any) -> QuerySet[AuthorInvitation]:
    """The invitations to write for a federation that ``user`` has not answered."""
    if not user.is_authenticated:
        return AuthorInvitation.objects.none()
    return (
        AuthorInvitation.objects.select_related("federation", "invited_by")
        .filter(user=user)
        .order_by("invited_at", "pk")
    )


def invitation_for(*, user: Any, pk: int) -> AuthorInvitation:
    """``user``'s own invitation ``pk``; anyone else's is not found."""
    invitation = invitations_for(user=user).filter(pk=pk).first()
    if invitation is None:
        raise Http404
    return invitation


def sent_invitations_for(*, user: Any) -> QuerySet[AuthorInvitation]:
    """Unanswered invitations of the federations where ``user`` grants the role."""
    return (
        AuthorInvitation.objects.select_related("user", "federation")
        .filter(federation__in=granting_federations(user=user))
        .order_by("federation__name", "user__username")
    )


def sent_invitation_for(*, user: Any, pk: int) -> AuthorInvitation:
    invitation = sent_invitations_for(user=user).filter(pk=pk).first()
    if invitation is None:
        raise Http404
    return invitation
