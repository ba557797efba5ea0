"""The admin's autocomplete boxes take a forged id as a form error, never a server error."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("forged", ["x\x00y", "9" * 30, "²", "x" * 20_000, ["1", "۲", "x" * 300]])
def test_a_forged_user_id_is_a_form_error(client, forged) -> None:
    staff = get_user_model().objects.create_superuser("staff", "staff@example.org", "pw-staff-1")
    client.force_login(staff)
    author = client.post("/en/admin/studio/author/add/", {"user": forged, "federation": forged})
    assert author.status_code == 200 and author.context["adminform"].form.errors
    examiner = client.post(
        "/en/admin/federations/federation/add/",
        {
            "slug": "f",
            "name_en": "F",
            "examiners-TOTAL_FORMS": "1",
            "examiners-INITIAL_FORMS": "0",
            "examiners-0-user": forged,
        },
    )
    assert examiner.status_code == 200
    assert examiner.context["inline_admin_formsets"][0].formset.errors[0]["user"]


def test_family_drafts_are_listed_for_staff_and_never_added_here(admin_client, users, draft):
    from django.urls import reverse

    from studio import family_services

    family = family_services.family_from_draft(draft=draft, user=users["author"])
    listing = admin_client.get(reverse("admin:studio_familydraft_changelist"))
    assert listing.status_code == 200 and family.slug in listing.content.decode()
    change = admin_client.get(reverse("admin:studio_familydraft_change", args=[family.pk]))
    assert change.status_code == 200
    assert admin_client.get(reverse("admin:studio_familydraft_add")).status_code == 403
