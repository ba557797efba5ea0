"""The frame generator (frames/generator.py): frames from a seed, physically possible, judged
by the engine as the generator meant them, and counted for the plausibility figures."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest

from frames.generator import STYLES, frame_figures, generate_frame, pack, play_frame
from frames.judging import judged_strokes
from rules_engine import load_frame
from rules_engine.frame import iter_frame, judge_frame
from rules_engine.geometry import on_playing_surface, overlaps

ROOT = Path(__file__).resolve().parents[2]


def test_a_seed_gives_one_frame_and_another_seed_another():
    assert generate_frame(seed=11) == generate_frame(seed=11)
    assert generate_frame(seed=11)["strokes"] != generate_frame(seed=12)["strokes"]


@pytest.mark.parametrize("style", sorted(STYLES))
@pytest.mark.parametrize("ruleset", ["wpbsa-2007", "wpbsa-2014"])
def test_generated_frames_are_judged_as_the_generator_meant_them(style, ruleset):
    for seed in range(6):
        frame = generate_frame(seed=seed, style=style, ruleset=ruleset)
        result = judge_frame(load_frame(frame))
        assert result.differences == (), (seed, result.differences[:3])
        assert result.end.over or len(frame["strokes"]) == 400


@pytest.mark.parametrize(
    "how",
    [
        {"style": "club", "ruleset": "wpbsa-2007"},
        {"style": "fouls", "ruleset": "wpbsa-2014"},
        {"style": "club", "ruleset": "wpbsa-2014", "variants": ["ru-2004-3.4d"]},
        {"style": "professional", "players": ["Ann", "Bo", "Cal", "Dee"],
         "sides": {"A": ["Ann", "Cal"], "B": ["Bo", "Dee"]}},
    ],
)  # fmt: skip
def test_the_strokes_handed_over_are_those_the_frame_file_judges_to(how):
    """What the generator judged while playing is what judging its file gives (exam sections
    take the strokes from the generator, regrading rebuilds them from the file)."""
    procedures = 0
    for seed in range(8):
        played = play_frame(seed=seed, **how)
        assert played.data == generate_frame(seed=seed, **how)
        from_file = judged_strokes(played.data)
        assert len(played.strokes) == len(from_file) == len(played.data["strokes"])
        for handed, judged in zip(played.strokes, from_file, strict=True):
            if handed is None:  # a procedure: the generator does not judge it
                assert "procedure" in judged.entry
                procedures += 1
                continue
            assert handed == judged, (seed, judged.number)
    assert procedures < 8 * 3  # most entries are strokes, handed over judged


def test_every_state_of_a_generated_frame_has_its_balls_on_the_bed_and_apart():
    frame = generate_frame(seed=5, style="fouls")
    for judged in iter_frame(load_frame(frame)):
        positions = judged.case.state.positions
        assert positions is not None
        balls = list(positions.object_balls()) + (
            [("white", positions.white)] if positions.white else []
        )
        assert overlaps(balls) == []
        assert all(on_playing_surface(point) for _, point in balls)


def test_the_pack_is_fifteen_reds_behind_the_pink_without_overlap():
    balls = pack()
    reds = [("red", tuple(p)) for p in balls["red"]]
    assert len(reds) == 15 and overlaps(reds + [("pink", tuple(balls["pink"]))]) == []
    assert min(y for _, (_, y) in reds) - balls["pink"][1] > 52.4
    assert all(math.dist(p, balls["black"]) > 52.5 for _, p in reds)


def test_strokes_limits_the_frame():
    assert len(generate_frame(seed=3, strokes=9)["strokes"]) == 9


def test_four_handed_frames_play_in_turn():
    frame = generate_frame(
        seed=2, players=["Ann", "Bo", "Cal", "Dee"],
        sides={"A": ["Ann", "Cal"], "B": ["Bo", "Dee"]},
    )  # fmt: skip
    strikers = [j.case.state.striker for j in iter_frame(load_frame(frame))]
    assert set(strikers) == {"Ann", "Bo", "Cal", "Dee"}


def test_the_figures_count_what_a_hand_written_frame_holds():
    data = json.loads((ROOT / "tests" / "frames" / "free-ball.json").read_text())
    expects = [step.get("expect", {}) for step in data["strokes"]]
    figures = frame_figures(data)
    assert figures.strokes == len(data["strokes"])
    assert figures.fouls == sum(e.get("legal") is False for e in expects)
    assert figures.free_balls == sum("free_ball" in e.get("calls", ()) for e in expects) >= 1
    points = sum(max(e.get("points", {}).values(), default=0) for e in expects if e.get("legal"))
    assert sum(figures.breaks) == points
