"""Exams test fixtures.

A small published exam-only pool (exams are closed-book: they never draw practice
scenarios), two federations, an exam, a candidate, a movable clock.

Right answers are never written here: :func:`right_answer` asks the engine.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.utils import translation

from exams import services
from exams.models import AttemptQuestion, Exam, ExamSection, frozen_scenario
from federations.models import Examiner, Federation
from quiz import asks
from quiz.models import Audience, Scenario, Topic

LANGUAGES = ("en", "fr", "ru", "fa", "pl")

#: The conformance cases copied in tests/cases, without their expect block, and what each asks.
BANK: list[tuple[str, str, str, dict[str, Any]]] = [
    ("sequence", "legal", "", {"format": "snooker-referee-case/1", "id": "pink-after-red",
        "state": {"reds": 3, "ball_on": "colour"},
        "stroke": {"nominated": "pink", "first_contact": ["pink"], "potted": ["pink"]}}),
    ("sequence", "ball_on", "", {"format": "snooker-referee-case/1", "id": "red-potted-colour-next",
        "state": {"reds": 3, "scores": {"A": 12, "B": 40}},
        "stroke": {"first_contact": ["red"], "potted": ["red"]}}),
    ("sequence", "legal", "", {"format": "snooker-referee-case/1", "id": "brown-in-sequence",
        "state": {"reds": 0, "colours": ["brown", "blue", "pink", "black"]},
        "stroke": {"first_contact": ["brown"], "potted": ["brown"]}}),
    ("fouls", "penalty", "", {"format": "snooker-referee-case/1", "id": "in-off-green-on",
        "state": {"reds": 0, "colours": ["green", "brown", "blue", "pink", "black"]},
        "stroke": {"first_contact": ["green"], "cue_ball": "potted"}}),
    ("fouls", "penalty", "", {"format": "snooker-referee-case/1", "id": "red-and-blue-potted",
        "state": {"reds": 9},
        "stroke": {"first_contact": ["red"], "potted": ["red", "blue"]}}),
    ("fouls", "legal", "", {"format": "snooker-referee-case/1", "id": "break-off-no-pot",
        "state": {"in_hand": True}, "stroke": {"first_contact": ["red"]}}),
]

TOPIC_TITLES = {
    "sequence": {"en": "Sequence", "fr": "Ordre des billes", "ru": "Очерёдность",
                 "fa": "ترتیب توپ‌ها", "pl": "Kolejność"},
    "fouls": {"en": "Fouls", "fr": "Fautes", "ru": "Фолы", "fa": "خطاها", "pl": "Faule"},
}


def translated(field: str, texts: dict[str, str]) -> dict[str, str]:
    return {f"{field}_{code}": texts[code] for code in LANGUAGES}


def make_bank() -> list[Scenario]:
    topics = {
        slug: Topic.objects.create(slug=slug, order=order, **translated("title", titles))
        for order, (slug, titles) in enumerate(TOPIC_TITLES.items(), start=1)
    }
    scenarios = []
    for topic_slug, ask, ask_ball, case in BANK:
        slug = case["id"]
        scenarios.append(
            Scenario.objects.create(
                slug=slug,
                topic=topics[topic_slug],
                ask=ask,
                ask_ball=ask_ball,
                published=True,
                audience=Audience.EXAM,
                case=case,
                difficulty=1,
                **translated("title", {code: f"{slug} [{code}]" for code in LANGUAGES}),
                **translated(
                    "narrative", {code: f"narrative {slug} [{code}]" for code in LANGUAGES}
                ),
                **translated("question", {code: f"question {slug} [{code}]" for code in LANGUAGES}),
            )
        )
    return scenarios


@pytest.fixture(autouse=True)
def english_between_tests() -> Any:
    """Pages activate their language in the test's thread; start and leave each test in English."""
    translation.activate("en")
    yield
    translation.deactivate()


@pytest.fixture
def bank(db: Any) -> list[Scenario]:
    return make_bank()


@pytest.fixture
def now() -> datetime:
    return datetime(2026, 6, 1, 10, 0, tzinfo=UTC)


class Clock:
    """The time every service and view reads; tests move it."""

    def __init__(self, moment: datetime) -> None:
        self.moment = moment

    def __call__(self) -> datetime:
        return self.moment

    def advance(self, **delta: float) -> datetime:
        self.moment += timedelta(**delta)
        return self.moment


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch, now: datetime) -> Clock:
    moved = Clock(now)
    monkeypatch.setattr("exams.clock.now", moved)
    return moved


@pytest.fixture
def federation(db: Any) -> Federation:
    return Federation.objects.create(slug="pzb", name_en="Polish Snooker Federation")


@pytest.fixture
def other_federation(db: Any) -> Federation:
    return Federation.objects.create(slug="ffb", name_en="Fédération française")


def make_examiner(federation: Federation, username: str) -> Any:
    user = get_user_model().objects.create_user(username=username, password="a-long-password-42")
    Examiner.objects.create(user=user, federation=federation)
    return user


@pytest.fixture
def examiner(federation: Federation) -> Any:
    return make_examiner(federation, "examiner")


@pytest.fixture
def other_examiner(other_federation: Federation) -> Any:
    return make_examiner(other_federation, "other-examiner")


def make_exam(federation: Federation, now: datetime, **overrides: Any) -> Exam:
    sections = overrides.pop("sections", [("sequence", 2), (None, 2)])
    fields: dict[str, Any] = {
        "slug": "referee-level-1",
        **translated(
            "name",
            {
                "en": "Referee level 1",
                "fr": "Arbitre niveau 1",
                "ru": "Рефери, уровень 1",
                "fa": "داور سطح ۱",
                "pl": "Sędzia poziom 1",
            },
        ),
        "time_limit": 30,
        "opens_at": now - timedelta(hours=1),
        "closes_at": now + timedelta(days=1),
        "pass_mark": 60,
        "attempts_allowed": 2,
        "waiting_hours": 24,
        "languages": list(LANGUAGES),
        "review": Exam.Review.ANSWERS,
        "certificate_months": 24,
    }
    fields.update(overrides)
    exam = Exam.objects.create(federation=federation, **fields)
    for order, (topic, count) in enumerate(sections, start=1):
        ExamSection.objects.create(
            exam=exam, order=order, question_count=count,
            topic=Topic.objects.get(slug=topic) if topic else None,
        )
    return exam


@pytest.fixture
def exam(federation: Federation, bank: list[Scenario], now: datetime) -> Exam:
    return make_exam(federation, now)


@pytest.fixture
def enrolment(exam: Exam, examiner: Any, now: datetime) -> Any:
    return services.enrol_candidate(
        exam=exam, full_name="Anna Kowalska", email="Anna@example.org", by=examiner, now=now
    )


@pytest.fixture
def candidate(enrolment: Any) -> Any:
    return enrolment.user


def make_verified_trainee(username: str, email: str) -> Any:
    """A trainee who signed up with ``email`` and opened the verification link."""
    from accounts.models import EmailAddress

    user = get_user_model().objects.create_user(
        username=username, email=email, password="a-long-password-42"
    )
    EmailAddress.objects.create(
        user=user, email=email, verified_at=datetime(2026, 1, 1, tzinfo=UTC)
    )
    return user


@pytest.fixture
def verified_trainee(db: Any) -> Any:
    return make_verified_trainee("trainee", "trainee@example.org")


#: The referee's whole decision on each case of :data:`BANK`, in the answer form's terms,
#: from the rules (and the conformance cases' own ``expect`` in tests/cases/), never read
#: back from the engine: grading compares with the engine, so an answer taken from it would
#: pass whatever the engine and the grading did.
RIGHT_DECISIONS: dict[str, dict[str, Any]] = {
    "pink-after-red": {
        "legal": True, "penalty": 0, "points": {"A": 6}, "calls": [],
        "next_striker": "A", "next_options": ["play"], "ball_on": "red",
    },
    "red-potted-colour-next": {
        "legal": True, "penalty": 0, "points": {"A": 1}, "calls": [],
        "next_striker": "A", "next_options": ["play"], "ball_on": "colour",
    },
    "brown-in-sequence": {
        "legal": True, "penalty": 0, "points": {"A": 4}, "calls": [],
        "next_striker": "A", "next_options": ["play"], "ball_on": "blue",
    },
    # An in-off: the value of the green, 3, raised to the minimum of four (3.12).
    "in-off-green-on": {
        "legal": False, "penalty": 4, "points": {"B": 4}, "calls": ["foul"],
        "next_striker": "B", "next_options": ["offender_again", "play"], "ball_on": "green",
    },
    # The blue potted when not on: its value (3.12); the red stays down, red is on again.
    "red-and-blue-potted": {
        "legal": False, "penalty": 5, "points": {"B": 5}, "calls": ["foul"],
        "next_striker": "B", "next_options": ["offender_again", "play"], "ball_on": "red",
    },
    "break-off-no-pot": {
        "legal": True, "penalty": 0, "points": {}, "calls": [],
        "next_striker": "B", "next_options": ["play"], "ball_on": "red",
    },
}  # fmt: skip


def right_answer(question: AttemptQuestion) -> dict[str, Any]:
    """The referee's answer to what ``question`` asks (:data:`RIGHT_DECISIONS`)."""
    scenario = frozen_scenario(question)
    decision = RIGHT_DECISIONS.get(scenario.case["id"])
    assert decision is not None, f"no right answer written for {scenario.case['id']}"
    return {
        name: decision[name]
        for name in asks.field_names(ask=scenario.ask, ask_ball=scenario.ask_ball)
    }


def wrong_answer(question: AttemptQuestion) -> dict[str, Any]:
    """An answer that disagrees with the engine on every field."""
    answer = right_answer(question)
    wrong: dict[str, Any] = {}
    for name, value in answer.items():
        if name == "legal":
            wrong[name] = not value
        elif name == "penalty":
            wrong[name] = 7 if value != 7 else 4
        elif name == "ball_on":
            wrong[name] = "black" if value != "black" else "red"
        else:  # pragma: no cover - the test bank asks nothing else
            raise AssertionError(f"no wrong answer for {name}")
    return wrong


@pytest.fixture
def right() -> Callable[[AttemptQuestion], dict[str, Any]]:
    return right_answer


@pytest.fixture
def wrong() -> Callable[[AttemptQuestion], dict[str, Any]]:
    return wrong_answer


def post_data(question: AttemptQuestion, answer: dict[str, Any]) -> dict[str, Any]:
    """The POST a browser sends for ``answer`` to ``question``."""
    from quiz.forms import answer_initial

    data = {"scenario": str(question.pk)}
    for name, value in answer_initial(answer).items():
        data[name] = value if isinstance(value, list) else str(value)
    return data


@pytest.fixture
def form_data() -> Callable[[AttemptQuestion, dict[str, Any]], dict[str, Any]]:
    return post_data


@pytest.fixture
def new_exam() -> Callable[..., Exam]:
    return make_exam


@pytest.fixture
def new_examiner() -> Callable[[Federation, str], Any]:
    return make_examiner


# --- scenario families in exams (issue 21) ---------------------------------------------------

#: Topics of the fixtures' families that exams may draw (fixtures/families/*.json).
FAMILY_TOPICS = ("penalties", "miss")


@pytest.fixture
def family_topics(db: Any) -> dict[str, Topic]:
    return {
        slug: Topic.objects.create(
            slug=slug, order=10 + n, **translated("title", {c: f"{slug} {c}" for c in LANGUAGES})
        )
        for n, slug in enumerate(FAMILY_TOPICS)
    }


def family_exam(federation: Federation, now: datetime, **overrides: Any) -> Exam:
    """An exam whose sections are ``family_sections``: (topic slug or None, count, source)."""
    sections = overrides.pop("family_sections", None) or [
        ("penalties", 2, "families"), ("miss", 1, "families"), ("sequence", 1, "scenarios")
    ]
    exam = make_exam(federation, now, sections=[], **overrides)
    for order, (topic, count, source) in enumerate(sections, start=1):
        ExamSection.objects.create(
            exam=exam, order=order, question_count=count, source=source,
            topic=Topic.objects.get(slug=topic) if topic else None,
        )
    return exam


# --- a frame section, played in order (issue 22) -------------------------------------------

#: One scenario (position 1), then a frame section of four strokes (positions 2 to 5).
FRAME_SECTIONS = [("sequence", 1, "scenarios"), (None, 4, "frame")]


def stroke_answer(question: AttemptQuestion) -> dict[str, Any]:
    """The engine's whole decision for a frozen frame stroke, as the answer form gives it."""
    from quiz import grading

    decision = grading.decide(question.case)
    return grading.expected_answer(decision=decision, ask=question.ask, ask_ball="")


@pytest.fixture
def frame_attempt(federation: Federation, bank: list[Scenario], now: datetime) -> Any:
    """A running attempt at an exam of one scenario and a frame section of four strokes."""
    import random

    from exams.frames import frame_window

    frame_window.cache_clear()  # the window is kept per attempt id, which tests reuse
    exam = family_exam(federation, now, family_sections=FRAME_SECTIONS, slug="frame-exam")
    enrolment = services.enrol_candidate(
        exam=exam, full_name="Frame Candidate", email="frame@example.org", now=now
    )
    return services.start_attempt(
        enrolment=enrolment, language="en", now=now, rng=random.Random(1)
    )
