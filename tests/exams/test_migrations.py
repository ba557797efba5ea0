"""Data migrations of exams, run on rows made with the models as they were before them."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

BEFORE = ("exams", "0010_attempt_question_count")
AFTER = ("exams", "0011_count_questions_of_existing_attempts")


def migrate_to(target: tuple[str, str]):
    """Migrate exams to ``target``; the apps (historical models) as they are there."""
    executor = MigrationExecutor(connection)
    executor.migrate([target])
    executor.loader.build_graph()
    return executor.loader.project_state([target]).apps


def latest() -> None:
    executor = MigrationExecutor(connection)
    executor.migrate(executor.loader.graph.leaf_nodes())


@pytest.mark.django_db(transaction=True)
def test_attempts_started_before_the_count_existed_get_it():
    apps = migrate_to(BEFORE)
    try:
        User = apps.get_model("auth", "User")
        Federation = apps.get_model("exams", "Federation")
        Exam = apps.get_model("exams", "Exam")
        Enrolment = apps.get_model("exams", "Enrolment")
        Attempt = apps.get_model("exams", "Attempt")
        AttemptQuestion = apps.get_model("exams", "AttemptQuestion")
        now = datetime(2026, 6, 1, tzinfo=UTC)
        federation = Federation.objects.create(slug="old", name="Old federation")
        exam = Exam.objects.create(
            federation=federation, slug="old-exam", name="Old exam", time_limit=30,
            opens_at=now, closes_at=now + timedelta(days=1), pass_mark=80,
            attempts_allowed=2, waiting_hours=0, languages=["en"],
            certificate_months=24, invitation_days=14,
        )
        counts = {}
        for number, drawn in enumerate((3, 0), start=1):
            user = User.objects.create(username=f"candidate-{number}")
            enrolment = Enrolment.objects.create(
                exam=exam, user=user, full_name="A B", email=f"{number}@example.org",
                language="en",
            )
            attempt = Attempt.objects.create(
                enrolment=enrolment, number=1, language="en", started_at=now,
                deadline=now + timedelta(minutes=30),
            )
            for position in range(1, drawn + 1):
                AttemptQuestion.objects.create(
                    attempt=attempt, position=position, case={}, ask="call",
                    title="", narrative="", question="", note="",
                )
            counts[attempt.pk] = drawn
        assert set(Attempt.objects.values_list("question_count", flat=True)) == {0}

        apps = migrate_to(AFTER)
        Attempt = apps.get_model("exams", "Attempt")
        assert dict(Attempt.objects.values_list("pk", "question_count")) == counts
    finally:
        latest()
