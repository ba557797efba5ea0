"""Browser tests drive Debian's Chromium through Playwright; no browser is downloaded."""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

# Playwright's sync API runs an event loop in the test thread; the test still
# talks to the database synchronously, which Django must allow.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def require_chromium() -> None:
    """Fail in CI, skip elsewhere, when Chromium is not installed."""
    if CHROMIUM.exists():
        return
    if os.environ.get("CI"):
        pytest.fail(f"{CHROMIUM} is missing: CI must install Debian's chromium")
    pytest.skip(f"{CHROMIUM} is not installed (apt-get install chromium)")


@pytest.fixture(scope="session")
def playwright_instance() -> Iterator[object]:
    require_chromium()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        yield playwright


@pytest.fixture
def page(playwright_instance, live_server) -> Iterator[object]:
    """A fresh Chromium profile and page per test."""
    with tempfile.TemporaryDirectory(prefix="baize-chromium-") as profile:
        context = playwright_instance.chromium.launch_persistent_context(
            profile,
            executable_path=str(CHROMIUM),
            headless=True,
            args=CHROMIUM_ARGS,
            locale="en-GB",
        )
        context.set_default_timeout(15_000)
        page = context.pages[0] if context.pages else context.new_page()
        try:
            yield page
        finally:
            context.close()
