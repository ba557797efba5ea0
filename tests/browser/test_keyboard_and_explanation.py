"""Practice by keyboard and the explanation on the table, in a real browser (issue 26): the
answer is three Tab stops away, the verdict takes the focus after submitting, the feedback
opens on the table after the stroke with the re-spot drawn where the engine put it, and each
step of the reasoning rings on the table what it names."""

from __future__ import annotations

from io import StringIO
from pathlib import Path

import pytest
from django.core.management import call_command

from quiz.grading import decide
from quiz.models import Scenario
from quiz.pointing import respot_points

pytestmark = pytest.mark.django_db(transaction=True)

ROOT = Path(__file__).resolve().parents[2]
#: A red covers the black spot after the stroke: the black goes to the pink spot.
SLUG = "respot-black-spot-taken-by-red"


@pytest.fixture
def scenario(db):
    call_command(
        "load_scenarios", str(ROOT / "fixtures" / "topics.json"),
        str(ROOT / "fixtures" / "scenarios" / "respotting.json"),
        stdout=StringIO(), stderr=StringIO(),
    )
    return Scenario.objects.get(slug=SLUG)


def active(page, script: str):
    return page.evaluate(f"(() => {{ const e = document.activeElement; return {script}; }})()")


def rings(page) -> list[tuple[float, float]]:
    """The rings drawn on the diagram shown, as (cx, cy)."""
    return [tuple(point) for point in page.evaluate(
        """[...document.querySelectorAll('.pointer-ring')]
             .filter(r => r.closest('figure').getClientRects().length)
             .map(r => [Number(r.getAttribute('cx')), Number(r.getAttribute('cy'))])"""
    )]


def test_the_answer_is_near_by_keyboard_and_the_explanation_points_at_the_table(
    page, live_server, scenario
):
    page.goto(f"{live_server.url}/en/practice/{scenario.topic.slug}/{SLUG}/")
    page.keyboard.press("Tab")
    page.keyboard.press("Tab")
    assert active(page, "e.getAttribute('href')") == "#answer"
    assert active(page, "e.textContent") == "Skip to the answer"
    page.keyboard.press("Enter")
    page.keyboard.press("Tab")
    assert active(page, "e.name") == "respot"
    assert active(page, "!!e.closest('.answer-fields')")
    # Chosen from the list by keyboard, sent by keyboard.
    page.locator("input[name=respot][value=pink_spot]").focus()
    page.keyboard.press("Space")
    page.locator("form.answer-form button[type=submit]").focus()
    with page.expect_navigation():
        page.keyboard.press("Enter")
    page.wait_for_selector(".feedback.is-right")

    # The focus is on the verdict, not the page's body.
    assert active(page, "e.classList.contains('verdict')")
    assert active(page, "e.textContent.trim()") == "Right!"
    # The table opens as the stroke left it, the black drawn where the engine re-spots it.
    assert page.locator("[data-diagrams]").first.get_attribute("data-view") == "after"
    (black,) = respot_points(decide(scenario.case))
    mark = page.locator('[data-diagram="after"] .respot-mark[data-respot="black"]')
    assert mark.count() == 1 and mark.is_visible()
    assert (float(mark.get_attribute("cx")), float(mark.get_attribute("cy"))) == (
        black["cx"], black["cy"],
    )
    assert rings(page) == []

    # Tab moves through the steps that name something; each rings it on the table.
    pointed = []
    for _ in range(10):
        page.keyboard.press("Tab")
        if not active(page, "e.matches('.explanation li')"):
            break
        pointed.append((active(page, "e.dataset.balls"), active(page, "e.dataset.respotted"),
                        rings(page)))
    assert pointed, "no step of the explanation takes the focus"
    assert all(found for _balls, _respot, found in pointed if _balls)
    respot_step = [found for _balls, respot, found in pointed if respot == "black"]
    assert len(respot_step) == 1
    # The table after the stroke, where the black is drawn re-spotted: the pink spot (where it
    # goes, its mark there) and the black spot (taken).
    assert page.locator("[data-diagrams]").first.get_attribute("data-view") == "after"
    assert (black["cx"], black["cy"]) in respot_step[0]
    black_spot = page.locator('[data-diagram="after"] .spot[data-spot="black"]')
    assert (float(black_spot.get_attribute("cx")), float(black_spot.get_attribute("cy"))) in (
        respot_step[0]
    )
    # Leaving the steps takes the rings away; pointing at one with the mouse brings them.
    assert rings(page) == []
    page.locator(".explanation li[data-respotted=black]").hover()
    assert len(rings(page)) >= 2
    page.mouse.move(0, 0)
    assert rings(page) == []
