"""Referee a frame in a real browser (issue 22): a whole frame called stroke by stroke with a
wrong call and a wrong score, graded at once, to the summary; and the same by keyboard alone
on a phone, in Persian."""

from __future__ import annotations

import re
from io import StringIO

import pytest
from django.core.management import call_command

from tests.browser.flows import fill_calls
from tests.frames_app.conftest import RIGHT_CALLS, SHORT

pytestmark = pytest.mark.django_db(transaction=True)

PHONE = {"width": 390, "height": 844}


@pytest.fixture
def short_frame(db):
    call_command("load_frames", str(SHORT), stdout=StringIO())


def active(page, script: str):
    return page.evaluate(f"(() => {{ const e = document.activeElement; return {script}; }})()")


def text(page, selector: str) -> str:
    return " ".join(page.locator(selector).inner_text().split())


def call_by_mouse(page, call: dict) -> None:
    fill_calls(page, call)
    page.get_by_role("button", name="Call the stroke").click()
    page.wait_for_load_state()


def test_a_frame_refereed_to_the_end_with_a_wrong_call_and_a_wrong_score(
    page, live_server, short_frame
):
    page.goto(f"{live_server.url}/en/frames/")
    page.get_by_role("button", name="Referee this frame").click()
    page.wait_for_load_state()
    assert text(page, "h1") == "Stroke 1 of 4"
    assert "The cue ball strikes a red first." in text(page, ".narrative")
    assert page.get_by_role("button", name="Play the stroke").is_visible()  # animated
    assert page.locator(".feedback").count() == 0  # nothing of the decision before the call
    call_by_mouse(page, RIGHT_CALLS[0])
    assert text(page, ".verdict") == "Right!"
    page.get_by_role("link", name="Next stroke").click()

    wrong = {**RIGHT_CALLS[1], "calls": ["foul"], "scores": {"A": 41, "B": 38}}
    call_by_mouse(page, wrong)
    assert text(page, ".verdict").startswith("Partly right")
    rows = {
        text(page, f".feedback tbody tr:nth-child({n}) th"): page.locator(
            f".feedback tbody tr:nth-child({n})"
        ).get_attribute("class")
        for n in range(1, 7)
    }
    assert rows["Calls"] == "wrong" and rows["Score after the stroke"] == "wrong"
    assert rows["Foul or fair"] == rows["Penalty"] == rows["Next player"] == "right"
    score_run = text(page, ".score-run tbody tr:nth-child(2)")
    assert score_run.startswith("B 32 7 39 38")  # before, the penalty, after, announced
    page.get_by_role("link", name="Next stroke").click()
    call_by_mouse(page, RIGHT_CALLS[2])
    page.get_by_role("link", name="Next stroke").click()
    call_by_mouse(page, RIGHT_CALLS[3])
    page.get_by_role("link", name="See the summary").click()
    page.wait_for_load_state()
    summary = text(page, "main")
    # 24 parts called, 2 wrong: 22 of 24.
    assert "You called 4 strokes; 92% of your calls were right." in summary
    assert "The score first went wrong at stroke 2." in summary
    kinds = text(page, ".frame-kinds")
    assert "Calls 3 4 75%" in kinds and "Score after the stroke 3 4 75%" in kinds
    assert "Foul or fair 4 4 100%" in kinds
    assert page.locator(".frame-strokes tbody tr.wrong").count() == 1


def tab_to(page, script: str, *, limit: int = 60) -> None:
    """Press Tab until the focused element satisfies ``script``."""
    for _ in range(limit):
        page.keyboard.press("Tab")
        if active(page, script):
            return
    raise AssertionError(f"never reached by Tab: {script}")


def test_a_stroke_called_by_keyboard_alone_on_a_phone_in_persian(page, live_server, short_frame):
    page.set_viewport_size(PHONE)
    page.goto(f"{live_server.url}/fa/frames/")
    tab_to(page, "e.closest('form[action$=\"/positions-short/start/\"]') !== null")
    page.keyboard.press("Enter")
    page.wait_for_url(re.compile(r"/stroke/1/$"))
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    # The skip link leads to the calls; each part is reached and chosen by keyboard.
    tab_to(page, "e.getAttribute('href') === '#calls'")
    page.keyboard.press("Enter")
    tab_to(page, "e.name === 'legal'")
    outline = active(page, "getComputedStyle(e).outlineStyle")
    assert outline != "none"  # the focus is visible
    while active(page, "e.value") != "fair":
        page.keyboard.press("ArrowDown")
    tab_to(page, "e.name === 'penalty'")
    while active(page, "e.value") != "0":
        page.keyboard.press("ArrowDown")
    page.keyboard.press("Space")
    tab_to(page, "e.name === 'next_striker'")
    while active(page, "e.value") != "A":
        page.keyboard.press("ArrowDown")
    page.keyboard.press("Space")
    tab_to(page, "e.name === 'score_0'")
    page.keyboard.type("۴۱")  # Persian digits are numbers too
    page.keyboard.press("Tab")
    page.keyboard.type("32")
    with page.expect_navigation():
        page.keyboard.press("Enter")  # Enter sends the calls
    page.wait_for_selector(".verdict")
    assert active(page, "e.classList.contains('verdict')")  # the keyboard starts at the verdict
    assert page.locator(".feedback.is-right").count() == 1
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    tab_to(page, "e.getAttribute('href') && e.getAttribute('href').endsWith('/stroke/2/')")
    page.keyboard.press("Enter")
    page.wait_for_url(re.compile(r"/stroke/2/$"))
    assert page.locator("input[name=score_0]").count() == 1
