"""The topics of a frame, read from the engine's decisions (never written by hand).

A frame is tagged with what a referee meets in it: fouls, misses, a free ball, a touching
ball, a re-spotted black, a stalemate, a concession, four-handed play. The picker filters
by them.

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
    "respotted-black": _("Re-spotted black"),
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
        if (decision.get("frame") or {}).get("reason") == "conceded":
            found.add("concession")
    if "stalemate" in procedures:
        found.add("stalemate")
    if "concede" in procedures:
        found.add("concession")
    if players > 2:
        found.add("four-handed")
    return [tag for tag in TAGS if tag in found]


def tag_label(tag: str) -> str:
    return str(TAGS.get(tag, tag))
