"""Paths in a straight line from the cue ball to the balls on, past the others: full, partial
or none (``path_quality``), exactly, in the referee-case frame of ``table.py``; and the
tolerances every part of ``geometry`` shares.

The cue ball, moving in a straight line, sweeps a corridor ``BALL_DIAMETER`` wide: it strikes a
ball when their centres come within ``BALL_DIAMETER``. Seen from the cue ball, the directions
that strike a ball at distance ``d`` form an interval of half-angle ``asin(BALL_DIAMETER / d)``;
its two ends are the ball's *extreme edges*. An obstacle blocks a direction when the cue ball
would strike it before the target. The blocked part of a target's interval is computed exactly:
along a direction that strikes both balls, the cue ball meets the obstacle first or the target
first, and which one can change only where the two contact points coincide, that is in the
direction of a crossing point of the two contact circles (radius ``BALL_DIAMETER`` round each
centre). So each obstacle blocks at most three sub-intervals, found by splitting the common
interval at those (at most two) directions and testing each piece once.

``rules_engine.geometry`` is the module to import: it re-exports ``path_quality``.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from typing import Final, Literal

from rules_engine.table import BALL_DIAMETER, TOUCH_TOLERANCE, Point

PathQuality = Literal["full", "partial", "none"]

#: A ball placed by the referee keeps this much (mm) more than the touching
#: distance from every other ball, so that rounding never makes it touch one.
PLACEMENT_GAP: Final = 1e-5
#: Centre distance from which a placed ball touches no other ball.
_FREE_DISTANCE: Final = BALL_DIAMETER + TOUCH_TOLERANCE
#: Angular slack (radians) for "just inside an edge" and for gaps too thin to
#: count: far below anything a cue ball could use, well above rounding error.
_ANGLE_EPS: Final = 1e-12
#: An edge margin (mm) above this is clear beyond doubt; nearer zero, the exact
#: interval computation decides, knowing which side of an edge a grazing ball lies.
_MARGIN_EPS: Final = 1e-7
#: Extra reach (mm) taken off obstacles when bounding a cell: covers the angular
#: slack and rounding, far below the search's resolution.
_BOUND_SLACK: Final = 1e-3
#: Rounding allowance (mm) on the touching distance: exactly 52.6 apart still touch.
_TOUCH_EPS: Final = 1e-9
_D_TOLERANCE: Final = 0.05
_SURFACE_EPS: Final = 1e-9
_HALF_PI: Final = math.pi / 2
_TWO_PI: Final = 2 * math.pi

_NONE, _PARTIAL, _FULL = 0, 1, 2
_QUALITY_NAMES: Final[tuple[PathQuality, PathQuality, PathQuality]] = ("none", "partial", "full")


def _wrap(angle: float) -> float:
    """Angle folded into ``(-pi, pi]``."""
    if angle > math.pi:
        angle -= _TWO_PI
    elif angle <= -math.pi:
        angle += _TWO_PI
    return angle


def _first_contact(bx: float, by: float, radius: float, ux: float, uy: float) -> float:
    """Distance the cue ball travels along unit ``(ux, uy)`` before its centre comes
    within ``radius`` of a ball at ``(bx, by)`` relative to the cue ball's centre."""
    proj = bx * ux + by * uy
    perp = bx * uy - by * ux
    return proj - math.sqrt(max(radius * radius - perp * perp, 0.0))


def _path_slack(start_shift: float, end_shift: float, fraction: float) -> float:
    """How much the distance from an obstacle to a path can change when the path's
    start moves by ``start_shift`` and its end by ``end_shift``, the obstacle's
    nearest point lying at least ``fraction`` of the way along (the nearest point
    moves by the matching blend of the two)."""
    if end_shift >= start_shift:
        return end_shift
    return start_shift - fraction * (start_shift - end_shift)


#: An obstacle as seen from the cue ball: offset, distance and direction.
_Seen = tuple[float, float, float, float]
#: The directions in which an obstacle is struck, and its distance: ``(lo, hi, distance)``.
_Shadow = tuple[float, float, float]


def _seen_from(px: float, py: float, obstacles: Iterable[Point]) -> list[_Seen]:
    """Obstacles relative to the cue ball at ``(px, py)``, nearest first."""
    seen = []
    for ox, oy in obstacles:
        ax, ay = ox - px, oy - py
        seen.append((ax, ay, math.hypot(ax, ay), math.atan2(ay, ax)))
    seen.sort(key=lambda item: item[2])
    return seen


def _target_quality(
    px: float,
    py: float,
    tx: float,
    ty: float,
    obstacles: Sequence[_Seen],
    start_shift: float = 0.0,
    end_shift: float = 0.0,
) -> int:
    """Path quality from the cue ball at ``(px, py)`` to the one target ``(tx, ty)``,
    past ``obstacles`` as given by ``_seen_from(px, py, ...)``.

    With shifts, it answers for a whole cell of cue-ball positions around
    ``(px, py)`` instead (see ``in_hand._in_hand_quality``): each obstacle is struck only
    within ``BALL_DIAMETER`` less the most its distance to a path can change, so
    ``_NONE`` then means no position of the cell has any path to the target.
    """
    rx, ry = tx - px, ty - py
    dist = math.hypot(rx, ry)
    phi = math.atan2(ry, rx)
    if dist > BALL_DIAMETER:
        half = math.asin(BALL_DIAMETER / dist)
        # Any path to the target meets it within this distance (the tangent length).
        reach = math.sqrt(dist * dist - BALL_DIAMETER * BALL_DIAMETER)
    else:  # touching (within tolerance): every direction towards it meets it at once
        half = _HALF_PI
        reach = 0.0
    blocked = _blocked(rx, ry, phi, half, reach, obstacles, start_shift, end_shift)
    if blocked is None:
        return _NONE  # eclipsed
    return _edges_quality(blocked, half)


def _blocked(
    rx: float,
    ry: float,
    phi: float,
    half: float,
    reach: float,
    obstacles: Sequence[_Seen],
    start_shift: float,
    end_shift: float,
) -> list[tuple[float, float]] | None:
    """The directions (relative to ``phi``, within ``+- half``) in which an obstacle is met
    before the target at offset ``(rx, ry)``; None when one obstacle eclipses it wholly."""
    shifted = start_shift > 0.0 or end_shift > 0.0
    blocked: list[tuple[float, float]] = []
    for ax, ay, odist, direction in obstacles:
        if odist - BALL_DIAMETER >= reach:
            break  # this one and all farther are met, if at all, after the target
        radius = BALL_DIAMETER
        if shifted:
            # A path blocked by this obstacle passes within BALL_DIAMETER of it, so
            # at least (odist - BALL_DIAMETER) / reach of the way along.
            fraction = min(max((odist - BALL_DIAMETER) / reach, 0.0), 1.0) if reach else 0.0
            radius -= _path_slack(start_shift, end_shift, fraction) + _BOUND_SLACK
            if radius <= 0.0:
                continue
        if odist - radius >= reach:
            continue  # met, if at all, no earlier than the target
        ohalf = math.asin(radius / odist) if odist > radius else _HALF_PI
        delta = _wrap(direction - phi)
        lo = max(delta - ohalf, -half)
        hi = min(delta + ohalf, half)
        if hi <= lo:
            continue
        sep = math.hypot(rx - ax, ry - ay)
        if not abs(BALL_DIAMETER - radius) < sep < BALL_DIAMETER + radius:
            # The contact circles do not cross: the same ball is met first all along.
            mid = phi + (lo + hi) / 2
            ux, uy = math.cos(mid), math.sin(mid)
            if _first_contact(ax, ay, radius, ux, uy) < _first_contact(
                rx, ry, BALL_DIAMETER, ux, uy
            ):
                if lo <= -half and hi >= half:
                    return None  # eclipsed
                blocked.append((lo, hi))
            continue
        blocked += _blocked_pieces(rx, ry, ax, ay, sep, radius, phi, lo, hi)
    return blocked


def _blocked_pieces(
    rx: float,
    ry: float,
    ax: float,
    ay: float,
    sep: float,
    radius: float,
    phi: float,
    lo: float,
    hi: float,
) -> list[tuple[float, float]]:
    """The parts of the directions ``lo..hi`` in which an obstacle at ``(ax, ay)`` (contact
    radius ``radius``, ``sep`` from the target) is met before the target, whose contact
    circles cross: which ball is met first can change only towards a crossing of the
    circles."""
    blocked = []
    cuts = [lo, hi]
    along = (sep * sep + radius * radius - BALL_DIAMETER * BALL_DIAMETER) / (2 * sep)
    across = math.sqrt(max(radius * radius - along * along, 0.0))
    ex, ey = (rx - ax) / sep, (ry - ay) / sep
    mx, my = ax + along * ex, ay + along * ey
    for sign in (1.0, -1.0):
        cx, cy = mx - sign * across * ey, my + sign * across * ex
        cut = _wrap(math.atan2(cy, cx) - phi)
        if lo < cut < hi:
            cuts.append(cut)
    cuts.sort()
    for start, end in zip(cuts, cuts[1:], strict=False):
        if end <= start:
            continue
        mid = phi + (start + end) / 2
        ux, uy = math.cos(mid), math.sin(mid)
        if _first_contact(ax, ay, radius, ux, uy) < _first_contact(rx, ry, BALL_DIAMETER, ux, uy):
            blocked.append((start, end))
    return blocked


def _edges_quality(blocked: list[tuple[float, float]], half: float) -> int:
    """The quality the blocked directions leave: full with both extreme edges clear, partial
    with any gap, else none."""
    if not blocked:
        return _FULL
    blocked.sort()
    # Each extreme edge is taken just inside the target's interval of directions.
    left, right = -half + _ANGLE_EPS, half - _ANGLE_EPS
    left_clear = right_clear = True
    cursor = left
    seen_gap = False
    for start, end in blocked:
        if start <= left < end:
            left_clear = False
        if start < right <= end:
            right_clear = False
        if start > cursor + _ANGLE_EPS:
            seen_gap = True
        cursor = max(cursor, end)
    if left_clear and right_clear:
        return _FULL
    if seen_gap or cursor < right:
        return _PARTIAL
    return _NONE


def _quality(px: float, py: float, targets: Iterable[Point], obstacles: Sequence[Point]) -> int:
    # Nearest targets are the likeliest to be seen whole, nearest obstacles the
    # likeliest to hide a target entirely: try both first.
    def nearness(ball: Point) -> float:
        return (ball[0] - px) ** 2 + (ball[1] - py) ** 2

    seen = _seen_from(px, py, obstacles)
    best = _NONE
    for tx, ty in sorted(targets, key=nearness):
        best = max(best, _target_quality(px, py, tx, ty, seen))
        if best == _FULL:
            break
    return best


def path_quality(cue: Point, targets: Sequence[Point], obstacles: Sequence[Point]) -> PathQuality:
    """Best straight-line access from the cue ball at ``cue`` to any of ``targets``.

    ``"full"`` when both extreme edges of some target can be struck (taking each
    edge as the limit just inside the target's interval of directions);
    ``"partial"`` when some direction strikes some target before any obstacle;
    ``"none"`` otherwise. Targets are the balls on and never obstruct one another;
    obstacles are the balls not on; cushions never count.

    A red straight up the table, the blue in the way:

    >>> path_quality((889, 1300), targets=[(889, 2400)], obstacles=[(889, 1784.5)])
    'none'

    Moved 60 mm to the side, the blue still hides the red's left edge, not all of it:

    >>> path_quality((889, 1300), targets=[(889, 2400)], obstacles=[(829, 1784.5)])
    'partial'

    Another red behind the first is still a ball on, not an obstacle:

    >>> path_quality((889, 1300), targets=[(889, 2400), (889, 1600)], obstacles=[])
    'full'
    >>> path_quality((889, 1300), targets=[], obstacles=[(889, 1784.5)])
    'none'
    """
    return _QUALITY_NAMES[_quality(cue[0], cue[1], targets, obstacles)]
