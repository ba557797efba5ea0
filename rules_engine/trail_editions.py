"""The trail codes that only some rule books emit: the facts the editions judge differently
(rules in the numbering of the edition that emits them), the French club rules (``fr-club``)
and the local variants. ``rules_engine.trail.TRAIL_CODES`` holds them with all the others, and
its docstring says what each param holds.
"""

from __future__ import annotations

_B = ("ball",)
_BP = ("ball", "penalty")
_P = ("penalty",)

#: ``(code, rule, params, summary)`` of each code, as in ``trail.py``.
EDITION_CODES: tuple[tuple[str, str, tuple[str, ...], str], ...] = (
    # --- facts the editions judge differently (rules in the numbering of the edition that
    # emits them; the 2014 referee renumbers the others, rulesets/wpbsa2014.py) -------------
    (
        "early_stroke_free_ball",
        "3.12(b)",
        _BP,
        "Struck before the referee had finished re-spotting {ball}, a colour taken as a free "
        "ball: penalty {penalty}.",
    ),
    (
        "consultation_touch",
        "3.14(h)",
        _BP,
        "Touched {ball} while the balls were being replaced after a miss: penalised as the "
        "striker, penalty {penalty}.",
    ),
    (
        "partner_caused_touch",
        "3.15(a)",
        _BP,
        "The striker moved {ball} because his partner caused it; the rule for other persons "
        "excludes a partner: penalty {penalty}.",
    ),
    (
        "moved_by_hand",
        "3.12(b)",
        _BP,
        "The striker intentionally moved {ball} by hand without picking it up: he touched a ball "
        "in play, penalty {penalty}; the ball stays where it is.",
    ),
    (
        "moved_by_hand_forced_off",
        "3.10(b)",
        _B,
        "The striker intentionally moved {ball} by hand: since 12 August 2014 such a ball counts "
        "as forced off the table (Section 2, Rule 14).",
    ),
    (
        "miss_not_called_points_equal",
        "3.14(a)(ii)",
        ("sides",),
        "For {sides} the points difference equals the points left on the table (a re-spotted "
        "black not counted), and the miss was not intentional: no miss.",
    ),
    (
        "replace_all_option_after_miss",
        "3.14(b)",
        ("player",),
        "After a miss {player} may also have all the balls replaced and the offender play again "
        "from the original position.",
    ),
    (
        "miss_count_restarts",
        "3.14(d)(iii)",
        ("player",),
        "If {player} has the offender play from the position left, the foul-and-a-miss count "
        "starts again.",
    ),
    (
        "early_stroke_colour_not_scored",
        "3.3(g)(iv)",
        _B,
        "The striker played in a break before {ball} was spotted: the value of {ball} is not "
        "scored.",
    ),
    (
        "early_stroke_colour_score_removed",
        "3.3(g)(iv)",
        ("ball", "side", "points"),
        "The striker played in a break before {ball}, potted in his previous stroke, was "
        "spotted: the {points} point(s) scored for it are taken off {side}'s score.",
    ),
    (
        "touching_ball_declare_asked",
        "3.8(a)",
        (),
        "The cue ball touches a colour after a red was potted: the referee asks the striker to "
        "declare which colour he is on.",
    ),
    (
        "ball_moved_by_other_no_penalty",
        "3.15(a)",
        _B,
        "The striker moved {ball} because another person (his partner too) caused it: no "
        "penalty, the referee puts it back.",
    ),
    (
        "play_continues_after_reposition",
        "3.15(a)",
        ("player",),
        "No foul and no stroke: {player} plays on.",
    ),
    (
        "consultation_touch_order_unchanged",
        "3.14(h)",
        ("player",),
        "The touch does not change the order of play and the request to replace the balls "
        "stands: the ball touched is put back and {player} plays from the replaced position.",
    ),
    (
        "replace_option_snookered_foul",
        "3.11(i)",
        ("player",),
        "The striker, snookered or hampered, fouled while preparing his stroke: {player} may "
        "also have the balls moved replaced and the offender play again with the ball on as "
        "before.",
    ),
    (
        "undeclared_when_snookered",
        "3.10(d)(vi)",
        _P,
        "The striker was snookered and did not declare the ball he was on: penalty {penalty}.",
    ),
    (
        "wrong_player_broke_off_restart",
        "3.3(d)(i)",
        ("player",),
        "The frame was started by the wrong player and only that stroke has been played: the "
        "frame is restarted without penalty, {player} breaks off.",
    ),
    (
        "cue_ball_moved_by_hand_in_hand",
        "3.10(b)",
        ("player",),
        "The striker intentionally moved the cue ball by hand: it counts as forced off the table "
        "(Section 2, Rule 14), so {player} plays from in-hand.",
    ),
    (
        "four_handed_partner_loses_turn",
        "3.17(c)",
        ("player",),
        "The foul was playing out of turn: the offender's partner {player} loses his next turn, "
        "whether or not the offender is asked to play again.",
    ),
    # --- the French club rules (fr-club, rules_engine/rulesets/frclub.py; its own numbering:
    # Section 3 of the French text, cited to the rule, its paragraphs being numbered) ------
    (
        "failed_attempt_replace_option",
        "3.3",
        ("player",),
        "The striker did not try his best to hit the ball on: foul and penalty, and {player} "
        "may have the balls replaced and the offender play again (no miss is called, no "
        "warning is given).",
    ),
    (
        "free_ball_with_red_not_scored",
        "3.9",
        _B,
        "The free ball {ball} and a red were both potted: only the ball on, the red, is scored.",
    ),
    (
        "edge_ball_stroke_replayed",
        "3.8",
        _B,
        "A ball involved in the stroke would have hit {ball} on the edge of the pocket: all the "
        "balls are replaced and the stroke is played again, any foul in it included.",
    ),
    # --- local variants (rules_engine/editions.py VARIANTS) ----------------------------
    (
        "frame_awarded_snookers_needed",
        "3.4(d)*",
        ("side", "points", "count", "winner"),
        "Only colours are left and {side} needs {points} beyond the points on the table to take "
        "the lead: {count} snookers, four or more, so the frame is awarded to {winner}.",
    ),
    (
        "snookers_needed_fewer_than_four",
        "3.4(d)*",
        ("side", "points", "count"),
        "Only colours are left and {side} needs {points} beyond the points on the table to take "
        "the lead: {count} snooker(s), fewer than four, so the frame goes on.",
    ),
    (
        "snookers_needed_deciding_frame",
        "3.4(d)*",
        ("side", "count"),
        "{side} needs {count} snookers, but this is the last frame with the frames level: the "
        "frame goes on.",
    ),
)
