"""``python -m rules_engine bench``: how fast the referee judges, in one process on one core.

Three measurements, each on cases loaded beforehand (loading and validation are not timed):

- plain cases: the conformance-style cases without positions;
- full-table cases: every ball on the table at random (seeded) positions, so that the
  snooker, the path to the ball on and the touching balls are computed from geometry;
- the whole-D check: is the cue ball in hand snookered from every position in the D
  (``geometry.in_hand_path_quality``) on full tables, and behind a wall of colours hiding one
  red, then eight, from the whole D (the slowest kind of answer).

A fourth figure, frames judged per second, times a whole frame of 40 strokes judged stroke
after stroke (``rules_engine.frame.judge_frame``: each stroke's case built from the state the
one before left, loaded, validated and judged); it has no target.

Targets: >= 50,000 plain judgements/s, >= 2,000/s with full-table positions, whole-D <= 5 ms.
Times are this process's CPU time, best of several short rounds, so other work on the machine
disturbs them little. The numbers are printed, never asserted: speed depends on the machine.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from typing import Any, TextIO

from rules_engine import geometry
from rules_engine.balls import COLOURS
from rules_engine.case import Case, load_case
from rules_engine.rulesets import referee_for
from rules_engine.table import BALL_DIAMETER, BALL_RADIUS, SPOTS, TABLE_LENGTH, TABLE_WIDTH, Point

#: CPU time of this process: the speed of one core, whatever else the machine is running.
_clock = time.process_time

TARGET_PLAIN_PER_S = 50_000
TARGET_POSITIONS_PER_S = 2_000
TARGET_WHOLE_D_MS = 5.0
FRAME_STROKES = 40

PLAIN_CASES: tuple[dict[str, Any], ...] = (
    {"state": {"reds": 9}, "stroke": {"first_contact": ["red"], "potted": ["red", "blue"]}},
    {
        "state": {"reds": 3, "ball_on": "colour"},
        "stroke": {"nominated": "pink", "first_contact": ["pink"], "potted": ["pink"]},
    },
    {"state": {"reds": 10}, "stroke": {"first_contact": []}},
    {"state": {"reds": 4, "misses": 2}, "stroke": {"first_contact": ["yellow"]}},
    {
        "state": {"reds": 2, "free_ball": True},
        "stroke": {"nominated": "pink", "first_contact": ["pink"], "potted": ["pink"]},
    },
    {
        "state": {"reds": 0, "colours": ["black"], "scores": {"A": 30, "B": 50}},
        "stroke": {"first_contact": []},
    },
    {
        "state": {"reds": 5, "ball_on": "colour", "occupied_spots": ["blue", "black", "pink"]},
        "stroke": {"nominated": "blue", "first_contact": ["blue"], "potted": ["blue"]},
    },
    {
        "state": {"reds": 9},
        "stroke": {"first_contact": ["pink"], "off_table": ["black"], "path_to_ball_on": "none"},
    },
    {
        "state": {"reds": 0},
        "stroke": {
            "first_contact": ["yellow"],
            "potted": ["yellow"],
            "edge": {"ball": "black", "fell": "unhit", "involved": False},
        },
    },
    {
        "state": {"reds": 7, "touching": ["red"]},
        "stroke": {"first_contact": ["red"], "potted": ["red"]},
    },
)


def _case(index: int, body: dict[str, Any]) -> Case:
    return load_case({"format": "snooker-referee-case/1", "id": f"bench-{index}", **body})


def plain_cases() -> list[Case]:
    return [_case(index, body) for index, body in enumerate(PLAIN_CASES)]


def random_table(rng: random.Random, *, reds: int = 15, white: bool = True) -> dict[str, Any]:
    """Positions for ``reds`` reds, every colour on its spot (or near it) and the white, none
    overlapping."""
    placed: list[Point] = []

    def free(point: Point) -> bool:
        return all(math.dist(point, other) >= BALL_DIAMETER + 0.2 for other in placed)

    def anywhere() -> Point:
        while True:
            point = (
                rng.uniform(BALL_RADIUS + 1, TABLE_WIDTH - BALL_RADIUS - 1),
                rng.uniform(BALL_RADIUS + 1, TABLE_LENGTH - BALL_RADIUS - 1),
            )
            if free(point):
                return point

    positions: dict[str, Any] = {}
    for colour in COLOURS:
        point = SPOTS[colour] if free(SPOTS[colour]) else anywhere()
        placed.append(point)
        positions[colour] = list(point)
    positions["red"] = []
    for _ in range(reds):
        point = anywhere()
        placed.append(point)
        positions["red"].append(list(point))
    if white:
        point = anywhere()
        placed.append(point)
        positions["white"] = list(point)
    return positions


def position_cases(count: int = 200, seed: int = 2007) -> list[Case]:
    """Full tables: 15 reds, six colours, the white. Half the strokes miss, so the miss rule needs
    the
    path to the ball on; every other case also gives the table after the stroke, so the free-ball
    call needs a second path (and the touching balls) from there."""
    rng = random.Random(seed)
    cases = []
    for index in range(count):
        positions = random_table(rng)
        stroke: dict[str, Any] = {"first_contact": rng.choice([[], ["red"], ["pink"], ["blue"]])}
        if index % 2:
            after = dict(positions)
            others = [tuple(p) for p in positions["red"]] + [tuple(positions[c]) for c in COLOURS]
            while True:
                white = (rng.uniform(100, TABLE_WIDTH - 100), rng.uniform(100, TABLE_LENGTH - 100))
                if all(math.dist(white, other) >= BALL_DIAMETER + 0.2 for other in others):
                    break
            after["white"] = list(white)
            stroke["positions_after"] = after
        body = {"state": {"positions": positions, "scores": {"A": 20, "B": 30}}, "stroke": stroke}
        cases.append(_case(index, body))
    return cases


def bench_frame() -> dict[str, Any]:
    """A frame of ``FRAME_STROKES`` strokes from the break-off to the last black: breaks, a
    safety, a foul, the colours in sequence (each stroke judged in the state the one before
    left, ``rules_engine.frame``)."""
    red = {"stroke": {"first_contact": ["red"], "potted": ["red"]}}

    def colour(name: str) -> dict[str, Any]:
        return {"stroke": {"nominated": name, "first_contact": [name], "potted": [name]}}

    def in_sequence(name: str) -> dict[str, Any]:
        return {"stroke": {"first_contact": [name], "potted": [name]}}

    strokes = [{"stroke": {"first_contact": ["red"]}}]  # the break-off
    strokes += [red, colour("black")] * 13
    strokes.append({"stroke": {"first_contact": ["red"]}})  # a safety
    strokes.append({"stroke": {"first_contact": [], "path_to_ball_on": "none"}})  # a foul
    strokes += [red, colour("pink"), red, colour("blue")]
    strokes += [in_sequence(name) for name in COLOURS[:-1]]
    strokes.append({"stroke": {"first_contact": ["black"]}})
    strokes.append(in_sequence("black"))
    assert len(strokes) == FRAME_STROKES
    return {"format": "snooker-referee-frame/1", "id": "bench", "strokes": strokes}


def whole_d_layouts(count: int = 50, seed: int = 19) -> list[tuple[list[Point], list[Point]]]:
    """(targets, obstacles) for the in-hand check: reds on, colours in the way."""
    rng = random.Random(seed)
    layouts = []
    for _ in range(count):
        positions = random_table(rng, white=False)
        targets = [tuple(point) for point in positions["red"]]
        obstacles = [tuple(positions[colour]) for colour in COLOURS]
        layouts.append((targets, obstacles))
    # A red hidden behind a wall of colours from every point of the D: the slowest kind of answer.
    wall = [(x, 760.0) for x in range(500, 1300, 53)]
    layouts.append(([(889.0, 830.0)], wall))
    # Eight reds all behind that wall: each must be proved hidden from every part of the D.
    layouts.append(([(560.0 + 95.0 * i, 830.0 + 40.0 * (i % 2)) for i in range(8)], wall))
    return layouts  # type: ignore[return-value]


def _rate(run: Callable[[], None], per_run: int, seconds: float) -> float:
    """Items per second of ``run`` (each run doing ``per_run`` items) over about ``seconds``.

    Like ``timeit``, the best of several short rounds of this process's CPU time: other processes
    on the machine only ever slow a round down, so the fastest round is the engine's own speed.
    """
    best = 0.0
    deadline = _clock() + seconds
    while _clock() < deadline:
        done = 0
        start = _clock()
        while True:
            run()
            done += per_run
            elapsed = _clock() - start
            if elapsed >= 0.05:
                break
        best = max(best, done / elapsed)
    return best


def measure(*, seconds: float = 1.0) -> dict[str, float]:
    """The three measurements: plain judgements/s, full-table judgements/s, whole-D mean and worst
    ms."""
    plain = plain_cases()
    full = position_cases()

    def judge_all(cases: Sequence[Case]) -> Callable[[], None]:
        def run() -> None:
            for case in cases:
                referee_for(case.ruleset, case.variants).judge(case)

        return run

    results = {
        "plain_per_s": _rate(judge_all(plain), len(plain), seconds),
        "positions_per_s": _rate(judge_all(full), len(full), seconds),
    }
    times = []
    for targets, obstacles in whole_d_layouts():
        best = math.inf
        for _ in range(5):  # best of five, as above
            start = _clock()
            geometry.in_hand_path_quality(targets, obstacles)
            best = min(best, _clock() - start)
        times.append(best * 1000)
    results["whole_d_mean_ms"] = sum(times) / len(times)
    results["whole_d_worst_ms"] = max(times)
    from rules_engine.frame import judge_frame, load_frame

    frame = load_frame(bench_frame())
    results["frames_per_s"] = _rate(lambda: judge_frame(frame), 1, seconds)
    return results


def run_bench(*, seconds: float = 1.0, out: TextIO) -> int:
    results = measure(seconds=seconds)

    def line(label: str, value: float, target: str, ok: bool) -> None:
        print(
            f"{label:<38} {value:>12,.1f}   target {target:<12} {'ok' if ok else 'BELOW TARGET'}",
            file=out,
        )

    line(
        "plain judgements/s",
        results["plain_per_s"],
        f">= {TARGET_PLAIN_PER_S:,}",
        results["plain_per_s"] >= TARGET_PLAIN_PER_S,
    )
    line(
        "full-table judgements/s",
        results["positions_per_s"],
        f">= {TARGET_POSITIONS_PER_S:,}",
        results["positions_per_s"] >= TARGET_POSITIONS_PER_S,
    )
    line(
        "whole-D snooker check, mean ms",
        results["whole_d_mean_ms"],
        f"<= {TARGET_WHOLE_D_MS} ms",
        results["whole_d_mean_ms"] <= TARGET_WHOLE_D_MS,
    )
    line(
        "whole-D snooker check, worst ms",
        results["whole_d_worst_ms"],
        f"<= {TARGET_WHOLE_D_MS} ms",
        results["whole_d_worst_ms"] <= TARGET_WHOLE_D_MS,
    )
    print(
        f"{f'frames judged/s ({FRAME_STROKES} strokes)':<38} {results['frames_per_s']:>12,.1f}"
        "   (each stroke loaded and checked in the state the one before left)",
        file=out,
    )
    return 0
