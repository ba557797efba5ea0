"""Helpers for the engine's tests: build a case from its state and stroke, judge it."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from rules_engine import Decision, judge, load_case

#: Every colour on its own spot (``rules_engine.table.SPOTS``), as a case's positions give them.
FULL_TABLE: dict[str, list[float]] = {
    "yellow": [1181, 737],
    "green": [597, 737],
    "brown": [889, 737],
    "blue": [889, 1784.5],
    "pink": [889, 2676.75],
    "black": [889, 3245],
}


def make_case(
    state: dict[str, Any] | None = None, stroke: dict[str, Any] | None = None, **top: Any
) -> dict[str, Any]:
    """A case dict with the format and an id filled in."""
    data: dict[str, Any] = {"format": "snooker-referee-case/1", "id": "test", **top}
    if state is not None:
        data["state"] = state
    if stroke is not None:
        data["stroke"] = stroke
    return data


@pytest.fixture
def decide() -> Callable[..., Decision]:
    """``decide(state, stroke)`` -> the engine's Decision."""

    def run(
        state: dict[str, Any] | None = None, stroke: dict[str, Any] | None = None, **top: Any
    ) -> Decision:
        return judge(load_case(make_case(state, stroke, **top)))

    return run
