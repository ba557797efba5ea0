"""Practice by rule-book edition: the trainee's choice is remembered and grades his answers,
every explanation names the edition, and after the answer a scenario the editions rule
differently shows both rulings. The "What changed" page lists every difference."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse
from django.utils import translation

from quiz import services
from quiz.editions import (
    CHANGES,
    FR_CHANGES,
    FR_NOTES,
    LOCAL_RULES,
    READINGS,
    SAME_RULINGS,
    differing_rulings,
    edition_label,
    known_variants,
    ruleset_label,
    rulings,
    variant_label,
)
from quiz.grading import grade, with_edition
from quiz.models import PracticeAnswer, Scenario, SelfTest, Topic
from rules_engine.editions import EDITIONS
from tests.conftest import answer_post_data

pytestmark = pytest.mark.django_db
LANGUAGES = ("en", "fr", "ru", "fa", "pl")
WPBSA = ("wpbsa-2007", "wpbsa-2014")
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
    assert second.count('<article class="ruling') == len(EDITIONS) and "(your edition)" in second
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
    assert [r.ruleset for r in differing_rulings(DIFFERING)] == list(EDITIONS)
    same = {"format": "snooker-referee-case/1", "id": "x", "stroke": {"first_contact": ["red"]}}
    assert differing_rulings(same) == []
    assert with_edition(same, ruleset=None) == same


@pytest.mark.parametrize("language", LANGUAGES)
def test_what_changed_lists_every_difference_in_each_language(client, scenario, language) -> None:
    with translation.override(language):
        url = reverse("quiz:what_changed")
        texts = [str(item.text) for item in CHANGES + FR_CHANGES + SAME_RULINGS + FR_NOTES
                 + READINGS + LOCAL_RULES]  # fmt: skip
        labels = [str(edition_label(name)) for name in EDITIONS]
        practice = reverse("quiz:practice", args=["penalties", scenario.slug])
    page = client.get(url).content.decode()
    for text in texts:
        assert text.replace("'", "&#x27;").replace('"', "&quot;") in page
    assert all(label in page for label in labels)
    assert page.count('id="change-') == len(CHANGES) + len(FR_CHANGES)
    assert "since 2004" not in page and "depuis 2004" not in page
    # The published scenario of a difference is offered under the two editions it compares.
    assert page.count(f'name="next" value="{practice}"') == 2


# --- local variants in practice and self-tests ------------------------------------------------

#: Pink and black left (13), A 31 behind ends his break: four snookers needed under 3.4(d)*.
FAR_BEHIND = {
    "format": "snooker-referee-case/1",
    "id": "end-pink-and-black-far-behind",
    "state": {"reds": 0, "colours": ["pink", "black"], "scores": {"A": 20, "B": 51}},
    "stroke": {"first_contact": ["pink"]},
}
VARIANT = "ru-2004-3.4d"


@pytest.fixture
def far_behind() -> Scenario:
    topic = Topic.objects.create(
        slug="end-of-frame", order=8, **{f"title_{code}": f"End {code}" for code in LANGUAGES}
    )
    texts = {}
    for code in LANGUAGES:
        texts.update({f"title_{code}": f"Far behind {code}", f"narrative_{code}": f"N {code}",
                      f"question_{code}": f"Q {code}"})  # fmt: skip
    return Scenario.objects.create(
        slug=FAR_BEHIND["id"], topic=topic, difficulty=3, ask="next", published=True,
        case=FAR_BEHIND, **texts,
    )  # fmt: skip


def _answer_next(client, scenario: Scenario, striker: str) -> tuple[str, str]:
    """Answer "who plays next" with ``striker`` (":over": nobody); the page and its token."""
    url = reverse("quiz:practice", args=[scenario.topic.slug, scenario.slug])
    page = client.get(url).content.decode()
    token = re.search(r'name="token" value="([^"]+)"', page).group(1)
    answer = {"next_striker": striker} | ({} if striker == ":over" else {"next_options": ["play"]})
    response = client.post(url, {**answer_post_data(scenario, answer), "token": token})
    assert response.status_code == 200
    return response.content.decode(), token


def _choose_rules(client, edition: str, variants: list[str], next_url: str = "/") -> None:
    response = client.post(
        reverse("quiz:choose_edition"), {"edition": edition, "variants": variants, "next": next_url}
    )
    assert response.status_code == 302 and response.url == next_url


@pytest.mark.parametrize("language", LANGUAGES)
def test_variants_have_a_name_in_every_language_never_the_code(language) -> None:
    with translation.override(language):
        label = str(variant_label(VARIANT))
        both = ruleset_label("wpbsa-2014", [VARIANT])
        english = language == "en"
    assert VARIANT not in label and "3.4(d)*" in label
    assert (label == "Russian amateur rule 3.4(d)*: frame awarded when four snookers are needed"
            ) is english  # fmt: skip
    assert str(edition_label("wpbsa-2014")) in both or not english
    assert label in both


def test_unknown_variants_are_dropped() -> None:
    assert known_variants([VARIANT, "ru-1999", None, VARIANT]) == [VARIANT]
    assert known_variants("ru-2004-3.4d") == []  # a string is not a list of names


def test_practice_with_the_variant_awards_the_frame_and_cites_it(client, far_behind) -> None:
    plain, _token = _answer_next(client, far_behind, ":over")
    assert "Not quite." in plain and "Decided by: WPBSA Rules, 2007 edition." in plain
    assert "rule 4(d)*" not in plain

    _choose_rules(client, "wpbsa-2014", [VARIANT])
    assert client.session["quiz_practice_variants"] == [VARIANT]
    awarded, token = _answer_next(client, far_behind, ":over")
    assert "Right!" in awarded
    assert ("Decided by: WPBSA Rules, 2014 edition + Russian amateur rule 3.4(d)*: frame "
            "awarded when four snookers are needed.") in awarded  # fmt: skip
    assert "Section 3, rule 4(d)*" in awarded
    # The switch shows the variant ticked, by its name.
    assert re.search(r'name="variants" value="ru-2004-3.4d" checked', awarded)
    stored = PracticeAnswer.objects.get(token=token)
    assert (stored.ruleset, stored.variants, stored.score) == ("wpbsa-2014", [VARIANT], 1.0)

    # Turned off, the ordinary ruling: B plays on.
    _choose_rules(client, "wpbsa-2014", [])
    ordinary, _token = _answer_next(client, far_behind, "B")
    assert "Right!" in ordinary and "Decided by: WPBSA Rules, 2014 edition." in ordinary
    assert "rule 4(d)*" not in ordinary

    # Reopening the earlier feedback, now practising 2007, still shows the rules that graded it
    _choose_rules(client, "wpbsa-2007", [])
    again = client.get(reverse(
        "quiz:practice_answer", args=[far_behind.topic.slug, far_behind.slug, token]
    )).content.decode()  # fmt: skip
    assert "Right!" in again and "Section 3, rule 4(d)*" in again
    # ... while its switch offers what the trainee practises now, so using it changes nothing.
    assert re.search(r'<option value="wpbsa-2007" selected>', again)
    assert not re.search(r'name="variants" value="ru-2004-3.4d" checked', again)


def test_the_side_by_side_rulings_follow_the_chosen_variants(client, scenario) -> None:
    _choose_rules(client, "wpbsa-2014", [VARIANT])
    page = _answer(client, scenario, 7)
    assert page.count('<article class="ruling') == len(EDITIONS)
    assert [r.decision["penalty"] for r in differing_rulings(DIFFERING, variants=[VARIANT])] == [
        4, 7, 4
    ]
    # Four snookers behind, the variant decides alike in both editions: nothing side by side.
    assert differing_rulings(FAR_BEHIND, variants=[VARIANT]) == []
    assert [r.decision["frame"]["reason"] for r in rulings(FAR_BEHIND, variants=[VARIANT])] == [
        "snookers_needed"
    ] * len(EDITIONS)


@pytest.mark.parametrize("forged", [["ru-1999"], [VARIANT, "x" * 300]])
def test_a_forged_variant_changes_nothing(client, far_behind, forged) -> None:
    _choose_rules(client, "wpbsa-2014", [VARIANT])
    response = client.post(
        reverse("quiz:choose_edition"), {"edition": "wpbsa-2007", "variants": forged}, follow=True
    )
    assert "That rule-book edition or local rule is not available." in response.content.decode()
    assert client.session["quiz_practice_edition"] == "wpbsa-2014"
    assert client.session["quiz_practice_variants"] == [VARIANT]


def test_a_forged_session_value_is_ignored(client, far_behind) -> None:
    session = client.session
    session["quiz_practice_variants"] = "ru-2004-3.4d"
    session.save()
    page, _token = _answer_next(client, far_behind, "B")
    assert "Right!" in page and "Decided by: WPBSA Rules, 2007 edition." in page


def test_the_self_test_is_graded_by_the_chosen_edition_and_variants(client, far_behind) -> None:
    _choose_rules(client, "wpbsa-2014", [VARIANT])
    start = client.get(reverse("quiz:self_test_start")).content.decode()
    assert "Rules that grade the test" in start
    response = client.post(reverse("quiz:self_test_start"), {
        "language": "en", "length": "10", "topics": [far_behind.topic.pk]
    })  # fmt: skip
    assert response.status_code == 302
    self_test = SelfTest.objects.get()
    assert (self_test.ruleset, self_test.variants) == ("wpbsa-2014", [VARIANT])
    # Switching now does not change how this test is graded.
    _choose_rules(client, "wpbsa-2007", [])
    question = reverse("quiz:self_test_question", args=[self_test.pk, 1])
    client.post(question, answer_post_data(far_behind, {"next_striker": ":over"}))
    stored = self_test.answers.get()
    assert (stored.score, stored.ruleset, stored.variants) == (1.0, "wpbsa-2014", [VARIANT])
    result = client.get(reverse("quiz:self_test_result", args=[self_test.pk])).content.decode()
    assert ("Graded by: WPBSA Rules, 2014 edition + Russian amateur rule 3.4(d)*: frame awarded "
            "when four snookers are needed.") in result  # fmt: skip
    assert "Right!" in result and "Section 3, rule 4(d)*" in result


def test_a_self_test_started_before_editions_is_graded_by_the_seeds_edition(far_behind) -> None:
    self_test = services.start_self_test(language="en", length=10, topics=[far_behind.topic])
    services.answer_self_test(
        self_test=self_test, position=1, scenario=far_behind,
        answer={"next_striker": "B", "next_options": ["play"]},
    )  # fmt: skip
    stored = self_test.answers.get()
    assert (stored.score, stored.ruleset, stored.variants) == (1.0, "wpbsa-2007", [])


def test_what_changed_offers_the_local_rule_with_and_without(client, far_behind, scenario):
    _choose_rules(client, "wpbsa-2014", [VARIANT])
    page = client.get(reverse("quiz:what_changed")).content.decode()
    section = page[page.index('id="variant-ru-2004-3.4d"'):]
    practice = reverse("quiz:practice", args=[far_behind.topic.slug, far_behind.slug])
    assert section.count(f'name="next" value="{practice}"') == 2
    assert "With this local rule" in section and "Without it" in section
    assert str(variant_label(VARIANT)) in section
    # Every difference between the editions has a scenario to try, and the edition buttons
    # keep the chosen local rule: the switch's box and both buttons of the published scenario.
    assert all(change.scenario for change in CHANGES)
    head = page[: page.index('id="variant-ru-2004-3.4d"')]
    assert head.count('name="variants" value="ru-2004-3.4d"') == 3


def test_every_what_changed_scenario_is_in_the_bank_and_differs_where_it_should() -> None:
    """Each linked scenario is a practice scenario of the fixtures, and the answer its question
    asks differs under the two editions its row compares (review 2026-12-02, section 5)."""
    import json
    from pathlib import Path

    from quiz.grading import decide, expected_answer

    bank = {}
    for path in (Path(__file__).resolve().parents[2] / "fixtures" / "scenarios").glob("*.json"):
        for entry in json.loads(path.read_text(encoding="utf-8")):
            bank[entry["fields"]["slug"]] = entry["fields"]
    for change in CHANGES + FR_CHANGES:
        fields = bank[change.scenario]
        assert fields.get("audience", "practice") == "practice", change.key
        case = {k: v for k, v in fields["case"].items() if k != "expect"}
        answers = [
            expected_answer(decision=decide(with_edition(case, ruleset=name)), ask=fields["ask"],
                            ask_ball=fields.get("ask_ball") or "")
            for name in change.editions
        ]  # fmt: skip
        assert answers[0] != answers[1], change.key
    for rule in LOCAL_RULES:
        case = {k: v for k, v in bank[rule.scenario]["case"].items() if k != "expect"}
        with_rule = decide(with_edition(case, ruleset=None, variants=[rule.variant]))
        assert rule.rule in with_rule["rules"] and rule.rule not in decide(case)["rules"]


# --- the rows of the unspotted colour and the ball moved by hand ------------------------------


def _bank_scenario(slug: str) -> dict:
    """A practice scenario of the fixtures (its fields), by slug."""
    import json
    from pathlib import Path

    for path in (Path(__file__).resolve().parents[2] / "fixtures" / "scenarios").glob("*.json"):
        for entry in json.loads(path.read_text(encoding="utf-8")):
            if entry["fields"]["slug"] == slug:
                return entry["fields"]
    raise AssertionError(f"no scenario {slug!r} in the fixtures")


def _row_rulings(key: str) -> tuple[dict, dict, dict]:
    """The scenario of the "What changed" row ``key`` and its 2007 and 2014 decisions."""
    from quiz.grading import decide

    change = next(change for change in CHANGES if change.key == key)
    fields = _bank_scenario(change.scenario)
    case = {k: v for k, v in fields["case"].items() if k != "expect"}
    old, new = (decide(with_edition(case, ruleset=name)) for name in WPBSA)
    return fields, old, new


def _codes(decision: dict) -> list[str]:
    return [step["code"] for step in decision["trail"]]


def test_the_moved_by_hand_row_asks_what_the_editions_answer_differently() -> None:
    from quiz.grading import expected_answer

    fields, old, new = _row_rulings("moved-by-hand")
    asked = [
        expected_answer(decision=d, ask=fields["ask"], ask_ball=fields.get("ask_ball") or "")
        for d in (old, new)
    ]
    assert asked == [{"respot": ":none"}, {"respot": "black_spot"}]
    assert "moved_by_hand" in _codes(old) and "moved_by_hand_forced_off" in _codes(new)
    assert "moved_by_hand_forced_off" not in _codes(old)
    # Side by side, each edition says where the black goes (the asked field).
    case = {k: v for k, v in fields["case"].items() if k != "expect"}
    with translation.override("en"):
        shown = [dict(ruling.summary()) for ruling in differing_rulings(case)]
    assert [s["Re-spotted on (Black)"] for s in shown] == [
        "Not re-spotted", "Black spot", "Not re-spotted"  # fr-club as 2007: a ball touched
    ]


def test_the_rulings_side_by_side_name_no_re_spot_when_no_edition_makes_one() -> None:
    assert all(r.respot_balls == () for r in differing_rulings(DIFFERING))
    with translation.override("en"):
        labels = [label for r in differing_rulings(DIFFERING) for label, _v in r.summary()]
    assert not any(label.startswith("Re-spotted on") for label in labels)


@pytest.mark.parametrize(
    ("key", "taken_off"), [("early-stroke-not-scored", 3), ("early-stroke", 3)]
)
def test_the_unspotted_colour_comes_off_the_striker_in_2014_only(key, taken_off) -> None:
    """Both rows link the scenario that names the colour being spotted (the blue taken as a
    free ball on the green): 2014 takes its 3 points off A, 2007 leaves them; the penalty asked
    differs too (the points form could not give a negative change)."""
    fields, old, new = _row_rulings(key)
    assert fields["ask"] == "penalty"
    assert (old["points"]["A"], new["points"]["A"]) == (0, -taken_off)
    assert "early_stroke_colour_score_removed" in _codes(new)
    assert "early_stroke_colour_score_removed" not in _codes(old)


def test_practice_explains_the_colour_taken_off_under_2014(client) -> None:
    """The trainee answers the penalty right under both editions; only the 2014 explanation
    takes the pink off A, and both rulings are shown side by side."""
    fields = _bank_scenario("edition-early-stroke-colour-in-break")
    topic = Topic.objects.create(
        slug="penalties", order=6, **{f"title_{code}": f"Penalties {code}" for code in LANGUAGES}
    )
    names = ("title", "narrative", "question", "note")
    scenario = Scenario.objects.create(
        slug=fields["slug"], topic=topic, difficulty=3, ask=fields["ask"], published=True,
        case={k: v for k, v in fields["case"].items() if k != "expect"},
        **{f"{name}_{code}": fields[f"{name}_{code}"] for name in names for code in LANGUAGES},
    )  # fmt: skip
    plain = _answer(client, scenario, 6)
    assert "Right!" in plain and "Decided by: WPBSA Rules, 2007 edition." in plain
    assert "The editions rule differently here" in plain  # feedback first, then rulings
    assert "was spotted: it is not scored" not in plain.split("The editions rule differently")[0]
    _choose(client, "wpbsa-2014")
    amended = _answer(client, scenario, 6)
    assert "Right!" in amended and "Decided by: WPBSA Rules, 2014 edition." in amended
    assert "was spotted: it is not scored (A: minus 6 points)." in amended
    assert "Section 3, rule 3(g)(iv)" in amended
    assert "The editions rule differently here" in amended and "A: minus 6 points" in amended
