"""What the loaded bank covers: scenarios per topic and kind of question, and trail codes.

    python manage.py scenario_coverage

Each published case is judged by the engine; a trail code no scenario reaches
is listed, so authors know which rules still lack a question.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from django.core.management.base import BaseCommand

from quiz.asks import Ask
from quiz.grading import decide
from quiz.models import Scenario, Topic


class Command(BaseCommand):
    help = "Report the scenarios per topic and kind of question, and the trail codes not covered."

    def handle(self, *args: Any, **options: Any) -> None:
        from rules_engine import TRAIL_CODES

        scenarios = list(Scenario.objects.filter(published=True).select_related("topic"))
        per_topic = Counter(scenario.topic.slug for scenario in scenarios)
        per_ask = Counter(scenario.ask for scenario in scenarios)
        codes: Counter[str] = Counter()
        for scenario in scenarios:
            codes.update(step["code"] for step in decide(scenario.case).get("trail", ()))

        self.stdout.write(f"{len(scenarios)} published scenario(s)")
        self.stdout.write("by topic:")
        for topic in Topic.objects.order_by("order"):
            self.stdout.write(f"  {topic.slug:24} {per_topic.get(topic.slug, 0):4}")
        self.stdout.write("by question:")
        for ask in Ask.values:
            self.stdout.write(f"  {ask:24} {per_ask.get(ask, 0):4}")
        missing = sorted(set(TRAIL_CODES) - set(codes))
        self.stdout.write(
            f"trail codes reached: {len(set(codes) & set(TRAIL_CODES))} of {len(TRAIL_CODES)}"
        )
        for code in missing:
            self.stdout.write(f"  not covered: {code} ({TRAIL_CODES[code].rule})")
