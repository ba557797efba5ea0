"""Generate frames to referee (frames/generator.py): the bank's generated files, any number of
frames from seeds, or the plausibility figures.

    python manage.py generate_frames --bank fixtures/frames        # the bank's generated files
    python manage.py generate_frames --count 5 --seed 40 --out /tmp/frames
    python manage.py generate_frames --report 500                  # figures over 500 frames

The bank's recipes name the seed each file is played from (the first seed from which the frame
has from 12 to 60 strokes and plays every kind asked for; docs/frames.md), so the same command
writes the same files.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from frames.generator import STYLES, generate_frame, plausibility

_SEEN_2007 = [
    "double_hit", "feet_off_floor", "out_of_turn", "bad_from_hand", "jump_shot", "bad_cue",
    "balls_moving", "early_stroke",
]  # fmt: skip
_SEEN_2014 = [
    "push_stroke", "touched", "ball_off_table_used", "measured", "non_white_cue_ball",
    "no_declaration", "foul_before_nomination", "consultation_touch",
]  # fmt: skip
_CONTACT = [
    "missed_all", "not_on_first", "not_on_potted", "simultaneous", "red_on_colour", "forced_off",
    "cue_ball_off", "in_off", "leave_touching", "touching_moved",
]  # fmt: skip
_FOUR = {"players": ["Ann", "Bo", "Cal", "Dee"], "sides": {"A": ["Ann", "Cal"], "B": ["Bo", "Dee"]}}

#: The bank's generated frames: file name (and id), seed, and how the frame is played.
BANK: list[tuple[str, int, dict[str, Any]]] = [
    ("pro-2007-a", 100, {}),
    ("pro-2007-b", 101, {}),
    ("pro-2007-c", 102, {}),
    ("pro-2014-a", 103, {"ruleset": "wpbsa-2014"}),
    ("pro-2014-b", 105, {"ruleset": "wpbsa-2014"}),
    ("club-2007", 122, {"style": "club"}),
    ("club-2014", 150, {"ruleset": "wpbsa-2014", "style": "club"}),
    ("fouls-seen-2007", 154, {"style": "fouls", "force": _SEEN_2007}),
    ("fouls-seen-2014", 162, {"ruleset": "wpbsa-2014", "style": "fouls", "force": _SEEN_2014}),
    ("fouls-contact-2007", 169, {"style": "fouls", "force": _CONTACT}),
    (
        "free-balls-2007",
        229,
        {
            "style": "fouls",
            "force": ["free_ball", "free_ball_not_first", "free_ball", "free_ball_snooker"],
        },
    ),  # fmt: skip
    (
        "free-ball-undeclared-2014",
        231,
        {
            "ruleset": "wpbsa-2014",
            "style": "fouls",
            "force": ["free_ball", "undeclared_when_snookered"],
        },
    ),  # fmt: skip
    (
        "four-handed-2007",
        154,
        {"style": "club", "force": ["partner_consulted", "partner_caused_touch"], **_FOUR},
    ),
    (
        "four-handed-2014",
        268,
        {
            "ruleset": "wpbsa-2014",
            "style": "fouls",
            "force": ["partner_caused_touch", "partner_consulted"],
            **_FOUR,
        },
    ),  # fmt: skip
    ("stalemate-warning-2007", 524, {"style": "club", "force": ["snooker", "stalemate_warning"]}),
    (
        "stalemate-restart-2014",
        559,
        {
            "ruleset": "wpbsa-2014",
            "style": "club",
            "force": ["snooker", "snooker", "stalemate_restart"],
        },
    ),  # fmt: skip
    ("three-misses-2007", 256, {"style": "club", "force": ["miss_replaced"] * 3}),
    ("four-snookers-variant", 586, {"style": "club", "variants": ["ru-2004-3.4d"]}),
]


def _write(frame: dict[str, Any], folder: Path) -> Path:
    path = folder / f"{frame['id']}.json"
    path.write_text(json.dumps(frame, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    return path


class Command(BaseCommand):
    help = "Generate frame files from seeds (the bank's, or any), or the plausibility figures."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--bank", type=Path, help="write the bank's generated frames here")
        parser.add_argument("--out", type=Path, help="write --count frames here")
        parser.add_argument("--count", type=int, default=1)
        parser.add_argument("--seed", type=int, default=0, help="the first seed")
        parser.add_argument("--style", choices=sorted(STYLES), default="professional")
        parser.add_argument("--ruleset", default="wpbsa-2007")
        parser.add_argument("--report", type=int, help="print the figures over this many frames")

    def handle(self, *args: object, **options: Any) -> None:
        if options["bank"]:
            options["bank"].mkdir(parents=True, exist_ok=True)
            for name, seed, how in BANK:
                frame = generate_frame(seed=seed, frame_id=name, **how)
                self.stdout.write(f"{_write(frame, options['bank'])}: {len(frame['strokes'])}")
        if options["out"]:
            options["out"].mkdir(parents=True, exist_ok=True)
            for seed in range(options["seed"], options["seed"] + options["count"]):
                frame = generate_frame(
                    seed=seed, style=options["style"], ruleset=options["ruleset"]
                )
                self.stdout.write(f"{_write(frame, options['out'])}: {len(frame['strokes'])}")
        if options["report"]:
            figures = plausibility(
                count=options["report"], seed=options["seed"], style=options["style"],
                ruleset=options["ruleset"],
            )  # fmt: skip
            for name, value in figures.items():
                self.stdout.write(f"{name}: {value}")
