"""A question's body and a blank form's fields are rendered once per question and
language, and read exactly as rendering them afresh would (quiz/fragments.py)."""

from __future__ import annotations

import re

import pytest
from django.template.loader import render_to_string
from django.utils import translation

from quiz import fragments
from quiz.forms import AnswerForm, answer_initial

pytestmark = pytest.mark.django_db


def without_ids(html: str) -> str:
    return re.sub(r"baize-table-\d+", "baize-table-N", str(html))


def ids(html: str) -> set[str]:
    return set(re.findall(r'\bid="(baize-table-[^"]+)"', str(html)))


def fresh_fields(form: AnswerForm) -> str:
    return render_to_string(
        "quiz/_answer_fields.html", {"form": form, "scenario": form.scenario_object}
    )


@pytest.mark.parametrize("language", ["en", "fa"])
def test_every_blank_form_reads_as_rendered_afresh(bank, language):
    asks = set()
    with translation.override(language):
        for scenario in bank.values():
            form = AnswerForm(scenario=scenario)
            assert without_ids(fragments.answer_fields(form)) == without_ids(fresh_fields(form))
            asks.add(scenario.ask)
    assert {"decision", "respot", "points", "legal"} <= asks


@pytest.mark.parametrize("language", ["en", "fa"])
def test_every_body_reads_as_rendered_afresh(bank, language):
    with translation.override(language):
        for scenario in bank.values():
            fresh = render_to_string("quiz/_scenario_body.html", {"scenario": scenario})
            assert without_ids(fragments.scenario_body(scenario)) == without_ids(fresh)


def test_a_form_with_a_saved_answer_shows_it(bank, answer_data):
    scenario = bank["t-decision-pink"]
    blank = str(fragments.answer_fields(AnswerForm(scenario=scenario)))
    saved = {"legal": True, "penalty": 0, "ball_on": "red"}
    form = AnswerForm(scenario=scenario, initial=answer_initial(saved))
    html = str(fragments.answer_fields(form))
    assert html.count(" checked") == 3 and " checked" not in blank


def test_a_bound_form_shows_what_was_sent_and_its_errors(bank, answer_data):
    scenario = bank["t-decision-pink"]
    form = AnswerForm(scenario=scenario, data={"scenario": scenario.pk, "legal": "fair"})
    assert not form.is_valid()
    html = str(fragments.answer_fields(form))
    assert re.search(r'<input type="radio" name="legal" value="fair"[^>]* checked', html)
    assert "field-errors" in html


def test_the_cached_parts_are_in_the_readers_language(bank):
    scenario = bank["t-decision-pink"]
    with translation.override("en"):
        english = without_ids(fragments.answer_fields(AnswerForm(scenario=scenario)))
        english_body = without_ids(fragments.scenario_body(scenario))
    with translation.override("fa"):
        persian = without_ids(fragments.answer_fields(AnswerForm(scenario=scenario)))
        persian_body = without_ids(fragments.scenario_body(scenario))
    assert english != persian and english_body != persian_body


def test_each_use_of_a_cached_drawing_has_ids_of_its_own(bank):
    scenario = bank["t-decision-pink"]
    first, second = fragments.scenario_body(scenario), fragments.scenario_body(scenario)
    assert without_ids(first) == without_ids(second)
    assert ids(first) and not ids(first) & ids(second)


def test_a_corrected_scenario_is_not_served_from_the_cache(bank):
    scenario = bank["t-decision-pink"]
    before = str(fragments.scenario_body(scenario))
    scenario.narrative = "The striker pots the pink from the free ball."
    after = str(fragments.scenario_body(scenario))
    assert "pots the pink from the free ball" in after and after != before


def test_a_prefixed_form_keeps_its_prefix(bank):
    scenario = bank["t-decision-pink"]
    plain = str(fragments.answer_fields(AnswerForm(scenario=scenario)))
    preview = str(fragments.answer_fields(AnswerForm(scenario=scenario, prefix="preview")))
    assert 'name="preview-legal"' in preview and 'id="id_preview-legal_0"' in preview
    assert 'name="legal"' in plain and "preview-" not in plain
