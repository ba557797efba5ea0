"""The ``option_input`` filter writes exactly what Django's option template writes."""

from __future__ import annotations

import pytest
from django.utils import translation

from quiz.forms import AnswerForm, answer_initial
from quiz.templatetags.baize import option_input
from tests.conftest import RIGHT_ANSWERS


def options(form: AnswerForm):
    for field in form.visible_fields():
        if field.field.widget.input_type in ("radio", "checkbox"):
            yield from field


@pytest.mark.parametrize("slug", sorted(RIGHT_ANSWERS))
@pytest.mark.parametrize("answered", [False, True], ids=["blank", "answered"])
def test_every_option_as_django_writes_it(bank, slug, answered):
    scenario = bank[slug]
    initial = answer_initial(dict(RIGHT_ANSWERS[slug])) if answered else None
    form = AnswerForm(scenario=scenario, initial=initial)
    written = [(str(option_input(choice)), str(choice.tag())) for choice in options(form)]
    assert written, "the question has options"
    assert all(ours == django for ours, django in written), written
    if answered:
        assert any(" checked" in ours for ours, _django in written)


def test_escapes_what_it_writes(bank):
    with translation.override("fa"):
        form = AnswerForm(scenario=bank["t-decision-pink"], prefix='x"><script>')
        for choice in options(form):
            assert "<script>" not in str(option_input(choice))
            assert str(option_input(choice)) == str(choice.tag())
