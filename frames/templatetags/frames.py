"""``{% load frames %}``: a frame's name and topics, and the progress page's frames block."""

from __future__ import annotations

from typing import Any

from django import template

from frames.tags import tag_label as _tag_label
from frames.titles import frame_title as title_of

register = template.Library()


@register.filter
def frame_title(frame: Any) -> str:
    """A frame's name: what a bank frame is about, "A new frame" for one generated for a run
    (``frames.titles.frame_title``)."""
    return title_of(frame)


@register.filter
def tag_label(tag: str) -> str:
    return _tag_label(tag)


@register.inclusion_tag("frames/_progress.html")
def frames_progress(user: Any) -> dict[str, Any]:
    """The progress page's "Frames refereed" block (``frames.selectors.frames_progress``)."""
    from frames.selectors import frames_progress as progress

    return {"progress": progress(user=user)}


@register.filter
def scores_text(scores: Any) -> str:
    """A score as the referee announces it: ``A 12 – B 30`` (``frames.grading``)."""
    from frames.grading import scores_text as text

    return text(scores)
