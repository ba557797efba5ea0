"""How many of an exam's simulated candidates share a question (issue 21: goal under 1 %).

    manage.py exam_overlap                                  # the demo exam, 1,000 candidates
    manage.py exam_overlap --candidates 200 --exam fed/exam --language pl

Draws as a start does, for N simulated candidates, writing nothing (``exams/overlap.py``), and
prints the questions drawn, how many another candidate drew too (a hand-written scenario drawn
twice, a family instance with the same situation, a frame's stroke with the same case), as a
share of all drawn questions (a question a candidate drew twice counts once).
"""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from exams.models import Exam
from exams.overlap import simulate_overlap

DEMO_EXAM = "demo/demo-referee-level-1"


class Command(BaseCommand):
    help = "Simulate N candidates drawing an exam and report the share of questions they share."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--candidates", type=int, default=1000, help="default 1,000")
        parser.add_argument(
            "--exam", default=DEMO_EXAM, help=f"federation/exam slugs (default {DEMO_EXAM})"
        )
        parser.add_argument("--language", default=None, help="draw as in this language")
        parser.add_argument(
            "--per-family", action="store_true", help="a line per family: drawn, shared"
        )

    def handle(
        self,
        *args: Any,
        candidates: int,
        exam: str,
        language: str | None,
        per_family: bool = False,
        **options: Any,
    ) -> None:
        if candidates < 1:
            raise CommandError("--candidates must be at least 1")
        federation_slug, _slash, exam_slug = exam.partition("/")
        found = (
            Exam.objects.select_related("federation")
            .filter(federation__slug=federation_slug, slug=exam_slug)
            .first()
        )
        if found is None:
            raise CommandError(f"no exam {exam!r} (federation/exam slugs)")
        overlap = simulate_overlap(exam=found, candidates=candidates, language=language)
        self.stdout.write(
            f"{exam}: {overlap.candidates:,} simulated candidates, {overlap.drawn:,} questions "
            f"drawn ({overlap.family_drawn:,} from families, {overlap.frame_drawn:,} strokes "
            "of frames)"
        )
        self.stdout.write(
            f"shared with another candidate: {overlap.shared:,} "
            f"({overlap.shared_percent:.2f} % of all drawn questions; "
            f"{overlap.family_shared:,} family instances, {overlap.frame_shared:,} strokes, "
            f"{overlap.scenario_shared:,} hand-written); "
            f"candidates with a shared question: {overlap.candidates_sharing:,}"
        )
        for slug, drawn, shared in overlap.by_family if per_family else ():
            self.stdout.write(
                f"  {slug}: {drawn:,} drawn, {shared:,} shared ({100 * shared / drawn:.1f} %)"
            )
