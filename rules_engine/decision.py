"""The referee's decision (spec section 5): frozen parts, ``to_dict()`` and ``from_dict()``.

>>> step = TrailStep.of("respot_own_spot", ball="blue")
>>> step.to_dict()
{'rule': '3.7', 'code': 'respot_own_spot', 'params': {'ball': 'blue'}}
>>> TrailStep.from_dict(step.to_dict()) == step
True
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, NamedTuple

from rules_engine.table import Point
from rules_engine.trail import TRAIL_CODES

DECISION_FORMAT = "snooker-referee-decision/1"
ParamValue = str | int | tuple[str, ...]


@dataclass(frozen=True)
class Foul:
    """One foul: its code (no ``:BALL`` suffix), the ball concerned, its own penalty and rule."""

    code: str
    ball: str | None
    penalty: int
    rule: str

    def to_dict(self) -> dict[str, Any]:
        return {"code": self.code, "ball": self.ball, "penalty": self.penalty, "rule": self.rule}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Foul:
        return cls(data["code"], data.get("ball"), data["penalty"], data["rule"])


@dataclass(frozen=True)
class Respot:
    """A colour placed back on the table; ``position`` when positions are known."""

    ball: str
    to: str
    position: Point | None = None

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"ball": self.ball, "to": self.to}
        if self.position is not None:
            data["position"] = list(self.position)
        return data

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Respot:
        position = data.get("position")
        return cls(data["ball"], data["to"], tuple(position) if position is not None else None)  # type: ignore[arg-type]


@dataclass(frozen=True)
class Next:
    """Who plays next and how."""

    striker: str | None
    ball_on: str | None
    in_hand: bool
    free_ball: bool
    options: tuple[str, ...]
    warned: bool

    def to_dict(self) -> dict[str, Any]:
        return {
            "striker": self.striker,
            "ball_on": self.ball_on,
            "in_hand": self.in_hand,
            "free_ball": self.free_ball,
            "options": list(self.options),
            "warned": self.warned,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Next:
        return cls(
            data["striker"],
            data["ball_on"],
            data["in_hand"],
            data["free_ball"],
            tuple(data["options"]),
            data["warned"],
        )


@dataclass(frozen=True)
class Frame:
    """Whether the frame is over, who won and why, and whether it goes on to a re-spotted black."""

    over: bool = False
    winner: str | None = None
    reason: str | None = None
    respotted_black: bool = False

    def to_dict(self) -> dict[str, Any]:
        return {
            "over": self.over,
            "winner": self.winner,
            "reason": self.reason,
            "respotted_black": self.respotted_black,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Frame:
        return cls(data["over"], data["winner"], data["reason"], data["respotted_black"])


@dataclass(frozen=True)
class Assessment:
    """The situation before the stroke as the engine sees it.

    ``snookered`` is None when the case gives no positions.
    """

    ball_on: str
    points_remaining: int
    needs_snookers: tuple[str, ...]
    snookered: bool | None
    path_to_ball_on: str
    touching: tuple[str, ...]

    def to_dict(self) -> dict[str, Any]:
        return {
            "ball_on": self.ball_on,
            "points_remaining": self.points_remaining,
            "needs_snookers": list(self.needs_snookers),
            "snookered": self.snookered,
            "path_to_ball_on": self.path_to_ball_on,
            "touching": list(self.touching),
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Assessment:
        return cls(
            data["ball_on"],
            data["points_remaining"],
            tuple(data["needs_snookers"]),
            data["snookered"],
            data["path_to_ball_on"],
            tuple(data["touching"]),
        )


class TrailStep(NamedTuple):
    """One step of the referee's reasoning: a code from ``TRAIL_CODES``, its rule and its params.

    An immutable record like the other parts of a decision; a NamedTuple rather than a frozen
    dataclass because every judgement makes several and a tuple is the cheapest to build.
    """

    rule: str
    code: str
    params: tuple[tuple[str, ParamValue], ...] = ()

    @classmethod
    def of(cls, code: str, /, **params: Any) -> TrailStep:
        """A step for ``code`` with the code's own rule; lists in params become tuples.

        >>> TrailStep.of("simultaneous", balls=["pink", "blue"], penalty=6).params
        (('balls', ('pink', 'blue')), ('penalty', 6))
        """
        spec = TRAIL_CODES[code]
        assert set(params) == set(spec.params), (code, sorted(params))
        return cls(
            spec.rule,
            code,
            tuple(
                (
                    name,
                    tuple(params[name])
                    if isinstance(params[name], (list, tuple))
                    else params[name],
                )
                for name in spec.params
            ),
        )

    def to_dict(self) -> dict[str, Any]:
        return {
            "rule": self.rule,
            "code": self.code,
            "params": {
                name: list(value) if isinstance(value, tuple) else value
                for name, value in self.params
            },
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> TrailStep:
        return cls(
            data["rule"],
            data["code"],
            tuple(
                (name, tuple(value) if isinstance(value, list) else value)
                for name, value in data["params"].items()
            ),
        )


@dataclass(frozen=True)
class Decision:
    """What the referee decides about one case; ``to_dict()`` gives the JSON of spec section 5."""

    case: str
    legal: bool
    fouls: tuple[Foul, ...]
    penalty: int
    points: Mapping[str, int]
    scores: Mapping[str, int]
    calls: tuple[str, ...]
    respots: tuple[Respot, ...]
    replace_all: bool
    replaced: tuple[str, ...]
    next: Next
    frame: Frame
    assessment: Assessment
    trail: tuple[TrailStep, ...]

    @property
    def rules(self) -> tuple[str, ...]:
        """The trail's rules, in order, without repeats."""
        return tuple(dict.fromkeys(step.rule for step in self.trail))

    def to_dict(self) -> dict[str, Any]:
        return {
            "format": DECISION_FORMAT,
            "case": self.case,
            "legal": self.legal,
            "fouls": [foul.to_dict() for foul in self.fouls],
            "penalty": self.penalty,
            "points": dict(self.points),
            "scores": dict(self.scores),
            "calls": list(self.calls),
            "respots": [respot.to_dict() for respot in self.respots],
            "replace_all": self.replace_all,
            "replaced": list(self.replaced),
            "next": self.next.to_dict(),
            "frame": self.frame.to_dict(),
            "assessment": self.assessment.to_dict(),
            "trail": [step.to_dict() for step in self.trail],
            "rules": list(self.rules),
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Decision:
        """Read back a decision written by ``to_dict()``."""
        if data.get("format") != DECISION_FORMAT:
            raise ValueError(f"not a {DECISION_FORMAT} decision")
        return cls(
            case=data["case"],
            legal=data["legal"],
            fouls=tuple(Foul.from_dict(f) for f in data["fouls"]),
            penalty=data["penalty"],
            points=dict(data["points"]),
            scores=dict(data["scores"]),
            calls=tuple(data["calls"]),
            respots=tuple(Respot.from_dict(r) for r in data["respots"]),
            replace_all=data["replace_all"],
            replaced=tuple(data["replaced"]),
            next=Next.from_dict(data["next"]),
            frame=Frame.from_dict(data["frame"]),
            assessment=Assessment.from_dict(data["assessment"]),
            trail=tuple(TrailStep.from_dict(s) for s in data["trail"]),
        )
