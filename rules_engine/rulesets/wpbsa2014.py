"""The referee of the WPBSA rules as amended to 12 August 2014 (``ruleset`` ``wpbsa-2014``).

A subclass of ``Wpbsa2007Referee`` overriding only what the 2014 text of Section 3 changed;
every override names its 2014 paragraph. The 2014 text renumbers Section 3: 3.10 Penalties
(2007: 3.12), 3.11 Fouls, 3.12 Snookered after a foul (2007: 3.10); 3.3 gained a paragraph (d),
so (d)-(h) became (e)-(i); in 3.14 the old opening paragraph became (a) with the exceptions
(i)-(iii) and the letters after it shifted by one. ``renumber`` turns a 2007 citation into the
2014 one, so the trail and ``decision.rules`` cite this edition's own numbering.

Differences of substance (docs/editions.md lists each with its paragraph):

- 3.14(a)(ii): no miss when the points difference equals the points left on the table;
- 3.14(b): on a request to play again from the original position all the balls are replaced;
- 3.14(d)(iii): the miss count starts again when the offender plays from the position left;
- 3.10(d)(iii), 3.14(g): touching a ball during the consultation after a miss is seven points;
- 3.10(a)(i): striking before a colour taken as a free ball is spotted is the value of the ball
  on; 3.3(g)(iv): in a break the colour is not scored (its points come off the striker's side
  when the case names it, ``state.unspotted_colour``);
- 3.8(a): after a red, a cue ball touching a colour makes the referee ask for a declaration;
- 3.15(a): a ball the striker moves because his partner caused it is put back without penalty;
- Section 2 Rule 14: a ball the striker intentionally moved by hand counts as forced off the
  table (3.10(b)): a colour is spotted again, a red stays off the table, the cue ball is in
  hand;
- 3.3(d)(i): a frame started by the wrong player is restarted without penalty;
- 3.8(a) with 3.10(d)(vi): not declaring when asked after a red, the cue ball touching a
  colour, is seven points; 3.10(d)(vi): so is a snookered striker declaring nothing
  (``stroke.declared`` false);
- 3.11(i): a snookered or hampered striker's foul before the stroke may be replaced;
- 3.17(c): the partner of a player who played out of turn will lose a turn (trail only).

>>> from rules_engine.case import load_case
>>> case = load_case({"format": "snooker-referee-case/1", "id": "m", "ruleset": "wpbsa-2014",
...                   "state": {"reds": 1, "scores": {"A": 0, "B": 35}},
...                   "stroke": {"first_contact": [], "path_to_ball_on": "partial"}})
>>> decision = Wpbsa2014Referee().judge(case)
>>> decision.calls, decision.rules[1:3]
(('foul',), ('3.10(a)', '3.10'))
"""

from __future__ import annotations

import re
from dataclasses import replace

from rules_engine.balls import COLOURS, FOUL_CLASSES
from rules_engine.decision import Decision, Foul, Frame, Next, TrailStep
from rules_engine.rulesets.wpbsa2007 import Wpbsa2007Referee
from rules_engine.rulesets.wpbsa2007.work import _FAILED_TO_HIT, _points_remaining, _Work
from rules_engine.trail import TRAIL_CODES
from rules_engine.values import Case, Infringement, unspotted_points

#: Trail codes that exist for this edition: their rule is already in the 2014 numbering.
OWN_CODES = frozenset(
    {
        "miss_not_called_points_equal",
        "replace_all_option_after_miss",
        "miss_count_restarts",
        "early_stroke_colour_not_scored",
        "early_stroke_colour_score_removed",
        "touching_ball_declare_asked",
        "ball_moved_by_other_no_penalty",
        "play_continues_after_reposition",
        "moved_by_hand_forced_off",
        "replace_option_snookered_foul",
        "undeclared_when_snookered",
        "wrong_player_broke_off_restart",
        "cue_ball_moved_by_hand_in_hand",
        "four_handed_partner_loses_turn",
    }
)
#: 2007 codes whose 2014 paragraph is not simply the renumbered 2007 one.
CODE_RULES = {
    "miss_not_best_attempt": "3.14(a)",
    "miss_not_called_no_path": "3.14(a)(iii)",
    "miss_not_called_snookers_needed": "3.14(a)(i)",
    # 2014 3.14 no longer names the black: the foul on the last black ends the frame (3.4(a)).
    "miss_not_called_only_black": "3.4(a)",
    "early_stroke_free_ball": "3.10(a)(i)",
    "consultation_touch": "3.10(d)(iii)",
    "no_declaration": "3.10(d)(vi)",
    "frame_awarded_third_miss": "3.14(d)",
}
_RULE = re.compile(r"^3\.(?P<rule>\d+)(?P<letter>\([a-z]\))?(?P<rest>.*)$")
_RULE_NUMBERS = {"10": "12", "12": "10"}
_LETTERS = {
    "3": {"(d)": "(e)", "(e)": "(f)", "(f)": "(g)", "(g)": "(h)", "(h)": "(i)"},
    "14": {"(a)": "(b)", "(b)": "(c)", "(c)": "(d)", "(d)": "(e)", "(g)": "(f)", "(h)": "(g)"},
}


def renumber(rule: str) -> str:
    """A 2007 (``wpbsa-2007``) citation of Section 3 in the 2014 numbering.

    >>> [renumber(r) for r in ("3.12(b)", "3.10(b)(ii)", "3.3(f)", "3.14(c)(i)", "3.7(d)")]
    ['3.10(b)', '3.12(b)(ii)', '3.3(g)', '3.14(d)(i)', '3.7(d)']
    >>> renumber("3.14")
    '3.14(a)'
    """
    match = _RULE.match(rule)
    if match is None:
        return rule
    number, letter, rest = match["rule"], match["letter"] or "", match["rest"]
    if number == "14" and not letter and not rest:
        return "3.14(a)"
    letter = _LETTERS.get(number, {}).get(letter, letter)
    return f"3.{_RULE_NUMBERS.get(number, number)}{letter}{rest}"


#: The 2014 citations worked out so far, by (code, 2007 citation): a few dozen, asked for on
#: every step of every 2014 judgement (``renumber`` parses the citation each time).
_CITED: dict[tuple[str, str], str] = {}


def rule_2014(code: str, rule: str) -> str:
    """The 2014 citation of a trail step or foul of ``code`` citing ``rule``.

    >>> rule_2014("first_contact_not_on", "3.12(b)"), rule_2014("miss_not_best_attempt", "3.14")
    ('3.10(b)', '3.14(a)')
    """
    cited = _CITED.get((code, rule))
    if cited is None:
        own = code in OWN_CODES or "*" in rule
        cited = _CITED[code, rule] = rule if own else CODE_RULES.get(code) or renumber(rule)
    return cited


def moved_without_penalty(work: _Work, moved: list[Infringement]) -> None:
    """3.15(a) (2014; French club rules 3.12): balls the striker moved because another person,
    his partner included, caused it are put back without penalty."""
    for infringement in moved:
        ball = infringement.ball or (work.ball_on_name if work.ball_on_name != "colour" else "red")
        work.step("ball_moved_by_other_no_penalty", ball=ball)
        if ball != "red":
            work.replaced = tuple(dict.fromkeys(work.replaced + (ball,)))


def play_on_without_foul(work: _Work) -> bool:
    """3.15(a): with no stroke and no foul the striker plays on (True when so)."""
    state = work.state
    if work.stroke.struck or work.fouls or work.frame.over:
        return False
    work.next_striker, work.next_ball_on = state.striker, state.ball_on
    work.next_in_hand, work.next_free_ball = state.in_hand, state.free_ball
    work.step("play_continues_after_reposition", player=state.striker)
    return True


class Wpbsa2014Referee(Wpbsa2007Referee):
    """Judges referee cases by the 2014 WPBSA text of Section 3 (the ``wpbsa-2014`` ruleset)."""

    name = "wpbsa-2014"

    @staticmethod
    def rule_of(code: str) -> str:
        """The 2014 paragraph a trail step of ``code`` cites.

        >>> Wpbsa2014Referee.rule_of("free_ball_called")
        '3.12'
        """
        return rule_2014(code, TRAIL_CODES[code].rule)

    def judge(self, case: Case) -> Decision:
        """The 2007 referee's reasoning with this edition's overrides, cited in 2014 numbering."""
        if case.stroke is not None and self.wrong_player_broke_off(case):
            return self.restart_frame(case)
        decision = super().judge(case)
        return replace(
            decision,
            fouls=tuple(
                Foul(f.code, f.ball, f.penalty, rule_2014(f.code, f.rule)) for f in decision.fouls
            ),
            trail=tuple(
                TrailStep(rule_2014(s.code, s.rule), s.code, s.params) for s in decision.trail
            ),
        )

    # ------------------------------------------------------------------ 3.3(d) wrong player
    @staticmethod
    def wrong_player_broke_off(case: Case) -> bool:
        """3.3(d): the case is the opening stroke of the frame (the balls as set up, the cue ball
        in hand, no score) and the striker played it out of turn."""
        state, stroke = case.state, case.stroke
        assert stroke is not None
        return (
            any(i.code == "out_of_turn" for i in stroke.infringements)
            and stroke.struck
            and state.in_hand
            and state.reds == 15
            and len(state.colours) == len(COLOURS)
            and not any(state.scores.values())
            and state.striker == state.breaker
            and not (state.free_ball or state.misses or state.respotted_black)
        )

    def restart_frame(self, case: Case) -> Decision:
        """3.3(d)(i): only one stroke has been played and no foul committed since (the case ends
        with that stroke), so the frame is restarted correctly, without penalty: no foul, no
        score, the correct player breaks off."""
        state = case.state
        player = self.next_in_order(state)
        step = TrailStep(self.rule_of("wrong_player_broke_off_restart"),
                         "wrong_player_broke_off_restart", (("player", player),))
        return Decision(
            case=case.id, legal=True, fouls=(), penalty=0,
            points=dict.fromkeys(state.sides, 0), scores=dict.fromkeys(state.sides, 0),
            calls=("restart",), respots=(), replace_all=False, replaced=(),
            next=Next(striker=player, ball_on="red", in_hand=True, free_ball=False,
                      options=("play",), warned=False),
            frame=Frame(), assessment=self.assess(state), trail=(step,),
        )  # fmt: skip

    # ------------------------------------------------------------------ 3.8(a), 3.10(d)(vi)
    def nomination(self, work: _Work) -> None:
        """3.8(a) with 3.10(d)(vi): after a red, with the cue ball touching a colour, the referee
        asks the striker to declare; declaring nothing is seven points. 3.10(d)(vi): a snookered
        striker who declares no ball (``stroke.declared`` false) when there is one to declare
        (the colour on, or a free ball) is seven points too; 2007 let the contact indicate it."""
        super().nomination(work)
        state, stroke = work.state, work.stroke
        if not stroke.struck or stroke.nominated is not None:
            return
        if state.ball_on == "colour" and any(ball in COLOURS for ball in work.facts.touching):
            if work.trail and work.trail[-1].code == "colour_indicated":
                work.trail.pop()  # asked to declare, the contact no longer indicates it
            work.step("touching_ball_declare_asked")
            work.foul("no_declaration")
        elif stroke.declared is False and (
            work.free_ball is not None or (state.ball_on == "colour" and self._snookered(work))
        ):
            work.foul("undeclared_when_snookered")

    @staticmethod
    def _snookered(work: _Work) -> bool:
        """The striker was snookered before the stroke: from positions, else from the path the
        case gives (``partial`` or ``none``)."""
        facts = work.facts
        if facts.snookered is not None:
            return facts.snookered
        return (facts.path_to_ball_on or "full") != "full"

    # ------------------------------------------------------------------ 3.10 penalties
    def foul_penalty(self, work: _Work, code: str, ball: str | None, balls: tuple[str, ...]) -> int:
        """3.10(a)(i): striking before a colour taken as a free ball is spotted is the value of
        the ball on; 3.10(d)(iii): touching a ball during the consultation of 3.14(f) is seven."""
        if code == "early_stroke_free_ball":
            return work.ball_on_value
        if code == "consultation_touch":
            return 7
        return super().foul_penalty(work, code, ball, balls)

    def infringements(self, work: _Work) -> None:
        """3.15(a): a ball the striker moves because another person caused it (his partner
        included, unlike 2007) is put back by the referee without penalty. Section 2 Rule 14
        (amended 12 August 2014): a ball the striker intentionally moved by hand is forced off
        the table (3.10(b)): a colour is spotted again, a red stays off."""
        infringements = work.stroke.infringements
        moved = [i for i in infringements if i.code == "partner_caused_touch"]
        by_hand = [i.ball for i in infringements if i.code == "moved_by_hand"]
        if not moved and not by_hand:
            super().infringements(work)
            return
        kept = tuple(
            i for i in infringements if i.code not in ("partner_caused_touch", "moved_by_hand")
        )
        work.stroke = replace(work.stroke, infringements=kept)
        super().infringements(work)
        work.stroke = replace(work.stroke, infringements=infringements)
        moved_without_penalty(work, moved)
        for ball in by_hand:
            assert ball is not None  # the case names it (INFRINGEMENTS_NEEDING_BALL)
            if ball == "white":  # the cue ball: forced off, so in hand (next_turn)
                work.foul("forced_off", ball)
                continue
            work.step("moved_by_hand_forced_off", ball=ball)
            work.foul("forced_off", ball)
            work.leaving = dict(work.leaving)  # the class default is shared
            work.leaving[ball] += 1

    def penalty(self, work: _Work) -> None:
        """3.3(g)(iv): when the striker, in a break, plays before the referee has finished
        spotting a colour, the value of that colour is not scored. With ``state.unspotted_colour``
        the points scored for it in the previous stroke are taken off the striker's side;
        without it the engine cannot see that stroke, and the trail tells the scorer."""
        super().penalty(work)
        state = work.state
        for infringement in work.stroke.infringements:
            code, ball = infringement.code, infringement.ball
            if code not in ("early_stroke", "early_stroke_free_ball") or ball not in COLOURS:
                continue
            if ball != state.unspotted_colour:
                work.step("early_stroke_colour_not_scored", ball=ball)
                continue
            side, points = state.striker_side, unspotted_points(state, code)
            work.points[side] -= points
            work.scores[side] -= points
            work.step("early_stroke_colour_score_removed", ball=ball, side=side, points=points)

    # ------------------------------------------------------------------ 3.14 foul and a miss
    def miss(self, work: _Work) -> None:
        """3.14(a)(ii): no miss when, before or after the stroke, the points left on the table
        (a re-spotted black not counted) equal the points difference and the miss was not
        intentional; otherwise as before, cited in the 2014 numbering."""
        equal = self._points_equal_excuse(work)
        if equal:
            work.step("miss_not_called_points_equal", sides=equal)
            return
        super().miss(work)

    def _points_equal_excuse(self, work: _Work) -> tuple[str, ...]:
        state, stroke = work.state, work.stroke
        if not work.fouls or not stroke.struck or state.only_black_left:
            return ()
        failed = any(code in _FAILED_TO_HIT for code, _, _ in work.fouls) or (
            work.no_nomination and not work.contact
        )
        path = work.facts.path_to_ball_on or "full"
        if not failed or not stroke.best_attempt or path == "none":
            return ()
        if path == "full" and state.misses >= 1:  # 3.14(d)(i): regardless of the scores
            return ()
        if self.sides_needing_snookers(work):  # 3.14(a)(i) applies
            return ()
        reds = state.reds if work.replace_all else state.reds - work.leaving["red"]
        after = _points_remaining(reds, state.colours, "red", False)
        sides = [
            side
            for remaining, scores in ((work.points_remaining, state.scores), (after, work.scores))
            for side, score in scores.items()
            if score < max(scores.values()) and max(scores.values()) - score == remaining
        ]
        return tuple(dict.fromkeys(sides))

    def next_turn(self, work: _Work) -> None:
        """3.14(b): after a miss all balls are replaced on request; 3.14(d)(iii): the miss count
        starts again from the position left; 3.15(a): with no foul and no stroke the striker
        plays on."""
        if play_on_without_foul(work):
            return
        snookered_foul = self.snookered_foul_replace_option(work)
        if snookered_foul:
            work.replace_option = True
        super().next_turn(work)
        if work.frame.over or not work.fouls:
            return
        self.cue_ball_moved_by_hand(work)
        self.partner_loses_turn(work)
        if snookered_foul:
            self._cite_snookered_foul(work)
        if not work.miss:
            return
        player = work.next_striker
        for index, step in enumerate(work.trail):
            if step.code == "replace_option_after_miss":
                work.trail[index] = TrailStep(
                    TRAIL_CODES["replace_all_option_after_miss"].rule,
                    "replace_all_option_after_miss",
                    step.params,
                )
        if not work.frame.over and (work.facts.path_to_ball_on or "full") == "full":
            work.step("miss_count_restarts", player=player)

    def snookered_foul_replace_option(self, work: _Work) -> bool:
        """3.11(i): a striker snookered or hampered who fouls a ball while preparing to play may
        be asked to play again with the balls moved replaced and the ball on as before (2007
        offers it only within a miss sequence, 3.14(d), which still applies)."""
        stroke = work.stroke
        if stroke.struck or not work.fouls or work.replace_option or work.frame.over:
            return False
        if any(i.code == "consultation_touch" for i in stroke.infringements):
            return False
        return self._snookered(work)

    def _cite_snookered_foul(self, work: _Work) -> None:
        """The replacement offered by 3.11(i), not 3.14(e), cites its own paragraph."""
        for index, step in enumerate(work.trail):
            if step.code == "replace_option_no_stroke":
                work.trail[index] = TrailStep(
                    TRAIL_CODES["replace_option_snookered_foul"].rule,
                    "replace_option_snookered_foul",
                    step.params,
                )

    def cue_ball_moved_by_hand(self, work: _Work) -> None:
        """Section 2 Rule 14 (2014): a cue ball intentionally moved by hand is forced off the
        table, so the next player has it in hand."""
        if not any(
            i.code == "moved_by_hand" and i.ball == "white" for i in work.stroke.infringements
        ):
            return
        work.next_in_hand = True
        work.step("cue_ball_moved_by_hand_in_hand", player=work.next_striker)

    def partner_loses_turn(self, work: _Work) -> None:
        """3.17(c): after a foul for playing out of turn the offender's partner WILL lose a turn
        (2007: may), whether or not the offender is asked to play again."""
        state = work.state
        if len(state.players) <= 2 or not any(code == "out_of_turn" for code, _, _ in work.fouls):
            return
        side = state.sides[state.striker_side]
        partner = next((p for p in side if p != state.striker), None)
        if partner is not None:
            work.step("four_handed_partner_loses_turn", player=partner)

    def scoring(self, work: _Work) -> None:
        """No stroke and no foul (3.15(a)): nothing to score, and no stroke to call fair."""
        if not work.stroke.struck and not work.fouls:
            return
        super().scoring(work)

    # ------------------------------------------------------------------ 3.8 touching ball
    def touching_ball_call(self, work: _Work) -> None:
        """3.8(a): when the cue ball touches a colour after a red was potted, the referee also
        asks the striker to declare the colour he is on."""
        super().touching_ball_call(work)
        if work.next_ball_on != "colour" or "touching_ball" not in work.calls:
            return
        called = next(s for s in work.trail if s.code == "touching_ball_called")
        if any(ball in COLOURS for ball in dict(called.params)["balls"]):  # type: ignore[union-attr]
            work.step("touching_ball_declare_asked")


assert set(CODE_RULES) | OWN_CODES <= set(TRAIL_CODES)
assert all(code in FOUL_CLASSES for code in ("early_stroke_free_ball", "consultation_touch"))
