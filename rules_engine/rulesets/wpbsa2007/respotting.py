"""Re-spotting colours (3.3(f)(g), 3.7, 3.10(c)): which come back, in what order, where.

One method per rule paragraph; ``Wpbsa2007Referee`` (``__init__.py``) puts the groups together
and a later edition overrides single methods.
"""

from __future__ import annotations

from rules_engine import geometry
from rules_engine.decision import Respot
from rules_engine.rulesets.wpbsa2007.work import (
    _NOTHING_LEAVING,
    _RESPOT_FIELDS,
    _RESPOT_PARTS,
    _SPOT_NAMES,
    _SPOT_SEARCH,
    _SPOTS_HIGHEST_FIRST,
    _part,
    _Work,
)
from rules_engine.table import SPOTS, Point


class Respotting:
    """The referee's methods of re-spotting colours (3.7)."""

    def respotting(self, work: _Work) -> None:
        """3.3(f)(g), 3.7, 3.10(c): colours come back, highest value first; reds and the final
        colours stay down."""
        state = work.state
        leaving = work.leaving
        if work.black_respotted:
            work.respots = [Respot("black", "black_spot", SPOTS["black"])]  # 3.4(b)
            work.reds_after, work.colours_after = 0, ("black",)
            return
        if work.replace_all or work.frame.over:
            return
        work.reds_after = state.reds - leaving["red"]
        if leaving is _NOTHING_LEAVING:
            return
        in_sequence = state.reds == 0 and state.ball_on != "colour"
        respot = []
        for colour in _SPOTS_HIGHEST_FIRST:
            if not leaving[colour]:
                continue
            if in_sequence and colour in work.scored_balls and not work.fouls:
                work.step("colour_stays_down", ("ball", colour))
                work.colours_after = tuple(c for c in state.colours if c != colour)
                continue
            respot.append(colour)
        if not respot:  # only reds, or colours that stay down
            return
        if len(respot) > 1:
            work.step("respot_higher_value_first", ("balls", tuple(respot)))
        after = work.stroke.positions_after
        balls: list[Point] | None = None
        occupied: set[str] | None = None
        if after is not None:
            balls = [point for _, point in after.object_balls()]
            if after.white is not None:
                balls.append(after.white)
            for ball in work.replaced:  # 3.9(a): back where it was, so it is there to avoid
                where = state.positions.colour(ball) if state.positions is not None else None
                if where is not None:
                    balls.append(where)
        elif state.positions is not None and state.occupied_spots is None:
            # Only the table before the stroke is known: the balls that stayed put, less the
            # colours coming back and the cue ball (which moved). Potted reds cannot be told
            # apart, so all of them stay.
            balls = [point for name, point in state.positions.object_balls() if name not in respot]
        else:
            occupied = set(state.occupied_spots or ())
        work.respots = []
        for colour in respot:
            if colour == work.free_ball:
                work.step("free_ball_respotted", ("ball", colour))
            code, to, point = self.place_colour(colour, balls=balls, occupied=occupied)
            if code == "respot_own_spot":
                work.step(code, ("ball", colour))
            else:
                work.step(code, ("ball", colour), ("to", to))
            if point is not None and balls is not None:  # a spot needs no rounding (above)
                point = (round(point[0], 2), round(point[1], 2))
            work.respots.append(_part(Respot, _RESPOT_PARTS, _RESPOT_FIELDS, (colour, to, point)))

    def place_colour(
        self, colour: str, *, balls: list[Point] | None, occupied: set[str] | None
    ) -> tuple[str, str, Point | None]:
        """3.7(d)-(h): where a colour goes. Returns (trail code, target, position or None).

        With ``balls`` (positions known) spots are tested and the ball placed exactly, and the
        placed ball is added to ``balls``; otherwise ``occupied`` names the occupied spots and the
        spot taken is added to it.
        """

        if balls is None:
            assert occupied is not None
            for spot_colour in _SPOT_SEARCH[colour]:
                if spot_colour not in occupied:
                    occupied.add(spot_colour)
                    code = (
                        "respot_own_spot" if spot_colour == colour else "respot_highest_available"
                    )
                    return code, _SPOT_NAMES[spot_colour], SPOTS[spot_colour]
            # Without positions there is taken to be room between the spot and the top cushion.
            return "respot_towards_top_cushion", f"above_{colour}_spot", None
        for spot_colour in _SPOT_SEARCH[colour]:
            if not geometry.spot_is_occupied(SPOTS[spot_colour], balls):
                balls.append(SPOTS[spot_colour])
                code = "respot_own_spot" if spot_colour == colour else "respot_highest_available"
                return code, _SPOT_NAMES[spot_colour], SPOTS[spot_colour]
        point = geometry.place_towards_top(SPOTS[colour], balls)
        if point is not None:
            balls.append(point)
            return "respot_towards_top_cushion", f"above_{colour}_spot", point
        # 3.7(g) provides for pink and black; a lower colour with no room above its spot (which only
        # an unplayable wall of balls could cause) is placed the same way, below its spot.
        point = geometry.place_below(SPOTS[colour], balls)
        if point is not None:
            balls.append(point)
        if colour in ("pink", "black"):
            return "respot_below_spot", f"below_{colour}_spot", point
        return "respot_towards_top_cushion", f"above_{colour}_spot", point
