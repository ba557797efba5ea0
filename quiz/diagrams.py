"""The table of a referee case as an inline SVG, described in the reader's language.

The table is drawn landscape with the baulk end on the left, to scale: one SVG
user unit is one millimetre of the playing surface. In the case's frame ``x``
runs across the table and ``y`` along it (``../shared/spec/referee-case.md`` §2),
so a point ``(x, y)`` is drawn at ``(y, x)``: the green spot is above the yellow,
as seen from the side of the table with the baulk end on the left.

A case without ``positions`` gets a schematic instead: the balls that remain,
the scores, the ball on, the striker, whether the cue ball is in hand, and a
plan of the table with its spots (the occupied ones marked).

The SVG is never mirrored in right-to-left pages (``direction: ltr``); its
``<title>`` and ``<desc>`` are in the active language.

>>> from django.utils import translation
>>> case = {"state": {"positions": {"white": [889, 600], "blue": [889, 1784.5]}}}
>>> with translation.override("en"):
...     svg = table_svg(case)
>>> "<title" in svg and 'role="img"' in svg and "direction:ltr" in svg
True
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.text import capfirst
from django.utils.translation import get_language_bidi, npgettext, pgettext, pgettext_lazy

import rules_engine
from quiz.explain import (
    ball_name,
    ball_on_word,
    ball_word,
    format_list,
    format_number,
    points_phrase,
    respot_label,
)
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

#: Fill and outline of each ball; the outlines keep yellow, white and green
#: readable on the green cloth.
BALL_STYLE: dict[str, tuple[str, str]] = {
    "white": ("#f7f5ec", "#1b1b1b"),
    "red": ("#c8102e", "#3d0008"),
    "yellow": ("#ffd22e", "#1b1b1b"),
    "green": ("#2bb34f", "#0b0b0b"),
    "brown": ("#7a4716", "#1b1b1b"),
    "blue": ("#1457d6", "#0a1a40"),
    "pink": ("#f59ac4", "#1b1b1b"),
    "black": ("#121212", "#d9d9d9"),
}

CLOTH = "#1d6b3a"
CUSHION = "#124d29"
RAIL = "#5e3518"
LINES = "#e9efe9"
#: Rail and cushion drawn outside the playing surface (mm).
CUSHION_WIDTH = 45.0
RAIL_WIDTH = 60.0
POCKET_RADIUS = {"corner": 50.0, "middle": 44.0}
SPOT_RADIUS = 7.0
#: Clickable area of a spot: a little larger than a ball, easy to hit.
SPOT_TARGET_RADIUS = 45.0
#: Within this distance of a spot or pocket a ball is described as "near" it.
NEAR_SPOT = 2 * 52.5
NEAR_POCKET = 3 * 52.5
ON_SPOT = 1.0

_diagram_numbers = itertools.count(1)


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


def _positions_description(balls: Sequence[tuple[str, Point]]) -> str:
    """``Cue ball in the D, 15 reds, the blue on its spot, …`` in the active language."""
    where = {ball: point for ball, point in balls if ball != "red"}
    if "white" in where:
        place = _place("white", where["white"])
        items = [pgettext("table description", "cue ball %(place)s") % {"place": place}]
    else:
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


def _ball_circle(ball: str, cx: str, cy: str, radius: float = BALL_RADIUS) -> str:
    fill, outline = BALL_STYLE[ball]
    return (
        f'<circle class="ball ball-{ball}" data-ball="{ball}" cx="{cx}" cy="{cy}" '
        f'r="{_num(radius)}" fill="{fill}" stroke="{outline}" stroke-width="{_num(radius / 8)}"/>'
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
        f'stroke="{LINES}" stroke-width="3"/>'
    )
    d_x, _ = _svg(*D_CENTRE)
    top, bottom = _num(D_CENTRE[0] - D_RADIUS), _num(D_CENTRE[0] + D_RADIUS)
    radius = _num(D_RADIUS)
    # Sweep flag 0: from the green-side end of the D round through the baulk end.
    parts.append(
        f'<path class="d" d="M {d_x} {top} A {radius} {radius} 0 0 0 {d_x} {bottom}" '
        f'fill="none" stroke="{LINES}" stroke-width="3"/>'
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
    """The six spots as click targets for the re-spot question (the site's JS wires them)."""
    parts = []
    for colour, point in SPOTS.items():
        cx, cy = _svg(*point)
        label = escape(respot_label(f"{colour}_spot"))
        parts.append(
            f'<g class="spot-target" data-target="{colour}_spot" aria-label="{label}">'
            f"<title>{label}</title>"
            f'<circle cx="{cx}" cy="{cy}" r="{_num(radius)}" fill="transparent" '
            f'stroke="{LINES}" stroke-opacity="0.35" stroke-width="3" stroke-dasharray="8 8"/></g>'
        )
    return parts


def _svg_document(
    *, view_box: str, title: str, desc: str, body: Iterable[str], css_class: str
) -> SafeString:
    """The ``<svg>`` element: an image named by its title and described by its desc."""
    ident = f"baize-table-{next(_diagram_numbers)}"  # several diagrams may share a page
    # Safe: the title, the description and every name from the case are escaped,
    # the rest is built here from numbers and constants.
    return mark_safe(
        f'<svg xmlns="http://www.w3.org/2000/svg" class="{css_class}" id="{ident}" '
        f'viewBox="{view_box}" role="img" aria-labelledby="{ident}-title {ident}-desc" '
        f'style="direction:ltr" direction="ltr">'
        f'<title id="{ident}-title">{escape(title)}</title>'
        f'<desc id="{ident}-desc">{escape(desc)}</desc>' + "".join(body) + "</svg>"
    )


def _table_drawing(positions: Mapping[str, Any], *, title: str, where: str) -> SafeString:
    balls = _balls(positions, where)
    outer = CUSHION_WIDTH + RAIL_WIDTH
    body = _table_parts()
    body += [_ball_circle(ball, *_svg(*point)) for ball, point in balls]
    body += _spot_targets()
    width, height = TABLE_LENGTH + 2 * outer, TABLE_WIDTH + 2 * outer
    return _svg_document(
        view_box=f"{_num(-outer)} {_num(-outer)} {_num(width)} {_num(height)}",
        title=title,
        desc=_positions_description(balls),
        body=body,
        css_class="table-diagram",
    )


# --- the schematic -------------------------------------------------------------


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


def _schematic_lines(state: Mapping[str, Any], reds: int, colours: Sequence[str]) -> list[str]:
    """What a referee needs to know when positions are not given, one line each."""
    if reds:
        lines = [
            npgettext(
                "schematic", "%(count)s red on the table", "%(count)s reds on the table", reds
            )
            % {"count": format_number(reds)}
        ]
    else:
        lines = [pgettext("schematic", "No reds on the table")]
    if colours:
        lines.append(
            pgettext("schematic", "Colours on the table: %(colours)s")
            % {"colours": format_list([ball_word(colour) for colour in colours])}
        )
    else:
        lines.append(pgettext("schematic", "No colours on the table"))
    players = [str(p) for p in state.get("players") or ("A", "B")]
    sides = state.get("sides") or {player: [player] for player in players}
    scores = state.get("scores") or {}
    for side in sides:
        score = scores.get(side, 0)
        lines.append(
            pgettext("schematic", "Score of %(side)s: %(points)s")
            % {"side": side, "points": points_phrase(score if isinstance(score, int) else 0)}
        )
    if state.get("ball_on") in ("red", "colour", *COLOURS):
        lines.append(
            pgettext("schematic", "Ball on: %(ball)s") % {"ball": ball_on_word(state["ball_on"])}
        )
    lines.append(
        pgettext("schematic", "Striker: %(player)s")
        % {"player": state.get("striker") or players[0]}
    )
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
    occupied = [colour for colour in state.get("occupied_spots") or () if colour in SPOTS]
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


def _schematic(case: Mapping[str, Any], *, title: str) -> SafeString:
    """The balls that remain in a row, what the referee knows in lines, and a plan of the spots.

    The plan shows no balls (their places are not given) but marks the occupied
    spots and carries the spot targets, so that a re-spot question can be
    answered on the diagram as on a drawn table.
    """
    state = _resolved_state(case)
    colours = [c for c in COLOURS if c in (state.get("colours") or COLOURS)]
    reds = state.get("reds", 15)
    if not isinstance(reds, int) or isinstance(reds, bool) or not 0 <= reds <= 15:
        reds = 15
    lines = _schematic_lines(state, reds, colours)
    caption = pgettext("schematic", "The spots (where the balls lie is not given)")
    radius, gap, margin, line_height = 16.0, 4.0, 24.0, 30.0
    row = (reds + len(colours)) * (2 * radius + gap) + (12 if reds and colours else 0)
    # Wide enough for the longest line at 20px (about 11px a character, generously).
    longest = max(len(line) for line in [*lines, caption])
    width = max(2 * margin + row, 2 * margin + 11 * longest, 720.0)
    outer = CUSHION_WIDTH + RAIL_WIDTH
    scale = (width - 2 * margin) / (TABLE_LENGTH + 2 * outer)
    plan_top = 88 + line_height * len(lines) + 30
    height = plan_top + (TABLE_WIDTH + 2 * outer) * scale + margin
    body = [
        f'<rect class="schematic-panel" x="0" y="0" width="{_num(width)}" '
        f'height="{_num(height)}" rx="12" fill="{CLOTH}"/>'
    ]
    x = margin + radius
    for number, ball in enumerate(["red"] * reds + colours):
        if number == reds and reds:
            x += 12  # a wider gap between the reds and the colours
        body.append(_ball_circle(ball, _num(x), "40", radius))
        x += 2 * radius + gap
    # The lines read in the page's direction; the row of balls and the plan keep theirs.
    rtl = get_language_bidi()
    text_x = _num(width - margin) if rtl else _num(margin)
    direction = ' direction="rtl"' if rtl else ""
    for number, line in enumerate([*lines, caption]):
        y = 100 + line_height * number + (10 if number == len(lines) else 0)
        body.append(
            f'<text class="schematic-line" x="{text_x}" y="{_num(y)}" fill="#ffffff" '
            f'font-size="20" font-family="system-ui, sans-serif"{direction}>{escape(line)}</text>'
        )
    occupied = [colour for colour in state.get("occupied_spots") or () if colour in SPOTS]
    body.append(
        f'<g class="spot-plan" transform="translate({_num(margin + outer * scale)} '
        f'{_num(plan_top + outer * scale)}) scale({scale:.5f})">'
    )
    # Drawn small, the plan gets larger spots and targets than the table to scale.
    body += _table_parts(spot_radius=3 * SPOT_RADIUS)
    body += [
        f'<circle class="occupied-spot" data-spot="{colour}" cx="{_svg(*SPOTS[colour])[0]}" '
        f'cy="{_svg(*SPOTS[colour])[1]}" r="{_num(2 * BALL_RADIUS)}" fill="#a7b0ac" '
        f'stroke="#1b1b1b" stroke-width="8" stroke-dasharray="16 10"/>'
        for colour in occupied
    ]
    body += _spot_targets(radius=2 * SPOT_TARGET_RADIUS)
    body.append("</g>")
    return _svg_document(
        view_box=f"0 0 {_num(width)} {_num(height)}",
        title=title,
        desc=" ".join(line if line.endswith(".") else line + "." for line in lines),
        body=body,
        css_class="table-diagram table-schematic",
    )


def table_svg(case: Mapping[str, Any], *, after: bool = False) -> SafeString:
    """Inline SVG of ``case``'s table, or a schematic when the case has no positions.

    ``after=True`` draws ``stroke.positions_after`` (the balls at rest after the
    stroke, before any re-spotting) and returns an empty string when the case
    has none.
    """
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
