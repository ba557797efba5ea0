"""Data: questions graded before the engine had a version were graded by version 1.0.0."""

from django.db import migrations

#: rules_engine had no __version__ before 1.1.0; every grade until then was 1.0.0's.
FIRST_VERSION = "1.0.0"


def mark_earlier_grades(apps, schema_editor):
    AttemptQuestion = apps.get_model("exams", "AttemptQuestion")
    graded = AttemptQuestion.objects.filter(score__isnull=False, graded_engine_version="")
    for question in graded.only("pk", "case").iterator():
        case = question.case if isinstance(question.case, dict) else {}
        ruleset = case.get("ruleset", "wpbsa-2007")
        AttemptQuestion.objects.filter(pk=question.pk).update(
            graded_ruleset=str(ruleset)[:32], graded_engine_version=FIRST_VERSION
        )


class Migration(migrations.Migration):
    dependencies = [("exams", "0006_attempt_regrading_engine_version")]

    operations = [migrations.RunPython(mark_earlier_grades, migrations.RunPython.noop)]
