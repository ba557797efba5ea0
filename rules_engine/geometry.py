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

Places. Touching, overlapping, the playing surface, the D, occupied spots and
where a colour is re-spotted (3.7) follow the tolerances of ``table.py``: two
balls touch at ``BALL_DIAMETER`` apart, within ``TOUCH_TOLERANCE``.

>>> path_quality((889.0, 1300.0), targets=[(889.0, 2400.0)], obstacles=[(889.0, 1784.5)])
'none'
>>> path_quality((889.0, 1300.0), targets=[(889.0, 2400.0)], obstacles=[(1300.0, 1784.5)])
'full'
"""

from __future__ import annotations

import bisect
import heapq
import math
from collections.abc import Iterable, Sequence
from typing import Final, Literal

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

#: The in-hand search drops a target's far obstacles once its cells' paths move
#: by less than this (mm); in bigger cells few could be dropped, and the cells below
#: inherit the dropping anyway.
_CULL_BELOW: Final = 40.0
#: In cells whose points lie farther than this (mm) from the centre, a target's own bounds
#: are not tried once the shared shadows have failed to hide it (see _in_hand_quality).
_SHADOWS_ONLY_ABOVE: Final = BALL_DIAMETER / 2
#: A cell whose halves' half-diagonal would be above this (mm), with no target in sight from
#: its centre, is split straight into the first size whose half-diagonal is not (see
#: _in_hand_quality).
_SPLIT_STRAIGHT_ABOVE: Final = _SHADOWS_ONLY_ABOVE
#: The in-hand search stops splitting a cell once its side is this short (mm).
_MIN_CELL_SIDE: Final = 1.0


# --------------------------------------------------------------------------- paths


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
    ``(px, py)`` instead (see ``_in_hand_quality``): each obstacle is struck only
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
                    return _NONE  # eclipsed
                blocked.append((lo, hi))
            continue
        # Which ball is met first can change only towards a crossing of the circles.
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
            if _first_contact(ax, ay, radius, ux, uy) < _first_contact(
                rx, ry, BALL_DIAMETER, ux, uy
            ):
                blocked.append((start, end))
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


def _quality(
    px: float, py: float, targets: Iterable[Point], obstacles: Sequence[Point]
) -> int:
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


def path_quality(
    cue: Point, targets: Sequence[Point], obstacles: Sequence[Point]
) -> PathQuality:
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


# -------------------------------------------------------------------------- the D


def _end_shift(dist: float, half_diagonal: float) -> float:
    """How far the end of a path to a target can move over a cell.

    From a point at ``dist`` from a target, every path to it ends on the target's
    contact circle (radius ``BALL_DIAMETER``) within the arc ``psi +- beta``, where
    ``psi`` is the direction of the cue ball seen from the target and
    ``beta = acos(BALL_DIAMETER / dist)``; the edge paths end at its two ends.
    Moving the cue ball by at most ``h`` turns ``psi`` by at most ``asin(h / dist)``
    and changes ``beta`` by at most ``beta(dist) - beta(dist - h)`` (``beta`` grows
    and is concave in ``dist``), so an arc end, or the point of the new arc nearest
    an old end point, moves by at most ``BALL_DIAMETER`` times their sum. ``inf``
    when the cell reaches the target's contact circle.
    """
    near = dist - half_diagonal
    if near <= BALL_DIAMETER * (1 + 1e-9):
        return math.inf
    beta_shift = math.acos(BALL_DIAMETER / dist) - math.acos(BALL_DIAMETER / near)
    # half_diagonal < dist here (near > 0): no clamping needed before asin.
    return BALL_DIAMETER * (math.asin(half_diagonal / dist) + beta_shift)


def _grazing_points(
    rx: float, ry: float, dist: float, reach: float
) -> tuple[Point, Point]:
    """Where the cue ball's centre is when it grazes a target at offset ``(rx, ry)``
    (``dist`` away, ``reach`` the tangent length), relative to its start.

    The point is on the target's contact circle, turned by ``beta`` either way from
    the direction of the cue ball, ``cos(beta) = BALL_DIAMETER / dist``.
    """
    # Unit vector from the target to the cue ball, scaled to the contact circle.
    cx, cy = -rx * BALL_DIAMETER / dist, -ry * BALL_DIAMETER / dist
    cos_b, sin_b = BALL_DIAMETER / dist, reach / dist
    return (
        (rx + cos_b * cx - sin_b * cy, ry + sin_b * cx + cos_b * cy),
        (rx + cos_b * cx + sin_b * cy, ry - sin_b * cx + cos_b * cy),
    )


def _may_obstruct(
    rx: float, ry: float, blockers: Iterable[Point], px: float, py: float, slack: float
) -> tuple[Point, ...]:
    """The ``blockers`` that can come within ``BALL_DIAMETER + slack`` of some path
    from the cue ball at ``(px, py)`` to a target at offset ``(rx, ry)``.

    Every such path lies in the convex hull of the cue ball's centre and the
    target's contact disc: the triangle of the centre and the two grazing points,
    with the disc. Outside it, a ball is at least as far from the paths as from
    the hull's two straight sides and from the disc.
    """
    dist = math.hypot(rx, ry)
    if dist <= BALL_DIAMETER:
        return tuple(blockers)
    reach = math.sqrt(dist * dist - BALL_DIAMETER * BALL_DIAMETER)
    (gx, gy), (hx, hy) = _grazing_points(rx, ry, dist, reach)
    squared = reach * reach
    near = (BALL_DIAMETER + slack) ** 2
    near_target = (2 * BALL_DIAMETER + slack) ** 2
    kept = []
    for blocker in blockers:
        ax, ay = blocker[0] - px, blocker[1] - py
        if (ax - rx) ** 2 + (ay - ry) ** 2 < near_target:
            kept.append(blocker)
            continue
        # Inside the triangle (0, G, H): on the same side of all three edges.
        side_g = gx * ay - gy * ax
        side_h = hx * ay - hy * ax
        side_gh = (hx - gx) * (ay - gy) - (hy - gy) * (ax - gx)
        if side_g * side_h <= 0 and side_g * side_gh >= 0:
            kept.append(blocker)
            continue
        # Near either straight side of the hull (written out twice: this runs for every
        # blocker of every target of every cell).
        along = min(max((ax * gx + ay * gy) / squared, 0.0), 1.0)
        if (ax - along * gx) ** 2 + (ay - along * gy) ** 2 < near:
            kept.append(blocker)
            continue
        along = min(max((ax * hx + ay * hy) / squared, 0.0), 1.0)
        if (ax - along * hx) ** 2 + (ay - along * hy) ** 2 < near:
            kept.append(blocker)
    return tuple(kept)


def _edge_margins(
    px: float,
    py: float,
    tx: float,
    ty: float,
    obstacles: Sequence[Point],
    start_shift: float,
    end_shift: float,
) -> tuple[float, float]:
    """How far (mm) the obstacles stay clear of the cue ball's two edge paths to a
    target: at ``(px, py)`` exactly, and the most it can be anywhere in a cell
    around it whose paths start within ``start_shift`` and end within
    ``end_shift`` of these.

    ``> 0`` means both extreme edges can be struck, ``< 0`` that one cannot; ``inf``
    when no obstacle is near either path. An edge path runs from the cue ball's
    centre to the point ``G`` where it grazes the target (``sqrt(d**2 - D**2)`` away,
    ``D = BALL_DIAMETER``); an obstacle blocks it when its centre is within ``D`` of
    the segment to ``G``. The obstacle's nearest point on the segment, a fraction
    ``f`` along, has a counterpart on the moved segment at most
    ``(1 - f) * start_shift + f * end_shift`` away, so the obstacle's distance to
    the moved segment is at most that much more: a second value below zero means
    the same edge is blocked from every point of the cell.
    """
    rx, ry = tx - px, ty - py
    dist = math.hypot(rx, ry)
    if dist <= BALL_DIAMETER:
        return math.inf, math.inf
    reach = math.sqrt(dist * dist - BALL_DIAMETER * BALL_DIAMETER)
    edges = _grazing_points(rx, ry, dist, reach)
    squared = reach * reach
    far = (reach + BALL_DIAMETER) ** 2
    exact = most = math.inf
    bounded = end_shift < math.inf
    for ox, oy in obstacles:
        ax, ay = ox - px, oy - py
        if ax * ax + ay * ay >= far:
            continue  # beyond both grazing points
        for gx, gy in edges:
            along = min(max((ax * gx + ay * gy) / squared, 0.0), 1.0)
            gap = math.hypot(ax - along * gx, ay - along * gy)
            exact = min(exact, gap)
            if bounded:
                most = min(most, gap + (1 - along) * start_shift + along * end_shift)
    return exact - BALL_DIAMETER, most - BALL_DIAMETER


def _shadows(
    px: float,
    py: float,
    obstacles: Sequence[Point],
    start_shift: float = 0.0,
    end_shift: float = 0.0,
    reach: float = 0.0,
    farthest: float = math.inf,
) -> list[_Shadow]:
    """The directions from ``(px, py)`` in which each obstacle is struck, ``(lo, hi, distance)``
    sorted by ``lo``, listed again a full turn round where needed so that any window of
    directions ``phi +- half`` (``half`` at most a quarter turn) can be swept without wrapping.

    With shifts, for a cell around the point (see ``_target_quality``): each obstacle's contact
    radius is cut by the most its distance to a path can change, for any target whose paths end
    within ``end_shift`` and are at most ``reach`` long. Obstacles whose cut radius reaches the
    point are left out, and so are those ``farthest`` or more away: a shadow counts only for a
    target whose nearest contact lies beyond the obstacle (:func:`_hidden_by_shadows`), so with
    ``farthest`` the largest such contact, those obstacles can hide nothing.

    >>> [(round(lo, 3), round(hi, 3), odist) for lo, hi, odist in _shadows(0, 0, [(100, 0)])]
    [(-0.553, 0.553, 100.0)]
    >>> _shadows(0, 0, [(100, 0)], farthest=100.0)
    []
    """
    shadows = []
    # _path_slack, unfolded for speed: when the start moves more than the end, the cut is
    # start_shift less what the fraction of the way along wins back (at most
    # start_shift - end_shift); otherwise it is end_shift.
    if end_shift >= start_shift:
        nearest_radius, regained, per_mm = BALL_DIAMETER - _BOUND_SLACK - end_shift, 0.0, 0.0
    else:
        nearest_radius = BALL_DIAMETER - _BOUND_SLACK - start_shift
        regained = start_shift - end_shift
        per_mm = regained / reach if reach else 0.0
    # Bound once: this loop runs for every obstacle of every cell of the in-hand search.
    hypot, atan2, asin = math.hypot, math.atan2, math.asin
    append = shadows.append
    for ox, oy in obstacles:
        ax, ay = ox - px, oy - py
        odist = hypot(ax, ay)
        if odist >= farthest:
            continue
        radius = nearest_radius
        if per_mm:
            # The fraction of the way along, (odist - BALL_DIAMETER) / reach, within [0, 1].
            gain = (odist - BALL_DIAMETER) * per_mm
            if gain > 0.0:
                radius += gain if gain < regained else regained
        if not 0.0 < radius < odist:
            continue
        direction = atan2(ay, ax)
        ohalf = asin(radius / odist)
        lo, hi = direction - ohalf, direction + ohalf
        append((lo, hi, odist))
        # A window of directions lies within (-3 pi / 2, 3 pi / 2): only an interval reaching
        # past a quarter turn from the back is needed a turn round.
        if lo < -_HALF_PI:
            append((lo + _TWO_PI, hi + _TWO_PI, odist))
        if hi > _HALF_PI:
            append((lo - _TWO_PI, hi - _TWO_PI, odist))
    shadows.sort()
    return shadows


def _reached(shadows: Sequence[_Shadow]) -> list[float]:
    """The running maximum of the shadows' ends, in their order: bisecting it finds the first
    shadow that ends past a given direction (none before it can cover any of what follows).

    >>> _reached([(0.0, 3.0, 50.0), (1.0, 2.0, 50.0), (2.5, 4.0, 60.0)])
    [3.0, 3.0, 4.0]
    """
    reached = []
    furthest = -math.inf
    for _, hi, _ in shadows:
        if hi > furthest:
            furthest = hi
        reached.append(furthest)
    return reached


def _hidden_by_shadows(
    phi: float,
    half: float,
    nearest_contact: float,
    shadows: Sequence[_Shadow],
    reached: Sequence[float] | None = None,
) -> bool:
    """Whether ``shadows`` cover the directions ``phi +- half`` with obstacles nearer than
    ``nearest_contact``.

    Along a direction inside an obstacle's interval the cue ball meets it within its
    distance, and it meets a target ``dist`` away no sooner than ``dist - BALL_DIAMETER``
    (the triangle inequality); so an obstacle nearer than that is met first all along its
    interval, and full cover by such obstacles leaves no path to the target.

    With ``reached`` (:func:`_reached` of the shadows), the sweep starts at the first shadow
    ending inside the window instead of half a turn before it: the same answer, sooner.

    >>> shadows = [(0.0, 1.0, 50.0), (0.9, 2.0, 60.0), (1.9, 3.0, 200.0)]
    >>> _hidden_by_shadows(1.0, 0.9, 100.0, shadows), _hidden_by_shadows(2.0, 0.9, 100.0, shadows)
    (True, False)
    >>> _hidden_by_shadows(2.0, 0.9, 300.0, shadows, _reached(shadows))
    True
    """
    cursor, end = phi - half, phi + half
    if reached is None:
        # No interval is a half turn wide: those starting earlier end before the window.
        start = bisect.bisect_left(shadows, (cursor - math.pi,))
    else:
        start = bisect.bisect_right(reached, cursor)
    for index in range(start, len(shadows)):
        lo, hi, odist = shadows[index]
        if odist >= nearest_contact or hi <= cursor:
            continue
        if lo > cursor:
            return False  # a gap no nearer obstacle fills
        cursor = hi
        if cursor >= end:
            return True
    return False


def _in_hand_quality(targets: Sequence[Point], obstacles: Sequence[Point]) -> int:
    """Best path quality over the valid placements in the D (see in_hand_path_quality)."""
    best = _NONE
    side = D_RADIUS  # the D's bounding box is two squares of side D_RADIUS
    x0, y0 = D_CENTRE[0] - D_RADIUS, BAULK_LINE_Y - D_RADIUS
    # A cell carries the balls that may still stop a placement in it, and the
    # targets still possible in it, each with the best quality it could still give
    # there and the obstacles that may still block a path to it.
    every_obstacle = tuple(obstacles)
    # As tuples: a cell remembers per target (as a key) whether its centre sees it.
    everyone = tuple(((x, y), _FULL, every_obstacle) for x, y in targets)
    balls = (*targets, *obstacles)
    queue = [
        (0.0, 0, x0 + 1.5 * side, y0 + side / 2, side, balls, everyone),
        (0.0, 1, x0 + side / 2, y0 + side / 2, side, balls, everyone),
    ]
    pushed = len(queue)
    # Bound once: the loop below runs for every target of every cell.
    hypot, asin, atan2 = math.hypot, math.asin, math.atan2
    half_diagonal = math.sqrt(0.5)
    # Cells whose edge paths could be clearest come first, so that a full view,
    # when there is one, is found early.
    while queue:
        _, _, cx, cy, side, balls, alive = heapq.heappop(queue)
        shift = side * half_diagonal  # every point of the cell is this close to its centre
        placement = min(D_RADIUS - hypot(cx - D_CENTRE[0], cy - D_CENTRE[1]), BAULK_LINE_Y - cy)
        if placement + shift < 0:
            continue  # wholly outside the D (the balls below could only take more of it away)
        near_balls = []
        for ball in balls:
            clearance = hypot(cx - ball[0], cy - ball[1]) - _FREE_DISTANCE
            if clearance <= shift:
                near_balls.append(ball)
                if clearance < placement:
                    placement = clearance
        if placement + shift < 0:
            continue  # wholly outside the D or within touching distance of a ball
        survivors = []
        clearest = -math.inf
        # The targets whose paths move less at their end than at their start (all but the
        # nearest) share one proof that they are hidden from the whole cell: the obstacles'
        # shadows from the centre, each cut by the most the group's paths can move there
        # (the farthest target's paths are the longest: the least cut).
        placed = []
        group_end = group_far = farthest = 0.0
        for target, level, blockers in alive:
            if level <= best:
                continue
            rx, ry = target[0] - cx, target[1] - cy
            dist = hypot(rx, ry)
            end_shift = _end_shift(dist, shift)
            if end_shift <= shift:
                if end_shift > group_end:
                    group_end = end_shift
                if dist > group_far:
                    group_far = dist
            if dist > farthest:
                farthest = dist
            placed.append((target, level, blockers, rx, ry, dist, end_shift))
        shadows: list[_Shadow] | None = None
        reached: list[float] = []
        centre_shadows: list[_Shadow] | None = None  # from the centre alone, uncut
        centre_reached: list[float] = []
        hidden_at_centre: dict[Point, bool] = {}

        # Defined afresh for each cell and only called for it; the cell's values are bound
        # as defaults, so it cannot see another cell's (and locals are quicker than cells).
        def hidden_from_centre(
            target: Point,
            rx: float,
            ry: float,
            dist: float,
            *,
            cx: float = cx,
            cy: float = cy,
            farthest: float = farthest,
            hidden_at_centre: dict[Point, bool] = hidden_at_centre,
        ) -> bool:
            nonlocal centre_shadows, centre_reached
            if dist <= BALL_DIAMETER:
                return False
            if target in hidden_at_centre:  # asked again for the survivors below
                return hidden_at_centre[target]
            if centre_shadows is None:
                centre_shadows = _shadows(cx, cy, every_obstacle, farthest=farthest - BALL_DIAMETER)
                centre_reached = _reached(centre_shadows)
            hidden = hidden_at_centre[target] = _hidden_by_shadows(
                atan2(ry, rx),
                asin(BALL_DIAMETER / dist),
                dist - BALL_DIAMETER,
                centre_shadows,
                centre_reached,
            )
            return hidden

        for target, level, blockers, rx, ry, dist, end_shift in placed:
            if level <= best:
                continue
            if end_shift <= shift:
                if shadows is None:
                    group_reach = math.sqrt(group_far * group_far - BALL_DIAMETER**2)
                    shadows = _shadows(
                        cx,
                        cy,
                        every_obstacle,
                        shift,
                        group_end,
                        group_reach,
                        farthest=group_far - BALL_DIAMETER,
                    )
                    reached = _reached(shadows)
                half = asin(BALL_DIAMETER / dist)
                phi = atan2(ry, rx)
                if _hidden_by_shadows(phi, half, dist - BALL_DIAMETER, shadows, reached):
                    continue  # no point of the cell has any path to this target
                if end_shift < group_end and shift <= _SHADOWS_ONLY_ABOVE:
                    # The group's shadows are cut by its nearest target's bound (the largest
                    # end shift); this target's own, less cut, may prove it hidden before its
                    # slower own bounds below are tried: the same proof, for it alone, past the
                    # obstacles that may still block it.
                    own = _shadows(
                        cx,
                        cy,
                        blockers,
                        shift,
                        end_shift,
                        math.sqrt(dist * dist - BALL_DIAMETER**2),
                        farthest=dist - BALL_DIAMETER,
                    )
                    if _hidden_by_shadows(phi, half, dist - BALL_DIAMETER, own):
                        continue
            tx, ty = target
            # A target hidden from the centre cannot have both edges clear there: its own bound
            # that drops it from the whole cell is tried first, before the far obstacles are
            # culled and its edges bounded (the obstacles culled are too far to block anything
            # within that bound, so the answer is the same with them).
            bounded = (
                level == _FULL
                and shift <= _SHADOWS_ONLY_ABOVE
                and hidden_from_centre(target, rx, ry, dist)
            )
            if bounded:
                seen = _seen_from(cx, cy, blockers)
                if _target_quality(cx, cy, tx, ty, seen, shift, end_shift) == _NONE:
                    continue
            slack = max(shift, end_shift)
            if slack < _CULL_BELOW:
                blockers = _may_obstruct(rx, ry, blockers, cx, cy, slack)
            # In coarse cells the shared shadows have tried already, and a target's own bounds
            # rarely do better there: splitting the cell is cheaper.
            coarse = end_shift <= shift and shift > _SHADOWS_ONLY_ABOVE
            if level == _FULL and not (coarse and hidden_from_centre(target, rx, ry, dist)):
                exact, most = _edge_margins(cx, cy, tx, ty, blockers, shift, end_shift)
                if exact > _MARGIN_EPS and placement >= 0:
                    return _FULL
                if most < -_MARGIN_EPS:
                    level = _PARTIAL  # an edge is blocked from every point of the cell
                else:
                    clearest = max(clearest, most)
            if level == _PARTIAL:
                if best >= _PARTIAL:
                    continue
                seen = None
                if not coarse and not bounded:  # (bounded: tried above)
                    seen = _seen_from(cx, cy, blockers)
                    if _target_quality(cx, cy, tx, ty, seen, shift, end_shift) == _NONE:
                        continue
                if placement >= 0 and not hidden_from_centre(target, rx, ry, dist):
                    if seen is None:
                        seen = _seen_from(cx, cy, blockers)
                    if _target_quality(cx, cy, tx, ty, seen) >= _PARTIAL:
                        best = _PARTIAL
                        continue
            survivors.append((target, level, blockers))
        if placement >= 0 and best == _NONE:
            for target, level, blockers in survivors:
                rx, ry = target[0] - cx, target[1] - cy
                if level != _FULL or hidden_from_centre(target, rx, ry, hypot(rx, ry)):
                    continue  # its centre was tested exactly above, or sees nothing of it
                quality = _target_quality(cx, cy, *target, _seen_from(cx, cy, blockers))
                if quality == _FULL:  # an edge grazing a ball on its outer side
                    return _FULL
                if quality == _PARTIAL:
                    best = _PARTIAL
                    break
        if side <= _MIN_CELL_SIDE:
            continue
        kept = tuple(entry for entry in survivors if entry[1] > best)
        if kept:
            # Halves, as a rule. A cell whose halves would still be coarse, from whose centre
            # no target left is in sight at all, goes straight to the first size whose bounds
            # can prove something: the coarse sizes between would only fail the same way, cell
            # by cell, with no view to steer by. The sizes stay D_RADIUS / 2**k, so the
            # smallest cells, and what they find, are unchanged.
            parts = 2
            if shift / 2 > _SPLIT_STRAIGHT_ABOVE and all(
                hidden_from_centre(target, tx - cx, ty - cy, hypot(tx - cx, ty - cy))
                for (tx, ty), _, _ in kept
            ):
                while side / parts * half_diagonal > _SPLIT_STRAIGHT_ABOVE:
                    parts *= 2
            part, near_balls = side / parts, tuple(near_balls)
            for x, y in _cell_parts(cx, cy, side, parts):
                pushed += 1
                heapq.heappush(queue, (-clearest, pushed, x, y, part, near_balls, kept))
    return best


def _cell_parts(cx: float, cy: float, side: float, parts: int) -> list[Point]:
    """Centres of the ``parts * parts`` equal squares tiling the square cell of ``side``
    centred at ``(cx, cy)``, row by row from the bottom left.

    >>> _cell_parts(0.0, 0.0, 4.0, 2)
    [(-1.0, -1.0), (1.0, -1.0), (-1.0, 1.0), (1.0, 1.0)]
    """
    part = side / parts
    left, bottom = cx - (side - part) / 2, cy - (side - part) / 2
    return [
        (left + column * part, bottom + row * part)
        for row in range(parts)
        for column in range(parts)
    ]


def in_hand_path_quality(targets: Sequence[Point], obstacles: Sequence[Point]) -> PathQuality:
    """Best :func:`path_quality` over every cue-ball placement in the D.

    A placement is valid when it is on or within the lines of the D and touches
    no ball (its centre at least ``BALL_DIAMETER + TOUCH_TOLERANCE`` from every
    other centre). In hand, the striker is snookered only when snookered from
    every such placement, so this is the best quality over all of them.

    Method: branch and bound over square cells covering the D, each carrying the
    targets still possible in it. A path from the cue ball to a target is blocked
    by an obstacle whose centre comes within ``BALL_DIAMETER`` of the segment
    from the cue ball's centre to the path's end on the target's contact circle
    (for the extreme edges, the grazing point). Over a cell, the segment's start
    moves by at most the cell's half-diagonal ``h`` and its end by a proven
    ``e`` (``_end_shift``), so an obstacle's distance to it changes by at most
    ``(1 - f) * h + f * e`` where ``f`` is how far along the segment the obstacle
    is met. Testing the cell's centre with each obstacle's reach cut by that much
    decides for the whole cell, with no sampling, that a target's edges are hidden
    (it cannot be ``full`` there) or that it is hidden altogether; such targets stay
    excluded in the cell's quarters. Cells with nothing left to find, or wholly
    outside the D or within touching distance of a ball, are dropped; a valid
    centre is tested exactly, and a ``full`` one ends the search. Cells are split
    down to a side under a millimetre (0.57 mm), so any disc of placements 0.8 mm
    across that all reach a quality is found (the centre of the smallest cell
    holding its centre lies in it, and no cell holding it can be dropped); only
    thinner slivers may be missed. Far obstacles are dropped per target and cell
    by the same bound, and the cells whose edge paths could be clearest are
    searched first. All targets of a cell are first tried together: the obstacles'
    directions from the centre, cut by the same bound, are computed once, and a
    target wholly covered by obstacles nearer than itself is hidden from the whole
    cell (:func:`_hidden_by_shadows`), so that several balls on behind one wall
    cost little more than one; a target this shared bound (that of the group's
    nearest member) fails to hide is tried again alone, with its own bound, and
    one hidden from the centre is tried with its exact bound before its edges are.
    Cells are halved, except that a cell too big for
    these bounds to prove anything (half-diagonal over ``BALL_DIAMETER / 2``), with
    nothing in sight from its centre, is cut straight into cells of the first size
    below that: the same sizes, so the same smallest cells, without the levels in
    between that could only fail.

    A red just above the baulk line, nothing in the way:

    >>> in_hand_path_quality([(889, 900)], [])
    'full'

    A row of balls just above the baulk line hides a red behind it from the whole D:

    >>> wall = [(x, 760.0) for x in range(500, 1300, 53)]
    >>> in_hand_path_quality([(889, 830)], wall)
    'none'
    """
    return _QUALITY_NAMES[_in_hand_quality(targets, obstacles)]


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
