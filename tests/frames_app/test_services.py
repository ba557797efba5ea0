"""frames.services: a generated frame proved as the bank's are, stored for its run alone."""

from __future__ import annotations

import pytest

from frames import services
from frames.generator import generate_frame
from frames.loading import FramesRefused, prove_frame
from frames.models import Frame, FrameRun

pytestmark = pytest.mark.django_db


def test_a_generated_run_stores_the_seeds_frame_unpublished_without_its_answers(frames):
    run = services.start_generated_run(
        ruleset="wpbsa-2007", style="professional", length="long", user=None, seed=3
    )
    played = generate_frame(seed=3, style="professional", frame_id=run.frame.slug)
    row, problems = prove_frame(played)
    assert problems == [] and row is not None
    assert run.frame.data == row["data"] and run.frame.tags == row["tags"]
    assert run.frame.generated_seed == 3 and not run.frame.published and run.user is None


def test_a_frame_the_engine_refuses_stores_nothing(frames, monkeypatch):
    def bent(**kwargs):  # a stroke whose expect the engine's decision contradicts
        frame = generate_frame(**kwargs)
        frame["strokes"][0]["expect"] = {"legal": False}
        return frame

    monkeypatch.setattr(services, "generate_frame", bent)
    before = (Frame.objects.count(), FrameRun.objects.count())
    with pytest.raises(FramesRefused) as refused:
        services.start_generated_run(ruleset="wpbsa-2007", style="club", length="short", user=None)
    assert "strokes[0]" in refused.value.problems[0]
    assert (Frame.objects.count(), FrameRun.objects.count()) == before


def test_the_generation_allowance_is_counted_per_client(settings):
    settings.FRAMES_GENERATED_PER_HOUR = 1
    assert services.take_generation_turn(client="a")
    assert not services.take_generation_turn(client="a")
    assert services.take_generation_turn(client="b")


def test_a_generator_dead_end_is_refused_and_stores_nothing(frames, monkeypatch):
    def stuck(**kwargs):
        raise RuntimeError("generated-1: no stroke fits the state after 12")

    monkeypatch.setattr(services, "generate_frame", stuck)
    with pytest.raises(FramesRefused) as refused:
        services.start_generated_run(ruleset="wpbsa-2007", style="club", length="long", user=None)
    assert refused.value.problems == ("generated-1: no stroke fits the state after 12",)
    assert not Frame.objects.filter(generated_seed__isnull=False).exists()
