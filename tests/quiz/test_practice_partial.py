"""The practice page keeps a half-filled answer across a validation error."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse
from django.utils import translation

from quiz.models import PracticeAnswer

pytestmark = pytest.mark.django_db

#: t-decision-pink, every field but the next ball on.
HALF = {
    "legal": True,
    "penalty": 0,
    "points": {"A": 6},
    "calls": [],
    "next_striker": "A",
    "next_options": ["play"],
    "respot": "pink_spot",
}


def practice_url(scenario, language="en"):
    with translation.override(language):
        return reverse(
            "quiz:practice", kwargs={"topic": scenario.topic.slug, "scenario": scenario.slug}
        )


def checked(page: str, name: str) -> list[str]:
    """The values of ``name`` the page shows chosen (radio, checkbox) or typed (text)."""
    values = []
    for tag in re.findall(rf'<input[^>]*name="{name}"[^>]*>', page):
        value = re.search(r'value="([^"]*)"', tag)
        if ("checked" in tag or 'type="text"' in tag) and value:
            values.append(value.group(1))
    return values


@pytest.mark.parametrize("language", ["en", "fa"])
def test_a_half_filled_decision_comes_back_filled_with_the_missing_field_marked(
    client, bank, answer_data, language
):
    scenario = bank["t-decision-pink"]
    page = client.get(practice_url(scenario, language))
    token = re.search(r'name="token" value="([^"]+)"', page.content.decode()).group(1)
    response = client.post(
        practice_url(scenario, language), answer_data(scenario, HALF) | {"token": token}
    )
    body = response.content.decode()
    assert response.status_code == 400
    assert checked(body, "legal") == ["fair"]
    assert checked(body, "penalty") == ["0"]
    assert checked(body, "points_side") == ["A"]
    assert checked(body, "points_amount") == ["6"]
    assert checked(body, "next_striker") == ["A"]
    assert checked(body, "next_options") == ["play"]
    assert checked(body, "respot") == ["pink_spot"]
    assert checked(body, "ball_on") == []
    assert 'class="field choice-field has-error"' in body  # the missing one is marked
    assert re.search(r'name="token" value="' + token, body)  # the same form, still usable
    assert not PracticeAnswer.objects.exists()
