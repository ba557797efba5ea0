"""Writes the frame files of tests/frames/ (``snooker-referee-frame/1``, docs/frames.md).

    .venv/bin/python tests/frames/build_frames.py

Each frame runs from the break-off to the last black (or a concession) and every stroke carries
an ``expect`` block. The expectations are this script's, not the engine's: a small scorer
below keeps the score, the reds and colours left, the striker and the ball on by the rules of
Section 3 (3.3 order of play, 3.4 end of frame, 3.7 re-spotting, 3.11 fouls), and the special
strokes (fouls, the free ball, the miss, the touching ball, the re-spotted black) state their
penalty, calls and options as the rules give them. ``tests/engine/test_frames.py`` judges every
file with the engine and compares, stroke by stroke.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
VALUES = {"red": 1, "yellow": 2, "green": 3, "brown": 4, "blue": 5, "pink": 6, "black": 7}
COLOURS = ["yellow", "green", "brown", "blue", "pink", "black"]


class Frame:
    """A frame being written: the strokes so far and the scorer's view of the table."""

    def __init__(
        self,
        frame_id: str,
        *,
        players: tuple[str, ...] = ("A", "B"),
        sides: dict[str, list[str]] | None = None,
        start: dict[str, Any] | None = None,
    ):
        self.id = frame_id
        self.players = list(players)
        self.sides = sides or {p: [p] for p in players}
        self.start = {"in_hand": True, **(start or {})}
        if sides:
            self.start.update({"players": list(players), "sides": sides})
        self.striker = self.start.get("striker", players[0])
        self.scores = {side: 0 for side in self.sides}
        self.scores.update(self.start.get("scores", {}))
        self.reds = self.start.get("reds", 15)
        self.colours = list(self.start.get("colours", COLOURS))
        self.ball_on = self.start.get("ball_on", "red" if self.reds else self.colours[0])
        self.strokes: list[dict[str, Any]] = []
        self.over: dict[str, Any] | None = None

    # --- the scorer -----------------------------------------------------------------------
    def side(self, player: str) -> str:
        return next(side for side, members in self.sides.items() if player in members)

    def following(self) -> str:
        return self.players[(self.players.index(self.striker) + 1) % len(self.players)]

    def first_of_turn(self) -> str:
        return "red" if self.reds else self.colours[0]

    def add(self, stroke: dict[str, Any], expect: dict[str, Any], **extra: Any) -> None:
        assert self.over is None, f"{self.id}: a stroke after the end of the frame"
        self.strokes.append({"stroke": stroke, "expect": expect, **extra})

    def fair(
        self,
        stroke: dict[str, Any],
        points: int,
        *,
        next_ball_on: str,
        respots: list[str] = (),
        **extra: Any,
    ) -> None:
        """A fair stroke scoring ``points``: the striker plays on when he scored."""
        side = self.side(self.striker)
        gained = {s: 0 for s in self.sides}
        gained[side] = points
        self.scores[side] += points
        if not points:
            self.striker = self.following()
        expect: dict[str, Any] = {
            "legal": True,
            "penalty": 0,
            "points": gained,
            "scores": dict(self.scores),
            "next": {
                "striker": self.striker,
                "ball_on": next_ball_on,
                "in_hand": False,
                "free_ball": False,
            },
        }
        if respots:
            expect["respots"] = [{"ball": c, "to": f"{c}_spot"} for c in respots]
        self.ball_on = next_ball_on
        self.add(stroke, expect, **extra)

    def foul(
        self,
        stroke: dict[str, Any],
        penalty: int,
        *,
        in_hand: bool = False,
        calls: list[str] = ("foul",),
        free_ball: bool = False,
        choice: str = "play",
        options: list[str] = ("play", "offender_again"),
        reds_down: int = 0,
        **extra: Any,
    ) -> None:
        """A foul: ``penalty`` to the opponent, whose choice (``choice``) decides who plays."""
        offender = self.striker
        opponent_side = next(s for s in self.sides if s != self.side(offender))
        gained = {s: 0 for s in self.sides}
        gained[opponent_side] = penalty
        self.scores[opponent_side] += penalty
        self.reds -= reds_down
        following = self.following()
        ball_on = self.first_of_turn()
        expect = {
            "legal": False,
            "penalty": penalty,
            "points": gained,
            "scores": dict(self.scores),
            "calls": list(calls),
            "next": {
                "striker": following,
                "ball_on": ball_on,
                "in_hand": in_hand,
                "free_ball": free_ball,
                "options": list(options),
            },
        }
        if choice != "play":
            extra["choice"] = choice
        self.striker = offender if choice != "play" else following
        self.ball_on = ball_on
        self.add(stroke, expect, **extra)

    # --- strokes ----------------------------------------------------------------------------
    def break_off(self) -> None:
        self.fair({"first_contact": ["red"]}, 0, next_ball_on="red")

    def reds_potted(self, count: int = 1) -> None:
        assert self.ball_on == "red" and self.reds >= count
        self.reds -= count
        self.fair(
            {"first_contact": ["red"], "potted": ["red"] * count}, count, next_ball_on="colour"
        )

    def colour_potted(self, colour: str) -> None:
        """The colour after a red: it scores and is re-spotted (3.3(f), 3.7)."""
        assert self.ball_on == "colour"
        self.fair(
            {"nominated": colour, "first_contact": [colour], "potted": [colour]},
            VALUES[colour],
            next_ball_on=self.first_of_turn(),
            respots=[colour],
        )

    def safety(self) -> None:
        """The ball on struck first, nothing potted: the turn ends."""
        if self.ball_on == "colour":
            stroke = {"nominated": "blue", "first_contact": ["blue"]}
        else:
            stroke = {"first_contact": [self.ball_on]}
        self.fair(stroke, 0, next_ball_on=self.first_of_turn())

    def in_sequence(self, colour: str) -> None:
        """A colour potted with no reds left: it stays down (3.3(g)); the black ends the frame."""
        assert self.ball_on == colour == self.colours[0]
        self.colours.pop(0)
        if not self.colours:
            side = self.side(self.striker)
            self.scores[side] += VALUES[colour]
            points = {s: 0 for s in self.sides}
            points[side] = VALUES[colour]
            level = len(set(self.scores.values())) == 1
            assert not level, "use respotted_black()"
            winner = max(self.scores, key=self.scores.__getitem__)
            self.over = {"over": True, "winner": winner, "reason": "black_potted"}
            self.strokes.append(
                {
                    "stroke": {"first_contact": ["black"], "potted": ["black"]},
                    "expect": {
                        "legal": True,
                        "points": points,
                        "scores": dict(self.scores),
                        "frame": dict(self.over),
                        "next": {"striker": None, "ball_on": None},
                    },
                }
            )
            return
        self.fair(
            {"first_contact": [colour], "potted": [colour]},
            VALUES[colour],
            next_ball_on=self.colours[0],
        )

    def clearance(self, colours: list[str]) -> None:
        """Every red, each with the colour named in turn from ``colours``."""
        index = 0
        while self.reds:
            self.reds_potted()
            self.colour_potted(colours[index % len(colours)])
            index += 1

    def concede(self, side: str) -> None:
        winner = next(s for s in self.sides if s != side)
        self.over = {"over": True, "winner": winner, "reason": "conceded"}
        self.strokes.append(
            {
                "procedure": {"kind": "concede", "side": side},
                "expect": {"frame": dict(self.over), "scores": dict(self.scores)},
            }
        )

    def write(self) -> None:
        assert self.over is not None, f"{self.id}: the frame must end"
        data = {
            "format": "snooker-referee-frame/1",
            "id": self.id,
            "state": self.start,
            "strokes": self.strokes,
            "expect_end": {**self.over, "scores": dict(self.scores)},
        }
        text = json.dumps(data, ensure_ascii=False, indent=1)
        (HERE / f"{self.id}.json").write_text(text + "\n", encoding="utf-8")


# ------------------------------------------------------------------------------------------
# The frames


def clearance_to_the_black() -> Frame:
    """A break-off, then B clears the table: fifteen reds, fifteen colours, six in sequence."""
    frame = Frame("clearance-to-the-black")
    frame.break_off()
    frame.clearance(["black", "black", "pink", "blue", "black"])
    for colour in COLOURS:
        frame.in_sequence(colour)
    return frame


def free_ball_frame() -> Frame:
    """A foul leaves B snookered: free ball; B takes the green as a red, then the black."""
    frame = Frame("free-ball")
    frame.break_off()
    for _ in range(3):
        frame.reds_potted()
        frame.colour_potted("black")
    frame.reds_potted()
    frame.colour_potted("pink")
    frame.safety()  # B plays safe on a red
    # A misses the reds, B is left snookered: 4 and a free ball (3.10). No miss: A is
    # snookered himself (no path to any red).
    frame.foul(
        {"first_contact": [], "path_to_ball_on": "none", "snookered_after": True},
        4,
        calls=["foul", "free_ball"],
        free_ball=True,
    )
    # B nominates the green as a red and pots it: one point, then a colour (3.10(c)).
    frame.fair(
        {"nominated": "green", "first_contact": ["green"], "potted": ["green"]},
        1,
        next_ball_on="colour",
        respots=["green"],
    )
    frame.colour_potted("black")
    frame.clearance(["black", "pink", "blue"])
    for colour in COLOURS:
        frame.in_sequence(colour)
    return frame


def miss_replaced_twice() -> Frame:
    """A misses the red in full view three times; B has the balls replaced twice, A is warned
    after the second miss (3.14(c)), and hits it at the third try."""
    frame = Frame("miss-replaced-twice-warning")
    frame.break_off()
    frame.reds_potted()
    frame.colour_potted("black")
    frame.safety()  # B safe
    for misses in (0, 1):
        expect_calls = ["foul", "miss"]
        frame.foul(
            {"first_contact": ["pink"], "path_to_ball_on": "full"},
            6,
            calls=expect_calls,
            choice="replace_offender_again",
            options=["play", "offender_again", "replace_offender_again"],
        )
        frame.strokes[-1]["expect"]["next"]["warned"] = misses == 1
    frame.safety()  # A finally hits the red
    frame.clearance(["black", "pink"])
    for colour in COLOURS:
        frame.in_sequence(colour)
    return frame


def level_on_the_black() -> Frame:
    """Scores level when the last black goes down: the black is re-spotted (3.4(b)), the lot
    decides who plays it from in-hand, and a foul on it ends the frame."""
    frame = Frame("respotted-black", start={"reds": 1, "scores": {"A": 54, "B": 60}})
    frame.break_off()  # A safe on the last red
    frame.reds_potted()  # B 61
    frame.colour_potted("yellow")  # B 63
    for colour in ["yellow", "green", "brown"]:
        frame.in_sequence(colour)  # B 72
    frame.safety()  # B safe on the blue
    for colour in ["blue", "pink"]:
        frame.in_sequence(colour)  # A 65
    # A pots the black: 72 - 72. Re-spotted black; B wins the lot and plays from in-hand.
    frame.scores["A"] += 7
    frame.colours = ["black"]
    frame.strokes.append(
        {
            "stroke": {"first_contact": ["black"], "potted": ["black"]},
            "lot": "B",
            "expect": {
                "legal": True,
                "points": {"A": 7, "B": 0},
                "scores": {"A": 72, "B": 72},
                "calls": ["respotted_black"],
                "respots": [{"ball": "black", "to": "black_spot"}],
                "frame": {"over": False, "respotted_black": True},
                "next": {"striker": None, "ball_on": "black", "in_hand": True},
            },
        }
    )
    frame.striker, frame.ball_on = "B", "black"
    frame.safety()  # B plays safe from the D: A to play
    frame.strokes[-1]["expect"]["frame"] = {"over": False, "respotted_black": True}
    # A fouls the re-spotted black (misses it): the frame ends, B wins (3.4(a)).
    frame.scores["B"] += 7
    frame.over = {"over": True, "winner": "B", "reason": "foul_on_black"}
    frame.strokes.append(
        {
            "stroke": {"first_contact": [], "path_to_ball_on": "full"},
            "expect": {
                "legal": False,
                "penalty": 7,
                "points": {"A": 0, "B": 7},
                "scores": {"A": 72, "B": 79},
                "frame": dict(frame.over),
            },
        }
    )
    return frame


def touching_ball() -> Frame:
    """The cue ball comes to rest touching a red: A plays away from it and pots another red
    (3.8(b): the touching red, being on, counts as struck first)."""
    frame = Frame("touching-ball")
    frame.break_off()
    frame.reds_potted()
    frame.colour_potted("blue")
    frame.safety()  # B safe; the cue ball touches a red
    frame.strokes[-1]["touching_after"] = ["red"]
    frame.fair({"first_contact": ["red"], "potted": ["red"]}, 1, next_ball_on="colour")
    frame.reds -= 1
    frame.colour_potted("black")
    frame.clearance(["black", "pink", "black", "blue"])
    for colour in COLOURS:
        frame.in_sequence(colour)
    return frame


def concession() -> Frame:
    """A, needing snookers with pink and black left, concedes in his own turn (3.1(f))."""
    frame = Frame("concession")
    frame.break_off()
    frame.clearance(["black"])
    for colour in ["yellow", "green", "brown", "blue"]:
        frame.in_sequence(colour)
    frame.safety()  # B safe on the pink; A, far behind, concedes in his turn
    frame.concede(frame.side(frame.striker))
    return frame


def in_off_and_cue_ball_in_hand() -> Frame:
    """An in-off gives the next player the cue ball in hand; a touch before the stroke with the
    cue ball placed in the D leaves it in play (issue 12, 3.11(f))."""
    frame = Frame("in-off-and-cue-ball-placed")
    frame.break_off()
    frame.reds_potted()
    frame.colour_potted("pink")
    # A goes in-off after hitting a red: 4 to B, B plays from in-hand (3.12(a)).
    frame.foul({"first_contact": ["red"], "cue_ball": "potted"}, 4, in_hand=True)
    # B places the cue ball in the D, then brushes the yellow: 4 to A, the cue ball in play.
    frame.foul(
        {"struck": False, "cue_ball_placed": True, "infringements": ["touched:yellow"]},
        4,
        in_hand=False,
    )
    frame.clearance(["black", "blue"])
    for colour in COLOURS:
        frame.in_sequence(colour)
    return frame


def nominated_colour_and_red() -> Frame:
    """The ruling of issue 12: blue nominated, blue and a red struck together: 5 (3.12(c)),
    not the seven of a red after a red. Then the offender is asked to play again."""
    frame = Frame("nominated-colour-and-red")
    frame.break_off()
    frame.reds_potted()
    frame.foul({"nominated": "blue", "first_contact": ["blue", "red"]}, 5, choice="offender_again")
    frame.reds_potted()  # A again (asked to play), a red on
    frame.colour_potted("black")
    frame.clearance(["pink", "black"])
    for colour in COLOURS:
        frame.in_sequence(colour)
    return frame


def four_handed() -> Frame:
    """Four-handed: Ann, Bo, Cal, Dee in turn; a foul by Bo, his side's partner does not play
    for him: Cal plays next (3.17)."""
    frame = Frame(
        "four-handed",
        players=("Ann", "Bo", "Cal", "Dee"),
        sides={"A": ["Ann", "Cal"], "B": ["Bo", "Dee"]},
    )
    frame.break_off()  # Ann
    frame.reds_potted()  # Bo
    frame.colour_potted("black")
    frame.foul({"first_contact": ["red"], "potted": ["red", "yellow"]}, 4, reds_down=1)
    frame.clearance(["black", "pink", "black"])  # Cal
    for colour in COLOURS:
        frame.in_sequence(colour)
    return frame


def edge_of_pocket_replay() -> Frame:
    """A red on the edge falls unhit while balls are moving and could have been hit: the balls
    are replaced and the stroke replayed (3.9(b)(i)), no penalty."""
    frame = Frame("edge-of-pocket-replay")
    frame.break_off()
    frame.add(
        {"first_contact": ["red"], "edge": {"ball": "red", "fell": "unhit", "involved": True}},
        {
            "legal": True,
            "calls": ["replay"],
            "replace_all": True,
            "points": {"A": 0, "B": 0},
            "next": {"striker": "B", "ball_on": "red"},
        },
    )
    frame.reds_potted()
    frame.colour_potted("black")
    frame.clearance(["black", "pink"])
    for colour in COLOURS:
        frame.in_sequence(colour)
    return frame


def last_black_foul() -> Frame:
    """Black alone left, B ahead by more than seven: A fouls the black, the frame is B's."""
    frame = Frame("foul-on-the-last-black")
    frame.break_off()
    frame.clearance(["pink", "blue"])
    for colour in ["yellow", "green", "brown", "blue", "pink"]:
        frame.in_sequence(colour)
    frame.safety()  # B safe on the black
    frame.scores["B"] += 7
    frame.over = {"over": True, "winner": "B", "reason": "foul_on_black"}
    frame.strokes.append(
        {
            "stroke": {"first_contact": ["black"], "cue_ball": "potted"},
            "expect": {
                "legal": False,
                "penalty": 7,
                "fouls": ["cue_ball_potted"],
                "scores": dict(frame.scores),
                "frame": dict(frame.over),
            },
        }
    )
    return frame


FRAMES = [
    clearance_to_the_black,
    free_ball_frame,
    miss_replaced_twice,
    level_on_the_black,
    touching_ball,
    concession,
    in_off_and_cue_ball_in_hand,
    nominated_colour_and_red,
    four_handed,
    edge_of_pocket_replay,
    last_black_foul,
]

if __name__ == "__main__":
    for build in FRAMES:
        build().write()
