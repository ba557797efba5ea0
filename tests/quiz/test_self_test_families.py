"""Self-tests that draw family instances (quiz.services.start_self_test, include_families)."""

from __future__ import annotations

import random

import pytest
from django.urls import reverse

from quiz import services
from quiz.models import Scenario, SelfTest, Topic

pytestmark = pytest.mark.django_db


def test_the_draw_mixes_frozen_instances_with_hand_written_scenarios(families):
    topics = Topic.objects.all()
    self_test = services.start_self_test(
        language="en", length=20, topics=topics, rng=random.Random(3), include_families=True
    )
    drawn = Scenario.objects.in_bulk(self_test.scenario_ids)
    instances = [s for s in drawn.values() if s.family_id is not None]
    written = [s for s in drawn.values() if s.family_id is None]
    assert instances and written
    assert len(set(self_test.scenario_ids)) == len(self_test.scenario_ids) == 20
    assert all(s.published and s.seed is not None for s in instances)


def test_the_same_generator_draws_the_same_test(families):
    topics = Topic.objects.all()

    def drawn(seed):
        test = services.start_self_test(
            language="en", length=10, topics=topics, rng=random.Random(seed), include_families=True
        )
        return [Scenario.objects.get(pk=pk).slug for pk in test.scenario_ids]

    assert drawn(8) == drawn(8)


def test_without_the_option_no_instance_is_drawn(families):
    self_test = services.start_self_test(
        language="en", length=40, topics=Topic.objects.all(), rng=random.Random(1)
    )
    assert not Scenario.objects.filter(pk__in=self_test.scenario_ids, family__isnull=False)
    assert not Scenario.objects.filter(family__isnull=False).exists()


def test_the_start_form_offers_the_option_and_the_test_asks_an_instance(client, families):
    page = client.get(reverse("quiz:self_test_start")).content.decode()
    assert 'name="include_families"' in page and "Include generated situations" in page
    only_respotting = Topic.objects.filter(slug="test-respotting")
    response = client.post(
        reverse("quiz:self_test_start"),
        {
            "language": "en",
            "length": "40",
            "topics": [str(t.pk) for t in only_respotting],
            "include_families": "on",
        },
    )
    assert response.status_code == 302
    self_test = SelfTest.objects.get()
    instances = Scenario.objects.filter(pk__in=self_test.scenario_ids, family__isnull=False)
    assert instances.count() == services.FAMILY_PLACES
    position = self_test.scenario_ids.index(instances.first().pk) + 1
    question = client.get(
        reverse("quiz:self_test_question", kwargs={"test_id": self_test.pk, "position": position})
    )
    assert question.status_code == 200
    assert instances.first().question_en in question.content.decode()


def start_with_families(client, language="en", include_families=True):
    from django.utils import translation

    with translation.override(language):
        path = reverse("quiz:self_test_start")
    return client.post(
        path,
        {
            "language": language,
            "length": "40",
            "topics": [str(t.pk) for t in Topic.objects.all()],
            **({"include_families": "on"} if include_families else {}),
        },
    )


def test_starts_with_generated_situations_are_limited_with_a_message(client, families, settings):
    settings.QUIZ_SELF_TESTS_PER_HOUR = 2
    for _ in range(2):
        assert start_with_families(client).status_code == 302
    frozen = Scenario.objects.filter(family__isnull=False).count()
    assert frozen > 0
    refused = start_with_families(client, "fa")
    assert refused.status_code == 429
    assert "در این یک ساعت موقعیت‌های تازهٔ زیادی خواسته‌اید" in refused.content.decode()
    assert 'name="include_families"' in refused.content.decode()  # the form, his choices kept
    assert refused.context["form"].cleaned_data["length"] == 40
    # nothing started, nothing frozen
    assert SelfTest.objects.count() == 2
    assert Scenario.objects.filter(family__isnull=False).count() == frozen
    # a test of the bank's own questions freezes nothing and is not counted
    assert start_with_families(client, include_families=False).status_code == 302
    # the limit is the client's: another address starts
    other = client.__class__(REMOTE_ADDR="192.0.2.77")
    assert start_with_families(other).status_code == 302


def test_the_limit_counts_each_account_on_its_own(families, settings):
    from django.contrib.auth import get_user_model
    from django.test import Client

    settings.QUIZ_SELF_TESTS_PER_HOUR = 1
    users = get_user_model().objects
    first, second = Client(), Client()
    first.force_login(users.create_user("first", password="pw-first-1234"))
    second.force_login(users.create_user("second", password="pw-second-1234"))
    assert start_with_families(first).status_code == 302
    assert start_with_families(first).status_code == 429
    assert start_with_families(second).status_code == 302
