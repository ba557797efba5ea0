"""Load frame files to referee, after the engine has proved every stroke of every file.

    python manage.py load_frames fixtures/frames/*.json

Each file is judged stroke by stroke (``python -m rules_engine frame --check``): every
stroke must have an ``expect`` that the engine's decision agrees with. Any problem is
reported, one line each, and nothing is loaded (``frames.loading``).
"""

from __future__ import annotations

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError, CommandParser

from frames.loading import FramesRefused, load_files


class Command(BaseCommand):
    help = "Load frame files (snooker-referee-frame/1) after the engine has proved them."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("paths", nargs="+", type=Path, help="frame files (JSON)")

    def handle(self, *args: object, **options: object) -> None:
        paths = sorted(options["paths"])  # type: ignore[arg-type]
        try:
            frames = load_files(paths)
        except FramesRefused as refused:
            for problem in refused.problems:
                self.stderr.write(problem)
            raise CommandError(f"{len(refused.problems)} problem(s): no frame was loaded") from None
        strokes = sum(frame.stroke_count for frame in frames)
        self.stdout.write(f"Loaded {len(frames)} frame(s), {strokes} strokes.")
