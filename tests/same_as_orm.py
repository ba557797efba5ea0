"""What pins a hand-written statement (config/sql.py) to the ORM: the instances it builds
hold what the ORM's hold, column for column, deferred the same, date-times in the same zone."""

from __future__ import annotations

from datetime import datetime
from typing import Any


def values_of(instance: Any) -> dict[str, Any]:
    """Every loaded column's value and type, each date-time's offset, the deferred fields."""
    if instance is None:
        return {}
    deferred = instance.get_deferred_fields()
    values: dict[str, Any] = {}
    for field in type(instance)._meta.concrete_fields:
        if field.attname in deferred:
            continue
        value = getattr(instance, field.attname)
        values[field.attname] = (type(value), value)
        if isinstance(value, datetime):
            values[f"{field.attname} offset"] = value.utcoffset()
    return {"model": type(instance), "deferred": deferred, "values": values}
