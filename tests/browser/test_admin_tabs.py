"""The admin's language tabs work with the vendored jQuery UI (no CDN is reachable in tests)."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model

pytestmark = [
    pytest.mark.django_db(transaction=True),
    # Django's admin and modeltranslation's tabs are not our pages: their markup has
    # known axe findings (breadcrumb links, the tabs' nested controls) we cannot fix.
    pytest.mark.axe_exempt("Django admin and modeltranslation markup"),
]


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


def test_a_title_edited_in_each_language_tab_is_saved(page, live_server, bank):
    """Each language's title is one input, in its tab; what is typed there is what is saved."""
    from quiz.models import Scenario

    get_user_model().objects.create_superuser("admin", "admin@example.com", "pw-admin-1")
    page.goto(live_server.url + "/en/admin/login/")
    page.fill("input[name=username]", "admin")
    page.fill("input[name=password]", "pw-admin-1")
    page.locator("input[type=submit]").click()
    scenario = bank["t-respot-blue"]
    page.goto(live_server.url + f"/en/admin/quiz/scenario/{scenario.pk}/change/")
    page.wait_for_selector(".ui-tabs")
    typed = {}
    for code in ("en", "fr", "ru", "fa", "pl"):
        field = page.locator(f"[name=title_{code}]")
        assert field.count() == 1, f"title_{code} is on the page {field.count()} times"
        # its own tab first: the field is hidden until its language is chosen
        tab_panel_id = field.evaluate("node => node.closest('.ui-tabs-panel').id")
        page.locator(f".ui-tabs-tab a[href='#{tab_panel_id}']").click()
        assert field.is_visible()
        typed[code] = f"Edited title [{code}] ✓"
        field.fill(typed[code])
    page.locator("input[name=_continue]").click()
    page.wait_for_selector(".messagelist .success")
    scenario = Scenario.objects.get(pk=scenario.pk)
    assert {code: getattr(scenario, f"title_{code}") for code in typed} == typed
