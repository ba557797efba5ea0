"""A family's parameters drawn: each in its order, a position by its recipe
(``quiz.families.positions``), away from the balls placed before it.

Above ``spec`` (the format, the operands), ``positions`` and ``constraints``, which read the
operands from ``spec``: drawing is where the three meet.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from quiz.families import positions
from quiz.families.constraints import holds
from quiz.families.spec import Family, FamilyError, draw_value, is_place


def draw_place(*, family: Family, name: str, rng: random.Random, values: Mapping[str, Any]) -> Any:
    """Parameter ``name``'s position, free of every other ball the family has placed in
    ``values`` (``positions.PlacementMiss`` when there is no room). When its ``only_if``
    constraint does not hold: the ``otherwise`` recipe, or ``None`` (no ball)."""
    spec = family.parameters[name]
    recipe = spec["place"]
    try:
        absent = "only_if" in spec and not holds(constraint=spec["only_if"], values=values)
    except (KeyError, TypeError, AttributeError):
        raise FamilyError(f"{name}: malformed only_if {spec['only_if']!r}") from None
    if absent:
        if "otherwise" not in spec:
            return None
        recipe = spec["otherwise"]
    placed = [
        point
        for other, other_spec in family.parameters.items()
        if other != name and other in values and is_place(other_spec)
        for point in positions.points_of(values[other])
    ]
    return positions.place(recipe, rng=rng, placed=placed, values=values)


def draw(*, family: Family, rng: random.Random) -> dict[str, Any]:
    """One value for every parameter, in the order the family lists them (later bounds may
    name earlier parameters; a position keeps clear of the balls placed before it)."""
    values: dict[str, Any] = {}
    for name, spec in family.parameters.items():
        if is_place(spec):
            values[name] = draw_place(family=family, name=name, rng=rng, values=values)
        else:
            values[name] = draw_value(spec, rng=rng, values=values)
    return values
