"""A family as its fixture describes it, and the values its parameters take.

A parameter is drawn from ``random.Random`` only, so a family and a seed always give the same
values. Operands (in parameter bounds, templates and constraints) are a literal, ``{"$": name}``
(a parameter's value), ``{"$sum": [operand, ...]}``, ``{"$join": [operand, ...]}`` (lists
joined, each item once) or ``{"$first": operand}`` (a list's first item). A ``choice`` may hold
operands: they are filled when chosen.

>>> import random
>>> from quiz.families.drawing import draw
>>> family = Family.from_dict({"slug": "x", "topic": "penalties", "ask": ["penalty"],
...     "difficulty": 1, "parameters": {"lead": {"range": [0, 9]},
...     "b": {"$sum": [10, {"$": "lead"}]}}, "case": {"state": {"scores": {"B": {"$": "b"}}}}})
>>> values = draw(family=family, rng=random.Random(4))
>>> values["b"] - values["lead"]
10
>>> fill(template=family.case, values=values)["state"]["scores"]["B"] == values["b"]
True
"""

from __future__ import annotations

import json
import random
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

FORMAT = "baize-family/1"
FAMILIES_DIR = Path(__file__).resolve().parents[2] / "fixtures" / "families"
#: The facts a narrative can state; a family lists in ``states`` those its answer depends on.
FACTS = (
    "reds",
    "scores",
    "ball_on",
    "path_to_ball_on",
    "snookered_after",
    "occupied_spots",
    "misses",
    "touching",
    "edge",
    "stalemate",
    "ruleset",
    "sides",
    "in_hand",
    "free_ball",
    "respotted_black",
    "positions",
    "infringements",
)
#: Who may draw a family's instances (``audience`` in the fixture, ``practice`` by default):
#: practice only, exams only (the exam pool is closed: never shown in practice), or both.
AUDIENCES = ("practice", "exam", "both")


class FamilyError(ValueError):
    """A family that cannot be read or cannot give a sound instance."""


@dataclass(frozen=True)
class Family:
    """One family: what it asks, its parameters, its constraints and its case template."""

    slug: str
    topic: str
    ask: tuple[str, ...]
    difficulty: int
    parameters: Mapping[str, Any]
    case: Mapping[str, Any]
    constraints: tuple[Mapping[str, Any], ...] = ()
    states: tuple[str, ...] = ()
    ask_ball: Any = ""
    ruleset: str = "wpbsa-2007"
    variants: tuple[str, ...] = ()
    audience: str = "practice"
    raw: Mapping[str, Any] = field(default_factory=dict, compare=False, repr=False)

    @property
    def in_exams(self) -> bool:
        """Exams may draw it (``exam`` or ``both``)."""
        return self.audience in ("exam", "both")

    @property
    def in_practice(self) -> bool:
        """Practice may show it (``practice`` or ``both``)."""
        return self.audience in ("practice", "both")

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Family:
        """A family from its fixture entry; ``FamilyError`` names a missing or unknown field."""
        missing = [
            name for name in ("slug", "topic", "ask", "difficulty", "case") if name not in data
        ]
        if missing:
            raise FamilyError(f"{data.get('slug', '?')}: missing {', '.join(missing)}")
        if data.get("format", FORMAT) != FORMAT:
            raise FamilyError(f"{data['slug']}: format must be {FORMAT!r}")
        unknown = set(data) - set(cls.__dataclass_fields__) - {"description", "format", ORDER}
        if unknown:
            raise FamilyError(f"{data['slug']}: unknown field(s) {', '.join(sorted(unknown))}")
        bad_facts = set(data.get("states", ())) - set(FACTS)
        if bad_facts:
            raise FamilyError(f"{data['slug']}: unknown fact(s) {', '.join(sorted(bad_facts))}")
        if data.get("audience", "practice") not in AUDIENCES:
            raise FamilyError(f"{data['slug']}: audience must be one of {', '.join(AUDIENCES)}")
        return cls(
            slug=data["slug"],
            topic=data["topic"],
            ask=tuple(data["ask"]),
            difficulty=int(data["difficulty"]),
            parameters=parameters_in_order(data),
            case=data["case"],
            constraints=tuple(data.get("constraints", ())),
            states=tuple(data.get("states", ())),
            ask_ball=data.get("ask_ball", ""),
            ruleset=data.get("ruleset", "wpbsa-2007"),
            variants=tuple(data.get("variants", ())),
            audience=data.get("audience", "practice"),
            raw=data,
        )


#: The key beside a stored family's parameters that keeps their order (:func:`stored`).
ORDER = "parameter_order"


def stored(data: Mapping[str, Any]) -> dict[str, Any]:
    """A family's JSON as a database keeps it: with its parameters' order beside them, since
    PostgreSQL's ``jsonb`` sorts an object's keys and a later parameter may use an earlier one
    (the order also decides which value a seed gives each).

    >>> stored({"slug": "x", "parameters": {"b": 1, "a": {"$": "b"}}})["parameter_order"]
    ['b', 'a']
    """
    return {**data, ORDER: list(data.get("parameters") or {})}


def parameters_in_order(data: Mapping[str, Any]) -> dict[str, Any]:
    """The parameters in the order the family lists them (its stored order when it has one)."""
    parameters = dict(data.get("parameters") or {})
    order = data.get(ORDER)
    if order is None:
        return parameters
    if not isinstance(order, list) or sorted(map(str, order)) != sorted(parameters):
        raise FamilyError(f"{data.get('slug', '?')}: {ORDER} must name every parameter once")
    return {name: parameters[name] for name in order}


def load_families(*, paths: list[Path] | None = None) -> list[Family]:
    """Every family of the fixtures (``fixtures/families/*.json`` unless ``paths`` are given).

    >>> len(load_families()) >= 6
    True
    """
    families = []
    for path in paths if paths is not None else sorted(FAMILIES_DIR.glob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        if not isinstance(data, list):
            raise FamilyError(f"{path.name}: a list of families")
        families.extend(Family.from_dict(entry) for entry in data)
    slugs = [family.slug for family in families]
    repeated = {slug for slug in slugs if slugs.count(slug) > 1}
    if repeated:
        raise FamilyError(f"slug(s) used twice: {', '.join(sorted(repeated))}")
    return families


def value_of(operand: Any, *, values: Mapping[str, Any]) -> Any:
    """An operand's value: a literal, ``{"$": name}`` or ``{"$sum": [...]}``.

    >>> value_of({"$sum": [3, {"$": "x"}]}, values={"x": 4})
    7
    """
    if isinstance(operand, dict) and "$" in operand:
        try:
            return values[operand["$"]]
        except KeyError:
            raise FamilyError(f"unknown parameter {operand['$']!r}") from None
    if isinstance(operand, dict) and "$sum" in operand:
        return sum(value_of(item, values=values) for item in operand["$sum"])
    if isinstance(operand, dict) and "$first" in operand:
        return value_of(operand["$first"], values=values)[0]
    if isinstance(operand, dict) and "$join" in operand:
        joined: list[Any] = []
        for item in operand["$join"]:
            joined.extend(x for x in value_of(item, values=values) if x not in joined)
        return joined
    return operand


def draw_value(spec: Any, *, rng: random.Random, values: Mapping[str, Any]) -> Any:
    """One value of a parameter that is not a position: a range, a choice, a sample or an
    operand (``quiz.families.drawing`` draws them all in order)."""
    if isinstance(spec, dict) and "range" in spec:
        low, high = (value_of(bound, values=values) for bound in spec["range"])
        if low > high:
            raise FamilyError(f"empty range {low}…{high}")
        return rng.randint(low, high)
    if isinstance(spec, dict) and "choice" in spec:
        return fill(template=rng.choice(spec["choice"]), values=values)
    if isinstance(spec, dict) and "sample" in spec:
        low, high = spec.get("size", [0, len(spec["sample"])])
        chosen = rng.sample(spec["sample"], rng.randint(low, high))
        return [item for item in spec["sample"] if item in chosen]
    return value_of(spec, values=values)


def is_place(spec: Any) -> bool:
    """Whether a parameter is a position drawn by a recipe (``quiz.families.positions``)."""
    return isinstance(spec, dict) and "place" in spec


def fill(*, template: Any, values: Mapping[str, Any]) -> Any:
    """The template with every operand replaced by its value (a deep copy); a field whose value
    is ``None`` is left out (a stroke nominates a colour only when one is on).

    >>> fill(template={"potted": {"$": "p"}, "n": [1, {"$": "k"}], "x": {"$": "no"}},
    ...      values={"p": [], "k": 2, "no": None})
    {'potted': [], 'n': [1, 2]}
    """
    if isinstance(template, dict):
        if {"$", "$sum", "$join", "$first"} & set(template):
            return json.loads(json.dumps(value_of(template, values=values)))
        filled = {key: fill(template=item, values=values) for key, item in template.items()}
        return {key: item for key, item in filled.items() if item is not None}
    if isinstance(template, list):
        return [fill(template=item, values=values) for item in template]
    return template
