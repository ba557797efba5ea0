"""Exact table geometry in millimetres, in the referee-case frame of ``table.py``.

Everything here is a pure function of ball centres; nothing knows about the rules
beyond which balls are *on* (the caller's ``targets``) and which are not
(``obstacles``).

Paths. The cue ball, moving in a straight line, sweeps a corridor
``BALL_DIAMETER`` wide: it strikes a ball when their centres come within
``BALL_DIAMETER``. Seen from the cue ball, the directions that strike a ball at
distance ``d`` form an interval of half-angle ``asin(BALL_DIAMETER / d)``; its two
ends are the ball's *extreme edges*. An obstacle blocks a direction when the cue
ball would strike it before the target. The blocked part of a target's interval
is computed exactly: along a direction that strikes both balls, the cue ball
meets the obstacle first or the target first, and which one can change only
where the two contact points coincide, that is in the direction of a crossing
point of the two contact circles (radius ``BALL_DIAMETER`` round each centre).
So each obstacle blocks at most three sub-intervals, found by splitting the
common interval at those (at most two) directions and testing each piece once.

The D. In hand, the best path over every placement in the D is decided by a
branch and bound with proven bounds (see :func:`in_hand_path_quality`).

The paths live in ``paths.py``, the search over the D in ``in_hand.py``; this module
re-exports both and holds the places.

Places. Touching, overlapping, the playing surface, the D, occupied spots and
where a colour is re-spotted (3.7) follow the tolerances of ``table.py``: two
balls touch at ``BALL_DIAMETER`` apart, within ``TOUCH_TOLERANCE``.

>>> path_quality((889.0, 1300.0), targets=[(889.0, 2400.0)], obstacles=[(889.0, 1784.5)])
'none'
>>> path_quality((889.0, 1300.0), targets=[(889.0, 2400.0)], obstacles=[(1300.0, 1784.5)])
'full'
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence

from rules_engine.in_hand import in_hand_path_quality
from rules_engine.paths import (
    _D_TOLERANCE,
    _FREE_DISTANCE,
    _SURFACE_EPS,
    _TOUCH_EPS,
    PLACEMENT_GAP,
    PathQuality,
    path_quality,
)
from rules_engine.table import (
    BALL_DIAMETER,
    BALL_RADIUS,
    BAULK_LINE_Y,
    D_CENTRE,
    D_RADIUS,
    MIN_CENTRE_DISTANCE,
    TABLE_LENGTH,
    TABLE_WIDTH,
    TOUCH_TOLERANCE,
    Point,
)

__all__ = [
    "PLACEMENT_GAP",
    "PathQuality",
    "Point",
    "in_d",
    "in_hand_path_quality",
    "on_playing_surface",
    "overlaps",
    "path_quality",
    "place_below",
    "place_towards_top",
    "spot_is_occupied",
    "touching_balls",
]


# -------------------------------------------------------------- contact and places


def touching_balls(
    cue: Point, balls: Sequence[tuple[str, Point]], *, each: bool = False
) -> tuple[str, ...]:
    """Names (input order) of the balls touching the cue ball: centres ``BALL_DIAMETER`` apart,
    within ``TOUCH_TOLERANCE``. Each name once, or with ``each`` once per ball touched (two reds:
    ``red`` twice, as the referee names them, 3.8(a)).

    >>> balls = [("red", (889, 1052.5)), ("red", (941.6, 1000)), ("blue", (889, 947.3))]
    >>> touching_balls((889, 1000), balls)
    ('red',)
    >>> touching_balls((889, 1000), balls, each=True)
    ('red', 'red')
    >>> touching_balls((889, 1000), [("pink", (889, 1052.65))])
    ()
    """
    names: list[str] = []
    for name, (x, y) in balls:
        gap = math.hypot(x - cue[0], y - cue[1]) - BALL_DIAMETER
        if abs(gap) <= TOUCH_TOLERANCE + _TOUCH_EPS and (each or name not in names):
            names.append(name)
    return tuple(names)


def overlaps(balls: Sequence[tuple[str, Point]]) -> list[tuple[int, int]]:
    """Index pairs ``(i, j)``, ``i < j``, of balls whose centres are closer than
    ``MIN_CENTRE_DISTANCE``: no state may contain them.

    >>> overlaps([("red", (100, 100)), ("red", (152.5, 100)), ("blue", (120, 100))])
    [(0, 2), (1, 2)]
    """
    limit = MIN_CENTRE_DISTANCE * MIN_CENTRE_DISTANCE
    found = []
    for i, (_, (xi, yi)) in enumerate(balls):
        for j in range(i + 1, len(balls)):
            xj, yj = balls[j][1]
            dx, dy = xi - xj, yi - yj
            if dx * dx + dy * dy < limit:  # products, not ``**``: inf rather than OverflowError
                found.append((i, j))
    return found


def on_playing_surface(p: Point) -> bool:
    """The whole ball lies within the cushion lines: its centre at least
    ``BALL_RADIUS`` from each.

    >>> on_playing_surface((BALL_RADIUS, 1000)), on_playing_surface((20, 1000))
    (True, False)
    """
    x, y = p
    low = BALL_RADIUS - _SURFACE_EPS
    return low <= x <= TABLE_WIDTH - low and low <= y <= TABLE_LENGTH - low


def in_d(p: Point) -> bool:
    """On or within the lines of the D (0.05 mm tolerance).

    >>> in_d((889, 737)), in_d((889, 445)), in_d((1181, 737.04)), in_d((889, 800))
    (True, True, True, False)
    """
    x, y = p
    return (
        y <= BAULK_LINE_Y + _D_TOLERANCE
        and math.hypot(x - D_CENTRE[0], y - D_CENTRE[1]) <= D_RADIUS + _D_TOLERANCE
    )


def spot_is_occupied(spot: Point, balls: Iterable[Point]) -> bool:
    """A ball placed on ``spot`` would touch or overlap another ball.

    >>> spot_is_occupied((889, 2676.75), [(889, 2729.25)])
    True
    >>> spot_is_occupied((889, 2676.75), [(889, 2729.5)])
    False
    """
    sx, sy = spot
    return any(math.hypot(x - sx, y - sy) < _FREE_DISTANCE for x, y in balls)


def _first_free(
    start: float, step: int, stop: float, x: float, balls: Sequence[Point]
) -> float | None:
    """Nearest ``y`` to ``start`` in direction ``step`` (+1 or -1), not beyond ``stop``,
    where a ball at ``(x, y)`` touches no ball: ``start`` itself when it is free,
    else the first position keeping ``PLACEMENT_GAP`` more than the touching distance."""
    if all(math.hypot(bx - x, by - start) > _FREE_DISTANCE + _TOUCH_EPS for bx, by in balls):
        return start
    clearance = _FREE_DISTANCE + PLACEMENT_GAP
    forbidden = []
    for bx, by in balls:
        across = abs(bx - x)
        if across < clearance:
            along = math.sqrt(clearance * clearance - across * across)
            forbidden.append((by - along, by + along))
    # Taken in the order they are met from start, each stretch that holds y pushes it past.
    if step > 0:
        forbidden.sort(key=lambda stretch: stretch[0])
    else:
        forbidden.sort(key=lambda stretch: -stretch[1])
    y = start
    for low, high in forbidden:
        if low < y < high:
            y = high if step > 0 else low
    return y if (y - stop) * step <= 0 else None


def place_towards_top(spot: Point, balls: Iterable[Point]) -> Point | None:
    """3.7(c): the nearest free position to ``spot`` on the straight line from it to the
    nearest part of the top cushion (same ``x``, ``y`` increasing), touching no
    ball; ``None`` when that line has no room.

    >>> place_towards_top((889, 2676.75), [(889, 2676.75), (889, 2729.25)])
    (889.0, 2781.85001)
    >>> place_towards_top((889, 3245), [(889, y) for y in range(3245, 3543, 53)]) is None
    True
    """
    balls = list(balls)
    y = _first_free(spot[1], 1, TABLE_LENGTH - BALL_RADIUS, spot[0], balls)
    return None if y is None else (float(spot[0]), round(y, 6))


def place_below(spot: Point, balls: Iterable[Point]) -> Point | None:
    """3.7(d): the nearest free position on the centre line of the table at or below
    ``spot`` (``y`` decreasing), touching no ball; ``None`` when there is no room.

    >>> place_below((889, 2676.75), [(889, 2676.75)])
    (889.0, 2624.14999)
    """
    balls = list(balls)
    x = TABLE_WIDTH / 2
    y = _first_free(spot[1], -1, BALL_RADIUS, x, balls)
    return None if y is None else (x, round(y, 6))
