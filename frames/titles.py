"""What each frame of the bank is about, in the reader's language: its name in the picker, on
its strokes and its summary (issue 22).

A bank frame is named by its theme (what a referee meets in it: "A foul on the last black"),
as a practice scenario is, and never by its outcome: no title says who wins. The titles are
translated in ``frames/locale`` (context ``frame title``), keyed by the frame file's ``id``:
the frame files are the engine's format (``snooker-referee-frame/1``), which carries no text,
and the generated ones are written again by ``generate_frames --bank``.
``tests/frames_app/test_titles.py`` holds every file of ``fixtures/frames/`` to having one.
A frame generated for one run is "A new frame"; a bank frame without a title (a file added
without one) keeps its place in the bank: "Frame 3".
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext, pgettext_lazy

from quiz.numbers import format_number

#: The bank's frames by their file's ``id``.
BANK_TITLES: Mapping[str, Any] = {
    "clearance-to-the-black": pgettext_lazy(
        "frame title", "The break-off, then a clearance to the last black"
    ),
    "club-2007": pgettext_lazy("frame title", "A club frame: the wrong ball hit first, and a miss"),
    "club-2014": pgettext_lazy(
        "frame title", "A club frame: a red and a colour hit together, a touching ball"
    ),
    "concession": pgettext_lazy("frame title", "Snookers needed with the pink and black left"),
    "edge-of-pocket-replay": pgettext_lazy("frame title", "A red falls from the edge of a pocket"),
    "foul-on-the-last-black": pgettext_lazy("frame title", "A foul on the last black"),
    "fouls-contact-2007": pgettext_lazy(
        "frame title", "Contact fouls: the wrong ball first, an in-off, a ball off the table"
    ),
    "fouls-seen-2007": pgettext_lazy(
        "frame title", "Fouls the referee sees: a push stroke, a double hit, feet off the floor"
    ),
    "fouls-seen-2014": pgettext_lazy(
        "frame title", "Fouls the referee sees: a ball touched, a gap measured, a push stroke"
    ),
    "four-handed": pgettext_lazy(
        "frame title", "Four-handed: Ann, Bo, Cal and Dee in turn, and a foul"
    ),
    "four-handed-2007": pgettext_lazy(
        "frame title", "A four-handed club frame: a partner consulted, a free ball"
    ),
    "four-handed-2007-edition-fouls": pgettext_lazy(
        "frame title", "Four-handed, 2007 rules: a touch the partner caused, a ball moved by hand"
    ),
    "four-handed-2014": pgettext_lazy(
        "frame title", "Four-handed: a partner consulted, a gap measured, free balls"
    ),
    "four-handed-2014-edition-fouls": pgettext_lazy(
        "frame title", "Four-handed, 2014 rules: a touch the partner caused, a ball moved by hand"
    ),
    "four-snookers-variant": pgettext_lazy(
        "frame title", "The four-snookers local variant: misses and a free ball"
    ),
    "free-ball": pgettext_lazy("frame title", "A foul that leaves a snooker, and a free ball"),
    "free-ball-undeclared-2014": pgettext_lazy(
        "frame title", "Free balls, and declaring the ball on when snookered"
    ),
    "free-balls-2007": pgettext_lazy("frame title", "Free balls taken, missed and used to snooker"),
    "in-off-and-cue-ball-placed": pgettext_lazy(
        "frame title", "An in-off, then the cue ball placed in the D"
    ),
    "miss-replaced-twice-warning": pgettext_lazy(
        "frame title", "Misses from a red in full view, the balls replaced twice"
    ),
    "nominated-colour-and-red": pgettext_lazy(
        "frame title", "The blue nominated, the blue and a red hit together"
    ),
    "pro-2007-a": pgettext_lazy(
        "frame title", "A professional frame: a free ball, then a concession"
    ),
    "pro-2007-b": pgettext_lazy(
        "frame title", "A professional frame: a miss, the balls replaced, an in-off"
    ),
    "pro-2007-c": pgettext_lazy(
        "frame title", "A professional frame: a touching ball, then a concession"
    ),
    "pro-2014-a": pgettext_lazy(
        "frame title", "A professional frame to the last black, with an in-off"
    ),
    "pro-2014-b": pgettext_lazy(
        "frame title", "A professional frame: two misses in a row and a free ball"
    ),
    "respotted-black": pgettext_lazy("frame title", "Scores level when the last black goes down"),
    "stalemate-restart-2014": pgettext_lazy(
        "frame title", "Snooker after snooker, until a stalemate"
    ),
    "stalemate-warning-2007": pgettext_lazy(
        "frame title", "A stalemate warning, a free ball and a touching ball"
    ),
    "three-misses-2007": pgettext_lazy("frame title", "Misses in a row from a ball in full view"),
    "touching-ball": pgettext_lazy("frame title", "The cue ball comes to rest touching a red"),
}


def frame_title(frame: Any) -> str:
    """A frame's name in the active language: its theme, "A new frame" for a frame generated
    for one run, else its place in the bank ("Frame 3", in the reader's digits)."""
    if getattr(frame, "generated_seed", None) is not None:
        return gettext("A new frame")
    title = BANK_TITLES.get(getattr(frame, "slug", ""))
    if title is not None:
        return str(title)
    return gettext("Frame %(number)s") % {"number": format_number(frame.order)}
