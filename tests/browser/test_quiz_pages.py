"""The quiz in a real browser: Persian practice, a Polish self-test, language, keyboard, axe."""

from __future__ import annotations

import pytest

from tests.browser.flows import serious_violations

pytestmark = pytest.mark.django_db(transaction=True)


#: The trail of t-legal-in-off (the green on, the cue ball potted): a foul of four to B, who
#: plays next from hand (3.12(a), 3.11(f)), from the rules.
IN_OFF_ON_THE_GREEN = [
    {"rule": "3.3(f)", "code": "ball_on_lowest_colour", "params": {"ball": "green"}},
    {"rule": "3.12(b)", "code": "first_contact_ball_on", "params": {"ball": "green"}},
    {"rule": "3.12(a)", "code": "cue_ball_potted", "params": {"penalty": 4}},
    {"rule": "3.12", "code": "penalty_minimum_four", "params": {"penalty": 4}},
    {"rule": "3.1(d)", "code": "penalty_to_opponent", "params": {"side": "B", "penalty": 4}},
    {"rule": "3.3(h)", "code": "turn_ends", "params": {"player": "B"}},
    {"rule": "3.11(f)", "code": "cue_ball_in_hand", "params": {"player": "B"}},
    {"rule": "3.11(h)", "code": "next_player_options", "params": {"player": "B"}},
]


def practice_path(language: str, slug: str, topic: str = "test-fouls") -> str:
    return f"/{language}/practice/{topic}/{slug}/"


def test_practice_in_persian_is_right_to_left_and_explained(page, live_server, bank):
    page.goto(live_server.url + practice_path("fa", "t-legal-in-off"))
    assert page.get_attribute("html", "dir") == "rtl"
    assert page.get_attribute("html", "lang") == "fa"
    assert page.evaluate("getComputedStyle(document.body).direction") == "rtl"
    # The table itself is never mirrored.
    assert (
        page.evaluate("getComputedStyle(document.querySelector('.diagram svg')).direction") == "ltr"
    )
    assert page.locator(".feedback").count() == 0
    page.locator("input[name=legal][value=foul]").check()
    page.locator("form.answer-form button[type=submit]").click()
    page.wait_for_selector(".feedback")
    assert page.get_attribute("html", "dir") == "rtl"
    assert page.locator(".feedback.is-right").count() == 1
    steps = page.locator(".explanation li")
    # The referee's reasoning on an in-off, written here from the rules (not asked of the
    # engine), each step citing its rule, in Persian.
    from django.utils import translation

    from quiz.explain import explain

    with translation.override("fa"):
        expected = explain({"trail": IN_OFF_ON_THE_GREEN})
    assert steps.count() == len(expected) >= 1
    for shown, step in zip(steps.all(), expected, strict=True):
        assert shown.locator(".rule").inner_text().strip() == step.rule_label
        assert shown.locator(".step-text").inner_text().strip() == step.text


def answer_with_last_choices(page) -> None:
    """Pick the last choice of every radio group (always a valid, complete answer)."""
    for group in page.locator("form.answer-form fieldset").all():
        radios = group.locator("input[type=radio]")
        if radios.count():
            radios.last.check()


def test_ten_question_self_test_in_polish_from_start_to_score(page, live_server, bank):
    page.goto(live_server.url + "/pl/self-test/")
    assert page.get_attribute("html", "lang") == "pl"
    page.select_option("select[name=language]", "pl")
    page.locator("input[name=length][value='10']").check()
    page.locator("form.self-test-form button[type=submit]").click()
    for number in range(1, 11):
        page.wait_for_url(f"**/pl/self-test/**/{number}/")
        assert page.locator("h1").inner_text().startswith("Pytanie")
        if number == 1:
            assert serious_violations(page) == []
        answer_with_last_choices(page)
        page.locator("form.answer-form button[type=submit]").click()
    page.wait_for_url("**/pl/self-test/**/result/")
    assert page.locator("h1").inner_text() == "Twój wynik"
    assert page.locator("#score").is_visible()
    assert page.locator(".review-item").count() == 10
    assert page.locator(".review-item .explanation li").count() >= 10
    assert serious_violations(page) == []


def test_switching_language_keeps_the_page(page, live_server, bank):
    page.goto(live_server.url + practice_path("en", "t-calls-miss"))
    page.locator(".language-switcher button[value=ru]").click()
    page.wait_for_url("**" + practice_path("ru", "t-calls-miss"))
    assert page.get_attribute("html", "lang") == "ru"
    page.locator(".language-switcher button[value=fa]").click()
    page.wait_for_url("**" + practice_path("fa", "t-calls-miss"))
    assert page.get_attribute("html", "dir") == "rtl"


def focused(page) -> dict:
    return page.evaluate(
        "() => { const e = document.activeElement;"
        " return {tag: e.tagName, type: e.type || '', name: e.name || '', value: e.value || '',"
        " text: (e.innerText || '').trim()}; }"
    )


def tab_until(page, predicate, limit: int = 80) -> dict:
    for _ in range(limit):
        page.keyboard.press("Tab")
        element = focused(page)
        if predicate(element):
            return element
    raise AssertionError("the keyboard never reached the element")


def test_everything_is_answerable_by_keyboard(page, live_server, bank):
    page.goto(live_server.url + practice_path("en", "t-calls-miss"))
    page.keyboard.press("Tab")
    assert focused(page)["text"] == "Skip to the content"
    # The calls are checkboxes: foul and "foul and a miss" are the first two.
    tab_until(page, lambda e: e["name"] == "calls" and e["value"] == "foul")
    page.keyboard.press("Space")
    page.keyboard.press("Tab")
    assert focused(page)["value"] == "miss"
    page.keyboard.press("Space")
    tab_until(page, lambda e: e["tag"] == "BUTTON" and e["type"] == "submit" and e["name"] == "")
    page.keyboard.press("Enter")
    page.wait_for_selector(".feedback")
    assert page.locator(".feedback.is-right").count() == 1
    # A radio group (who plays next) and checkboxes (the options), by keyboard alone.
    page.goto(live_server.url + practice_path("en", "t-next-miss"))
    tab_until(page, lambda e: e["name"] == "next_striker")
    page.keyboard.press("ArrowDown")  # moves to and selects B
    assert page.locator("input[name=next_striker][value=B]").is_checked()
    for value in ("play", "offender_again", "replace_offender_again"):
        tab_until(page, lambda e, v=value: e["name"] == "next_options" and e["value"] == v)
        page.keyboard.press("Space")
    tab_until(page, lambda e: e["tag"] == "BUTTON" and e["type"] == "submit" and e["name"] == "")
    page.keyboard.press("Enter")
    page.wait_for_selector(".feedback")
    assert page.locator(".feedback.is-right").count() == 1


@pytest.mark.parametrize("language", ["en", "fa"])
def test_main_pages_have_no_serious_accessibility_violations(page, live_server, bank, language):
    found = {}
    paths = {
        "home": f"/{language}/",
        "topics": f"/{language}/topics/",
        "question": practice_path(language, "t-decision-pink", "test-respotting"),
        "self-test": f"/{language}/self-test/",
        "login": f"/{language}/accounts/login/",
        "signup": f"/{language}/accounts/signup/",
    }
    for name, path in paths.items():
        page.goto(live_server.url + path)
        violations = serious_violations(page)
        if violations:
            found[name] = violations
    # The feedback page, reached by answering.
    page.goto(live_server.url + practice_path(language, "t-legal-in-off"))
    page.locator("input[name=legal][value=fair]").check()
    page.locator("form.answer-form button[type=submit]").click()
    page.wait_for_selector(".feedback")
    if violations := serious_violations(page):
        found["feedback"] = violations
    assert not found, found


def test_the_accessibility_check_does_find_violations(page, live_server):
    # Guards the checks above against passing vacuously.
    page.set_content('<html lang="en"><body><main><img src="table.png"></main></body></html>')
    assert any(v.startswith("image-alt") for v in serious_violations(page))


def chosen_spots(page) -> list[str]:
    return page.eval_on_selector_all(
        "[data-spot-picker] .spot-target.is-chosen", "els => els.map(e => e.dataset.target)"
    )


def test_spot_picker_fills_in_the_list_and_shows_the_spot_chosen(page, live_server, bank):
    page.goto(live_server.url + practice_path("en", "t-respot-blue", "test-respotting"))
    picker = page.locator("[data-spot-picker]")
    assert picker.count() == 1 and picker.is_visible()
    # Its own accessible name, apart from the table diagram's.
    named = page.get_by_role("img", name="The spots of the table: click one to choose it")
    assert named.count() == 1
    assert named.evaluate("e => e.closest('[data-spot-picker]') !== null")
    assert chosen_spots(page) == []
    picker.locator("[data-target=brown_spot]").click()
    assert page.locator("input[name=respot][value=brown_spot]").is_checked()
    assert chosen_spots(page) == ["brown_spot"]
    # By keyboard, in the list: the picker follows, one spot marked at a time.
    page.locator("input[name=respot][value=brown_spot]").focus()
    page.keyboard.press("ArrowRight")
    assert page.locator("input[name=respot][value=blue_spot]").is_checked()
    assert chosen_spots(page) == ["blue_spot"]
    # A choice that is not a spot on the table leaves no spot marked.
    page.locator("input[name=respot][value=':none']").check()
    assert chosen_spots(page) == []
    # The picker is for a pointer: the keyboard never stops in it.
    assert page.evaluate(
        "document.querySelectorAll('[data-spot-picker] [tabindex], [data-spot-picker] a').length"
    ) == 0
    picker.locator("[data-target=brown_spot]").click()
    page.locator("form.answer-form button[type=submit]").click()
    page.wait_for_selector(".feedback")
    assert page.locator(".feedback.is-right").count() == 1


def test_switching_language_on_a_feedback_page_keeps_the_feedback(page, live_server, bank):
    page.goto(live_server.url + practice_path("en", "t-legal-in-off"))
    page.locator("input[name=legal][value=fair]").check()
    page.locator("form.answer-form button[type=submit]").click()
    page.wait_for_selector(".feedback.is-wrong")
    # The address bar shows the feedback's own address (the page's script replaces it once
    # loaded, so wait for it): reloading does not send the form again.
    page.wait_for_url("**/en/practice/test-fouls/t-legal-in-off/answer/**", timeout=5000)
    page.reload()
    assert page.locator(".feedback.is-wrong").count() == 1
    page.locator(".language-switcher button[value=fa]").click()
    page.wait_for_url("**/fa/practice/test-fouls/t-legal-in-off/answer/**")
    assert page.get_attribute("html", "dir") == "rtl"
    assert page.locator(".feedback.is-wrong").count() == 1
    assert page.locator("form.answer-form").count() == 0  # not the question again
    page.locator(".language-switcher button[value=pl]").click()
    page.wait_for_url("**/pl/practice/test-fouls/t-legal-in-off/answer/**")
    assert page.locator(".feedback.is-wrong .verdict").inner_text() != ""


@pytest.mark.parametrize("language", ["en", "ru", "fa"])
def test_schematic_text_reads_at_the_size_of_the_page(page, live_server, bank, language):
    page.goto(live_server.url + practice_path(language, "t-calls-miss"))
    heights = page.eval_on_selector_all(
        ".table-schematic .schematic-line tspan",
        "els => els.map(e => e.getBoundingClientRect().height)",
    )
    body = page.evaluate("parseFloat(getComputedStyle(document.body).fontSize)")
    assert heights
    # Each row of the schematic is drawn at least as large as the page's small print.
    assert min(heights) >= 0.85 * body, (heights, body)
    box = page.locator(".table-schematic").bounding_box()
    assert box["width"] <= 34 * body + 1  # never blown up past the page's type
