"""Free ball (3.10): the free-ball snooker and its exception, the call after a foul.

One method per rule paragraph; ``Wpbsa2007Referee`` (``__init__.py``) puts the groups together
and a later edition overrides single methods.
"""

from __future__ import annotations

from rules_engine.rulesets.wpbsa2007.work import (
    _consultation,
    _Work,
)
from rules_engine.values import State


class FreeBall:
    """The referee's methods of the free ball (3.10)."""

    def free_ball_snooker(self, work: _Work) -> None:
        """3.10(b)(ii): the free ball must not snooker the cue ball on all reds or the ball on."""
        if work.free_ball is None or not work.facts.free_ball_snookers:
            return
        if self.free_ball_snooker_excepted(work.state):
            work.step("free_ball_snooker_pink_black_exception")
        else:
            work.foul("free_ball_snooker")

    def free_ball_snooker_excepted(self, state: State) -> bool:
        """3.10(b)(ii): no foul when only pink and black remain."""
        return state.reds == 0 and state.colours == ("pink", "black")

    def free_ball_call(self, work: _Work) -> None:
        """3.10: after a foul that leaves the next player snookered, the referee calls free ball."""
        if not work.fouls or work.frame.over or work.black_respotted:
            return
        if _consultation(work.stroke):  # 3.14(h): the offender plays on, no one else
            return
        if work.replace_all:
            # The balls go back: the next player faces the position before the stroke, with his
            # own ball on.
            snookered = (
                work.state.ball_on != "colour" and (work.facts.path_to_ball_on or "full") != "full"
            )
        elif not work.stroke.struck:
            snookered = bool(work.stroke.snookered_after) or (
                work.state.ball_on != "colour" and work.facts.snookered is True
            )
        else:
            snookered = bool(work.facts.snookered_after)
        if snookered:
            next_player = self.next_in_order(work.state)
            work.calls.add("free_ball")
            work.next_free_ball = True
            work.step("free_ball_called", ("player", next_player))
            work.step("free_ball_lapses_if_offender_plays")
