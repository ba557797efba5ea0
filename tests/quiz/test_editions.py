"""Practice by rule-book edition: the trainee's choice is remembered and grades his answers,
every explanation names the edition, and after the answer a scenario the editions rule
differently shows both rulings. The "What changed" page lists every difference."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse
from django.utils import translation

from quiz.editions import CHANGES, differing_rulings, edition_label, with_edition
from quiz.grading import grade
from quiz.models import Scenario, Topic
from tests.conftest import answer_post_data

pytestmark = pytest.mark.django_db
LANGUAGES = ("en", "fr", "ru", "fa", "pl")
#: Touching a ball while the balls are replaced after a miss: 4 points in 2007, 7 in 2014.
DIFFERING = {
    "format": "snooker-referee-case/1",
    "id": "edition-consultation-touch",
    "state": {"reds": 10, "misses": 1},
    "stroke": {"struck": False, "infringements": ["consultation_touch:red"]},
}


@pytest.fixture
def scenario() -> Scenario:
    topic = Topic.objects.create(
        slug="penalties", order=6, **{f"title_{code}": f"Penalties {code}" for code in LANGUAGES}
    )
    texts = {}
    for code in LANGUAGES:
        texts.update({f"title_{code}": f"T {code}", f"narrative_{code}": f"N {code}",
                      f"question_{code}": f"Q {code}"})  # fmt: skip
    return Scenario.objects.create(
        slug=DIFFERING["id"], topic=topic, difficulty=3, ask="penalty", published=True,
        case=DIFFERING, **texts,
    )  # fmt: skip


def _answer(client, scenario: Scenario, penalty: int) -> str:
    url = reverse("quiz:practice", args=[scenario.topic.slug, scenario.slug])
    page = client.get(url).content.decode()
    assert "rule differently" not in page, "no ruling before the answer"
    token = re.search(r'name="token" value="([^"]+)"', page).group(1)
    data = {**answer_post_data(scenario, {"penalty": penalty}), "token": token}
    response = client.post(url, data)
    assert response.status_code == 200
    return response.content.decode()


def _choose(client, edition: str, next_url: str = "/") -> None:
    response = client.post(reverse("quiz:choose_edition"), {"edition": edition, "next": next_url})
    assert response.status_code == 302 and response.url == next_url


def test_grading_by_an_edition_records_it(scenario: Scenario) -> None:
    assert grade(scenario=scenario, answer={"penalty": 4}).correct
    graded = grade(scenario=scenario, answer={"penalty": 4}, ruleset="wpbsa-2014")
    assert (graded.correct, graded.ruleset, graded.decision["penalty"]) == (False, "wpbsa-2014", 7)


def test_practice_follows_the_chosen_edition_and_shows_both_rulings(client, scenario) -> None:
    first = _answer(client, scenario, 4)
    assert "Right!" in first and "Decided by: WPBSA Rules, 2007 edition." in first
    assert "Section 3, rule 14(h)" in first
    _choose(client, "wpbsa-2014")
    second = _answer(client, scenario, 4)
    assert "Not quite." in second and "Decided by: WPBSA Rules, 2014 edition." in second
    assert "Section 3, rule 10(d)" in second  # the 2014 numbering
    # Both rulings side by side, the trainee's own marked.
    assert "The editions rule differently here" in second
    assert second.count('<article class="ruling') == 2 and "(your edition)" in second
    # Remembered for the next question too.
    assert "Decided by: WPBSA Rules, 2014 edition." in _answer(client, scenario, 7)


def test_an_unknown_edition_changes_nothing(client, scenario) -> None:
    response = client.post(reverse("quiz:choose_edition"), {"edition": "wpbsa-1999"})
    assert response.status_code == 302
    assert "Decided by: WPBSA Rules, 2007 edition." in _answer(client, scenario, 4)


def test_the_next_address_must_be_this_site(client) -> None:
    response = client.post(
        reverse("quiz:choose_edition"), {"edition": "wpbsa-2014", "next": "https://evil.test/"}
    )
    assert response.url == reverse("quiz:topics")


@pytest.mark.parametrize(
    "forged", ["", "x", "quiz:home", "logout", "//evil.test/", "/\\evil.test", "\x00/x", "x" * 3000]
)
def test_a_forged_next_address_goes_to_the_practice_home(client, forged) -> None:
    response = client.post(
        reverse("quiz:choose_edition"), {"edition": "wpbsa-2014", "next": forged}
    )
    assert response.status_code == 302 and response.url == reverse("quiz:topics")


def test_rulings_side_by_side_only_where_the_editions_differ() -> None:
    assert [r.ruleset for r in differing_rulings(DIFFERING)] == ["wpbsa-2007", "wpbsa-2014"]
    same = {"format": "snooker-referee-case/1", "id": "x", "stroke": {"first_contact": ["red"]}}
    assert differing_rulings(same) == []
    assert with_edition(same, ruleset=None) == same


@pytest.mark.parametrize("language", LANGUAGES)
def test_what_changed_lists_every_difference_in_each_language(client, scenario, language) -> None:
    with translation.override(language):
        url = reverse("quiz:what_changed")
        texts = [str(change.text) for change in CHANGES]
        label = str(edition_label("wpbsa-2014"))
        practice = reverse("quiz:practice", args=["penalties", scenario.slug])
    page = client.get(url).content.decode()
    for text in texts:
        assert text.replace("'", "&#x27;").replace('"', "&quot;") in page
    assert label in page
    assert page.count('id="change-') == len(CHANGES)
    # The published scenario of a difference is offered under both editions.
    assert page.count(f'name="next" value="{practice}"') == 2
