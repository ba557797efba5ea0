"""A family's instances in a real browser: practise one, answer, "Another like this"."""

from __future__ import annotations

import pytest

from quiz.models import Scenario

pytestmark = pytest.mark.django_db(transaction=True)


def answer_with_last_choices(page) -> None:
    """Pick the last choice of every radio group, tick nothing else (a complete answer)."""
    for group in page.locator("form.answer-form fieldset").all():
        radios = group.locator("input[type=radio]")
        if radios.count():
            radios.last.check()


def test_practise_a_generated_situation_answer_it_and_get_another(page, live_server, families):
    page.goto(live_server.url + "/en/topics/")
    entry = page.locator("form[action$='/generated/penalty-first-contact/another/'] button")
    entry.click()
    page.wait_for_selector("form.answer-form")
    first = Scenario.objects.get(family=families["penalty-first-contact"])
    assert page.url.endswith(first.get_absolute_url())
    narrative = page.locator(".narrative").inner_text().strip()
    assert narrative == first.narrative_en.strip()
    assert page.locator(".feedback").count() == 0  # nothing of the answer before it is sent
    answer_with_last_choices(page)
    page.locator("form.answer-form button[type=submit]").click()
    page.wait_for_selector(".feedback")
    with page.expect_navigation():
        page.get_by_role("button", name="Another like this").click()
    page.wait_for_selector("form.answer-form")
    # (answering also drew the instance his review will serve: several are frozen by now)
    second = Scenario.objects.get(slug=page.url.rstrip("/").rsplit("/", 1)[-1])
    assert second.family == first.family and second.pk != first.pk
    assert page.locator(".narrative").inner_text().strip() == second.narrative_en.strip()
    assert second.case != first.case
    assert page.locator(".feedback").count() == 0
