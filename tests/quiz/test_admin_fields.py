"""Every admin change page with translated fields holds each input once (issue 11).

A field rendered twice under one name is saved from its last copy: an edit to the
first one reported success and kept the old value.
"""

from __future__ import annotations

import re
from collections import Counter

import pytest
from django.contrib.auth import get_user_model

pytestmark = pytest.mark.django_db


def duplicated_inputs(page: str) -> list[str]:
    names = Counter(re.findall(r'<(?:input|textarea|select)\b[^>]*\bname="([^"]+)"', page))
    del names["csrfmiddlewaretoken"]  # one in the page's form, one in the log-out form
    return sorted(name for name, count in names.items() if count > 1)


@pytest.mark.parametrize("model", ["scenario", "topic"])
def test_each_translated_field_is_one_input_per_language(client, bank, model):
    admin = get_user_model().objects.create_superuser("admin", "a@example.com", "pw-admin-1")
    client.force_login(admin)
    scenario = bank["t-respot-blue"]
    pk = scenario.pk if model == "scenario" else scenario.topic_id
    page = client.get(f"/en/admin/quiz/{model}/{pk}/change/").content.decode()
    assert duplicated_inputs(page) == []
    for code in ("en", "fr", "ru", "fa", "pl"):
        assert f'name="title_{code}"' in page
    assert 'name="title"' not in page
