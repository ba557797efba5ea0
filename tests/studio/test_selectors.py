"""Who may write what: decided in studio.selectors."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import AnonymousUser
from django.http import Http404

from quiz.models import Audience
from studio import selectors, services
from studio.selectors import Pool

pytestmark = pytest.mark.django_db


def test_who_may_open_the_studio(users):
    assert selectors.may_author(user=users["author"])
    assert selectors.may_author(user=users["staff"])
    assert not selectors.may_author(user=users["examiner"])
    assert not selectors.may_author(user=users["trainee"])
    assert not selectors.may_author(user=AnonymousUser())


def test_an_inactive_author_may_not(users):
    users["author"].is_active = False
    assert not selectors.may_author(user=users["author"])


def test_pools(users, federations):
    wales, poland = federations
    author, staff = users["author"], users["staff"]
    assert selectors.may_write_pool(user=author, pool=Pool(Audience.EXAM, wales))
    assert not selectors.may_write_pool(user=author, pool=Pool(Audience.EXAM, poland))
    assert not selectors.may_write_pool(user=author, pool=Pool(Audience.EXAM, None))
    assert not selectors.may_write_pool(user=author, pool=Pool(Audience.PRACTICE, None))
    assert selectors.may_write_pool(user=staff, pool=Pool(Audience.PRACTICE, None))
    assert selectors.may_write_pool(user=staff, pool=Pool(Audience.EXAM, poland))
    assert not selectors.may_write_pool(user=users["examiner"], pool=Pool(Audience.EXAM, wales))


def test_drafts_are_seen_by_their_federations_authors_and_staff(users, draft):
    assert list(selectors.drafts_for(user=users["author"])) == [draft]
    assert list(selectors.drafts_for(user=users["staff"])) == [draft]
    assert not selectors.drafts_for(user=users["other_author"]).exists()
    assert not selectors.drafts_for(user=users["examiner"]).exists()
    with pytest.raises(Http404):
        selectors.draft_for(user=users["other_author"], pk=draft.pk)


def test_scenarios_and_exports_stay_in_the_federation(users, draft, federations):
    services.publish(draft=draft, user=users["author"])
    assert [s.slug for s in selectors.scenarios_for(user=users["author"])] == [draft.slug]
    assert not selectors.scenarios_for(user=users["other_author"]).exists()
    other = users["other_author"]
    assert not selectors.scenarios_for(user=other, federation=federations[0]).exists()
    with pytest.raises(Http404):
        selectors.federation_for(user=users["other_author"], slug="wales")
    assert selectors.federation_for(user=users["staff"], slug="wales") == federations[0]


def test_who_grants_the_author_role(users, federations):
    wales, _poland = federations
    assert list(selectors.granting_federations(user=users["examiner"])) == [wales]
    assert selectors.granting_federations(user=users["staff"]).count() == 2
    assert not selectors.granting_federations(user=users["author"]).exists()
    assert {a.user.username for a in selectors.authors_for(user=users["examiner"])} == {"author"}
