"""Autosave racing the Save and Flag buttons on SQLite: every request is answered, none fails.

Before the SQLite options of ``config/settings.py`` (IMMEDIATE transactions, the
write-ahead log, a lock timeout), this race gave "database is locked" pages.
"""

from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor

CANDIDATES = 4


def start_attempt(browser) -> str:
    """A new attempt from the enrolment page: the path of its first question."""
    path, page = browser.follow(browser.enrolment)
    assert "/enrolment/" in path, page[:500]
    status, location, body = browser.request(path, {"language": "en"})
    assert status == 302, body[:2000]
    return location


def race(live, browser, question_path: str) -> list[tuple[str, int, str]]:
    """Autosave, Save and Flag sent at the same moment with the question's first answer."""
    _, page = browser.follow(question_path)
    answer = live.an_answer(page)
    requests = [
        ("autosave", answer, {"X-Requested-With": "fetch"}),
        ("save", {**answer, "go": "save"}, {}),
        ("flag", {**answer, "go": "flag"}, {}),
    ]
    start = threading.Barrier(len(requests))

    def send(request):
        name, data, headers = request
        start.wait()
        status, _, body = browser.request(question_path, data, headers)
        return name, status, body

    with ThreadPoolExecutor(len(requests)) as pool:
        return list(pool.map(send, requests))


def test_concurrent_writes_on_a_first_answer_all_succeed(site, live):
    links = site.seed(CANDIDATES)
    site.start()
    browsers = []
    for session, enrolment in links:
        browser = live.Browser(site, session=session)
        browser.enrolment = enrolment
        browsers.append(browser)

    def candidate(browser):
        first = start_attempt(browser)
        base = first.rsplit("/", 2)[0]  # .../question
        results = []
        for position in range(1, 5):
            results.extend(race(live, browser, f"{base}/{position}/"))
        return base, results

    with ThreadPoolExecutor(CANDIDATES) as pool:
        outcomes = list(pool.map(candidate, browsers))

    for browser, (base, results) in zip(browsers, outcomes, strict=True):
        for name, status, body in results:
            assert status < 500, f"{name}: {status}\n{body[:3000]}"
            assert "database is locked" not in body
            assert status == (200 if name == "autosave" else 302), (name, status, body[:500])
        for position in range(1, 5):
            _, page = browser.follow(f"{base}/{position}/")
            form = live.read_form(page)
            assert form.checked, f"question {position}: the answer is not kept"
            assert "Remove the review flag" in page  # the flag landed too
