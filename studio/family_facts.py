"""The facts of a case an author may make vary in the family editor, and how they are written.

Each fact is a place in the case template (``state.reds``, ``stroke.first_contact``) and a
parameter of the same name (docs/families.md): varying it replaces the template's value with
the operand ``{"$": name}`` and draws it from a range (numbers) or a list of choices (balls and
codes, written as the referee case writes them: ``red, yellow``; ``none`` for no ball and
``red+black`` for two in a list-valued fact).

>>> template = {"state": {"reds": 4}}
>>> vary(template=template, fact=FACTS_BY_NAME["reds"])["state"]
{'reds': {'$': 'reds'}}
>>> parse_choices(FACTS_BY_NAME["first_contact"], "red, none, yellow+blue")
[['red'], [], ['yellow', 'blue']]
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext_lazy as _

import rules_engine
from studio.vocabulary import FIELDS

BALLS = ("red", *rules_engine.COLOURS)


@dataclass(frozen=True)
class Fact:
    """A fact that may vary: its parameter's name, where it is in the case, how it is drawn."""

    name: str
    path: tuple[str, ...]
    #: ``number`` (a range), ``balls`` (a list of balls per choice) or ``code`` (one value).
    kind: str
    label: Any
    #: Bounds an author may give a range, or the values a choice may take.
    low: int = 0
    high: int = 0
    values: tuple[Any, ...] = ()
    #: What an author starts from when he ticks it (a range or a comma list).
    suggested: Any = ""
    #: The narrative's fact (``quiz.families.spec.FACTS``) the answer then depends on.
    narrated: str = ""


FACTS: tuple[Fact, ...] = (
    Fact("reds", ("state", "reds"), "number", FIELDS["state.reds"], 0, 15,
         suggested=(1, 15), narrated="reds"),
    Fact("score_a", ("state", "scores", "A"), "number", _("Score of A"), 0, 147,
         suggested=(0, 80), narrated="scores"),
    Fact("score_b", ("state", "scores", "B"), "number", _("Score of B"), 0, 147,
         suggested=(0, 80), narrated="scores"),
    Fact("striker", ("state", "striker"), "code", FIELDS["state.striker"],
         values=("A", "B"), suggested="A, B"),
    Fact("ball_on", ("state", "ball_on"), "code", FIELDS["state.ball_on"],
         values=("colour", *BALLS), suggested="red, colour", narrated="ball_on"),
    Fact("first_contact", ("stroke", "first_contact"), "balls", FIELDS["stroke.first_contact"],
         values=BALLS, suggested="red, yellow, none"),
    Fact("potted", ("stroke", "potted"), "balls", FIELDS["stroke.potted"],
         values=BALLS, suggested="none, red"),
    Fact("nominated", ("stroke", "nominated"), "code", FIELDS["stroke.nominated"],
         values=rules_engine.COLOURS, suggested="yellow, black"),
    Fact("path_to_ball_on", ("stroke", "path_to_ball_on"), "code",
         FIELDS["stroke.path_to_ball_on"], values=("full", "partial", "none"),
         suggested="full, partial, none", narrated="path_to_ball_on"),
    Fact("snookered_after", ("stroke", "snookered_after"), "code",
         FIELDS["stroke.snookered_after"], values=(True, False), suggested="true, false",
         narrated="snookered_after"),
    Fact("misses", ("state", "misses"), "number", FIELDS["state.misses"], 0, 2,
         suggested=(0, 2), narrated="misses"),
)
FACTS_BY_NAME = {fact.name: fact for fact in FACTS}
NARRATED = {fact.narrated for fact in FACTS if fact.narrated}


class ChoiceError(ValueError):
    """A comma list an author wrote that names an unknown value (``args[0]``) or too few."""


def value_at(template: Mapping[str, Any], path: tuple[str, ...]) -> Any:
    """The template's value at ``path`` (``None`` when the case does not state it)."""
    value: Any = template
    for key in path:
        if not isinstance(value, Mapping) or key not in value:
            return None
        value = value[key]
    return value


def _set(template: dict[str, Any], path: tuple[str, ...], value: Any) -> None:
    where = template
    for key in path[:-1]:
        if not isinstance(where.get(key), dict):
            where[key] = {}
        where = where[key]
    if value is None:
        where.pop(path[-1], None)
    else:
        where[path[-1]] = value


def varies(template: Mapping[str, Any], fact: Fact) -> bool:
    """Whether the template draws ``fact`` from its parameter."""
    return value_at(template, fact.path) == {"$": fact.name}


def vary(*, template: Mapping[str, Any], fact: Fact) -> dict[str, Any]:
    """A copy of the template drawing ``fact`` from its parameter."""
    changed = copy.deepcopy(dict(template))
    _set(changed, fact.path, {"$": fact.name})
    return changed


def fix(*, template: Mapping[str, Any], fact: Fact, spec: Any) -> dict[str, Any]:
    """A copy of the template where ``fact`` no longer varies: it keeps the first value its
    parameter could take (the low end, or the first choice)."""
    changed = copy.deepcopy(dict(template))
    first = None
    if isinstance(spec, Mapping) and isinstance(spec.get("range"), list) and spec["range"]:
        first = spec["range"][0]
    elif isinstance(spec, Mapping) and isinstance(spec.get("choice"), list) and spec["choice"]:
        first = spec["choice"][0]
    _set(changed, fact.path, first)
    return changed


def written(fact: Fact, value: Any) -> str:
    """One value as an author writes it in a comma list (``none``, ``red+black``, ``true``)."""
    if fact.kind == "balls":
        return "+".join(value) if isinstance(value, list) and value else "none"
    if isinstance(value, bool):
        return "true" if value else "false"
    return "" if value is None else str(value)


def parse_choices(fact: Fact, text: str) -> list[Any]:
    """The values of a comma list; ``ChoiceError`` names the first unknown value, or is raised
    with no argument when fewer than two different values are given."""
    chosen: list[Any] = []
    for raw in (part.strip() for part in text.split(",")):
        item = raw.lower()
        if not item:
            continue
        if fact.kind == "balls":
            balls = [] if item == "none" else [ball.strip() for ball in item.split("+")]
            if any(ball not in fact.values for ball in balls):
                raise ChoiceError(raw)
            value: Any = balls
        else:
            known = {written(fact, known): known for known in fact.values}
            if item not in {key.lower(): key for key in known}:
                raise ChoiceError(raw)
            value = known[{key.lower(): key for key in known}[item]]
        if value not in chosen:
            chosen.append(value)
    if len(chosen) < 2:
        raise ChoiceError()
    return chosen
