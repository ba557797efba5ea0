"""The referee of the French club rules (``ruleset`` ``fr-club``): ``shared/rules/fr.txt``.

Not a translation of the 2007 WPBSA text but an older, shorter club rule book ("LE JEU", rules
3.1 to 3.14 by its own references: "paragraphe 3.9" is the free ball). A subclass of
``Wpbsa2007Referee`` overriding only what the French text says differently; where it is silent
(it has no paragraph on measuring, a non-standard cue, conferring, the consultation after a
replacement, Section 2's definitions) the WPBSA 2007 ruling is kept, as ``wpbsa2007/`` does
for its own texts. Differences (docs/editions.md lists each, paragraph by paragraph):

- 3.3 (the paragraph after alinéa 10): no "foul and a miss" and no three-miss warning. When the
  referee considers the striker did not try his best to hit the ball on (``best_attempt``
  false, whatever the path or the scores), the foul is penalised and the next player may also
  have the balls replaced and the offender play again; a genuine failure is only a foul;
- 3.8 alinéa 2: a ball on the edge of a pocket that a ball of the stroke would have hit: all
  balls replaced and the stroke replayed, a foul in it included (2007 3.9(b)(ii): penalised);
- 3.9 alinéa 7: the free ball and the ball on both potted: only the ball on is scored, a red
  too (2007 3.10(e): each ball when the ball on is a red);
- 3.11 alinéa 1: striking while balls are moving is the value of the ball on (2007: the higher
  of the ball on and the ball concerned);
- 3.12 note: another cause making the striker touch a ball covers his partner (as 2014);
- 3.13: at a stalemate the referee warns and restarts the frame if nothing changes; the
  players' agreement is no immediate restart.

Citations are the French text's own, to the rule (its paragraphs are numbered, not lettered):
``rule_fr`` maps a 2007 citation to the French rule on the same subject.

>>> rule_fr("3.12(b)"), rule_fr("3.14(c)(i)"), rule_fr("3.10(b)")
('3.11', '3.3', '3.9')
"""

from __future__ import annotations

import re
from dataclasses import replace

from rules_engine.decision import Decision, Foul, TrailStep
from rules_engine.rulesets.wpbsa2007 import Wpbsa2007Referee
from rules_engine.rulesets.wpbsa2007.work import _FAILED_TO_HIT, _Work
from rules_engine.rulesets.wpbsa2014 import moved_without_penalty, play_on_without_foul
from rules_engine.trail import TRAIL_CODES
from rules_engine.values import Case, Procedure

#: Trail codes of this edition: their rule is already the French one.
OWN_CODES = frozenset(
    {"failed_attempt_replace_option", "edge_ball_stroke_replayed", "free_ball_with_red_not_scored"}
)
#: WPBSA 2007 rule -> the French rule on the same subject (4: end of frame, 14: the failed
#: attempt, and 13: play again, are paragraphs of French 3.3 and 3.10).
_FR_RULES = {"1": "1", "2": "2", "3": "3", "4": "3", "5": "4", "6": "5", "7": "6", "8": "7",
             "9": "8", "10": "9", "11": "10", "12": "11", "13": "10", "14": "3", "15": "12",
             "16": "13", "17": "14"}  # fmt: skip
_RULE = re.compile(r"^3\.(?P<rule>\d+)")
_CITED: dict[tuple[str, str], str] = {}


def rule_fr(rule: str) -> str:
    """The French rule on the subject of the 2007 citation ``rule`` (a local variant's own
    paragraph, ``3.4(d)*``, is kept)."""
    match = _RULE.match(rule)
    if match is None or "*" in rule or match["rule"] not in _FR_RULES:
        return rule
    return f"3.{_FR_RULES[match['rule']]}"


def _cited(code: str, rule: str) -> str:
    cited = _CITED.get((code, rule))
    if cited is None:
        cited = _CITED[code, rule] = rule if code in OWN_CODES else rule_fr(rule)
    return cited


class FrClubReferee(Wpbsa2007Referee):
    """Judges referee cases by the French club rules (the ``fr-club`` ruleset)."""

    name = "fr-club"

    @staticmethod
    def rule_of(code: str) -> str:
        """The French rule a trail step of ``code`` cites.

        >>> FrClubReferee.rule_of("free_ball_called"), FrClubReferee.rule_of("potted_not_on")
        ('3.9', '3.11')
        """
        return _cited(code, TRAIL_CODES[code].rule)

    def judge(self, case: Case) -> Decision:
        """The 2007 reasoning with this text's overrides, cited in the French numbering."""
        decision = super().judge(case)
        return replace(
            decision,
            fouls=tuple(Foul(f.code, f.ball, f.penalty, _cited(f.code, f.rule))
                        for f in decision.fouls),
            trail=tuple(TrailStep(_cited(s.code, s.rule), s.code, s.params)
                        for s in decision.trail),
        )  # fmt: skip

    # ------------------------------------------------------------------ 3.11 penalties
    def foul_penalty(self, work: _Work, code: str, ball: str | None, balls: tuple[str, ...]) -> int:
        """3.11 alinéa 1: playing while the balls are not at rest is the value of the ball on."""
        if code == "balls_moving":
            return work.ball_on_value
        return super().foul_penalty(work, code, ball, balls)

    # ------------------------------------------------------------------ 3.12 moved by another
    def infringements(self, work: _Work) -> None:
        """3.12 and its note: a ball the striker moves because another cause made him (his
        partner included: the text excepts no one) is put back without penalty."""
        infringements = work.stroke.infringements
        moved = [i for i in infringements if i.code == "partner_caused_touch"]
        if not moved:
            super().infringements(work)
            return
        kept = tuple(i for i in infringements if i.code != "partner_caused_touch")
        work.stroke = replace(work.stroke, infringements=kept)
        super().infringements(work)
        work.stroke = replace(work.stroke, infringements=infringements)
        moved_without_penalty(work, moved)

    def scoring(self, work: _Work) -> None:
        """No stroke and no foul (3.12): nothing to score, and no stroke to call fair."""
        if not work.stroke.struck and not work.fouls:
            return
        super().scoring(work)

    # ------------------------------------------------------------------ 3.9 free ball
    def pots(self, work: _Work) -> None:
        """3.9 alinéa 7: the free ball and the ball on both potted score the ball on only, a red
        included (3.3 alinéa 5 scores every red potted)."""
        super().pots(work)
        free = work.free_ball
        potted = work.stroke.potted
        if free is None or work.state.ball_on != "red" or "red" not in potted or free not in potted:
            return
        work.scoring = [s for s in work.scoring if s.code != "free_ball_potted_scores"]
        work.points_scored -= 1
        work.scoring.append(
            TrailStep(self.rule_of("free_ball_with_red_not_scored"),
                      "free_ball_with_red_not_scored", (("ball", free),))
        )  # fmt: skip

    # ------------------------------------------------------------------ 3.8 edge of a pocket
    def penalty(self, work: _Work) -> None:
        """3.8 alinéa 2: when a ball of the stroke would have hit the edge ball, every ball is
        replaced and the stroke played again: the text makes no exception for a foul, so a foul
        in that stroke goes with it."""
        edge = work.stroke.edge
        if edge is not None and edge.fell == "unhit" and edge.involved and work.fouls:
            work.fouls = []
            work.replace_all = work.replay = True
            work.calls.add("replay")
            work.step("edge_ball_stroke_replayed", ("ball", edge.ball))
            return
        super().penalty(work)

    def edge_of_pocket(self, work: _Work) -> None:
        if work.replay:  # replayed already (penalty)
            return
        super().edge_of_pocket(work)

    # ------------------------------------------------------------------ 3.3 the failed attempt
    def miss(self, work: _Work) -> None:
        """3.3: no miss is called. If the referee considers the striker did not try his best
        to hit the ball on, he calls the foul, awards the penalty and asks the next player
        whether he wants the balls replaced and the offender to play again; there is no
        exception (the note: even a ball on that cannot be hit must be tried for) and no count
        of failures."""
        stroke = work.stroke
        if not work.fouls or not stroke.struck or stroke.best_attempt:
            return
        failed = any(code in _FAILED_TO_HIT for code, _, _ in work.fouls) or (
            work.no_nomination and not work.contact
        )
        if failed:
            work.replace_option = True

    def next_turn(self, work: _Work) -> None:
        """3.10 alinéa 3 with 3.3: the usual choices after a foul, and after a failed attempt the
        balls replaced; 3.12: with no foul and no stroke the striker plays on."""
        if play_on_without_foul(work):
            return
        super().next_turn(work)
        if not work.replace_option or work.frame.over:
            return
        for index, step in enumerate(work.trail):
            if step.code == "replace_option_no_stroke":
                work.trail[index] = TrailStep(
                    self.rule_of("failed_attempt_replace_option"),
                    "failed_attempt_replace_option",
                    step.params,
                )

    # ------------------------------------------------------------------ 3.13 stalemate
    def judge_procedure(self, case: Case, procedure: Procedure) -> Decision:
        """3.13: the referee warns that the frame will be declared void if the position does not
        change soon, and restarts it in the same order if it does not; the text offers no
        immediate restart when the players agree."""
        if procedure.kind == "stalemate" and procedure.all_agree_restart:
            procedure = replace(procedure, all_agree_restart=False)
        return super().judge_procedure(case, procedure)


assert set(TRAIL_CODES) >= OWN_CODES
