"""Every step the referee's reasoning can contain, documented in one place.

A decision's ``trail`` is a list of steps ``{"rule", "code", "params"}``. The
engine emits no prose: the quiz renders one translated sentence per code
(``quiz/explain.py``), filling in the params. This module is the contract for
that: each code has a fixed rule reference, a fixed tuple of param names and a
one-line English summary (for translators and for the README; never shown as
the engine's output).

Param names and what they hold (``PARAM_KINDS``):

- ``ball``, ``ball_on``: one ball name (``red``, ``pink``, …); ``ball_on`` may
  also be ``colour`` (any colour, to be nominated)
- ``balls``: a list of ball names; a red may appear more than once where each ball counts
  (``touching_ball_called``: two reds touched, ``red`` twice)
- ``player``: a player's name; ``side``, ``winner``: a side's name; ``sides``: a list of sides
- ``penalty``, ``points``, ``count``: whole numbers
- ``to``: a re-spot target from ``RESPOT_TARGETS`` (``yellow_spot``, ``above_pink_spot``, …)

Codes are stable: new ones may be added, existing ones are never renamed.

The codes that only the later editions, the French club rules and the local variants emit are
listed in ``trail_editions.py``; ``TRAIL_CODES`` holds them all.

>>> TRAIL_CODES["first_contact_not_on"].rule
'3.12(b)'
>>> TRAIL_CODES["first_contact_not_on"].params
('ball', 'penalty')
>>> all(set(t.params) <= set(PARAM_KINDS) for t in TRAIL_CODES.values())
True
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

from rules_engine.trail_editions import EDITION_CODES


@dataclass(frozen=True)
class TrailCode:
    """One kind of step in a decision's trail.

    >>> TrailCode("turn_ends", "3.3(h)", ("player",), "No score: the turn ends.").params
    ('player',)
    """

    code: str
    rule: str
    params: tuple[str, ...]
    summary: str


#: What each param name holds; every param of every code is one of these.
PARAM_KINDS: Mapping[str, str] = MappingProxyType(
    {
        "ball": "ball",
        "ball_on": "ball_on",  # a ball name or "colour"
        "balls": "balls",
        "player": "player",
        "side": "side",
        "winner": "side",
        "sides": "sides",
        "penalty": "number",
        "points": "number",
        "count": "number",
        "to": "spot",
    }
)

_B = ("ball",)
_BP = ("ball", "penalty")
_P = ("penalty",)

_CODES: tuple[tuple[str, str, tuple[str, ...], str], ...] = (
    # --- the ball on, nominations (3.3) -------------------------------------------------
    ("ball_on_red", "3.3(e)", (), "Reds remain and no red was just potted: a red is the ball on."),
    (
        "ball_on_colour_after_red",
        "3.3(f)",
        (),
        "A red (or a free ball taken as a red) was potted in this turn: any colour is on, to be "
        "nominated.",
    ),
    (
        "ball_on_lowest_colour",
        "3.3(f)",
        _B,
        "No reds remain: the colours are on in ascending order of value; {ball} is on.",
    ),
    ("colour_nominated", "3.3(f)", _B, "The striker nominated {ball} as the colour on."),
    (
        "colour_indicated",
        "3.3(f)",
        _B,
        "Nothing was declared, but {ball} was clearly the only colour struck first: it counts as "
        "nominated.",
    ),
    (
        "colour_not_nominated",
        "3.12(d)",
        (),
        "The colour was on and the striker neither declared nor clearly indicated one.",
    ),
    (
        "free_ball_nominated_as_red",
        "3.10(a)",
        _B,
        "On a free ball with reds on the table, {ball} was nominated and acts as a red.",
    ),
    (
        "free_ball_nominated",
        "3.10(a)",
        ("ball", "ball_on"),
        "On a free ball, {ball} was nominated and takes the value of the ball on, {ball_on}.",
    ),
    # --- touching ball (3.8) ----------------------------------------------------------
    (
        "touching_ball_on",
        "3.8(c)(i)",
        _B,
        "The cue ball touches {ball}, a ball on: playing away from it counts as striking it first.",
    ),
    (
        "touching_ball_declared",
        "3.8(c)(ii)",
        _B,
        "The cue ball touches {ball}, which could be on and was declared: it counts as struck "
        "first.",
    ),
    (
        "touching_ball_not_on",
        "3.8(d)",
        _B,
        "The cue ball touches {ball}, which is not on: the striker must play away and hit a ball "
        "on first.",
    ),
    (
        "touching_ball_other_nominated",
        "3.8(c)(iii)",
        ("ball", "ball_on"),
        "The cue ball touches {ball}, which could be on, but {ball_on} was nominated: no foul "
        "as long as {ball} does not move and {ball_on} is struck first.",
    ),
    (
        "touching_ball_not_declared",
        "3.8(c)(ii)",
        _B,
        "The cue ball touches {ball}, which could be on, but the striker did not declare it: it "
        "does not count as struck first.",
    ),
    (
        "touching_moved_not_striker",
        "3.8(f)",
        _B,
        "The touching ball {ball} moved, but not because of the striker: no foul for that.",
    ),
    (
        "touching_ball_called",
        "3.8(a)",
        ("balls", "count"),
        "The cue ball came to rest touching {count} ball(s) that are or could be on, {balls} "
        "(each ball once, a red touched twice listed twice): the referee calls touching ball and "
        "names each.",
    ),
    (
        "touching_ball_not_on_not_called",
        "3.8(e)",
        ("balls",),
        "The cue ball also touches {balls}, not on: the referee names only the ball on as "
        "touching, and says so if the striker asks.",
    ),
    # --- contact and scoring ----------------------------------------------------------
    ("first_contact_ball_on", "3.12(b)", _B, "The cue ball first struck {ball}, a ball on."),
    (
        "simultaneous_reds_allowed",
        "3.6",
        (),
        "The cue ball struck two reds together first: that is allowed.",
    ),
    (
        "simultaneous_free_ball_and_ball_on",
        "3.10(b)(i)",
        ("ball", "ball_on"),
        "The cue ball struck the free ball {ball} and the ball on {ball_on} together: that is "
        "allowed.",
    ),
    (
        "potted_reds_score",
        "3.3(e)",
        ("count", "points"),
        "{count} red(s) potted in one stroke: each counts, {points} point(s).",
    ),
    (
        "potted_ball_on_scores",
        "3.3(f)",
        ("ball", "points"),
        "{ball}, the ball on, was potted: {points} point(s).",
    ),
    (
        "free_ball_potted_scores",
        "3.10(c)",
        ("ball", "points"),
        "The free ball {ball} was potted and scores the value of the ball on: {points} point(s).",
    ),
    (
        "ball_on_potted_after_free_ball",
        "3.10(d)",
        ("ball", "points"),
        "After the free ball was struck first, the ball on {ball} was potted: it scores {points} "
        "point(s) and stays down.",
    ),
    (
        "free_ball_and_ball_on_potted",
        "3.10(e)",
        ("ball", "ball_on", "points"),
        "The free ball {ball} and the ball on {ball_on} were both potted: only the ball on counts, "
        "unless it is a red ({points} point(s)).",
    ),
    (
        "striker_scores",
        "3.1(c)",
        ("player", "points"),
        "{player} scores {points} point(s) from this stroke.",
    ),
    ("stroke_fair", "3.3(d)", (), "No rule was broken: the stroke is fair."),
    # --- fouls: infringements the referee saw (3.12) ----------------------------------
    ("double_hit", "3.12(a)", _P, "The cue ball was struck more than once: penalty {penalty}."),
    ("feet_off_floor", "3.12(a)", _P, "Both feet were off the floor: penalty {penalty}."),
    ("out_of_turn", "3.12(a)", _P, "Played out of turn: penalty {penalty}."),
    ("bad_from_hand", "3.12(a)", _P, "Played improperly from in-hand: penalty {penalty}."),
    ("jump_shot", "3.12(a)", _P, "The cue ball jumped over an object ball: penalty {penalty}."),
    ("bad_cue", "3.12(a)", _P, "Played with a non-standard cue: penalty {penalty}."),
    (
        "partner_consulted",
        "3.12(a)",
        _P,
        "Conferred with a partner against 3.17(e): penalty {penalty}.",
    ),
    ("balls_moving", "3.12(b)", _BP, "Struck while {ball} was not at rest: penalty {penalty}."),
    (
        "early_stroke",
        "3.12(b)",
        _BP,
        "Struck before the referee had finished re-spotting ({ball}): penalty {penalty}.",
    ),
    ("push_stroke", "3.12(b)", _BP, "A push stroke ({ball}): penalty {penalty}."),
    (
        "touched",
        "3.12(b)",
        _BP,
        "Touched {ball} other than with the tip on the cue ball: penalty {penalty}.",
    ),
    ("ball_off_table_used", "3.12(d)", _P, "Used a ball off the table: penalty {penalty}."),
    ("measured", "3.12(d)", _P, "Used an object to measure gaps or distance: penalty {penalty}."),
    (
        "non_white_cue_ball",
        "3.12(d)",
        _P,
        "Struck a ball other than the white as the cue ball: penalty {penalty}.",
    ),
    (
        "no_declaration",
        "3.12(d)",
        _P,
        "Did not declare the ball on when the referee asked: penalty {penalty}.",
    ),
    (
        "foul_before_nomination",
        "3.12(d)",
        _P,
        "A foul before a colour was nominated after a red (or a free ball as a red): penalty "
        "{penalty}.",
    ),
    # --- fouls the engine derives from the contact facts ------------------------------
    ("missed_all", "3.12(a)", _P, "The cue ball struck no object ball: penalty {penalty}."),
    (
        "cue_ball_potted",
        "3.12(a)",
        _P,
        "The cue ball went into a pocket (in-off): penalty {penalty}.",
    ),
    (
        "cue_ball_off_table",
        "3.12(a)",
        _P,
        "The cue ball was forced off the table: penalty {penalty}.",
    ),
    (
        "first_contact_not_on",
        "3.12(b)",
        _BP,
        "The cue ball first struck {ball}, which was not on: penalty {penalty}.",
    ),
    ("potted_not_on", "3.12(b)", _BP, "{ball}, not on, was potted: penalty {penalty}."),
    ("forced_off", "3.12(b)", _BP, "{ball} was forced off the table: penalty {penalty}."),
    (
        "simultaneous",
        "3.12(c)",
        ("balls", "penalty"),
        "The cue ball struck {balls} together first, which is not allowed: penalty {penalty}.",
    ),
    (
        "reds_successive",
        "3.12(d)",
        _P,
        "A red (or a free ball as a red, then a red) was played in successive strokes: penalty "
        "{penalty}.",
    ),
    (
        "free_ball_not_first",
        "3.10(b)(i)",
        _BP,
        "On a free ball the cue ball first struck {ball}, not the nominated free ball: penalty "
        "{penalty}.",
    ),
    (
        "free_ball_snooker",
        "3.10(b)(ii)",
        _P,
        "The free ball left the cue ball snookered on all reds / the ball on: penalty {penalty}.",
    ),
    (
        "touching_moved",
        "3.8(b)",
        _BP,
        "The striker moved the touching ball {ball} (a push stroke): penalty {penalty}.",
    ),
    # --- penalties (3.11, 3.12) ------------------------------------------------------
    (
        "penalty_minimum_four",
        "3.12",
        _P,
        "Every penalty is at least four: the penalty is {penalty}.",
    ),
    (
        "highest_penalty_applies",
        "3.11(g)",
        _P,
        "Several fouls in one stroke: only the highest, {penalty}, applies.",
    ),
    (
        "penalty_to_opponent",
        "3.1(d)",
        ("side", "penalty"),
        "The penalty of {penalty} is added to {side}'s score.",
    ),
    (
        "no_points_in_foul_stroke",
        "3.11(e)",
        ("points",),
        "The striker scores nothing for balls potted in a foul stroke ({points} point(s) lost).",
    ),
    (
        "reds_stay_down",
        "3.3(g)",
        ("count",),
        "{count} red(s) potted or forced off stay off the table.",
    ),
    (
        "foul_no_stroke_turn_ends",
        "3.11(a)",
        (),
        "The foul came before a stroke was made: the turn ends at once.",
    ),
    # --- foul and a miss (3.14) ------------------------------------------------------
    (
        "miss_clear_path",
        "3.14(b)",
        (),
        "A ball on could be hit in a straight line and nobody needed snookers: foul and a miss.",
    ),
    (
        "miss_not_best_attempt",
        "3.14",
        (),
        "The referee is not satisfied the striker tried his best to hit the ball on: foul and a "
        "miss.",
    ),
    (
        "miss_full_ball_repeat",
        "3.14(c)(i)",
        (),
        "Full-ball contact was available and a miss was already called from this position: a miss "
        "regardless of the scores.",
    ),
    (
        "miss_not_called_snookers_needed",
        "3.14(b)",
        ("sides",),
        "{sides} needed snookers before or after the stroke and the attempt was genuine: no miss.",
    ),
    (
        "miss_not_called_no_path",
        "3.14",
        (),
        "No part of any ball on could be hit in a straight line and the attempt was genuine: no "
        "miss.",
    ),
    ("miss_not_called_only_black", "3.14", (), "Only the black remains: a miss is never called."),
    ("miss_not_called_no_stroke", "3.14(d)", (), "No stroke was made: a miss cannot be called."),
    (
        "warning_after_second_miss",
        "3.14(c)(ii)",
        ("player",),
        "Second miss with full-ball contact available: if the balls are replaced, {player} is "
        "warned a third failure "
        "forfeits the frame.",
    ),
    (
        "warning_remains",
        "3.14(d)",
        ("player",),
        "The warning already given to {player} remains in effect.",
    ),
    (
        "frame_awarded_third_miss",
        "3.14(c)",
        ("winner",),
        "Third miss in a row with full-ball contact available: the frame is awarded to {winner}.",
    ),
    (
        "replace_option_after_miss",
        "3.14(a)",
        ("player",),
        "After a miss {player} may also have the balls replaced and the offender play again from "
        "there.",
    ),
    (
        "replace_option_no_stroke",
        "3.14(d)",
        ("player",),
        "The balls had been replaced after a miss: {player} may have them replaced again for the "
        "offender.",
    ),
    # --- free ball (3.10) ------------------------------------------------------------
    (
        "free_ball_called",
        "3.10",
        ("player",),
        "After the foul the cue ball is snookered: free ball for {player}.",
    ),
    (
        "free_ball_lapses_if_offender_plays",
        "3.10(f)",
        (),
        "If the offender is asked to play again, the free ball lapses.",
    ),
    (
        "free_ball_snooker_pink_black_exception",
        "3.10(b)(ii)",
        (),
        "Only pink and black remain: snookering behind the free ball is not a foul.",
    ),
    ("free_ball_respotted", "3.10(c)", _B, "The free ball {ball} is re-spotted."),
    # --- re-spotting (3.3, 3.7) -------------------------------------------------------
    ("respot_own_spot", "3.7", _B, "{ball} is re-spotted on its own spot."),
    (
        "respot_highest_available",
        "3.7(d)",
        ("ball", "to"),
        "The own spot of {ball} is occupied: it goes on the highest available spot, {to}.",
    ),
    (
        "respot_higher_value_first",
        "3.7(e)",
        ("balls",),
        "Several colours to re-spot: the higher value takes precedence ({balls}).",
    ),
    (
        "respot_towards_top_cushion",
        "3.7(f)",
        ("ball", "to"),
        "Every spot is occupied: {ball} goes as near its own spot as possible towards the top "
        "cushion.",
    ),
    (
        "respot_below_spot",
        "3.7(g)",
        ("ball", "to"),
        "No room above its spot either: {ball} goes on the centre line as near as possible below "
        "its spot.",
    ),
    (
        "colour_stays_down",
        "3.3(f)",
        _B,
        "{ball} was potted in sequence after the last red: it is not re-spotted.",
    ),
    # --- ball on the edge of a pocket (3.9) ------------------------------------------
    (
        "edge_ball_replaced",
        "3.9(a)",
        _B,
        "{ball} fell from the edge of the pocket untouched and took no part in the stroke: it is "
        "replaced.",
    ),
    (
        "replay_balls_replaced",
        "3.9(b)(i)",
        _B,
        "{ball} fell from the edge and could have been hit by a ball in the stroke; no foul: all "
        "balls are replaced "
        "and the striker plays again.",
    ),
    (
        "edge_fall_caused_foul",
        "3.9(b)(i)",
        _B,
        "The fall of {ball} itself caused what would be a foul: no penalty, the balls are "
        "replaced.",
    ),
    (
        "foul_balls_replaced",
        "3.9(b)(ii)",
        _B,
        "{ball} fell from the edge and could have been hit in a foul stroke: the penalty stands, "
        "all balls are replaced.",
    ),
    (
        "edge_ball_counts_potted",
        "3.9(c)",
        _B,
        "{ball} balanced on the edge after being struck, then fell: it counts as potted.",
    ),
    # --- the next stroke -------------------------------------------------------------
    ("turn_continues", "3.3(f)", ("player",), "{player} scored and plays again."),
    ("turn_ends", "3.3(h)", ("player",), "The turn ends; {player} plays next."),
    (
        "cue_ball_in_hand",
        "3.11(f)",
        ("player",),
        "The cue ball left the playing surface: {player} plays from in-hand.",
    ),
    (
        "cue_ball_placed_in_play",
        "3.11(f)",
        ("player",),
        "The foul came after the cue ball was placed on the table, so it is in play: {player} "
        "plays it from where it lies.",
    ),
    (
        "cue_ball_stays_in_hand",
        "3.11(f)",
        ("player",),
        "The foul came before the cue ball was placed on the table: it stays in hand and {player} "
        "plays from in-hand.",
    ),
    (
        "next_player_options",
        "3.11(h)",
        ("player",),
        "After a foul {player} may play or ask the offender to play again.",
    ),
    (
        "four_handed_offender_plays_again",
        "3.17(c)",
        ("player",),
        "Four-handed: if asked to play again, the offender {player} plays, even out of turn.",
    ),
    # --- end of frame (3.4) ----------------------------------------------------------
    (
        "frame_over_black_potted",
        "3.4(a)",
        ("winner",),
        "Only the black was left and it was potted: {winner} wins the frame.",
    ),
    (
        "frame_over_foul_on_black",
        "3.4(a)",
        ("winner",),
        "Only the black was left and a foul ends the frame: {winner} wins.",
    ),
    (
        "respotted_black_scores_level",
        "3.4(b)",
        (),
        "The scores are level with only the black left: the black is re-spotted, lots are drawn, "
        "play from in-hand.",
    ),
    (
        "respotted_black_totals_level",
        "3.4(c)",
        (),
        "Aggregate points decide the match and they are level after the last frame: the black is "
        "re-spotted.",
    ),
    ("frame_conceded", "3.1(f)", ("side", "winner"), "{side} concedes the frame to {winner}."),
    (
        "frame_claimed",
        "3.4(a)",
        ("winner", "points"),
        "Only the black remains and {winner} leads by {points}, more than seven: the frame is "
        "claimed.",
    ),
    # --- stalemate (3.16) ------------------------------------------------------------
    (
        "stalemate_restart",
        "3.16(a)",
        ("player",),
        "Stalemate and everybody agrees: scores are cancelled, the balls set up again, {player} "
        "breaks off again.",
    ),
    (
        "stalemate_play_on",
        "3.16",
        (),
        "Stalemate, but not everybody agrees to restart: play goes on for a period set by the "
        "referee.",
    ),
    (
        "stalemate_restart_after_period",
        "3.16(a)",
        ("player",),
        "The position has not changed after the period: the frame is restarted, {player} breaks "
        "off again.",
    ),
) + EDITION_CODES

#: Every trail code, by name.
TRAIL_CODES: Mapping[str, TrailCode] = MappingProxyType(
    {code: TrailCode(code, rule, params, summary) for code, rule, params, summary in _CODES}
)

assert len(TRAIL_CODES) == len(_CODES), "duplicate trail code"
