"""Tests for rules_engine.geometry: hand-made positions with known answers, and properties."""

from __future__ import annotations

import math

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from rules_engine import in_hand
from rules_engine.geometry import (
    PLACEMENT_GAP,
    in_d,
    in_hand_path_quality,
    on_playing_surface,
    overlaps,
    path_quality,
    place_below,
    place_towards_top,
    spot_is_occupied,
    touching_balls,
)
from rules_engine.table import (
    BALL_DIAMETER,
    BALL_RADIUS,
    D_CENTRE,
    SPOTS,
    TABLE_LENGTH,
    TABLE_WIDTH,
    TOUCH_TOLERANCE,
)

RANK = {"none": 0, "partial": 1, "full": 2}
CUE = (889.0, 1000.0)
FAR_RED = (889.0, 3000.0)


def edge_direction(cue, target, side):
    """Unit direction of the cue ball's path grazing ``target`` on ``side`` (+1 left, -1 right)."""
    dx, dy = target[0] - cue[0], target[1] - cue[1]
    angle = math.atan2(dy, dx) + side * math.asin(BALL_DIAMETER / math.hypot(dx, dy))
    return math.cos(angle), math.sin(angle)


def beside_left_edge(cue, target, clearance, fraction=0.5):
    """A point ``clearance`` from the left edge path, outside it, ``fraction`` of the way along."""
    ux, uy = edge_direction(cue, target, +1)
    length = math.sqrt(math.dist(cue, target) ** 2 - BALL_DIAMETER**2)
    # Outward normal of the left edge path: turn its direction a quarter to the left.
    nx, ny = -uy, ux
    along = fraction * length
    return (cue[0] + along * ux + clearance * nx, cue[1] + along * uy + clearance * ny)


# ----------------------------------------------------------------- path_quality


def test_straight_line_blocked_by_one_ball():
    assert path_quality((889, 1300), [(889, 2400)], [SPOTS["blue"]]) == "none"


def test_no_obstacle_is_full_and_no_target_is_none():
    assert path_quality(CUE, [FAR_RED], []) == "full"
    assert path_quality(CUE, [], [FAR_RED]) == "none"


def test_obstacle_to_one_side_hides_one_edge_only():
    assert path_quality((889, 1300), [(889, 2400)], [(829, 1784.5)]) == "partial"
    assert path_quality((889, 1300), [(889, 2400)], [(949, 1784.5)]) == "partial"


@pytest.mark.parametrize("fraction", [0.2, 0.5, 0.9])
def test_edge_just_clear_by_half_a_millimetre(fraction):
    obstacle = beside_left_edge(CUE, FAR_RED, BALL_DIAMETER + 0.5, fraction)
    assert path_quality(CUE, [FAR_RED], [obstacle]) == "full"


@pytest.mark.parametrize("fraction", [0.2, 0.5, 0.9])
def test_edge_blocked_by_half_a_millimetre(fraction):
    obstacle = beside_left_edge(CUE, FAR_RED, BALL_DIAMETER - 0.5, fraction)
    assert path_quality(CUE, [FAR_RED], [obstacle]) == "partial"


def test_edge_grazed_exactly_from_outside_is_clear():
    # Tangent to the edge path on its far side: rays just inside the edge miss it.
    obstacle = beside_left_edge(CUE, FAR_RED, BALL_DIAMETER)
    assert path_quality(CUE, [FAR_RED], [obstacle]) == "full"


def test_a_ball_on_behind_another_ball_on_is_not_a_snooker():
    near_red = (889.0, 1500.0)
    assert path_quality(CUE, [FAR_RED, near_red], []) == "full"
    # The same ball, not on, hides the far red completely.
    assert path_quality(CUE, [FAR_RED], [near_red]) == "none"


@pytest.mark.parametrize(("spacing", "expected"), [(105.5, "partial"), (104.5, "none")])
def test_gap_between_two_balls_wider_or_narrower_than_the_cue_ball(spacing, expected):
    obstacles = [(889 - spacing / 2, 1200.0), (889 + spacing / 2, 1200.0)]
    assert path_quality(CUE, [FAR_RED], obstacles) == expected


def test_obstacles_hiding_every_direction_of_one_target_but_not_another():
    hidden, seen = (889.0, 1600.0), (1600.0, 1150.0)
    screen = [(x, 1200.0) for x in range(650, 1130, 53)]
    assert path_quality(CUE, [hidden], screen) == "none"
    assert path_quality(CUE, [seen], screen) == "full"
    assert path_quality(CUE, [hidden, seen], screen) == "full"


def test_obstacle_beyond_the_target_does_not_block():
    assert path_quality(CUE, [(889.0, 2000.0)], [(889.0, 2200.0)]) == "full"


def test_obstacle_touching_the_target_hides_only_its_side():
    # A ball touching the red on the cue ball's side of its left edge.
    target = (889.0, 2000.0)
    assert path_quality(CUE, [target], [(889.0 - BALL_DIAMETER, 2000.0)]) == "partial"


def test_cue_ball_touching_a_ball_on_is_not_snookered():
    target = (889.0, 1000.0 + BALL_DIAMETER)
    assert path_quality(CUE, [target], [(700.0, 1100.0)]) == "full"


def test_cue_ball_touching_an_obstacle_can_still_play_away_from_it():
    blocker = (889.0, 1000.0 + BALL_DIAMETER)
    assert path_quality(CUE, [FAR_RED], [blocker]) == "none"
    assert path_quality(CUE, [(889.0, 500.0)], [blocker]) == "full"


def test_the_shared_snookered_behind_blue_case():
    reds = [(889, 2400)]
    colours = [SPOTS[name] for name in ("yellow", "green", "brown", "blue", "pink", "black")]
    assert path_quality((889, 1300), reds, colours) == "none"


# ------------------------------------------------------------------------ the D

# A screen across the table at y = 900 with one window; through it the target far
# up the table is fully visible only along a narrow beam ending at the D's right corner.
BEAM_TARGET = (1400.0, 1900.0)
BEAM_THROUGH = (1170.0, 720.0)


def screen_with_window(window_x: float, spacing: float = 125.0) -> list[tuple[float, float]]:
    balls = []
    x = window_x - spacing / 2
    while x > BALL_RADIUS:
        balls.append((x, 900.0))
        x -= 53.0
    x = window_x + spacing / 2
    while x < TABLE_WIDTH - BALL_RADIUS:
        balls.append((x, 900.0))
        x += 53.0
    return balls


def beam_screen():
    tx, ty = BEAM_TARGET
    bx, by = BEAM_THROUGH
    window_x = bx + (900.0 - by) * (tx - bx) / (ty - by)
    return screen_with_window(window_x)


def test_only_one_corner_of_the_d_sees_the_ball():
    screen = beam_screen()
    assert path_quality(BEAM_THROUGH, [BEAM_TARGET], screen) == "full"
    for elsewhere in [(889, 600), (597, 737), (889, 445), (1100, 700), (1181, 737)]:
        assert path_quality(elsewhere, [BEAM_TARGET], screen) != "full", elsewhere
    assert in_hand_path_quality([BEAM_TARGET], screen) == "full"


def test_the_only_view_blocked_by_balls_in_the_d_is_no_view():
    # Two balls on the beam make every placement with the full view touch one of them.
    screen = beam_screen()
    tx, ty = BEAM_TARGET
    bx, by = BEAM_THROUGH
    on_beam = [(bx + (y - by) * (tx - bx) / (ty - by), y) for y in (625.0, 725.0)]
    assert in_hand_path_quality([BEAM_TARGET], screen + on_beam) != "full"


def test_closing_the_window_snookers_the_whole_d():
    screen = beam_screen()
    assert in_hand_path_quality([BEAM_TARGET], [*screen, (1204.0, 960.0)]) in {"partial", "none"}


def test_wall_above_the_baulk_line_hides_a_red_from_the_whole_d():
    wall = [(x, 790.0) for x in range(440, 1340, 53)]
    assert in_hand_path_quality([(889.0, 900.0)], wall) == "none"
    # One ball out leaves a gap of 106 mm between centres: the cue ball just passes.
    one_out = [ball for ball in wall if ball[0] != 864]
    assert in_hand_path_quality([(889.0, 900.0)], one_out) == "partial"
    # Two out, the whole red can be seen from somewhere.
    two_out = [ball for ball in one_out if ball[0] != 917]
    assert in_hand_path_quality([(889.0, 900.0)], two_out) == "full"


def test_several_reds_behind_a_wall_are_hidden_together_and_seen_through_any_gap():
    # Every red is proved hidden from each part of the D at once; a gap anywhere shows one.
    wall = [(x, 790.0) for x in range(440, 1340, 53)]
    reds = [(560.0 + 95.0 * i, 860.0 + 40.0 * (i % 2)) for i in range(8)]
    assert in_hand_path_quality(reds, wall) == "none"
    for gap in (652, 864, 1129):
        opened = [ball for ball in wall if ball[0] != gap]
        assert in_hand_path_quality(reds, opened) == "partial", gap


@st.composite
def walls_with_gaps(draw):
    """A row of balls across the baulk end, some missing, and reds just behind it."""
    y = draw(st.floats(760.0, 880.0))
    step = draw(st.floats(52.7, 64.0))
    keep = draw(st.lists(st.booleans(), min_size=20, max_size=20))
    wall = [(420.0 + i * step, y) for i in range(20) if keep[i] and 420.0 + i * step < 1350.0]
    reds = draw(
        st.lists(
            st.tuples(st.floats(400.0, 1380.0), st.floats(y + 53.0, y + 160.0)),
            min_size=1,
            max_size=6,
        )
    )
    assume(spread([*reds, *wall]))
    return reds, wall


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(walls_with_gaps())
def test_in_hand_behind_a_wall_is_at_least_as_good_as_a_grid_of_placements(table):
    """The shared proof that every red is hidden never hides a view some placement has."""
    reds, wall = table
    balls = [*reds, *wall]
    best = 0
    for x in range(600, 1181, 12):
        for y in range(450, 738, 12):
            cue = (float(x), float(y))
            if valid_placement(cue, balls):
                best = max(best, RANK[path_quality(cue, reds, wall)])
    assert RANK[in_hand_path_quality(reds, wall)] >= best


def test_in_hand_without_obstacles_or_targets():
    assert in_hand_path_quality([(300.0, 3000.0)], []) == "full"
    assert in_hand_path_quality([], [(889.0, 1000.0)]) == "none"


def test_ball_on_in_the_d_itself():
    brown = SPOTS["brown"]
    assert in_hand_path_quality([brown], [SPOTS["yellow"], SPOTS["green"]]) == "full"


# ------------------------------------------------------- touching, overlap, spots


@pytest.mark.parametrize(
    ("distance", "touching", "overlapping"),
    [(52.5, True, False), (52.65, False, False), (52.3, False, True), (52.41, True, False)],
)
def test_touching_at_various_distances(distance, touching, overlapping):
    balls = [("red", (889.0 + distance, 1000.0))]
    assert touching_balls(CUE, balls) == (("red",) if touching else ())
    assert bool(overlaps([("white", CUE), *balls])) == overlapping


def test_touching_names_in_input_order_without_repeats():
    around = [
        ("pink", (889.0, 1052.5)),
        ("red", (941.5, 1000.0)),
        ("red", (836.5, 1000.0)),
        ("black", (889.0, 1200.0)),
    ]
    assert touching_balls(CUE, around) == ("pink", "red")


def test_overlaps_lists_every_close_pair():
    balls = [("red", (100.0, 100.0)), ("red", (140.0, 100.0)), ("blue", (400.0, 400.0)),
             ("pink", (120.0, 130.0))]
    assert overlaps(balls) == [(0, 1), (0, 3), (1, 3)]


def test_on_playing_surface():
    assert on_playing_surface((BALL_RADIUS, BALL_RADIUS))
    assert on_playing_surface((TABLE_WIDTH - BALL_RADIUS, TABLE_LENGTH - BALL_RADIUS))
    assert not on_playing_surface((BALL_RADIUS - 0.1, 1000.0))
    assert not on_playing_surface((889.0, TABLE_LENGTH - BALL_RADIUS + 0.1))


def test_in_d():
    assert in_d(D_CENTRE)
    assert in_d(SPOTS["yellow"]) and in_d(SPOTS["green"])
    assert in_d((889.0, 445.04))
    assert not in_d((889.0, 444.9))
    assert not in_d((889.0, 737.1))
    assert not in_d((1181.0, 700.0))


@pytest.mark.parametrize(
    ("distance", "occupied"), [(52.5, True), (52.3, True), (52.65, False), (300.0, False)]
)
def test_spot_occupied(distance, occupied):
    pink = SPOTS["pink"]
    assert spot_is_occupied(pink, [(pink[0], pink[1] + distance)]) is occupied


def test_place_towards_top_when_the_spot_is_free():
    assert place_towards_top(SPOTS["blue"], [(300.0, 300.0)]) == SPOTS["blue"]


def test_place_towards_top_past_a_row_of_balls():
    pink = SPOTS["pink"]
    row = [(889.0, pink[1] + 53.0 * k) for k in range(4)] + [(919.0, pink[1] + 53.0 * 4)]
    placed = place_towards_top(pink, row)
    assert placed is not None
    assert placed[0] == pink[0] and placed[1] > row[-1][1]
    assert not spot_is_occupied(placed, row)
    assert touching_balls(placed, [("red", ball) for ball in row]) == ()
    # Nearest: right against the last ball of the row.
    assert math.dist(placed, row[-1]) == pytest.approx(BALL_DIAMETER + TOUCH_TOLERANCE, abs=1e-4)


def test_place_towards_top_with_no_room_on_the_line():
    black = SPOTS["black"]
    line = [(889.0, y) for y in range(int(black[1]), 3543, 53)]
    assert place_towards_top(black, line) is None


def test_pink_goes_below_its_spot_when_the_line_to_the_top_cushion_is_blocked():
    pink = SPOTS["pink"]
    line = [(889.0, pink[1] + 53.0 * k) for k in range(17)]  # up to the top cushion
    assert all(on_playing_surface(ball) for ball in line)
    assert place_towards_top(pink, line) is None
    placed = place_below(pink, line)
    assert placed == (889.0, round(pink[1] - BALL_DIAMETER - TOUCH_TOLERANCE - PLACEMENT_GAP, 6))


def test_place_below_past_several_balls():
    black = SPOTS["black"]
    blockers = [black, (900.0, black[1] - 60.0), (870.0, black[1] - 110.0)]
    placed = place_below(black, blockers)
    assert placed is not None and placed[1] < blockers[-1][1]
    assert not spot_is_occupied(placed, blockers)
    assert math.dist(placed, blockers[-1]) == pytest.approx(
        BALL_DIAMETER + TOUCH_TOLERANCE, abs=1e-4
    )


# ------------------------------------------------------------------- properties

coordinate_x = st.floats(BALL_RADIUS, TABLE_WIDTH - BALL_RADIUS)
coordinate_y = st.floats(BALL_RADIUS, TABLE_LENGTH - BALL_RADIUS)
positions = st.tuples(coordinate_x, coordinate_y)


def spread(balls: list[tuple[float, float]]) -> bool:
    return not overlaps([("ball", ball) for ball in balls])


@st.composite
def tables(draw, most_targets=8, most_obstacles=10):
    """A cue ball, targets and obstacles, no two overlapping."""
    balls = draw(
        st.lists(positions, min_size=2, max_size=1 + most_targets + most_obstacles)
    )
    assume(spread(balls))
    split = draw(st.integers(1, min(most_targets, len(balls) - 1)))
    return balls[0], balls[1 : 1 + split], balls[1 + split :]


def mirror(ball):
    return (TABLE_WIDTH - ball[0], ball[1])


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(tables())
def test_path_quality_is_symmetric_under_mirroring(table):
    cue, targets, obstacles = table
    assert path_quality(cue, targets, obstacles) == path_quality(
        mirror(cue), [mirror(t) for t in targets], [mirror(o) for o in obstacles]
    )


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(tables(), positions)
def test_adding_an_obstacle_never_improves_the_path(table, extra):
    cue, targets, obstacles = table
    assume(spread([cue, *targets, *obstacles, extra]))
    before = path_quality(cue, targets, obstacles)
    after = path_quality(cue, targets, [*obstacles, extra])
    assert RANK[after] <= RANK[before]


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(tables())
def test_more_targets_never_worsen_the_path(table):
    cue, targets, obstacles = table
    alone = max(RANK[path_quality(cue, [target], obstacles)] for target in targets)
    assert RANK[path_quality(cue, targets, obstacles)] == alone


def d_points():
    return st.tuples(st.floats(597.0, 1181.0), st.floats(445.0, 737.0)).filter(in_d)


@st.composite
def in_hand_tables(draw):
    """Targets and obstacles crowded round the baulk end, so that snookers are common."""
    near = st.tuples(coordinate_x, st.floats(BALL_RADIUS, 1500.0))
    balls = draw(st.lists(st.one_of(near, positions), min_size=1, max_size=12))
    assume(spread(balls))
    split = draw(st.integers(1, min(4, len(balls))))
    return balls[:split], balls[split:]


def valid_placement(point, balls):
    return in_d(point) and all(
        math.dist(point, ball) >= BALL_DIAMETER + TOUCH_TOLERANCE for ball in balls
    )


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(in_hand_tables())
def test_in_hand_is_symmetric_under_mirroring(table):
    targets, obstacles = table
    assert in_hand_path_quality(targets, obstacles) == in_hand_path_quality(
        [mirror(t) for t in targets], [mirror(o) for o in obstacles]
    )


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(in_hand_tables(), positions)
def test_adding_an_obstacle_never_improves_the_d(table, extra):
    targets, obstacles = table
    assume(spread([*targets, *obstacles, extra]))
    before = in_hand_path_quality(targets, obstacles)
    after = in_hand_path_quality(targets, [*obstacles, extra])
    assert RANK[after] <= RANK[before]


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(in_hand_tables(), d_points())
def test_in_hand_is_at_least_as_good_as_any_clear_placement(table, cue):
    """A placement whose quality holds in a millimetre round it is never missed: the
    whole D is at least as good, so full there implies full (and partial at least
    partial) in hand."""
    targets, obstacles = table
    balls = [*targets, *obstacles]
    around = [
        (cue[0] + r * math.cos(k * math.pi / 4), cue[1] + r * math.sin(k * math.pi / 4))
        for r in (0.5, 1.0)
        for k in range(8)
    ]
    assume(all(valid_placement(p, balls) for p in [cue, *around]))
    here = min(RANK[path_quality(p, targets, obstacles)] for p in [cue, *around])
    assert RANK[in_hand_path_quality(targets, obstacles)] >= here


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(
    st.lists(positions, max_size=20),
    st.sampled_from(["yellow", "green", "brown", "blue", "pink", "black"]),
)
def test_placements_touch_no_ball_and_lie_on_the_surface(balls, colour):
    assume(spread(balls))
    spot = SPOTS[colour]
    named = [("ball", ball) for ball in balls]
    for placed, direction in ((place_towards_top(spot, balls), 1), (place_below(spot, balls), -1)):
        if placed is None:
            continue
        assert on_playing_surface(placed)
        assert touching_balls(placed, named) == ()
        assert not overlaps([("placed", placed), *named])
        assert not spot_is_occupied(placed, balls)
        line_x = spot[0] if direction > 0 else TABLE_WIDTH / 2
        assert placed[0] == line_x
        assert (placed[1] - spot[1]) * direction >= 0
        if placed[1] != spot[1]:
            # Nearest: up against some ball, and every point before it is occupied.
            nearest_ball = min(math.dist(placed, ball) for ball in balls)
            assert nearest_ball <= BALL_DIAMETER + TOUCH_TOLERANCE + 2 * PLACEMENT_GAP
            steps = int(abs(placed[1] - spot[1]) / 0.25)
            for step in range(steps):
                y = spot[1] + direction * 0.25 * step
                if abs(y - placed[1]) > 0.01:
                    assert spot_is_occupied((line_x, y), balls), y


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(st.lists(positions, max_size=22))
def test_no_room_towards_the_top_means_the_line_is_full(balls):
    """When place_towards_top gives up, every point of the line from the spot to the
    top cushion is occupied (checked every millimetre)."""
    assume(spread(balls))
    spot = SPOTS["black"]
    if place_towards_top(spot, balls) is None:
        y = spot[1]
        while y <= TABLE_LENGTH - BALL_RADIUS:
            assert spot_is_occupied((spot[0], y), balls)
            y += 1.0


# ------------------------------------------------ shortcuts of the in-hand search

shift_sizes = st.floats(0.0, 60.0)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(d_points(), walls_with_gaps(), shift_sizes, shift_sizes, st.data())
def test_shadows_beyond_the_farthest_contact_are_left_out_and_no_other(
    centre, table, start_shift, end_shift, data
):
    reds, wall = table
    # Right at an obstacle's distance, or just either side of it.
    ball = data.draw(st.sampled_from(wall or reds))
    farthest = math.dist(centre, ball) + data.draw(st.sampled_from([-0.5, 0.0, 0.5]))
    every = in_hand._shadows(*centre, wall, start_shift, end_shift, 300.0)
    near = in_hand._shadows(*centre, wall, start_shift, end_shift, 300.0, farthest=farthest)
    assert near == [shadow for shadow in every if shadow[2] < farthest]


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(d_points(), walls_with_gaps(), shift_sizes)
def test_sweep_from_the_first_shadow_reaching_the_window_gives_the_same_answer(
    centre, table, shift
):
    reds, wall = table
    shadows = in_hand._shadows(*centre, wall, shift, shift / 2, 300.0)
    reached = in_hand._reached(shadows)
    assert reached == sorted(reached)
    for target in reds:
        dx, dy = target[0] - centre[0], target[1] - centre[1]
        dist = math.hypot(dx, dy)
        phi, half = math.atan2(dy, dx), math.asin(BALL_DIAMETER / dist)
        for contact in (dist - BALL_DIAMETER, math.inf):
            assert in_hand._hidden_by_shadows(phi, half, contact, shadows, reached) == (
                in_hand._hidden_by_shadows(phi, half, contact, shadows)
            )


@pytest.mark.parametrize("parts", [2, 4, 8])
def test_a_cell_split_straight_is_tiled_by_its_parts(parts):
    cx, cy, side = 743.0, 591.0, 292.0
    part = side / parts
    centres = in_hand._cell_parts(cx, cy, side, parts)
    assert len(set(centres)) == parts * parts
    # Every part lies inside the cell, on the grid of its size: together they tile it.
    for x, y in centres:
        column = (x - (cx - side / 2)) / part - 0.5
        row = (y - (cy - side / 2)) / part - 0.5
        assert column == pytest.approx(round(column)) and 0 <= round(column) < parts
        assert row == pytest.approx(round(row)) and 0 <= round(row) < parts


def test_a_wall_is_proved_before_the_coarse_cells_would_be_halved(monkeypatch):
    """Cells with nothing in sight skip the coarse sizes; halving them one by one agrees."""
    wall = [(x, 760.0) for x in range(500, 1300, 53)]
    reds = [(560.0 + 95.0 * i, 830.0 + 40.0 * (i % 2)) for i in range(8)]
    gapped = [ball for ball in wall if ball[0] != 871]
    assert in_hand_path_quality(reds, wall) == "none"
    assert in_hand_path_quality(reds, gapped) == "partial"
    monkeypatch.setattr(in_hand, "_SPLIT_STRAIGHT_ABOVE", math.inf)
    assert in_hand_path_quality(reds, wall) == "none"
    assert in_hand_path_quality(reds, gapped) == "partial"


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(st.one_of(walls_with_gaps(), in_hand_tables()))
def test_splitting_coarse_cells_straight_agrees_with_halving(table):
    targets, obstacles = table
    straight = in_hand_path_quality(targets, obstacles)
    original = in_hand._SPLIT_STRAIGHT_ABOVE
    try:
        in_hand._SPLIT_STRAIGHT_ABOVE = math.inf  # halve every cell
        halved = in_hand_path_quality(targets, obstacles)
    finally:
        in_hand._SPLIT_STRAIGHT_ABOVE = original
    assert straight == halved
