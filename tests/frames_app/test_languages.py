"""The frame exercise in five languages: every page of a run, no English left in fr, ru, fa,
pl; Persian right to left with the table itself never mirrored."""

from __future__ import annotations

import pytest
from django.urls import reverse
from django.utils import translation

from frames.models import FrameRun
from tests.frames_app.conftest import RIGHT_CALLS, call_data
from tests.test_translations import english_phrases, leaks, visible_text

pytestmark = pytest.mark.django_db


def _pages(client, language):
    def u(name, *args, **kwargs):
        with translation.override(language):
            return reverse(name, args=args or None, kwargs=kwargs or None)

    yield "picker", client.get(u("frames:picker"))
    client.post(u("frames:start", frame="positions-short"))
    run = FrameRun.objects.latest("started_at")
    yield "stroke", client.get(u("frames:stroke", run.pk, 1))
    yield "refused call", client.post(u("frames:stroke", run.pk, 1), {"stroke": 1})
    for number, right in enumerate(RIGHT_CALLS, start=1):
        wrong = {**right, "calls": ["free_ball"], "scores": {"A": 1, "B": 2}}
        client.post(u("frames:stroke", run.pk, number), call_data(number, **wrong))
        if number == 2:
            yield "graded", client.get(u("frames:stroke", run.pk, number))
    yield "summary", client.get(u("frames:summary", run.pk))


@pytest.mark.parametrize("language", ["en", "fr", "ru", "fa", "pl"])
def test_every_page_of_a_run_is_in_the_readers_language(client, frames, language):
    phrases = english_phrases()
    found = {}
    for name, response in _pages(client, language):
        assert response.status_code in {200, 400}, (name, response.status_code)
        html = response.content.decode()
        assert f'<html lang="{language}"' in html, name
        assert ('dir="rtl"' in html) == (language == "fa"), name
        if language != "en":
            leaked = leaks(visible_text(html), phrases)
            if leaked:
                found[name] = leaked
    assert not found, f"English text in {language} pages: {found}"
