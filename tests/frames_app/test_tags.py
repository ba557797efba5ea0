"""A frame's topics (frames/tags.py), read from the engine's decisions: every frame of the bank
has at least one, so none is left out when the picker filters by topic (issue 22)."""

from __future__ import annotations

from pathlib import Path

from frames.loading import check_files
from frames.tags import TAGS, derive_tags, tag_label

BANK = sorted((Path(__file__).resolve().parents[2] / "fixtures" / "frames").glob("*.json"))


def _decision(**parts):
    return {"legal": True, "calls": [], "trail": [], "frame": {}, **parts}


def test_every_frame_of_the_bank_has_a_topic():
    checked = check_files(BANK)
    assert checked.problems == []
    assert len(checked.frames) == len(BANK) >= 31
    untagged = [slug for slug, row in checked.frames.items() if not row["tags"]]
    assert untagged == []
    found = {tag for row in checked.frames.values() for tag in row["tags"]}
    assert found == set(TAGS)  # every topic of the picker finds a frame of the bank
    # The two that had none: a clean frame played to the black, and an edge-of-pocket replay.
    assert checked.frames["clearance-to-the-black"]["tags"] == ["end-of-frame"]
    assert checked.frames["edge-of-pocket-replay"]["tags"] == ["edge-of-pocket", "end-of-frame"]


def test_a_step_on_a_ball_on_the_edge_of_a_pocket_tags_the_frame():
    replayed = _decision(calls=["replay"], trail=[{"code": "replay_balls_replaced"}])
    assert derive_tags(decisions=[replayed], procedures=[], players=2) == ["edge-of-pocket"]
    other = _decision(trail=[{"code": "first_contact_ball_on"}])
    assert derive_tags(decisions=[other], procedures=[], players=2) == []


def test_a_frame_ended_at_the_table_is_tagged_but_not_one_conceded():
    for reason in ("black_potted", "foul_on_black", "third_miss", "snookers_needed"):
        ended = _decision(frame={"over": True, "reason": reason})
        assert derive_tags(decisions=[ended], procedures=[], players=2) == ["end-of-frame"]
    conceded = _decision(frame={"over": True, "reason": "conceded"})
    assert derive_tags(decisions=[conceded], procedures=["concede"], players=2) == ["concession"]


def test_every_topic_has_a_label():
    assert tag_label("edge-of-pocket") == "Ball on the edge of a pocket"
    assert tag_label("end-of-frame") == "End of frame"
