"""The real scenario bank (fixtures/): it loads, meets issue 4's targets, reads in every language.

The exam-only pool (fixtures/exam/) is loaded and checked with it: every case judged by
the engine, no case a practice case in other words, its own targets (issue 8).

The bank is loaded through ``load_scenarios`` into the test database, so every
case is judged by the engine and every author's ``expect`` compared with its
decision; coverage is then read back as the ``scenario_coverage`` command reads it.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator, Mapping
from io import StringIO
from pathlib import Path
from typing import Any

import pytest
from django.core.management import CommandError, call_command

from quiz import coverage as bank_targets
from quiz.coverage import BankCoverage, bank_coverage, exam_pool_coverage
from tests.conftest import rolled_back_after_the_module

ROOT = Path(__file__).resolve().parents[1]
PRACTICE_FILES = sorted((ROOT / "fixtures" / "scenarios").glob("*.json"))
EXAM_FILES = sorted((ROOT / "fixtures" / "exam").glob("*.json"))
SCENARIO_FILES = [*PRACTICE_FILES, *EXAM_FILES]
FIXTURES = [ROOT / "fixtures" / "topics.json", *SCENARIO_FILES]
TRANSLATIONS = ("fr", "ru", "fa", "pl")
TEXT_FIELDS = ("title", "narrative", "question", "note")

#: Words that mark English in a French or Polish text: none of them is a French or Polish word.
#: (Words the languages share — "table", "points", "score", "six", "break", "on", "to", "by", the
#: glossary's « ON » and "jump shot" — are left out on purpose.)
ENGLISH_MARKERS = frozenset(
    [
        "the", "and", "with", "which", "what", "who", "whom", "whose", "where", "when", "while",
        "after", "before", "was", "were", "has", "have", "had", "his", "her", "its", "this",
        "that", "these", "those", "not", "next", "free", "ball", "balls", "cue", "reds",
        "yellow", "green", "brown", "blue", "pink", "black", "white", "foul", "miss", "referee",
        "striker", "potted", "pots", "snookered", "pocket", "pockets", "frame", "stroke",
        "touching", "nominated", "nominates", "player", "players", "plays", "remains", "leads",
        "trails", "cushion", "safety", "penalty", "does", "would", "should", "could", "there",
        "their", "they", "them", "from", "into", "onto", "behind",
    ]
)
#: Common English words; two or more in a row are an English phrase left in the text.
COMMON_ENGLISH = ENGLISH_MARKERS | frozenset(
    [
        "a", "an", "of", "in", "on", "to", "at", "by", "is", "it", "be", "as", "or", "for",
        "up", "off", "one", "two", "three", "four", "five", "six", "seven", "table", "point",
        "points", "spot", "spots", "red", "shot",
    ]
)
#: A rule reference such as 3.17(d) or 3.10(b)(ii): its letters are not words.
RULE_REFERENCE = re.compile(r"\d+\.\d+(?:\([a-z]+\))*")
LATIN_WORD = re.compile(r"[A-Za-z]+(?:'[A-Za-z]+)?")
WORD = re.compile(r"[^\W\d_]+(?:'[^\W\d_]+)?")


def scenario_fields() -> Iterator[dict[str, Any]]:
    for path in SCENARIO_FILES:
        for entry in json.loads(path.read_text(encoding="utf-8")):
            if entry.get("model") == "quiz.scenario":
                yield entry["fields"]


def allowed_names(case: Mapping[str, Any]) -> set[str]:
    """Words a translation keeps from English: the players' and sides' names, and the D."""
    state = case.get("state") or {}
    players = state.get("players") or ["A", "B"]
    return {*players, *(state.get("sides") or {}), "D"}


def english_in(text: str, *, language: str, names: set[str]) -> list[str]:
    """The English a translated text contains: marker words, runs of common English words,
    and in Russian and Persian any Latin word that is not a name.

    >>> english_in("A joue la rouge, puis the blue ball.", language="fr", names={"A"})
    ['the', 'blue', 'ball', 'the blue ball']
    >>> english_in("La bille de choc est sur la table, 3.14(c)(i).", language="fr", names={"A"})
    []
    >>> english_in("Биток у борта (free ball), 3.17(d)", language="ru", names={"A"})
    ['free', 'ball', 'free ball']
    >>> english_in("Ann и Cal против Bo, в зоне D", language="ru", names={"Ann", "Cal", "Bo", "D"})
    []
    """
    text = RULE_REFERENCE.sub(" ", text)
    found = []
    if language in {"ru", "fa"}:
        found += [word for word in LATIN_WORD.findall(text) if word not in names]
    else:
        found += [word for word in WORD.findall(text) if word.lower() in ENGLISH_MARKERS]
    run: list[str] = []
    for word in [*WORD.findall(text), ""]:
        if word.lower() in COMMON_ENGLISH and word not in names:
            run.append(word)
            continue
        if len(run) >= 2:
            found.append(" ".join(run))
        run = []
    return found


@pytest.fixture(scope="module")
def loaded_bank(django_db_setup: None, django_db_blocker: Any) -> Iterator[BankCoverage]:
    """The bank loaded once for the module (it takes seconds: every case judged)."""
    with rolled_back_after_the_module(django_db_blocker):
        with django_db_blocker.unblock():
            out, err = StringIO(), StringIO()
            try:
                call_command("load_scenarios", *map(str, FIXTURES), stdout=out, stderr=err)
            except CommandError as error:
                pytest.fail(f"{error}\n{err.getvalue()}")
            assert "Loaded 8 topic(s)" in out.getvalue()
            coverage = bank_coverage()
        yield coverage


@pytest.fixture
def real_bank(loaded_bank: BankCoverage, db: None) -> BankCoverage:
    return loaded_bank


def test_the_exam_pool_is_there_and_exam_only(real_bank):
    assert EXAM_FILES, "fixtures/exam/*.json: the shared exam pool is missing"
    problems = [
        f"{fields['slug']}: {problem}"
        for fields in exam_fields()
        for problem in (
            "" if fields.get("audience") == "exam" else 'lacks "audience": "exam"',
            "" if fields["slug"].startswith("exam-") else "slug does not start with exam-",
            "" if not fields.get("federation") else "the shared pool belongs to no federation",
        )
        if problem
    ]
    assert problems == []


def test_the_exam_pool_meets_the_targets_of_issue_8(real_bank):
    pool = exam_pool_coverage()
    missed = [
        f"{target.name}: need {target.needed}, have {target.actual}"
        for target in pool.targets()
        if not target.met
    ]
    assert missed == []
    # A withdrawn question stays in its file, unpublished, for the attempts that drew it.
    assert pool.total == sum(1 for fields in exam_fields() if fields.get("published", True))


def test_practice_and_the_exam_pool_are_apart(real_bank):
    from quiz.models import Scenario

    practice_slugs = {
        entry["fields"]["slug"]
        for path in PRACTICE_FILES
        for entry in json.loads(path.read_text(encoding="utf-8"))
        if entry.get("model") == "quiz.scenario"
    }
    assert real_bank.published == len(practice_slugs)
    assert set(Scenario.objects.filter(audience="exam").values_list("slug", flat=True)) == {
        fields["slug"] for fields in exam_fields()
    }


def exam_fields() -> Iterator[dict[str, Any]]:
    for path in EXAM_FILES:
        for entry in json.loads(path.read_text(encoding="utf-8")):
            if entry.get("model") == "quiz.scenario":
                yield entry["fields"]


def test_the_bank_meets_every_target_of_issue_4(real_bank):
    missed = [
        f"{target.name}: need {target.needed}, have {target.actual}"
        for target in real_bank.targets()
        if not target.met
    ]
    assert missed == []


def test_the_bank_has_the_numbers_of_issue_4(real_bank):
    assert real_bank.published >= bank_targets.MIN_PUBLISHED
    assert len(real_bank.per_topic) == 8
    assert min(real_bank.per_topic.values()) >= bank_targets.MIN_PER_TOPIC
    assert real_bank.with_positions >= bank_targets.MIN_WITH_POSITIONS
    assert real_bank.per_ask["decision"] >= bank_targets.MIN_DECISION
    assert all(real_bank.per_ask.values()), real_bank.per_ask
    assert real_bank.four_handed >= bank_targets.MIN_FOUR_HANDED
    assert all(real_bank.per_difficulty.values()), real_bank.per_difficulty


def test_every_published_scenario_is_in_every_language(real_bank):
    assert real_bank.incomplete == {}
    assert set(real_bank.per_language.values()) == {real_bank.published}


def test_every_paragraph_the_engine_applies_is_reached(real_bank):
    assert real_bank.unreached_paragraphs == ()
    assert real_bank.unreached_codes == ()


def test_no_two_scenarios_ask_the_same_question_of_the_same_case(real_bank):
    assert real_bank.duplicates == ()


def test_translations_contain_no_english():
    problems = []
    for fields in scenario_fields():
        names = allowed_names(fields["case"])
        for name in TEXT_FIELDS:
            english = fields[f"{name}_en"].strip()
            for language in TRANSLATIONS:
                text = fields[f"{name}_{language}"].strip()
                if english and text == english:
                    problems.append(f"{fields['slug']}: {name}_{language} is the English text")
                found = english_in(text, language=language, names=names)
                if found:
                    problems.append(f"{fields['slug']}: {name}_{language}: {found}")
    assert problems == []


#: What an author's ``expect`` must hold for each kind of question (architecture: it
#: "should at least cover what the scenario asks").
EXPECT_BY_ASK: Mapping[str, tuple[str, ...]] = {
    "legal": ("legal",),
    "penalty": ("penalty",),
    "points": ("points",),
    "calls": ("calls",),
    "next": ("next.striker", "next.options"),
    "ball_on": ("next.ball_on",),
    "respot": ("respots",),
    "decision": (
        "legal",
        "penalty",
        "points",
        "calls",
        "next.striker",
        "next.options",
        "next.ball_on",
    ),
}


def test_every_expect_covers_what_its_scenario_asks():
    problems = []
    for fields in scenario_fields():
        expect = fields["case"].get("expect") or {}
        for path in EXPECT_BY_ASK[fields["ask"]]:
            head, _dot, tail = path.partition(".")
            if head not in expect or (tail and tail not in expect[head]):
                problems.append(f"{fields['slug']} ({fields['ask']}): expect lacks {path}")
        if fields.get("ask_ball") and "respots" not in expect:
            problems.append(f"{fields['slug']}: asks about {fields['ask_ball']}; no respots")
    assert problems == []


def test_a_question_asks_only_what_its_form_asks():
    """A re-spot is answered only for the ball a scenario names: its question must name one."""
    problems = [
        fields["slug"]
        for fields in scenario_fields()
        if "re-spot" in fields["question_en"].lower() and not fields.get("ask_ball")
    ]
    assert problems == []


def test_the_demo_exam_draws_from_the_exam_pool(real_bank):
    import random

    from exams.families import FamilyDraw
    from exams.frames import FrameDraw
    from exams.models import Exam
    from exams.selectors import exam_pool_sizes
    from exams.services import draw_questions

    call_command("loaddata", str(ROOT / "fixtures" / "demo_federation.json"), stdout=StringIO())
    exam = Exam.objects.get(slug="demo-referee-level-1")
    sizes = exam_pool_sizes(federation=exam.federation)
    pool = {size.topic.pk: size.total for size in sizes}
    families = {size.topic.pk: size.families for size in sizes}
    families[None] = sum(families.values())
    for section in exam.sections.all():
        # The demo exam draws from families (issue 21): each candidate his own questions.
        if section.source == "scenarios":
            assert section.question_count <= pool[section.topic_id], section
        elif section.source == "frame":  # a frame to referee (issue 22): the section is valid
            section.full_clean()
        else:
            assert families[section.topic_id], section
    for seed in range(5):
        drawn = draw_questions(exam=exam, rng=random.Random(seed))
        assert len(drawn) == exam.question_count
        assert all(
            item.family.in_exams if isinstance(item, FamilyDraw) else item.audience == "exam"
            for item in drawn
            if not isinstance(item, FrameDraw)
        )
        assert any(isinstance(item, FamilyDraw) for item in drawn)
        assert sum(isinstance(item, FrameDraw) for item in drawn) == 4
