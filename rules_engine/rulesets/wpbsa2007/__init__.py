"""The referee of the WPBSA rules as translated in ``shared/rules/`` (``ruleset`` ``wpbsa-2007``).

``Wpbsa2007Referee.judge`` applies the rules of Section 3 to a stroke in the
order of ``STROKE_STEPS``; each step is one method applying one rule paragraph,
so a later edition overrides only the methods whose paragraph changed (see
``rulesets/__init__.py``). The small hooks ``snookers_needed_excepts_miss`` (3.14(b))
and ``free_ball_snooker_excepted`` (3.10(b)(ii)) are where the 2019+ text is known to
differ.

Where the texts in ``shared/rules/`` are silent the WPBSA text is followed and
the method says so.

The methods live in one module per paragraph group, each a class the referee inherits:
``situation.py`` (ball on, points remaining, the facts from positions), ``play.py`` (mode of
play 3.1, 3.3, 3.6: contact, pots, scoring, who plays next), ``touching.py`` (3.8),
``fouls.py`` (3.9, 3.11, 3.12), ``free_ball.py`` (3.10), ``miss.py`` (3.14), ``respotting.py``
(3.7), ``end_of_frame.py`` (3.4, and the procedures of 3.16, concession and claim); they share
the working notes and quick builders of ``work.py``. This module puts them together: the order
of the steps, the judgement, the decision.

>>> from rules_engine.case import load_case
>>> case = load_case({"format": "snooker-referee-case/1", "id": "d",
...                   "state": {"reds": 0, "colours": ["pink", "black"]},
...                   "stroke": {"first_contact": ["pink"], "potted": ["pink"]}})
>>> decision = Wpbsa2007Referee().judge(case)
>>> decision.points, decision.next.ball_on, [s.code for s in decision.trail]
({'A': 6, 'B': 0}, 'black', ['ball_on_lowest_colour', 'first_contact_ball_on', 'stroke_fair', \
'potted_ball_on_scores', 'striker_scores', 'colour_stays_down', 'turn_continues'])
"""

from __future__ import annotations

from rules_engine.decision import Assessment, Decision, Foul, Next
from rules_engine.rulesets.wpbsa2007.end_of_frame import EndOfFrame
from rules_engine.rulesets.wpbsa2007.fouls import Fouls
from rules_engine.rulesets.wpbsa2007.free_ball import FreeBall
from rules_engine.rulesets.wpbsa2007.miss import FoulAndMiss
from rules_engine.rulesets.wpbsa2007.play import ModeOfPlay
from rules_engine.rulesets.wpbsa2007.respotting import Respotting
from rules_engine.rulesets.wpbsa2007.situation import Situation
from rules_engine.rulesets.wpbsa2007.touching import TouchingBall
from rules_engine.rulesets.wpbsa2007.work import (
    _ASSESSMENT_FIELDS,
    _ASSESSMENT_PARTS,
    _CALL_ORDER,
    _FOUL_FIELDS,
    _FOUL_PARTS,
    _GUARDED_STEPS,
    _NEXT_FIELDS,
    _NEXT_PARTS,
    _RULES,
    _new,
    _part,
    _Work,
)
from rules_engine.values import Case, State, Stroke


class Wpbsa2007Referee(
    Situation, ModeOfPlay, TouchingBall, Fouls, FreeBall, FoulAndMiss, Respotting, EndOfFrame
):
    """Judges referee cases by the WPBSA rules of Section 3 (the ``wpbsa-2007`` ruleset)."""

    name = "wpbsa-2007"

    @staticmethod
    def rule_of(code: str) -> str:
        """The paragraph a trail step of ``code`` cites in this edition (a later edition with
        another numbering overrides it).

        >>> Wpbsa2007Referee.rule_of("free_ball_called")
        '3.10'
        """
        return _RULES[code]

    #: The methods applied to a stroke, in order. Each applies one rule paragraph.
    STROKE_STEPS: tuple[str, ...] = (
        "ball_on",  # 3.3(e)(f): which ball is on
        "nomination",  # 3.3(f), 3.10(a): the colour nominated, the free ball nominated
        "touching_ball",  # 3.8: a touching ball that is on counts as struck first
        "first_contact",  # 3.6, 3.10(b)(i), 3.12(a)(b)(c)(d): what the cue ball struck first
        "pots",  # 3.3(e)(f), 3.9(c), 3.10(c)(d)(e), 3.12(b): what was potted
        "forced_off",  # 3.12(b): object balls forced off the table
        "cue_ball",  # 3.12(a): in-off, cue ball off the table
        "infringements",  # 3.11(a), 3.12: fouls the referee saw
        "free_ball_snooker",  # 3.10(b)(ii): snookering behind the free ball
        "nomination_foul",  # 3.12(d): a foul before a colour was nominated
        "penalty",  # 3.11(e)(g), 3.12: the penalty, the minimum of four, the highest applies
        "edge_of_pocket",  # 3.9(a)(b): a ball falling from the edge of a pocket
        "miss",  # 3.14: foul and a miss, warning, frame awarded
        "scoring",  # 3.1(c), 3.3: points to the striker
        "end_of_frame",  # 3.4: the last black, the re-spotted black
        "free_ball_call",  # 3.10: snookered after a foul
        "respotting",  # 3.3(f)(g), 3.7: colours back on the table
        "next_turn",  # 3.3(h), 3.11(f)(h), 3.13, 3.14(a), 3.17(c): who plays next and how
        "touching_ball_call",  # 3.8(a): the cue ball came to rest touching a ball on
    )

    def judge(self, case: Case) -> Decision:
        """The decision for ``case`` (a stroke or a procedure)."""
        if case.procedure is not None:
            return self.judge_procedure(case, case.procedure)
        assert case.stroke is not None
        stroke, state = case.stroke, case.state
        facts = self.geometric_facts(state, stroke)
        work = _Work(case, facts)
        work.points_remaining = self.points_remaining(state)
        work.needs_before = self.needs_snookers(state.scores, work.points_remaining)
        key = (  # the facts are tuples: empty or not
            facts.touching != (),
            stroke.off_table != (),
            stroke.infringements != (),
            state.free_ball,
            stroke.edge is not None,
            stroke.positions_after is not None,
            stroke.cue_ball != "table" or stroke.edge is not None,
            state.respotted_black or state.only_black_left,
        )
        plans = self.__dict__.get("_plans")
        plan = plans.get(key) if plans is not None else None
        if plan is None:
            plan = self._plan(key)
        for step in plan:
            step(work)
        return self.decision(work)

    def _plan(self, key: tuple[bool, ...]) -> tuple:
        """The steps of ``_steps()`` less those with nothing to do for strokes of this ``key``.

        Each step in ``_GUARDED_STEPS`` returns at once when its fact is absent (no touching
        ball, nothing forced off, no infringement, no free ball, no edge ball, no positions
        after, the cue ball on the table and no edge ball, more than the black left and no
        re-spotted black): it is left out, as long as it is this class's own method (an edition
        that overrides one is always called).
        """
        skipped = {
            getattr(Wpbsa2007Referee, name)
            for index, name in enumerate(_GUARDED_STEPS)
            if not key[index]
        }
        plan = tuple(
            step for step in self._steps() if getattr(step, "__func__", None) not in skipped
        )
        self.__dict__.setdefault("_plans", {})[key] = plan
        return plan

    def _steps(self) -> tuple:
        steps = self.__dict__.get("_bound_steps")
        if steps is None:
            steps = self.__dict__["_bound_steps"] = tuple(
                getattr(self, name) for name in self.STROKE_STEPS
            )
        return steps

    def assess(self, state: State, stroke: Stroke | None = None) -> Assessment:
        """The situation before a stroke: ball on, points remaining, who needs snookers,
        snookered, path.

        >>> from rules_engine.case import State
        >>> Wpbsa2007Referee().assess(State(reds=1, scores={"A": 0, "B": 40})).needs_snookers
        ('A',)
        """
        facts = self.geometric_facts(state, stroke or Stroke())
        remaining = self.points_remaining(state)
        return Assessment(
            ball_on=state.ball_on,
            points_remaining=remaining,
            needs_snookers=self.needs_snookers(state.scores, remaining),
            snookered=facts.snookered,
            path_to_ball_on=facts.path_to_ball_on or "full",
            touching=facts.touching,
        )

    def decision(self, work: _Work) -> Decision:
        """The frozen Decision from the working notes (built directly: this runs for every
        judgement)."""
        state = work.state
        facts = work.facts
        fouls = (
            tuple(
                [
                    _part(Foul, _FOUL_PARTS, _FOUL_FIELDS, (code, ball, penalty, _RULES[code]))
                    for (code, ball, _), penalty in zip(
                        work.fouls, work.foul_penalties, strict=True
                    )
                ]
            )
            if work.fouls
            else ()
        )
        calls = work.calls
        # The parts seen before are looked up here, without a call (the usual case).
        next_values = (
            work.next_striker,
            work.next_ball_on,
            work.next_in_hand,
            work.next_free_ball,
            work.next_options,
            work.warned,
        )
        following = _NEXT_PARTS.get(next_values) or _part(
            Next, _NEXT_PARTS, _NEXT_FIELDS, next_values
        )
        assessment_values = (
            state.ball_on,
            work.points_remaining,
            work.needs_before,
            facts.snookered,
            facts.path_to_ball_on or "full",
            facts.touching,
        )
        assessment = _ASSESSMENT_PARTS.get(assessment_values) or _part(
            Assessment, _ASSESSMENT_PARTS, _ASSESSMENT_FIELDS, assessment_values
        )
        return _new(Decision, {
            "case": work.case.id, "legal": not work.fouls, "fouls": fouls, "penalty": work.penalty,
            "points": work.points, "scores": work.scores,
            "calls": tuple(sorted(calls, key=_CALL_ORDER.__getitem__)) if len(calls) > 1
            else tuple(calls),
            "respots": tuple(work.respots), "replace_all": work.replace_all,
            "replaced": work.replaced, "next": following, "frame": work.frame,
            "assessment": assessment, "trail": tuple(work.trail),
        })  # fmt: skip
