"""The studio builds the cases the editions judge differently: every infringement code of the
engine has a control named in five languages, ``state.unspotted_colour`` has a control, and
the live verdict shows points taken off the striker (2014 3.3(g)(iv)) as such."""

from __future__ import annotations

import json
import re

import pytest
from django.core.cache import cache
from django.test import Client
from django.urls import reverse
from django.utils import translation

from rules_engine.balls import INFRINGEMENT_CLASSES, INFRINGEMENTS_NEEDING_BALL
from studio import services, vocabulary

LANGUAGES = ("en", "fr", "ru", "fa", "pl")
NEW_CODES = ("early_stroke_free_ball", "consultation_touch", "partner_caused_touch",
             "moved_by_hand")  # fmt: skip

#: A break: the striker potted the blue and struck before it was spotted (the red potted too).
EARLY_STROKE = {
    "state": {"reds": 5, "scores": {"A": 40, "B": 20}, "unspotted_colour": "blue"},
    "stroke": {"first_contact": ["red"], "potted": ["red"], "infringements": ["early_stroke:blue"]},
}


@pytest.fixture(autouse=True)
def _fresh_cache(db):
    cache.clear()
    yield
    cache.clear()


def in_edition(case: dict, ruleset: str) -> dict:
    return {"ruleset": ruleset, **case}


# --- the vocabulary ----------------------------------------------------------------------


def test_every_infringement_code_of_the_engine_has_a_label() -> None:
    assert set(vocabulary.INFRINGEMENTS) == set(INFRINGEMENT_CLASSES)


def test_ball_controls_follow_the_engines_classes() -> None:
    assert set(vocabulary.BALL_CODES) == {
        code for code, kind in INFRINGEMENT_CLASSES.items() if kind == "b"
    }
    assert set(NEW_CODES) <= set(vocabulary.BALL_CODES)
    assert set(vocabulary.BALL_REQUIRED) == set(INFRINGEMENTS_NEEDING_BALL)


@pytest.mark.parametrize("language", LANGUAGES[1:])
def test_new_labels_are_translated(language) -> None:
    keys = [*(vocabulary.INFRINGEMENTS[code] for code in NEW_CODES),
            vocabulary.FIELDS["state.unspotted_colour"]]  # fmt: skip
    with translation.override("en"):
        english = [str(label) for label in keys]
    with translation.override(language):
        translated = [str(label) for label in keys]
    assert all(text and text != source for text, source in zip(translated, english, strict=True))


def test_a_problem_with_the_unspotted_colour_is_shown_at_its_field() -> None:
    with translation.override("en"):
        label = vocabulary.field_label("state.unspotted_colour")
    assert label == "Colour potted in the previous stroke, not yet spotted"


# --- the editor ----------------------------------------------------------------------------


@pytest.mark.parametrize("language", ["en", "fa"])
def test_the_editor_has_the_new_controls(client, users, draft, language) -> None:
    client.force_login(users["author"])
    with translation.override(language):
        page = client.get(reverse("studio:edit", args=[draft.pk])).content.decode()
        labels = {code: str(vocabulary.INFRINGEMENTS[code]) for code in NEW_CODES}
        unspotted = str(vocabulary.FIELDS["state.unspotted_colour"])
    control = re.search(r'<select id="c-unspotted".*?</select>', page, re.S).group(0)
    assert 'data-case="state.unspotted_colour"' in control
    assert '<option value="blue">' in control and 'value="red"' not in control
    assert unspotted.replace("'", "&#x27;") in page
    for code, label in labels.items():
        assert f'value="{code}"' in page and label.replace("'", "&#x27;") in page
        assert f'data-infringement-ball="{code}"' in page
    by_hand = re.search(r'data-infringement-ball="moved_by_hand".*?</select>', page, re.S).group(0)
    # Engine 1.3.0: the cue ball too (2014: in hand for the next player).
    assert 'value="white"' in by_hand and 'value="pink"' in by_hand
    declared = re.search(r'<label[^>]*data-field="stroke.declared".*?</label>', page, re.S).group(0)
    assert 'data-type="bool-false"' in declared
    with translation.override(language):
        assert str(vocabulary.FIELDS["stroke.declared"]) in declared


# --- the live verdict ----------------------------------------------------------------------


def verdict(users, case: dict, language: str) -> dict:
    client = Client()
    client.force_login(users["author"])
    response = client.post(f"/{language}/author/verdict/", json.dumps(case),
                           content_type="application/json")  # fmt: skip
    assert response.status_code == 200, response.content
    return response.json()


@pytest.mark.parametrize(
    ("language", "taken_off"),
    [("en", "A: minus 5 points"), ("fr", "A\u00a0: moins 5 points"), ("ru", "A: минус 5 очков"),
     ("fa", "A: منهای ۵ امتیاز"), ("pl", "A: minus 5 punktów")],
)  # fmt: skip
def test_the_verdict_shows_points_taken_off_the_striker(users, language, taken_off) -> None:
    data = verdict(users, in_edition(EARLY_STROKE, "wpbsa-2014"), language)
    assert data["decision"]["points"] == {"A": -5, "B": 5}
    points = next(line["value"] for line in data["summary"] if line["name"] == "points")
    assert taken_off in points
    assert "-5" not in points and "-۵" not in points
    rules = [step["rule"] for step in data["explanation"]]
    assert "3.3(g)(iv)" in rules


def test_the_2007_verdict_leaves_the_colour_scored(users) -> None:
    data = verdict(users, in_edition(EARLY_STROKE, "wpbsa-2007"), "en")
    assert data["decision"]["points"]["A"] == 0
    points = next(line["value"] for line in data["summary"] if line["name"] == "points")
    assert points == "B: 5 points"


@pytest.mark.parametrize(
    ("code", "ruleset", "penalty"),
    [("consultation_touch:red", "wpbsa-2014", 7), ("partner_caused_touch:blue", "wpbsa-2014", 0),
     ("moved_by_hand:pink", "wpbsa-2014", 6), ("moved_by_hand:pink", "wpbsa-2007", 6)],
)  # fmt: skip
def test_the_new_codes_reach_the_engine(users, code, ruleset, penalty) -> None:
    stroke = {"first_contact": ["red"], "infringements": [code]}
    if code.startswith("consultation_touch"):  # while the balls are replaced: no stroke
        stroke = {"struck": False, "infringements": [code]}
    case = {"ruleset": ruleset, "state": {"reds": 3}, "stroke": stroke}
    data = verdict(users, case, "en")
    assert data["problems"] == []
    assert data["decision"]["penalty"] == penalty


# --- publishing -------------------------------------------------------------------------------


@pytest.mark.parametrize("ask", ["points", "decision"])
def test_a_points_question_no_answer_can_get_right_is_not_published(draft, users, ask) -> None:
    draft.case = in_edition(EARLY_STROKE, "wpbsa-2007")  # 2014, chosen in practice, takes off
    draft.ask = ask
    draft.save()
    problems = services.publish_problems(draft=draft)
    assert [p.path for p in problems if p.path == "ask"] == ["ask"]
    assert "wpbsa-2014" in next(p.message for p in problems if p.path == "ask")


def test_other_questions_on_such_a_case_are_published(draft, users) -> None:
    draft.case = in_edition(EARLY_STROKE, "wpbsa-2014")
    draft.ask = "penalty"
    draft.save()
    assert services.publish(draft=draft, user=users["author"]) == []
