"""Browser tests drive Debian's Chromium through Playwright; no browser is downloaded."""

from __future__ import annotations

import contextlib
import json
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


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers", "axe_exempt(reason): pages not ours (Django's admin), not axe-checked"
    )


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


#: axe-core's impacts that fail a test.
SERIOUS = ("serious", "critical")

#: Runs axe-core on every page once it has loaded, and reports its serious violations
#: to the test (``__baizeAxe`` is bound by :func:`watch_accessibility`).
AXE_ON_EVERY_PAGE = """
window.addEventListener("load", function () {
  window.setTimeout(function () {
    if (!window.axe || window.top !== window) { return; }
    window.__baizeAxePending = window.axe.run(document, {resultTypes: ["violations"]})
      .then(function (results) { return window.__baizeAxe(location.pathname, results.violations
        .filter(function (v) { return SERIOUS_IMPACTS.indexOf(v.impact) >= 0; })
        .map(function (v) { return v.id + " (" + v.impact + "): " +
          JSON.stringify(v.nodes.slice(0, 3).map(function (n) { return n.target; })); })); })
      .catch(function () {});
  }, 0);
});
""".replace("SERIOUS_IMPACTS", json.dumps(list(SERIOUS)))


def watch_accessibility(context: object) -> list[tuple[str, list[str]]]:
    """Run axe on every page ``context`` loads; returns the list its reports go to."""
    import axe_playwright_python

    axe = Path(axe_playwright_python.__file__).with_name("axe.min.js").read_text()
    reports: list[tuple[str, list[str]]] = []
    context.expose_binding(
        "__baizeAxe", lambda _source, path, violations: reports.append((path, violations))
    )
    context.add_init_script(axe + "\n" + AXE_ON_EVERY_PAGE)
    return reports


def serious_accessibility_violations(reports: list[tuple[str, list[str]]]) -> dict[str, list]:
    """Each page's serious or critical axe violations (pages without any left out)."""
    found: dict[str, list] = {}
    for path, violations in reports:
        if violations:
            found.setdefault(path, sorted(set(violations)))
    return found


#: Reports every Content-Security-Policy violation of a page to the test
#: (``__baizeCsp`` is bound by :func:`watch_content_security_policy`). While axe-core
#: (the accessibility check, test tooling injected into the page) runs, the styles it
#: adds are its own, not the page's: they are not counted.
CSP_ON_EVERY_PAGE = """
(function () {
  var axeRuns = 0;
  if (window.axe && window.axe.run) {
    var run = window.axe.run;
    window.axe.run = function () {
      axeRuns += 1;
      return Promise.resolve(run.apply(window.axe, arguments)).finally(function () {
        axeRuns -= 1;
      });
    };
  }
  document.addEventListener("securitypolicyviolation", function (event) {
    if (axeRuns || !window.__baizeCsp) { return; }
    window.__baizeCsp(location.pathname, event.violatedDirective + " blocked " +
      (event.blockedURI || "inline") + " at " + (event.sourceFile || location.pathname) +
      ":" + event.lineNumber + " " + (event.sample || ""));
  });
})();
"""


def watch_content_security_policy(context: object) -> list[tuple[str, str]]:
    """Collect every CSP violation of every page ``context`` loads.

    Call it after :func:`watch_accessibility`, so that axe's own styles are told apart.
    """
    violations: list[tuple[str, str]] = []
    context.expose_binding(
        "__baizeCsp", lambda _source, path, what: violations.append((path, what))
    )
    context.add_init_script(CSP_ON_EVERY_PAGE)
    return violations


@pytest.fixture
def page(playwright_instance, live_server, request) -> Iterator[object]:
    """A fresh Chromium profile and page per test, axe-checked on every page it loads.

    It also fails on any Content-Security-Policy violation (an inline script or style,
    a style="" attribute, a resource from elsewhere) of any page it visited.

    The test fails on a serious or critical accessibility violation of any page it
    visited. ``@pytest.mark.axe_exempt(reason)`` exempts a test whose pages are not
    ours (Django's admin).
    """
    with tempfile.TemporaryDirectory(prefix="baize-chromium-") as profile:
        context = playwright_instance.chromium.launch_persistent_context(
            profile,
            executable_path=str(CHROMIUM),
            headless=True,
            args=CHROMIUM_ARGS,
            locale="en-GB",
        )
        context.set_default_timeout(15_000)
        reports = watch_accessibility(context)
        csp_violations = watch_content_security_policy(context)
        page = context.pages[0] if context.pages else context.new_page()
        try:
            yield page
            # Let the last page's check finish, then judge every page seen.
            # (a page closed or navigating away has sent its report already)
            with contextlib.suppress(Exception):
                page.evaluate("() => window.__baizeAxePending || null")
        finally:
            context.close()
        if csp_violations:
            pytest.fail(f"Content-Security-Policy violations: {sorted(set(csp_violations))}")
        found = serious_accessibility_violations(reports)
        if found and request.node.get_closest_marker("axe_exempt") is None:
            pytest.fail(f"serious accessibility violations (axe): {found}")
