"""Touching ball (3.8): a touching ball struck first, and the call after the stroke.

One method per rule paragraph; ``Wpbsa2007Referee`` (``__init__.py``) puts the groups together
and a later edition overrides single methods.
"""

from __future__ import annotations

from collections.abc import Sequence

from rules_engine import geometry
from rules_engine.balls import COLOURS, OBJECT_BALLS
from rules_engine.rulesets.wpbsa2007.work import (
    _Work,
)


class TouchingBall:
    """The referee's methods of a touching ball (3.8)."""

    def touching_ball(self, work: _Work) -> None:
        """3.8(b)(c)(d)(f): a touching ball that is on, or could be on and is declared, counts as
        struck first.

        A touching ball that could be on (any colour when the colour is on, any ball on a free
        ball) but is not the one nominated is 3.8(c)(iii): no foul when it stays put and the
        nominated ball is struck first; when nothing was nominated it was simply not declared
        (3.8(c)(ii)). Only a ball that cannot be on is 3.8(d).
        """
        touching = work.facts.touching
        stroke = work.stroke
        if not touching or not stroke.struck:
            return
        counted = None
        state = work.state
        for ball in touching:
            if counted is None and ball in work.on_first:
                declared = ball == stroke.nominated or ball == work.free_ball
                work.step(
                    "touching_ball_declared"
                    if declared and state.ball_on != ball
                    else "touching_ball_on",
                    ("ball", ball),
                )
                counted = ball
            elif ball == counted:
                continue
            elif not self.could_be_on(state, ball):
                work.step("touching_ball_not_on", ("ball", ball))
            elif work.stroke.nominated is not None or work.free_ball is not None:
                # Only a declared ball makes the other one "not declared"; a colour merely
                # indicated by contact (3.3(f)), or asked for and not declared (2014 3.8(a)),
                # leaves the touching ball undeclared, which is what the trail says.
                work.step(
                    "touching_ball_other_nominated", ("ball", ball), ("ball_on", work.ball_on_name)
                )
            else:  # nothing nominated: the colour on, or a free ball not taken
                work.step("touching_ball_not_declared", ("ball", ball))
        moved_ball = counted or touching[0]
        if stroke.touching_moved == "striker":
            work.foul("touching_moved", moved_ball)
        elif stroke.touching_moved == "not_striker":
            work.step("touching_moved_not_striker", ("ball", moved_ball))
        if counted is not None:
            work.contact = (counted,)

    def touching_ball_call(self, work: _Work) -> None:
        """3.8(a): the cue ball came to rest touching a ball that is or could be on for the next
        stroke."""
        after = work.stroke.positions_after
        if (
            after is None
            or after.white is None
            or work.frame.over
            or work.replace_all
            or work.next_ball_on is None
        ):
            return
        balls = list(after.object_balls()) + [
            (r.ball, r.position) for r in work.respots if r.position
        ]
        touching = geometry.touching_balls(after.white, balls, each=True)
        if work.next_free_ball:
            could_be_on: Sequence[str] = OBJECT_BALLS
        elif work.next_ball_on == "colour":
            could_be_on = COLOURS
        else:
            could_be_on = (work.next_ball_on,)
        # The referee names every ball he calls, each red separately (ru.txt 3.8(a)), so a ball
        # touched twice is listed twice; balls not on are not named (3.8(e)).
        called = tuple([ball for ball in touching if ball in could_be_on])
        if called:
            work.calls.add("touching_ball")
            work.step("touching_ball_called", ("balls", called), ("count", len(called)))
            not_on = tuple([ball for ball in touching if ball not in could_be_on])
            if not_on:
                work.step("touching_ball_not_on_not_called", ("balls", not_on))
