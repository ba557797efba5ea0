"""The studio in a real browser builds a case the editions judge differently: a colour not yet
spotted when the striker struck again (``state.unspotted_colour``), judged by the 2014 rules,
whose live verdict takes the colour's points off the striker — and the saved draft reopens
with the same controls set, in Persian too."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse
from django.utils import translation

from federations.models import Federation
from quiz.models import Audience, Topic
from studio import services
from studio.models import Author
from tests.browser.flows import sign_in

pytestmark = pytest.mark.django_db(transaction=True)

PASSWORD = "author-password-2026"


@pytest.fixture
def draft(bank):
    federation = Federation.objects.create(slug="wfed", name="Welsh Federation")
    user = get_user_model().objects.create_user("writer", password=PASSWORD)
    Author.objects.create(user=user, federation=federation)
    return services.create_draft(user=user, slug="w-early-stroke", audience=Audience.EXAM,
                                 topic=Topic.objects.get(slug="test-fouls"),
                                 federation=federation)  # fmt: skip


def edit_url(base: str, draft, language: str) -> str:
    with translation.override(language):
        return base + reverse("studio:edit", args=[draft.pk])


def points_line(page):
    return page.locator("[data-verdict-summary] dd[data-name=points]")


def test_author_builds_an_early_stroke_that_2014_takes_points_off(page, live_server, draft):
    base = live_server.url
    sign_in(page, base, username="writer", password=PASSWORD, then="/en/author/")
    page.goto(edit_url(base, draft, "en"))

    page.locator("[data-positions-on]").uncheck()
    page.fill("#c-reds", "5")
    page.fill("input[data-score-side=A]", "40")
    page.fill("input[data-score-side=B]", "20")
    page.select_option("#c-ruleset", "wpbsa-2014")
    page.select_option("#c-unspotted", "blue")
    page.select_option("[data-first-contact='1']", "red")
    page.fill("input[data-case='stroke.potted'][data-type=reds]", "1")
    page.locator("input[data-type=infringement][value=early_stroke]").check()
    page.select_option("[data-infringement-ball=early_stroke]", "blue")

    page.wait_for_function(
        "() => (document.querySelector(\"dd[data-name=points]\") || {}).textContent"
        " === 'A: minus 5 points and B: 5 points'"
    )
    assert "3.3(g)(iv)" in page.locator("[data-verdict-explanation]").inner_text()

    # The 2007 rules leave the colour scored: only the penalty changes a score.
    page.select_option("#c-ruleset", "wpbsa-2007")
    page.wait_for_function(
        "() => document.querySelector(\"dd[data-name=points]\").textContent === 'B: 5 points'"
    )

    # Saved and reopened in Persian: the controls are set again, the verdict in Persian.
    page.select_option("#c-ruleset", "wpbsa-2014")
    with page.expect_navigation():
        page.get_by_role("button", name="Save the draft").click()
    page.goto(edit_url(base, draft, "fa"))
    assert page.locator("#c-unspotted").input_value() == "blue"
    assert page.locator("[data-infringement-ball=early_stroke]").input_value() == "blue"
    page.wait_for_function(
        "() => ((document.querySelector(\"dd[data-name=points]\") || {}).textContent || '')"
        ".includes('منهای ۵')"
    )
    assert "-" not in points_line(page).inner_text()
