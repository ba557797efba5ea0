"""Studio test fixtures: two federations, an author of each, staff, an examiner, a topic,
and a draft whose case is a foul the engine rules on (in-off, a red struck first).

The words of a draft are written here; the decision is never: the engine's, read live.
"""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth import get_user_model

from federations.models import Examiner, Federation
from quiz.models import Audience, Topic
from studio import services
from studio.models import Author, Draft

LANGUAGES = ("en", "fr", "ru", "fa", "pl")

#: A full table: white in baulk, two reds, every colour on its spot.
POSITIONS = {
    "white": [889, 600],
    "red": [[889, 2800], [1000, 2900]],
    "yellow": [1181, 737], "green": [597, 737], "brown": [889, 737],
    "blue": [889, 1784.5], "pink": [889, 2676.75], "black": [889, 3245],
}
IN_OFF = {"state": {"positions": POSITIONS},
          "stroke": {"first_contact": ["red"], "cue_ball": "potted"}}


def words(tag: str = "") -> dict[str, dict[str, str]]:
    return {
        code: {"title": f"In-off {tag}[{code}]", "narrative": f"A: 4 [{code}].",
               "question": f"Penalty? [{code}]", "note": ""}
        for code in LANGUAGES
    }


@pytest.fixture
def topic(db) -> Topic:
    return Topic.objects.create(
        slug="fouls", order=1, **{f"title_{code}": f"Fouls [{code}]" for code in LANGUAGES}
    )


@pytest.fixture
def federations(db) -> tuple[Federation, Federation]:
    return (Federation.objects.create(slug="wales", name="Wales"),
            Federation.objects.create(slug="poland", name="Poland"))


def make_user(username: str, **extra: Any) -> Any:
    return get_user_model().objects.create_user(username, password=None, **extra)


@pytest.fixture
def users(federations) -> dict[str, Any]:
    wales, poland = federations
    people = {
        "author": make_user("author"),
        "other_author": make_user("other-author"),
        "staff": make_user("staff", is_staff=True),
        "examiner": make_user("examiner"),
        "trainee": make_user("trainee"),
    }
    Author.objects.create(user=people["author"], federation=wales)
    Author.objects.create(user=people["other_author"], federation=poland)
    Examiner.objects.create(user=people["examiner"], federation=wales)
    return people


@pytest.fixture
def draft(users, topic, federations) -> Draft:
    made = services.create_draft(user=users["author"], slug="wales-in-off", topic=topic,
                                 audience=Audience.EXAM, federation=federations[0])
    return services.save_draft(
        draft=made, case=IN_OFF, words=words(), topic=topic, difficulty=1, ask="penalty",
        ask_ball="", audience=Audience.EXAM, federation=federations[0],
    )
