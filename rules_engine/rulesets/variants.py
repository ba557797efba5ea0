"""Local variants a federation applies on top of an edition (``rules_engine.editions.VARIANTS``).

A variant is a mixin placed before the edition's referee class (``rulesets.referee_for``); it
adds its own step after the edition's and cites its own paragraph.

``ru-2004-3.4d``: the Russian rule text adds, as applied in amateur snooker from 2004, 3.4(d)*:
when a break ends with only colours left and the cue ball not in hand, and four or more
snookers are needed, the referee awards the frame to the opponent of the player who needs
them, except in the last frame when the frames are level (``state.deciding_frame``).

Snookers needed: the penalty points needed beyond the points remaining to take the lead,
divided by the least penalty a foul on the ball on gives (four up to the brown, then its
value), rounded up.

>>> snookers_needed(deficit=40, remaining=18, ball_on="green")
6
>>> snookers_needed(deficit=30, remaining=18, ball_on="pink")
3
>>> snookers_needed(deficit=10, remaining=18, ball_on="pink")
0
"""

from __future__ import annotations

import math
from typing import Any

from rules_engine.balls import VALUES, lowest_colour
from rules_engine.decision import Frame
from rules_engine.rulesets.wpbsa2007.work import _consultation, _points_remaining, _Work


def snookers_needed(*, deficit: int, remaining: int, ball_on: str) -> int:
    """How many snookers a side ``deficit`` points behind needs with ``remaining`` points on the
    table and ``ball_on`` the ball on (0 when it needs none)."""
    beyond = deficit + 1 - remaining
    if beyond <= 0:
        return 0
    return math.ceil(beyond / max(4, VALUES[ball_on]))


class FourSnookersVariant:
    """Variant 3.4(d)* (Russian text, amateur snooker from 2004): the frame is awarded when four
    snookers or more are needed at the end of a break with only colours left."""

    def _steps(self) -> tuple:
        steps = self.__dict__.get("_variant_steps")
        if steps is None:
            base: Any = super()
            steps = self.__dict__["_variant_steps"] = base._steps() + (self.four_snookers,)
        return steps

    def four_snookers(self, work: _Work) -> None:
        """3.4(d)*(i)(ii): after the break ends, four snookers or more needed loses the frame."""
        if work.frame.over or work.black_respotted or work.replay or work.replace_all:
            return
        if _consultation(work.stroke):  # 3.14(h): the offender plays on, no break has ended
            return
        # A break ends with a foul or a stroke that scores nothing; no stroke, no end.
        break_ended = bool(work.fouls) or (work.stroke.struck and not work.points_scored)
        colours = work.colours_after
        if not break_ended or work.reds_after or not colours or work.next_in_hand:
            return
        ball_on = lowest_colour(colours) or "black"
        remaining = _points_remaining(0, colours, ball_on, False)
        scores = work.scores
        leader = max(scores.values())
        for side, score in scores.items():
            count = snookers_needed(deficit=leader - score, remaining=remaining, ball_on=ball_on)
            if not count:
                continue
            beyond = leader - score + 1 - remaining
            if count < 4:
                work.step("snookers_needed_fewer_than_four", side=side, points=beyond, count=count)
            elif work.state.deciding_frame:
                work.step("snookers_needed_deciding_frame", side=side, count=count)
            else:
                winner = next(other for other in scores if other != side)
                self._award(work, side=side, winner=winner, points=beyond, count=count)

    @staticmethod
    def _award(work: _Work, *, side: str, winner: str, points: int, count: int) -> None:
        work.frame = Frame(over=True, winner=winner, reason="snookers_needed")
        work.calls.discard("free_ball")
        work.calls.discard("touching_ball")
        work.calls.add("frame_awarded")
        work.next_striker = work.next_ball_on = None
        work.next_in_hand = work.next_free_ball = False
        work.next_options = ()
        work.step(
            "frame_awarded_snookers_needed", side=side, points=points, count=count, winner=winner
        )
