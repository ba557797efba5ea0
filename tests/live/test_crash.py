"""The server dies (SIGKILL) in the middle of an exam: no acknowledged answer is lost.

A client answers question after question, changing its answers as it goes; the
server is killed while it writes. After a restart on the same database every answer
the server had acknowledged (a redirect after Save) is there, and the attempt resumes.
"""

from __future__ import annotations

import threading
import time
import urllib.parse


def answer_page_state(live, page: str) -> dict[str, list[str]]:
    return live.read_form(page).checked


def test_a_killed_server_loses_no_acknowledged_answer(site, live):
    (session, enrolment), = site.seed(1)
    site.start()
    browser = live.Browser(site, session=session)
    path, _page = browser.follow(enrolment)
    status, first, body = browser.request(path, {"language": "en"})
    assert status == 302, body[:1000]
    base = urllib.parse.urlsplit(first).path.rsplit("/", 2)[0]  # .../question

    acknowledged: dict[int, dict[str, str]] = {}
    in_flight: dict[int, dict[str, str]] = {}
    stop = threading.Event()
    saves: list[int] = []
    errors: list[BaseException] = []

    def candidate() -> None:
        try:
            answer_until_the_server_dies()
        except BaseException as error:  # noqa: BLE001 - reported by the test
            errors.append(error)

    def answer_until_the_server_dies() -> None:
        variant = 0
        while not stop.is_set():
            for position in range(1, 5):
                address = f"{base}/{position}/"
                try:
                    _, page = browser.follow(address)
                    answer = {**live.an_answer(page, variant), "go": "save"}
                    in_flight[position] = answer
                    status, _, _ = browser.request(address, answer)
                except OSError:  # the server is gone
                    return
                assert status < 500
                if status == 302:
                    acknowledged[position] = answer
                    in_flight.pop(position, None)
                    saves.append(position)
            variant += 1

    client = threading.Thread(target=candidate)
    client.start()
    deadline = time.monotonic() + 60
    while len(saves) < 6:  # every question answered, and some answers changed since
        assert time.monotonic() < deadline and not errors, errors or "the client never got going"
        time.sleep(0.02)
    site.kill()
    stop.set()
    client.join(timeout=60)
    assert not client.is_alive()
    assert not errors, errors

    site.start()
    for position, answer in acknowledged.items():
        _, page = browser.follow(f"{base}/{position}/")
        shown = answer_page_state(live, page)
        given = {name: [value] for name, value in answer.items() if name in shown or name in
                 live.read_form(page).choices}
        later = in_flight.get(position)
        later_given = (
            {name: [value] for name, value in later.items() if name in given} if later else None
        )
        assert shown in (given, later_given), (position, shown, given, later_given)
    # The attempt resumes: its page is a question, not the result, and saving works.
    resumed, page = browser.follow(base.rsplit("/", 1)[0] + "/")
    assert "/question/" in resumed, resumed
    status, _, _ = browser.request(resumed, {**live.an_answer(page), "go": "save"})
    assert status == 302
