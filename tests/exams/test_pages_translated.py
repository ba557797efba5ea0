"""No exams page has English left in fr, ru, fa, pl.

The pages for candidates, examiners and visitors alike.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from django.utils import translation

from exams.models import Certificate

pytestmark = pytest.mark.django_db

# The project's leak detector (tests/test_translations.py), reused rather than copied.
_spec = importlib.util.spec_from_file_location(
    "project_translation_checks", Path(__file__).resolve().parents[1] / "test_translations.py"
)
checks = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(checks)


def exam_pages(client, *, language, enrolment, examiner, right, form_data, now):
    def u(name, *args):
        with translation.override(language):
            return reverse(f"exams:{name}", args=args)

    exam = enrolment.exam
    client.force_login(enrolment.user)
    yield "my exams", client.get(u("index"))
    yield "enrolment", client.get(u("enrolment", enrolment.pk))
    client.post(u("enrolment", enrolment.pk), {"language": language})
    attempt = enrolment.attempts.get()
    first = attempt.questions.get(position=1)
    yield "question", client.get(u("question", attempt.pk, 1))
    yield "question error", client.post(u("question", attempt.pk, 1), {"scenario": str(first.pk)})
    for question in attempt.questions.all():
        client.post(
            u("question", attempt.pk, question.position), form_data(question, right(question))
        )
    yield "enrolment in progress", client.get(u("enrolment", enrolment.pk))
    yield "submit", client.get(u("submit", attempt.pk))
    client.post(u("submit", attempt.pk))
    yield "result", client.get(u("result", attempt.pk))
    yield "refused", client.post(u("submit", attempt.pk))
    yield "start refused", client.post(u("enrolment", enrolment.pk), {"language": language})
    code = Certificate.objects.get().code
    client.logout()
    yield "certification, signed out", client.get(u("index"))
    yield "verify", client.get(u("verify"))
    yield "verify valid", client.get(u("verify_code", code))
    yield "verify unknown", client.get(u("verify_code", "NOSUCHCODE23"))
    client.force_login(examiner)
    yield "manage", client.get(u("manage"))
    yield "exam form", client.get(u("exam_create"))
    yield (
        "exam form errors",
        client.post(
            u("exam_create"),
            {"slug": "x", "sections-TOTAL_FORMS": "0", "sections-INITIAL_FORMS": "0"},
        ),
    )
    yield "exam detail", client.get(u("exam_detail", exam.pk))
    yield "enrol errors", client.post(u("enrol", exam.pk), {"full_name": "", "email": "nope"})
    roll = SimpleUploadedFile("roll.csv", b"full_name,email\n,x@example.org\nB,bad\n")
    yield "csv errors", client.post(u("enrol_csv", exam.pk), {"file": roll})
    yield "results", client.get(u("results", exam.pk))
    yield "statistics", client.get(u("statistics", exam.pk))
    yield "attempt detail", client.get(u("attempt_detail", attempt.pk))
    yield "certificates", client.get(u("certificates"))
    yield "revoke", client.get(u("revoke", code))
    yield "revoke error", client.post(u("revoke", code), {"reason": ""})
    client.post(u("revoke", code), {"reason": "Irregularity"})
    yield "verify revoked", client.get(u("verify_code", code))
    yield "audit", client.get(u("audit"))


@pytest.mark.parametrize("language", ["fr", "ru", "fa", "pl"])
def test_no_english_on_exam_pages(
    client, language, enrolment, examiner, right, form_data, now, clock
):
    exam = enrolment.exam
    exam.instructions_en, exam.instructions_fr = "Read each question.", "Lisez chaque question."
    exam.instructions_ru, exam.instructions_fa = "Читайте каждый вопрос.", "هر سؤال را بخوانید."
    exam.instructions_pl = "Przeczytaj każde pytanie."
    exam.save()
    phrases = checks.english_phrases()
    found = {}
    for name, response in exam_pages(
        client, language=language, enrolment=enrolment, examiner=examiner, right=right,
        form_data=form_data, now=now,
    ):
        assert response.status_code in (200, 400, 404, 409), (name, response.status_code)
        html = response.content.decode()
        assert f'lang="{language}"' in html, name
        leaked = checks.leaks(checks.visible_text(html), phrases)
        if leaked:
            found[name] = leaked
    assert found == {}
