"""Steps several browser tests take the same way: signing in, an examiner setting an exam."""

from __future__ import annotations

from datetime import datetime, timedelta

from tests.browser.conftest import SERIOUS

LANGUAGES = ("en", "fr", "ru", "fa", "pl")


def sign_in(page, base: str, *, username: str, password: str, then: str) -> None:
    """Sign in through the login form and land on ``then`` (a path such as /en/author/)."""
    page.goto(f"{base}/en/accounts/login/?next={then}")
    page.fill("input[name=username]", username)
    page.fill("input[name=password]", password)
    page.locator("main form button[type=submit]").click()
    page.wait_for_url(f"**{then}")


def fill_new_exam(
    page,
    base: str,
    *,
    slug: str,
    name: str,
    now: datetime,
    languages: tuple[str, ...],
    edition: str | None = None,
) -> None:
    """Fill the new-exam form (names ``"<name> [<code>]"`` in five languages, three questions
    of any topic, answers reviewable at submission) and send it."""
    page.goto(f"{base}/en/exams/manage/new/")
    page.fill("input[name=slug]", slug)
    for code in LANGUAGES:
        page.fill(f"input[name=name_{code}]", f"{name} [{code}]")
    page.fill("input[name=time_limit]", "20")
    page.fill("input[name=opens_at]", (now - timedelta(hours=1)).strftime("%Y-%m-%dT%H:%M"))
    page.fill("input[name=closes_at]", (now + timedelta(days=1)).strftime("%Y-%m-%dT%H:%M"))
    page.fill("input[name=pass_mark]", "60")
    page.fill("input[name=attempts_allowed]", "1")
    page.fill("input[name=waiting_hours]", "0")
    if edition:
        page.select_option("select[name=edition]", edition)
    for code in languages:
        page.locator(f"input[name=languages][value={code}]").check()
    page.select_option("select[name=review]", "answers")
    page.select_option("select[name=review_from]", "submission")
    page.fill("input[name=certificate_months]", "24")
    page.fill("input[name='sections-0-order']", "1")
    page.fill("input[name='sections-0-question_count']", "3")
    page.locator("form.exam-form button[type=submit]").click()


def serious_violations(page, *, patience: float = 30.0) -> list[str]:
    """axe-core's serious and critical violations on ``page`` as it stands now.

    The page fixture's watch runs axe on every page once it has loaded; a second run
    started while that one is under way is refused by axe ("Axe is already running"), so
    this waits for it and tries again rather than racing it.
    """
    from axe_playwright_python.sync_playwright import Axe
    from playwright.sync_api import Error

    waited = 0.0
    while True:
        try:
            results = Axe().run(page)
            break
        except Error as error:
            if "already running" not in str(error) or waited > patience:
                raise
            page.wait_for_timeout(100)
            waited += 0.1
    return [
        f"{v['id']} ({v['impact']}): {[n['target'] for n in v['nodes']][:3]}"
        for v in results.response["violations"]
        if v.get("impact") in SERIOUS
    ]


def fill_calls(page, call: dict) -> None:
    """Make the calls of ``call`` on a frame stroke's page (by value: any language), unsent."""
    page.locator(f"input[name=legal][value={call['legal']}]").check()
    page.locator(f"input[name=penalty][value='{call['penalty']}']").check()
    for value in call["calls"]:
        page.locator(f"input[name=calls][value={value}]").check()
    page.locator(f"input[name=next_striker][value={call['next_striker']}]").check()
    for value in call.get("next_options", []):
        page.locator(f"input[name=next_options][value={value}]").check()
    for index, value in enumerate(call["scores"].values()):
        page.fill(f"input[name=score_{index}]", str(value))


def fill_answer(page, values: dict) -> None:
    """Enter ``values`` (an answer form's initial values) in the page's answer form, unsent."""
    form = page.locator("form.answer-form")
    for name, value in values.items():
        if name == "points_amount":
            form.locator("input[name=points_amount]").fill(str(value))
        elif isinstance(value, list):
            for box in form.locator(f"input[type=checkbox][name={name}]").all():
                box.set_checked(box.get_attribute("value") in value)
        else:
            form.locator(f"input[name={name}][value='{value}']").check()
