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
>>> with translation.override("en"):
...     ruleset_label("wpbsa-2014", ["ru-2004-3.4d"]).split(": ")[0]
'WPBSA Rules, 2014 edition + Russian amateur rule 3.4(d)*'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from rules_engine.balls import COLOURS
from rules_engine.editions import DEFAULT_RULESET, EDITIONS, VARIANTS

_LABELS = {
    "wpbsa-2007": _("WPBSA Rules, 2007 edition"),
    "wpbsa-2014": _("WPBSA Rules, 2014 edition"),
}
#: The one place local variants are named for people (practice, exams, studio).
_VARIANT_LABELS = {
    "ru-2004-3.4d": _(
        "Russian amateur rule 3.4(d)*: frame awarded when four snookers are needed"
    ),
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
    """A local variant's name for the reader; one added at run time shows its code."""
    return _VARIANT_LABELS.get(name, name)


def ruleset_label(name: str, variants: Sequence[str] = ()) -> str:
    """The edition and the local variants on top of it, as one phrase for the reader."""
    label = str(edition_label(name or DEFAULT_RULESET))
    for variant in variants:
        label = gettext("%(edition)s + %(variant)s") % {
            "edition": label,
            "variant": variant_label(variant),
        }
    return label


def known_variants(names: Any) -> list[str]:
    """The names in ``names`` that are local variants the engine knows, in its order; anything
    else (a forged value, a variant since removed) is dropped.

    >>> known_variants(["ru-2004-3.4d", "ru-1999", 3])
    ['ru-2004-3.4d']
    >>> known_variants(None)
    []
    """
    chosen = set(names) if isinstance(names, (list, tuple)) else set()
    return [name for name in VARIANTS if name in chosen]


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
    #: Colours whose re-spot the summary shows (those some edition re-spots here).
    respot_balls: tuple[str, ...] = ()

    @property
    def label(self) -> Any:
        return edition_label(self.ruleset)

    def ruling(self) -> dict[str, Any]:
        return {key: self.decision.get(key) for key in RULING_FIELDS}

    def summary(self) -> list[tuple[str, str]]:
        """The ruling as the referee's form shows it: (field label, value) pairs, then where
        each of ``respot_balls`` goes ("Re-spotted on (Black)": "Not re-spotted")."""
        from quiz import asks
        from quiz.explain import ball_label
        from quiz.grading import expected_answer

        values = expected_answer(decision=self.decision, ask=asks.Ask.DECISION, ask_ball="")
        rows = [(str(asks.FIELD_LABELS[key]), asks.describe(key, v)) for key, v in values.items()]
        for ball in self.respot_balls:
            to = expected_answer(decision=self.decision, ask=asks.Ask.RESPOT, ask_ball=ball)
            label = f"{asks.FIELD_LABELS['respot']} ({ball_label(ball)})"
            rows.append((label, asks.describe("respot", to["respot"])))
        return rows


def rulings(case: Mapping[str, Any], *, variants: Sequence[str] = ()) -> list[Ruling]:
    """The decision of every edition on ``case`` with ``variants`` on top (the case's own
    kept), oldest edition first."""
    from quiz.grading import decide

    return [
        Ruling(name, decide(with_edition(case, ruleset=name, variants=variants)))
        for name in EDITIONS
    ]


def differing_rulings(case: Mapping[str, Any], *, variants: Sequence[str] = ()) -> list[Ruling]:
    """Every edition's ruling (``variants`` on top of each) when they do not all agree, else
    ``[]``."""
    found = rulings(case, variants=variants)
    if len({repr(r.ruling()) for r in found}) <= 1:
        return []
    spotted = {r["ball"] for ruling in found for r in ruling.decision.get("respots") or ()}
    balls = tuple(ball for ball in COLOURS if ball in spotted)
    return [replace(ruling, respot_balls=balls) for ruling in found]


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
        "early-stroke", "3.12(b)", "3.10(a)(i), 3.10(b)(ii)",
        _("Striking before the referee has spotted a colour taken as a free ball costs the "
          "value of the ball on; before any other colour, the higher of the ball on and that "
          "colour."),
        "edition-early-stroke-free-ball",
    ),
    Change(
        "early-stroke-not-scored", "3.12(b), 3.7(c)(ii)", "3.3(g)(iv)",
        _("In a break, when the striker plays before the referee has finished spotting the "
          "colour he has just potted, that colour is not scored: its points come off his score, "
          "besides the penalty for the foul. Before, the colour stayed scored."),
        "edition-early-stroke-colour-in-break",
    ),
    Change(
        "touching-declare", "3.8(a)", "3.8(a)",
        _("When the cue ball touches a colour after a red was potted, the referee also asks "
          "the striker to declare which colour he is on."),
        "touching-black-after-red-potted",
    ),
    Change(
        "partner", "3.15(a)", "3.15(a)",
        _("A ball the striker moves because another person caused it is put back without "
          "penalty, now also when that person is his partner."),
        "edition-partner-moves-ball",
    ),
    Change(
        "moved-by-hand", "2.14, 3.12(b)", "2.14, 3.10(b)(vii)",
        _("A ball the striker intentionally moves by hand counts as forced off the table: a "
          "colour is spotted again and a red stays off the table. Before, only a ball picked "
          "up counted so; a ball moved by hand was a ball touched in play and stayed where it "
          "was. The penalty is the same."),
        "edition-ball-moved-by-hand",
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


@dataclass(frozen=True)
class LocalRule:
    """A local variant on the "What changed" page: its paragraph, what it adds, and a scenario
    of the bank to try with it and without it."""

    variant: str
    rule: str
    text: Any
    scenario: str

    @property
    def label(self) -> Any:
        return variant_label(self.variant)


#: The local variants a trainee may practise with (docs/editions.md gives the source).
LOCAL_RULES: tuple[LocalRule, ...] = (
    LocalRule(
        "ru-2004-3.4d", "3.4(d)*",
        _("Applied in Russian amateur snooker since 2004: when a break ends with only colours "
          "left and the cue ball not in hand, and a player needs four or more snookers, the "
          "referee awards the frame to his opponent; not in the last frame of a match when "
          "the frames are level. Snookers needed: the points needed beyond those left on the "
          "table, divided by the least penalty a foul on the ball on gives (four up to the "
          "brown, then its value), rounded up."),
        "end-pink-and-black-far-behind",
    ),
)
