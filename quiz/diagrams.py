"""The table of a referee case as an inline SVG, described in the reader's language.

The table is drawn landscape with the baulk end on the left, to scale: one SVG
user unit is one millimetre of the playing surface. In the case's frame ``x``
runs across the table and ``y`` along it (``../shared/spec/referee-case.md`` §2),
so a point ``(x, y)`` is drawn at ``(y, x)``: the green spot is above the yellow,
as seen from the side of the table with the baulk end on the left. On a narrow
screen the site's CSS turns this same drawing upright, baulk end at the bottom
(``static/css/baize.css``, issue 22): nothing here depends on the orientation.

A case without ``positions`` gets a schematic instead, laid out to be read at
the size a page shows it: the balls that remain (the ball on ringed), a
scoreboard with the striker's side marked, then the ball on, the striker and
whatever else the referee knows, one line each, wrapped to the panel.

The diagrams are images only. A re-spot question gets a separate
:func:`spot_picker_svg`: the table as the referee finds it when he re-spots (the
ball asked about not on it) and its six spots as large pointer targets, which
the site's JavaScript ties to the list of spots (the keyboard's way to answer).

The SVG is never mirrored in right-to-left pages (its ``direction="ltr"`` attribute,
not a ``style``: the Content-Security-Policy allows no inline style); its
``<title>`` and ``<desc>`` are in the active language.

>>> from django.utils import translation
>>> case = {"state": {"positions": {"white": [889, 600], "blue": [889, 1784.5]}}}
>>> with translation.override("en"):
...     svg = table_svg(case)
>>> "<title" in svg and 'role="img"' in svg and 'direction="ltr"' in svg and "style=" not in svg
True
"""

from __future__ import annotations

import functools
import itertools
import json
import math
import re
import textwrap
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.text import capfirst
from django.utils.translation import (
    get_language,
    get_language_bidi,
    npgettext,
    pgettext,
    pgettext_lazy,
)

import rules_engine
from quiz.explain import (
    ball_name,
    ball_on_word,
    ball_word,
    format_list,
    points_phrase,
    respot_label,
)
from quiz.numbers import format_number
from rules_engine import COLOURS
from rules_engine.table import (
    BALL_RADIUS,
    BAULK_LINE_Y,
    D_CENTRE,
    D_RADIUS,
    POCKETS,
    SPOTS,
    TABLE_LENGTH,
    TABLE_WIDTH,
)

#: Fill and outline of each ball. Drawn to scale a ball is a few pixels wide:
#: light balls get a dark outline and dark balls a light one, so that each
#: stands out from the green cloth (the green and the brown above all).
BALL_STYLE: dict[str, tuple[str, str]] = {
    "white": ("#f7f5ec", "#1b1b1b"),
    "red": ("#d0102e", "#ffd9de"),
    "yellow": ("#ffd22e", "#1b1b1b"),
    "green": ("#35c95b", "#0b0b0b"),
    "brown": ("#8a4f18", "#f3dcc0"),
    "blue": ("#1e5fe0", "#dbe6ff"),
    "pink": ("#f59ac4", "#1b1b1b"),
    "black": ("#121212", "#e0e0e0"),
}
#: The outline keeps this width in screen pixels, however small the table is drawn.
BALL_OUTLINE_PX = 1.25
#: A ball the case does not name (it says only that a spot is covered): grey, dark outline.
UNKNOWN_BALL = ("#b9c1bd", "#1b1b1b")

CLOTH = "#1d6b3a"
CUSHION = "#124d29"
RAIL = "#5e3518"
LINES = "#e9efe9"
#: Rail and cushion drawn outside the playing surface (mm).
CUSHION_WIDTH = 45.0
RAIL_WIDTH = 60.0
POCKET_RADIUS = {"corner": 50.0, "middle": 44.0}
SPOT_RADIUS = 9.0
#: Clickable area of a spot on the picker: as large as the spots' spacing
#: allows (yellow, brown and green are 292 mm apart), easy to hit on a phone.
SPOT_TARGET_RADIUS = 120.0
#: Lines of the table keep this width in screen pixels at any size.
LINE_WIDTH_PX = 1.5
#: Within this distance of a spot or pocket a ball is described as "near" it.
NEAR_SPOT = 2 * 52.5
NEAR_POCKET = 3 * 52.5
ON_SPOT = 1.0

_diagram_numbers = itertools.count(1)
#: Drawings are cached without their element ids; each use gets fresh ones.
IDENT = "baize-table-\u2063"


def _numbered(svg: str) -> SafeString:
    """``svg`` with ids of its own, unique on the page (a drawing may be cached)."""
    return mark_safe(svg.replace(IDENT, f"baize-table-{next(_diagram_numbers)}"))


_NUMBERED = re.compile(r"baize-table-(\d+)")

def renumbered(html: str) -> SafeString:
    """``html`` (safe) whose drawings get new ids, unique on the page: for a cached fragment.

    >>> html = renumbered('<svg aria-labelledby="baize-table-7-t"><title id="baize-table-7-t">')
    >>> len(set(_NUMBERED.findall(html))), "baize-table-7-" in html
    (1, False)
    """
    fresh: dict[str, str] = {}

    def new_id(match: re.Match[str]) -> str:
        if match[1] not in fresh:
            fresh[match[1]] = f"baize-table-{next(_diagram_numbers)}"
        return fresh[match[1]]

    return mark_safe(_NUMBERED.sub(new_id, html))


def case_key(case: Mapping[str, Any]) -> str:
    """A case as canonical JSON: the key of whatever is drawn or rendered from it alone.

    >>> case_key({"stroke": {}, "state": {"reds": 1}})
    '{"state":{"reds":1},"stroke":{}}'
    """
    return json.dumps(case, sort_keys=True, separators=(",", ":"), default=str)


class DiagramError(ValueError):
    """The case's positions cannot be drawn (an unknown ball, not a pair of numbers)."""


Point = tuple[float, float]


# --- what the description says ---------------------------------------------

_ON_SPOT = {
    "yellow": pgettext_lazy("ball lies", "on the yellow spot"),
    "green": pgettext_lazy("ball lies", "on the green spot"),
    "brown": pgettext_lazy("ball lies", "on the brown spot"),
    "blue": pgettext_lazy("ball lies", "on the blue spot"),
    "pink": pgettext_lazy("ball lies", "on the pink spot"),
    "black": pgettext_lazy("ball lies", "on the black spot"),
}
_NEAR_SPOT = {
    "yellow": pgettext_lazy("ball lies", "near the yellow spot"),
    "green": pgettext_lazy("ball lies", "near the green spot"),
    "brown": pgettext_lazy("ball lies", "near the brown spot"),
    "blue": pgettext_lazy("ball lies", "near the blue spot"),
    "pink": pgettext_lazy("ball lies", "near the pink spot"),
    "black": pgettext_lazy("ball lies", "near the black spot"),
}
#: Spots named in a list ("occupied spots: the blue spot, the black spot").
_SPOT_IN_LIST = {
    "yellow": pgettext_lazy("spot in a list", "the yellow spot"),
    "green": pgettext_lazy("spot in a list", "the green spot"),
    "brown": pgettext_lazy("spot in a list", "the brown spot"),
    "blue": pgettext_lazy("spot in a list", "the blue spot"),
    "pink": pgettext_lazy("spot in a list", "the pink spot"),
    "black": pgettext_lazy("spot in a list", "the black spot"),
}
#: Left and right as seen from the baulk end, as referees name the pockets.
_NEAR_POCKET = {
    "baulk_left": pgettext_lazy("ball lies", "near the left baulk pocket"),
    "baulk_right": pgettext_lazy("ball lies", "near the right baulk pocket"),
    "middle_left": pgettext_lazy("ball lies", "near the left middle pocket"),
    "middle_right": pgettext_lazy("ball lies", "near the right middle pocket"),
    "top_left": pgettext_lazy("ball lies", "near the left top pocket"),
    "top_right": pgettext_lazy("ball lies", "near the right top pocket"),
}
#: Stretches of the table along its length, baulk end first: (end y, phrase).
_STRETCHES = (
    (BAULK_LINE_Y, pgettext_lazy("ball lies", "in baulk")),
    (SPOTS["blue"][1], pgettext_lazy("ball lies", "between the baulk line and the blue spot")),
    (SPOTS["pink"][1], pgettext_lazy("ball lies", "between the blue and pink spots")),
    (SPOTS["black"][1], pgettext_lazy("ball lies", "between the pink and black spots")),
    (math.inf, pgettext_lazy("ball lies", "beyond the black spot, near the top cushion")),
)


def _distance(a: Sequence[float], b: Sequence[float]) -> float:
    return math.hypot(a[0] - b[0], a[1] - b[1])


def _place(ball: str, point: Sequence[float]) -> str:
    """Where ``ball`` lies, as a phrase: its spot, another spot, a pocket, the D, a stretch."""
    own_spot = SPOTS.get(ball)
    if own_spot and _distance(point, own_spot) <= ON_SPOT:
        return pgettext("ball lies", "on its spot")
    for colour, spot in SPOTS.items():
        if _distance(point, spot) <= ON_SPOT:
            return str(_ON_SPOT[colour])
    pocket = min(POCKETS, key=lambda name: _distance(point, POCKETS[name]))
    if _distance(point, POCKETS[pocket]) <= NEAR_POCKET:
        return str(_NEAR_POCKET[pocket])
    if own_spot and _distance(point, own_spot) <= NEAR_SPOT:
        return pgettext("ball lies", "near its spot")
    spot = min(SPOTS, key=lambda colour: _distance(point, SPOTS[colour]))
    if _distance(point, SPOTS[spot]) <= NEAR_SPOT:
        return str(_NEAR_SPOT[spot])
    if point[1] <= BAULK_LINE_Y and _distance(point, D_CENTRE) <= D_RADIUS:
        return pgettext("ball lies", "in the D")
    return next(str(phrase) for end, phrase in _STRETCHES if point[1] <= end)


def _reds_phrase(count: int) -> str:
    if not count:
        return pgettext("table description", "no reds left")
    return npgettext("table description", "%(count)s red", "%(count)s reds", count) % {
        "count": format_number(count)
    }


def _positions_description(balls: Sequence[tuple[str, Point]], *, cue_ball: bool = True) -> str:
    """``Cue ball in the D, 15 reds, the blue on its spot, …`` in the active language.

    ``cue_ball=False``: where the cue ball is goes unsaid (the drawing leaves it out).
    """
    where = {ball: point for ball, point in balls if ball != "red"}
    items = []
    if "white" in where:
        place = _place("white", where["white"])
        items = [pgettext("table description", "cue ball %(place)s") % {"place": place}]
    elif cue_ball:
        items = [pgettext("table description", "cue ball in hand")]
    items.append(_reds_phrase(sum(ball == "red" for ball, _ in balls)))
    colours = [colour for colour in COLOURS if colour in where]
    if colours == list(COLOURS) and all(
        _distance(where[colour], SPOTS[colour]) <= ON_SPOT for colour in COLOURS
    ):
        items.append(pgettext("table description", "every colour on its spot"))
    else:
        items += [
            pgettext("table description", "%(ball)s %(place)s")
            % {"ball": ball_name(colour), "place": _place(colour, where[colour])}
            for colour in colours
        ]
    return capfirst(format_list(items)) + "."


# --- reading the case --------------------------------------------------------


def _point(value: Any, where: str) -> Point:
    if (
        not isinstance(value, (list, tuple))
        or len(value) != 2
        or not all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in value)
    ):
        raise DiagramError(f"{where}: expected [x, y] in millimetres, got {value!r}")
    return float(value[0]), float(value[1])


def _balls(positions: Mapping[str, Any], where: str) -> list[tuple[str, Point]]:
    """Every ball of ``positions`` with its point: reds, white, then colours by value."""
    if not isinstance(positions, Mapping):
        raise DiagramError(f"{where}: expected a map of balls to positions")
    unknown = set(positions) - {"white", "red", *COLOURS}
    if unknown:
        raise DiagramError(f"{where}: unknown ball {sorted(unknown)[0]!r}")
    reds = positions.get("red") or []
    if not isinstance(reds, (list, tuple)):
        raise DiagramError(f"{where}.red: expected a list of [x, y]")
    balls = [("red", _point(p, f"{where}.red[{i}]")) for i, p in enumerate(reds)]
    for ball in ("white", *COLOURS):
        if ball in positions:
            balls.append((ball, _point(positions[ball], f"{where}.{ball}")))
    return balls


# --- drawing -------------------------------------------------------------------


def _num(value: float) -> str:
    """A coordinate for the SVG source: short, always with a dot."""
    return f"{value:.2f}".rstrip("0").rstrip(".")


def _svg(x_mm: float, y_mm: float) -> tuple[str, str]:
    """The SVG point of a table point: along the table to the right, across downwards."""
    return _num(y_mm), _num(x_mm)


def svg_point(point: Sequence[float]) -> tuple[float, float]:
    """Where a point of the table (millimetres, the case's frame) is drawn, in SVG units.

    >>> svg_point((889, 3245))
    (3245.0, 889.0)
    """
    x, y = _svg(float(point[0]), float(point[1]))
    return float(x), float(y)


def _ball_circle(ball: str, cx: str, cy: str, radius: float = BALL_RADIUS) -> str:
    fill, outline = BALL_STYLE[ball]
    return (
        f'<circle class="ball ball-{ball}" data-ball="{ball}" cx="{cx}" cy="{cy}" '
        f'r="{_num(radius)}" fill="{fill}" stroke="{outline}" stroke-width="{BALL_OUTLINE_PX}" '
        f'vector-effect="non-scaling-stroke"/>'
    )


def _table_parts(*, spot_radius: float = SPOT_RADIUS) -> list[str]:
    """Rail, cushions, cloth, pockets, baulk line, the D and the spots."""
    outer = CUSHION_WIDTH + RAIL_WIDTH
    parts = [
        _rect("rail", -outer, TABLE_LENGTH + 2 * outer, TABLE_WIDTH + 2 * outer, RAIL, 'rx="40" '),
        _rect("cushions", -CUSHION_WIDTH, TABLE_LENGTH + 2 * CUSHION_WIDTH,
              TABLE_WIDTH + 2 * CUSHION_WIDTH, CUSHION),
        _rect("cloth", 0, TABLE_LENGTH, TABLE_WIDTH, CLOTH),
    ]
    for name, point in POCKETS.items():
        cx, cy = _svg(*point)
        radius = POCKET_RADIUS["middle" if name.startswith("middle") else "corner"]
        parts.append(
            f'<circle class="pocket" data-pocket="{name}" cx="{cx}" cy="{cy}" '
            f'r="{_num(radius)}" fill="#050505"/>'
        )
    baulk = _num(BAULK_LINE_Y)
    parts.append(
        f'<line class="baulk-line" x1="{baulk}" y1="0" x2="{baulk}" y2="{_num(TABLE_WIDTH)}" '
        f'stroke="{LINES}" stroke-width="{LINE_WIDTH_PX}" vector-effect="non-scaling-stroke"/>'
    )
    d_x, _ = _svg(*D_CENTRE)
    top, bottom = _num(D_CENTRE[0] - D_RADIUS), _num(D_CENTRE[0] + D_RADIUS)
    radius = _num(D_RADIUS)
    # Sweep flag 0: from the green-side end of the D round through the baulk end.
    parts.append(
        f'<path class="d" d="M {d_x} {top} A {radius} {radius} 0 0 0 {d_x} {bottom}" '
        f'fill="none" stroke="{LINES}" stroke-width="{LINE_WIDTH_PX}" '
        f'vector-effect="non-scaling-stroke"/>'
    )
    for colour, point in SPOTS.items():
        cx, cy = _svg(*point)
        parts.append(
            f'<circle class="spot" data-spot="{colour}" cx="{cx}" cy="{cy}" '
            f'r="{_num(spot_radius)}" fill="{LINES}"/>'
        )
    return parts


def _rect(css_class: str, corner: float, width: float, height: float, fill: str,
          extra: str = "") -> str:
    return (
        f'<rect class="{css_class}" x="{_num(corner)}" y="{_num(corner)}" width="{_num(width)}" '
        f'height="{_num(height)}" {extra}fill="{fill}"/>'
    )


def _spot_targets(*, radius: float = SPOT_TARGET_RADIUS) -> list[str]:
    """The six spots as pointer targets, each tinted with its colour and named by its title."""
    parts = []
    for colour, point in SPOTS.items():
        cx, cy = _svg(*point)
        label = escape(respot_label(f"{colour}_spot"))
        fill = BALL_STYLE[colour][0]
        parts.append(
            f'<g class="spot-target" data-target="{colour}_spot">'
            f"<title>{label}</title>"
            f'<circle class="spot-target-area" cx="{cx}" cy="{cy}" r="{_num(radius)}" '
            f'fill="{fill}" fill-opacity="0.3" stroke="{LINES}" stroke-width="2" '
            f'stroke-dasharray="6 4" vector-effect="non-scaling-stroke"/></g>'
        )
    return parts


def _svg_document(
    *, view_box: str, title: str, desc: str, body: Iterable[str], css_class: str
) -> SafeString:
    """The ``<svg>`` element: an image named by its title and described by its desc."""
    ident = IDENT  # numbered by the public functions: several diagrams may share a page
    labelled_by = f"{ident}-title {ident}-desc" if desc else f"{ident}-title"
    description = f'<desc id="{ident}-desc">{escape(desc)}</desc>' if desc else ""
    # Safe: the title, the description and every name from the case are escaped,
    # the rest is built here from numbers and constants.
    return mark_safe(
        f'<svg xmlns="http://www.w3.org/2000/svg" class="{css_class}" id="{ident}" '
        f'viewBox="{view_box}" role="img" aria-labelledby="{labelled_by}" '
        f'direction="ltr">'
        f'<title id="{ident}-title">{escape(title)}</title>{description}'
        + "".join(body)
        + "</svg>"
    )


def _table_view_box() -> str:
    outer = CUSHION_WIDTH + RAIL_WIDTH
    width, height = TABLE_LENGTH + 2 * outer, TABLE_WIDTH + 2 * outer
    return f"{_num(-outer)} {_num(-outer)} {_num(width)} {_num(height)}"


def _table_drawing(positions: Mapping[str, Any], *, title: str, where: str) -> SafeString:
    balls = _balls(positions, where)
    body = _table_parts()
    body += [_ball_circle(ball, *_svg(*point)) for ball, point in balls]
    return _svg_document(
        view_box=_table_view_box(),
        title=title,
        desc=_positions_description(balls),
        body=body,
        css_class="table-diagram",
    )


# --- the schematic -------------------------------------------------------------

#: The schematic is drawn for about its own size in pixels (the page shows it
#: at most 34rem wide): its 19-unit type reads as ordinary text there, and
#: still as small print on a phone, where it fills the screen's width.
SCHEMATIC_WIDTH = 520.0
SCHEMATIC_MARGIN = 20.0
SCHEMATIC_FONT = 19.0
SCHEMATIC_LINE = 26.0
#: Characters of a wrapped line: 19-unit type averages under 10 units a character.
SCHEMATIC_CHARS = int((SCHEMATIC_WIDTH - 2 * SCHEMATIC_MARGIN) / 10)
SCHEMATIC_BALL = 13.0
SCHEMATIC_BALL_STEP = 31.0
REDS_PER_ROW = 8
MARK = "#f5b700"
PANEL = "#0f4f2a"
FONT_FAMILY = 'system-ui, "Noto Sans", "Noto Naskh Arabic", "DejaVu Sans", sans-serif'


def _resolved_state(case: Mapping[str, Any]) -> Mapping[str, Any]:
    """The case's state with the engine's defaults filled in (ball on, sides, scores, reds).

    The engine decides what a missing field means (``ball_on`` derived from the
    table, each player a side …); a case the engine cannot read is drawn from its
    raw fields instead, so that the author still sees what he wrote.
    """
    try:
        state = rules_engine.load_case(case).state
    except (ValueError, TypeError, AttributeError):  # CaseError, or not even a mapping inside
        return case.get("state") or {}
    return {
        "players": state.players,
        "sides": state.sides,
        "striker": state.striker,
        "scores": state.scores,
        "reds": state.reds,
        "colours": state.colours,
        "ball_on": state.ball_on,
        "free_ball": state.free_ball,
        "in_hand": state.in_hand,
        "touching": state.touching or (),
        "misses": state.misses,
        "respotted_black": state.respotted_black,
        "occupied_spots": state.occupied_spots or (),
    }


def _sides(state: Mapping[str, Any]) -> dict[str, list[str]]:
    """Each side that keeps a score, with its players (each player a side by default)."""
    players = [str(p) for p in state.get("players") or ("A", "B")]
    sides = state.get("sides") or {player: [player] for player in players}
    return {str(side): [str(p) for p in members or ()] for side, members in sides.items()}


def _striker(state: Mapping[str, Any]) -> str:
    players = [str(p) for p in state.get("players") or ("A", "B")]
    return str(state.get("striker") or players[0])


def _score(state: Mapping[str, Any], side: str) -> int:
    score = (state.get("scores") or {}).get(side, 0)
    return score if isinstance(score, int) and not isinstance(score, bool) else 0


def _table_lines(reds: int, colours: Sequence[str]) -> list[str]:
    """What remains on the table, in words."""
    if reds:
        lines = [
            npgettext(
                "schematic", "%(count)s red on the table", "%(count)s reds on the table", reds
            )
            % {"count": format_number(reds)}
        ]
    else:
        lines = [pgettext("schematic", "No reds on the table")]
    if len(colours) == 1:  # not "Colours on the table: black"
        lines.append(
            pgettext("schematic", "Last colour on the table: %(colour)s")
            % {"colour": ball_word(colours[0])}
        )
    elif colours:
        lines.append(
            pgettext("schematic", "Colours on the table: %(colours)s")
            % {"colours": format_list([ball_word(colour) for colour in colours])}
        )
    else:
        lines.append(pgettext("schematic", "No colours on the table"))
    return lines


def _score_lines(state: Mapping[str, Any]) -> list[str]:
    return [
        pgettext("schematic", "Score of %(side)s: %(points)s")
        % {"side": side, "points": points_phrase(_score(state, side))}
        for side in _sides(state)
    ]


def _situation_lines(state: Mapping[str, Any]) -> list[str]:
    """The ball on, the striker and whatever else the referee knows, one line each."""
    lines = []
    if state.get("ball_on") in ("red", "colour", *COLOURS):
        lines.append(
            pgettext("schematic", "Ball on: %(ball)s") % {"ball": ball_on_word(state["ball_on"])}
        )
    lines.append(pgettext("schematic", "Striker: %(player)s") % {"player": _striker(state)})
    if state.get("in_hand"):
        lines.append(pgettext("schematic", "Cue ball in hand"))
    if state.get("free_ball"):
        lines.append(pgettext("schematic", "Free ball awarded to the striker"))
    touching = [ball for ball in state.get("touching") or () if ball in BALL_STYLE]
    if touching:
        lines.append(
            pgettext("schematic", "Cue ball touching: %(balls)s")
            % {"balls": format_list([ball_word(ball) for ball in touching])}
        )
    occupied = _occupied_spots(state)
    if occupied:
        lines.append(
            pgettext("schematic", "Occupied spots: %(spots)s")
            % {"spots": format_list([str(_SPOT_IN_LIST[colour]) for colour in occupied])}
        )
    misses = state.get("misses") or 0
    if isinstance(misses, int) and misses > 0:
        lines.append(
            npgettext(
                "schematic",
                "%(count)s miss already called from this position",
                "%(count)s misses already called from this position",
                misses,
            )
            % {"count": format_number(misses)}
        )
    if state.get("respotted_black"):
        lines.append(pgettext("schematic", "Frame on a re-spotted black"))
    return lines


def _occupied_spots(state: Mapping[str, Any]) -> list[str]:
    return [colour for colour in state.get("occupied_spots") or () if colour in SPOTS]


@dataclass(frozen=True)
class RespotTable:
    """The table as the referee finds it when he re-spots a ball, from what the case says.

    ``source``: ``after`` (the balls at rest after the stroke), ``before`` (the object balls
    where they stood before it, less those it sent off the table; the cue ball moved and is
    left out), ``spots`` (no positions: the spots the case says are covered) or ``none``.
    """

    source: str
    balls: tuple[tuple[str, Point], ...] = ()
    covered: tuple[str, ...] = ()


def respot_table(case: Mapping[str, Any], *, ball: str) -> RespotTable:
    """The table when ``ball`` is re-spotted: ``ball`` is not on it, nothing else is decided.

    The same facts the engine reads, in its order: the positions after the stroke, else those
    before it (less the balls the stroke potted or sent off, and the cue ball), else the
    spots the case gives as covered. Which spot is free is read from the drawing, never
    marked: marking it would answer the question.

    >>> table = respot_table({"state": {"positions": {"black": [889, 3245],
    ...     "white": [600, 2400], "pink": [889, 2676.75], "blue": [889, 1784.5]}},
    ...     "stroke": {"potted": ["blue"]}}, ball="black")
    >>> table.source, [name for name, _point in table.balls]
    ('before', ['pink'])
    >>> respot_table({"state": {"occupied_spots": ["black"]}}, ball="black").covered
    ('black',)
    """
    state = case.get("state") or {}
    stroke = case.get("stroke") or {}
    if stroke.get("positions_after") is not None:
        source, positions = "after", stroke["positions_after"]
        gone: set[str] = {ball}
    elif state.get("positions") is not None and state.get("occupied_spots") is None:
        source, positions = "before", state["positions"]
        gone = {ball, "white", *_names(stroke.get("potted")), *_names(stroke.get("off_table"))}
    else:
        covered = tuple(_occupied_spots(state))
        return RespotTable(source="spots" if covered else "none", covered=covered)
    try:
        balls = _balls(positions, "positions")
    except DiagramError:
        return RespotTable(source="none")
    # A potted red cannot be told from the others: the reds stay (the engine keeps them too).
    return RespotTable(
        source=source,
        balls=tuple((name, point) for name, point in balls if name == "red" or name not in gone),
    )


def _names(value: Any) -> list[str]:
    return [name for name in value if isinstance(name, str)] if isinstance(value, list) else []


def _wrapped_text(line: str, *, top: float, css_class: str, size: float = SCHEMATIC_FONT,
                  weight: str = "normal", width: int = SCHEMATIC_CHARS) -> tuple[str, float]:
    """One line of text wrapped to the panel, in the page's direction; and the y below it.

    >>> from django.utils import translation
    >>> with translation.override("en"):
    ...     svg, below = _wrapped_text("a " * 40, top=0, css_class="x")
    >>> svg.count("<tspan"), below
    (2, 52.0)
    """
    rows = textwrap.wrap(line, width=width, break_long_words=False) or [""]
    rtl = get_language_bidi()
    x = _num(SCHEMATIC_WIDTH - SCHEMATIC_MARGIN) if rtl else _num(SCHEMATIC_MARGIN)
    direction = ' direction="rtl"' if rtl else ""
    baseline = top + size
    spans = "".join(
        f'<tspan x="{x}" y="{_num(baseline + SCHEMATIC_LINE * number)}">{escape(row)}</tspan>'
        for number, row in enumerate(rows)
    )
    svg = (
        f'<text class="{css_class}" fill="#ffffff" font-size="{_num(size)}" '
        f"font-weight=\"{weight}\" font-family='{FONT_FAMILY}'{direction}>{spans}</text>"
    )
    return svg, top + SCHEMATIC_LINE * len(rows)


def _balls_left(
    reds: int, colours: Sequence[str], ball_on: Any, *, top: float
) -> tuple[list[str], float]:
    """The reds in rows of eight, then the colours; the ball on ringed. Returns the y below."""
    parts = []
    step, radius = SCHEMATIC_BALL_STEP, SCHEMATIC_BALL
    on = set(COLOURS if ball_on == "colour" else (ball_on,)) if ball_on else set()
    left = SCHEMATIC_MARGIN + radius + 4
    rows = max(1, math.ceil(reds / REDS_PER_ROW)) if reds else 1
    for number in range(reds):
        row, column = divmod(number, REDS_PER_ROW)
        parts.append(_schematic_ball("red", left + column * step, top + radius + 4 + row * step,
                                     "red" in on))
    x = left + (min(reds, REDS_PER_ROW) * step + 14 if reds else 0)
    for colour in colours:
        parts.append(_schematic_ball(colour, x, top + radius + 4, colour in on))
        x += step
    return parts, top + rows * step + 8


def _schematic_ball(ball: str, x: float, y: float, is_on: bool) -> str:
    ring = (
        f'<circle class="ball-on-mark" data-on="{ball}" cx="{_num(x)}" cy="{_num(y)}" '
        f'r="{_num(SCHEMATIC_BALL + 4)}" fill="none" stroke="{MARK}" stroke-width="3"/>'
        if is_on
        else ""
    )
    return ring + _ball_circle(ball, _num(x), _num(y), SCHEMATIC_BALL)


def _scoreboard(state: Mapping[str, Any], *, top: float) -> tuple[list[str], float]:
    """A box per side: its name and its score; the striker's side framed. Returns the y below."""
    sides = _sides(state)
    striker = _striker(state)
    gap, height = 12.0, 78.0
    inner = SCHEMATIC_WIDTH - 2 * SCHEMATIC_MARGIN
    width = (inner - gap * (len(sides) - 1)) / max(1, len(sides))
    rtl = get_language_bidi()
    parts = []
    for number, (side, members) in enumerate(sides.items()):
        # Boxes follow the reading order: the first side on the right in Persian.
        slot = len(sides) - 1 - number if rtl else number
        x = SCHEMATIC_MARGIN + slot * (width + gap)
        at_table = striker == side or striker in members
        frame = f'stroke="{MARK}" stroke-width="4"' if at_table else 'stroke="none"'
        centre = _num(x + width / 2)
        parts.append(
            f'<g class="score" data-side="{escape(side)}" data-striker="{str(at_table).lower()}">'
            f'<rect x="{_num(x)}" y="{_num(top)}" width="{_num(width)}" height="{_num(height)}" '
            f'rx="10" fill="{PANEL}" {frame}/>'
            f'<text class="score-side" x="{centre}" y="{_num(top + 30)}" text-anchor="middle" '
            f'fill="#ffffff" font-size="20" font-weight="bold" '
            f"font-family='{FONT_FAMILY}'>{escape(side)}</text>"
            f'<text class="score-points" x="{centre}" y="{_num(top + 62)}" text-anchor="middle" '
            f'fill="#ffffff" font-size="24" font-family=\'{FONT_FAMILY}\'>'
            f"{escape(points_phrase(_score(state, side)))}</text></g>"
        )
    return parts, top + height + 16


def _schematic(case: Mapping[str, Any], *, title: str) -> SafeString:
    """What a referee knows when the positions are not given, laid out to be read.

    From the top: the balls that remain (the ball on ringed) and the same in
    words, a scoreboard (the striker's side framed), then the ball on, the
    striker and the rest of the situation. Every line is wrapped to the panel,
    so the type keeps its size however long the words of a language are.
    """
    state = _resolved_state(case)
    colours = [c for c in COLOURS if c in (state.get("colours") or COLOURS)]
    reds = state.get("reds", 15)
    if not isinstance(reds, int) or isinstance(reds, bool) or not 0 <= reds <= 15:
        reds = 15
    table_lines = _table_lines(reds, colours)
    situation = _situation_lines(state)
    body, y = _balls_left(reds, colours, state.get("ball_on"), top=SCHEMATIC_MARGIN - 8)
    for line in table_lines:
        text, y = _wrapped_text(line, top=y, css_class="schematic-line")
        body.append(text)
    scores, y = _scoreboard(state, top=y + 12)
    body += scores
    for line in situation:
        text, y = _wrapped_text(line, top=y, css_class="schematic-line")
        body.append(text)
    height = y + SCHEMATIC_MARGIN - 8
    panel = (
        f'<rect class="schematic-panel" x="0" y="0" width="{_num(SCHEMATIC_WIDTH)}" '
        f'height="{_num(height)}" rx="12" fill="{CLOTH}"/>'
    )
    lines = [*table_lines, *_score_lines(state), *situation]
    return _svg_document(
        view_box=f"0 0 {_num(SCHEMATIC_WIDTH)} {_num(height)}",
        title=title,
        desc=" ".join(line if line.endswith(".") else line + "." for line in lines),
        body=[panel, *body],
        css_class="table-diagram table-schematic",
    )


def table_svg(case: Mapping[str, Any], *, after: bool = False) -> SafeString:
    """Inline SVG of ``case``'s table, or a schematic when the case has no positions.

    ``after=True`` draws ``stroke.positions_after`` (the balls at rest after the
    stroke, before any re-spotting) and returns an empty string when the case
    has none. A drawing depends only on the case and the language: it is drawn
    once per process and cached (every candidate of an exam sees the same ones).
    """
    return _numbered(_cached_table(case_key(case), after, get_language()))


@functools.lru_cache(maxsize=4096)
def _cached_table(case_json: str, after: bool, language: str) -> str:
    """The drawing of a case (as JSON), ``language`` being the active one (part of the key)."""
    return str(_table_svg(json.loads(case_json), after=after))


def _table_svg(case: Mapping[str, Any], *, after: bool) -> SafeString:
    state = case.get("state") or {}
    if after:
        positions = (case.get("stroke") or {}).get("positions_after")
        if positions is None:
            return mark_safe("")
        title = pgettext("diagram", "Snooker table after the stroke")
        return _table_drawing(positions, title=title, where="stroke.positions_after")
    title = pgettext("diagram", "Snooker table")
    if state.get("positions") is not None:
        return _table_drawing(state["positions"], title=title, where="state.positions")
    return _schematic(case, title=title)


def spot_picker_svg(case: Mapping[str, Any], *, label: str, ball: str = "") -> SafeString:
    """The table's six spots as large pointer targets, for a re-spot question about ``ball``.

    ``label`` is the picker's accessible name, in the reader's language (the caller's
    catalogue). The table is drawn as the referee finds it when he re-spots (:func:`
    respot_table`): ``ball`` is not on it. Every spot stays a target and none is marked
    free or taken: the balls drawn say which are covered. The targets are for a pointer
    only: the list of spots beside the picker is the way to answer by keyboard, and the
    site's JavaScript keeps the two in step (``.is-chosen`` on the chosen target).

    >>> case = {"state": {"positions": {"black": [889, 3245], "pink": [889, 2676.75]}},
    ...         "stroke": {"potted": ["black"]}}
    >>> svg = spot_picker_svg(case, label="Spots", ball="black")
    >>> svg.count('class="spot-target"'), svg.count('data-ball="pink"'), 'data-ball="black"' in svg
    (6, 1, False)
    """
    table = respot_table(case, ball=ball)
    body = _table_parts(spot_radius=SPOT_RADIUS)
    body += _spot_targets()
    # Drawn over the targets, letting a click through to the target beneath.
    body += [
        _ball_circle(name, *_svg(*point)).replace("<circle ", '<circle pointer-events="none" ', 1)
        for name, point in table.balls
    ]
    body += [
        f'<circle class="ball ball-unknown" data-covers="{colour}" pointer-events="none" '
        f'cx="{_svg(*SPOTS[colour])[0]}" cy="{_svg(*SPOTS[colour])[1]}" '
        f'r="{_num(BALL_RADIUS)}" fill="{UNKNOWN_BALL[0]}" stroke="{UNKNOWN_BALL[1]}" '
        f'stroke-width="{BALL_OUTLINE_PX}" vector-effect="non-scaling-stroke"/>'
        for colour in table.covered
    ]
    return _numbered(_svg_document(
        view_box=_table_view_box(),
        title=label,
        desc=_respot_table_description(table),
        body=body,
        css_class="table-diagram spot-picker-table",
    ))


def _respot_table_description(table: RespotTable) -> str:
    if table.source == "spots":
        return pgettext("schematic", "Occupied spots: %(spots)s") % {
            "spots": format_list([str(_SPOT_IN_LIST[colour]) for colour in table.covered])
        }
    if table.source == "none":
        return ""
    return _positions_description(table.balls, cue_ball=table.source == "after")


def spot_picker_caption(case: Mapping[str, Any], *, ball: str) -> str:
    """What the spot picker of a question about ``ball`` shows, in the reader's language.

    >>> from django.utils import translation
    >>> with translation.override("en"):
    ...     spot_picker_caption({"stroke": {"positions_after": {}}}, ball="pink")
    'The balls as they came to rest after the stroke, without the pink.'
    """
    table = respot_table(case, ball=ball)
    name = ball_name(ball, case="_gen") if ball in BALL_STYLE else ""
    if table.source == "after":
        return pgettext(
            "spot picker", "The balls as they came to rest after the stroke, without %(ball)s."
        ) % {"ball": name}
    if table.source == "before":
        return pgettext(
            "spot picker",
            "The object balls where they stood before the stroke, without %(ball)s and the "
            "colours potted; the cue ball is not drawn: where it came to rest is not given.",
        ) % {"ball": name}
    if table.source == "spots":
        return pgettext(
            "spot picker",
            "Where the balls lie is not given: a grey ball stands for each ball that covers "
            "a spot.",
        )
    return pgettext("spot picker", "Where the balls lie is not given: read what happened.")


# --- the stroke, as an illustration ----------------------------------------------


def _pair_reds(before: list[Point], after: list[Point]) -> list[Point | None]:
    """Each red before the stroke with the red after it nearest to it (None: potted)."""
    pairs = sorted(
        (math.dist(b, a), i, j) for i, b in enumerate(before) for j, a in enumerate(after)
    )
    matched: dict[int, Point] = {}
    used: set[int] = set()
    for _distance, i, j in pairs:
        if i not in matched and j not in used:
            matched[i] = after[j]
            used.add(j)
    return [matched.get(i) for i in range(len(before))]


def _nearest_pocket(point: Point) -> Point:
    return min(POCKETS.values(), key=lambda pocket: math.dist(pocket, point))


def _contact_point(case: Mapping[str, Any], balls: list[tuple[str, Point]]) -> Point | None:
    """Where the cue ball meets the first ball it struck (one ball's width short of it)."""
    white = next((point for ball, point in balls if ball == "white"), None)
    first = ((case.get("stroke") or {}).get("first_contact") or [None])[0]
    targets = [point for ball, point in balls if ball == first]
    if white is None or not targets:
        return None
    target = min(targets, key=lambda point: math.dist(point, white))
    distance = math.dist(white, target)
    if distance <= 2 * BALL_RADIUS:
        return white
    share = (distance - 2 * BALL_RADIUS) / distance
    return (white[0] + (target[0] - white[0]) * share, white[1] + (target[1] - white[1]) * share)


def stroke_motion(case: Mapping[str, Any]) -> list[dict[str, Any]]:
    """How each ball of the "before" diagram moves to the "after" one, for an illustration.

    One entry per ball, in the order :func:`table_svg` draws them: ``to`` where it
    came to rest (SVG user units), ``potted`` (then ``to`` is the nearest pocket,
    a guess the page calls one), ``via`` for the cue ball: where it met the first
    ball it struck. Empty without positions before and after. Nothing is re-spotted:
    ``positions_after`` are the balls at rest, before any re-spotting.

    >>> case = {"state": {"positions": {"white": [889, 600], "red": [[889, 2600], [300, 3000]]}},
    ...         "stroke": {"first_contact": ["red"],
    ...                    "positions_after": {"white": [889, 2400], "red": [[310, 3000]]}}}
    >>> [(m["ball"], m["potted"]) for m in stroke_motion(case)]
    [('red', True), ('red', False), ('white', False)]
    >>> stroke_motion(case)[2]["via"]
    [2547.5, 889.0]
    """
    stroke = case.get("stroke") or {}
    state = case.get("state") or {}
    if state.get("positions") is None or stroke.get("positions_after") is None:
        return []
    try:
        before = _balls(state["positions"], "state.positions")
        after = _balls(stroke["positions_after"], "stroke.positions_after")
    except DiagramError:
        return []
    reds_after = _pair_reds(
        [p for b, p in before if b == "red"], [p for b, p in after if b == "red"]
    )
    rest = {ball: point for ball, point in after if ball != "red"}
    contact = _contact_point(case, before)
    motion = []
    for index, (ball, point) in enumerate(before):
        end = reds_after[index] if ball == "red" else rest.get(ball)
        start = contact if ball == "white" and contact is not None else point
        entry: dict[str, Any] = {
            "ball": ball,
            "potted": end is None,
            "to": [float(v) for v in _svg(*(end or _nearest_pocket(start)))],
        }
        if ball == "white" and contact is not None:
            entry["via"] = [float(v) for v in _svg(*contact)]
        motion.append(entry)
    return motion
