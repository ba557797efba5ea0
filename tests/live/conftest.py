"""The site as it runs: gunicorn processes on a SQLite file, driven over HTTP.

These tests need what the test client hides: several processes writing one
database at once, and a server that dies (SIGKILL) and comes back.
"""

from __future__ import annotations

import http.cookiejar
import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator
from html.parser import HTMLParser
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]

#: Run in a fresh interpreter against the site's database: the bank, an exam open now,
#: enrolled candidates, each signed in (a session, as after his invitation link); prints
#: [session key, enrolment page] per candidate as JSON.
SEED = """
import importlib.util, json, sys
import django
django.setup()
from django.core.management import call_command
from django.utils import timezone
call_command("migrate", verbosity=0)
spec = importlib.util.spec_from_file_location("exams_fixtures", sys.argv[1])
fixtures = importlib.util.module_from_spec(spec)
spec.loader.exec_module(fixtures)
from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
from accounts.sessions import SessionStore
from exams import services
from federations.models import Federation
fixtures.make_bank()
federation = Federation.objects.create(slug="live", name_en="Live federation")
exam = fixtures.make_exam(federation, timezone.now(), attempts_allowed=1, waiting_hours=0)
links = []
for n in range(int(sys.argv[2])):
    enrolment = services.enrol_candidate(
        exam=exam, full_name=f"Candidate {n}", email=f"candidate{n}@example.org"
    )
    session = SessionStore()
    session[SESSION_KEY] = str(enrolment.user.pk)
    session[BACKEND_SESSION_KEY] = "accounts.backends.ModelBackend"
    session[HASH_SESSION_KEY] = enrolment.user.get_session_auth_hash()
    session.create()
    links.append([session.session_key, f"/en/exams/enrolment/{enrolment.pk}/"])
print(json.dumps(links))
"""


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class Site:
    """A SQLite file and the gunicorn serving it, which can be killed and started again."""

    def __init__(self, database: Path) -> None:
        self.database = database
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.env = {
            **os.environ,
            "DJANGO_SETTINGS_MODULE": "config.settings",
            "DATABASE_URL": f"sqlite:///{database}",
            "DEBUG": "0",
            "SECRET_KEY": "live-test-secret-key-" + "x" * 40,
            "ALLOWED_HOSTS": "127.0.0.1",
            "SECURE_COOKIES": "0",
            "SECURE_SSL_REDIRECT": "0",
            "PYTHONPATH": str(ROOT),
        }
        self.process: subprocess.Popen | None = None

    def seed(self, candidates: int) -> list[list[str]]:
        fixtures = ROOT / "tests" / "exams" / "conftest.py"
        result = subprocess.run(
            [sys.executable, "-c", SEED, str(fixtures), str(candidates)],
            cwd=ROOT, env=self.env, capture_output=True, text=True, timeout=300,
        )
        assert result.returncode == 0, result.stderr
        return json.loads(result.stdout.strip().splitlines()[-1])

    def start(self) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-m", "gunicorn", "config.wsgi:application",
             "--bind", f"127.0.0.1:{self.port}", "--workers", "2", "--threads", "4",
             "--worker-class", "gthread", "--timeout", "60", "--log-level", "warning"],
            cwd=ROOT, env=self.env, start_new_session=True,
            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
        )
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            assert self.process.poll() is None, self.process.stderr.read().decode()
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=1):
                    return
            except OSError:
                time.sleep(0.2)
        raise AssertionError("gunicorn did not start")

    def kill(self) -> None:
        """SIGKILL the server and its workers: no clean shutdown, no flush."""
        if self.process is None:
            return
        os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait(timeout=30)
        self.process = None
        time.sleep(0.5)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
        self.process = None


class Browser:
    """A cookie-keeping HTTP client that sends Django's CSRF token like the pages do.

    ``Browser(site, session=key)`` is signed in with that session.
    """

    def __init__(self, site: Site, session: str = "") -> None:
        self.site = site
        self.cookies = http.cookiejar.CookieJar()
        if session:
            self.cookies.set_cookie(http.cookiejar.Cookie(
                0, "sessionid", session, None, False, "127.0.0.1", False, False, "/", True,
                False, None, False, None, None, {},
            ))
        self.opener = urllib.request.build_opener(
            urllib.request.HTTPCookieProcessor(self.cookies), NoRedirect()
        )

    def request(
        self, path: str, data: dict[str, Any] | None = None, headers: dict[str, str] | None = None
    ) -> tuple[int, str, str]:
        """(status, Location, body) of one request; redirects are not followed."""
        body = None
        all_headers = dict(headers or {})
        if data is not None:
            body = urllib.parse.urlencode(data, doseq=True).encode()
            all_headers["X-CSRFToken"] = self.csrf_token()
            all_headers["Content-Type"] = "application/x-www-form-urlencoded"
        request = urllib.request.Request(self.site.base + path, data=body, headers=all_headers)
        try:
            with self.opener.open(request, timeout=60) as response:
                location = response.headers.get("Location", "")
                return response.status, location, response.read().decode()
        except urllib.error.HTTPError as error:
            return error.code, error.headers.get("Location", ""), error.read().decode()

    def follow(self, path: str) -> tuple[str, str]:
        """GET ``path`` through its redirects: (final path, body)."""
        seen = []
        for _ in range(10):
            status, location, body = self.request(path)
            assert status < 500, body[:2000]
            if status not in (301, 302):
                return path, body
            seen.append(location)
            path = urllib.parse.urlsplit(location).path if location.startswith("http") else location
        raise AssertionError(f"too many redirects: {seen}")

    def csrf_token(self) -> str:
        return next((c.value for c in self.cookies if c.name == "csrftoken"), "")


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args: Any, **kwargs: Any) -> None:
        return None


class AnswerFormReader(HTMLParser):
    """The answer form's fields: hidden values, and the choices of each radio and select."""

    def __init__(self) -> None:
        super().__init__()
        self.hidden: dict[str, str] = {}
        self.choices: dict[str, list[str]] = {}
        self.checked: dict[str, list[str]] = {}
        self._select: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attr = {name: value or "" for name, value in attrs}
        name = attr.get("name", "")
        if tag == "input" and name and attr.get("form", "answer-form") == "answer-form":
            kind = attr.get("type", "text")
            if kind == "hidden" and name != "csrfmiddlewaretoken":
                self.hidden[name] = attr.get("value", "")
            elif kind in ("radio", "checkbox"):
                self.choices.setdefault(name, []).append(attr.get("value", ""))
                if "checked" in attr:
                    self.checked.setdefault(name, []).append(attr.get("value", ""))
        elif tag == "select":
            self._select = name
        elif tag == "option" and self._select and attr.get("value"):
            self.choices.setdefault(self._select, []).append(attr["value"])
            if "selected" in attr:
                self.checked.setdefault(self._select, []).append(attr["value"])

    def handle_endtag(self, tag: str) -> None:
        if tag == "select":
            self._select = None


def read_form(page: str) -> AnswerFormReader:
    reader = AnswerFormReader()
    reader.feed(page)
    return reader


def an_answer(page: str, variant: int = 0) -> dict[str, str]:
    """A complete answer to the page's question: choice ``variant`` of each field."""
    form = read_form(page)
    assert form.choices, "the page has no answer form"
    data = dict(form.hidden)
    for name, values in form.choices.items():
        data[name] = values[variant % len(values)]
    return data


@pytest.fixture
def site(tmp_path: Path) -> Iterator[Site]:
    running = Site(tmp_path / "live.sqlite3")
    try:
        yield running
    finally:
        running.stop()


@pytest.fixture
def live() -> SimpleNamespace:
    """The helpers of this module, for the tests (conftest modules are not importable)."""
    return SimpleNamespace(Browser=Browser, an_answer=an_answer, read_form=read_form)
