"""The scenario studio in a real browser: an author sets up a position by dragging balls,
sets a foul, watches the engine's decision, fixes what the engine refuses, writes five
languages, publishes to his federation's exam pool, and an exam of it draws the scenario."""

from __future__ import annotations

import random
from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.utils import timezone

from exams.models import Exam, ExamSection
from exams.services import draw_questions
from federations.models import Federation
from quiz.models import Audience, Scenario, Topic
from studio.models import Author
from tests.browser.flows import LANGUAGES, sign_in

pytestmark = pytest.mark.django_db(transaction=True)

PASSWORD = "author-password-2026"
#: The drawn table's viewBox (quiz/diagrams.py): rail and cushion of 105 mm round the bed.
OUTER = 105.0
LENGTH, WIDTH = 3569.0, 1778.0


@pytest.fixture
def author(bank):
    federation = Federation.objects.create(slug="wfed", name="Welsh Federation")
    user = get_user_model().objects.create_user("writer", password=PASSWORD)
    Author.objects.create(user=user, federation=federation)
    return user


def screen_point(page, x_mm: float, y_mm: float) -> tuple[float, float]:
    """Where the point (x, y) of the case's frame is on the screen (table drawn landscape)."""
    box = page.locator("[data-table='state.positions'] svg").bounding_box()
    return (
        box["x"] + (y_mm + OUTER) / (LENGTH + 2 * OUTER) * box["width"],
        box["y"] + (x_mm + OUTER) / (WIDTH + 2 * OUTER) * box["height"],
    )


def drag_from_tray(page, ball: str, x_mm: float, y_mm: float) -> None:
    tray = page.locator(f"[data-table='state.positions'] [data-tray-ball={ball}]")
    start = tray.bounding_box()
    page.mouse.move(start["x"] + start["width"] / 2, start["y"] + start["height"] / 2)
    page.mouse.down()
    target = screen_point(page, x_mm, y_mm)
    page.mouse.move(*target, steps=8)
    page.mouse.up()


def balls(page, ball: str):
    return page.locator(f"[data-table='state.positions'] circle.studio-ball.ball-{ball}")


def test_author_builds_publishes_and_an_exam_draws_it(page, live_server, author):
    base = live_server.url
    sign_in(page, base, username="writer", password=PASSWORD, then="/en/author/")

    page.get_by_role("link", name="New scenario").click()
    page.fill("input[name=slug]", "w-in-off-red-on")
    page.select_option("select[name=topic]", label=Topic.objects.get(slug="test-fouls").title)
    page.locator("main form button[type=submit]").click()
    page.wait_for_url("**/en/author/*/")

    # The cue ball and two reds, dragged from the tray onto the table.
    drag_from_tray(page, "white", 889, 600)
    drag_from_tray(page, "red", 889, 2800)
    drag_from_tray(page, "red", 1000, 2900)
    assert balls(page, "white").count() == 1
    assert balls(page, "red").count() == 2
    assert page.locator("[data-reds-count]").inner_text().endswith("2")
    assert page.locator("#c-reds").input_value() == "2"

    # A ball dropped on another is refused, visibly; the table keeps two reds.
    drag_from_tray(page, "red", 889, 2810)
    assert balls(page, "red").count() == 2
    assert "overlap" in page.locator("[data-table-status]").first.inner_text()

    # The keyboard moves the chosen ball: 1 mm, with Shift 10 mm.
    white = balls(page, "white")
    white.focus()
    page.keyboard.press("ArrowRight")
    page.keyboard.press("Shift+ArrowRight")
    assert white.get_attribute("cx") == "611"

    # The foul: the cue ball struck a red and went in-off.
    page.select_option("[data-first-contact='1']", "red")
    page.locator("input[data-case='stroke.cue_ball'][value=potted]").check()

    # The engine refuses the case (reds on the table, but no colour), next to the table.
    problem = page.locator("[data-table='state.positions'] .problem-inline")
    problem.wait_for()
    assert "colour" in problem.inner_text()
    assert page.locator("[data-verdict-status]").inner_text() == (
        "The engine cannot rule on this case yet:"
    )

    # The author fixes it: each colour from the tray goes to its spot (keyboard: Enter).
    for colour in ("yellow", "green", "brown", "blue", "pink", "black"):
        page.locator(f"[data-table='state.positions'] [data-tray-ball={colour}]").press("Enter")
    page.wait_for_selector("[data-verdict-status].is-foul")
    assert page.locator("[data-table='state.positions'] .problem-inline").count() == 0
    summary = page.locator("[data-verdict-summary]")
    assert "4 points" in summary.inner_text()
    explanation = page.locator("[data-verdict-explanation]")
    assert "3.12(a)" in explanation.inner_text()
    assert "into a pocket" in explanation.inner_text()

    # The words, in five languages; each tab says when it is complete.
    for code in LANGUAGES:
        page.locator(f"[data-tab={code}]").click()
        tab_state = page.locator(f"[data-tab={code}] [data-tab-state]")
        assert tab_state.inner_text() == "incomplete"
        page.fill(f"input[name=title_{code}]", f"In-off after a red [{code}]")
        page.fill(f"textarea[name=narrative_{code}]", f"A hits a red, then goes in-off [{code}].")
        page.fill(f"textarea[name=question_{code}]", f"What is the penalty? [{code}]")
        assert tab_state.inner_text() == "complete"

    # What the trainee answers, previewed as practice shows it.
    page.select_option("select[name=ask]", "penalty")
    page.locator("[data-preview] input[name='preview-penalty']").first.wait_for()
    assert "What is the penalty? [en]" in page.locator("[data-preview]").inner_text()

    # Publishing without confirming the decision is refused with the reason.
    page.get_by_role("button", name="Publish").click()
    page.wait_for_selector("#publish-problems")
    assert not Scenario.objects.filter(slug="w-in-off-red-on").exists()

    page.locator("[data-confirm]").check()
    page.get_by_role("button", name="Publish").click()
    page.wait_for_selector(".messages")
    assert "version 1" in page.locator(".messages").inner_text()

    scenario = Scenario.objects.get(slug="w-in-off-red-on")
    assert scenario.audience == Audience.EXAM
    assert scenario.federation.slug == "wfed"
    assert scenario.published and scenario.ask == "penalty"
    assert "expect" not in scenario.case
    assert len(scenario.case["state"]["positions"]["red"]) == 2
    assert scenario.title_fa == "In-off after a red [fa]"

    # An exam of that federation draws it.
    now = timezone.now()
    exam = Exam.objects.create(
        federation=scenario.federation, slug="w-2026", name="Welsh exam", time_limit=20,
        opens_at=now - timedelta(hours=1), closes_at=now + timedelta(days=1), pass_mark=50,
        attempts_allowed=1, waiting_hours=0, languages=list(LANGUAGES),
    )
    ExamSection.objects.create(exam=exam, order=1, topic=scenario.topic, question_count=1)
    assert draw_questions(exam=exam, rng=random.Random(7)) == [scenario]


#: A full table: white in baulk, two reds, every colour on its spot (mm).
FULL_TABLE = {
    "white": [889, 600], "red": [[889, 2800], [1000, 2900]],
    "yellow": [1181, 737], "green": [597, 737], "brown": [889, 737],
    "blue": [889, 1784.5], "pink": [889, 2676.75], "black": [889, 3245],
}


def below_the_table(page) -> tuple[float, float]:
    box = page.locator("[data-table='state.positions'] svg").bounding_box()
    return box["x"] + box["width"] / 2, box["y"] + box["height"] + 30


def test_a_federation_in_two_languages_publishes_in_those_two(page, live_server, author):
    """The publish step names the languages the pool needs; the others may stay empty. The
    preview shows the draft's difficulty; a ball let go off the table is said, not lost;
    the chosen ball is ringed, never recoloured."""
    from studio import services

    federation = Federation.objects.get(slug="wfed")
    now = timezone.now()
    Exam.objects.create(
        federation=federation, slug="w-2026", name="Welsh exam", time_limit=20,
        opens_at=now - timedelta(hours=1), closes_at=now + timedelta(days=1), pass_mark=50,
        languages=["pl", "en"],
    )
    topic = Topic.objects.get(slug="test-fouls")
    draft = services.create_draft(user=author, slug="w-two-languages", topic=topic,
                                  audience=Audience.EXAM, federation=federation)
    words = {code: {"title": "", "narrative": "", "question": "", "note": ""}
             for code in LANGUAGES}
    for code in ("en", "pl"):
        words[code] = {"title": f"In-off [{code}]", "narrative": f"A goes in-off [{code}].",
                       "question": f"What is the penalty? [{code}]", "note": ""}
    services.save_draft(
        draft=draft, words=words, topic=topic, difficulty=3, ask="penalty", ask_ball="",
        audience=Audience.EXAM, federation=federation,
        case={"state": {"positions": FULL_TABLE},
              "stroke": {"first_contact": ["red"], "cue_ball": "potted"}},
    )
    sign_in(page, live_server.url, username="writer", password=PASSWORD,
            then=f"/en/author/{draft.pk}/")

    assert page.locator("[data-needed-list]").inner_text() == "English, polski"
    assert page.locator("[data-tab=pl] [data-tab-state]").inner_text() == "complete"
    assert page.locator("[data-tab=fr] [data-tab-state]").inner_text() == "not needed"
    page.locator("[data-preview] .meta").wait_for()
    assert page.locator("[data-preview] .meta").inner_text().endswith("advanced")

    # A ball from the tray let go beyond the table: not placed, and the page says so.
    tray = page.locator("[data-table='state.positions'] [data-tray-ball=red]").bounding_box()
    page.mouse.move(tray["x"] + 5, tray["y"] + 5)
    page.mouse.down()
    page.mouse.move(*below_the_table(page), steps=8)
    page.mouse.up()
    status = page.locator("[data-table='state.positions'] [data-table-status]")
    assert status.inner_text() == "Not placed: drop the ball on the bed of the table."
    assert balls(page, "red").count() == 2

    # The chosen ball is ringed; dragged off the table it stays where it was, said so.
    white = balls(page, "white")
    ring = page.locator("[data-table='state.positions'] .selection-ring")
    assert not ring.is_visible()
    before = (white.get_attribute("cx"), white.get_attribute("cy"))
    page.mouse.move(*screen_point(page, 889, 600))
    page.mouse.down()
    assert ring.is_visible()
    assert white.get_attribute("fill") == "#f7f5ec"  # its own colour, not a selection colour
    page.mouse.move(*below_the_table(page), steps=8)
    page.mouse.up()
    assert status.inner_text().startswith("The ball stays where it was")
    assert (white.get_attribute("cx"), white.get_attribute("cy")) == before
    assert ring.locator("circle").first.get_attribute("cx") == before[0]

    page.locator("[data-confirm]").check()
    page.get_by_role("button", name="Publish").click()
    page.wait_for_selector(".messages")
    assert "version 1" in page.locator(".messages").inner_text()
    scenario = Scenario.objects.get(slug="w-two-languages")
    assert (scenario.title_pl, scenario.title_fr, scenario.difficulty) == ("In-off [pl]", "", 3)
    exam = Exam.objects.get(slug="w-2026")
    ExamSection.objects.create(exam=exam, order=1, topic=topic, question_count=1)
    assert draw_questions(exam=exam, rng=random.Random(7), language="pl") == [scenario]
