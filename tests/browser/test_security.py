"""The Content-Security-Policy in the browser: the pages break none of it, and the
collector of violations (tests/browser/conftest.py) does catch one."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model

from tests.browser.conftest import CHROMIUM, CHROMIUM_ARGS, watch_content_security_policy


def test_the_collector_catches_an_inline_style(playwright_instance, live_server, db):
    browser = playwright_instance.chromium.launch(
        executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS
    )
    try:
        context = browser.new_context()
        violations = watch_content_security_policy(context)
        page = context.new_page()
        page.goto(live_server.url + "/en/accounts/login/")
        assert violations == []
        page.evaluate(
            """() => document.body.insertAdjacentHTML('beforeend', '<p style="color:red">x</p>')"""
        )
        page.wait_for_timeout(300)
        assert any("style-src" in what for _, what in violations), violations
    finally:
        browser.close()


@pytest.mark.parametrize("language", ["en", "fa"])
def test_account_pages_break_no_policy(page, live_server, db, language):
    base = f"{live_server.url}/{language}/accounts"
    for path in ("/signup/", "/login/", "/password/reset/", "/password/reset/sent/",
                 "/verify/MQ/forged/", "/unlock/", "/unlock/forged-token/"):
        page.goto(base + path)
    page.goto(base + "/signup/")
    page.fill("input[name=username]", "reader")
    page.fill("input[name=email]", "reader@example.org")
    page.fill("input[name=password1]", "a-long-pass-1234")
    page.fill("input[name=password2]", "a-long-pass-1234")
    page.locator("main form button[type=submit]").click()
    page.wait_for_url(f"{live_server.url}/{language}/")
    assert get_user_model().objects.filter(username="reader").exists()
