"""Fouls and penalties (3.11, 3.12), and a ball on the edge of a pocket (3.9).

One method per rule paragraph; ``Wpbsa2007Referee`` (``__init__.py``) puts the groups together
and a later edition overrides single methods.
"""

from __future__ import annotations

import math

from rules_engine.balls import FOUL_CLASSES
from rules_engine.rulesets.wpbsa2007.work import (
    _FOUL_BALL_PARAM,
    _FOUL_CLASS,
    _VALUE,
    _consultation,
    _Work,
)
from rules_engine.trail import TRAIL_CODES
from rules_engine.values import Stroke


class Fouls:
    """The referee's methods of fouls and penalties (3.9, 3.11, 3.12)."""

    @staticmethod
    def edge_fall_caused_foul(stroke: Stroke) -> bool:
        """3.9(b)(i): the fall of an unhit edge ball itself caused the foul (missing it, the cue
        ball following).

        Section 3 commentary (ru.txt, 3.9): then there is no penalty; the balls are replaced and
        3.9(b)(i)
        applies.
        """
        edge = stroke.edge
        return edge is not None and edge.fell == "unhit" and edge.caused_foul

    def forced_off(self, work: _Work) -> None:
        """3.12(b): forcing an object ball off the table is a foul."""
        for ball in dict.fromkeys(work.stroke.off_table):
            work.foul("forced_off", ball)

    def cue_ball(self, work: _Work) -> None:
        """3.12(a): the cue ball potted or forced off the table."""
        stroke = work.stroke
        edge = stroke.edge
        if edge is not None and self.edge_fall_caused_foul(stroke):
            work.step("edge_fall_caused_foul", ("ball", edge.ball))
            return
        cue_ball = stroke.cue_ball
        if cue_ball == "potted":
            work.foul("cue_ball_potted")
        elif cue_ball == "off_table":
            work.foul("cue_ball_off_table")

    def infringements(self, work: _Work) -> None:
        """3.12: fouls the referee saw; a class (b) foul without a ball concerns the ball on."""
        for infringement in work.stroke.infringements:
            ball = infringement.ball
            if ball is None and FOUL_CLASSES[infringement.code] == "b":
                ball = work.ball_on_name if work.ball_on_name != "colour" else None
            work.foul(infringement.code, ball)

    def edge_of_pocket(self, work: _Work) -> None:
        """3.9(a)(b): a ball that fell from the edge of a pocket without being struck."""
        edge = work.stroke.edge
        if edge is None or edge.fell != "unhit":
            return
        if edge.involved or edge.caused_foul:
            work.replace_all = True
            if work.fouls:
                work.step("foul_balls_replaced", ("ball", edge.ball))
            else:
                work.replay = True
                work.calls.add("replay")
                work.step("replay_balls_replaced", ("ball", edge.ball))
        else:
            work.replaced = (edge.ball,)
            work.step("edge_ball_replaced", ("ball", edge.ball))

    def nomination_foul(self, work: _Work) -> None:
        """3.12(d): with the colour on, a foul before any colour was declared or indicated is
        seven points.

        The fouls of class (d) stay as they are; the others are all that one foul.
        """
        if work.no_nomination and work.fouls:
            kept = [
                f
                for f in work.fouls
                if FOUL_CLASSES[f[0]] == "d" and f[0] != "foul_before_nomination"
            ]
            work.fouls = kept + [("foul_before_nomination", None, ())]

    def foul_penalty(self, work: _Work, code: str, ball: str | None, balls: tuple[str, ...]) -> int:
        """3.12(a)-(d): the value of one foul, before the minimum of four."""
        kind = _FOUL_CLASS[code]
        if kind == "a":
            return work.ball_on_value
        if kind == "b":
            return max(work.ball_on_value, _VALUE.get(ball or "", 0))
        if kind == "c":
            return max([work.ball_on_value] + [_VALUE[b] for b in balls])
        return 7

    def penalty(self, work: _Work) -> None:
        """3.11(e)(g), 3.12: every foul's penalty (at least four), the highest applies, to the
        opponent."""
        state = work.state
        if not work.fouls:
            return
        highest = -math.inf  # the highest foul's own value, before the minimum of four
        for code, ball, balls in work.fouls:
            value = self.foul_penalty(work, code, ball, balls)
            if value > highest:
                highest = value
            penalty = value if value > 4 else 4
            work.foul_penalties.append(penalty)
            param = _FOUL_BALL_PARAM.get(code, "")
            if param == "":  # a code added after this module was imported
                param = "balls" if "balls" in TRAIL_CODES[code].params else "ball"
            if param == "balls":
                work.step(code, ("balls", balls), ("penalty", penalty))
            elif param == "ball":
                work.step(code, ("ball", ball), ("penalty", penalty))
            else:
                work.step(code, ("penalty", penalty))
        work.penalty = highest if highest > 4 else 4
        if highest < 4:
            work.step("penalty_minimum_four", ("penalty", 4))
        if len(work.fouls) > 1:
            work.step("highest_penalty_applies", ("penalty", work.penalty))
        if not work.stroke.struck and not _consultation(work.stroke):
            work.step("foul_no_stroke_turn_ends")
        opponent = state.opponent_side
        work.points[opponent] = work.penalty
        work.scores[opponent] += work.penalty
        work.calls.add("foul")
        work.step("penalty_to_opponent", ("side", opponent), ("penalty", work.penalty))
        if work.points_scored:
            work.step("no_points_in_foul_stroke", ("points", work.points_scored))
        reds_down = work.leaving["red"]
        edge = work.stroke.edge
        if reds_down and not (
            edge is not None and edge.fell == "unhit" and (edge.involved or edge.caused_foul)
        ):
            work.step("reds_stay_down", ("count", reds_down))
