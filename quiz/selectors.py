"""Reads: what to ask next, progress, self-test results."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from django.db.models import Count, Q, QuerySet

from quiz.grading import Grade, grade
from quiz.models import PracticeAnswer, Progress, Scenario, SelfTest, Topic


def published_scenarios(*, topic: Topic | None = None) -> QuerySet[Scenario]:
    scenarios = Scenario.objects.filter(published=True).select_related("topic")
    return scenarios.filter(topic=topic) if topic is not None else scenarios


def topics_with_counts() -> QuerySet[Topic]:
    """Topics in order, each with ``scenario_count``, its published scenarios."""
    return Topic.objects.annotate(
        scenario_count=Count("scenarios", filter=Q(scenarios__published=True))
    ).order_by("order", "slug")


def next_practice_scenario(
    *, topic: Topic, answered_ids: Iterable[int], after: Scenario | None = None
) -> Scenario | None:
    """The first scenario of the topic not yet answered; when all are, the one after ``after``.

    Scenarios come easiest first, so a trainee who comes back resumes where he left off.
    """
    scenarios = list(published_scenarios(topic=topic))
    if not scenarios:
        return None
    answered = set(answered_ids)
    for scenario in scenarios:
        if scenario.pk not in answered:
            return scenario
    if after is not None and after in scenarios:
        return scenarios[(scenarios.index(after) + 1) % len(scenarios)]
    return scenarios[0]


def answered_scenario_ids(*, user: Any, topic: Topic) -> set[int]:
    return set(
        PracticeAnswer.objects.filter(user=user, scenario__topic=topic).values_list(
            "scenario_id", flat=True
        )
    )


def practice_answer_by_token(*, token: str) -> PracticeAnswer | None:
    return PracticeAnswer.objects.select_related("scenario").filter(token=token).first()


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
    rows = {
        row.topic_id: row
        for row in Progress.objects.filter(user=user).select_related("last_scenario")
    }
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


def progress_for(*, user: Any, topic: Topic) -> Progress | None:
    return Progress.objects.filter(user=user, topic=topic).select_related("last_scenario").first()


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


def next_position(*, self_test: SelfTest) -> int | None:
    """The first unanswered question (1-based), or None when all are answered."""
    answered = set(self_test.answers.values_list("position", flat=True))
    for position in range(1, self_test.size + 1):
        if position not in answered:
            return position
    return None


def scenario_at(*, self_test: SelfTest, position: int) -> Scenario | None:
    if not 1 <= position <= self_test.size:
        return None
    return (
        Scenario.objects.select_related("topic")
        .filter(pk=self_test.scenario_ids[position - 1])
        .first()
    )


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
            grade=grade(scenario=answer.scenario, answer=answer.answer),
        )
        for answer in self_test.answers.select_related("scenario__topic").order_by("position")
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
        questions=self_test.size,
        by_topic=by_topic,
        review=review,
    )
