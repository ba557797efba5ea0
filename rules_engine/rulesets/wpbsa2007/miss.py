"""Foul and a miss (3.14): when it is called, its exceptions, the warning, the frame awarded,
and the consultation after a miss (3.14(h)).

One method per rule paragraph; ``Wpbsa2007Referee`` (``__init__.py``) puts the groups together
and a later edition overrides single methods.
"""

from __future__ import annotations

from rules_engine.balls import lowest_colour
from rules_engine.decision import Frame
from rules_engine.rulesets.wpbsa2007.work import (
    _FAILED_TO_HIT,
    _consultation,
    _points_remaining,
    _Work,
)


class FoulAndMiss:
    """The referee's methods of foul and a miss (3.14)."""

    def miss(self, work: _Work) -> None:
        """3.14: foul and a miss when the striker failed to hit a ball on, with its exceptions and
        sanctions."""
        state, stroke = work.state, work.stroke
        if not work.fouls:
            return
        if not stroke.struck:
            if _consultation(stroke):  # 3.14(h): not a foul while preparing to play
                return
            if state.misses:  # 3.14(d): a foul before the stroke from a replaced position
                work.step("miss_not_called_no_stroke")
                work.replace_option = True
                if state.misses >= 2:
                    work.warned = True
                    work.step("warning_remains", ("player", state.striker))
            return
        for code, _, _ in work.fouls:
            if code in _FAILED_TO_HIT:
                break
        else:  # no failure to hit a ball on
            if not (work.no_nomination and not work.contact):
                return
        if state.only_black_left:
            work.step("miss_not_called_only_black")
            return
        path = work.facts.path_to_ball_on or "full"
        if not stroke.best_attempt:
            called = "miss_not_best_attempt"
        elif path == "full" and state.misses >= 1:
            called = "miss_full_ball_repeat"
        elif path == "none":
            work.step("miss_not_called_no_path")
            return
        else:
            needing = self.sides_needing_snookers(work)
            if needing and self.snookers_needed_excepts_miss(work):
                work.step("miss_not_called_snookers_needed", ("sides", needing))
                return
            called = "miss_clear_path"
        work.step(called)
        work.miss = True
        work.replace_option = True
        work.calls.add("miss")
        if path == "full" and state.misses == 1:
            work.warned = True
            work.step("warning_after_second_miss", ("player", state.striker))
        elif path == "full" and state.misses >= 2:
            winner = state.opponent_side
            work.calls.add("frame_awarded")
            work.frame = Frame(over=True, winner=winner, reason="third_miss")
            work.step("frame_awarded_third_miss", ("winner", winner))

    def sides_needing_snookers(self, work: _Work) -> tuple[str, ...]:
        """Sides that needed snookers before the stroke or as a result of it (3.14(b)).

        After the foul the colours potted come back and the reds potted stay down; the next player
        starts a turn, so a red is on while reds remain, else the lowest colour.
        """
        state = work.state
        reds = state.reds if work.replace_all else state.reds - work.leaving["red"]
        ball_on = "red" if reds else (lowest_colour(state.colours) or "black")
        remaining_after = _points_remaining(reds, state.colours, ball_on, False)
        after = self.needs_snookers(work.scores, remaining_after)
        return tuple(dict.fromkeys(work.needs_before + after))

    def snookers_needed_excepts_miss(self, work: _Work) -> bool:
        """3.14(b): needing snookers excuses a failure to hit the ball on (when the attempt was
        genuine)."""
        return True

    def consultation_order(self, work: _Work) -> None:
        """3.14(h) (pl 14(H)): a ball touched during the consultation while the balls are
        replaced after a miss is penalised as if the one who touched it were the striker,
        without affecting the order of play: the ball touched is put back and the player asked
        to play again still plays from the replaced position (the request to replace stands,
        3.13), with the warning he had."""
        state = work.state
        touched = next(i for i in work.stroke.infringements if i.code == "consultation_touch")
        ball = touched.ball or (work.ball_on_name if work.ball_on_name != "colour" else None)
        if ball is not None:
            work.replaced = tuple(dict.fromkeys(work.replaced + (ball,)))
        work.next_striker, work.next_ball_on = state.striker, state.ball_on
        work.next_in_hand, work.next_free_ball = state.in_hand, False
        work.next_options = ("play",)
        work.warned = state.misses >= 2
        work.step("consultation_touch_order_unchanged", ("player", state.striker))
