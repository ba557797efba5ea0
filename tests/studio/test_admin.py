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
