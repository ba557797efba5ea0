"""Browser tests drive Debian's Chromium through Playwright; no browser is downloaded."""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit

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
    """Fail, never skip, when Chromium is not installed: a browser test skipped would pass
    unseen (issue 25). CI installs it (.ci/run); elsewhere: apt-get install chromium."""
    if CHROMIUM.exists():
        return
    pytest.fail(f"{CHROMIUM} is missing: install Debian's chromium (apt-get install chromium)")


@pytest.fixture(scope="session")
def playwright_instance() -> Iterator[object]:
    require_chromium()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        yield playwright


#: axe-core's impacts that fail a test.
SERIOUS = ("serious", "critical")

#: Runs axe-core on every page once it has loaded and reports to the test
#: (``__baizeAxe``, bound by :class:`AccessibilityWatch`): "started", then "done" with
#: the serious or critical violations (each with the first three elements it names),
#: or "failed" with axe's own error, never swallowed.
AXE_ON_EVERY_PAGE = """
window.addEventListener("load", function () {
  if (window.top !== window || document.contentType !== "text/html") { return; }
  window.__baizeAxe("started", []);
  window.setTimeout(function () {
    Promise.resolve()
      .then(function () { return window.axe.run(document, {resultTypes: ["violations"]}); })
      .then(function (results) {
        window.__baizeAxe("done", results.violations
          .filter(function (v) { return SERIOUS_IMPACTS.indexOf(v.impact) >= 0; })
          .map(function (v) { return v.id + " (" + v.impact + "): " +
            JSON.stringify(v.nodes.slice(0, 3).map(function (n) { return n.target; })); }));
      }, function (error) {
        window.__baizeAxe("failed", [String((error && error.stack) || error)]);
      });
  }, 0);
});
""".replace("SERIOUS_IMPACTS", json.dumps(list(SERIOUS)))

#: How long a page's check may take before the test fails on it, in seconds.
AXE_PATIENCE = 30


class AccessibilityWatch:
    """axe-core on every page a browser context loads, each one finished before it is left.

    Every page runs axe once it has loaded (:data:`AXE_ON_EVERY_PAGE`). A test may leave a
    page before axe is done with it, which would abort the check unseen, so a request to
    leave it (any navigation of a main frame) waits in :meth:`on_request` until the page
    has reported; the pages still open are waited for at the end (:meth:`finish`).
    ``reports`` holds each page's path and serious violations, ``errors`` every check
    that failed or never finished: the test fails on either.
    """

    def __init__(self, context: object) -> None:
        import axe_playwright_python

        axe = Path(axe_playwright_python.__file__).with_name("axe.min.js").read_text()
        self.reports: list[tuple[str, list[str]]] = []
        self.errors: list[str] = []
        self.running: dict[object, str] = {}  # page -> path of its check under way
        context.expose_binding("__baizeAxe", self.on_report)
        context.add_init_script(axe + "\n" + AXE_ON_EVERY_PAGE)
        context.route("**/*", self.on_request)
        self.context = context

    def on_report(self, source: dict, state: str, details: list[str]) -> None:
        page = source["page"]
        path = urlsplit(source["frame"].url).path
        if state == "started":
            self.running[page] = path
            return
        self.running.pop(page, None)
        if state == "done":
            self.reports.append((path, details))
        else:
            self.errors.append(f"{path}: {details}")

    def wait_for(self, page: object) -> None:
        """Until ``page`` has no check under way (page commands still work meanwhile)."""
        waited = 0.0
        while page in self.running and not page.is_closed():
            if waited > AXE_PATIENCE:
                self.errors.append(f"{self.running.pop(page)}: axe did not finish")
                return
            page.wait_for_timeout(50)
            waited += 0.05

    def on_request(self, route: object) -> None:
        request = route.request
        try:
            if request.is_navigation_request() and request.frame.parent_frame is None:
                self.wait_for(request.frame.page)
        finally:
            route.fallback()

    def finish(self) -> None:
        for page in self.context.pages:
            if page.url.startswith("http"):
                page.wait_for_load_state()
                page.wait_for_timeout(100)  # the "started" report of a page just loaded
                self.wait_for(page)


def serious_accessibility_violations(reports: list[tuple[str, list[str]]]) -> dict[str, list]:
    """Each page's serious or critical axe violations (pages without any left out)."""
    found: dict[str, list] = {}
    for path, violations in reports:
        for violation in violations:
            listed = found.setdefault(path, [])
            if violation not in listed:
                listed.append(violation)
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

    Call it after :class:`AccessibilityWatch`, so that axe's own styles are told apart.
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
    visited (axe runs on each before it is left, and on the last), and on any error of
    axe's own. ``@pytest.mark.axe_exempt(reason)`` exempts a test whose pages are not
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
        exempt = request.node.get_closest_marker("axe_exempt") is not None
        accessibility = None if exempt else AccessibilityWatch(context)
        csp_violations = watch_content_security_policy(context)
        page = context.pages[0] if context.pages else context.new_page()
        try:
            yield page
            if accessibility:
                accessibility.finish()
        finally:
            context.close()
        if csp_violations:
            pytest.fail(f"Content-Security-Policy violations: {sorted(set(csp_violations))}")
        if accessibility is None:
            return
        if accessibility.errors:
            pytest.fail(f"axe could not check every page: {accessibility.errors}")
        found = serious_accessibility_violations(accessibility.reports)
        if found:
            pytest.fail(f"serious accessibility violations (axe): {found}")
