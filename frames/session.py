"""The frame runs an anonymous visitor started: their ids in his session, the one key below.

A visitor who is not signed in has no account to own a run; the run is a row without a user,
and it is his because this session started it (as a self-test is, ``quiz.practice_state``).
Only starting a run writes the key; showing a stroke writes nothing.
"""

from __future__ import annotations

from collections.abc import MutableMapping
from typing import Any

#: The ids of the frame runs this session started (strings), newest last.
RUNS = "frames_runs"
#: How many a session remembers.
KEPT = 50


def run_ids(session: MutableMapping[str, Any]) -> list[str]:
    return list(session.get(RUNS, []))


def remember_run(session: MutableMapping[str, Any], *, run_id: Any) -> None:
    session[RUNS] = [*run_ids(session), str(run_id)][-KEPT:]
