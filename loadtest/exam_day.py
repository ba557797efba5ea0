"""The Django side of the load test: prepare exam day, then check that nothing was lost.

``python loadtest/exam_day.py prepare --candidates N --questions Q --base URL --out FILE``
creates a federation, an open exam of Q questions (a frame to referee, a quarter of them and at
least 4 strokes; half the rest from the exam pool, half from scenario families) and N enrolled
candidates, and writes their invitation URLs to FILE (JSON).

``python loadtest/exam_day.py verify --acks FILE`` reads the acknowledgement log the
Locust candidates wrote and checks that, for every question, the last answer the site
acknowledged is the answer stored: prints the counts, exits 1 on any loss.

Both run with the same settings (environment) as the app servers.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from datetime import timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

import django  # noqa: E402

django.setup()

from django.db import transaction  # noqa: E402
from django.http import QueryDict  # noqa: E402
from django.urls import reverse  # noqa: E402
from django.utils import timezone, translation  # noqa: E402

from exams import services  # noqa: E402
from exams.frames import MAX_STROKES, MIN_STROKES  # noqa: E402
from exams.models import Answer, Enrolment, Exam, ExamSection, frozen_scenario  # noqa: E402
from federations.models import Federation  # noqa: E402
from quiz.forms import AnswerForm  # noqa: E402


def prepare(*, candidates: int, questions: int, base: str) -> list[str]:
    """A new federation, exam and candidates; their invitation URLs.

    Each run has a federation of its own (``loadtest-`` and the time): a database kept
    between runs (``DATABASE_URL``) holds the earlier runs' certificates, which nothing
    may delete, and they never mix with this run's.
    """
    now = timezone.now()
    with transaction.atomic():
        federation = Federation.objects.create(
            slug=f"loadtest-{now:%Y%m%d%H%M%S%f}", name="Load test federation"
        )
        exam = Exam.objects.create(
            federation=federation,
            slug="exam-day",
            name="Exam day",
            time_limit=120,
            opens_at=now - timedelta(hours=1),
            closes_at=now + timedelta(days=1),
            pass_mark=50,
            attempts_allowed=1,
            languages=["en"],
        )
        # A quarter of the questions (at least 4) are the strokes of a frame to referee (issue
        # 22): each candidate's frame is played, judged and told at his start. Half the rest
        # are drawn from scenario families (issue 21): each candidate's instances are built,
        # judged and told at his start, as on exam day.
        strokes = min(max(MIN_STROKES, questions // 4), MAX_STROKES)
        strokes = strokes if questions >= 2 * MIN_STROKES else 0
        families = (questions - strokes) // 2
        if questions - strokes - families:
            ExamSection.objects.create(
                exam=exam, topic=None, question_count=questions - strokes - families, order=1
            )
        if families:
            ExamSection.objects.create(
                exam=exam, topic=None, question_count=families, order=2,
                source=ExamSection.Source.FAMILIES,
            )
        if strokes:
            ExamSection.objects.create(
                exam=exam, topic=None, question_count=strokes, order=3,
                source=ExamSection.Source.FRAME,
            )
        enrolments = [
            services.enrol_candidate(
                exam=exam,
                full_name=f"Candidate {n}",
                email=f"candidate{n}@loadtest.invalid",
                now=now,
            )
            for n in range(1, candidates + 1)
        ]
        with translation.override("en"):
            return [base.rstrip("/") + invitation_path(enrolment) for enrolment in enrolments]


def invitation_path(enrolment: Enrolment) -> str:
    """The path of the candidate's invitation link (its token is shown once, at enrolment)."""
    return reverse("exams:invitation", args=[enrolment.issued_token])


def verify(*, acks: Path) -> tuple[int, int, list[str]]:
    """(questions checked, acknowledged saves, losses) against the stored answers.

    An acknowledged answer is lost when the stored one is neither it nor an answer
    sent after it (a write the site may have stored when the run ended before its
    reply came).
    """
    writes: dict[tuple[int, int], list[dict]] = {}
    saves = 0
    for line in acks.read_text(encoding="utf-8").splitlines():
        entry = json.loads(line)
        if "data" not in entry:  # a start, not a save
            continue
        writes.setdefault((entry["attempt"], entry["position"]), []).append(entry)
        saves += entry.get("event", "acknowledged") == "acknowledged"
    acknowledged = {
        key: max(
            i
            for i, entry in enumerate(entries)
            if entry.get("event", "acknowledged") == "acknowledged"
        )
        for key, entries in writes.items()
        if any(entry.get("event", "acknowledged") == "acknowledged" for entry in entries)
    }
    stored = {
        (answer.question.attempt_id, answer.question.position): answer
        for answer in Answer.objects.select_related("question").filter(
            question__attempt_id__in={attempt for attempt, _position in acknowledged}
        )
    }
    losses = [
        loss
        for key, last in sorted(acknowledged.items())
        if (loss := _lost(key, writes[key][last:], stored.get(key)))
    ]
    return len(acknowledged), saves, losses


def _lost(key: tuple[int, int], candidates: list[dict], answer: Answer | None) -> str:
    """Why the stored answer is none of ``candidates`` (the last acknowledged and later)."""
    attempt, position = key
    where = f"attempt {attempt} question {position}"
    if answer is None:
        return f"{where}: no answer stored"
    scenario = frozen_scenario(answer.question)
    given = []
    for entry in candidates:
        form = AnswerForm(scenario=scenario, data=to_query(entry["data"]))
        if not form.is_valid():
            return f"{where}: acknowledged an invalid answer: {form.errors.as_json()}"
        given.append(form.answer)
    if answer.payload in given:
        return ""
    return f"{where}: stored {answer.payload}, acknowledged {given[0]}"


def to_query(pairs: list[list[str]]) -> QueryDict:
    query = QueryDict(mutable=True)
    for name, value in pairs:
        query.appendlist(name, value)
    return query


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True)
    make = commands.add_parser("prepare")
    make.add_argument("--candidates", type=int, required=True)
    make.add_argument("--questions", type=int, required=True)
    make.add_argument("--base", required=True)
    make.add_argument("--out", type=Path, required=True)
    check = commands.add_parser("verify")
    check.add_argument("--acks", type=Path, required=True)
    args = parser.parse_args()
    if args.command == "prepare":
        urls = prepare(candidates=args.candidates, questions=args.questions, base=args.base)
        args.out.write_text(json.dumps(urls), encoding="utf-8")
        print(f"prepared {len(urls)} candidates, {args.questions} questions each")
        return 0
    questions, saves, losses = verify(acks=args.acks)
    print(json.dumps({"questions": questions, "acknowledged_saves": saves, "lost": losses}))
    return 1 if losses else 0


if __name__ == "__main__":
    sys.exit(main())
