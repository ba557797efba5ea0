"""The parts of a question that depend only on the question and the language.

A question's body (its table, what happened, the question) and the fields of a blank
answer form are the same for every reader of that question in that language: every
candidate of an exam day opens the same few dozen. They are rendered once per process
and kept (a cache of pure functions of their key: the web tier keeps no state). A form
that is bound or holds a saved answer is rendered afresh every time.

The key is the content itself, never an id: a frozen copy of a scenario and the bank's
scenario it was copied from share their drawings while they agree, and a corrected
scenario is a new key.
"""

from __future__ import annotations

import functools
import json
from types import SimpleNamespace
from typing import Any

from django.template.loader import render_to_string
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language

from quiz.diagrams import case_key, renumbered

#: Questions × languages that a process keeps (the whole bank in five languages fits).
CACHED = 2048


def scenario_body(scenario: Any) -> SafeString:
    """``quiz/_scenario_body.html`` for ``scenario`` (its ``case``, ``narrative``, ``question``).

    Its drawings get element ids of their own at every use, as uncached ones do.
    """
    html = _body(case_key(scenario.case), scenario.narrative, scenario.question, get_language())
    return renumbered(html)


def answer_fields(form: Any) -> SafeString:
    """``quiz/_answer_fields.html`` for ``form`` (a :class:`quiz.forms.AnswerForm`).

    A blank form (unbound, nothing saved) is rendered once per question and language.
    """
    scenario = form.scenario_object
    if form.is_bound or form.initial:
        return _fields_html(form)
    key = case_key(scenario.case)
    return renumbered(
        _blank_fields(
            scenario.ask, scenario.ask_ball, key, form.prefix, form.auto_id, get_language()
        )
    )


def _fields_html(form: Any) -> SafeString:
    return mark_safe(
        render_to_string(
            "quiz/_answer_fields.html", {"form": form, "scenario": form.scenario_object}
        )
    )


@functools.lru_cache(maxsize=CACHED)
def _body(case_json: str, narrative: str, question: str, language: str) -> str:
    """The body of a question (``language`` is the active one: part of the key)."""
    scenario = SimpleNamespace(case=json.loads(case_json), narrative=narrative, question=question)
    return render_to_string("quiz/_scenario_body.html", {"scenario": scenario})


@functools.lru_cache(maxsize=CACHED)
def _blank_fields(
    ask: str, ask_ball: str, case_json: str, prefix: str | None, auto_id: str, language: str
) -> str:
    """The fields of a blank answer form: they follow the ask, its ball and the case, and
    the form's prefix and ids (the studio's preview has its own), nothing else."""
    from quiz.forms import AnswerForm

    scenario = SimpleNamespace(pk=0, ask=ask, ask_ball=ask_ball, case=json.loads(case_json))
    form = AnswerForm(scenario=scenario, prefix=prefix, auto_id=auto_id)
    return str(_fields_html(form))
