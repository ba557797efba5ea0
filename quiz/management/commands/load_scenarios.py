"""Load topics and scenarios from fixture files, after the engine has checked every one.

    python manage.py load_scenarios fixtures/topics.json fixtures/scenarios/*.json

Every scenario's case is validated and judged by the engine and the author's
``expect`` block compared with the decision. Any problem is reported as
``file: scenario slug: field: message`` and nothing is loaded; otherwise all
files load in one transaction, existing rows updated by slug. ``expect`` is
never stored: the engine's decision is the only answer key.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db import transaction

from quiz import asks
from quiz.models import Difficulty, Scenario, Topic

TOPIC_TRANSLATED = ("title", "description")
SCENARIO_TRANSLATED = ("title", "narrative", "question", "note")
#: Fields that may be empty in every language at once.
OPTIONAL_TRANSLATED = {"note", "description"}


@dataclass
class Bank:
    topics: dict[str, dict[str, Any]] = field(default_factory=dict)
    scenarios: dict[str, dict[str, Any]] = field(default_factory=dict)
    problems: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)

    def problem(self, source: str, slug: str, path: str, message: str) -> None:
        self.problems.append(f"{source}: {slug or '-'}: {path}: {message}")


def languages() -> list[str]:
    return [code for code, _name in settings.LANGUAGES]


def read_bank(paths: list[Path]) -> Bank:
    """Read and check every file; ``Bank.problems`` lists everything wrong."""
    bank = Bank()
    for path in paths:
        source = str(path)
        try:
            objects = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, json.JSONDecodeError) as error:
            bank.problem(source, "", "file", f"cannot be read as JSON: {error}")
            continue
        if not isinstance(objects, list):
            bank.problem(source, "", "file", "must hold a list of fixture objects")
            continue
        for index, entry in enumerate(objects):
            if not isinstance(entry, Mapping) or not isinstance(entry.get("fields"), Mapping):
                bank.problem(source, "", f"[{index}]", "is not a fixture object with fields")
                continue
            fields = dict(entry["fields"])
            slug = str(fields.get("slug") or "")
            if not slug:
                bank.problem(source, "", f"[{index}].slug", "is missing")
                continue
            model = entry.get("model")
            target = {"quiz.topic": bank.topics, "quiz.scenario": bank.scenarios}.get(model)
            if target is None:
                bank.problem(source, slug, "model", f"unknown model {model!r}")
                continue
            if slug in target:
                bank.problem(source, slug, "slug", "appears twice in the bank")
                continue
            target[slug] = {"source": source, "fields": fields}
    for slug, entry in bank.topics.items():
        check_translations(bank, entry["source"], slug, entry["fields"], TOPIC_TRANSLATED)
    known_topics = set(bank.topics) | set(Topic.objects.values_list("slug", flat=True))
    for slug, entry in bank.scenarios.items():
        check_scenario(bank, entry["source"], slug, entry["fields"], known_topics)
    return bank


def check_translations(
    bank: Bank, source: str, slug: str, fields: Mapping[str, Any], names: tuple[str, ...]
) -> None:
    for name in names:
        values = {code: str(fields.get(f"{name}_{code}") or "").strip() for code in languages()}
        if name in OPTIONAL_TRANSLATED and not any(values.values()):
            continue
        for code, value in values.items():
            if not value:
                bank.problem(source, slug, f"{name}_{code}", "is empty; every language is needed")


def check_scenario(
    bank: Bank, source: str, slug: str, fields: Mapping[str, Any], known_topics: set[str]
) -> None:
    from rules_engine import CaseError, compare_expectation, judge, load_case

    check_translations(bank, source, slug, fields, SCENARIO_TRANSLATED)
    topic = fields.get("topic")
    topic_slug = topic[0] if isinstance(topic, list) and topic else topic
    if topic_slug not in known_topics:
        bank.problem(source, slug, "topic", f"unknown topic {topic!r}")
    if fields.get("difficulty") not in Difficulty.values:
        bank.problem(source, slug, "difficulty", "must be 1, 2 or 3")
    ask = fields.get("ask")
    if ask not in asks.Ask.values:
        bank.problem(source, slug, "ask", f"must be one of {', '.join(asks.Ask.values)}")
    ask_ball = fields.get("ask_ball") or ""
    import rules_engine

    if ask_ball and ask_ball not in rules_engine.COLOURS:
        bank.problem(source, slug, "ask_ball", "must be a colour (yellow … black)")
    if ask == asks.Ask.RESPOT and not ask_ball:
        bank.problem(source, slug, "ask_ball", "is needed: which colour's re-spot is asked")
    case = fields.get("case")
    if not isinstance(case, Mapping):
        bank.problem(source, slug, "case", "must be a referee case (a JSON object)")
        return
    if case.get("id") != slug:
        bank.problem(source, slug, "case.id", f"must equal the slug, not {case.get('id')!r}")
    try:
        decision = judge(load_case(case)).to_dict()
    except CaseError as error:
        for problem in error.problems or ():
            bank.problem(source, slug, f"case.{problem.path}", problem.message)
        if not error.problems:
            bank.problem(source, slug, "case", str(error))
        return
    except ValueError as error:
        bank.problem(source, slug, "case", str(error))
        return
    expect = case.get("expect")
    if not isinstance(expect, Mapping):
        bank.problem(source, slug, "case.expect", "is missing: the author's own answer is needed")
        return
    for difference in compare_expectation(expect, decision):
        bank.problem(
            source,
            slug,
            f"case.expect.{difference.path}",
            f"the author expects {difference.expected!r}, the engine decides {difference.actual!r}",
        )


def strip_expect(case: Mapping[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in case.items() if key != "expect"}


def translated(fields: Mapping[str, Any], names: tuple[str, ...]) -> dict[str, str]:
    return {
        f"{name}_{code}": str(fields.get(f"{name}_{code}") or "")
        for name in names
        for code in languages()
    }


@transaction.atomic
def store_bank(bank: Bank) -> tuple[int, int]:
    """Write every topic and scenario, updating existing rows by slug."""
    for slug, entry in bank.topics.items():
        fields = entry["fields"]
        Topic.objects.update_or_create(
            slug=slug,
            defaults={"order": int(fields.get("order") or 0)}
            | translated(fields, TOPIC_TRANSLATED),
        )
    for slug, entry in bank.scenarios.items():
        fields = entry["fields"]
        topic = fields["topic"]
        Scenario.objects.update_or_create(
            slug=slug,
            defaults={
                "topic": Topic.objects.get(slug=topic[0] if isinstance(topic, list) else topic),
                "difficulty": fields["difficulty"],
                "ask": fields["ask"],
                "ask_ball": fields.get("ask_ball") or "",
                "published": bool(fields.get("published", True)),
                "case": strip_expect(fields["case"]),
            }
            | translated(fields, SCENARIO_TRANSLATED),
        )
    return len(bank.topics), len(bank.scenarios)


class Command(BaseCommand):
    help = "Validate topics and scenarios with the engine, then load them (all or nothing)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("paths", nargs="+", type=Path, help="fixture files (JSON)")

    def handle(self, *args: Any, paths: list[Path], **options: Any) -> None:
        bank = read_bank(paths)
        if bank.problems:
            for line in bank.problems:
                self.stderr.write(line)
            raise CommandError(
                f"{len(bank.problems)} problem(s) found; nothing was loaded."
            )
        topics, scenarios = store_bank(bank)
        self.stdout.write(
            self.style.SUCCESS(f"Loaded {topics} topic(s) and {scenarios} scenario(s).")
        )
