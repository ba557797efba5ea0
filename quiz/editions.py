"""Rule-book editions in the site: their names in the reader's language, a case judged by a
chosen edition, and the rulings of every edition side by side.

The engine knows the editions (``rules_engine.editions``); this module only names them and asks
the engine. No rule logic here.

>>> from django.utils import translation
>>> with translation.override("en"):
...     str(edition_label("wpbsa-2014"))
'WPBSA Rules, 2014 edition'
>>> with_edition({"id": "x"}, ruleset="wpbsa-2014", variants=["ru-2004-3.4d"])
{'id': 'x', 'ruleset': 'wpbsa-2014', 'variants': ['ru-2004-3.4d']}
>>> with_edition({"id": "x"}, ruleset="wpbsa-2007")
{'id': 'x'}
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext_lazy as _

from rules_engine.editions import DEFAULT_RULESET, EDITIONS, VARIANTS

_LABELS = {
    "wpbsa-2007": _("WPBSA Rules, 2007 edition"),
    "wpbsa-2014": _("WPBSA Rules, 2014 edition"),
}
_VARIANT_LABELS = {
    "ru-2004-3.4d": _("Local rule 3.4(d)*: four snookers needed lose the frame"),
}
#: Decision fields that make a ruling (the trail and its paragraph numbers explain it).
RULING_FIELDS = ("legal", "penalty", "points", "calls", "respots", "replace_all", "replaced",
                 "next", "frame")  # fmt: skip


def edition_choices() -> list[tuple[str, str]]:
    """(name, label) of every edition the engine knows, oldest first."""
    return [(name, str(edition_label(name))) for name in EDITIONS]


def variant_choices() -> list[tuple[str, str]]:
    return [(name, str(variant_label(name))) for name in VARIANTS]


def edition_label(name: str) -> Any:
    """An edition's name for the reader; an edition added at run time shows its code."""
    return _LABELS.get(name, name)


def variant_label(name: str) -> Any:
    return _VARIANT_LABELS.get(name, name)


def is_edition(name: Any) -> bool:
    return isinstance(name, str) and name in EDITIONS


def with_edition(
    case: Mapping[str, Any], *, ruleset: str | None, variants: Sequence[str] = ()
) -> dict[str, Any]:
    """``case`` judged by ``ruleset`` (its own when None) with ``variants`` on top; the case
    is returned unchanged when both are its own already."""
    judged = dict(case)
    if ruleset and ruleset != case_ruleset(case):
        judged["ruleset"] = ruleset
    if variants:
        judged["variants"] = list(variants)
    return judged


def case_ruleset(case: Mapping[str, Any]) -> str:
    return str(case.get("ruleset") or DEFAULT_RULESET)


@dataclass(frozen=True)
class Ruling:
    """One edition's decision on a case."""

    ruleset: str
    decision: dict[str, Any]

    @property
    def label(self) -> Any:
        return edition_label(self.ruleset)

    def ruling(self) -> dict[str, Any]:
        return {key: self.decision.get(key) for key in RULING_FIELDS}

    def summary(self) -> list[tuple[str, str]]:
        """The ruling as the referee's form shows it: (field label, value) pairs."""
        from quiz import asks
        from quiz.grading import expected_answer

        values = expected_answer(decision=self.decision, ask=asks.Ask.DECISION, ask_ball="")
        return [(str(asks.FIELD_LABELS[key]), asks.describe(key, v)) for key, v in values.items()]


def rulings(case: Mapping[str, Any]) -> list[Ruling]:
    """The decision of every edition on ``case`` (its variants kept), oldest edition first."""
    from quiz.grading import decide

    return [Ruling(name, decide(with_edition(case, ruleset=name))) for name in EDITIONS]


def differing_rulings(case: Mapping[str, Any]) -> list[Ruling]:
    """Every edition's ruling when they do not all agree, else ``[]``."""
    found = rulings(case)
    if len({repr(r.ruling()) for r in found}) <= 1:
        return []
    return found


@dataclass(frozen=True)
class Change:
    """One difference between the seeds' edition and the 2014 text, paragraph by paragraph,
    with a scenario of the bank to try under both (``None`` when the bank has none yet)."""

    key: str
    old_rules: str
    new_rules: str
    text: Any
    scenario: str | None
    same_ruling: bool = False


#: What changed from ``wpbsa-2007`` to ``wpbsa-2014`` (docs/editions.md gives the sources).
CHANGES: tuple[Change, ...] = (
    Change(
        "renumbering", "3.3(d)-(h), 3.10, 3.12, 3.14", "3.3(e)-(i), 3.12, 3.10, 3.14(a)-(g)",
        _("Renumbered: penalties are now rule 10 and a free ball (snookered after a foul) rule "
          "12; rule 3 gained a paragraph (d), so its later paragraphs move one letter on; in "
          "rule 14 the opening paragraph became (a) with its three exceptions, and the other "
          "paragraphs move one letter on."),
        "miss-clear-view-hits-nothing",
    ),
    Change(
        "points-equal", "3.14(b)", "3.14(a)(ii)",
        _("No miss when, before or after the stroke, the points left on the table equal the "
          "points difference (a re-spotted black not counted) and the miss was not "
          "intentional. Before, only a player needing snookers was excused."),
        "edition-lead-equals-points-left",
    ),
    Change(
        "replace-all", "3.14(a), 3.14(f)", "3.14(b)",
        _("After a miss, when the next player asks for the original position, all the balls "
          "are replaced. Before, the cue ball was replaced and the others only when the "
          "referee judged the offender would gain."),
        "miss-second-failure-same-position",
    ),
    Change(
        "count-restarts", "3.14(c)", "3.14(d)(iii)",
        _("When the offender is asked to play from the position left, the count of misses "
          "towards the third starts again."),
        "miss-repeat-attempt-full-view-big-deficit",
    ),
    Change(
        "consultation-touch", "3.14(h), 3.12(b)", "3.14(g), 3.10(d)(iii)",
        _("Touching any ball while the balls are replaced after a miss costs seven points. "
          "Before, it was penalised as a ball touched by the striker: the value of the ball "
          "on or of the ball touched."),
        "edition-consultation-touch",
    ),
    Change(
        "early-stroke", "3.12(b)", "3.10(a)(i), 3.10(b)(ii), 3.3(g)(iv)",
        _("Striking before the referee has spotted a colour taken as a free ball costs the "
          "value of the ball on; before any other colour, the higher of the ball on and that "
          "colour. In a break, that colour is not scored."),
        "edition-early-stroke-free-ball",
    ),
    Change(
        "touching-declare", "3.8(a)", "3.8(a)",
        _("When the cue ball touches a colour after a red was potted, the referee also asks "
          "the striker to declare which colour he is on."),
        None,
    ),
    Change(
        "partner", "3.15(a)", "3.15(a)",
        _("A ball the striker moves because another person caused it is put back without "
          "penalty, now also when that person is his partner."),
        "edition-partner-moves-ball",
    ),
    Change(
        "edge-fall", "3.9(b)(i)", "3.9(b)(i)",
        _("A foul caused only by a ball on the edge of a pocket falling in: the balls are "
          "replaced and the stroke played again without penalty. The 2014 text says so; the "
          "commentary of our 2007 texts already did, so the ruling is the same."),
        "edge-red-falls-cue-ball-follows",
        same_ruling=True,
    ),
)
