"""Tables with many columns on a 390 px phone (issue 25), in every language: the grading table
after an answer, a frame's score run and its summary stroke by stroke, the exam's item
statistics. None makes the page or its own box scroll sideways, and no word in them is broken
across two lines (the frames' "You announced" was, the Russian grading table scrolled, the
statistics' last column was out of sight). Stacked, each is still a table in Chromium's own
accessibility tree, in English and Persian: its header row of column headers in one row group,
its rows each with a row header and cells in another, a cell named by its value only (the
column's name drawn beside it is not read twice)."""

from __future__ import annotations

import random
from datetime import timedelta
from io import StringIO
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.utils import timezone

from exams import services
from exams.models import Exam, ExamSection
from federations.models import Examiner, Federation
from quiz.models import Topic
from tests.browser.flows import LANGUAGES, fill_calls, sign_in
from tests.frames_app.conftest import RIGHT_CALLS, SHORT

pytestmark = pytest.mark.django_db(transaction=True)

ROOT = Path(__file__).resolve().parents[2]
PHONE = {"width": 390, "height": 844}
PASSWORD = "examiner-password-2026"
#: A re-spot question whose Russian grading table scrolled sideways at 390 px.
QUESTION = "practice/respotting/respot-brown-all-spots-occupied/"

#: What overflows in the page's tables at this width: a table wider than the screen or out of
#: it (so it or its box scrolls sideways), and every word of their text (the hidden column
#: headers apart) drawn on more than one line, i.e. broken mid-word. A slug breaks at its
#: hyphens, so the words are split there too.
OVERFLOWS = """() => {
  const width = document.documentElement.clientWidth;
  const found = [];
  for (const table of document.querySelectorAll("main table")) {
    const box = table.getBoundingClientRect();
    if (box.left < -0.5 || box.right > width + 0.5 || table.scrollWidth > table.clientWidth + 1) {
      found.push(`${table.className}: ${Math.round(box.left)}..${Math.round(box.right)} px`);
    }
    const walker = document.createTreeWalker(table, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (node.parentElement.closest("thead, caption, .visually-hidden")) { continue; }
      const pattern = /[^\\s\\-]+/g;
      for (let match = pattern.exec(node.data); match; match = pattern.exec(node.data)) {
        const range = document.createRange();
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
        if (lines.size > 1) { found.push(`"${match[0]}" broken over ${lines.size} lines`); }
      }
    }
  }
  if (document.documentElement.scrollWidth > width) {
    found.push(`the page is ${document.documentElement.scrollWidth} px wide`);
  }
  return found;
}"""


@pytest.fixture
def pages_data(db):
    """The real re-spot questions (practice and the exam pool), a short frame to referee, and
    an exam of re-spot questions with two finished attempts, for its statistics."""
    call_command(
        "load_scenarios",
        str(ROOT / "fixtures" / "topics.json"),
        str(ROOT / "fixtures" / "scenarios" / "respotting.json"),
        str(ROOT / "fixtures" / "exam" / "respotting.json"),
        stdout=StringIO(),
        stderr=StringIO(),
    )
    call_command("load_frames", str(SHORT), stdout=StringIO())
    now = timezone.now()
    federation = Federation.objects.create(slug="wtf", name_en="Wide Tables Federation")
    examiner = get_user_model().objects.create_user("examiner", password=PASSWORD)
    Examiner.objects.create(user=examiner, federation=federation)
    exam = Exam.objects.create(
        federation=federation, slug="respotting", time_limit=30, pass_mark=60,
        **{f"name_{code}": f"Re-spotting [{code}]" for code in LANGUAGES},
        opens_at=now - timedelta(hours=1), closes_at=now + timedelta(days=1),
        languages=list(LANGUAGES), review=Exam.Review.ANSWERS,
        review_from=Exam.ReviewFrom.SUBMISSION, attempts_allowed=1, waiting_hours=0,
        certificate_months=24,
    )  # fmt: skip
    ExamSection.objects.create(
        exam=exam, order=1, question_count=4, topic=Topic.objects.get(slug="respotting")
    )
    for number in range(2):
        enrolment = services.enrol_candidate(
            exam=exam, full_name=f"Candidate {number}", email=f"c{number}@example.org", now=now
        )
        attempt = services.start_attempt(
            enrolment=enrolment, language="en", now=now, rng=random.Random(number)
        )
        services.submit_attempt(attempt=attempt, now=now)
    return exam


def call_stroke(page, call: dict) -> None:
    """Make the calls of ``call`` on a stroke's page (by value: any language) and send them."""
    fill_calls(page, call)
    with page.expect_navigation():
        page.locator("form.call-form button[type=submit]").click()


def referee_short_frame(page, base: str) -> tuple[str, str]:
    """Referee the short frame, a wrong score at stroke 1 (so its page shows the score run):
    the URL of stroke 1 graded and the path of the summary."""
    page.goto(f"{base}/en/frames/")
    with page.expect_navigation():
        page.locator("form[action$='/positions-short/start/'] button").click()
    graded = page.url
    call_stroke(page, {**RIGHT_CALLS[0], "scores": {"A": 99, "B": 99}})
    for number, call in enumerate(RIGHT_CALLS[1:], start=2):
        page.locator(f"a[href$='/stroke/{number}/']").first.click()
        call_stroke(page, call)
    return graded, page.locator("a[href$='/summary/']").first.get_attribute("href")


#: The roles that make a table in the accessibility tree; the rest (text, a link, a span) is
#: content, and a caption names the table.
TABLE_ROLES = {"rowgroup", "row", "columnheader", "rowheader", "cell"}


def table_outline(page, selector: str) -> tuple[str, list]:
    """The role of the element at ``selector`` in Chromium's own accessibility tree (what a
    screen reader is given, not Playwright's reading of the markup), and its table's outline:
    ``[role, name or children]`` for every row group, row, header and cell in it."""
    cdp = page.context.new_cdp_session(page)
    try:
        document = cdp.send("DOM.getDocument", {"depth": 0})["root"]["nodeId"]
        found = cdp.send("DOM.querySelector", {"nodeId": document, "selector": selector})
        backend = cdp.send("DOM.describeNode", {"nodeId": found["nodeId"]})["node"]
        nodes = cdp.send("Accessibility.getFullAXTree")["nodes"]
    finally:
        cdp.detach()
    by_id = {node["nodeId"]: node for node in nodes}

    def outline(node: dict) -> list:
        found: list = []
        for child in (by_id[i] for i in node.get("childIds", []) if i in by_id):
            role = child["role"]["value"]
            if child.get("ignored") or role not in TABLE_ROLES:
                found += outline(child)
            elif role in {"rowgroup", "row"}:
                found.append([role, outline(child)])
            else:
                found.append([role, child.get("name", {}).get("value", "")])
        return found

    table = next(n for n in nodes if n.get("backendDOMNodeId") == backend["backendNodeId"])
    return table["role"]["value"], outline(table)


#: What the outline of a table should be, from its markup: the header row's <th> texts, each
#: body row's row header and cells, each named by its text (the data-label drawn beside it
#: apart).
EXPECTED_OUTLINE = """(table) => {
  const text = (cell) => cell.textContent.replace(/\\s+/g, " ").trim();
  const cells = (row) => [...row.cells].map((cell) =>
    [cell.tagName === "TD" ? "cell" : cell.scope === "col" ? "columnheader" : "rowheader",
     text(cell)]);
  return [["rowgroup", [...table.tHead.rows].map((row) => ["row", cells(row)])],
          ["rowgroup", [...table.tBodies[0].rows].map((row) => ["row", cells(row)])]];
}"""


def test_stacked_tables_stay_tables_for_a_screen_reader(page, live_server, pages_data):
    base = live_server.url
    page.set_viewport_size(PHONE)
    sign_in(page, base, username="examiner", password=PASSWORD, then="/en/exams/manage/")
    graded, summary = referee_short_frame(page, base)
    found: dict[str, tuple] = {}

    def look(name: str, selector: str) -> None:
        page.wait_for_load_state()
        table = page.locator(selector)
        assert table.evaluate("t => getComputedStyle(t).display") == "block"  # stacked
        expected = table.evaluate(EXPECTED_OUTLINE)
        assert expected[1][1] and len(expected[0][1][0][1]) >= 4  # rows, four columns or more
        role, outline = table_outline(page, selector)
        found[name] = (role, outline) if (role, outline) != ("table", expected) else "a table"

    for language in ("en", "fa"):
        page.goto(f"{base}/{language}/{QUESTION}")
        page.locator("input[value=blue_spot]").check()
        page.locator("form.answer-form button[type=submit]").first.click()
        page.locator("[data-feedback]").wait_for()
        look(f"{language}: the grading table", "[data-feedback] table")
        page.goto(graded.replace("/en/", f"/{language}/", 1))
        look(f"{language}: the frame's score run", ".score-run table")
        page.goto(base + summary.replace("/en/", f"/{language}/", 1))
        look(f"{language}: the frame's summary", "table.frame-strokes")
        page.goto(f"{base}/{language}/exams/manage/{pages_data.pk}/statistics/")
        look(f"{language}: the item statistics", "main table.stack-narrow")

    assert found == dict.fromkeys(found, "a table")
    assert len(found) == 8


def test_wide_tables_fit_a_phone_in_every_language(page, live_server, pages_data):
    base = live_server.url
    page.set_viewport_size(PHONE)
    sign_in(page, base, username="examiner", password=PASSWORD, then="/en/exams/manage/")
    found: dict[str, list[str]] = {}

    def look(name: str) -> None:
        page.wait_for_load_state()
        found[name] = page.evaluate(OVERFLOWS)

    # The examiner referees the short frame once; the run is his, and its pages are read in
    # every language.
    graded, summary = referee_short_frame(page, base)

    for language in LANGUAGES:
        page.goto(f"{base}/{language}/{QUESTION}")
        page.locator("input[value=blue_spot]").check()
        page.locator("form.answer-form button[type=submit]").first.click()
        page.locator("[data-feedback]").wait_for()
        look(f"{language}: the grading table")
        page.goto(graded.replace("/en/", f"/{language}/", 1))
        assert page.locator(".score-run .grade-table").count() == 1
        look(f"{language}: the frame's score run")
        page.goto(base + summary.replace("/en/", f"/{language}/", 1))
        assert page.locator(".frame-strokes tbody tr").count() == len(RIGHT_CALLS)
        look(f"{language}: the frame's summary")
        page.goto(f"{base}/{language}/exams/manage/{pages_data.pk}/statistics/")
        assert page.locator("main table tbody tr").count() >= 2
        look(f"{language}: the item statistics")

    assert {name: problems for name, problems in found.items() if problems} == {}
    assert len(found) == 4 * len(LANGUAGES)
