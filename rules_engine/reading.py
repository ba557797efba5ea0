"""Reading untrusted JSON safely: a bounded description of any value for an error message, the
depth of nesting refused before reading, and ``FieldReader``, the readers of single fields that
collect ``Problem``s with their JSON path (the base of the case's loader, ``rules_engine.case``).

Below every module that reads a case or a frame (``case``, ``check``, ``frame``): it imports
nothing of the engine but ``errors`` and ``table``.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

from rules_engine.errors import Problem
from rules_engine.table import Point

#: Deepest nesting a case can have (``expect.respots[0].position`` is four levels); anything
#: deeper is refused before it is read, so no reader recurses without bound.
MAX_NESTING = 32
#: Largest score a state may give: far beyond any frame, small enough to stay an exact number.
MAX_SCORE = 99_999


def describe(value: Any, depth: int = 0) -> str:
    """A short, safe rendering of a value for an error message: bounded in depth and length, and
    never failing (huge integers, deeply nested lists).

    >>> describe(10**5000)
    'a whole number of about 5001 digits'
    >>> describe([[[[[1]]]]])
    '[[[...]]]'
    """
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 64:
        return f"a whole number of about {int(value.bit_length() * 0.30103) + 1} digits"
    if isinstance(value, (list, tuple)):
        if depth >= 2:
            return "[...]"
        items = [describe(item, depth + 1) for item in value[:4]]
        text = "[" + ", ".join(items + (["..."] if len(value) > 4 else [])) + "]"
    elif isinstance(value, Mapping):
        if depth >= 2:
            return "{...}"
        pairs = [
            f"{describe(key, 2)}: {describe(item, depth + 1)}"
            for key, item in list(value.items())[:3]
        ]
        text = "{" + ", ".join(pairs + (["..."] if len(value) > 3 else [])) + "}"
    elif value is None or isinstance(value, (bool, int, float, str)):
        text = repr(value[:60] if isinstance(value, str) else value)
    else:
        text = type(value).__name__
    return text if len(text) <= 40 else text[:37] + "..."


def too_deep(data: Any, limit: int = MAX_NESTING) -> str | None:
    """The JSON path of the first value nested deeper than ``limit`` levels, or None (iterative:
    it cannot itself run out of stack).

    >>> too_deep({"state": {"a": [[[1]]]}}, limit=3)
    'state.a[0]'
    """
    if _nested_within(data, limit):
        return None  # the usual answer, found without building a path for every value
    stack: list[tuple[Any, str, int]] = [(data, "", 0)]
    while stack:
        value, path, depth = stack.pop()
        if isinstance(value, Mapping):
            children = [
                (item, f"{path}.{key}" if path else str(key)) for key, item in value.items()
            ]
        elif isinstance(value, (list, tuple)):
            children = [(item, f"{path}[{index}]") for index, item in enumerate(value)]
        else:
            continue
        if depth >= limit:
            return path if len(path) <= 80 else path[:77] + "..."
        stack.extend((item, where, depth + 1) for item, where in children)
    return None


def _nested_within(data: Any, limit: int) -> bool:
    """No container nested ``limit`` levels deep or more (what :func:`too_deep` looks for)."""
    stack: list[tuple[Any, int]] = [(data, 0)]
    while stack:
        value, depth = stack.pop()
        items = value.values() if isinstance(value, Mapping) else value
        if depth >= limit:
            return False
        stack.extend(
            (item, depth + 1) for item in items if isinstance(item, (Mapping, list, tuple))
        )
    return True


def is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def is_coordinate(value: Any) -> bool:
    """A finite number of millimetres that a float holds (a huge integer does not fit one)."""
    if is_int(value):
        return value.bit_length() <= 64
    return isinstance(value, float) and math.isfinite(value)


class FieldReader:
    """Reads the fields of a JSON object one by one, collecting every problem (``problems``)
    instead of stopping at the first."""

    def __init__(self) -> None:
        self.problems: list[Problem] = []

    def problem(self, path: str, message: str) -> None:
        self.problems.append(Problem(path, message))

    # ---- generic readers -------------------------------------------------------------
    def mapping(self, value: Any, path: str, known: Sequence[str]) -> Mapping[str, Any] | None:
        if not isinstance(value, Mapping):
            self.problem(path or "(case)", f"must be an object, not {describe(value)}")
            return None
        for key in value:
            if key not in known:
                self.problem(f"{path}.{key}" if path else str(key), "unknown field")
        return value

    def boolean(
        self, data: Mapping[str, Any], key: str, path: str, default: bool | None
    ) -> bool | None:
        value = data.get(key, default)
        if key in data and not isinstance(value, bool):
            self.problem(f"{path}.{key}", f"must be true or false, not {describe(value)}")
            return default
        return value

    def choice(
        self,
        data: Mapping[str, Any],
        key: str,
        path: str,
        choices: Sequence[str],
        default: str | None,
    ) -> str | None:
        if key not in data:
            return default
        value = data[key]
        if value not in choices or not isinstance(value, str):
            self.problem(
                f"{path}.{key}", f"must be one of {', '.join(choices)}, not {describe(value)}"
            )
            return default
        return value

    def string_list(
        self,
        data: Mapping[str, Any],
        key: str,
        path: str,
        choices: Sequence[str] | None = None,
        default: tuple[str, ...] = (),
    ) -> tuple[str, ...] | None:
        if key not in data:
            return default
        value = data[key]
        if not isinstance(value, list):
            self.problem(f"{path}.{key}", f"must be a list, not {describe(value)}")
            return None
        ok = True
        for index, item in enumerate(value):
            if not isinstance(item, str) or (choices is not None and item not in choices):
                expected = f"one of {', '.join(choices)}" if choices is not None else "a name"
                self.problem(f"{path}.{key}[{index}]", f"must be {expected}, not {describe(item)}")
                ok = False
        return tuple(value) if ok else None

    def point(self, value: Any, path: str) -> Point | None:
        if (
            not isinstance(value, list)
            or len(value) != 2
            or not all(is_coordinate(c) for c in value)
        ):
            self.problem(path, f"must be [x, y] in millimetres, not {describe(value)}")
            return None
        return (float(value[0]), float(value[1]))
