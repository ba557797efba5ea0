"""Referee cases: frozen State / Stroke / Procedure / Case, and ``load_case()``.

``load_case`` reads the JSON structure of ``shared/spec/referee-case.md``,
checks every field and every fact against the others, and either returns a
``Case`` or raises ``CaseError`` listing every problem with its JSON path.

The value types live in ``values.py`` (re-exported here), the readers in ``reading.py``
(single fields), ``state_reader.py`` and ``stroke_reader.py``; this module puts them
together and reads the case as a whole.

>>> case = load_case({"format": "snooker-referee-case/1", "id": "demo",
...                   "state": {"reds": 3}, "stroke": {"first_contact": ["red"]}})
>>> case.state.reds, case.state.ball_on, case.state.colours[-1]
(3, 'red', 'black')
>>> load_case({"format": "snooker-referee-case/1", "id": "bad",
...            "state": {"reds": 3, "ball_on": "yellow"}, "stroke": {"first_contact": []}})
Traceback (most recent call last):
...
rules_engine.errors.CaseError: state.ball_on: yellow cannot be on while reds remain on the table

Facts the case states explicitly (``touching``, ``occupied_spots``,
``path_to_ball_on``, ``snookered_after``, ``free_ball_snookers``) are kept as
given (``None`` when absent); when positions are known the referee computes
them, and ``load_case`` rejects a case whose stated facts disagree.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from rules_engine.check import check_expect_shape
from rules_engine.editions import DEFAULT_RULESET, EDITIONS, VARIANTS
from rules_engine.errors import CaseError, Problem
from rules_engine.reading import MAX_NESTING, describe, too_deep
from rules_engine.stroke_reader import StrokeReader
from rules_engine.values import (
    CASE_FORMAT,
    CUE_BALL_ENDS,
    EDGE_FALLS,
    PROCEDURE_KINDS,
    TOUCHING_MOVED,
    Case,
    Edge,
    Infringement,
    Positions,
    Procedure,
    State,
    Stroke,
    occupied_spots,
    unspotted_points,
)

__all__ = [
    "CASE_FORMAT",
    "CUE_BALL_ENDS",
    "EDGE_FALLS",
    "PROCEDURE_KINDS",
    "TOUCHING_MOVED",
    "Case",
    "Edge",
    "Infringement",
    "Positions",
    "Procedure",
    "State",
    "Stroke",
    "load_case",
    "occupied_spots",
    "unspotted_points",
]

_SLUG = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]*$")


def load_case(data: Mapping[str, Any]) -> Case:
    """Check a case read from JSON and return it as a ``Case``; raise ``CaseError`` listing every
    problem.

    >>> load_case({"format": "snooker-referee-case/1", "id": "x",
    ...            "stroke": {"first_contact": ["red"]}, "state": {"score": {}}})
    Traceback (most recent call last):
    ...
    rules_engine.errors.CaseError: state.score: unknown field
    """
    deep = too_deep(data)
    if deep is not None:
        raise CaseError(
            [Problem(deep, f"nested more than {MAX_NESTING} levels deep: not a referee case")]
        )
    loader = _Loader()
    try:
        case = loader.case(data)
    except RecursionError:  # pragma: no cover - too_deep refuses such input first
        raise CaseError([Problem("(case)", "nested too deeply to be a referee case")]) from None
    if loader.problems or case is None:
        raise CaseError(loader.problems)
    return case


class _Loader(StrokeReader):
    """The whole case: its header, then ``state``, ``stroke`` or ``procedure``, and ``expect``."""

    # ---- the case --------------------------------------------------------------------
    def case(self, data: Any) -> Case | None:
        top = self.mapping(
            data,
            "",
            ("format", "id", "ruleset", "variants", "state", "stroke", "procedure", "expect"),
        )
        if top is None:
            return None
        if top.get("format") != CASE_FORMAT:
            self.problem("format", f"must be {CASE_FORMAT!r}, not {describe(top.get('format'))}")
        case_id = top.get("id")
        if not isinstance(case_id, str) or not _SLUG.match(case_id):
            self.problem("id", f"must be a slug (letters, digits, - _ .), not {describe(case_id)}")
            case_id = ""
        ruleset = top.get("ruleset", DEFAULT_RULESET)
        if not isinstance(ruleset, str) or ruleset not in EDITIONS:
            self.problem(
                "ruleset", f"unknown ruleset {describe(ruleset)}; known: {', '.join(EDITIONS)}"
            )
        variants = top.get("variants", [])
        if not isinstance(variants, list) or not all(
            isinstance(v, str) and v in VARIANTS for v in variants
        ):
            self.problem(
                "variants",
                f"must be a list of known variants ({', '.join(VARIANTS)}), "
                f"not {describe(variants)}",
            )
            variants = []
        elif len(set(variants)) != len(variants):
            self.problem("variants", "lists a variant twice")
        variants = tuple(variants)
        state = self.state(top.get("state", {}))
        stroke = procedure = None
        if ("stroke" in top) == ("procedure" in top):
            self.problem("stroke", "a case has exactly one of stroke and procedure")
        elif "stroke" in top:
            stroke = self.stroke(top["stroke"], state)
        else:
            procedure = self.procedure(top["procedure"], state)
        expect = top.get("expect")
        if expect is not None:
            self.expect(expect)
        if self.problems or state is None:
            return None
        return Case(
            id=case_id,
            state=state,
            stroke=stroke,
            procedure=procedure,
            ruleset=ruleset,
            expect=expect,
            variants=variants,
        )

    # ---- expect ----------------------------------------------------------------------
    def expect(self, value: Any) -> None:
        for problem in check_expect_shape(value):
            self.problems.append(problem)
