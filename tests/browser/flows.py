"""Steps several browser tests take the same way: signing in, an examiner setting an exam."""

from __future__ import annotations

from datetime import datetime, timedelta

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
