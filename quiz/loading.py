"""The scenario bank's loader: read fixture files, check every topic and scenario with the
engine, and store them all or nothing. ``manage.py load_scenarios`` (exams/management), the
studio's publishing and import (``quiz.validation``, ``studio.services``) all go through it.

Load topics and scenarios from fixture files, after the engine has checked every one.

Every scenario's case is validated and judged by the engine and the author's
``expect`` block compared with the decision. Any problem is reported as one line,
``file: scenario slug: field: message``, and nothing is loaded; otherwise all
files load in one transaction, existing rows updated by slug. ``expect`` is
never stored: the engine's decision is the only answer key.

A scenario's ``audience`` is ``practice`` (the default: the public bank) or
``exam`` (exam-only, closed-book); an exam-only scenario may name its owning
federation by its slug (``"federation": ["demo"]``; empty: the shared exam pool).
An exam-only case must be a new situation: it may not be a practice case's situation
with the same ruling, nor another exam-only case's (``quiz/situations.py`` says precisely
when: the facts as the engine reads them, defaults filled in; the scores, the diagram
unless the ruling needs it and the players' names set aside; the striker, the breaker,
the number of reds and the best attempt may differ only where the engine's answer to the
exam's question stays the same; and that answer the same for both). An unpublished
exam-only scenario is left out: a withdrawn exam question stays in its file, unpublished.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from django.conf import settings
from django.db import transaction
from django.db.models import Q

from federations.models import Federation
from quiz import asks
from quiz.models import Audience, Difficulty, Family, Scenario, Topic

TOPIC_TRANSLATED = ("title", "description")
SCENARIO_TRANSLATED = ("title", "narrative", "question", "note")
#: Fields that may be empty in every language at once.
OPTIONAL_TRANSLATED = {"note", "description"}
#: Longest texts the database keeps (the models' max_length).
MAX_LENGTHS = {"title": 200, "topic_slug": 80, "scenario_slug": 120}
#: A referee case is a few levels deep; anything deeper is a mistake (or an attack).
MAX_DEPTH = 32
SLUG = re.compile(r"^[-a-zA-Z0-9_]+\Z")
#: PositiveSmallIntegerField's range.
MAX_ORDER = 32767


#: The languages a federation's exam-only scenarios must be written in. The exams know it
#: (``exams.selectors.federation_languages``: those its exams offer), so the caller passes it in.
PoolLanguages = Callable[..., list[str]]  # called as pool_languages(federation=...)


@dataclass
class Bank:
    pool_languages: PoolLanguages
    topics: dict[str, dict[str, Any]] = field(default_factory=dict)
    scenarios: dict[str, dict[str, Any]] = field(default_factory=dict)
    problems: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)

    def problem(self, source: str, slug: str, path: str, message: str) -> None:
        self.problems.append(f"{source}: {slug or '-'}: {path}: {message}")


def languages() -> list[str]:
    return [code for code, _name in settings.LANGUAGES]


def _refuse_constant(name: str) -> float:
    raise ValueError(f"{name} is not a number JSON allows")


def read_json(path: Path) -> tuple[Any, str | None]:
    """The file's JSON, or why it cannot be read (never an exception)."""
    try:
        return json.loads(path.read_text(encoding="utf-8"), parse_constant=_refuse_constant), None
    except (OSError, UnicodeDecodeError, ValueError) as error:
        # ValueError: JSONDecodeError, NaN/Infinity, an integer of more than 4,300 digits
        return None, f"cannot be read as JSON: {error}"
    except RecursionError:
        return None, f"cannot be read as JSON: nested more than {MAX_DEPTH} levels deep"


def shape_problem(value: Any) -> tuple[str, str] | None:
    """The first value no fixture may hold, as (path, message); walked without recursion.

    >>> shape_problem({"a": [1, 2.5, "x"]}) is None
    True
    >>> shape_problem({"case": {"state": {"positions": {"red": [[1e309, 2]]}}}})
    ('case.state.positions.red[0][0]', 'is not a finite number')
    >>> shape_problem({"title_en": "a\\x00b"})
    ('title_en', 'holds a NUL character')
    """
    stack: list[tuple[str, Any, int]] = [("", value, 0)]
    while stack:
        path, item, depth = stack.pop()
        if depth > MAX_DEPTH:
            return path, f"is nested more than {MAX_DEPTH} levels deep"
        if isinstance(item, float) and not math.isfinite(item):
            return path, "is not a finite number"
        if isinstance(item, str) and "\x00" in item:
            return path, "holds a NUL character"
        if isinstance(item, Mapping):
            for key, child in reversed(list(item.items())):
                stack.append((f"{path}.{key}" if path else str(key), child, depth + 1))
        elif isinstance(item, list):
            for index in reversed(range(len(item))):
                stack.append((f"{path}[{index}]", item[index], depth + 1))
    return None


def read_bank(paths: list[Path], *, pool_languages: PoolLanguages) -> Bank:
    """Read and check every file; ``Bank.problems`` lists everything wrong."""
    bank = Bank(pool_languages=pool_languages)
    for path in paths:
        source = str(path)
        objects, error = read_json(path)
        if error is not None:
            bank.problem(source, "", "file", error)
            continue
        if not isinstance(objects, list):
            bank.problem(source, "", "file", "must hold a list of fixture objects")
            continue
        for index, entry in enumerate(objects):
            read_entry(bank, source, index, entry)
    for slug, entry in bank.topics.items():
        check_topic(bank, entry["source"], slug, entry["fields"])
    known_topics = set(bank.topics) | set(Topic.objects.values_list("slug", flat=True))
    for slug, entry in bank.scenarios.items():
        check_scenario(bank, entry["source"], slug, entry["fields"], known_topics)
    check_reserved_slugs(bank)
    check_new_situations(bank)
    return bank


#: A family's instance is ``<family slug>-<seed>`` (``quiz.families.instances``).
INSTANCE_SLUG = re.compile(r"^(?P<family>.+)-(?P<seed>[0-9]+)\Z")


def check_reserved_slugs(bank: Bank) -> None:
    """A hand-written scenario may not take a family instance's slug.

    ``<family>-<digits>`` names a family's instance frozen when drawn (``quiz.freezing``):
    answers, review cards and self-tests point to it, and the row is updated by its slug, so
    a fixture using one would silently rewrite what trainees were asked. Refused are a slug
    that is an instance stored now, and one following an existing family's pattern (its
    seed may be drawn later).
    """
    slugs = list(bank.scenarios)
    if not slugs:
        return
    instances = set(
        Scenario.objects.filter(slug__in=slugs, family__isnull=False).values_list("slug", flat=True)
    )
    families = set(Family.objects.values_list("slug", flat=True))
    for slug, entry in bank.scenarios.items():
        match = INSTANCE_SLUG.match(slug)
        if slug in instances:
            message = "is a scenario family's frozen instance: a hand-written one may not take it"
        elif match is not None and match["family"] in families:
            message = (
                f"is reserved for family {match['family']!r}'s instances "
                "(<family>-<digits>): choose another slug"
            )
        else:
            continue
        bank.problem(entry["source"], slug, "slug", message)


def read_entry(bank: Bank, source: str, index: int, entry: Any) -> None:
    """File one fixture object under its model and slug, or report why it cannot be."""
    if not isinstance(entry, Mapping) or not isinstance(entry.get("fields"), Mapping):
        bank.problem(source, "", f"[{index}]", "is not a fixture object with fields")
        return
    fields = dict(entry["fields"])
    slug = fields.get("slug")
    if not isinstance(slug, str) or not slug:
        bank.problem(source, "", f"[{index}].slug", "must be a non-empty text")
        return
    if not SLUG.match(slug):
        bank.problem(source, slug, "slug", "may hold only letters, digits, - and _")
        return
    model = entry.get("model")
    target = {"quiz.topic": bank.topics, "quiz.scenario": bank.scenarios}.get(
        model if isinstance(model, str) else ""
    )
    if target is None:
        bank.problem(source, slug, "model", f"unknown model {model!r}")
        return
    shape = shape_problem(fields)
    if shape is not None:
        bank.problem(source, slug, *shape)
        return
    if slug in target:
        bank.problem(source, slug, "slug", "appears twice in the bank")
        return
    target[slug] = {"source": source, "fields": fields}


#: What a problem says of a text missing in a language the scenario must be written in,
#: and of a language only partly written (the studio shows both in the author's language).
MISSING_LANGUAGE = "is empty; every language of its pool is needed"
PARTLY_WRITTEN = "is empty; write this language in full, or leave it out"


def check_translations(
    bank: Bank,
    source: str,
    slug: str,
    fields: Mapping[str, Any],
    names: tuple[str, ...],
    required: list[str] | None = None,
) -> None:
    """Each text no longer than its limit, and written in every ``required`` language
    (all of them unless said); a name in OPTIONAL_TRANSLATED may be empty everywhere."""
    required = languages() if required is None else required
    for name in names:
        values = {}
        for code in languages():
            value = fields.get(f"{name}_{code}")
            if value is not None and not isinstance(value, str):
                bank.problem(source, slug, f"{name}_{code}", "must be a text")
                value = ""
            values[code] = (value or "").strip()
            limit = MAX_LENGTHS.get(name)
            if limit and len(values[code]) > limit:
                bank.problem(source, slug, f"{name}_{code}", f"is longer than {limit} characters")
        if name in OPTIONAL_TRANSLATED and not any(values.values()):
            continue
        for code, value in values.items():
            if not value and code in required:
                bank.problem(source, slug, f"{name}_{code}", MISSING_LANGUAGE)


def check_partly_written(
    bank: Bank, source: str, slug: str, fields: Mapping[str, Any], required: list[str]
) -> None:
    """A language the pool does not need is written in full or not at all: exams show a
    scenario only in the languages it is written in (exams.selectors.written_in)."""
    names = [name for name in SCENARIO_TRANSLATED if name not in OPTIONAL_TRANSLATED]
    for code in languages():
        if code in required:
            continue
        written = {name: str(fields.get(f"{name}_{code}") or "").strip() for name in names}
        if any(written.values()):
            for name, value in written.items():
                if not value:
                    bank.problem(source, slug, f"{name}_{code}", PARTLY_WRITTEN)


def required_languages(bank: Bank, fields: Mapping[str, Any]) -> list[str]:
    """The languages a scenario must be written in: an exam-only scenario of a federation,
    the languages its exams offer; the shared exam pool and practice, every language."""
    owner = federation_slug(fields.get("federation"))
    if fields.get("audience") == Audience.EXAM and owner:
        federation = Federation.objects.filter(slug=owner).first()
        if federation is not None:
            return bank.pool_languages(federation=federation)
    return languages()


def is_int(value: Any) -> bool:
    """A JSON integer (``true`` is not one).

    >>> is_int(3), is_int(True), is_int(3.0), is_int("3")
    (True, False, False, False)
    """
    return isinstance(value, int) and not isinstance(value, bool)


def check_topic(bank: Bank, source: str, slug: str, fields: Mapping[str, Any]) -> None:
    check_translations(bank, source, slug, fields, TOPIC_TRANSLATED)
    if len(slug) > MAX_LENGTHS["topic_slug"]:
        bank.problem(source, slug, "slug", f"is longer than {MAX_LENGTHS['topic_slug']} characters")
    order = fields.get("order", 0)
    if not is_int(order) or not 0 <= order <= MAX_ORDER:
        bank.problem(source, slug, "order", f"must be a whole number from 0 to {MAX_ORDER}")


def topic_slug(value: Any) -> str | None:
    """The topic's natural key: ``"miss"`` or ``["miss"]``; ``None`` for anything else.

    >>> topic_slug("miss"), topic_slug(["miss"]), topic_slug([["miss"]]), topic_slug({"a": 1})
    ('miss', 'miss', None, None)
    """
    if isinstance(value, list) and len(value) == 1:
        value = value[0]
    return value if isinstance(value, str) else None


def federation_slug(value: Any) -> str | None:
    """The owning federation's slug: ``"demo"`` or ``["demo"]``; ``""`` for none.

    >>> federation_slug(None), federation_slug(""), federation_slug(["demo"]), federation_slug(3)
    ('', '', 'demo', None)
    """
    if value is None:
        return ""
    return topic_slug(value)


def check_scenario(
    bank: Bank, source: str, slug: str, fields: Mapping[str, Any], known_topics: set[str]
) -> None:
    required = required_languages(bank, fields)
    check_translations(bank, source, slug, fields, SCENARIO_TRANSLATED, required)
    check_partly_written(bank, source, slug, fields, required)
    if len(slug) > MAX_LENGTHS["scenario_slug"]:
        bank.problem(
            source, slug, "slug", f"is longer than {MAX_LENGTHS['scenario_slug']} characters"
        )
    topic = topic_slug(fields.get("topic"))
    if topic is None:
        bank.problem(source, slug, "topic", "must be a topic's slug, as \"miss\" or [\"miss\"]")
    elif topic not in known_topics:
        bank.problem(source, slug, "topic", f"unknown topic {topic!r}")
    difficulty = fields.get("difficulty")
    if not is_int(difficulty) or difficulty not in Difficulty.values:
        bank.problem(source, slug, "difficulty", "must be 1, 2 or 3")
    if not isinstance(fields.get("published", True), bool):
        bank.problem(source, slug, "published", "must be true or false (without quotes)")
    check_ask(bank, source, slug, fields)
    check_audience(bank, source, slug, fields)
    check_case(bank, source, slug, fields.get("case"))
    check_points_answerable(bank, source, slug, fields)


def check_ask(bank: Bank, source: str, slug: str, fields: Mapping[str, Any]) -> None:
    import rules_engine

    ask = fields.get("ask")
    if not isinstance(ask, str) or ask not in asks.Ask.values:
        bank.problem(source, slug, "ask", f"must be one of {', '.join(asks.Ask.values)}")
    ask_ball = fields.get("ask_ball") or ""
    if not isinstance(ask_ball, str) or (ask_ball and ask_ball not in rules_engine.COLOURS):
        bank.problem(source, slug, "ask_ball", "must be a colour (yellow … black)")
    elif ask == asks.Ask.RESPOT and not ask_ball:
        bank.problem(source, slug, "ask_ball", "is needed: which colour's re-spot is asked")


def check_audience(bank: Bank, source: str, slug: str, fields: Mapping[str, Any]) -> None:
    """``audience``: practice (default) or exam; only an exam-only scenario has a federation."""
    audience = fields.get("audience", Audience.PRACTICE)
    if not isinstance(audience, str) or audience not in Audience.values:
        bank.problem(
            source, slug, "audience", f"must be practice or exam, not {audience!r}"
        )
        return
    owner = federation_slug(fields.get("federation"))
    if owner is None:
        bank.problem(source, slug, "federation", "must be a federation's slug, as [\"demo\"]")
    elif owner and audience == Audience.PRACTICE:
        bank.problem(
            source, slug, "federation",
            "a practice scenario is public and has no federation; only exam-only ones do",
        )
    elif owner and not Federation.objects.filter(slug=owner).exists():
        bank.problem(source, slug, "federation", f"unknown federation {owner!r}")


def check_case(bank: Bank, source: str, slug: str, case: Any) -> None:
    """The engine judges the case, and its decision must be the author's ``expect``."""
    from rules_engine import CaseError, compare_expectation, judge, load_case

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
    except Exception as error:  # noqa: BLE001 - one report line, never a traceback
        bank.problem(source, slug, "case", f"the engine cannot judge it: {error!r}"[:300])
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


def check_points_answerable(
    bank: Bank, source: str, slug: str, fields: Mapping[str, Any]
) -> None:
    """A question on the points must be answerable under every edition (practice and exams
    may judge it by either): the answer gives one side and the points it gains, so a
    decision taking points off a side (2014 3.3(g)(iv)) has no right answer."""
    from quiz.editions import rulings
    from quiz.grading import expected_answer

    ask, case = fields.get("ask"), fields.get("case")
    if not isinstance(ask, str) or not isinstance(case, Mapping):
        return
    if "points" not in asks.FIELDS_BY_ASK.get(ask, ()):
        return
    try:
        found = rulings(case)
    except Exception:  # noqa: BLE001 - check_case has said why the engine cannot judge it
        return
    for ruling in found:
        points = expected_answer(decision=ruling.decision, ask=ask, ask_ball="")["points"]
        if not asks.points_answerable(points):
            changes = ", ".join(f"{side} {amount:+d}" for side, amount in points.items())
            bank.problem(
                source, slug, "ask",
                f"under {ruling.ruleset} the decision changes the scores by {changes}; the "
                "answer gives one side and the points it gains, so no answer is right: ask "
                "something else",
            )  # fmt: skip


@dataclass(frozen=True)
class Known:
    """A scenario the copy check compares: its slug, the engine's case and its question."""

    slug: str
    case: Any
    ask: str
    ask_ball: str


def _known(slug: str, case: Any, ask: Any, ask_ball: Any) -> Known | None:
    from quiz import situations

    loaded = situations.load(case)
    if loaded is None or not isinstance(ask, str):
        return None
    return Known(slug, loaded, ask, ask_ball if isinstance(ask_ball, str) else "")


def _twin(exam: Known, others: list[Known]) -> Known | None:
    """The first of ``others`` that is ``exam``'s situation with the same ruling."""
    from quiz import situations

    key = situations.outline(exam.case)
    for other in others:
        if other.slug != exam.slug and situations.outline(other.case) == key and (
            situations.same_situation(exam.case, other.case, ask=exam.ask, ask_ball=exam.ask_ball)
        ):
            return other
    return None


#: The rule, as the loader and the studio state it.
SAME_SITUATION = (
    "the same situation with the same ruling (quiz/situations.py: scores, an unneeded "
    "diagram, the players' names and facts that do not change the answer set aside)"
)


def check_new_situations(bank: Bank) -> None:
    """An exam-only case that is a practice case's situation, or another exam-only one's,
    is refused (quiz/situations.py says when two cases are the same situation).

    The practice bank is public with its explanations: an exam question must be a
    situation it does not show. Scenarios already in the database count too, and every
    practice scenario, published or not (it may be published later). An unpublished
    exam-only scenario is drawn by no exam and is left out: a withdrawn exam question
    keeps its slug, unpublished, for the attempts that drew it; publishing it again runs
    this check.
    """
    # A family's instance frozen when a trainee drew it is not the bank: which seeds were drawn
    # must not decide whether a file loads (families against exams: the families' own check).
    stored = Scenario.objects.exclude(slug__in=list(bank.scenarios)).filter(
        Q(published=True) | Q(audience=Audience.PRACTICE), family__isnull=True
    ).values_list("slug", "audience", "case", "ask", "ask_ball")
    loading = (
        (slug, fields.get("audience", Audience.PRACTICE), fields.get("case"),
         fields.get("ask"), fields.get("ask_ball"))
        for slug, fields in ((slug, entry["fields"]) for slug, entry in bank.scenarios.items())
        if fields.get("published", True) is True or fields.get("audience") != Audience.EXAM
    )  # fmt: skip
    practice: list[Known] = []
    exam: list[Known] = []
    for slug, audience, case, ask, ask_ball in [*stored, *loading]:
        known = _known(slug, case, ask, ask_ball)
        if known is not None and audience in (Audience.PRACTICE, Audience.EXAM):
            (practice if audience == Audience.PRACTICE else exam).append(known)
    for index, candidate in enumerate(exam):
        entry = bank.scenarios.get(candidate.slug)
        if entry is None:
            continue
        twin = _twin(candidate, practice)
        if twin is not None:
            bank.problem(
                entry["source"], candidate.slug, "case",
                f"is practice scenario {twin.slug!r}'s situation: {SAME_SITUATION}; "
                "an exam-only case must be a new situation",
            )
            continue
        twin = _twin(candidate, exam[:index])
        if twin is not None:
            bank.problem(
                entry["source"], candidate.slug, "case",
                f"is exam-only scenario {twin.slug!r}'s situation: {SAME_SITUATION}",
            )
    loading_practice = [known for known in practice if known.slug in bank.scenarios]
    for candidate in exam:
        if candidate.slug in bank.scenarios:
            continue
        for known in loading_practice:
            if _twin(candidate, [known]) is not None:
                bank.problem(
                    bank.scenarios[known.slug]["source"], known.slug, "case",
                    f"is exam-only scenario {candidate.slug!r}'s situation: {SAME_SITUATION}; "
                    "practice would show it",
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
            defaults={"order": fields.get("order", 0)} | translated(fields, TOPIC_TRANSLATED),
        )
    federations = {federation.slug: federation for federation in Federation.objects.all()}
    for slug, entry in bank.scenarios.items():
        fields = entry["fields"]
        owner = federation_slug(fields.get("federation"))
        Scenario.objects.update_or_create(
            slug=slug,
            defaults={
                "topic": Topic.objects.get(slug=topic_slug(fields["topic"])),
                "difficulty": fields["difficulty"],
                "ask": fields["ask"],
                "ask_ball": fields.get("ask_ball") or "",
                "published": fields.get("published", True),
                "audience": fields.get("audience", Audience.PRACTICE),
                "federation": federations.get(owner) if owner else None,
                "case": strip_expect(fields["case"]),
            }
            | translated(fields, SCENARIO_TRANSLATED),
        )
    return len(bank.topics), len(bank.scenarios)
