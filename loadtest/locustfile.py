"""Exam day, as candidates play it: Locust users driven by ``loadtest/run.py``.

Each user is one enrolled candidate. He opens his invitation link, starts his attempt,
then for every question reads the page, thinks, autosaves his answer (as the page's
script does), thinks a little more and saves it with the Save button (on a frame stroke the
button that makes his calls final, or the frame would not go on: issue 22); he flags one
question, goes back to it once, reviews, submits and reads his result. Every
acknowledged save (an autosave answered ``{"saved": true}``, a Save answered by the
next page) is written to the acknowledgement log, which ``run.py`` checks against
the database afterwards: no acknowledged answer may be lost.

Settings come from the environment, set by ``run.py``: ``LOADTEST_CANDIDATES`` (a JSON
file of invitation URLs), ``LOADTEST_THINK`` (seconds), ``LOADTEST_ACKS`` (the log).
"""

from __future__ import annotations

import itertools
import json
import os
import random
import re
import threading
import time
from typing import Any
from urllib.parse import urlencode

import gevent
from locust import FastHttpUser, events, task
from locust.exception import StopUser
from page_forms import Form, NoSuchForm, an_answer, assets, main_button, parse_form

with open(os.environ["LOADTEST_CANDIDATES"], encoding="utf-8") as _file:
    CANDIDATES: list[str] = json.load(_file)
THINK = float(os.environ.get("LOADTEST_THINK", "20"))
ACKS_PATH = os.environ["LOADTEST_ACKS"]
NEXT_CANDIDATE = itertools.count()
#: Candidates whose exam day is over (finished, or stopped by a failure).
DONE = itertools.count(1)
ACKS_LOCK = threading.Lock()
ACKS = open(ACKS_PATH, "a", encoding="utf-8")  # noqa: SIM115 - open for the whole run

QUESTION_URL = re.compile(r"/attempt/(\d+)/question/(\d+)/")
FORM = {"Content-Type": "application/x-www-form-urlencoded"}
FETCH = {**FORM, "X-Requested-With": "fetch"}


def page_form(page: str, form_id: str | None = None) -> Form:
    """The form (``page_forms.parse_form``); without it the candidate cannot go on."""
    try:
        return parse_form(page, form_id)
    except NoSuchForm:
        raise StopUser() from None


class Candidate(FastHttpUser):
    """One candidate's exam day, from invitation to result."""

    # Think time is paced inside the task: one task is the whole exam.
    def on_start(self) -> None:
        index = next(NEXT_CANDIDATE)
        if index >= len(CANDIDATES):
            raise StopUser()
        self.invitation = CANDIDATES[index]
        self.rng = random.Random(index)
        #: The style sheets and scripts this candidate's browser has in its cache.
        self.cached: set[str] = set()

    def on_stop(self) -> None:
        # The run ends when the last candidate is done: --run-time is only a ceiling.
        if next(DONE) == len(CANDIDATES):
            gevent.spawn_later(1, self.environment.runner.quit)

    def think(self, share: float = 1.0) -> None:
        gevent.sleep(self.rng.uniform(0.5, 1.5) * THINK * share)

    @task
    def exam_day(self) -> None:
        attempt_url, questions = self.begin()
        flagged = self.rng.randrange(1, questions + 1)
        for position in range(1, questions + 1):
            self.answer(attempt_url, position, flag=position == flagged)
        self.revisit(attempt_url, flagged)
        self.submit(attempt_url)
        raise StopUser()

    def begin(self) -> tuple[str, int]:
        """Open the invitation, start the attempt, read question 1; (attempt URL, questions)."""
        with self.client.get(self.invitation, name="invitation", catch_response=True) as page:
            if page.status_code != 200 or "csrfmiddlewaretoken" not in page.text:
                page.failure(f"invitation: {page.status_code}")
                raise StopUser()
        self.fetch_assets(page.text)
        form = page_form(page.text)
        if "language" not in form.radios and "language" not in form.selects:
            # The invitation page names the exam; its button signs in to the enrolment.
            self.think(0.1)
            with self.client.post(
                page.url, data=dict(form.hidden), name="sign in", catch_response=True
            ) as page:
                if page.status_code != 200 or "csrfmiddlewaretoken" not in page.text:
                    page.failure(f"sign in: {page.status_code}")
                    raise StopUser()
            self.fetch_assets(page.text)
            form = page_form(page.text)
        enrolment_url = page.url
        self.think(0.25)
        data = dict(form.hidden)
        data["language"] = (form.radios.get("language") or form.selects.get("language") or ["en"])[
            0
        ]
        with self.client.post(
            enrolment_url, data=data, name="start", allow_redirects=False, catch_response=True
        ) as reply:
            match = QUESTION_URL.search(reply.headers.get("Location", ""))
            if reply.status_code not in (302, 303) or not match:
                reply.failure(f"start: {reply.status_code} to {reply.headers.get('Location')}")
                raise StopUser()
        self.log({"started": int(match.group(1)), "at": time.time()})
        attempt_url = reply.headers["Location"].split("/question/")[0]
        html = self.question_page(attempt_url, 1)
        questions = html.count('class="question-link') or 1
        return attempt_url, questions

    def fetch_assets(self, html: str) -> None:
        """The style sheets and scripts of a page that the browser does not have yet: it
        loads each once, then keeps it in its cache."""
        for asset in assets(html):
            if asset in self.cached:
                continue
            self.cached.add(asset)
            with self.client.get(asset, name="static file", catch_response=True) as reply:
                if reply.status_code != 200:
                    reply.failure(f"static file {asset}: {reply.status_code}")

    def question_page(self, attempt_url: str, position: int) -> str:
        url = f"{attempt_url}/question/{position}/"
        with self.client.get(url, name="question page", catch_response=True) as page:
            if page.status_code != 200 or "answer-form" not in page.text:
                page.failure(f"question page: {page.status_code}")
                raise StopUser()
            self.page = page.text
        self.fetch_assets(page.text)
        return page.text

    def answer(self, attempt_url: str, position: int, *, flag: bool) -> None:
        """Read the page (the first one was read on starting), think, autosave, save."""
        url = f"{attempt_url}/question/{position}/"
        html = self.page if position == 1 else self.question_page(attempt_url, position)
        form = page_form(html, "answer-form")
        token = list(form.hidden.items())  # the CSRF token and the question's own fields
        self.think()
        answer = an_answer(form, self.rng)
        self.sending(url, token + answer)
        with self.client.post(
            url,
            data=urlencode(token + answer + [("go", "save")]),
            headers=FETCH,
            name="autosave",
            catch_response=True,
        ) as reply:
            if reply.status_code == 200 and reply.json().get("saved"):
                self.acknowledge(url, token + answer)
            else:
                reply.failure(f"autosave: {reply.status_code} {reply.error or reply.text[:80]}")
        if flag:
            self.think(0.2)
            with self.client.post(
                f"{url}flag/",
                data=urlencode(token + [("flagged", "1")]),
                headers=FETCH,
                name="flag",
                catch_response=True,
            ) as reply:
                if reply.status_code != 200:
                    reply.failure(f"flag: {reply.status_code}")
        self.think(0.3)
        answer = an_answer(form, self.rng)
        self.sending(url, token + answer)
        with self.client.post(
            url,
            data=urlencode(token + answer + [("go", main_button(html))]),
            headers=FORM,
            name="save",
            allow_redirects=False,
            catch_response=True,
        ) as reply:
            if reply.status_code in (302, 303):
                self.acknowledge(url, token + answer)
            else:
                reply.failure(f"save: {reply.status_code}")

    def revisit(self, attempt_url: str, position: int) -> None:
        self.think(0.5)
        self.question_page(attempt_url, position)

    def submit(self, attempt_url: str) -> None:
        with self.client.get(
            f"{attempt_url}/submit/", name="review page", catch_response=True
        ) as page:
            if page.status_code != 200:
                page.failure(f"review page: {page.status_code}")
                raise StopUser()
            token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page.text)
            token = token.group(1) if token else ""
        self.think(0.5)
        with self.client.post(
            f"{attempt_url}/submit/",
            data={"csrfmiddlewaretoken": token},
            name="submit",
            allow_redirects=False,
            catch_response=True,
        ) as reply:
            if reply.status_code not in (302, 303):
                reply.failure(f"submit: {reply.status_code}")
                raise StopUser()
            result = reply.headers.get("Location", "")
        with self.client.get(result, name="result page", catch_response=True) as page:
            if page.status_code != 200:
                page.failure(f"result page: {page.status_code}")

    def sending(self, url: str, body: list[tuple[str, str]]) -> None:
        """Log a write before it is sent: the site may store it though no reply comes."""
        self.record("sent", url, body)

    def acknowledge(self, url: str, body: list[tuple[str, str]]) -> None:
        """Log what the site acknowledged, as posted (less the CSRF token)."""
        self.record("acknowledged", url, body)

    def record(self, event: str, url: str, body: list[tuple[str, str]]) -> None:
        attempt, position = QUESTION_URL.search(url).groups()
        data = [(name, value) for name, value in body if name != "csrfmiddlewaretoken"]
        self.log({"event": event, "attempt": int(attempt), "position": int(position), "data": data})

    @staticmethod
    def log(line: dict[str, Any]) -> None:
        with ACKS_LOCK:
            ACKS.write(json.dumps(line) + "\n")
            ACKS.flush()


@events.quitting.add_listener
def _close_log(environment: Any, **_kwargs: Any) -> None:
    ACKS.close()
