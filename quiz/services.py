"""Writes: practice answers and progress, self-tests."""

from __future__ import annotations

import datetime
import random
import uuid
from collections.abc import Iterable, Mapping, MutableMapping, Sequence
from typing import Any

from django.conf import settings
from django.db import IntegrityError, transaction
from django.db.models import F
from django.utils import timezone

from quiz import review
from quiz.families.spec import FamilyError
from quiz.freezing import draw_instance, retold_fields
from quiz.grading import Grade, grade
from quiz.models import (
    Family,
    PracticeAnswer,
    Progress,
    ReviewCard,
    Scenario,
    SelfTest,
    SelfTestAnswer,
    Topic,
)
from quiz.selectors import (
    FAMILY_CARD_PREFIX,
    handwritten_scenarios,
    is_answered,
    is_weak_topic,
    next_position,
    practice_families,
)
from throttling.services import take_turn

#: How many places of a self-test's draw each family takes beside one hand-written scenario.
FAMILY_PLACES = 3
#: New instances one client (an account, else an address) may draw an hour ("Another like
#: this" stores each one; ``QUIZ_GENERATED_PER_HOUR`` overrides it): generous for a trainee.
GENERATED_PER_HOUR = 240
#: Self-tests with generated situations one client may start an hour: each start freezes up
#: to a test's length of new instances (``QUIZ_SELF_TESTS_PER_HOUR`` overrides it).
SELF_TESTS_PER_HOUR = 10


class AlreadyAnswered(ValueError):
    """The question was answered before; the first answer stands."""


class NoScenarios(ValueError):
    """There is nothing published to ask in the chosen topics."""


def record_practice_answer(
    *,
    scenario: Scenario,
    answer: Mapping[str, Any],
    token: uuid.UUID,
    user: Any | None,
    ruleset: str | None = None,
    variants: Sequence[str] = (),
) -> tuple[PracticeAnswer, Grade]:
    """Grade and keep one practice answer; signed-in trainees' progress moves on.

    ``ruleset`` is the edition the trainee practises (None: the case's own) and ``variants``
    the local variants he adds; the answer keeps the edition and variants that graded it.
    Raises :class:`AlreadyAnswered` when the token was used before (a replayed form).
    """
    result = grade(scenario=scenario, answer=answer, ruleset=ruleset, variants=variants)
    signed_in = user is not None and getattr(user, "is_authenticated", False)
    try:
        with transaction.atomic():
            keep_current_words(scenario=scenario)
            stored = PracticeAnswer.objects.create(
                user=user if signed_in else None,
                scenario=scenario,
                token=token,
                answer=dict(answer),
                score=result.score,
                ruleset=result.ruleset,
                variants=list(result.variants),
                engine_version=result.engine_version,
            )
            if signed_in:
                _count_in_progress(user=user, scenario=scenario, result=result, practice=True)
    except IntegrityError as error:
        raise AlreadyAnswered(str(error)) from error
    return stored, result


def keep_current_words(*, scenario: Scenario) -> None:
    """Before the first answer to a family's instance, store the words it is shown with now
    (``selectors.shown_scenario``): the answer's record keeps what the trainee read.

    An answered instance, a hand-written scenario, or an instance whose family no longer builds
    its situation (``freezing.retold_fields``) keeps its words.
    """
    if scenario.family_id is None or is_answered(scenario=scenario):
        return
    fields = retold_fields(
        scenario=scenario, languages=[code for code, _name in settings.LANGUAGES]
    )
    if fields:  # once per instance: its first answer
        Scenario.objects.filter(pk=scenario.pk).update(**fields)
        for name, text in fields.items():
            setattr(scenario, name, text)


def _count_in_progress(*, user: Any, scenario: Scenario, result: Grade, practice: bool) -> None:
    """Add one graded answer to the trainee's progress in the scenario's topic.

    Only practice moves ``last_scenario``: it is where practice resumes, and a
    self-test's random draw says nothing about that.
    """
    progress, _created = Progress.objects.get_or_create(user=user, topic=scenario.topic)
    changes: dict[str, Any] = {
        "answered": F("answered") + 1,
        "correct": F("correct") + (1 if result.correct else 0),
        "score_total": F("score_total") + result.score,
        "updated_at": timezone.now(),
    }
    if practice:
        changes["last_scenario"] = scenario
    Progress.objects.filter(pk=progress.pk).update(**changes)


def start_self_test(
    *,
    language: str,
    length: int,
    topics: Iterable[Topic],
    user: Any | None = None,
    rng: random.Random | None = None,
    ruleset: str = "",
    variants: Sequence[str] = (),
    include_families: bool = False,
) -> SelfTest:
    """Draw ``length`` published scenarios at random from the topics, without repeats.

    When the topics hold fewer scenarios, every one of them is asked. ``ruleset`` and
    ``variants`` (the trainee's practice choice) grade every answer; empty: the seeds' edition.
    With ``include_families``, the topics' families take places in the draw too
    (``FAMILY_PLACES`` each), every place a new instance frozen now with a seed from ``rng``.
    """
    topics = list(topics)
    rng = rng or random.SystemRandom()
    pool: list[int | Family] = list(
        handwritten_scenarios().filter(topic__in=topics).order_by("pk").values_list("pk", flat=True)
    )
    if include_families:
        pool += [f for f in practice_families(topics=topics) for _ in range(FAMILY_PLACES)]
    if not pool:
        raise NoScenarios("no published scenario in the chosen topics")
    with transaction.atomic():
        drawn = _frozen(rng.sample(pool, k=min(length, len(pool))), rng=rng)
        self_test = SelfTest.objects.create(
            user=user if user is not None and getattr(user, "is_authenticated", False) else None,
            language=language,
            length=length,
            scenario_ids=drawn,
            ruleset=ruleset,
            variants=list(variants),
        )
        self_test.topics.set(topics)
    return self_test


def _frozen(picks: list[int | Family], *, rng: random.Random) -> list[int]:
    """The drawn scenarios' ids, each family's place an instance frozen now (never one drawn
    twice in the test; a family that gives none leaves its place out)."""
    drawn: list[int] = []
    for pick in picks:
        if isinstance(pick, int):
            drawn.append(pick)
            continue
        for _attempt in range(FAMILY_PLACES):
            try:
                scenario = draw_instance(family=pick, rng=rng)
            except FamilyError:
                break
            if scenario.pk not in drawn:
                drawn.append(scenario.pk)
                break
    return drawn


def answer_self_test(
    *, self_test: SelfTest, position: int, scenario: Scenario, answer: Mapping[str, Any]
) -> SelfTestAnswer:
    """Keep the answer to one question; the test finishes with its last answer.

    A signed-in trainee's answer counts in his progress per topic, as a
    practice answer does. Raises :class:`AlreadyAnswered` when that question
    has an answer already (and then nothing is counted twice).
    """
    if self_test.scenario_ids[position - 1] != scenario.pk:
        raise ValueError("the scenario is not the one asked at this position")
    result = grade(
        scenario=scenario,
        answer=answer,
        ruleset=self_test.ruleset or None,
        variants=self_test.variants or (),
    )
    try:
        with transaction.atomic():
            keep_current_words(scenario=scenario)
            stored = SelfTestAnswer.objects.create(
                self_test=self_test,
                position=position,
                scenario=scenario,
                answer=dict(answer),
                score=result.score,
                ruleset=result.ruleset,
                variants=list(result.variants),
                engine_version=result.engine_version,
            )
            if self_test.user_id is not None:
                _count_in_progress(
                    user=self_test.user, scenario=scenario, result=result, practice=False
                )
    except IntegrityError as error:
        raise AlreadyAnswered(str(error)) from error
    if self_test.user_id is not None:
        schedule_review(
            scenario=scenario, score=result.score, user=self_test.user, session_cards={}
        )
    if next_position(self_test=self_test) is None and self_test.finished_at is None:
        self_test.finished_at = timezone.now()
        self_test.save(update_fields=["finished_at"])
    return stored


def schedule_review(
    *,
    scenario: Scenario,
    score: float,
    user: Any | None,
    session_cards: MutableMapping[str, Any],
    now: datetime.datetime | None = None,
) -> dict[str, Any]:
    """Reschedule ``scenario`` for the trainee after an answer with ``score`` (``quiz.review``).

    A signed-in trainee's card is stored; an anonymous trainee's is put in
    ``session_cards`` (the caller keeps it in the session). A topic he is weak
    in comes back sooner. Returns the new card.
    """
    now = now or timezone.now()
    signed_in = user is not None and getattr(user, "is_authenticated", False)
    weak = is_weak_topic(user=user, session_cards=session_cards, topic=scenario.topic)
    if scenario.family_id is not None:
        return _schedule_family(
            scenario=scenario,
            score=score,
            user=user if signed_in else None,
            session_cards=session_cards,
            now=now,
            weak=weak,
        )
    if not signed_in:
        card = review.schedule(
            session_cards.get(str(scenario.pk)), score=score, now=now, weak=weak
        )
        session_cards[str(scenario.pk)] = card
        return card
    with transaction.atomic():
        stored = (
            ReviewCard.objects.select_for_update().filter(user=user, scenario=scenario).first()
        )
        card = review.schedule(stored.card if stored else None, score=score, now=now, weak=weak)
        ReviewCard.objects.update_or_create(
            user=user,
            scenario=scenario,
            defaults={"card": card, "due": review.due(card), "last_score": float(score)},
        )
    return card


def _schedule_family(
    *,
    scenario: Scenario,
    score: float,
    user: Any | None,
    session_cards: MutableMapping[str, Any],
    now: datetime.datetime,
    weak: bool,
) -> dict[str, Any]:
    """Reschedule the family of the instance ``scenario`` (the family comes back, not the
    instance): the card serves a new instance of it, drawn and frozen now, so that the review
    page, a GET, only links to it."""
    try:
        if not scenario.family.published:  # withdrawn from practice: never draw it again
            raise FamilyError(f"{scenario.family.slug} is not in practice")
        coming = draw_instance(family=scenario.family, avoid=scenario)
    except FamilyError:  # no new instance: the same one comes back (while it is shown)
        coming = scenario
    if user is None:
        key = f"{FAMILY_CARD_PREFIX}{scenario.family_id}"
        card = review.schedule(session_cards.get(key), score=score, now=now, weak=weak)
        card["scenario"] = coming.pk
        session_cards[key] = card
        return card
    with transaction.atomic():
        stored = (
            ReviewCard.objects.select_for_update()
            .filter(user=user, family_id=scenario.family_id)
            .first()
        )
        card = review.schedule(stored.card if stored else None, score=score, now=now, weak=weak)
        card["scenario"] = coming.pk
        ReviewCard.objects.update_or_create(
            user=user,
            family_id=scenario.family_id,
            defaults={
                "scenario": coming,
                "card": card,
                "due": review.due(card),
                "last_score": float(score),
            },
        )
    return card


def draw_family_instance(*, family: Family, avoid: Scenario | None = None) -> Scenario:
    """A new instance of ``family`` frozen for practice ("Another like this"), never the
    situation of ``avoid``; ``FamilyError`` when the family gives none."""
    return draw_instance(family=family, avoid=avoid)


def take_generation_turn(*, client: str, now: datetime.datetime | None = None) -> bool:
    """One more instance drawn for ``client``; ``False`` past the hour's allowance.

    Every draw stores a scenario, so a script posting "Another like this" without end is
    stopped (counted in the shared cache, ``throttling.services``).
    """
    return take_turn(
        scope="quiz-generated",
        key=client,
        window=3600,
        now=now,
        limit=int(getattr(settings, "QUIZ_GENERATED_PER_HOUR", GENERATED_PER_HOUR)),
    )


def take_self_test_turn(*, client: str, now: datetime.datetime | None = None) -> bool:
    """One more self-test with generated situations started by ``client``; ``False`` past the
    hour's allowance (each such start freezes up to its length of instances: a heavy write)."""
    return take_turn(
        scope="quiz-self-test-generated",
        key=client,
        window=3600,
        now=now,
        limit=int(getattr(settings, "QUIZ_SELF_TESTS_PER_HOUR", SELF_TESTS_PER_HOUR)),
    )
