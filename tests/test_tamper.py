"""Tampering never gets a server error: every URL with odd values, every form with forged ones.

The walk takes the project's URL patterns from Django's resolver (a new page is walked
without being listed here), fills each parameter with a real value and then with odd
ones (huge numbers, Unicode digits, empty, very long, NUL), signed in as each role. Each
page's forms are then posted with forged values (wrong types, out-of-range numbers,
over-long strings, NUL bytes, duplicated fields). Any exception or status 500 fails.
"""

from __future__ import annotations

import importlib.util
import random
import re
import uuid
from collections.abc import Iterator
from datetime import timedelta
from html.parser import HTMLParser
from pathlib import Path
from typing import Any
from urllib.parse import quote, urlencode

import pytest
from django.contrib.auth import get_user, get_user_model
from django.http import HttpRequest
from django.urls import URLPattern, URLResolver, get_resolver
from django.urls.resolvers import LocalePrefixPattern, RoutePattern
from django.utils import timezone

pytestmark = pytest.mark.django_db

ROLES = ("anonymous", "trainee", "candidate", "examiner", "staff")

#: Odd values for a path parameter, by converter.
ODD = {
    "int": ["9" * 30, "4" * 4301],
    "str": ["x" * 3000, "١٢٣", "%00"],
    "slug": ["a" * 3000, "٣"],
    "uuid": [str(uuid.UUID(int=0))],
    "path": ["x" * 5000, "%00"],
}

#: Forged values for every field of a form at once; a list is a duplicated field.
FORGED: list[Any] = [
    "",
    "x\x00y",
    "9" * 30,
    "²",
    "x" * 20_000,
    ["1", "۲", "x" * 300],
]

#: URLs whose POST ends the walk's session or that are not ours to forge here.
SKIPPED_NAMES = {"logout"}

#: Query strings tried on every GET.
QUERIES = ["", "?" + urlencode({"code": "--", "go": "²", "page": "9" * 30, "next": "//evil",
                                 "q": "\x00" + "x" * 3000, "language": "xx"})]


def exams_fixtures() -> Any:
    """tests/exams/conftest.py as a module: its factories make the exam side's objects."""
    path = Path(__file__).parent / "exams" / "conftest.py"
    spec = importlib.util.spec_from_file_location("exams_fixtures_for_tamper", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def routes(patterns: list[Any] | None = None, prefix: str = "") -> Iterator[tuple[str, str]]:
    """(route, url name) of every pattern, e.g. ``exams/attempt/<int:attempt_id>/``."""
    for entry in get_resolver().url_patterns if patterns is None else patterns:
        pattern = entry.pattern
        if isinstance(pattern, LocalePrefixPattern):
            part = "en/"
        elif isinstance(pattern, RoutePattern):
            part = str(pattern)
        else:  # a regular expression (the admin's): its literal form when it has one
            part = re.sub(r"^\^|\$$", "", str(pattern))
            if re.search(r"[()\[\]\\*+?]", part):
                continue
        if isinstance(entry, URLResolver):
            yield from routes(entry.url_patterns, prefix + part)
        elif isinstance(entry, URLPattern):
            yield prefix + part, entry.name or ""


PARAMETER = re.compile(r"<(?:(\w+):)?(\w+)>")


class Objects:
    """Real objects for each role to reach, and the values of path parameters that name them."""

    def __init__(self, quiz_bank: dict[str, Any]) -> None:
        fixtures = exams_fixtures()
        from exams import invitations, services
        from exams.models import Certificate
        from federations.models import Federation
        from quiz.models import Topic
        from quiz.services import start_self_test

        now = timezone.now()
        fixtures.make_bank()
        federation = Federation.objects.create(slug="tamper", name_en="Tamper federation")
        self.examiner = fixtures.make_examiner(federation, "tamper-examiner")
        exam = fixtures.make_exam(federation, now, attempts_allowed=2, waiting_hours=0)
        enrolment = services.enrol_candidate(
            exam=exam, full_name="Cand Idate", email="cand@example.org", now=now
        )
        passed = services.enrol_candidate(
            exam=exam, full_name="Pass Ed", email="passed@example.org", now=now
        )
        attempt = services.start_attempt(
            enrolment=passed, language="en", now=now, rng=random.Random(1)
        )
        for question in attempt.questions.all():
            services.save_answer(
                attempt=attempt, question=question,
                answer=fixtures.right_answer(question), now=now,
            )
        services.submit_attempt(attempt=attempt, now=now)
        certificate = Certificate.objects.get(attempt=attempt)
        open_attempt = services.start_attempt(
            enrolment=enrolment, language="en", now=now, rng=random.Random(2)
        )
        self.candidate = enrolment.user
        self.trainee = get_user_model().objects.create_user("trainee", password="pw-trainee-1")
        self.staff = get_user_model().objects.create_superuser(
            "staff", "staff@example.org", "pw-staff-1"
        )
        self_test = start_self_test(
            language="en", length=10, topics=Topic.objects.all(), rng=random.Random(3)
        )
        scenario = next(iter(quiz_bank.values()))
        token = invitations.issue_invitation(enrolment=enrolment, now=now + timedelta(seconds=1))
        self.real = {
            "attempt_id": str(open_attempt.pk),
            "enrolment_id": str(enrolment.pk),
            "exam_id": str(exam.pk),
            "position": "1",
            "code": certificate.code,
            "token": token,
            "topic": scenario.topic.slug,
            "scenario": scenario.slug,
            "test_id": str(self_test.pk),
        }

    def user(self, role: str) -> Any:
        return None if role == "anonymous" else getattr(self, role)


def paths(route: str, real: dict[str, str], role: str = "staff") -> Iterator[str]:
    """The route with real values, then with each parameter in turn odd.

    Django's admin only gets its object ids forged, and only by staff: everyone
    else is sent to its login page whatever the path.
    """
    parameters = PARAMETER.findall(route)
    if "/admin/" in f"/{route}" and (role != "staff" or "object_id" not in route):
        parameters_forged: list[tuple[str, str]] = []
    else:
        parameters_forged = parameters

    def fill(values: dict[str, str]) -> str:
        return "/" + PARAMETER.sub(lambda m: values[m.group(2)], route)

    base = {name: real.get(name, "1" if kind == "int" else "x") for kind, name in parameters}
    yield fill(base)
    for kind, name in parameters_forged:
        for odd in ODD.get(kind or "str", ODD["str"]):
            yield fill({**base, name: odd if "%" in odd else quote(odd, safe="")})


class Forms(HTMLParser):
    """The POST forms of a page: (action, field names)."""

    def __init__(self) -> None:
        super().__init__()
        self.forms: list[tuple[str | None, set[str]]] = []
        self.by_id: dict[str, set[str]] = {}

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attr = dict(attrs)
        if tag == "form" and (attr.get("method") or "").lower() == "post":
            fields: set[str] = set()
            self.forms.append((attr.get("action"), fields))
            if attr.get("id"):
                self.by_id[attr["id"]] = fields
        elif tag in {"input", "select", "textarea", "button"} and attr.get("name"):
            owner = self.by_id.get(attr.get("form") or "") if attr.get("form") else None
            target = owner if owner is not None else (self.forms[-1][1] if self.forms else None)
            if target is not None and attr["name"] != "csrfmiddlewaretoken":
                target.add(attr["name"])


def forged_posts(fields: set[str]) -> Iterator[dict[str, Any]]:
    for value in FORGED:
        yield {name: value for name in fields}


def sign_in(client: Any, user: Any) -> None:
    """Sign the client in as ``user`` unless it still is, as the site itself would tell
    (the session read from the database, the user and his session hash checked by
    ``django.contrib.auth.get_user``): a forged request may have ended or spoilt the
    session. Signing in again before each of thousands of requests was a third of the walk."""
    if user is None:
        return
    request = HttpRequest()
    request.session = client.session
    if get_user(request).pk != user.pk:
        client.force_login(user)


def send(client: Any, method: str, path: str, data: Any = None) -> str | None:
    """The failure of one request (an exception or a 5xx), or ``None``."""
    try:
        response = client.get(path) if method == "GET" else client.post(path, data or {})
    except Exception as error:  # noqa: BLE001 - any escape is what this test finds
        return f"{method} {path[:200]} {data and str(data)[:200]}: {type(error).__name__}: {error}"
    if response.status_code >= 500:
        return f"{method} {path[:200]} {data and str(data)[:200]}: {response.status_code}"
    return None


@pytest.mark.parametrize("role", ROLES)
def test_no_url_and_no_form_gives_a_server_error(client, bank, role, settings):
    settings.DEBUG = False
    objects = Objects(bank)
    failures: list[str] = []
    all_routes = [(r, n) for r, n in routes() if n not in SKIPPED_NAMES]
    assert len(all_routes) > 30  # the walk really walks the project
    walked = 0
    #: Forms already forged, by action and fields: one on every page (the language
    #: switcher's, say) is posted once per role, not once per page.
    forged: set[tuple[str, frozenset[str]]] = set()
    for route, _name in all_routes:
        if "/admin/" in f"/{route}" and role != "staff" and "<" in route:
            continue  # the admin's login page, already walked at its root
        for n, path in enumerate(paths(route, objects.real, role)):
            user = objects.user(role)
            sign_in(client, user)
            for query in QUERIES if n == 0 else [""]:
                walked += 1
                if failure := send(client, "GET", path + query):
                    failures.append(failure)
            if n > 0 and (failure := send(client, "POST", path, {"x": "\x00"})):
                failures.append(failure)
        # The page's own forms, forged.
        real_path = next(paths(route, objects.real))
        user = objects.user(role)
        sign_in(client, user)
        try:
            response = client.get(real_path)
        except Exception:  # noqa: BLE001 - reported by the walk above
            continue
        if response.status_code != 200 or "html" not in response.get("Content-Type", ""):
            continue
        parser = Forms()
        parser.feed(response.content.decode(errors="replace"))
        for action, fields in parser.forms:
            target = action or real_path
            if not target.startswith("/") or any(n in target for n in ("/logout",)):
                continue
            if (target, frozenset(fields)) in forged:
                continue
            forged.add((target, frozenset(fields)))
            for data in forged_posts(fields):
                sign_in(client, user)
                if failure := send(client, "POST", target, data):
                    failures.append(failure)
    assert walked > 200
    assert not failures, f"{len(failures)} server errors:\n" + "\n".join(failures[:40])
