"""The helpers of the hand-written statements (config/sql.py); each statement itself is
pinned to the ORM next to its module's tests (tests/accounts/test_sessions.py,
tests/exams/test_selectors.py, tests/exams/test_services.py)."""

from __future__ import annotations

import doctest
import gc
import weakref
from datetime import UTC, datetime
from zoneinfo import ZoneInfo

import pytest
from django.db import models

from config import sql
from exams.models import Attempt


def test_docstring_examples():
    result = doctest.testmod(sql)
    assert result.attempted > 0 and result.failed == 0


class Connection:
    """What the helpers read of a connection: its alias, vendor, settings and quoting."""

    def __init__(self, vendor: str = "sqlite", zone: str | None = None) -> None:
        self.alias, self.vendor = "default", vendor
        self.settings_dict = {"TIME_ZONE": zone}
        self.ops = self

    def quote_name(self, name: str) -> str:
        return f'"{name}"'


@pytest.mark.parametrize(
    ("zone", "expected"),
    [
        (None, datetime(2026, 6, 1, 12, tzinfo=UTC)),
        ("Europe/Warsaw", datetime(2026, 6, 1, 10, tzinfo=UTC)),
    ],
)
def test_a_naive_date_time_is_read_in_the_databases_zone(zone, expected):
    field = models.DateTimeField()
    read = sql.python_value(field, datetime(2026, 6, 1, 12), Connection(zone=zone))
    assert read == expected and read.utcoffset() is not None
    aware = datetime(2026, 6, 1, 12, tzinfo=ZoneInfo("Asia/Tehran"))
    assert sql.python_value(field, aware, Connection()) is aware, "already aware: as read"


def test_json_is_read_by_its_fields_from_db_value_and_null_stays_none():
    field = models.JSONField()
    assert sql.python_value(field, '{"a": null, "b": [1]}', Connection()) == {"a": None, "b": [1]}
    assert sql.python_value(field, None, Connection()) is None


def test_a_statement_is_built_once_per_vendor_and_keeps_no_connection():
    built = []

    @sql.per_vendor
    def statement(connection) -> str:
        built.append(connection.vendor)
        return f"SELECT 1 -- {connection.vendor}"

    sqlite, postgresql = Connection("sqlite"), Connection("postgresql")
    assert statement(sqlite) == statement(Connection("sqlite")) == "SELECT 1 -- sqlite"
    assert statement(postgresql) == "SELECT 1 -- postgresql"
    assert built == ["sqlite", "postgresql"]
    gone = weakref.ref(postgresql)
    del postgresql
    gc.collect()
    assert gone() is None, "the statement's text is kept, not the connection"


def test_columns_are_read_in_the_models_order_with_the_primary_key():
    columns = sql.Columns(Attempt, only=["deadline", "number"])
    assert columns.attnames == ["id", "number", "deadline"]
    assert columns.select(Connection()) == (
        '"exams_attempt"."id", "exams_attempt"."number", "exams_attempt"."deadline"'
    )
    assert sql.Columns(Attempt, exclude=["score"]).attnames == [
        f.attname for f in Attempt._meta.concrete_fields if f.name != "score"
    ]
    with pytest.raises(ValueError, match="no concrete field"):
        sql.Columns(Attempt, only=["deadlines"])


def test_an_outer_join_that_found_nothing_is_no_instance():
    columns = sql.Columns(Attempt, only=["number"])
    assert columns.instance([7, None, None], 1, connection=Connection()) is None
    attempt = columns.instance([7, 3, 2], 1, connection=Connection())
    assert (attempt.pk, attempt.number) == (3, 2)
    assert attempt.get_deferred_fields() == {
        f.attname for f in Attempt._meta.concrete_fields if f.name not in ("id", "number")
    }
