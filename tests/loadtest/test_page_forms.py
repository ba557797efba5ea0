"""The load test's candidates read a page's forms as a browser would submit them."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest
from django.urls import reverse

from exams import services
from exams.models import Enrolment, frozen_scenario
from quiz.forms import AnswerForm

HERE = Path(__file__).resolve().parents[2] / "loadtest"
spec = importlib.util.spec_from_file_location("loadtest_page_forms", HERE / "page_forms.py")
page_forms = importlib.util.module_from_spec(spec)
spec.loader.exec_module(page_forms)

PAGE = """<header><form method="post" action="/en/logout/">
<input type="hidden" name="csrfmiddlewaretoken" value="t1"></form></header>
<form method="post" id="answer-form" data-autosave>
<input type="hidden" name="csrfmiddlewaretoken" value="t&amp;2">
<svg><circle r="3"/></svg>
<input type="radio" name="legal" value="foul" id="id_legal_0" required>
<input type="radio" name="legal" value="fair" id="id_legal_1" required checked>
<input type="checkbox" name="calls" value="foul"><input type="checkbox" name="calls" value="miss">
<select name="ball_on"><option value="">—</option><option value="red" selected>Red</option>
<option value="colour">A colour</option></select>
<input type="text" name="points_amount" inputmode="numeric">
<button type="submit" name="go" value="save">Save</button></form>"""


def test_every_kind_of_field_is_read():
    form = page_forms.parse_form(PAGE, "answer-form")
    assert form.hidden == {"csrfmiddlewaretoken": "t&2"}
    assert form.radios == {"legal": ["foul", "fair"]}
    assert form.checkboxes == {"calls": ["foul", "miss"]}
    assert form.selects == {"ball_on": ["red", "colour"]}
    assert form.texts == {"points_amount": "0"}


def test_the_pages_own_form_is_the_one_without_an_action():
    assert page_forms.parse_form(PAGE).id == "answer-form"
    with pytest.raises(page_forms.NoSuchForm):
        page_forms.parse_form(PAGE.replace("data-autosave", 'action="/elsewhere/"'))


def test_a_missing_form_is_said():
    with pytest.raises(page_forms.NoSuchForm):
        page_forms.parse_form(PAGE, "submit-form")
    with pytest.raises(page_forms.NoSuchForm):
        page_forms.parse_form("<p>No form here.</p>")


def test_a_frame_strokes_main_button_makes_its_calls_final():
    stroke = '<form id="answer-form"><button type="submit" name="go" value="final">'
    assert page_forms.main_button(stroke) == "final"
    assert page_forms.main_button(PAGE) == "save"


@pytest.mark.django_db
def test_a_real_question_page_gives_the_fields_of_its_answer_form(exam_bank, client):
    from tests.loadtest.test_exam_day import load

    load("exam_day").prepare(candidates=1, questions=3, base="http://server")
    enrolment = Enrolment.objects.get(email="candidate1@loadtest.invalid")
    attempt = services.start_attempt(enrolment=enrolment, language="en")
    client.force_login(enrolment.user)
    for drawn in attempt.questions.all():
        page = client.get(reverse("exams:question", args=[attempt.pk, drawn.position]))
        form = page_forms.parse_form(page.content.decode(), "answer-form")
        assert form.hidden["scenario"] == str(drawn.pk)
        assert "csrfmiddlewaretoken" in form.hidden
        fields = AnswerForm(scenario=frozen_scenario(drawn)).fields
        for name, field in fields.items():
            choices = [str(value) for value, _label in getattr(field, "choices", []) if value]
            read = form.radios.get(name) or form.checkboxes.get(name) or form.selects.get(name)
            assert read == (choices or None), name
