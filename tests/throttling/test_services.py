"""Limits count in the cache every worker and server shares (throttling/services.py)."""

from __future__ import annotations

import os
import subprocess
import sys
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from django.core.cache import caches
from django.core.cache.backends.db import DatabaseCache

from throttling.services import take_turn, turns_left

ROOT = Path(__file__).resolve().parents[2]
NOW = datetime(2026, 12, 2, 9, 0, 5, tzinfo=UTC)


@pytest.mark.django_db
def test_a_window_allows_its_limit_then_refuses_and_a_new_window_starts_afresh():
    turns = [take_turn(scope="t", key="anna", limit=3, window=60, now=NOW) for _ in range(5)]
    assert turns == [True, True, True, False, False]
    assert turns_left(scope="t", key="anna", limit=3, window=60, now=NOW) == 0
    assert take_turn(scope="t", key="anna", limit=3, window=60, now=NOW + timedelta(minutes=1))
    # another key, another scope: their own allowances
    assert take_turn(scope="t", key="ewa", limit=3, window=60, now=NOW)
    assert take_turn(scope="u", key="anna", limit=3, window=60, now=NOW)


@pytest.mark.django_db
def test_the_key_is_hashed_in_the_cache():
    take_turn(scope="mail", key="anna@example.org", limit=3, window=60, now=NOW)
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute("SELECT cache_key FROM baize_cache")
        keys = [row[0] for row in cursor.fetchall()]
    assert keys and not any("anna" in key for key in keys)


def test_the_cache_is_the_database_unless_cache_url_names_another(settings):
    assert settings.CACHES["default"]["BACKEND"] == "django.core.cache.backends.db.DatabaseCache"
    assert isinstance(caches["default"], DatabaseCache)


TAKE = """
import django, sys
django.setup()
from datetime import datetime
from throttling.services import take_turn
now = datetime.fromisoformat(sys.argv[1])
print(sum(take_turn(scope="studio-verdict", key="7", limit=240, window=60, now=now)
          for _ in range(int(sys.argv[2]))))
"""


def environment(database: Path) -> dict[str, str]:
    return {
        **{k: v for k, v in os.environ.items() if k not in {"CACHE_URL", "DATABASE_URL"}},
        "DATABASE_URL": f"sqlite:///{database}",
        "DJANGO_SETTINGS_MODULE": "config.settings",
        "PYTHONPATH": str(ROOT),
    }


def server(database: Path, *args: str) -> subprocess.CompletedProcess:
    """A process of its own (a worker of another server), on the shared database."""
    return subprocess.run(
        [sys.executable, *args], cwd=ROOT, env=environment(database), capture_output=True,
        text=True, timeout=120, check=True,
    )


def test_two_servers_share_one_allowance(tmp_path):
    """240 a minute across two processes: 150 + 150 requests, 240 granted (not 300)."""
    database = tmp_path / "shared.sqlite3"
    # the cache's table is all the servers share here (migrate creates it too, through
    # throttling's post_migrate: every test database has it, test_the_key_is_hashed_in_the_cache
    # reads it); the whole migrate took most of this test's time
    server(database, "manage.py", "createcachetable")
    moment = NOW.isoformat()
    first = int(server(database, "-c", TAKE, moment, "150").stdout)
    second = int(server(database, "-c", TAKE, moment, "150").stdout)
    assert (first, second) == (150, 90)
    # and at the same moment: two servers asking together never grant more than 240
    later = (NOW + timedelta(minutes=5)).isoformat()
    both = [
        subprocess.Popen([sys.executable, "-c", TAKE, later, "200"], cwd=ROOT,
                         env=environment(database), stdout=subprocess.PIPE, text=True)
        for _ in range(2)
    ]
    granted = [int(process.communicate(timeout=120)[0]) for process in both]
    assert sum(granted) == 240, granted


@pytest.mark.django_db
def test_a_flood_of_keys_does_not_cull_the_counters():
    """Django's database cache culls a third of its entries past 300 by default: a flood
    of addresses would wipe the count of the one being hammered."""
    for _ in range(3):
        take_turn(scope="mail", key="victim@example.org", limit=3, window=3600, now=NOW)
    for n in range(400):
        take_turn(scope="mail", key=f"flood{n}@example.org", limit=3, window=3600, now=NOW)
    assert not take_turn(scope="mail", key="victim@example.org", limit=3, window=3600, now=NOW)
    kept = [turns_left(scope="mail", key=f"flood{n}@example.org", limit=3, window=3600, now=NOW)
            for n in range(400)]
    assert kept == [2] * 400  # every count still there
