"""Data: practice and self-test answers graded before the engine had a version (1.0.0)."""

from django.db import migrations

FIRST_VERSION = "1.0.0"


def mark_earlier_grades(apps, schema_editor):
    for name in ("PracticeAnswer", "SelfTestAnswer"):
        model = apps.get_model("quiz", name)
        model.objects.filter(engine_version="").update(
            ruleset="wpbsa-2007", engine_version=FIRST_VERSION
        )


class Migration(migrations.Migration):
    dependencies = [("quiz", "0003_answer_engine_version")]

    operations = [migrations.RunPython(mark_earlier_grades, migrations.RunPython.noop)]
