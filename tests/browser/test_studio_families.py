"""The family editor in a real browser (issue 21): an author turns his scenario into a family,
makes the scores and the reds vary (and the ball struck first), previews twenty instances with
their verdicts, and publishes it to his federation's exam pool."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model

from federations.models import Federation
from quiz.models import Audience, Family, Topic
from studio import services
from studio.models import Author, FamilyDraft
from tests.browser.flows import sign_in

pytestmark = pytest.mark.django_db(transaction=True)

PASSWORD = "author-password-2026"
CONTACT = {"state": {"reds": 5, "scores": {"A": 10, "B": 20}},
           "stroke": {"first_contact": ["yellow"], "potted": []}}


@pytest.fixture
def draft(bank):
    federation = Federation.objects.create(slug="wfed", name="Welsh Federation")
    user = get_user_model().objects.create_user("writer", password=PASSWORD)
    Author.objects.create(user=user, federation=federation)
    made = services.create_draft(user=user, slug="wfed-contact", topic=Topic.objects.first(),
                                 audience=Audience.EXAM, federation=federation)
    return services.save_draft(
        draft=made, case=CONTACT, words={}, topic=made.topic, difficulty=1, ask="penalty",
        ask_ball="", audience=Audience.EXAM, federation=federation,
    )


def test_author_turns_a_scenario_into_a_family_previews_and_publishes(page, live_server, draft):
    base = live_server.url
    sign_in(page, base, username="writer", password=PASSWORD, then=f"/en/author/{draft.pk}/")
    page.get_by_role("button", name="Turn into a family").click()
    page.wait_for_url("**/author/families/*/")
    assert "nothing varies yet" in page.locator(".messages").inner_text()

    for fact, ends in (("reds", ("1", "15")), ("score_a", ("0", "70")), ("score_b", ("0", "70"))):
        page.check(f"#id_vary_{fact}")
        page.fill(f"#id_low_{fact}", ends[0])
        page.fill(f"#id_high_{fact}", ends[1])
    page.check("#id_vary_first_contact")
    page.fill("#id_choices_first_contact", "red, yellow, black, blue")
    page.get_by_role("button", name="Save the family").click()
    assert "The family was saved." in page.locator(".messages").inner_text()
    assert page.locator("#id_vary_reds").is_checked()

    page.get_by_role("link", name="Polski").click()
    page.wait_for_url("**/preview/?lang=pl")
    cards = page.locator(".family-card")
    assert cards.count() == 20
    assert cards.first.get_attribute("lang") is None  # the list says the language
    assert page.locator(".family-cards").get_attribute("lang") == "pl"
    assert page.locator(".family-verdict").count() == 20
    assert "Instances built" in page.locator(".family-summary").inner_text()
    assert page.locator(".family-ok").count() == 1

    page.get_by_role("link", name="Back to the family").click()
    page.get_by_role("button", name="Check and publish").click()
    assert "exam pool" in page.locator(".messages").inner_text()
    family_draft = FamilyDraft.objects.get(draft=draft)
    family = Family.objects.get(slug=family_draft.slug)
    assert family.federation.slug == "wfed" and not family.published
    assert family.spec["parameters"]["reds"] == {"range": [1, 15]}
