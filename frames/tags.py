"""The topics of a frame, read from the engine's decisions (never written by hand).

A frame is tagged with what a referee meets in it: fouls, misses, a free ball, a touching
ball, a ball on the edge of a pocket, a re-spotted black, the end of the frame at the table
(the black potted or fouled, a third miss, the four-snookers variant), a stalemate, a
concession, four-handed play. The picker filters by them; every frame has at least one.

>>> strokes = [{"legal": False, "calls": ["foul", "miss"], "frame": {}},
...            {"legal": True, "calls": [], "frame": {"reason": "conceded"}}]
>>> derive_tags(decisions=strokes, procedures=["concede"], players=2)
['fouls', 'misses', 'concession']
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from django.utils.translation import gettext_lazy as _

#: Every tag, in the order the picker shows them, with its label.
TAGS: Mapping[str, Any] = {
    "fouls": _("Fouls"),
    "misses": _("Foul and a miss"),
    "free-ball": _("Free ball"),
    "touching-ball": _("Touching ball"),
    "edge-of-pocket": _("Ball on the edge of a pocket"),
    "respotted-black": _("Re-spotted black"),
    "end-of-frame": _("End of frame"),
    "stalemate": _("Stalemate"),
    "concession": _("Concession"),
    "four-handed": _("Four-handed"),
}

#: The call of a decision that shows each tag.
_BY_CALL = {
    "miss": "misses",
    "free_ball": "free-ball",
    "touching_ball": "touching-ball",
    "respotted_black": "respotted-black",
}

#: The engine's steps (``trail`` codes) that rule on a ball on the edge of a pocket (3.9).
_EDGE_STEPS = frozenset(
    {
        "edge_ball_replaced",
        "replay_balls_replaced",
        "edge_fall_caused_foul",
        "foul_balls_replaced",
        "edge_ball_counts_potted",
        "edge_ball_stroke_replayed",
    }
)
#: How a frame ends at the table, by a stroke (a concession or a claim is not played out).
_ENDED_AT_THE_TABLE = frozenset({"black_potted", "foul_on_black", "third_miss", "snookers_needed"})


def derive_tags(
    *, decisions: Iterable[Mapping[str, Any]], procedures: Sequence[str], players: int
) -> list[str]:
    """The tags of a frame: its decisions (``Decision.to_dict()``), the kinds of its
    procedures (``stalemate``, ``concede``, ``claim``) and how many players it has."""
    found: set[str] = set()
    for decision in decisions:
        if decision.get("legal") is False:
            found.add("fouls")
        found.update(_BY_CALL[call] for call in decision.get("calls") or () if call in _BY_CALL)
        if (decision.get("assessment") or {}).get("touching"):  # declared before the stroke
            found.add("touching-ball")
        if any(step.get("code") in _EDGE_STEPS for step in decision.get("trail") or ()):
            found.add("edge-of-pocket")
        reason = (decision.get("frame") or {}).get("reason")
        if reason == "conceded":
            found.add("concession")
        elif reason in _ENDED_AT_THE_TABLE:
            found.add("end-of-frame")
    if "stalemate" in procedures:
        found.add("stalemate")
    if "concede" in procedures:
        found.add("concession")
    if players > 2:
        found.add("four-handed")
    return [tag for tag in TAGS if tag in found]


def tag_label(tag: str) -> str:
    return str(TAGS.get(tag, tag))
