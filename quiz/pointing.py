"""What each step of the referee's reasoning points at on the table drawn above it.

A step of the engine's trail names balls (``ball``, ``balls``, ``ball_on``) and spots (a
re-spot's ``to``, or the ball's own spot when it goes back there). The feedback marks each
step with them, and the site's script rings them on the diagrams while the reader points
at the step or moves to it by keyboard; a colour re-spotted is drawn where the engine put
it. All of it comes from the decision, so it is rendered only with the feedback: after the
answer is submitted, never before.

>>> step = {"code": "respot_highest_available", "params": {"ball": "black", "to": "pink_spot"}}
>>> step_marks(step)
StepMarks(balls=('black',), spots=('pink', 'black'), respot='black')
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from quiz.diagrams import BALL_STYLE, svg_point
from quiz.explain import ExplainedStep, explain
from rules_engine.table import SPOTS

#: Steps that put a colour back on the table: they point at where it went.
RESPOT_CODES = frozenset({
    "respot_own_spot",
    "respot_highest_available",
    "respot_towards_top_cushion",
    "respot_below_spot",
    "free_ball_respotted",
})
#: Steps that re-spot the black for a tie-break (no params: the black, on its spot).
RESPOTTED_BLACK_CODES = frozenset({"respotted_black_scores_level", "respotted_black_totals_level"})


@dataclass(frozen=True)
class StepMarks:
    """The balls and spots (by colour) one step names; ``respot``: the ball it re-spots."""

    balls: tuple[str, ...] = ()
    spots: tuple[str, ...] = ()
    respot: str = ""

    @property
    def any(self) -> bool:
        return bool(self.balls or self.spots or self.respot)


@dataclass(frozen=True)
class PointedStep:
    """A step of the explanation with what it points at, as the template writes them."""

    step: ExplainedStep
    marks: StepMarks

    @property
    def balls(self) -> str:
        return " ".join(self.marks.balls)

    @property
    def spots(self) -> str:
        return " ".join(self.marks.spots)


def _ball_names(value: Any) -> list[str]:
    values = [value] if isinstance(value, str) else value if isinstance(value, list | tuple) else []
    return [ball for ball in values if ball in BALL_STYLE]


def _spot_of(target: Any) -> str:
    """The colour of the spot a re-spot target names (``above_pink_spot``: the pink's)."""
    if not isinstance(target, str):
        return ""
    colour = target.removeprefix("above_").removeprefix("below_").removesuffix("_spot")
    return colour if colour in SPOTS else ""


def step_marks(step: Mapping[str, Any]) -> StepMarks:
    """What one trail step names on the table.

    >>> step_marks({"code": "touching_ball_called", "params": {"balls": ["red", "red", "blue"]}})
    StepMarks(balls=('red', 'blue'), spots=(), respot='')
    >>> step_marks({"code": "respotted_black_scores_level", "params": {}})
    StepMarks(balls=('black',), spots=('black',), respot='black')
    """
    params = step.get("params") or {}
    code = step.get("code")
    balls: list[str] = []
    for name in ("ball", "ball_on", "balls"):
        for ball in _ball_names(params.get(name)):
            if ball not in balls:
                balls.append(ball)
    spots = [colour for colour in (_spot_of(params.get("to")),) if colour]
    respot = ""
    if code in RESPOTTED_BLACK_CODES:
        balls, spots, respot = ["black"], ["black"], "black"
    elif code in RESPOT_CODES and isinstance(params.get("ball"), str):
        respot = params["ball"]
        # Its own spot: where it goes, or the spot it could not go to (occupied).
        if respot in SPOTS and respot not in spots:
            spots.append(respot)
    return StepMarks(balls=tuple(balls), spots=tuple(spots), respot=respot)


def pointed_steps(decision: Mapping[str, Any]) -> list[PointedStep]:
    """The explanation of ``decision`` (``quiz.explain``), each step with what it names."""
    trail: Sequence[Mapping[str, Any]] = decision.get("trail", ())
    return [
        PointedStep(step=explained, marks=step_marks(step))
        for explained, step in zip(explain(decision), trail, strict=True)
    ]


def respot_points(decision: Mapping[str, Any]) -> list[dict[str, Any]]:
    """Where the engine re-spots each colour, in the diagrams' SVG units (``cx``, ``cy``),
    and the ball's colours (``fill``, ``outline``) to draw it.

    A re-spot whose place is not known (as near as possible to a spot, without the
    positions) is left out: it is not drawn where it might not be.

    >>> respot_points({"respots": [{"ball": "pink", "to": "pink_spot", "position": None},
    ...                            {"ball": "black", "to": "above_black_spot", "position": None}]})
    [{'ball': 'pink', 'cx': 2676.75, 'cy': 889.0, 'fill': '#f59ac4', 'outline': '#1b1b1b'}]
    """
    points = []
    for respot in _respots(decision.get("respots")):
        ball, position = respot.get("ball"), respot.get("position")
        if ball not in BALL_STYLE:
            continue
        if not (isinstance(position, list | tuple) and len(position) == 2):
            colour = _spot_of(respot.get("to"))
            if not colour or respot.get("to") != f"{colour}_spot":
                continue
            position = SPOTS[colour]
        cx, cy = svg_point(position)
        fill, outline = BALL_STYLE[ball]
        points.append({"ball": ball, "cx": cx, "cy": cy, "fill": fill, "outline": outline})
    return points


def _respots(value: Any) -> Iterable[Mapping[str, Any]]:
    return [item for item in value if isinstance(item, Mapping)] if isinstance(value, list) else []
