"""Reads: what to ask next, progress, self-test results.

Who sees what is decided here: the public site (practice, self-tests, progress,
counts) sees published *practice* scenarios only. An exam-only scenario is never
listed, served, counted or explained by any function of this module; exams draw
it through :mod:`exams.selectors`, and the admin shows it.
"""

from __future__ import annotations

import datetime
import random
import time
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from django.conf import settings
from django.db.models import Count, Q, QuerySet
from django.utils import timezone, translation

from quiz import charts, review, situations
from quiz.freezing import retold_fields
from quiz.grading import Grade, grade
from quiz.models import (
    Audience,
    Family,
    PracticeAnswer,
    Progress,
    ReviewCard,
    Scenario,
    SelfTest,
    SelfTestAnswer,
    Topic,
)

if TYPE_CHECKING:  # pragma: no cover
    from quiz.editions import Change

#: The public site's scenarios: published, for practice (never exam-only), and a family's
#: instance only while its family is in practice (a family made exam-only takes its own along).
PRACTICE = Q(published=True, audience=Audience.PRACTICE) & (
    Q(family__isnull=True) | Q(family__published=True)
)
#: Written by hand: not a family's instance frozen when drawn (``quiz.freezing``). Lists,
#: counts and the topic's order of questions hold these only; an instance is served (by its
#: address, a review card, a self-test) but never listed as a scenario of the bank.
HANDWRITTEN = Q(family__isnull=True)


def published_scenarios(*, topic: Topic | None = None) -> QuerySet[Scenario]:
    """The published practice scenarios (of ``topic``): all the public site may show.

    Exam-only scenarios are never among them; frozen family instances are (they are served),
    :func:`handwritten_scenarios` leaves them out.
    """
    scenarios = Scenario.objects.filter(PRACTICE).select_related("topic")
    return scenarios.filter(topic=topic) if topic is not None else scenarios


def handwritten_scenarios(*, topic: Topic | None = None) -> QuerySet[Scenario]:
    """The published practice scenarios written by hand: the bank as it is listed and counted."""
    return published_scenarios(topic=topic).filter(HANDWRITTEN)


def practice_families(*, topics: Iterable[Topic] | None = None) -> QuerySet[Family]:
    """The published families (of ``topics``) whose instances practice and self-tests draw."""
    families = Family.objects.filter(published=True).select_related("topic")
    return families.filter(topic__in=list(topics)) if topics is not None else families


def practice_family(*, slug: str) -> Family | None:
    """The published family ``slug``, or ``None`` (unknown and unpublished alike)."""
    return practice_families().filter(slug=slug).first()


def practice_scenario(*, topic: str, slug: str) -> Scenario | None:
    """The practice scenario at ``practice/<topic>/<slug>/``, or ``None``.

    An exam-only or unpublished scenario is ``None``, exactly like an unknown slug.
    """
    return published_scenarios().filter(slug=slug, topic__slug=topic).first()


def family_instance(*, family: Family, slug: str) -> Scenario | None:
    """The published instance ``slug`` of ``family``, or ``None``."""
    return published_scenarios().filter(family=family, slug=slug).first() if slug else None


def is_answered(*, scenario: Scenario) -> bool:
    """Whether anyone has answered ``scenario``, in practice or in a self-test."""
    return (
        PracticeAnswer.objects.filter(scenario=scenario).exists()
        or SelfTestAnswer.objects.filter(scenario=scenario).exists()
    )


def shown_scenario(*, scenario: Scenario) -> Scenario:
    """``scenario`` as a question page shows it (the same object, changed in memory only).

    A family's instance nobody has answered yet is told in the reader's language as the
    catalogues tell it now, not as when it was frozen; its first answer stores those words
    (``services``), and an answered instance keeps the words it was answered with: they are
    part of the record. Nothing is written here (a GET writes nothing). A hand-written
    scenario is shown as written.
    """
    if scenario.family_id is None:
        return scenario
    language = translation.get_language()
    if language not in {code for code, _name in settings.LANGUAGES}:
        return scenario
    if is_answered(scenario=scenario):
        return scenario
    for name, value in retold_fields(scenario=scenario, languages=[language]).items():
        setattr(scenario, name, value)
    return scenario


def topics_with_counts() -> QuerySet[Topic]:
    """Topics in order, each with ``scenario_count``, its published practice scenarios."""
    return Topic.objects.annotate(
        scenario_count=Count(
            "scenarios",
            filter=Q(
                scenarios__published=True,
                scenarios__audience=Audience.PRACTICE,
                scenarios__family__isnull=True,
            ),
        )
    ).order_by("order", "slug")


def topics_with_families() -> list[Topic]:
    """:func:`topics_with_counts`, each topic with ``practice_families``: one published family
    for each kind of question and difficulty its families have (for "Practise with generated
    situations"; the entry draws from every family of its kind, :func:`kindred_families`)."""
    topics = list(topics_with_counts())
    by_topic: dict[int, dict[tuple[Any, ...], Family]] = {}
    for family in practice_families():
        kinds = by_topic.setdefault(family.topic_id, {})
        kinds.setdefault((tuple(family.asks), family.difficulty), family)
    for topic in topics:
        topic.practice_families = list(by_topic.get(topic.pk, {}).values())
    return topics


def kindred_families(*, family: Family) -> list[Family]:
    """The published families of ``family``'s topic that ask the same and are as difficult
    (``family`` among them)."""
    return [
        other
        for other in practice_families().filter(topic=family.topic, difficulty=family.difficulty)
        if other.asks == family.asks
    ]


def next_practice_scenario(
    *,
    topic: Topic,
    answered_ids: Iterable[int],
    after: Scenario | None = None,
    difficulty: int | None = None,
) -> Scenario | None:
    """The first scenario of the topic not yet answered; when all are, the one after ``after``.

    Scenarios come easiest first, so a trainee who comes back resumes where he left off.
    ``difficulty`` keeps to the scenarios of that difficulty.
    """
    scenarios = list(_practice_pool(topic=topic, difficulty=difficulty))
    if not scenarios:
        return None
    answered = set(answered_ids)
    for scenario in scenarios:
        if scenario.pk not in answered:
            return scenario
    if after is not None and after in scenarios:
        return scenarios[(scenarios.index(after) + 1) % len(scenarios)]
    return scenarios[0]


def _practice_pool(*, topic: Topic, difficulty: int | None) -> QuerySet[Scenario]:
    scenarios = handwritten_scenarios(topic=topic)
    return scenarios.filter(difficulty=difficulty) if difficulty else scenarios


def shuffled_practice_scenario(
    *,
    topic: Topic,
    answered_ids: Iterable[int],
    after: Scenario | None = None,
    difficulty: int | None = None,
    rng: random.Random | None = None,
) -> Scenario | None:
    """A scenario of the topic at random: one not yet answered if any, never ``after`` again.

    ``difficulty`` keeps to the scenarios of that difficulty.
    """
    pool = list(_practice_pool(topic=topic, difficulty=difficulty))
    scenarios = [scenario for scenario in pool if scenario != after] or pool
    if not scenarios:
        return None
    answered = set(answered_ids)
    fresh = [s for s in scenarios if s.pk not in answered]
    return (rng or random.SystemRandom()).choice(fresh or scenarios)


def answered_scenario_ids(*, user: Any, topic: Topic) -> set[int]:
    return set(
        PracticeAnswer.objects.filter(user=user, scenario__topic=topic).values_list(
            "scenario_id", flat=True
        )
    )


def practice_answer_by_token(*, token: str) -> PracticeAnswer | None:
    """A practice answer and its scenario, while the scenario is still a practice one.

    A scenario later made exam-only loses its practice feedback pages.
    """
    return (
        PracticeAnswer.objects.select_related("scenario__topic")
        .filter(token=token, scenario__published=True, scenario__audience=Audience.PRACTICE)
        .filter(Q(scenario__family__isnull=True) | Q(scenario__family__published=True))
        .first()
    )


def may_see_practice_answer(
    *, answer: PracticeAnswer, user: Any, session_tokens: Iterable[str]
) -> bool:
    """Whether this visitor may see ``answer``'s feedback: only its own visitor may.

    The token travels in the feedback page's address and in the question's form, so knowing
    it proves nothing. An answer given by a signed-in trainee is his account's (on any
    device); one given without an account is the session's that gave it, which remembers its
    token (``session_tokens``, the last ``practice_state.FEEDBACK_KEPT``): once forgotten, or
    in another browser, it has expired.
    """
    if answer.user_id is not None:
        return answer.user_id == getattr(user, "pk", None)
    return str(answer.token) in {str(token) for token in session_tokens}


@dataclass(frozen=True)
class TopicProgress:
    topic: Topic
    available: int
    answered: int
    correct: int
    score_total: float
    last_scenario: Scenario | None

    @property
    def ratio(self) -> float:
        return self.score_total / self.answered if self.answered else 0.0


def progress_by_topic(*, user: Any) -> list[TopicProgress]:
    """A trainee's progress in every topic, including topics not started yet."""
    rows = {row.topic_id: row for row in _progress_rows(user=user)}
    result = []
    for topic in topics_with_counts():
        row = rows.get(topic.pk)
        result.append(
            TopicProgress(
                topic=topic,
                available=topic.scenario_count,
                answered=row.answered if row else 0,
                correct=row.correct if row else 0,
                score_total=row.score_total if row else 0.0,
                last_scenario=row.last_scenario if row else None,
            )
        )
    return result


def _progress_rows(*, user: Any, topic: Topic | None = None) -> list[Progress]:
    """Progress rows whose ``last_scenario`` is a practice one (else forgotten: ``None``)."""
    rows = Progress.objects.filter(user=user).select_related("last_scenario")
    if topic is not None:
        rows = rows.filter(topic=topic)
    rows = list(rows)
    for row in rows:
        last = row.last_scenario
        if last is not None and (not last.published or last.audience != Audience.PRACTICE):
            row.last_scenario = None
    return rows


def progress_for(*, user: Any, topic: Topic) -> Progress | None:
    return next(iter(_progress_rows(user=user, topic=topic)), None)


def self_test_for(*, test_id: Any, user: Any, session_ids: Iterable[str]) -> SelfTest | None:
    """A self-test the visitor may see: started in this session, or by this trainee."""
    self_test = SelfTest.objects.filter(pk=test_id).first()
    if self_test is None:
        return None
    if str(self_test.pk) in set(session_ids):
        return self_test
    if self_test.user_id is not None and getattr(user, "pk", None) == self_test.user_id:
        return self_test
    return None


def _askable_positions(self_test: SelfTest) -> list[int]:
    """The positions (1-based) whose scenario is still a published practice scenario: one
    withdrawn or made exam-only since the test was drawn is no longer asked, nor counted."""
    askable = set(
        published_scenarios().filter(pk__in=self_test.scenario_ids).values_list("pk", flat=True)
    )
    return [
        position
        for position, pk in enumerate(self_test.scenario_ids, start=1)
        if pk in askable
    ]


def next_position(*, self_test: SelfTest) -> int | None:
    """The first unanswered question still asked (1-based), or None when none is left."""
    answered = set(self_test.answers.values_list("position", flat=True))
    for position in _askable_positions(self_test):
        if position not in answered:
            return position
    return None


def scenario_at(*, self_test: SelfTest, position: int) -> Scenario | None:
    """The practice scenario asked at ``position``; ``None`` when it is exam-only now."""
    if not 1 <= position <= self_test.size:
        return None
    return published_scenarios().filter(pk=self_test.scenario_ids[position - 1]).first()


def unfinished_self_test(*, user: Any, session_ids: Iterable[str]) -> SelfTest | None:
    ids = list(session_ids)
    query = Q(pk__in=ids)
    if getattr(user, "is_authenticated", False):
        query |= Q(user=user)
    return SelfTest.objects.filter(query, finished_at__isnull=True).order_by("-created_at").first()


@dataclass(frozen=True)
class ReviewItem:
    position: int
    scenario: Scenario
    answer: dict[str, Any]
    grade: Grade


@dataclass(frozen=True)
class TopicScore:
    topic: Topic
    questions: int
    score: float

    @property
    def ratio(self) -> float:
        return self.score / self.questions if self.questions else 0.0


@dataclass(frozen=True)
class SelfTestResult:
    self_test: SelfTest
    score: float
    questions: int
    by_topic: tuple[TopicScore, ...]
    review: tuple[ReviewItem, ...]

    @property
    def ratio(self) -> float:
        return self.score / self.questions if self.questions else 0.0

    @property
    def rounded_score(self) -> float:
        """The score to one decimal: partial credit makes fractions."""
        return round(self.score, 1)


def self_test_result(*, self_test: SelfTest) -> SelfTestResult:
    """Score, per-topic breakdown and a review of every question, each graded by the engine."""
    review = tuple(
        ReviewItem(
            position=answer.position,
            scenario=answer.scenario,
            answer=answer.answer,
            grade=grade(
                scenario=answer.scenario,
                answer=answer.answer,
                ruleset=self_test.ruleset or None,
                variants=self_test.variants or (),
            ),
        )
        for answer in self_test.answers.select_related("scenario__topic")
        .filter(scenario__audience=Audience.PRACTICE)
        .order_by("position")
    )
    totals: dict[int, tuple[Topic, int, float]] = {}
    for item in review:
        topic = item.scenario.topic
        _topic, count, score = totals.get(topic.pk, (topic, 0, 0.0))
        totals[topic.pk] = (topic, count + 1, score + item.grade.score)
    by_topic = tuple(
        TopicScore(topic=topic, questions=count, score=score)
        for topic, count, score in sorted(totals.values(), key=lambda row: row[0].order)
    )
    return SelfTestResult(
        self_test=self_test,
        score=sum(item.grade.score for item in review),
        questions=len(_askable_positions(self_test)),
        by_topic=by_topic,
        review=review,
    )


# --- spaced review (quiz.review) ---------------------------------------------


@dataclass(frozen=True)
class ReviewEntry:
    """One answered practice scenario and when it comes back."""

    scenario: Scenario
    due: datetime.datetime
    score: float
    answers: int

    @property
    def is_mistake(self) -> bool:
        return self.score < 1.0

    @property
    def is_family(self) -> bool:
        """A family's card: ``scenario`` is a new instance, never answered yet."""
        return self.scenario.family_id is not None


@dataclass(frozen=True)
class ReviewQueue:
    """What is due now (mistakes first, weak topics first), and what comes later (soonest first)."""

    due: tuple[ReviewEntry, ...]
    later: tuple[ReviewEntry, ...]
    weak_topics: frozenset[int]

    @property
    def next_due(self) -> ReviewEntry | None:
        return self.due[0] if self.due else None


#: A family's card in an anonymous trainee's session: ``family-<pk>``, the card naming the
#: scenario it serves next (``quiz.services.schedule_review``).
FAMILY_CARD_PREFIX = "family-"


def review_cards(*, user: Any, session_cards: Mapping[str, Any]) -> dict[int, dict[str, Any]]:
    """The trainee's review cards by the id of the scenario each serves: his stored ones, or
    the session's. A family's card serves the new instance drawn for it."""
    if getattr(user, "is_authenticated", False):
        return dict(ReviewCard.objects.filter(user=user).values_list("scenario_id", "card"))
    cards = {}
    for key, card in (session_cards or {}).items():
        if not isinstance(card, dict) or "fsrs" not in card:
            continue
        if str(key).isdigit():
            cards[int(key)] = card
        elif str(key).startswith(FAMILY_CARD_PREFIX) and str(card.get("scenario")).isdigit():
            cards[int(card["scenario"])] = card
    return cards


def review_entries(
    *, user: Any, session_cards: Mapping[str, Any], topic: Topic | None = None
) -> list[ReviewEntry]:
    """The trainee's answered *practice* scenarios with their schedule (exam-only never)."""
    cards = review_cards(user=user, session_cards=session_cards)
    scenarios = published_scenarios(topic=topic).filter(pk__in=list(cards))
    return [
        ReviewEntry(
            scenario=scenario,
            due=review.due(cards[scenario.pk]),
            score=float(cards[scenario.pk].get("score", 0.0)),
            answers=int(cards[scenario.pk].get("answers", 1)),
        )
        for scenario in scenarios
    ]


def weak_topic_ids(entries: Iterable[ReviewEntry]) -> frozenset[int]:
    """Topics whose answered scenarios average less than ``review.WEAK_BELOW`` of credit.

    >>> weak_topic_ids([])
    frozenset()
    """
    totals: dict[int, list[float]] = {}
    for entry in entries:
        totals.setdefault(entry.scenario.topic_id, []).append(entry.score)
    return frozenset(
        topic for topic, scores in totals.items() if sum(scores) / len(scores) < review.WEAK_BELOW
    )


def review_queue(
    *, user: Any, session_cards: Mapping[str, Any], now: datetime.datetime
) -> ReviewQueue:
    """What to review now: due scenarios, mistakes first (least credit first), weak topics next."""
    entries = review_entries(user=user, session_cards=session_cards)
    weak = weak_topic_ids(entries)
    due = sorted(
        (entry for entry in entries if entry.due <= now),
        key=lambda e: (not e.is_mistake, e.score, e.scenario.topic_id not in weak, e.due),
    )
    later = sorted((entry for entry in entries if entry.due > now), key=lambda e: e.due)
    return ReviewQueue(due=tuple(due), later=tuple(later), weak_topics=weak)


def topic_mistakes(
    *, user: Any, session_cards: Mapping[str, Any], topic: Topic
) -> list[ReviewEntry]:
    """The topic's scenarios whose last answer was not wholly right, longest waiting first."""
    entries = review_entries(user=user, session_cards=session_cards, topic=topic)
    return sorted(
        (entry for entry in entries if entry.is_mistake), key=lambda e: e.due
    )


def mistakes_by_topic(*, user: Any, session_cards: Mapping[str, Any]) -> dict[int, int]:
    """How many mistakes (last answer not wholly right) the trainee has in each topic."""
    counts: dict[int, int] = {}
    for entry in review_entries(user=user, session_cards=session_cards):
        if entry.is_mistake:
            counts[entry.scenario.topic_id] = counts.get(entry.scenario.topic_id, 0) + 1
    return counts


def is_weak_topic(*, user: Any, session_cards: Mapping[str, Any], topic: Topic) -> bool:
    """Whether the trainee is weak in ``topic`` (its scenarios come back sooner)."""
    entries = review_entries(user=user, session_cards=session_cards, topic=topic)
    return topic.pk in weak_topic_ids(entries)


# --- progress charts (quiz.charts) -------------------------------------------

#: How many of the latest days with answers a topic's chart shows.
CHART_DAYS = 10


@dataclass(frozen=True)
class TopicChart:
    """A topic's accuracy per day (latest ``CHART_DAYS`` days with answers) and what is due."""

    topic: Topic
    days: tuple[charts.DayAccuracy, ...]
    due: charts.DueCounts


def accuracy_by_day(*, user: Any) -> dict[int, list[charts.DayAccuracy]]:
    """A signed-in trainee's share of credit per topic and local day (practice and self-tests).

    Exam-only scenarios never count.
    """
    practice = PracticeAnswer.objects.filter(
        user=user, scenario__published=True, scenario__audience=Audience.PRACTICE
    ).values_list("scenario__topic_id", "answered_at", "score")
    tested = SelfTestAnswer.objects.filter(
        self_test__user=user, scenario__published=True, scenario__audience=Audience.PRACTICE
    ).values_list("scenario__topic_id", "answered_at", "score")
    totals: dict[int, dict[datetime.date, list[float]]] = {}
    for topic_id, answered_at, score in [*practice, *tested]:
        day = timezone.localtime(answered_at).date()
        totals.setdefault(topic_id, {}).setdefault(day, []).append(score)
    return {
        topic_id: [
            charts.DayAccuracy(day=day, answered=len(scores), accuracy=sum(scores) / len(scores))
            for day, scores in sorted(days.items())
        ][-CHART_DAYS:]
        for topic_id, days in totals.items()
    }


def due_by_topic(
    *, user: Any, session_cards: Mapping[str, Any], now: datetime.datetime
) -> dict[int, charts.DueCounts]:
    """Per topic, how many answered practice questions are due now, within a week, later."""
    week = now + datetime.timedelta(days=7)
    counts: dict[int, list[int]] = {}
    for entry in review_entries(user=user, session_cards=session_cards):
        row = counts.setdefault(entry.scenario.topic_id, [0, 0, 0])
        row[0 if entry.due <= now else 1 if entry.due <= week else 2] += 1
    return {topic: charts.DueCounts(*row) for topic, row in counts.items()}


def progress_charts(*, user: Any, now: datetime.datetime) -> list[TopicChart]:
    """Every topic's chart data for a signed-in trainee, topics in order."""
    days = accuracy_by_day(user=user)
    due = due_by_topic(user=user, session_cards={}, now=now)
    return [
        TopicChart(
            topic=topic,
            days=tuple(days.get(topic.pk, ())),
            due=due.get(topic.pk, charts.DueCounts(0, 0, 0)),
        )
        for topic in topics_with_counts()
    ]


def edition_changes(*, changes: Sequence[Change] | None = None) -> list[dict[str, Any]]:
    """The differences between two editions (``quiz.editions.CHANGES`` unless ``changes``
    says which), each with its practice scenario when the bank publishes it."""
    from quiz.editions import CHANGES

    changes = CHANGES if changes is None else changes
    slugs = [change.scenario for change in changes]
    found = {
        scenario.slug: scenario
        for scenario in published_scenarios().filter(slug__in=slugs).select_related("topic")
    }
    return [{"change": change, "scenario": found.get(change.scenario)} for change in changes]


def local_rule_scenarios() -> list[dict[str, Any]]:
    """The local variants a trainee may practise with (``quiz.editions.LOCAL_RULES``), each with
    its practice scenario when the bank publishes it."""
    from quiz.editions import LOCAL_RULES

    found = {
        scenario.slug: scenario
        for scenario in published_scenarios()
        .filter(slug__in=[rule.scenario for rule in LOCAL_RULES])
        .select_related("topic")
    }
    return [{"rule": rule, "scenario": found.get(rule.scenario)} for rule in LOCAL_RULES]


# --- the public bank's situations, which an exam question must not repeat -------------------


@dataclass(frozen=True)
class PracticeSituations:
    """The hand-written practice scenarios as situations (``quiz/situations.py``), grouped by
    outline, so that an exam's family draw can refuse an instance a trainee has already
    practised with its explanation (the closed book)."""

    by_outline: Mapping[Any, tuple[tuple[str, Any], ...]]

    def twin(self, *, case: Mapping[str, Any], ask: str, ask_ball: str) -> str | None:
        """The slug of a practice scenario that is ``case``'s situation with the same ruling
        of ``ask``, or ``None``."""
        loaded = situations.load(dict(case))
        if loaded is None:
            return None
        for slug, other in self.by_outline.get(situations.outline(loaded), ()):
            if situations.same_situation(loaded, other, ask=ask, ask_ball=ask_ball):
                return slug
        return None


#: The :class:`PracticeSituations` last read, and when (one per process). A scenario saved in
#: this process forgets it (``QuizConfig.ready``); one saved by another process is seen within
#: the age. Reading the bank costs tens of milliseconds: once a minute, never per question.
_practice_situations: list[tuple[float, PracticeSituations]] = []
PRACTICE_SITUATIONS_AGE = 60.0


def forget_practice_situations(**_signal: Any) -> None:
    _practice_situations.clear()


def practice_situations() -> PracticeSituations:
    """The public bank's hand-written situations, read at most once a minute per process."""
    if _practice_situations and (
        time.monotonic() - _practice_situations[0][0] < PRACTICE_SITUATIONS_AGE
    ):
        return _practice_situations[0][1]
    by_outline: dict[Any, list[tuple[str, Any]]] = {}
    rows = Scenario.objects.filter(PRACTICE & HANDWRITTEN).values_list("slug", "case")
    for slug, case in rows:
        loaded = situations.load(case)
        if loaded is not None:
            by_outline.setdefault(situations.outline(loaded), []).append((slug, loaded))
    found = PracticeSituations({key: tuple(cases) for key, cases in by_outline.items()})
    _practice_situations[:] = [(time.monotonic(), found)]
    return found
