"""Families in practice: "Another like this" (a POST that freezes a new instance), and an
instance never listed as a hand-written scenario."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from quiz import selectors
from quiz.coverage import bank_coverage
from quiz.freezing import freeze_instance
from quiz.models import Scenario
from tests.conftest import answer_post_data

pytestmark = pytest.mark.django_db


def another(family):
    return reverse("quiz:another_like_this", kwargs={"family": family.slug})


def test_the_post_freezes_a_new_instance_and_leads_to_its_practice_page(client, families):
    family = families["penalty-first-contact"]
    response = client.post(another(family))
    assert response.status_code == 302
    instance = Scenario.objects.get(family=family)
    assert response["Location"] == instance.get_absolute_url()
    page = client.get(response["Location"])
    assert page.status_code == 200
    assert instance.question_en in page.content.decode()


def test_a_get_writes_nothing(client, families):
    response = client.get(another(families["penalty-first-contact"]))
    assert response.status_code == 405
    assert not Scenario.objects.filter(family__isnull=False).exists()


def test_an_unknown_or_unpublished_family_is_a_404(client, families):
    family = families["miss-by-scores"]
    family.published = False
    family.save()
    assert client.post(another(family)).status_code == 404
    assert client.post("/en/generated/no-such-family/another/").status_code == 404
    assert not Scenario.objects.filter(family__isnull=False).exists()


def test_the_new_instance_is_not_the_one_left_and_keeps_the_review_on(client, families):
    family = families["miss-by-scores"]
    left = freeze_instance(family=family, seed=1)
    response = client.post(another(family), {"after": left.slug, "via": "review"})
    new = Scenario.objects.exclude(pk=left.pk).get(family=family)
    assert response["Location"] == new.get_absolute_url() + "?via=review"
    assert new.case["state"] != left.case["state"] or new.case["stroke"] != left.case["stroke"]


def test_the_question_and_its_feedback_offer_another_like_this(client, families):
    scenario = freeze_instance(family=families["penalty-first-contact"], seed=2)
    page = client.get(scenario.get_absolute_url()).content.decode()
    assert another(scenario.family) in page and "Another like this" in page
    token = re.search(r'name="token" value="([^"]+)"', page).group(1)
    feedback = client.post(
        scenario.get_absolute_url(), answer_post_data(scenario, {"penalty": 4}) | {"token": token}
    ).content.decode()
    assert another(scenario.family) in feedback
    assert f'name="after" value="{scenario.slug}"' in feedback


def test_a_hand_written_question_offers_no_other(client, families):
    scenario = Scenario.objects.filter(family__isnull=True, published=True).first()
    page = client.get(scenario.get_absolute_url()).content.decode()
    assert "Another like this" not in page


def test_the_topic_page_offers_generated_situations_per_family(client, families):
    page = client.get(reverse("quiz:topics")).content.decode()
    assert "Practise with generated situations" in page
    for family in families.values():
        assert another(family) in page


def test_an_instance_is_never_listed_nor_counted_as_a_hand_written_scenario(families, bank):
    topic = families["penalty-first-contact"].topic
    counted = {t.slug: t.scenario_count for t in selectors.topics_with_counts()}
    published = bank_coverage().published
    instances = [freeze_instance(family=families["penalty-first-contact"], seed=s) for s in (1, 2)]
    assert {t.slug: t.scenario_count for t in selectors.topics_with_counts()} == counted
    listed = set(selectors._practice_pool(topic=topic, difficulty=None))
    assert listed and not listed & set(instances)
    answered = {s.pk for s in selectors.handwritten_scenarios(topic=topic)}
    after = selectors.next_practice_scenario(topic=topic, answered_ids=answered)
    assert after is not None and after.family_id is None
    assert bank_coverage().published == published


def test_the_studio_lists_no_instance(families, django_user_model):
    from studio.selectors import scenarios_for

    instance = freeze_instance(family=families["miss-by-scores"], seed=4)
    staff = django_user_model.objects.create_user("boss", password="x-Secret-123", is_staff=True)
    listed = scenarios_for(user=staff)
    assert listed.exists() and instance not in listed


def test_the_topic_page_gives_one_entry_per_kind_drawing_from_every_family_of_it(client, families):
    from quiz.models import Family

    original = families["penalty-first-contact"]
    twin = Family.objects.create(
        slug="penalty-twin",
        topic=original.topic,
        difficulty=original.difficulty,
        asks=original.asks,
        spec={**original.spec, "slug": "penalty-twin"},
    )
    page = client.get(reverse("quiz:topics")).content.decode()
    assert page.count(another(original)) + page.count(another(twin)) == 1
    assert set(selectors.kindred_families(family=original)) == {original, twin}
    for _ in range(4):
        response = client.post(another(original), {"kindred": "1"})
        assert response.status_code == 302
    drawn = Scenario.objects.filter(family__isnull=False)
    assert drawn.count() == 4 and {s.family for s in drawn} <= {original, twin}


def test_an_instance_of_a_family_withdrawn_from_practice_is_a_404(client, families):
    family = families["miss-by-scores"]
    instance = freeze_instance(family=family, seed=6)
    assert client.get(instance.get_absolute_url()).status_code == 200
    family.published = False  # made exam-only, say: its instances leave practice with it
    family.save()
    assert client.get(instance.get_absolute_url()).status_code == 404
    assert another(family) not in client.get(reverse("quiz:topics")).content.decode()


def test_a_client_drawing_without_end_is_stopped_with_a_message(client, families, settings):
    settings.QUIZ_GENERATED_PER_HOUR = 2
    family = families["penalty-first-contact"]
    for _ in range(2):
        assert client.post(another(family))["Location"].startswith("/en/practice/")
    refused = client.post(another(family), follow=True)
    assert "many new situations this hour" in refused.content.decode()
    assert refused.redirect_chain[0][0] == reverse("quiz:topics")
    assert Scenario.objects.filter(family=family).count() == 2
