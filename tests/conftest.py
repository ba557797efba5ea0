"""Shared test fixtures: a small scenario bank of our own, and answer forms as posted."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from io import StringIO
from pathlib import Path
from typing import Any

import pytest
from django.conf import global_settings
from django.core.management import call_command
from hypothesis import settings as hypothesis_settings

# CI must be repeatable: the same examples on every run, so a red CI is a real failure.
hypothesis_settings.register_profile("ci", derandomize=True, print_blob=True)
if os.environ.get("CI"):
    hypothesis_settings.load_profile("ci")

TEST_BANK = Path(__file__).parent / "quiz" / "fixtures" / "bank.json"

#: The right answer to each scenario of the test bank, in ``AnswerForm.answer``'s
#: shape. They are the referee's, from the rules (the shared conformance cases'
#: own expectations), not read back from the engine.
RIGHT_ANSWERS: dict[str, dict[str, Any]] = {
    "t-legal-in-off": {"legal": False},
    "t-legal-red-potted": {"legal": True},
    "t-penalty-in-off": {"penalty": 4},
    "t-points-pink": {"points": {"A": 6}},
    "t-calls-miss": {"calls": ["foul", "miss"]},
    "t-next-miss": {
        "next_striker": "B",
        "next_options": ["play", "offender_again", "replace_offender_again"],
    },
    "t-ball-on-red-potted": {"ball_on": "colour"},
    "t-respot-blue": {"respot": "brown_spot"},
    "t-calls-third-miss": {"calls": ["foul", "miss", "frame_awarded"]},
    # asks.FRAME_OVER: the next player is nobody, the frame is over.
    "t-next-third-miss": {"next_striker": ":over", "next_options": []},
    "t-decision-pink": {
        "legal": True,
        "penalty": 0,
        "points": {"A": 6},
        "calls": [],
        "next_striker": "A",
        "next_options": ["play"],
        "ball_on": "red",
        "respot": "pink_spot",
    },
}

#: The referee's whole decision on each exam-only scenario beside them
#: (tests/quiz/fixtures/exam_bank.json), from the rules; a question takes the fields it asks.
EXAM_RIGHT_DECISIONS: dict[str, dict[str, Any]] = {
    # A colour potted when red is on: the yellow's value, 2, raised to four.
    "x-yellow-potted-red-on": {
        "legal": False, "penalty": 4, "points": {"B": 4}, "calls": ["foul"],
        "next_striker": "B", "next_options": ["offender_again", "play"], "ball_on": "red",
    },
    # Any number of reds potted in one stroke each score one.
    "x-two-reds-in-one-stroke": {
        "legal": True, "penalty": 0, "points": {"A": 2}, "calls": [],
        "next_striker": "A", "next_options": ["play"], "ball_on": "colour",
    },
    # The blue potted when not on: its value, 5.
    "x-red-and-blue-down": {
        "legal": False, "penalty": 5, "points": {"B": 5}, "calls": ["foul"],
        "next_striker": "B", "next_options": ["offender_again", "play"], "ball_on": "red",
    },
}  # fmt: skip


#: What can pass on one database engine and fail on another, and why: CI (.ci/run) runs
#: the whole suite on PostgreSQL, the production database, and only these, marked
#: ``database``, again on SQLite, the database of ``make run`` (``pytest -m database``).
#: Everything else reaches the database through the ORM's plainest paths, which Django
#: itself tests on both. Tests that start a SQLite site of their own (tests/live/, the
#: sign-up race) run on SQLite in either run, so they are not listed.
DIFFERS_BY_DATABASE: dict[str, str] = {
    "tests/accounts/test_sessions.py": "the session and its user read by one statement",
    "tests/exams/test_exam_day_queries.py": "the statements each exam-day request sends",
    "tests/exams/test_exam_day_ramp_queries.py": "the same, for the requests of the ramp",
    "tests/exams/test_services.py": "transactions, locking reads, racing writes",
    "tests/exams/test_boundaries.py": "dates and times compared in SQL, at their edges",
    "tests/exams/test_selectors.py": "aggregates: counts with filters, distinct counts",
    "tests/exams/test_migrations.py": "data migrations (SQLite rebuilds a table to alter it)",
    "tests/exams/test_bad_input.py": "column limits: SQLite enforces no length, PostgreSQL does",
    "tests/quiz/test_review.py": "a locking read of the review card, due dates compared in SQL",
    "tests/quiz/test_load_scenarios.py": "all or nothing: a refused load rolls back",
    "tests/studio/test_services.py": "a locking read of the draft, publishing in one transaction",
    "tests/test_bank.py": "the real bank, JSON fields and all, in make run's database",
}


#: The longest test files, longest first (measured with --durations, issue 25): they start
#: the run, so that on two workers (pytest-xdist, CI) the short tests come last and fill
#: the gaps, and neither worker is left running a long one alone at the end. Only files
#: that use no database or roll back (pytest-django runs those first anyway); tests on a
#: live server or in transactions keep the place pytest-django gives them, after them.
LONGEST_FIRST: tuple[str, ...] = (
    "tests/test_authorisation.py",
    "tests/test_tamper.py",
    "tests/test_get_writes.py",
    "tests/test_bank.py",
    "tests/studio/test_pages_translated.py",
    "tests/exams/test_pages_translated.py",
    "tests/quiz/test_closed_book.py",
    "tests/test_translations.py",
    "tests/engine/test_properties.py",
    "tests/engine/test_fuzz.py",
    "tests/frames_bank/test_generator.py",
    "tests/frames_bank/test_accounts.py",
    "tests/throttling/test_services.py",
    "tests/engine/test_frame_properties.py",
    "tests/quiz/families/test_positions.py",
    "tests/quiz/families/test_check.py",
)


def _runs_in_a_transaction(item: pytest.Item) -> bool:
    marker = item.get_closest_marker("django_db")
    fixtures = set(getattr(item, "fixturenames", ()))
    return bool(
        {"transactional_db", "live_server"} & fixtures
        or (marker and (marker.kwargs.get("transaction") or marker.kwargs.get("reset_sequences")))
    )


def _start_rank(item: pytest.Item) -> int:
    if not _runs_in_a_transaction(item):
        for rank, prefix in enumerate(LONGEST_FIRST):
            if item.nodeid.startswith(prefix):
                return rank
    return len(LONGEST_FIRST)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if any(item.nodeid.startswith(prefix) for prefix in DIFFERS_BY_DATABASE):
            item.add_marker(pytest.mark.database)
    items.sort(key=_start_rank)  # stable: pytest-django's order otherwise


@contextmanager
def rolled_back_after_the_module(django_db_blocker: Any) -> Iterator[None]:
    """A transaction around a module's tests, rolled back after its last one.

    For a module-scoped fixture whose data takes long to make (a bank judged case by
    case, a world of federations and exams): made once inside it (unblock the database
    to write), every test of the module sees it, each test in a savepoint of its own
    (pytest-django's ``db``), so what one test writes the next does not see."""
    from django.db import transaction

    with django_db_blocker.unblock():
        outer = transaction.atomic()
        outer.__enter__()
    try:
        yield
    finally:
        with django_db_blocker.unblock():
            transaction.set_rollback(True)
            outer.__exit__(None, None, None)


@pytest.fixture
def bank(db: None) -> dict[str, Any]:
    """The test bank (tests/quiz/fixtures/bank.json) loaded through load_scenarios."""
    from quiz.models import Scenario

    call_command("load_scenarios", str(TEST_BANK), stdout=StringIO(), stderr=StringIO())
    return {scenario.slug: scenario for scenario in Scenario.objects.all()}


def answer_post_data(scenario: Any, answer: Mapping[str, Any], prefix: str = "") -> dict[str, Any]:
    """The POST data a browser sends for ``answer`` (keys as in ``AnswerForm.answer``)."""
    from quiz.forms import answer_initial

    key = (lambda name: f"{prefix}-{name}") if prefix else (lambda name: name)
    fields = {"scenario": str(scenario.pk), **answer_initial(dict(answer))}
    return {key(name): value for name, value in fields.items()}


@pytest.fixture
def answer_data() -> Callable[..., dict[str, Any]]:
    return answer_post_data


#: Tests hash passwords with MD5: the production hasher (PBKDF2, Django's default) takes
#: about 190 ms a password by design, and the suite creates users by the hundred. The
#: production hashers stay behind it so that a stored hash made with them still checks;
#: tests/config/test_settings.py shows that the site itself keeps the strong one.
FAST_PASSWORD_HASHERS = [
    "django.contrib.auth.hashers.MD5PasswordHasher",
    *global_settings.PASSWORD_HASHERS,
]


@pytest.fixture(autouse=True, scope="session")
def _fast_password_hasher() -> Any:
    from django.test.utils import override_settings

    with override_settings(PASSWORD_HASHERS=FAST_PASSWORD_HASHERS):
        yield


@pytest.fixture(autouse=True, scope="session")
def _static_files_looked_up_when_asked() -> Any:
    """WhiteNoise, with DEBUG off in tests, lists every static file (the finders' and a
    collected staticfiles/) whenever a handler loads its middleware, which every new test
    client does: 10-70 ms a client, thousands of clients (issue 25). In autorefresh it
    looks a file up when one is asked for; the test client never asks for one, and
    live_server serves static files itself."""
    from django.test.utils import override_settings

    with override_settings(WHITENOISE_AUTOREFRESH=True):
        yield


@pytest.fixture(autouse=True)
def _reset_active_language() -> Any:
    """Start every test in English.

    Test-client requests leave their language active in the thread.
    """
    from django.utils import translation

    yield
    translation.activate("en")


@pytest.fixture(autouse=True)
def _practice_situations_forgotten() -> Any:
    """Each test reads the practice bank afresh: the process keeps its situations a minute
    (quiz.selectors.practice_situations), and a test's rows roll back without a signal."""
    from quiz.selectors import forget_practice_situations

    forget_practice_situations()
    yield


@pytest.fixture(autouse=True)
def _shared_cache_emptied(request: Any, django_db_blocker: Any) -> Any:
    """Limits count in the database cache (throttling/), whose table the flush after a
    transactional test leaves alone: empty it after such a test, as the rollback does
    after the others."""
    yield
    if {"transactional_db", "live_server"} & set(request.fixturenames):
        from django.core.cache import cache

        with django_db_blocker.unblock():
            cache.clear()


EXAM_BANK = Path(__file__).parent / "quiz" / "fixtures" / "exam_bank.json"


@pytest.fixture
def exam_bank(bank: dict[str, Any]) -> dict[str, Any]:
    """The test bank and, beside it, exam-only scenarios (tests/quiz/fixtures/exam_bank.json).

    Practice must never show these; exams draw only them.
    """
    from quiz.models import Scenario

    call_command("load_scenarios", str(EXAM_BANK), stdout=StringIO(), stderr=StringIO())
    return {scenario.slug: scenario for scenario in Scenario.objects.filter(audience="exam")}


TEST_FAMILIES = Path(__file__).parent / "quiz" / "fixtures" / "families.json"


@pytest.fixture
def families(bank: dict[str, Any]) -> dict[str, Any]:
    """The test bank and three families of its topics (tests/quiz/fixtures/families.json),
    loaded through load_families: ``penalty-first-contact``, ``miss-by-scores``,
    ``respot-occupied-spots``."""
    from quiz.models import Family

    call_command("load_families", str(TEST_FAMILIES), stdout=StringIO(), stderr=StringIO())
    return {family.slug: family for family in Family.objects.all()}
