"""A GET never writes: every GET row of the authorisation table, as every role, runs no
INSERT, UPDATE or DELETE (session rows included: showing a page stores nothing).

Known and listed exception, not exercised by this world (its attempt is handed in):
an exam attempt past its deadline is finished by the first request that sees it, GET
included (``exams.services.finish_if_expired``; see docs/architecture.md).
"""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tests.test_authorisation import ROLES, ROWS, World

WRITES = ("INSERT", "UPDATE", "DELETE")


def writes_of(queries: CaptureQueriesContext) -> list[str]:
    return [
        q["sql"][:120]
        for q in queries.captured_queries
        if q["sql"].lstrip().upper().startswith(WRITES)
    ]


@pytest.mark.django_db
def test_no_get_of_any_url_writes_for_any_role(settings):
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    from cryptography.fernet import Fernet

    settings.CREDENTIALS_MASTER_KEY = Fernet.generate_key().decode()
    world = World()
    rows = [row for row in ROWS if row.method == "get"]
    assert len(rows) > 50  # the table's GET rows, not an empty loop
    wrote = []
    for row in rows:
        for role in ROLES:
            path = reverse(row.name, args=[world.arg(name) for name in row.args])
            client = world.client(role)
            with CaptureQueriesContext(connection) as queries:
                client.get(path)
            if found := writes_of(queries):
                wrote.append(f"GET {row.name} as {role}: {found}")
    assert not wrote, "\n".join(wrote)


def test_the_check_sees_a_write():
    """The filter above recognises the statements a write runs (it can fail)."""

    class Captured:
        captured_queries = [{"sql": "SELECT 1"}, {"sql": ' UPDATE "t" SET a = 1'}]

    assert writes_of(Captured()) == [' UPDATE "t" SET a = 1']
