"""Mode of play (3.1, 3.3, 3.6, 3.11(f)(h), 3.17): the ball on, the colour nominated, the
first ball struck, what the pots score, who plays next and how.

One method per rule paragraph; ``Wpbsa2007Referee`` (``__init__.py``) puts the groups together
and a later edition overrides single methods.
"""

from __future__ import annotations

from collections.abc import Sequence

from rules_engine.balls import COLOURS, VALUES, lowest_colour
from rules_engine.rulesets.wpbsa2007.work import (
    _NOTHING_LEAVING,
    _ONLY,
    _OPTIONS_AFTER_FOUL,
    _OPTIONS_AFTER_REPLACEABLE_FOUL,
    _VALUE,
    _consultation,
    _step,
    _Work,
)
from rules_engine.values import State


class ModeOfPlay:
    """The referee's methods of the mode of play (3.1, 3.3, 3.6, 3.11(f)(h), 3.17)."""

    def ball_on(self, work: _Work) -> None:
        """3.3(e)(f): a red while reds remain, a colour after a red, then the colours in ascending
        order."""
        ball_on = work.state.ball_on
        if ball_on == "red":
            work.step("ball_on_red")
        elif ball_on == "colour":
            work.step("ball_on_colour_after_red")
        else:
            work.step("ball_on_lowest_colour", ("ball", ball_on))

    def nomination(self, work: _Work) -> None:
        """3.3(f), 3.10(a): which ball the striker declared, or clearly indicated, as the one he
        plays."""
        state, stroke = work.state, work.stroke
        ball_on = state.ball_on
        if ball_on == "colour":
            colour = stroke.nominated
            if colour is not None:
                work.step("colour_nominated", ("ball", colour))
            elif len(stroke.first_contact) == 1 and stroke.first_contact[0] in COLOURS:
                colour = stroke.first_contact[0]
                work.step("colour_indicated", ("ball", colour))
            if colour is None:
                work.no_nomination = True
                work.ball_on_name = "colour"
                work.ball_on_value = 7
                work.step("colour_not_nominated")
            else:
                work.nominated_colour = colour
                work.on_first = _ONLY[colour]
                work.ball_on_value = _VALUE[colour]
                work.ball_on_name = colour
            return
        work.on_first = _ONLY[ball_on]
        work.ball_on_name = ball_on
        work.ball_on_value = _VALUE[ball_on]
        free = self.free_ball_taken(state, stroke) if state.free_ball else None
        if free is not None:
            work.free_ball = free
            work.on_first = _ONLY[free]
            work.ball_on_name = free
            # 3.10(a)(ii): the nominated ball is regarded as the ball on and acquires its value,
            # so a penalty "of the value of the ball on" stays that of the ball on.
            if ball_on == "red":
                work.step("free_ball_nominated_as_red", ("ball", free))
            else:
                work.step("free_ball_nominated", ("ball", free), ("ball_on", ball_on))

    def first_contact(self, work: _Work) -> None:
        """3.6, 3.10(b)(i), 3.12: the first ball struck must be on; two reds, or free ball and
        ball on, together."""
        stroke = work.stroke
        if not stroke.struck:
            return
        contact = work.contact or stroke.first_contact
        work.contact = contact
        ball_on = work.state.ball_on
        if not contact:
            if not self.edge_fall_caused_foul(stroke):
                work.foul("missed_all")
            return
        if ball_on == "colour" and "red" in contact:
            if len(contact) == 2 and contact != ("red", "red"):
                # The striker played at the colour he nominated (or indicated) and struck a red
                # with it: 3.12(c), not a red played after a red (3.12(d)).
                if work.nominated_colour is None:
                    work.foul("reds_successive")
                work.foul("simultaneous", self.higher(contact), self.ordered(contact))
            else:
                work.foul("reds_successive")  # a red again after a red (or a free ball as a red)
            return
        if len(contact) == 1:
            ball = contact[0]
            if ball in work.on_first:
                work.step("first_contact_ball_on", ("ball", ball))
            elif work.free_ball is not None:
                work.foul("free_ball_not_first", ball)
            else:
                work.foul("first_contact_not_on", ball)
            return
        pair = set(contact)
        if contact == ("red", "red") and ball_on == "red" and work.free_ball is None:
            work.step("simultaneous_reds_allowed")
        elif work.free_ball is not None and pair == {work.free_ball, ball_on}:
            work.step(
                "simultaneous_free_ball_and_ball_on", ("ball", work.free_ball), ("ball_on", ball_on)
            )
        elif (
            work.free_ball is not None and work.free_ball not in pair and contact == ("red", "red")
        ):
            work.foul("free_ball_not_first", "red")
        else:
            work.foul("simultaneous", self.higher(contact), self.ordered(contact))

    @staticmethod
    def higher(balls: Sequence[str]) -> str:
        return max(balls, key=VALUES.__getitem__)

    @staticmethod
    def ordered(balls: Sequence[str]) -> tuple[str, ...]:
        return tuple(sorted(balls, key=VALUES.__getitem__, reverse=True))

    def pots(self, work: _Work) -> None:
        """3.3(e)(f), 3.9(c), 3.10(c)(d)(e), 3.12(b): balls potted, what they would score, balls
        not on."""
        stroke, state = work.stroke, work.state
        potted = stroke.potted
        edge = stroke.edge
        if edge is not None and edge.fell == "after_balancing":
            work.step("edge_ball_counts_potted", ("ball", edge.ball))
            potted = (*potted, edge.ball)
        if potted or stroke.off_table:
            leaving = work.leaving = dict(_NOTHING_LEAVING)
            for ball in potted:
                leaving[ball] += 1
            for ball in stroke.off_table:
                leaving[ball] += 1
        if not potted:
            return
        ball_on = state.ball_on
        work.scoring = []
        if stroke.off_table:
            counts = dict(_NOTHING_LEAVING)
            for ball in potted:
                counts[ball] += 1
        else:  # only potted balls leave the table: the same counts
            counts = work.leaving
        if ball_on == "red":
            on = self.score_reds(work, counts)
        elif ball_on == "colour":
            on = self.score_nominated_colour(work, counts)
        else:
            on = self.score_colour_on(work, counts)
        for ball in dict.fromkeys(potted):
            if ball not in on:
                work.foul("potted_not_on", ball)

    def score_reds(self, work: _Work, counts: dict[str, int]) -> set[str | None]:
        """3.3(e), 3.10(c): with a red on, every red potted scores one, and so does a free ball
        potted as a red. Returns the balls on."""
        free = work.free_ball
        if counts["red"]:
            work.scoring.append(
                _step("potted_reds_score", ("count", counts["red"]), ("points", counts["red"]))
            )
            work.points_scored += counts["red"]
            work.red_on_scored = True
        if free is not None and counts[free]:
            work.scoring.append(_step("free_ball_potted_scores", ("ball", free), ("points", 1)))
            work.points_scored += 1
            work.red_on_scored = True
        return {"red", free}

    def score_nominated_colour(self, work: _Work, counts: dict[str, int]) -> set[str | None]:
        """3.3(f): with the colour on, the colour nominated (or indicated) scores its value.
        Returns the balls on."""
        colour = work.nominated_colour
        if colour is not None and counts[colour]:
            work.scoring.append(
                _step("potted_ball_on_scores", ("ball", colour), ("points", VALUES[colour]))
            )
            work.points_scored += VALUES[colour]
        return {colour}

    def score_colour_on(self, work: _Work, counts: dict[str, int]) -> set[str | None]:
        """3.3(g), 3.10(d)(e): with a colour on in sequence, it scores its value; a free ball
        potted scores the same, and the two together score it once. Returns the balls on."""
        ball_on, free = work.state.ball_on, work.free_ball
        value = VALUES[ball_on]
        if free is None:
            if counts[ball_on]:
                work.scoring.append(
                    _step("potted_ball_on_scores", ("ball", ball_on), ("points", value))
                )
                work.scored_balls = (ball_on,)
                work.points_scored += value
        elif counts[free] and counts[ball_on]:
            work.scoring.append(
                _step(
                    "free_ball_and_ball_on_potted",
                    ("ball", free),
                    ("ball_on", ball_on),
                    ("points", value),
                )
            )
            work.scored_balls = (ball_on,)
            work.points_scored += value
        elif counts[free]:
            work.scoring.append(_step("free_ball_potted_scores", ("ball", free), ("points", value)))
            work.points_scored += value
        elif counts[ball_on]:
            work.scoring.append(
                _step("ball_on_potted_after_free_ball", ("ball", ball_on), ("points", value))
            )
            work.scored_balls = (ball_on,)
            work.points_scored += value
        return {ball_on, free}

    def scoring(self, work: _Work) -> None:
        """3.1(c), 3.3(e)(f), 3.10(c)(d)(e): a fair stroke's pots score for the striker."""
        if work.fouls or work.replay:
            return
        work.step("stroke_fair")
        work.trail.extend(work.scoring)
        if work.points_scored:
            side = work.state.striker_side
            work.points[side] += work.points_scored
            work.scores[side] += work.points_scored
            work.step(
                "striker_scores", ("player", work.state.striker), ("points", work.points_scored)
            )

    def next_in_order(self, state: State) -> str:
        """The player after the striker in the order of play (3.3(a), 3.17(a))."""
        players = state.players
        return players[(players.index(state.striker) + 1) % len(players)]

    def next_turn(self, work: _Work) -> None:
        """3.3(f)(h), 3.11(f)(h), 3.14(a), 3.17(c): who plays next, the ball on, in hand, the
        options."""
        state, stroke = work.state, work.stroke
        if work.frame.over:
            work.next_options = ()
            return
        if work.black_respotted:
            work.next_ball_on, work.next_in_hand = (
                "black",
                True,
            )  # striker decided by lot (3.4(b), 3.17(d))
            return
        if work.replay:
            work.next_striker, work.next_ball_on = state.striker, state.ball_on
            work.next_in_hand, work.next_free_ball = state.in_hand, state.free_ball
            return
        if _consultation(stroke):
            self.consultation_order(work)
            return
        reds, colours = work.reds_after, work.colours_after
        if work.replace_all:
            reds, colours = state.reds, state.colours
        first_of_turn = "red" if reds else lowest_colour(colours)
        if not work.fouls and work.points_scored:
            work.next_striker = state.striker
            if work.red_on_scored:
                work.next_ball_on = "colour"
            else:
                work.next_ball_on = first_of_turn
            work.step("turn_continues", ("player", state.striker))
            return
        next_player = self.next_in_order(state)
        work.next_striker = next_player
        work.next_ball_on = first_of_turn
        if not work.fouls:
            work.step("turn_ends", ("player", next_player))
            return
        work.next_in_hand = (
            state.in_hand
            if work.replace_all
            else stroke.cue_ball != "table"
            or (not stroke.struck and state.in_hand and not stroke.cue_ball_placed)
        )
        work.next_options = (
            _OPTIONS_AFTER_REPLACEABLE_FOUL if work.replace_option else _OPTIONS_AFTER_FOUL
        )
        work.step("turn_ends", ("player", next_player))
        if work.next_in_hand and not work.replace_all and stroke.cue_ball != "table":
            work.step("cue_ball_in_hand", ("player", next_player))
        elif not stroke.struck and state.in_hand:  # 3.11(f): placed on the table, or still in hand
            code = "cue_ball_placed_in_play" if stroke.cue_ball_placed else "cue_ball_stays_in_hand"
            work.step(code, ("player", next_player))
        work.step("next_player_options", ("player", next_player))
        if work.replace_option:
            code = "replace_option_after_miss" if work.miss else "replace_option_no_stroke"
            work.step(code, ("player", next_player))
        if len(state.players) > 2:
            work.step("four_handed_offender_plays_again", ("player", state.striker))
