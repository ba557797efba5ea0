"""Plain SQL for the few statements every exam-day request runs, on documented APIs only.

Django compiles a queryset's SQL each time it runs it; for the handful of short
statements that every request of exam day makes (the session with its user, the
candidate's question, the attempt's question list, the answer's update; and the
enrolment with its exam, which every candidate reads in exam day's first minute),
compiling cost more than running them. Those statements are written out as SQL in the selector or
service that owns them, with the helpers here:

- names from the models' ``_meta`` (``db_table``, a field's ``column``), quoted by the
  connection (``connection.ops.quote_name``); each statement's text is built once per
  database vendor (:func:`per_vendor`), never kept with a connection;
- values passed as parameters, prepared by the field they are compared with
  (``Field.get_db_prep_value``, as a lookup prepares them);
- rows turned into model instances by ``Model.from_db`` (:class:`Columns`), each value
  converted as Django documents it: the field's ``from_db_value`` (JSON), and a naive
  date-time (a database without time zones, SQLite) read in the database's zone: its
  ``DATABASES`` ``TIME_ZONE``, else UTC.

Each statement is pinned by a test that it gives what the ORM's queryset gives, None
values, time zones and languages included, on SQLite and PostgreSQL
(``tests/<app>/test_<module>.py``). Anything a request does not run thousands of times on
exam day stays with the ORM.
"""

from __future__ import annotations

import zoneinfo
from collections.abc import Callable, Iterable, Sequence
from datetime import UTC, datetime, tzinfo
from typing import Any

from django.conf import settings
from django.db import models
from django.utils import timezone

#: The integers every supported database takes as a parameter (signed 64-bit). An id or
#: position from a URL beyond them names no row: the ORM gives no row for it either.
_LOWEST, _HIGHEST = -(2**63), 2**63 - 1


def storable(*numbers: int) -> bool:
    """Whether every number fits a database's integer parameter.

    >>> storable(1, 2**63 - 1), storable(2**63), storable(-(2**64))
    (True, False, False)
    """
    return all(_LOWEST <= number <= _HIGHEST for number in numbers)


def per_vendor(build: Callable[[Any], str]) -> Callable[[Any], str]:
    """``build(connection)``'s SQL, built once per database vendor (it depends on nothing
    else), so that a request only runs it. Only the text is kept, never the connection."""
    built: dict[str, str] = {}

    def statement(connection: Any) -> str:
        sql = built.get(connection.vendor)
        if sql is None:
            sql = built[connection.vendor] = build(connection)
        return sql

    statement.__doc__ = build.__doc__
    return statement


def table(connection: Any, model: type[models.Model]) -> str:
    """The model's table, quoted."""
    return connection.ops.quote_name(model._meta.db_table)


def column(connection: Any, model: type[models.Model], name: str) -> str:
    """A field's column qualified by its model's table, quoted: ``"table"."column"``."""
    quote = connection.ops.quote_name
    return f"{quote(model._meta.db_table)}.{quote(model._meta.get_field(name).column)}"


def parameter(connection: Any, model: type[models.Model], name: str, value: Any) -> Any:
    """``value`` as the database takes it for a comparison with (or a write to) the field."""
    return model._meta.get_field(name).get_db_prep_value(value, connection, prepared=False)


class Columns:
    """Some columns of one model in a SELECT, read back into an instance by ``from_db``.

    The fields are taken in the model's own order (``_meta.concrete_fields``), as
    ``Model.from_db`` takes their values; those not named are deferred, as ``only()``
    defers them. The primary key is always read.
    """

    def __init__(
        self,
        model: type[models.Model],
        *,
        only: Iterable[str] | None = None,
        exclude: Iterable[str] = (),
    ) -> None:
        wanted = None if only is None else {*only, model._meta.pk.name}
        excluded = set(exclude)
        self.model = model
        self.fields: tuple[models.Field, ...] = tuple(
            field
            for field in model._meta.concrete_fields
            if (wanted is None or field.name in wanted or field.attname in wanted)
            and field.name not in excluded
        )
        unknown = (wanted or set()) - {name for f in self.fields for name in (f.name, f.attname)}
        if unknown:
            raise ValueError(f"{model.__name__} has no concrete field {sorted(unknown)}")
        self.attnames = [field.attname for field in self.fields]
        self._pk = self.fields.index(model._meta.pk)

    def __len__(self) -> int:
        return len(self.fields)

    def select(self, connection: Any) -> str:
        """The columns as a SELECT lists them, each qualified by the model's table."""
        quote = connection.ops.quote_name
        prefix = quote(self.model._meta.db_table)
        return ", ".join(f"{prefix}.{quote(field.column)}" for field in self.fields)

    def instance(self, row: Sequence[Any], start: int, *, connection: Any) -> Any:
        """The instance whose values start at ``row[start]``, read on ``connection``; None
        when its primary key is NULL (an outer join that found no row)."""
        values = row[start : start + len(self.fields)]
        if values[self._pk] is None:
            return None
        return self.model.from_db(
            connection.alias,
            self.attnames,
            [
                python_value(field, value, connection)
                for field, value in zip(self.fields, values, strict=True)
            ],
        )


def python_value(field: models.Field, value: Any, connection: Any) -> Any:
    """A value read from the database as the field holds it in Python (``from_db_value``);
    a naive date-time (a database without time zones) in the database's zone."""
    if value is None:
        return None
    if isinstance(value, datetime) and settings.USE_TZ and timezone.is_naive(value):
        value = timezone.make_aware(value, _database_zone(connection))
    from_db_value = getattr(field, "from_db_value", None)
    if from_db_value is not None:
        value = from_db_value(value, None, connection)
    return value


def _database_zone(connection: Any) -> tzinfo:
    # The database's TIME_ZONE (the DATABASES setting): where a database without time-zone
    # support keeps its date-times, by Django's documented rule; UTC when unset.
    name = connection.settings_dict.get("TIME_ZONE")
    return zoneinfo.ZoneInfo(name) if name else UTC


def python_values(fields: Sequence[models.Field], row: Sequence[Any], connection: Any) -> list:
    """A row's values, each as :func:`python_value` reads it for its field."""
    return [
        python_value(field, value, connection) for field, value in zip(fields, row, strict=True)
    ]
