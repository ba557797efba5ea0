"""Data: every enrolment gets an account of its own, and the old shared accounts are closed.

Before, one password-less account per email address (named by the address) held every
enrolment of that address, in any federation, and an invitation link signed in to all
of it; a trainee who had signed up with the address as his name was matched too. Now
each enrolment has its own password-less account that only its invitation link opens.
Existing invitation links (signed, permanent) stop working: the examiner issues new
ones from the exam's page. Old accounts without a password and without any staff or
examiner role are deactivated (their owners never had a way in but the links).
"""

import secrets

from django.db import migrations


def one_account_per_enrolment(apps, schema_editor):
    User = apps.get_model("auth", "User")
    Enrolment = apps.get_model("exams", "Enrolment")
    AuditEvent = apps.get_model("exams", "AuditEvent")
    Examiner = apps.get_model("exams", "Examiner")
    old_users = set()
    for enrolment in Enrolment.objects.all().iterator():
        old = enrolment.user_id
        # "!" starts an unusable password (django.contrib.auth.hashers.UNUSABLE_PASSWORD_PREFIX)
        account = User.objects.create(
            username=f"candidate-{secrets.token_hex(8)}",
            password="!" + secrets.token_urlsafe(30),
            is_active=True,
        )
        Enrolment.objects.filter(pk=enrolment.pk).update(user=account)
        AuditEvent.objects.filter(attempt__enrolment=enrolment, actor_id=old).update(actor=account)
        old_users.add(old)
    examiners = set(Examiner.objects.values_list("user_id", flat=True))
    User.objects.filter(
        pk__in=old_users - examiners, password__startswith="!", is_staff=False, is_superuser=False
    ).update(is_active=False)


class Migration(migrations.Migration):
    dependencies = [
        ("exams", "0004_invitations"),
        ("auth", "0012_alter_user_first_name_max_length"),
    ]

    operations = [
        migrations.RunPython(one_account_per_enrolment, migrations.RunPython.noop),
    ]
