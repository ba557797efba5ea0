"""The admin: per-language tabs with jQuery UI served locally, and the engine's preview."""

from __future__ import annotations

import json

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from quiz.admin import ScenarioAdminForm

pytestmark = pytest.mark.django_db


@pytest.fixture
def admin_client(client, db):
    user = get_user_model().objects.create_superuser("admin", "admin@example.com", "pw-admin-1")
    client.force_login(user)
    return client


def test_scenario_change_page_has_tabs_and_a_preview(admin_client, bank):
    scenario = bank["t-respot-blue"]
    response = admin_client.get(reverse("admin:quiz_scenario_change", args=[scenario.pk]))
    html = response.content.decode()
    assert response.status_code == 200
    assert "/static/vendor/jquery-ui/jquery-ui.min.js" in html
    assert "googleapis" not in html and "cdn" not in html.lower()
    assert "tabbed_translation_fields.js" in html
    for language in ("en", "fr", "ru", "fa", "pl"):
        assert f'name="title_{language}"' in html
    preview = response.context["preview"]
    assert "brown_spot" in preview["decision"]  # the engine re-spots the blue there
    assert preview["steps"]
    assert "<svg" in str(preview["diagram"])


def test_vendored_jquery_ui_is_served(client, db):
    from django.contrib.staticfiles import finders

    assert finders.find("vendor/jquery-ui/jquery-ui.min.js")
    assert finders.find("vendor/jquery-ui/jquery-ui.min.css")


def admin_form_data(scenario, **changes):
    data = {
        "slug": scenario.slug,
        "topic": scenario.topic.pk,
        "difficulty": scenario.difficulty,
        "ask": scenario.ask,
        "ask_ball": scenario.ask_ball,
        "published": "on",
        "audience": scenario.audience,
        "case": json.dumps(scenario.case),
    }
    for name in ("title", "narrative", "question"):
        # Outside the admin the form also has the untranslated field itself.
        data[name] = getattr(scenario, f"{name}_en")
        for language in ("en", "fr", "ru", "fa", "pl"):
            data[f"{name}_{language}"] = getattr(scenario, f"{name}_{language}")
    data.update(changes)
    return data


def test_admin_form_refuses_an_impossible_case(bank):
    scenario = bank["t-respot-blue"]
    broken = dict(scenario.case, state={**scenario.case["state"], "reds": 99})
    form = ScenarioAdminForm(
        data=admin_form_data(scenario, case=json.dumps(broken)), instance=scenario
    )
    assert not form.is_valid()
    assert any("state.reds" in error for error in form.errors["case"])


def test_admin_form_drops_expect_and_needs_the_respot_ball(bank):
    scenario = bank["t-respot-blue"]
    with_expect = dict(scenario.case, expect={"legal": True})
    form = ScenarioAdminForm(
        data=admin_form_data(scenario, case=json.dumps(with_expect)),
        instance=scenario,
    )
    assert form.is_valid(), form.errors
    assert "expect" not in form.cleaned_data["case"]
    form = ScenarioAdminForm(data=admin_form_data(scenario, ask_ball=""), instance=scenario)
    assert not form.is_valid()
    assert "ask_ball" in form.errors


def test_a_practice_scenario_may_not_belong_to_a_federation(bank):
    from federations.models import Federation

    scenario = bank["t-calls-miss"]
    owner = Federation.objects.create(slug="pzb", name_en="PZB")
    form = ScenarioAdminForm(
        data=admin_form_data(scenario, federation=owner.pk), instance=scenario
    )
    assert not form.is_valid()
    assert "a practice scenario is public" in str(form.errors["federation"]).lower()
    exam_form = ScenarioAdminForm(
        data=admin_form_data(scenario, federation=owner.pk, audience="exam"), instance=scenario
    )
    assert exam_form.is_valid(), exam_form.errors


def test_an_exam_only_scenario_has_no_view_on_site_link(bank):
    from django.contrib import admin

    from quiz.models import Scenario

    model_admin = admin.site._registry[Scenario]
    scenario = bank["t-calls-miss"]
    assert model_admin.view_on_site(scenario) == scenario.get_absolute_url()
    scenario.audience = "exam"
    assert model_admin.view_on_site(scenario) is None


def test_families_are_shown_and_withdrawn_never_added_by_hand(admin_client, families):
    family = families["miss-by-scores"]
    listing = admin_client.get(reverse("admin:quiz_family_changelist"))
    assert listing.status_code == 200 and "miss-by-scores" in listing.content.decode()
    change = reverse("admin:quiz_family_change", args=[family.pk])
    assert admin_client.get(change).status_code == 200
    assert admin_client.get(reverse("admin:quiz_family_add")).status_code == 403
    admin_client.post(change, {"published": ""})
    family.refresh_from_db()
    assert family.published is False and family.spec["slug"] == "miss-by-scores"
