"""A GET never writes: every GET row of the authorisation table, as every role, runs no
INSERT, UPDATE or DELETE (session rows included: showing a page stores nothing).

Known and listed exception, not exercised by this world (its attempt is handed in):
an exam attempt past its deadline is finished by the first request that sees it, GET
included (``exams.services.finish_if_expired``; see docs/architecture.md).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext, override_settings
from django.urls import reverse

from tests.conftest import rolled_back_after_the_module
from tests.test_authorisation import ROLES, ROWS, World

WRITES = ("INSERT", "UPDATE", "DELETE")


def writes_of(queries: CaptureQueriesContext) -> list[str]:
    return [
        q["sql"][:120]
        for q in queries.captured_queries
        if q["sql"].lstrip().upper().startswith(WRITES)
    ]


GET_ROWS = [row for row in ROWS if row.method == "get"]


@pytest.fixture(scope="module")
def world(django_db_setup: None, django_db_blocker: Any) -> Iterator[World]:
    """One world for every role's walk (it takes seconds to make), rolled back after the
    module; each role walks in a savepoint of its own."""
    from cryptography.fernet import Fernet

    with override_settings(
        EMAIL_BACKEND="django.core.mail.backends.locmem.EmailBackend",
        CREDENTIALS_MASTER_KEY=Fernet.generate_key().decode(),
    ), rolled_back_after_the_module(django_db_blocker):
        with django_db_blocker.unblock():
            made = World()
        yield made


#: One test a role, so that two workers share the walk (issue 25).
@pytest.mark.django_db
@pytest.mark.parametrize("role", ROLES)
def test_no_get_of_any_url_writes_for_any_role(world, role):
    assert len(GET_ROWS) > 50  # the table's GET rows, not an empty loop
    wrote = []
    for row in GET_ROWS:
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
