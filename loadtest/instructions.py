"""What each exam-day request costs the app, counted in instructions (``make profile``).

This machine's speed varies by 1.5× and more from minute to minute, so timings cannot
compare two versions of the code; callgrind's instruction counts can (the same code and
data give the same count whatever else the machine does). The run:

1. prepares what ``make loadtest`` does (a throwaway PostgreSQL cluster or
   ``DATABASE_URL``, migrations, the scenario bank, an exam of ``--questions`` questions
   and ``--candidates`` + 1 enrolled candidates);
2. plays one candidate's whole exam day to warm everything up (imports, templates, the
   question fragments every later candidate finds cached, as on exam day);
3. plays the others step by step in lock step (every candidate's invitation, then every
   sign-in, …) through Django's test client, in one process under
   ``valgrind --tool=callgrind``, dumping the counters after each step
   (``CALLGRIND_DUMP_STATS_AT``, from a two-line C file built here with gcc), each
   question page seen once uncounted first (on exam day its fragments are cached), the
   draws seeded so that two runs compare the same pages;
4. before that, plays the same steps in a process of its own without valgrind, for the
   queries and the milliseconds.

It prints, per request kind: requests, million instructions per request (the app's
Python, Django and the database driver; the load generator's parsing of pages is left
out, PostgreSQL's own work is a separate process and not counted), queries per request
and milliseconds per request (native, on this machine now: noisy). Nothing is asserted:
compare the instructions before and after a change.

``python loadtest/instructions.py [--candidates 10] [--questions 8] [--sql KIND]
[--cprofile KIND] [--native-only]``
"""

from __future__ import annotations

import argparse
import cProfile
import ctypes
import itertools
import json
import os
import pstats
import random
import re
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

from page_forms import an_answer, assets, main_button, parse_form
from run import BIN, ROOT, Stack, app_environment, manage, scenario_files, throwaway_postgres

MARKERS_C = r"""
#include <valgrind/callgrind.h>
void step_done(const char *name) { CALLGRIND_DUMP_STATS_AT(name); }
void counting(void) { CALLGRIND_ZERO_STATS; CALLGRIND_START_INSTRUMENTATION; }
void pause_counting(void) { CALLGRIND_TOGGLE_COLLECT; }
"""
HOST = "127.0.0.1"
FORM = "application/x-www-form-urlencoded"
QUESTION_URL = re.compile(r"(/[^\s\"']*/attempt/\d+)/question/\d+/")
FLAGGED = 2  # the question every candidate flags (and goes back to)


class Markers:
    """What is counted: callgrind's client requests under valgrind, else queries and time.

    ``pause`` and ``resume`` leave out the load generator's own work (reading pages).
    """

    def __init__(self, library: Path | None) -> None:
        self.lib = ctypes.CDLL(str(library)) if library else None
        self.paused = False
        self.queries = 0
        self.seconds = 0.0
        self._since = 0.0
        #: The statements of the request being shown (``--sql``), else None.
        self.shown: list[str] | None = None

    def counting(self) -> None:
        if self.lib:
            self.lib.counting()

    def step_done(self, kind: str) -> None:
        if self.lib:
            self.lib.step_done(kind.encode())

    def pause(self) -> None:
        self.paused = True
        self.seconds += time.perf_counter() - self._since
        if self.lib:
            self.lib.pause_counting()  # a toggle

    def resume(self) -> None:
        self.paused = False
        self._since = time.perf_counter()
        if self.lib:
            self.lib.pause_counting()

    def take(self) -> tuple[int, float]:
        """Queries and seconds counted since the last take."""
        self.seconds += time.perf_counter() - self._since
        taken = self.queries, self.seconds
        self.queries, self.seconds, self._since = 0, 0.0, time.perf_counter()
        return taken

    def count_query(self, execute, sql, params, many, context):
        self.queries += not self.paused
        if self.shown is not None and not self.paused:
            self.shown.append(sql)
        return execute(sql, params, many, context)


class Candidate:
    """One candidate's requests, as ``locustfile.Candidate`` makes them, without think time."""

    def __init__(self, invitation: str, index: int, markers: Markers, handler=None) -> None:
        from django.test import Client

        self.client = Client(enforce_csrf_checks=True, HTTP_HOST=HOST)
        if handler is not None:  # one app, as in a server's worker: middleware loaded once
            self.client.handler = handler
        self.invitation_url = invitation
        self.rng = random.Random(index)
        self.markers = markers
        self.page = ""
        self.cached: set[str] = set()
        self.assets: list[str] = []  # named by a page, not loaded yet

    def expect(self, response, *statuses: int) -> None:
        if response.status_code not in statuses:
            sys.exit(f"{response.request['PATH_INFO']}: {response.status_code}, not {statuses}")

    def form(self, form_id: str | None = None):
        """The page's form, read by the load generator: not the app's work."""
        self.markers.pause()
        try:
            return parse_form(self.page, form_id)
        finally:
            self.markers.resume()

    def get(self, url: str) -> None:
        response = self.client.get(url)
        self.expect(response, 200)
        self.page = response.content.decode()
        new = [asset for asset in assets(self.page) if asset not in self.cached]
        self.cached.update(new)
        self.assets += new

    def fetch_assets(self) -> int:
        """The style sheets and scripts the pages named since, once each (as a browser's
        cache and the Locust candidates do); how many."""
        for asset in self.assets:
            response = self.client.get(asset)
            self.expect(response, 200)
            # Read to its end, as a server would send it: the test client then closes the
            # response as a server does (closing it here would also close the database
            # connection, inside a test's transaction).
            b"".join(response.streaming_content)
        fetched, self.assets = len(self.assets), []
        return fetched

    def invitation(self) -> None:
        self.get(self.invitation_url)

    def sign_in(self) -> None:
        response = self.post(self.invitation_url, self.form().hidden)
        self.expect(response, 302)
        self.enrolment_url = response["Location"]

    def enrolment_page(self) -> None:
        self.get(self.enrolment_url)

    def start(self) -> None:
        form = self.form()
        data = dict(form.hidden)
        data["language"] = (form.radios.get("language") or form.selects.get("language"))[0]
        response = self.post(self.enrolment_url, data)
        self.expect(response, 302)
        self.attempt_url = QUESTION_URL.search(response["Location"]).group(1)

    def question_url(self, position: int) -> str:
        return f"{self.attempt_url}/question/{position}/"

    def question_page(self, position: int) -> None:
        # Seen once first, not counted: on exam day every question's fragments are cached
        # (a thousand candidates draw from the same pool); here few candidates would not.
        self.markers.pause()
        self.get(self.question_url(position))
        self.markers.resume()
        self.get(self.question_url(position))
        self.answer_form = self.form("answer-form")

    def posted_answer(self, go: str = "save") -> dict[str, list[str]]:
        self.markers.pause()
        data: dict[str, list[str]] = defaultdict(list)
        for name, value in [
            *self.answer_form.hidden.items(),
            *an_answer(self.answer_form, self.rng),
        ]:
            data[name].append(value)
        data["go"] = [go]
        self.markers.resume()
        return data

    def post(self, url: str, data: dict[str, Any], **kwargs: Any):
        """Posted as a browser and the Locust candidates post forms (not multipart)."""
        return self.client.post(url, urlencode(data, doseq=True), content_type=FORM, **kwargs)

    def autosave(self, position: int) -> None:
        response = self.post(
            self.question_url(position), self.posted_answer(), headers={"X-Requested-With": "fetch"}
        )
        self.expect(response, 200)
        if not response.json().get("saved"):
            sys.exit(f"autosave not saved: {response.content[:200]!r}")

    def flag(self, position: int) -> None:
        response = self.post(
            f"{self.question_url(position)}flag/",
            {**self.answer_form.hidden, "flagged": "1"},
            headers={"X-Requested-With": "fetch"},
        )
        self.expect(response, 200)

    def save(self, position: int) -> None:
        # A frame stroke's main button makes its calls final (the frame goes on, issue 22);
        # the autosave only keeps them.
        answer = self.posted_answer(go=main_button(self.page))
        self.expect(self.post(self.question_url(position), answer), 302)

    def review_page(self) -> None:
        self.get(f"{self.attempt_url}/submit/")

    def submit(self) -> None:
        token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', self.page).group(1)
        response = self.post(f"{self.attempt_url}/submit/", {"csrfmiddlewaretoken": token})
        self.expect(response, 302)
        self.result_url = response["Location"]

    def result_page(self) -> None:
        self.get(self.result_url)


def exam_day_steps(questions: int) -> list[tuple[str, Callable[[Candidate], None]]]:
    """Every request of a candidate's exam day, in order, with its kind."""
    steps: list[tuple[str, Callable[[Candidate], None]]] = [
        ("invitation", Candidate.invitation),
        ("sign in", Candidate.sign_in),
        ("enrolment page", Candidate.enrolment_page),
        ("start", Candidate.start),
    ]
    for position in range(1, questions + 1):
        steps.append(("question page", lambda c, p=position: c.question_page(p)))
        steps.append(("autosave", lambda c, p=position: c.autosave(p)))
        if position == FLAGGED:
            steps.append(("flag", lambda c, p=position: c.flag(p)))
        steps.append(("save", lambda c, p=position: c.save(p)))
    steps += [
        ("question page", lambda c: c.question_page(FLAGGED)),
        ("review page", Candidate.review_page),
        ("submit", Candidate.submit),
        ("result page", Candidate.result_page),
    ]
    return steps


def play(args: argparse.Namespace) -> None:
    """Inside the measured process: prepare, warm up, then every step for every candidate."""
    import exam_day  # sets Django up with the app servers' settings
    from django.db import connection

    markers = Markers(args.markers)
    # Every attempt draws as in every run (its questions decide much of its pages' cost),
    # so that two runs compare the same pages: the draw's system randomness seeded.
    seeds = itertools.count()
    random.SystemRandom = lambda: random.Random(next(seeds))
    invitations = exam_day.prepare(
        candidates=args.candidates + 1, questions=args.questions, base=""
    )
    steps = exam_day_steps(args.questions)
    warm_up = Candidate(invitations[0], 0, markers)
    candidates = [
        Candidate(url, i, markers, warm_up.client.handler)
        for i, url in enumerate(invitations[1:], start=1)
    ]
    for _kind, step in steps:
        step(warm_up)
    for candidate in [warm_up, *candidates]:
        candidate.fetch_assets()
    profiler = cProfile.Profile() if args.cprofile else None
    measures: dict[str, dict[str, float]] = defaultdict(lambda: defaultdict(float))
    markers.counting()
    markers.take()
    with connection.execute_wrapper(markers.count_query):
        for kind, step in steps:
            if profiler and kind == args.cprofile:
                profiler.enable()
            for n, candidate in enumerate(candidates):
                markers.shown = [] if n == 0 and kind == args.sql else None
                step(candidate)
                if markers.shown is not None:
                    print(f"{kind}:", *markers.shown, sep="\n  ")
            if profiler:
                profiler.disable()
            close_count(kind, len(candidates), markers, measures)
            fetched = sum(candidate.fetch_assets() for candidate in candidates)
            if fetched:
                close_count("static file", fetched, markers, measures)
    args.out.write_text(json.dumps(measures), encoding="utf-8")
    if profiler:
        profiler.dump_stats(str(args.out.with_suffix(".pstats")))
        pstats.Stats(profiler).sort_stats("cumulative").print_stats(40)


def close_count(kind: str, requests: int, markers: Markers, measures: dict) -> None:
    """Close the count of ``requests`` requests of ``kind``: callgrind's dump, queries, time."""
    markers.step_done(kind)
    queries, seconds = markers.take()
    measures[kind]["requests"] += requests
    measures[kind]["queries"] += queries
    measures[kind]["seconds"] += seconds


def build_markers(workdir: Path) -> Path:
    source = workdir / "markers.c"
    source.write_text(MARKERS_C, encoding="utf-8")
    library = workdir / "markers.so"
    subprocess.run(["gcc", "-shared", "-fPIC", "-O1", "-o", library, source], check=True)
    return library


def instructions_per_kind(workdir: Path) -> dict[str, int]:
    """Summed from callgrind's dumps, one per step (named after the request kind)."""
    totals: dict[str, int] = defaultdict(int)
    for dump in workdir.glob("callgrind.out.*"):
        text = dump.read_text(encoding="utf-8", errors="replace")
        trigger = re.search(r"^desc: Trigger: Client Request: (.+)$", text, re.M)
        total = re.search(r"^(?:summary|totals): (\d+)", text, re.M)
        if trigger and total:
            totals[trigger.group(1)] += int(total.group(1))
    return totals


def measure(args: argparse.Namespace, env: dict[str, str], workdir: Path) -> str:
    inner = [
        str(BIN / "python"),
        str(Path(__file__).resolve()),
        "--play",
        "--questions",
        str(args.questions),
        "--candidates",
        str(args.candidates),
    ]
    env = {**env, "PYTHONHASHSEED": "0"}
    native = workdir / "native.json"
    print("== playing natively (queries, milliseconds)")
    cprofile = ["--cprofile", args.cprofile] if args.cprofile else []
    cprofile += ["--sql", args.sql] if args.sql else []
    subprocess.run([*inner, *cprofile, "--out", str(native)], cwd=ROOT, env=env, check=True)
    if args.native_only:
        return report(json.loads(native.read_text()), {}, args)
    print("== playing under callgrind (instructions): a few minutes")
    counted = workdir / "callgrind.json"
    subprocess.run(
        [
            "valgrind",
            "--tool=callgrind",
            "--instr-atstart=no",
            f"--callgrind-out-file={workdir / 'callgrind.out'}",
            *inner,
            "--out",
            str(counted),
            "--markers",
            str(build_markers(workdir)),
        ],
        cwd=ROOT,
        env=env,
        check=True,
        stderr=subprocess.DEVNULL,
    )
    return report(json.loads(native.read_text()), instructions_per_kind(workdir), args)


def report(native: dict, instructions: dict[str, int], args: argparse.Namespace) -> str:
    lines = [
        f"Per request, {args.candidates} candidates, {args.questions} questions "
        f"({time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}):",
        "",
        "| request | requests | million instructions | queries | ms (native, noisy) |",
        "|---|---:|---:|---:|---:|",
    ]
    for kind, row in native.items():
        n = row["requests"]
        lines.append(
            f"| {kind} | {n:.0f} | {instructions.get(kind, 0) / n / 1e6:.2f} | "
            f"{row['queries'] / n:.1f} | {row['seconds'] / n * 1000:.1f} |"
        )
    return "\n".join(lines)


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--candidates", type=int, default=10)
    parser.add_argument("--questions", type=int, default=8)
    parser.add_argument(
        "--cprofile", metavar="KIND", help="also print cProfile's view of one request kind"
    )
    parser.add_argument("--sql", metavar="KIND", help="also print one request's statements")
    parser.add_argument("--native-only", action="store_true", help="no callgrind: quick")
    parser.add_argument("--play", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--markers", type=Path, help=argparse.SUPPRESS)
    parser.add_argument("--out", type=Path, help=argparse.SUPPRESS)
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    if args.play:
        play(args)
        return 0
    workdir = Path(tempfile.mkdtemp(prefix="baize-instructions-"))
    stack = Stack(workdir)
    try:
        env = app_environment(os.environ.get("DATABASE_URL") or throwaway_postgres(stack))
        print("== preparing: migrate, collectstatic, scenarios")
        manage(env, "migrate", "--noinput", "-v0")
        manage(env, "collectstatic", "--noinput", "-v0")
        manage(env, "load_scenarios", *scenario_files())
        print(measure(args, env, workdir))
    finally:
        stack.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
