"""Attempts started before ``Attempt.question_count`` existed: count their drawn questions."""

from django.db import migrations
from django.db.models import Count, OuterRef, Subquery
from django.db.models.functions import Coalesce


def count_questions(apps, schema_editor):
    Attempt = apps.get_model("exams", "Attempt")
    AttemptQuestion = apps.get_model("exams", "AttemptQuestion")
    drawn = (
        AttemptQuestion.objects.filter(attempt=OuterRef("pk"))
        .order_by()
        .values("attempt")
        .annotate(total=Count("pk"))
        .values("total")
    )
    Attempt.objects.filter(question_count=0).update(question_count=Coalesce(Subquery(drawn), 0))


class Migration(migrations.Migration):
    dependencies = [("exams", "0010_attempt_question_count")]

    operations = [migrations.RunPython(count_questions, migrations.RunPython.noop)]
