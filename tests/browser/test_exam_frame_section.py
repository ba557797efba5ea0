"""An exam's "referee a frame" section in a real browser, played in order (issue 22).

Stroke 2's page states the situation stroke 1's calls lead to, so it opens only once those
calls are final: the candidate is led back to stroke 1, makes his calls final, finds them
read-only, and a forged change (the fields re-enabled by hand) is refused, nothing written.
"""

from __future__ import annotations

import random
from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse
from django.utils import timezone, translation

from exams import services
from exams.frames import frame_window
from exams.models import Answer, Enrolment, Exam, ExamSection
from federations.models import Federation
from quiz import grading
from quiz.forms import answer_initial
from tests.browser.flows import fill_answer

pytestmark = pytest.mark.django_db(transaction=True)

PASSWORD = "candidate-password-2026"


def path(position: int, attempt) -> str:
    with translation.override("en"):
        return reverse("exams:question", args=[attempt.pk, position])


@pytest.fixture
def attempt(exam_bank):
    """Jan's attempt, running now: a frame section of four strokes (positions 1 to 4)."""
    frame_window.cache_clear()  # kept per attempt id, which tests reuse
    now = timezone.now()
    user = get_user_model().objects.create_user("jan", password=PASSWORD)
    federation = Federation.objects.create(slug="pzb", name_en="PZB")
    exam = Exam.objects.create(
        federation=federation, slug="frame", name_en="Frame referee", time_limit=60,
        opens_at=now - timedelta(hours=1), closes_at=now + timedelta(days=1), pass_mark=50,
        languages=["en"],
    )
    ExamSection.objects.create(
        exam=exam, order=1, question_count=4, source=ExamSection.Source.FRAME
    )
    enrolment = Enrolment.objects.create(
        exam=exam, user=user, full_name="Jan Nowak", email="jan@example.org"
    )
    return services.start_attempt(
        enrolment=enrolment, language="en", now=now, rng=random.Random(0)
    )


def sign_in(page, base: str) -> None:
    with translation.override("en"):
        page.goto(base + reverse("login"))
    page.fill("input[name=username]", "jan")
    page.fill("input[name=password]", PASSWORD)
    page.locator("main form button[type=submit]").click()
    page.wait_for_load_state()


def fill(page, question) -> None:
    """The engine's calls for the stroke, entered in the answer form."""
    decision = grading.decide(question.case)
    answer = grading.expected_answer(decision=decision, ask=question.ask, ask_ball="")
    fill_answer(page, answer_initial(answer))


def test_a_frame_section_is_refereed_stroke_by_stroke(page, live_server, attempt):
    base = live_server.url
    first, second = attempt.questions.order_by("position")[:2]
    sign_in(page, base)

    # Stroke 2 before stroke 1's calls are final: led back to stroke 1, told why.
    page.goto(base + path(2, attempt))
    assert page.url == base + path(1, attempt)
    assert "make your calls for this stroke final" in page.locator("main").inner_text()
    assert page.locator(".question-nav .question-link.locked").count() == 3
    assert page.locator(".question-nav a, .question-nav button").filter(has_text="2").count() == 0

    # Stroke 1's calls made final: the frame goes on to stroke 2.
    fill(page, first)
    button = page.get_by_role("button", name="Make these calls final and go on to the next stroke")
    with page.expect_navigation():
        button.click()
    assert page.url == base + path(2, attempt)
    assert "Your calls are final. The frame goes on." in page.locator("main").inner_text()
    kept = Answer.objects.get(question=first)
    assert kept.final_at is not None

    # Stroke 1 again: its calls read-only, no button to change them.
    page.goto(base + path(1, attempt))
    fields = page.locator("form.answer-form .answer-fields input")
    assert fields.count() > 0
    assert all(field.is_disabled() for field in fields.all())
    assert page.get_by_role("button", name="Make these calls final").count() == 0
    assert "Your calls for this stroke are final" in page.locator("main").inner_text()

    # A forged change (the fields re-enabled by hand, another call chosen): refused.
    page.evaluate(
        "document.querySelectorAll('form.answer-form [disabled]')"
        ".forEach(function (field) { field.disabled = false; })"
    )
    legal = "fair" if kept.payload["legal"] is False else "foul"
    page.locator(f"form.answer-form input[name=legal][value='{legal}']").check()
    with page.expect_response(lambda reply: reply.request.method == "POST") as posted:
        page.get_by_role("button", name="Go on to the next stroke").click()
    page.wait_for_load_state()
    assert posted.value.status == 409
    text = page.locator("main").inner_text()
    assert "Your calls for this stroke are final" in text and "Nothing was changed." in text
    again = Answer.objects.get(pk=kept.pk)
    assert (again.payload, again.revision, again.final_at) == (
        kept.payload, kept.revision, kept.final_at
    )
    assert not Answer.objects.filter(question=second).exists()
