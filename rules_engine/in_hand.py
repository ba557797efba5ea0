"""The best path from the cue ball in hand to a ball on, over every placement in the D
(``in_hand_path_quality``): a branch and bound over square cells with proven bounds.

``rules_engine.geometry`` is the module to import: it re-exports ``in_hand_path_quality``.
"""

from __future__ import annotations

import bisect
import heapq
import math
from collections.abc import Iterable, Sequence
from typing import Final

from rules_engine.paths import (
    _BOUND_SLACK,
    _FREE_DISTANCE,
    _FULL,
    _HALF_PI,
    _MARGIN_EPS,
    _NONE,
    _PARTIAL,
    _QUALITY_NAMES,
    _TWO_PI,
    PathQuality,
    _seen_from,
    _Shadow,
    _target_quality,
)
from rules_engine.table import BALL_DIAMETER, BAULK_LINE_Y, D_CENTRE, D_RADIUS, Point

#: The in-hand search drops a target's far obstacles once its cells' paths move
#: by less than this (mm); in bigger cells few could be dropped, and the cells below
#: inherit the dropping anyway.
_CULL_BELOW: Final = 40.0
#: In cells whose points lie farther than this (mm) from the centre, a target's own bounds
#: are not tried once the shared shadows have failed to hide it (see _test_target).
_SHADOWS_ONLY_ABOVE: Final = BALL_DIAMETER / 2
#: A cell whose halves' half-diagonal would be above this (mm), with no target in sight from
#: its centre, is split straight into the first size whose half-diagonal is not (see
#: _children).
_SPLIT_STRAIGHT_ABOVE: Final = _SHADOWS_ONLY_ABOVE
#: The in-hand search stops splitting a cell once its side is this short (mm).
_MIN_CELL_SIDE: Final = 1.0


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


def _grazing_points(rx: float, ry: float, dist: float, reach: float) -> tuple[Point, Point]:
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


def _radius_cut(start_shift: float, end_shift: float, reach: float) -> tuple[float, float, float]:
    """``_path_slack`` unfolded for ``_shadows``: ``(the contact radius of the nearest obstacle,
    the most a farther one wins back, what it wins back per mm farther)``. When the start moves
    more than the end, the cut is start_shift less what the fraction of the way along wins back
    (at most start_shift - end_shift); otherwise it is end_shift.

    >>> _radius_cut(0.0, 2.0, 100.0)[1:], _radius_cut(3.0, 1.0, 100.0)[1:]
    ((0.0, 0.0), (2.0, 0.02))
    """
    if end_shift >= start_shift:
        return BALL_DIAMETER - _BOUND_SLACK - end_shift, 0.0, 0.0
    regained = start_shift - end_shift
    return BALL_DIAMETER - _BOUND_SLACK - start_shift, regained, regained / reach if reach else 0.0


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
    nearest_radius, regained, per_mm = _radius_cut(start_shift, end_shift, reach)
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
    """Best path quality over the valid placements in the D (see in_hand_path_quality).

    Branch and bound over square cells, those whose edge paths could be clearest first, so that
    a full view, when there is one, is found early. A cell carries the balls that may still
    stop a placement in it, and the targets still possible in it, each with the best quality it
    could still give there and the obstacles that may still block a path to it.
    """
    best = _NONE
    side = D_RADIUS  # the D's bounding box is two squares of side D_RADIUS
    x0, y0 = D_CENTRE[0] - D_RADIUS, BAULK_LINE_Y - D_RADIUS
    every_obstacle = tuple(obstacles)
    everyone = tuple(((x, y), _FULL, every_obstacle) for x, y in targets)
    balls = (*targets, *obstacles)
    queue = [
        (0.0, 0, x0 + 1.5 * side, y0 + side / 2, side, balls, everyone),
        (0.0, 1, x0 + side / 2, y0 + side / 2, side, balls, everyone),
    ]
    pushed = len(queue)
    while queue:
        _, _, cx, cy, side, balls, alive = heapq.heappop(queue)
        shift = side * _HALF_DIAGONAL  # every point of the cell is this close to its centre
        placement, near_balls = _placement(cx, cy, shift, balls)
        if placement + shift < 0:
            continue  # wholly outside the D or within touching distance of a ball
        cell = _Cell(cx, cy, shift, placement, every_obstacle)
        found, best, survivors, clearest = _survey(cell, alive, best)
        if found:
            return _FULL
        if side <= _MIN_CELL_SIDE:
            continue
        kept = tuple(entry for entry in survivors if entry[1] > best)
        if kept:
            part, centres = _children(cell, side, kept)
            for x, y in centres:
                pushed += 1
                heapq.heappush(queue, (-clearest, pushed, x, y, part, near_balls, kept))
    return best


#: A target in a cell: the target, the best quality it could still give, the obstacles that may
#: still block it, its offset and distance from the centre, and how far its paths' ends move.
_Placed = tuple[Point, int, tuple[Point, ...], float, float, float, float]
#: The diagonal of a unit square, halved: a cell's points lie within side * this of its centre.
_HALF_DIAGONAL: Final = math.sqrt(0.5)
#: What testing one target in a cell found (``_test_target``).
_DROP, _KEEP, _FOUND_FULL, _FOUND_PARTIAL = range(4)


def _distance(target: Point, cx: float, cy: float) -> float:
    return math.hypot(target[0] - cx, target[1] - cy)


def _placement(cx: float, cy: float, shift: float, balls: Sequence[Point]) -> tuple[float, tuple]:
    """How far (mm) the cell's centre lies inside the D and clear of touching every ball
    (negative: outside, or touching), and the balls near enough to stop a placement in the
    cell (none when the cell lies wholly outside the D: no ball could give it back)."""
    placement = min(D_RADIUS - math.hypot(cx - D_CENTRE[0], cy - D_CENTRE[1]), BAULK_LINE_Y - cy)
    if placement + shift < 0:
        return placement, ()
    hypot = math.hypot
    near_balls = []
    for ball in balls:
        clearance = hypot(cx - ball[0], cy - ball[1]) - _FREE_DISTANCE
        if clearance <= shift:
            near_balls.append(ball)
            if clearance < placement:
                placement = clearance
    return placement, tuple(near_balls)


class _Cell:
    """One square cell of placements: its centre, how far its points lie from it (``shift``),
    how valid the centre is (``placement``), and the proofs worked out once for all its
    targets (the obstacles' shadows, from the centre, cut by the group's bound or not)."""

    __slots__ = (
        "cx",
        "cy",
        "shift",
        "placement",
        "obstacles",
        "group_end",
        "group_far",
        "farthest",
        "shadows",
        "reached",
        "centre_shadows",
        "centre_reached",
        "hidden_at_centre",
    )

    def __init__(
        self, cx: float, cy: float, shift: float, placement: float, obstacles: tuple[Point, ...]
    ) -> None:
        self.cx, self.cy, self.shift, self.placement = cx, cy, shift, placement
        self.obstacles = obstacles
        self.group_end = self.group_far = self.farthest = 0.0
        self.shadows: list[_Shadow] | None = None
        self.reached: list[float] = []
        self.centre_shadows: list[_Shadow] | None = None  # from the centre alone, uncut
        self.centre_reached: list[float] = []
        self.hidden_at_centre: dict[Point, bool] = {}

    def place(self, alive: Sequence[tuple[Point, int, tuple[Point, ...]]], best: int) -> list:
        """The targets that could still beat ``best``, placed relative to the centre.

        The targets whose paths move less at their end than at their start (all but the
        nearest) share one proof that they are hidden from the whole cell: the obstacles'
        shadows from the centre, each cut by the most the group's paths can move there (the
        farthest target's paths are the longest: the least cut). Notes that group's bound.
        """
        cx, cy, shift = self.cx, self.cy, self.shift
        hypot = math.hypot
        placed: list[_Placed] = []
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
        self.group_end, self.group_far, self.farthest = group_end, group_far, farthest
        return placed

    def hidden_from_centre(self, target: Point, rx: float, ry: float, dist: float) -> bool:
        """Whether obstacles nearer than ``target`` cover it wholly as seen from the centre."""
        if dist <= BALL_DIAMETER:
            return False
        hidden = self.hidden_at_centre.get(target)
        if hidden is not None:  # asked again for the survivors, or to split the cell
            return hidden
        if self.centre_shadows is None:
            self.centre_shadows = _shadows(
                self.cx, self.cy, self.obstacles, farthest=self.farthest - BALL_DIAMETER
            )
            self.centre_reached = _reached(self.centre_shadows)
        hidden = self.hidden_at_centre[target] = _hidden_by_shadows(
            math.atan2(ry, rx),
            math.asin(BALL_DIAMETER / dist),
            dist - BALL_DIAMETER,
            self.centre_shadows,
            self.centre_reached,
        )
        return hidden

    def hidden_by_shadows(
        self, blockers: tuple[Point, ...], rx: float, ry: float, dist: float, end_shift: float
    ) -> bool:
        """Whether a target of the group is hidden from every point of the cell: by the group's
        shadows, or, when the group's bound is that of a nearer target (a bigger end shift),
        by its own shadows past the obstacles that may still block it (the same proof, for it
        alone, before its slower own bounds are tried)."""
        cx, cy, shift = self.cx, self.cy, self.shift
        if self.shadows is None:
            group_far = self.group_far
            group_reach = math.sqrt(group_far * group_far - BALL_DIAMETER**2)
            self.shadows = _shadows(
                cx,
                cy,
                self.obstacles,
                shift,
                self.group_end,
                group_reach,
                farthest=group_far - BALL_DIAMETER,
            )
            self.reached = _reached(self.shadows)
        half = math.asin(BALL_DIAMETER / dist)
        phi = math.atan2(ry, rx)
        if _hidden_by_shadows(phi, half, dist - BALL_DIAMETER, self.shadows, self.reached):
            return True
        if end_shift < self.group_end and shift <= _SHADOWS_ONLY_ABOVE:
            reach = math.sqrt(dist * dist - BALL_DIAMETER**2)
            own = _shadows(cx, cy, blockers, shift, end_shift, reach, farthest=dist - BALL_DIAMETER)
            return _hidden_by_shadows(phi, half, dist - BALL_DIAMETER, own)
        return False


def _survey(cell: _Cell, alive: Sequence, best: int) -> tuple[bool, int, list, float]:
    """Every target still possible in ``cell`` tested: ``(a full view found at a valid
    placement, the best quality found so far, the targets still possible in the cell's
    parts, the clearest edge margin of any of them)``."""
    survivors = []
    clearest = -math.inf
    for target, level, blockers, rx, ry, dist, end_shift in cell.place(alive, best):
        if level <= best:
            continue
        if end_shift <= cell.shift and cell.hidden_by_shadows(blockers, rx, ry, dist, end_shift):
            continue  # no point of the cell has any path to this target
        found, level, blockers, most = _test_target(
            cell, best, target, level, blockers, rx, ry, dist, end_shift
        )
        if found == _FOUND_FULL:
            return True, best, survivors, clearest
        if found == _FOUND_PARTIAL:
            best = _PARTIAL
        if found != _KEEP:
            continue
        if most > clearest:
            clearest = most
        survivors.append((target, level, blockers))
    if cell.placement >= 0 and best == _NONE:
        quality = _centre_view(cell, survivors)
        if quality == _FULL:
            return True, best, survivors, clearest
        best = max(best, quality)
    return False, best, survivors, clearest


def _test_target(
    cell: _Cell,
    best: int,
    target: Point,
    level: int,
    blockers: tuple[Point, ...],
    rx: float,
    ry: float,
    dist: float,
    end_shift: float,
) -> tuple[int, int, tuple[Point, ...], float]:
    """One target in ``cell``: ``(what was found, its level and blockers in the cell's parts,
    its clearest edge margin, -inf when none was bounded)``.

    A target hidden from the centre cannot have both edges clear there: its own bound that
    drops it from the whole cell is tried first, before the far obstacles are culled and its
    edges bounded (the obstacles culled are too far to block anything within that bound, so the
    answer is the same with them). In coarse cells the shared shadows have tried already, and a
    target's own bounds rarely do better there: splitting the cell is cheaper.
    """
    cx, cy, shift = cell.cx, cell.cy, cell.shift
    tx, ty = target
    bounded = (
        level == _FULL
        and shift <= _SHADOWS_ONLY_ABOVE
        and cell.hidden_from_centre(target, rx, ry, dist)
    )
    if bounded:
        seen = _seen_from(cx, cy, blockers)
        if _target_quality(cx, cy, tx, ty, seen, shift, end_shift) == _NONE:
            return _DROP, level, blockers, -math.inf
    slack = max(shift, end_shift)
    if slack < _CULL_BELOW:
        blockers = _may_obstruct(rx, ry, blockers, cx, cy, slack)
    coarse = end_shift <= shift and shift > _SHADOWS_ONLY_ABOVE
    most = -math.inf
    if level == _FULL and not (coarse and cell.hidden_from_centre(target, rx, ry, dist)):
        exact, most = _edge_margins(cx, cy, tx, ty, blockers, shift, end_shift)
        if exact > _MARGIN_EPS and cell.placement >= 0:
            return _FOUND_FULL, level, blockers, most
        if most < -_MARGIN_EPS:
            level, most = _PARTIAL, -math.inf  # an edge is blocked from every point of the cell
    if level == _PARTIAL:
        if best >= _PARTIAL:
            return _DROP, level, blockers, most
        found = _partial_view(cell, target, blockers, rx, ry, dist, end_shift, coarse or bounded)
        return found, level, blockers, most
    return _KEEP, level, blockers, most


def _partial_view(
    cell: _Cell,
    target: Point,
    blockers: tuple[Point, ...],
    rx: float,
    ry: float,
    dist: float,
    end_shift: float,
    bound_tried: bool,
) -> int:
    """A target that can give at most a partial view in ``cell``: dropped when its bound hides
    it from the whole cell (unless tried already), found when the valid centre sees part of it,
    else kept."""
    cx, cy, shift = cell.cx, cell.cy, cell.shift
    tx, ty = target
    seen = None
    if not bound_tried:
        seen = _seen_from(cx, cy, blockers)
        if _target_quality(cx, cy, tx, ty, seen, shift, end_shift) == _NONE:
            return _DROP
    if cell.placement >= 0 and not cell.hidden_from_centre(target, rx, ry, dist):
        if seen is None:
            seen = _seen_from(cx, cy, blockers)
        if _target_quality(cx, cy, tx, ty, seen) >= _PARTIAL:
            return _FOUND_PARTIAL
    return _KEEP


def _centre_view(cell: _Cell, survivors: Sequence[tuple[Point, int, tuple[Point, ...]]]) -> int:
    """The best quality from the cell's (valid) centre to the targets still full there that
    it sees something of: their centre was not tested exactly above."""
    cx, cy = cell.cx, cell.cy
    for target, level, blockers in survivors:
        rx, ry = target[0] - cx, target[1] - cy
        if level != _FULL or cell.hidden_from_centre(target, rx, ry, math.hypot(rx, ry)):
            continue  # its centre was tested exactly above, or sees nothing of it
        quality = _target_quality(cx, cy, *target, _seen_from(cx, cy, blockers))
        if quality != _NONE:  # full: an edge grazing a ball on its outer side
            return quality
    return _NONE


def _children(
    cell: _Cell, side: float, kept: Sequence[tuple[Point, int, tuple[Point, ...]]]
) -> tuple[float, list[Point]]:
    """The side and centres of the cells that ``cell`` is split into.

    Halves, as a rule. A cell whose halves would still be coarse, from whose centre no target
    left is in sight at all, goes straight to the first size whose bounds can prove something:
    the coarse sizes between would only fail the same way, cell by cell, with no view to steer
    by. The sizes stay D_RADIUS / 2**k, so the smallest cells, and what they find, are
    unchanged.
    """
    cx, cy = cell.cx, cell.cy
    parts = 2
    if cell.shift / 2 > _SPLIT_STRAIGHT_ABOVE and all(
        cell.hidden_from_centre(target, target[0] - cx, target[1] - cy, _distance(target, cx, cy))
        for target, _, _ in kept
    ):
        while side / parts * _HALF_DIAGONAL > _SPLIT_STRAIGHT_ABOVE:
            parts *= 2
    return side / parts, _cell_parts(cx, cy, side, parts)


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
