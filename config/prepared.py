"""Querysets compiled once, run with new values: the reads every request makes.

Django compiles a queryset's SQL each time it is evaluated. For the few reads that
every request of exam day makes (the session with its user, the candidate's question,
the attempt's question list), compiling costs more than running the query. A
:class:`PreparedQuery` builds its queryset once per database connection and language,
from stand-in values, keeps the SQL and Django's compiler, and each call runs that SQL
with the real values and builds the results as iterating the queryset would: model
instances with their ``select_related`` objects and deferred fields, or
``values_list`` tuples, through the same converters.

>>> from exams.models import Attempt  # doctest: +SKIP
>>> by_number = PreparedQuery(
...     lambda number: Attempt.objects.filter(number=number),
...     number=Attempt._meta.get_field("number"),
... )
>>> by_number(number=1)  # doctest: +SKIP
[<Attempt: …>]

Each value is declared with the model field it is compared with: it is prepared for
the database as that field prepares it, and an integer the field's column cannot hold
gives no rows (as the ORM gives), not a database error. Only model and ``values_list``
querysets, filtered by equality or comparison with the declared values.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from django.core.exceptions import ImproperlyConfigured
from django.db import connections, models, transaction
from django.db.models.query import ModelIterable, ValuesListIterable, get_related_populators
from django.db.models.sql import UpdateQuery
from django.utils import translation


@dataclass(frozen=True)
class _Compiled:
    """One queryset's SQL for one connection and language, and how to read its rows."""

    sql: str
    params: tuple[Any, ...]
    #: Each value's name and the positions of its parameters.
    positions: tuple[tuple[str, tuple[int, ...]], ...]
    compiler: Any
    converters: Any
    model_rows: bool
    related_populators: list


class PreparedQuery:
    """A queryset built by ``build(**values)``, compiled once per connection and language."""

    def __init__(self, build: Callable[..., models.QuerySet], **fields: models.Field) -> None:
        self.build = build
        self.fields = fields
        # Per connection object (one per thread), then per language.
        self._compiled: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()
        self._alias: str | None = None  # the database the queryset reads

    def __call__(self, **values: Any) -> list:
        bound = self._bind(values)
        if bound is None:
            return []
        compiled, connection, params = bound
        with connection.cursor() as cursor:
            cursor.execute(compiled.sql, params)
            rows = cursor.fetchall()
        return self._results(compiled, rows)

    def _bind(self, values: dict[str, Any]) -> tuple[_Compiled, Any, list] | None:
        """The compiled query, its connection and parameters; None: no row can match."""
        if values.keys() != self.fields.keys():
            raise TypeError(f"values {sorted(values)}, expected {sorted(self.fields)}")
        compiled, connection = self._for_this_connection()
        params = list(compiled.params)
        for name, positions in compiled.positions:
            prepared = self._prepare(name, values[name], connection)
            if prepared is _OUT_OF_RANGE:
                return None
            for position in positions:
                params[position] = prepared
        return compiled, connection, params

    # -- compiling -----------------------------------------------------------------------

    def _for_this_connection(self) -> tuple[_Compiled, Any]:
        if self._alias is None:
            self._alias = self._queryset(self._stand_ins()).db
        connection = connections[self._alias]
        by_language = self._compiled.setdefault(connection, {})
        language = translation.get_language()
        if language not in by_language:
            by_language[language] = self._compile(self.build(**self._stand_ins()), connection)
        return by_language[language], connection

    def _stand_ins(self) -> dict[str, Any]:
        return {name: _stand_in(name, field) for name, field in self.fields.items()}

    def _queryset(self, values: dict[str, Any]) -> models.QuerySet:
        return self.build(**values)

    def _compile(self, queryset: models.QuerySet, connection: Any) -> _Compiled:
        if queryset._iterable_class not in (ModelIterable, ValuesListIterable):
            raise ImproperlyConfigured("PreparedQuery reads model instances or values_list rows.")
        if queryset._known_related_objects or queryset._prefetch_related_lookups:
            raise ImproperlyConfigured("PreparedQuery does not prefetch.")
        compiler = queryset.query.get_compiler(using=queryset.db)
        sql, params = compiler.as_sql()  # also fills compiler.select and klass_info
        fields = [column[0] for column in compiler.select[: compiler.col_count]]
        model_rows = queryset._iterable_class is ModelIterable
        return _Compiled(
            sql=sql,
            params=tuple(params),
            positions=self._positions(sql, params, connection),
            compiler=compiler,
            converters=compiler.get_converters(fields),
            model_rows=model_rows,
            related_populators=(
                get_related_populators(compiler.klass_info, compiler.select, queryset.db)
                if model_rows
                else []
            ),
        )

    def _positions(self, sql: str, params: Any, connection: Any) -> tuple:
        """Where each value's stand-in is among the compiled parameters."""
        positions = []
        for name, field in self.fields.items():
            stand_in = _unwrapped(field.get_db_prep_value(_stand_in(name, field), connection))
            found = tuple(i for i, param in enumerate(params) if _unwrapped(param) == stand_in)
            if not found or str(stand_in) in sql:
                raise ImproperlyConfigured(f"{name!r} is not a parameter of the query: {sql}")
            if any(set(found) & set(taken) for _name, taken in positions):
                raise ImproperlyConfigured(f"{name!r} has the stand-in of another value")
            positions.append((name, found))
        return tuple(positions)

    def _prepare(self, name: str, value: Any, connection: Any) -> Any:
        field = self.fields[name]
        if isinstance(field, models.IntegerField):
            value = field.get_prep_value(value)
            low, high = connection.ops.integer_field_range(field.get_internal_type())
            if (low is not None and value < low) or (high is not None and value > high):
                return _OUT_OF_RANGE
        return field.get_db_prep_value(value, connection)

    # -- reading -------------------------------------------------------------------------

    def _results(self, compiled: _Compiled, rows: list) -> list:
        compiler = compiled.compiler
        if compiled.converters:
            rows = list(compiler.apply_converters(rows, compiled.converters))
        if not compiled.model_rows:
            return [tuple(row) for row in rows]
        # As django.db.models.query.ModelIterable builds them.
        klass_info, select = compiler.klass_info, compiler.select
        model, db = klass_info["model"], compiler.using
        start, end = klass_info["select_fields"][0], klass_info["select_fields"][-1] + 1
        names = [column[0].target.attname for column in select[start:end]]
        objects = []
        for row in rows:
            obj = model.from_db(db, names, row[start:end])
            for populator in compiled.related_populators:
                populator.populate(row, obj)
            for attribute, column in compiler.annotation_col_map.items():
                setattr(obj, attribute, row[column])
            objects.append(obj)
        return objects


class PreparedUpdate(PreparedQuery):
    """``queryset.update(**changes)`` compiled once, where ``build(**values)`` gives
    ``(queryset, changes)``; a call returns the number of rows changed.

    Only a model's own columns: no update of a parent model's table.
    """

    def __call__(self, **values: Any) -> int:
        bound = self._bind(values)
        if bound is None:
            return 0
        compiled, connection, params = bound
        with (
            transaction.mark_for_rollback_on_error(using=self._alias),
            connection.cursor() as cursor,
        ):
            cursor.execute(compiled.sql, params)
            return cursor.rowcount

    def _queryset(self, values: dict[str, Any]) -> models.QuerySet:
        return self.build(**values)[0]

    def _compile(self, built: tuple[models.QuerySet, dict], connection: Any) -> _Compiled:
        queryset, changes = built
        query = queryset.query.chain(UpdateQuery)
        query.add_update_values(changes)
        if query.related_updates:
            raise ImproperlyConfigured("PreparedUpdate changes one table.")
        compiler = query.get_compiler(using=queryset.db)
        statement, params = compiler.as_sql()
        return _Compiled(
            sql=statement,
            params=tuple(params),
            positions=self._positions(statement, params, connection),
            compiler=compiler,
            converters=None,
            model_rows=False,
            related_populators=[],
        )


_OUT_OF_RANGE = object()


def _unwrapped(param: Any) -> Any:
    """A parameter as compared with a stand-in: psycopg wraps JSON in an adapter."""
    return getattr(param, "obj", param)


def _stand_in(name: str, field: models.Field) -> Any:
    """A value of the field's type that no query of ours has as a constant."""
    salt = sum(map(ord, name)) % 97
    if isinstance(field, models.IntegerField):
        return 32_767 - 100 - salt if "Small" in field.get_internal_type() else 2**31 - 100 - salt
    if isinstance(field, models.DateTimeField):
        return datetime(2345, 6, 7, 8, 9, 10, 1000 + salt, tzinfo=UTC)
    if isinstance(field, models.CharField):
        return f"prepared-stand-in-{name}"
    if isinstance(field, models.JSONField):
        return {"prepared-stand-in": name}
    raise ImproperlyConfigured(
        f"PreparedQuery takes integer, date-time, text and JSON values, not {name!r}"
    )
