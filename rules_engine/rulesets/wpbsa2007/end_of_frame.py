"""End of frame (3.4): the last black, the re-spotted black; the procedures that are not
strokes (3.16 stalemate, concession, claim).

One method per rule paragraph; ``Wpbsa2007Referee`` (``__init__.py``) puts the groups together
and a later edition overrides single methods.
"""

from __future__ import annotations

from rules_engine.decision import Decision, Frame, Next, TrailStep
from rules_engine.rulesets.wpbsa2007.work import (
    _ON_RESPOTTED_BLACK,
    _step,
    _Work,
)
from rules_engine.values import Case, Procedure, State


class EndOfFrame:
    """The referee's methods of the end of a frame (3.4) and of the procedures (3.16, concession,
    claim)."""

    def end_of_frame(self, work: _Work) -> None:
        """3.4: with the black alone left, its first pot or a foul ends the frame, unless the
        scores are level."""
        state = work.state
        if work.frame.over:
            return
        black_scored = not work.fouls and work.leaving["black"] > 0
        if work.replace_all or not state.only_black_left or not work.fouls and not black_scored:
            if state.respotted_black:  # the frame goes on, still on the re-spotted black
                work.frame = _ON_RESPOTTED_BLACK
            return
        scores = work.scores
        if len(set(scores.values())) == 1:
            work.frame = _ON_RESPOTTED_BLACK
            work.black_respotted = True
            work.calls.add("respotted_black")
            work.step(
                "respotted_black_totals_level"
                if state.totals_count
                else "respotted_black_scores_level"
            )
            return
        winner = max(scores, key=scores.__getitem__)
        if black_scored:
            work.frame = Frame(over=True, winner=winner, reason="black_potted")
            work.step("frame_over_black_potted", ("winner", winner))
        else:
            work.frame = Frame(over=True, winner=winner, reason="foul_on_black")
            work.step("frame_over_foul_on_black", ("winner", winner))

    def judge_procedure(self, case: Case, procedure: Procedure) -> Decision:
        """3.16 stalemate, concession, claim."""
        state = case.state
        scores: dict[str, int] = dict(state.scores)
        calls: tuple[str, ...] = ()
        if procedure.kind == "stalemate":
            trail, restarted = self.stalemate(state, procedure)
            frame, nxt = Frame(), _play_on(state)
            if restarted:
                scores, calls, nxt = dict.fromkeys(scores, 0), ("restart",), _restart(state)
        else:
            step, frame = self.frame_given_up(state, procedure)
            trail, nxt = [step], _FRAME_OVER_NEXT
        return Decision(
            case=case.id,
            legal=True,
            fouls=(),
            penalty=0,
            points=dict.fromkeys(state.sides, 0),
            scores=scores,
            calls=calls,
            respots=(),
            replace_all=False,
            replaced=(),
            next=nxt,
            frame=frame,
            assessment=self.assess(state),
            trail=tuple(trail),
        )

    def stalemate(self, state: State, procedure: Procedure) -> tuple[list[TrailStep], bool]:
        """3.16: the frame restarts when all agree, or when the position has not changed after
        the referee's period; otherwise play goes on. Returns the trail and whether it
        restarts."""
        trail: list[TrailStep] = []
        if procedure.all_agree_restart:
            trail.append(_step("stalemate_restart", player=state.breaker))
        else:
            trail.append(_step("stalemate_play_on"))
            if procedure.changed_after_period is False:
                trail.append(_step("stalemate_restart_after_period", player=state.breaker))
        return trail, procedure.all_agree_restart or procedure.changed_after_period is False

    def frame_given_up(self, state: State, procedure: Procedure) -> tuple[TrailStep, Frame]:
        """A frame conceded (by the side named, in its turn), or claimed by the striker with the
        black alone left and a lead of more than seven."""
        if procedure.kind == "concede":
            winner = next(side for side in state.sides if side != procedure.side)
            step = _step("frame_conceded", side=procedure.side, winner=winner)
            return step, Frame(over=True, winner=winner, reason="conceded")
        winner = state.striker_side
        lead = state.scores[winner] - state.scores[state.opponent_side]
        step = _step("frame_claimed", winner=winner, points=lead)
        return step, Frame(over=True, winner=winner, reason="claimed")


#: Who plays after a procedure: the frame over, nobody.
_FRAME_OVER_NEXT = Next(
    striker=None, ball_on=None, in_hand=False, free_ball=False, options=(), warned=False
)


def _play_on(state: State) -> Next:
    """Play goes on as it was."""
    return Next(
        striker=state.striker,
        ball_on=state.ball_on,
        in_hand=state.in_hand,
        free_ball=state.free_ball,
        options=("play",),
        warned=False,
    )


def _restart(state: State) -> Next:
    """The frame restarts: the same player breaks off, from hand, a red on."""
    return Next(
        striker=state.breaker,
        ball_on="red",
        in_hand=True,
        free_ball=False,
        options=("play",),
        warned=False,
    )
