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

from quiz.grading import decide, expected_answer, with_edition
from rules_engine.balls import COLOURS
from rules_engine.editions import DEFAULT_RULESET, EDITIONS, VARIANTS

_LABELS = {
    "wpbsa-2007": _("WPBSA Rules, 2007 edition"),
    "wpbsa-2014": _("WPBSA Rules, 2014 edition"),
    "fr-club": _("French club rules"),
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
    """One difference the engine applies between two editions (``editions``: the older first),
    paragraph by paragraph, with a scenario of the bank whose graded answer differs under the
    two (tests/quiz/test_editions.py checks it)."""

    key: str
    old_rules: str
    new_rules: str
    text: Any
    scenario: str
    editions: tuple[str, str] = (DEFAULT_RULESET, "wpbsa-2014")


@dataclass(frozen=True)
class Note:
    """A difference of the texts the engine rules alike or cannot model, or a reading it takes
    where a text is unclear: no scenario, since there is no ruling to compare."""

    key: str
    rules: str
    text: Any


_FR = (DEFAULT_RULESET, "fr-club")

#: What changed from ``wpbsa-2007`` to ``wpbsa-2014`` (docs/editions.md gives the sources).
CHANGES: tuple[Change, ...] = (
    Change(
        "points-equal", "3.14(b)", "3.14(a)(ii)",
        _("No miss when, before or after the stroke, the points left on the table equal the "
          "points difference (a re-spotted black not counted) and the miss was not "
          "intentional. Before, only a player needing snookers was excused."),
        "edition-lead-equals-points-left",
    ),
    Change(
        "consultation-touch", "3.14(h), 3.12(b)", "3.14(g), 3.10(d)(iii)",
        _("Touching any ball while the balls are being replaced after a miss costs seven "
          "points. Before, it was penalised as a ball touched by the striker: the value of the "
          "ball on or of the ball touched. In both editions the order of play does not change: "
          "the ball is put back and the offender plays from the replaced position."),
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
          "colour he has just potted, that colour is not scored: its points come off his "
          "score, besides the penalty. Before, the colour stayed scored. The same scenario "
          "shows it: under 2014 the blue’s points come off A."),
        "edition-early-stroke-free-ball",
    ),
    Change(
        "touching-declare", "3.8(a), 3.12(d)", "3.8(a), 3.10(d)(vi)",
        _("When the cue ball touches a colour after a red (or a free ball taken as a red) was "
          "potted, the referee asks the striker to declare which colour he is on, and not "
          "declaring costs seven points. Before, the colour the cue ball hit first showed it."),
        "edition-touching-colour-not-declared",
    ),
    Change(
        "snookered-declare", "3.12(d)", "3.10(d)(vi)",
        _("A snookered striker who does not declare the ball he is on (a colour after a red, "
          "or a free ball) gives seven points. Before, only a striker the referee asked had to "
          "declare."),
        "edition-snookered-not-declared",
    ),
    Change(
        "snookered-foul", "3.14(d)", "3.11(i)",
        _("A snookered or hampered striker who fouls a ball while preparing his stroke: the "
          "next player may also have the balls replaced and the offender play again with the "
          "same ball on. Before, only after a miss."),
        "edition-snookered-sleeve-moves-blue",
    ),
    Change(
        "wrong-player", "3.12(a)", "3.3(d)",
        _("A frame started by the wrong player is restarted by the right one without penalty "
          "if only that stroke has been played. Before, it was a foul: playing out of turn."),
        "edition-wrong-player-breaks-off",
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
          "colour is spotted again, a red stays off the table, and the cue ball is in hand. "
          "Before, only a ball picked up counted so; a ball moved by hand was a ball touched "
          "in play and stayed where it was. The penalty is the same."),
        "edition-ball-moved-by-hand",
    ),
)

#: 2007 and 2014: differences of the texts that give the same ruling here, or that a case
#: cannot express (docs/editions.md says why for each).
SAME_RULINGS: tuple[Note, ...] = (
    Note(
        "renumbering", "3.3, 3.10, 3.12, 3.14",
        _("Renumbered: penalties are now rule 10 and a free ball (snookered after a foul) rule "
          "12. Rule 3 gained a paragraph (d), so 2007 (d)–(h) became (e)–(i), and a paragraph "
          "(j). In rule 14 the opening paragraph became (a) with its three exceptions, 2007 "
          "(a)–(d) became (b)–(e), (g) and (h) became (f) and (g), and 2007 (e), (f) and (i) "
          "have no 2014 paragraph."),
    ),
    Note(
        "replace-all", "3.14(b)",
        _("After a miss, on a request for the original position, 2014 replaces all the balls; "
          "2007 replaced the cue ball and left the others to the referee’s judgement. The "
          "engine replaces every ball in both editions."),
    ),
    Note(
        "count-restarts", "3.14(d)(iii)",
        _("When the offender plays from the position left, the count of misses starts again: "
          "2014 says so, and the engine counts so in both editions."),
    ),
    Note(
        "edge-fall", "3.9(b)(i)",
        _("A foul caused only by a ball on the edge of a pocket falling in: the balls are "
          "replaced and the striker plays again without penalty, the same stroke or another. "
          "The 2014 text says so; the commentary of our 2007 texts already did, so the ruling "
          "is the same."),
    ),
    Note(
        "four-handed", "3.17(c)",
        _("After a foul for playing out of turn, the offender’s partner will lose a turn (2007: "
          "may). A ruling names who plays next, not the turn after, so only the 2014 "
          "explanation says it."),
    ),
    Note(
        "not-modelled", "3.3(j), 3.8(g), 3.10(a)(iv), 3.10(c), 3.12(a)(i), 3.14(e), 3.15(a), 3.18",
        _("Not modelled, because a case cannot tell them apart or both editions rule alike: a "
          "ball that rebounds out of a pocket (not potted: left out of the balls potted); a "
          "touching ball found not touching (repositioned); playing before the opponent’s turn "
          "has ended (judged as playing out of turn, the same penalty); two reds together "
          "only when a red is on (a red after a red already costs seven); a free ball cannot "
          "be the ball on (read the same way in 2007); the replacement after a foul before the "
          "stroke when the miss gave only part of a ball (the case counts only misses with a "
          "ball in full view); a ball moved by a table defect; faulty equipment."),
    ),
)

#: The French club rules (``fr-club``) against the 2007 text (docs/editions.md, paragraph by
#: paragraph).
FR_CHANGES: tuple[Change, ...] = (
    Change(
        "fr-failed-attempt", "3.14", "3.3",
        _("No foul and a miss and no three-miss warning: when the referee considers the striker "
          "did not do his best to hit the ball on, he calls a foul, gives the penalty, and the "
          "next player may have the balls replaced and the offender play again. A genuine "
          "failure is only a foul."),
        "miss-clear-view-hits-nothing", _FR,
    ),
    Change(
        "fr-balls-moving", "3.12(b)", "3.11 (1)",
        _("Striking while a ball is still moving costs the value of the ball on, not the "
          "higher of the ball on and the ball concerned."),
        "edition-balls-moving-pink", _FR,
    ),
    Change(
        "fr-free-ball-red", "3.10(e)", "3.9 (7)",
        _("When the free ball and the ball on are both potted, only the ball on is scored, "
          "even when it is a red."),
        "edition-free-ball-and-red-potted", _FR,
    ),
    Change(
        "fr-edge-ball", "3.9(b)", "3.8 (2)",
        _("When a ball of the stroke would have hit a ball that fell from the edge of a "
          "pocket, all the balls are replaced and the stroke is played again; the text makes "
          "no exception for a foul, so the foul goes with the stroke."),
        "edition-edge-ball-pink-falls-in-off", _FR,
    ),
    Change(
        "fr-partner", "3.15(a)", "3.12",
        _("A ball the striker moves because something else caused it is put back without "
          "penalty; the text excepts no one, his partner included."),
        "edition-partner-moves-ball", _FR,
    ),
    Change(
        "fr-stalemate", "3.16", "3.13",
        _("At a stalemate the referee warns the players and restarts the frame if the "
          "position does not change soon; their agreement does not restart it at once."),
        "stalemate-seven-reds-on-cushion", _FR,
    ),
)

#: The French club rules: what the engine does where the text is silent.
FR_NOTES: tuple[Note, ...] = (
    Note(
        "fr-angle-ball", "3.3 (8)",
        _("The angle-ball after a foul (the cue ball angled in the jaws of a pocket) is named "
          "as an exception but the text does not say what it allows, and a case cannot say "
          "the cue ball is angled: the next stroke is played from where the cue ball lies, or "
          "a free ball is called when it is snookered."),
    ),
    Note(
        "fr-silent", "3.11",
        _("The text does not list measuring, a non-standard cue, conferring with a partner, "
          "failing to declare when asked, or touching a ball while the balls are replaced: "
          "the engine keeps the 2007 penalties for them."),
    ),
)

#: Where a text is unclear, the reading the engine takes (docs/editions.md says why).
READINGS: tuple[Note, ...] = (
    Note(
        "reading-not-intentional", "3.14(a)(i)",
        _("2014 attaches “the miss was not intentional” to the points-equal exception only. "
          "The engine asks it of the snookers-needed exception too, as the 2007 text did: a "
          "failure that was not the striker’s best attempt is a miss in both editions."),
    ),
    Note(
        "reading-snookers", "3.4(d)*",
        _("The rule does not say how snookers are counted. The engine counts those needed to "
          "take the lead, not to tie: the points needed beyond the points on the table, "
          "divided by the least penalty a foul on the ball on gives (four up to the brown, "
          "then its value), rounded up."),
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
        _("The Russian rule text says this rule was applied in amateur snooker in 2004: when "
          "a break ends with only colours left and the cue ball not in hand, and a player needs "
          "four or more snookers, the referee awards the frame to his opponent; not in the last "
          "frame of a match when the frames are level. The rule does not say how snookers are "
          "counted; the engine counts them as shown below."),
        "end-pink-and-black-far-behind",
    ),
)
