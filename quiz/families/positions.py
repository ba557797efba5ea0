"""Positions by recipe: where a family's balls stand, drawn from the instance's generator.

A parameter ``{"place": recipe}`` gives a point ``[x, y]`` in millimetres (the referee-case
frame of ``rules_engine.table``), or a list of points for a pack of reds. Recipes:

- ``{"spot": "pink"}`` — on a colour's spot;
- ``{"near": ref, "within": mm}`` — not touching ``ref`` (a colour's spot, or an operand giving
  a point placed earlier), with at most ``mm`` between the two balls; ``"gap": [low, high]``
  instead of ``within`` gives the gap's range, negative when the ball is to cover a free spot
  (``{"near": "blue", "gap": [-45, 25]}`` takes the blue spot or stands close to it);
- ``{"touching": ref}`` — touching ``ref``;
- ``{"cushion": "top" | "baulk" | "left" | "right", "along": [low, high]}`` — frozen against a
  cushion, ``along`` it between two coordinates (optional);
- ``{"pack": n}`` — ``n`` reds (an operand) taken from the fifteen places of the triangle behind
  the pink spot;
- ``"anywhere"`` or ``{"anywhere": {"x": [low, high], "y": [low, high]}}`` — any free place on
  the playing surface (or in that box).

``"count": n`` next to a recipe gives a list of ``n`` points (reds), each free of the others. A
ball name where a recipe wants a reference (``near``, ``touching``, ``spot``) may be an operand
(``{"near": {"$": "screen"}}``, the colour a parameter chose); ``"only_if": constraint`` next to
``"place"`` leaves the ball off the table (``None``) when the constraint does not hold, or
places it by the ``"otherwise"`` recipe when there is one.

A placed ball never overlaps nor touches a ball placed before it (except by ``touching``); a
recipe that finds no such place within ``TRIES`` attempts raises ``PlacementMiss`` and the
instance draws its parameters again. ``"keep"`` next to ``"place"`` names geometry facts the
engine must find true once the case is built (``path_to_ball_on``: a quality or a list of them;
``snookered_after``: a bool; values may be operands): ``kept`` tests them, and the instance
redraws only that point until they hold. The facts themselves are never written by hand: the
engine's geometry computes them from the positions (``geometry_facts``).

>>> import random
>>> rng = random.Random(3)
>>> place({"spot": "pink"}, rng=rng, placed=[], values={})
[889.0, 2676.75]
>>> len(place({"pack": 6}, rng=rng, placed=[], values={}))
6
>>> white = place({"near": "black", "within": 40}, rng=rng, placed=[], values={})
>>> 52.5 < distance(white, [889.0, 3245.0]) <= 52.5 + 40
True
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from typing import Any

import rules_engine
from quiz.families.spec import FamilyError, value_of
from rules_engine.case import occupied_spots
from rules_engine.table import BALL_DIAMETER, BALL_RADIUS, SPOTS, TABLE_LENGTH, TABLE_WIDTH

TRIES = 60
#: Between a placed ball and any other (mm): never touching, never near the tolerance.
CLEARANCE = 1.0
#: How far from a corner a ball frozen on a cushion stays (mm), clear of the pocket's mouth.
POCKET_CLEAR = 120.0
PACK_GAP = 0.05
CUSHIONS = ("top", "baulk", "left", "right")
KEEP_FACTS = ("path_to_ball_on", "snookered_after")


class PlacementMiss(FamilyError):
    """No free place for a recipe among the balls already placed: draw the parameters again."""


def distance(a: Sequence[float], b: Sequence[float]) -> float:
    return math.hypot(a[0] - b[0], a[1] - b[1])


def _on_surface(point: Sequence[float]) -> bool:
    x, y = point
    return BALL_RADIUS <= x <= TABLE_WIDTH - BALL_RADIUS and BALL_RADIUS <= y <= (
        TABLE_LENGTH - BALL_RADIUS
    )


def _free(
    point: Sequence[float], placed: Sequence[Sequence[float]], *, touching: Any = None
) -> bool:
    if not _on_surface(point):
        return False
    for other in placed:
        if touching is not None and distance(other, touching) < 1e-6:
            continue
        if distance(point, other) < BALL_DIAMETER + CLEARANCE:
            return False
    return True


def pack_places() -> list[list[float]]:
    """The fifteen places of the reds' triangle, apex nearest the pink spot, rows behind it."""
    step = BALL_DIAMETER + PACK_GAP
    apex_y = SPOTS["pink"][1] + step + 1.0
    places = []
    for row in range(5):
        for index in range(row + 1):
            x = SPOTS["pink"][0] + (index - row / 2) * step
            places.append([round(x, 3), round(apex_y + row * step * math.sqrt(3) / 2, 3)])
    return places


def _reference(ref: Any, *, values: Mapping[str, Any]) -> list[float]:
    point = value_of(ref, values=values)
    if isinstance(point, str):
        if point not in SPOTS:
            raise FamilyError(f"place: {point!r} is neither a colour's spot nor a point")
        return list(SPOTS[point])
    if not (isinstance(point, list) and len(point) == 2):
        raise FamilyError(f"place: {ref!r} does not give a point")
    return point


def _around(centre: Sequence[float], gap: float, rng: random.Random) -> list[float]:
    angle = rng.uniform(0, 2 * math.pi)
    reach = BALL_DIAMETER + gap
    return [
        round(centre[0] + reach * math.cos(angle), 2),
        round(centre[1] + reach * math.sin(angle), 2),
    ]


def _on_cushion(cushion: str, along: Sequence[float] | None, rng: random.Random) -> list[float]:
    if cushion not in CUSHIONS:
        raise FamilyError(f"place: unknown cushion {cushion!r} (one of {', '.join(CUSHIONS)})")
    length = TABLE_WIDTH if cushion in ("top", "baulk") else TABLE_LENGTH
    low, high = along or (POCKET_CLEAR, length - POCKET_CLEAR)
    run = round(rng.uniform(low, high), 1)
    frozen = {
        "top": [run, TABLE_LENGTH - BALL_RADIUS],
        "baulk": [run, BALL_RADIUS],
        "left": [BALL_RADIUS, run],
        "right": [TABLE_WIDTH - BALL_RADIUS, run],
    }
    return frozen[cushion]


def _candidate(recipe: Any, *, rng: random.Random, values: Mapping[str, Any]) -> list[float]:
    if recipe == "anywhere" or (isinstance(recipe, dict) and "anywhere" in recipe):
        box = recipe.get("anywhere") or {} if isinstance(recipe, dict) else {}
        x_low, x_high = box.get("x", [BALL_RADIUS, TABLE_WIDTH - BALL_RADIUS])
        y_low, y_high = box.get("y", [BALL_RADIUS, TABLE_LENGTH - BALL_RADIUS])
        return [round(rng.uniform(x_low, x_high), 1), round(rng.uniform(y_low, y_high), 1)]
    if not isinstance(recipe, dict):
        raise FamilyError(f"place: unknown recipe {recipe!r}")
    if "spot" in recipe:
        return _reference(recipe["spot"], values=values)
    if "near" in recipe:
        within = float(value_of(recipe.get("within", 50), values=values))
        low, high = recipe.get("gap", [CLEARANCE + 0.5, max(CLEARANCE + 0.5, within)])
        gap = rng.uniform(low, high)
        return _around(_reference(recipe["near"], values=values), gap, rng)
    if "touching" in recipe:
        return _around(_reference(recipe["touching"], values=values), 0.0, rng)
    if "cushion" in recipe:
        return _on_cushion(recipe["cushion"], recipe.get("along"), rng)
    raise FamilyError(f"place: unknown recipe {recipe!r}")


def place(
    recipe: Any,
    *,
    rng: random.Random,
    placed: Sequence[Sequence[float]],
    values: Mapping[str, Any],
) -> Any:
    """A point (or, for a pack, a list of points) for ``recipe``, free of the ``placed`` balls;
    ``FamilyError`` names a malformed recipe (an author's, in the studio, as much as a fixture's).

    >>> place({"near": "pink", "within": "far"}, rng=random.Random(1), placed=[], values={})
    Traceback (most recent call last):
    ...
    quiz.families.spec.FamilyError: place: malformed recipe {'near': 'pink', 'within': 'far'}
    """
    try:
        return _place(recipe, rng=rng, placed=placed, values=values)
    except FamilyError:
        raise
    except (TypeError, ValueError, KeyError, IndexError, AttributeError):
        raise FamilyError(f"place: malformed recipe {recipe!r}") from None


def _place(
    recipe: Any,
    *,
    rng: random.Random,
    placed: Sequence[Sequence[float]],
    values: Mapping[str, Any],
) -> Any:
    if isinstance(recipe, dict) and "pack" in recipe:
        count = int(value_of(recipe["pack"], values=values))
        if not 0 <= count <= 15:
            raise FamilyError(f"place: a pack holds 0 to 15 reds, not {count}")
        free = [point for point in pack_places() if _free(point, placed)]
        if len(free) < count:
            raise PlacementMiss("the pack's places are taken")
        chosen = rng.sample(range(len(free)), count)
        return [free[index] for index in sorted(chosen)]
    if isinstance(recipe, dict) and "count" in recipe:
        single = {key: item for key, item in recipe.items() if key != "count"}
        points: list[list[float]] = []
        for _ in range(int(value_of(recipe["count"], values=values))):
            points.append(_place(single, rng=rng, placed=[*placed, *points], values=values))
        return points
    touching = None
    if isinstance(recipe, dict) and "touching" in recipe:
        touching = _reference(recipe["touching"], values=values)
    for _ in range(TRIES if not (isinstance(recipe, dict) and "spot" in recipe) else 1):
        point = _candidate(recipe, rng=rng, values=values)
        if _free(point, placed, touching=touching):
            return point
    raise PlacementMiss(f"no free place for {recipe!r}")


def points_of(value: Any) -> list[list[float]]:
    """The points a placed value holds: one point, or a pack's list of them."""
    if (
        isinstance(value, list)
        and len(value) == 2
        and all(isinstance(v, int | float) for v in value)
    ):
        return [value]
    if isinstance(value, list):
        return [point for item in value for point in points_of(item)]
    return []


def geometry_facts(case: rules_engine.Case) -> dict[str, Any]:
    """What the engine's geometry computes from the case's positions: the path to the ball on,
    whether the incoming player is snookered after the stroke (from ``positions_after``), the
    touching balls and the occupied spots. Empty when the case places no ball."""
    state, stroke = case.state, case.stroke
    if stroke is None or (state.positions is None and stroke.positions_after is None):
        return {}
    found = rules_engine.referee_for(case.ruleset, case.variants).geometric_facts(state, stroke)
    facts: dict[str, Any] = {}
    if state.positions is not None:
        facts["path_to_ball_on"] = found.path_to_ball_on
        facts["touching"] = list(found.touching)
        leaving = tuple(stroke.potted) + tuple(stroke.off_table)
        facts["occupied_spots"] = list(occupied_spots(state.positions, ignore=leaving))
    if stroke.positions_after is not None:
        facts["snookered_after"] = bool(found.snookered_after)
        # Where the balls came to rest is where the referee re-spots a colour.
        facts["occupied_spots"] = list(occupied_spots(stroke.positions_after))
    return facts


def kept(keep: Mapping[str, Any], *, facts: Mapping[str, Any], values: Mapping[str, Any]) -> bool:
    """Whether the computed ``facts`` are those ``keep`` asks for."""
    if not isinstance(keep, Mapping):
        raise FamilyError(f"keep: a mapping of facts, not {keep!r}")
    for name, wanted in keep.items():
        if name not in KEEP_FACTS:
            raise FamilyError(f"keep: unknown fact {name!r} (one of {', '.join(KEEP_FACTS)})")
        wanted = value_of(wanted, values=values)
        if name not in facts:
            raise FamilyError(f"keep: the positions do not give {name}")
        allowed = wanted if isinstance(wanted, list) else [wanted]
        if facts[name] not in allowed:
            return False
    return True
