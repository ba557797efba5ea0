"""The accessibility watch of the browser tests (tests/browser/conftest.py) checks every
page a test loads, even one it leaves at once, and reports axe's own failures."""

from __future__ import annotations

import http.server
import threading
from collections.abc import Iterator

import pytest

from tests.browser.conftest import (
    CHROMIUM,
    CHROMIUM_ARGS,
    AccessibilityWatch,
    serious_accessibility_violations,
)

#: A page with one serious violation (a text box without a label) and a link onwards.
UNLABELLED = (
    "<!doctype html><html lang='en'><head><title>{path}</title></head><body><main>"
    "<h1>{path}</h1><a href='/next'>next</a><input name='x'>{extra}</main></body></html>"
)


class Pages(http.server.BaseHTTPRequestHandler):
    def do_GET(self) -> None:  # noqa: N802 (the standard library's name)
        # /broken takes axe away before it runs: its own failure must reach the test.
        extra = "<script>window.axe = {};</script>" if self.path == "/broken" else ""
        body = UNLABELLED.format(path=self.path, extra=extra).encode()
        self.send_response(200)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args: object) -> None:
        pass


@pytest.fixture
def site() -> Iterator[str]:
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Pages)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()


@pytest.fixture
def context(playwright_instance) -> Iterator[object]:
    browser = playwright_instance.chromium.launch(
        executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS
    )
    try:
        yield browser.new_context()
    finally:
        browser.close()


def test_every_page_is_checked_even_one_left_at_once(context, site):
    watch = AccessibilityWatch(context)
    page = context.new_page()
    page.goto(f"{site}/first")
    page.click("a")  # left as soon as it has loaded
    page.wait_for_url("**/next")
    page.goto(f"{site}/last")
    watch.finish()
    found = serious_accessibility_violations(watch.reports)
    assert sorted(found) == ["/first", "/last", "/next"]
    assert all(violations[0].startswith("label (critical)") for violations in found.values())
    assert watch.errors == []


def test_a_failure_of_axe_itself_is_reported(context, site):
    watch = AccessibilityWatch(context)
    page = context.new_page()
    page.goto(f"{site}/broken")
    watch.finish()
    assert [error.split(":")[0] for error in watch.errors] == ["/broken"]
    assert "axe.run is not a function" in watch.errors[0]
