"""The attempt's numbered questions (``{% question_nav %}``): state, flag, current, language."""

from __future__ import annotations

import re
from types import SimpleNamespace

import pytest
from django.template import Context, Template
from django.utils import translation

from exams.selectors import QuestionStatus

PROGRESS = [
    QuestionStatus(position=1, answered=True, flagged=False, complete=True),
    QuestionStatus(position=2, answered=True, flagged=True, complete=False),
    QuestionStatus(position=3, answered=False, flagged=True),
    QuestionStatus(position=4, answered=False, flagged=False),
]
ATTEMPT = SimpleNamespace(pk=41)


def nav(current: int | None = None, language: str = "en") -> str:
    template = Template(
        "{% load exam_tags %}{% question_nav progress attempt=attempt current=current %}"
    )
    with translation.override(language):
        return template.render(
            Context({"progress": PROGRESS, "attempt": ATTEMPT, "current": current})
        )


def items(html: str) -> list[str]:
    return re.findall(r"<li>(.*?)</li>", html)


def test_each_question_says_how_far_it_is_answered_and_whether_it_is_flagged():
    first, second, third, fourth = items(nav(current=2))
    assert 'class="question-link answered"' in first and "(answered)" in first
    assert 'class="question-link incomplete flagged"' in second
    assert "(answered, not complete) (flagged)</span> ⚑" in second
    assert 'class="question-link unanswered flagged"' in third and "(not answered)" in third
    assert 'class="question-link unanswered"' in fourth and "⚑" not in fourth


def test_on_a_question_page_each_number_is_a_button_of_the_answer_form():
    html = nav(current=2)
    buttons = re.findall(r'<button type="submit" form="answer-form" name="go" value="(\w+)"', html)
    assert buttons == ["1", "2", "3", "4", "review"]
    assert [("aria-current" in item) for item in items(html)] == [False, True, False, False]
    assert "<a " not in html


def test_on_the_review_page_each_number_is_a_link_to_its_question():
    html = nav()
    assert re.findall(r'<a href="([^"]+)"', html) == [
        f"/en/exams/attempt/41/question/{n}/" for n in range(1, 5)
    ]
    assert "<button" not in html and "aria-current" not in html


@pytest.mark.parametrize(
    ("language", "number", "said"),
    [("fa", "۳", "بی‌پاسخ"), ("pl", "3", "bez odpowiedzi"), ("ru", "3", "без ответа")],
)
def test_numbers_and_words_are_the_readers(language, number, said):
    third = items(nav(current=1, language=language))[2]
    assert re.search(rf">{number}<span", third)
    assert "not answered" not in third and said in third
