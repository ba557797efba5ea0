"""The admin's language tabs work with the vendored jQuery UI (no CDN is reachable in tests)."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model

pytestmark = pytest.mark.django_db(transaction=True)


def test_scenario_is_edited_in_language_tabs(page, live_server, bank):
    get_user_model().objects.create_superuser("admin", "admin@example.com", "pw-admin-1")
    external = []
    page.on(
        "request",
        lambda request: external.append(request.url)
        if not request.url.startswith(live_server.url) and not request.url.startswith("data:")
        else None,
    )
    page.goto(live_server.url + "/en/admin/login/")
    page.fill("input[name=username]", "admin")
    page.fill("input[name=password]", "pw-admin-1")
    page.locator("input[type=submit]").click()
    scenario = bank["t-respot-blue"]
    page.goto(live_server.url + f"/en/admin/quiz/scenario/{scenario.pk}/change/")
    page.wait_for_selector(".ui-tabs")
    assert page.locator(".ui-tabs-tab").count() >= 5
    assert page.locator("#engine-preview svg").count() == 1
    assert page.locator("#engine-preview ol li").count() >= 1
    assert external == []
