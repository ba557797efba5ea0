"""The loader's reading of a case's ``stroke`` (spec section 4) and ``procedure`` (section 4a),
each checked against the state before it.

``StrokeReader`` extends ``StateReader``; the loader (``rules_engine.case._Loader``) extends it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from rules_engine.balls import (
    COLOURS,
    DERIVED_FOULS,
    INFRINGEMENT_CLASSES,
    INFRINGEMENTS_NEEDING_BALL,
    OBJECT_BALLS,
    PATH_QUALITIES,
    VALUES,
)
from rules_engine.editions import DEFAULT_RULESET
from rules_engine.reading import describe
from rules_engine.state_reader import StateReader
from rules_engine.values import (
    CUE_BALL_ENDS,
    EDGE_FALLS,
    PROCEDURE_KINDS,
    TOUCHING_MOVED,
    Edge,
    Infringement,
    Procedure,
    State,
    Stroke,
)

#: The fields of ``stroke`` (spec section 4).
_STROKE_FIELDS = (
    "struck",
    "cue_ball_placed",
    "nominated",
    "declared",
    "first_contact",
    "potted",
    "off_table",
    "cue_ball",
    "infringements",
    "best_attempt",
    "path_to_ball_on",
    "snookered_after",
    "free_ball_snookers",
    "touching_moved",
    "edge",
    "positions_after",
)


class StrokeReader(StateReader):
    """Reads ``stroke`` and ``procedure``, and checks each against the state."""

    # ---- stroke ----------------------------------------------------------------------
    def stroke(self, value: Any, state: State | None) -> Stroke | None:
        path = "stroke"
        data = self.mapping(value, path, _STROKE_FIELDS)
        if data is None:
            return None
        before = len(self.problems)
        struck = self.boolean(data, "struck", path, True)
        cue_ball_placed, nominated, declared = self.placed_and_declared(data, path, struck)
        first_contact = self.first_contact(data, path, struck)
        potted = self.string_list(data, "potted", path, OBJECT_BALLS) or ()
        off_table = self.string_list(data, "off_table", path, OBJECT_BALLS) or ()
        cue_ball = self.choice(data, "cue_ball", path, CUE_BALL_ENDS, "table")
        infringements = self.infringements(data, path)
        best_attempt = self.boolean(data, "best_attempt", path, True)
        path_to_ball_on = self.choice(data, "path_to_ball_on", path, PATH_QUALITIES, None)
        snookered_after = self.boolean(data, "snookered_after", path, None)
        free_ball_snookers = self.boolean(data, "free_ball_snookers", path, None)
        touching_moved = self.choice(data, "touching_moved", path, TOUCHING_MOVED, "none")
        edge = self.edge(data["edge"], f"{path}.edge") if "edge" in data else None
        positions_after = (
            self.positions(data["positions_after"], f"{path}.positions_after")
            if "positions_after" in data
            else None
        )
        if struck is False:
            self.check_no_stroke(data, path, cue_ball)
        if free_ball_snookers and snookered_after is False:
            self.problem(f"{path}.snookered_after", "must be true when free_ball_snookers is true")
        if len(self.problems) != before:
            return None
        stroke = Stroke(
            struck=bool(struck),
            nominated=nominated,
            declared=declared,
            first_contact=first_contact,
            cue_ball_placed=bool(cue_ball_placed),
            potted=potted,
            off_table=off_table,
            cue_ball=cue_ball or "table",
            infringements=infringements,
            best_attempt=bool(best_attempt),
            path_to_ball_on=path_to_ball_on,
            snookered_after=True if free_ball_snookers else snookered_after,
            free_ball_snookers=free_ball_snookers,
            touching_moved=touching_moved or "none",
            edge=edge,
            positions_after=positions_after,
        )
        if state is not None:
            self.check_stroke(stroke, state)
        return stroke if len(self.problems) == before else None

    def placed_and_declared(
        self, data: Mapping[str, Any], path: str, struck: bool | None
    ) -> tuple[bool | None, str | None, bool | None]:
        """``(cue_ball_placed, nominated, declared)``, each checked against the others."""
        cue_ball_placed = self.boolean(data, "cue_ball_placed", path, False)
        if cue_ball_placed and struck is not False:
            self.problem(
                f"{path}.cue_ball_placed",
                "only for a foul before the stroke (struck: false): once the ball is struck "
                "it is in play anyway",
            )
        nominated = self.choice(data, "nominated", path, OBJECT_BALLS, None)
        declared = self.boolean(data, "declared", path, None)
        if declared is not None and (nominated is not None) != declared:
            self.problem(
                f"{path}.declared",
                "true only with the ball declared in nominated; false only without nominated",
            )
        if declared is not None and struck is False:
            self.problem(f"{path}.declared", "no stroke was made (struck is false)")
        return cue_ball_placed, nominated, declared

    def first_contact(
        self, data: Mapping[str, Any], path: str, struck: bool | None
    ) -> tuple[str, ...]:
        """The ball or two balls the cue ball struck first (required when it was struck)."""
        if struck and "first_contact" not in data:
            self.problem(
                f"{path}.first_contact",
                "required when the ball was struck ([] when it hit nothing)",
            )
        first_contact = self.string_list(data, "first_contact", path, OBJECT_BALLS) or ()
        if len(first_contact) > 2:
            self.problem(f"{path}.first_contact", "lists at most two balls struck first together")
        elif len(first_contact) == 2 and first_contact[0] == first_contact[1] != "red":
            self.problem(f"{path}.first_contact", "lists the same colour twice")
        return first_contact

    def check_no_stroke(self, data: Mapping[str, Any], path: str, cue_ball: str | None) -> None:
        """A foul before the stroke (``struck`` false): nothing moved, an infringement says what
        the foul was."""
        for key in ("first_contact", "potted", "off_table", "edge", "positions_after"):
            if data.get(key):
                self.problem(
                    f"{path}.{key}",
                    "no stroke was made (struck is false), so nothing can be given here",
                )
        if cue_ball != "table":
            self.problem(
                f"{path}.cue_ball",
                "no stroke was made (struck is false), so the cue ball stayed put",
            )
        if not data.get("infringements"):
            self.problem(
                f"{path}.infringements",
                "struck is false, so at least one infringement must say "
                "what the foul before the stroke was",
            )

    def infringements(self, data: Mapping[str, Any], path: str) -> tuple[Infringement, ...]:
        codes = self.string_list(data, "infringements", path) or ()
        found = []
        for index, text in enumerate(codes):
            code, _, ball = text.partition(":")
            where = f"{path}.infringements[{index}]"
            if code in DERIVED_FOULS:
                self.problem(
                    where, f"{code} is derived by the engine from the contact facts; do not list it"
                )
            elif code not in INFRINGEMENT_CLASSES:
                self.problem(where, f"unknown infringement code {code!r}")
            elif ball and INFRINGEMENT_CLASSES[code] != "b":
                self.problem(where, f"{code} does not name a ball")
            elif ball and ball not in ("white",) + OBJECT_BALLS:
                self.problem(where, f"unknown ball {ball!r}")
            elif not ball and code in INFRINGEMENTS_NEEDING_BALL:
                self.problem(where, f"{code} must name the ball concerned, e.g. {code}:pink")
            else:
                found.append(Infringement(code, ball or None))
        if len(set(found)) != len(found):
            self.problem(f"{path}.infringements", "lists an infringement twice")
        return tuple(found)

    def edge(self, value: Any, path: str) -> Edge | None:
        data = self.mapping(value, path, ("ball", "fell", "involved", "caused_foul"))
        if data is None:
            return None
        ball = data.get("ball")
        if ball not in OBJECT_BALLS:
            self.problem(f"{path}.ball", f"must be an object ball, not {describe(ball)}")
        if "fell" not in data:
            self.problem(f"{path}.fell", "required: unhit or after_balancing")
        fell = self.choice(data, "fell", path, EDGE_FALLS, None)
        involved = self.boolean(data, "involved", path, False)
        caused_foul = self.boolean(data, "caused_foul", path, False)
        if ball not in OBJECT_BALLS or fell is None:
            return None
        return Edge(ball=ball, fell=fell, involved=bool(involved), caused_foul=bool(caused_foul))

    def check_stroke(self, stroke: Stroke, state: State) -> None:
        path = "stroke"
        on_table = Counter({"red": state.reds, **{colour: 1 for colour in state.colours}})

        def check_on_table(ball: str, where: str) -> None:
            if not on_table[ball]:
                self.problem(where, f"{ball} is not on the table")

        for index, ball in enumerate(stroke.first_contact):
            check_on_table(ball, f"{path}.first_contact[{index}]")
        if stroke.first_contact == ("red", "red") and state.reds < 2:
            self.problem(
                f"{path}.first_contact",
                "two reds struck together, but fewer than two are on the table",
            )
        if stroke.nominated is not None:
            check_on_table(stroke.nominated, f"{path}.nominated")
            self.check_nomination(stroke.nominated, state)
        leaving = Counter(stroke.potted) + Counter(stroke.off_table)
        if stroke.edge is not None:
            check_on_table(stroke.edge.ball, f"{path}.edge.ball")
            leaving[stroke.edge.ball] += 1
            if stroke.edge.ball != "red" and stroke.edge.ball in stroke.potted:
                self.problem(
                    f"{path}.edge.ball",
                    f"{stroke.edge.ball} is also listed in potted; the edge ball is "
                    "never also listed there",
                )
        for key, balls in (("potted", stroke.potted), ("off_table", stroke.off_table)):
            for index, ball in enumerate(balls):
                check_on_table(ball, f"{path}.{key}[{index}]")
        self.check_moved_by_hand(stroke, leaving)
        for ball, count in leaving.items():
            if on_table[ball] and count > on_table[ball]:
                self.problem(
                    f"{path}.potted",
                    f"{count} × {ball} leave the table, but only {on_table[ball]} were on it",
                )
        for index, infringement in enumerate(stroke.infringements):
            if infringement.ball not in (None, "white"):
                check_on_table(infringement.ball, f"{path}.infringements[{index}]")
        self.check_facts_need_state(stroke, state)
        if state.unspotted_colour is not None:
            self.check_early_stroke(stroke, state)
        self.check_consultation(stroke)
        if stroke.positions_after is not None:
            self.check_positions_after(stroke, state, leaving)
        if state.positions is not None or stroke.positions_after is not None:
            self.check_stroke_geometry(stroke, state)

    def check_facts_need_state(self, stroke: Stroke, state: State) -> None:
        """Facts of the stroke that need something of the state: a cue ball in hand to be
        placed, a free ball to snooker with, a touching ball to move."""
        path = "stroke"
        if stroke.cue_ball_placed and not state.in_hand:
            self.problem(
                f"{path}.cue_ball_placed",
                "the cue ball was not in hand (state.in_hand is false), so it was not placed",
            )
        if stroke.free_ball_snookers and not state.free_ball:
            self.problem(
                f"{path}.free_ball_snookers", "there was no free ball (state.free_ball is false)"
            )
        if stroke.touching_moved != "none" and not state.touching and state.positions is None:
            self.problem(
                f"{path}.touching_moved",
                "no ball was declared touching the cue ball (state.touching)",
            )

    def check_consultation(self, stroke: Stroke) -> None:
        """``consultation_touch`` happens while the balls are being replaced after a miss, before
        any stroke (``struck: false``), and is then the striker's only infringement."""
        codes = [i.code for i in stroke.infringements]
        if "consultation_touch" not in codes:
            return
        if stroke.struck:
            self.problem(
                "stroke.struck",
                "must be false with consultation_touch: the balls were being replaced, no "
                "stroke was made",
            )
        if len(codes) > 1:
            self.problem(
                "stroke.infringements",
                "consultation_touch is the only infringement of the consultation",
            )

    def check_moved_by_hand(self, stroke: Stroke, leaving: Counter[str]) -> None:
        """``moved_by_hand:BALL`` names an object ball, which may count as leaving the table
        (2014, Section 2 Rule 14), so it is counted in ``leaving``, or the cue ball (in hand in
        2014), which is not; where it came to rest is not recorded, so ``positions_after``
        cannot be given with it."""
        for infringement in stroke.infringements:
            if infringement.code != "moved_by_hand":
                continue
            if infringement.ball == "white":  # in hand in 2014; never leaves the table count
                continue
            leaving[infringement.ball or ""] += 1
            if stroke.positions_after is not None:
                self.problem(
                    "stroke.positions_after",
                    "cannot be given with moved_by_hand: where the striker moved the ball to "
                    "is not recorded",
                )

    def check_nomination(self, nominated: str, state: State) -> None:
        where = "stroke.nominated"
        if state.free_ball:
            return
        if state.ball_on == "red" and nominated != "red":
            self.problem(
                where, f"{nominated} cannot be nominated: a red is on and there is no free ball"
            )
        elif state.ball_on == "colour" and nominated == "red":
            self.problem(where, "a red cannot be nominated: a colour is on")
        elif state.ball_on in COLOURS and nominated != state.ball_on:
            self.problem(
                where,
                f"{nominated} cannot be nominated: {state.ball_on} is on and there is no free ball",
            )

    def check_positions_after(self, stroke: Stroke, state: State, leaving: Counter[str]) -> None:
        after = stroke.positions_after
        assert after is not None
        where = "stroke.positions_after"
        if (after.white is None) != (stroke.cue_ball != "table"):
            self.problem(
                f"{where}.white", "must be given exactly when the cue ball ended on the table"
            )
        expected_reds = state.reds - leaving["red"]
        if len(after.red) != expected_reds:
            self.problem(
                f"{where}.red",
                f"must place {expected_reds} reds: {state.reds} before the stroke, "
                f"{leaving['red']} potted or off the table",
            )
        expected = {c for c in state.colours if not leaving[c]}
        placed = {c for c, _ in after.colours}
        for colour in sorted(placed ^ expected, key=VALUES.__getitem__):
            reason = (
                "was potted, forced off or not on the table"
                if colour in placed
                else "stayed on the table"
            )
            self.problem(f"{where}.{colour}", f"{colour} {reason}")

    def check_stroke_geometry(self, stroke: Stroke, state: State) -> None:
        from rules_engine.rulesets import referee_for

        facts = referee_for(DEFAULT_RULESET).geometric_facts(state, stroke)
        for key, actual in (
            ("path_to_ball_on", facts.path_to_ball_on),
            ("snookered_after", facts.snookered_after),
            ("free_ball_snookers", facts.free_ball_snookers),
        ):
            given = getattr(stroke, key)
            if given is not None and actual is not None and given != actual:
                self.problem(
                    f"stroke.{key}",
                    f"says {describe(given)} but the positions give {describe(actual)}",
                )

    # ---- procedure -------------------------------------------------------------------
    def procedure(self, value: Any, state: State | None) -> Procedure | None:
        path = "procedure"
        data = self.mapping(
            value, path, ("kind", "all_agree_restart", "changed_after_period", "side")
        )
        if data is None:
            return None
        kind = data.get("kind")
        if kind not in PROCEDURE_KINDS:
            self.problem(
                f"{path}.kind",
                f"must be one of {', '.join(PROCEDURE_KINDS)}, not {describe(kind)}",
            )
            return None
        allowed = {
            "stalemate": ("all_agree_restart", "changed_after_period"),
            "concede": ("side",),
            "claim": (),
        }[kind]
        for key in data:
            if key != "kind" and key not in allowed:
                self.problem(f"{path}.{key}", f"does not apply to a {kind} procedure")
        agree = self.boolean(data, "all_agree_restart", path, False)
        changed = self.boolean(data, "changed_after_period", path, None)
        side = data.get("side")
        if kind == "concede" and state is not None:
            if not isinstance(side, str) or side not in state.sides:
                self.problem(
                    f"{path}.side",
                    f"must be a side ({', '.join(state.sides)}), not {describe(side)}",
                )
            elif side != state.striker_side:
                self.problem(
                    f"{path}.side",
                    f"{side} may concede only in its own turn: "
                    f"{state.striker} ({state.striker_side}) is the striker",
                )
        if kind == "claim" and state is not None:
            lead = state.scores[state.striker_side] - state.scores[state.opponent_side]
            if not state.only_black_left or lead <= 7:
                self.problem(
                    path,
                    "a frame is claimed only with the black alone left and a lead of more than "
                    f"seven (lead now {lead})",
                )
        return Procedure(
            kind=kind,
            all_agree_restart=bool(agree),
            changed_after_period=changed,
            side=side if isinstance(side, str) else None,
        )
