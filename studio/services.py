"""The studio's writes, and the engine's verdict on a case being built.

Services take plain data (never forms) and keyword-only arguments. Publishing
and importing go through :mod:`quiz.validation`, i.e. ``load_scenarios``'s own
checks; the engine's decision is never stored (only the case, without ``expect``).
"""

from __future__ import annotations

import json
import tempfile
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.mail import send_mail
from django.db import transaction
from django.template.loader import render_to_string
from django.utils import timezone

from exams.selectors import federation_languages
from federations.models import Federation
from quiz import asks
from quiz import loading as loader
from quiz.explain import explain
from quiz.grading import expected_answer
from quiz.models import Audience, Scenario, Topic
from quiz.validation import ScenarioProblem, scenario_problems, store_scenario
from studio.models import Author, AuthorInvitation, Draft, PublishedVersion
from throttling.services import take_turn

CASE_FORMAT = "snooker-referee-case/1"
WORD_FIELDS = ("title", "narrative", "question", "note")
#: Requests to the live verdict (and preview) per user and minute, unless
#: settings.STUDIO_VERDICT_PER_MINUTE says otherwise; the largest body accepted (bytes).
VERDICT_RATE = 240
MAX_BODY = getattr(settings, "STUDIO_MAX_BODY", 64 * 1024)


def languages() -> list[str]:
    return [code for code, _name in settings.LANGUAGES]


# --- the live verdict ------------------------------------------------------------


@dataclass(frozen=True)
class Verdict:
    """The engine's decision on a case and its explanation, or why it cannot judge it."""

    decision: dict[str, Any] | None
    explanation: list[dict[str, str]] = field(default_factory=list)
    problems: list[dict[str, str]] = field(default_factory=list)
    summary: list[dict[str, str]] = field(default_factory=list)

    def as_json(self) -> dict[str, Any]:
        return {
            "decision": self.decision,
            "explanation": self.explanation,
            "problems": self.problems,
            "summary": self.summary,
        }


def case_for(*, case: Mapping[str, Any], slug: str) -> dict[str, Any]:
    """The case as the bank keeps it: its format and id set, without ``expect``."""
    plain = {key: value for key, value in case.items() if key not in {"expect", "format", "id"}}
    return {"format": CASE_FORMAT, "id": slug or "draft", **plain}


def verdict(*, case: Any) -> Verdict:
    """What the engine decides about ``case``, explained in the active language."""
    from rules_engine import CaseError, judge, load_case

    if not isinstance(case, Mapping):
        return Verdict(None, problems=[{"path": "(case)", "message": "must be an object"}])
    try:
        decision = judge(load_case(case_for(case=case, slug=str(case.get("id") or "draft"))))
    except CaseError as error:
        problems = [{"path": p.path, "message": p.message} for p in error.problems]
        return Verdict(None, problems=problems or [{"path": "(case)", "message": str(error)}])
    data = decision.to_dict()
    steps = [{"rule": step.rule, "text": step.text} for step in explain(data)]
    return Verdict(data, explanation=steps, summary=decision_summary(data))


def decision_summary(decision: Mapping[str, Any]) -> list[dict[str, str]]:
    """The decision as a referee's form reads it: label and value, in the active language."""
    from quiz.explain import respot_label

    values = expected_answer(decision=decision, ask=asks.Ask.DECISION, ask_ball="")
    lines = [
        {"name": name, "label": str(asks.FIELD_LABELS[name]), "value": asks.describe(name, value)}
        for name, value in values.items()
    ]
    respots = decision.get("respots") or ()
    if respots:
        lines.append(
            {
                "name": "respot",
                "label": str(asks.FIELD_LABELS["respot"]),
                "value": "; ".join(respot_label(item["to"]) for item in respots),
            }
        )
    return lines


def take_verdict_turn(*, user_id: int, now: datetime | None = None) -> bool:
    """Count one verdict request for ``user_id``; False once over the minute's allowance."""
    # Counted in the cache every worker and server shares (throttling/services.py).
    return take_turn(
        scope="studio-verdict", key=str(user_id), window=60, now=now,
        limit=getattr(settings, "STUDIO_VERDICT_PER_MINUTE", VERDICT_RATE),
    )


# --- drafts ------------------------------------------------------------------------


def slug_taken(*, slug: str, draft: Draft | None = None) -> bool:
    """Another draft, or a bank scenario that is not this draft's, already has ``slug``."""
    drafts = Draft.objects.filter(slug=slug)
    scenarios = Scenario.objects.filter(slug=slug)
    if draft is not None:
        drafts = drafts.exclude(pk=draft.pk)
        if draft.scenario_id:
            scenarios = scenarios.exclude(pk=draft.scenario_id)
    return drafts.exists() or scenarios.exists()


def create_draft(
    *, user: Any, slug: str, topic: Topic, audience: str, federation: Federation | None
) -> Draft:
    """A new, empty draft: the start of a frame on the table, nothing said yet."""
    return Draft.objects.create(
        slug=slug,
        topic=topic,
        audience=audience,
        federation=federation if audience == Audience.EXAM else None,
        case=case_for(case={"state": {"positions": {}}, "stroke": {"first_contact": []}},
                      slug=slug),
        words={code: dict.fromkeys(WORD_FIELDS, "") for code in languages()},
        created_by=user,
    )


def save_draft(
    *,
    draft: Draft,
    case: Mapping[str, Any],
    words: Mapping[str, Mapping[str, str]],
    topic: Topic,
    difficulty: int,
    ask: str,
    ask_ball: str,
    audience: str,
    federation: Federation | None,
    slug: str | None = None,
) -> Draft:
    """Keep the author's work as it is (problems and all: a draft may be unfinished)."""
    if slug and not draft.scenario_id:
        draft.slug = slug
    draft.case = case_for(case=case, slug=draft.slug)
    draft.words = {
        code: {name: str((words.get(code) or {}).get(name) or "") for name in WORD_FIELDS}
        for code in languages()
    }
    draft.topic = topic
    draft.difficulty = difficulty
    draft.ask = ask
    draft.ask_ball = ask_ball if ask_ball in _colours() else ""
    draft.audience = audience
    draft.federation = federation if audience == Audience.EXAM else None
    draft.save()
    return draft


def _colours() -> tuple[str, ...]:
    import rules_engine

    return tuple(rules_engine.COLOURS)


def pool_languages(*, audience: str, federation: Federation | None) -> list[str]:
    """The languages a scenario of this pool must be written in before it is published.

    A federation's own exam pool: the languages its exams offer; the shared exam pool
    and practice serve everyone: every language of the site.
    """
    from exams.selectors import federation_languages

    if audience == Audience.EXAM and federation is not None:
        return federation_languages(federation=federation)
    return languages()


def language_complete(*, draft: Draft, language: str) -> bool:
    """Title, narrative and question are written in ``language`` (the note is optional)."""
    words = draft.words.get(language) or {}
    return all(str(words.get(name) or "").strip() for name in ("title", "narrative", "question"))


def draft_from_scenario(*, scenario: Scenario, user: Any) -> Draft:
    """The draft that edits ``scenario`` into a new version (made once, then reused)."""
    existing = Draft.objects.filter(scenario=scenario).first()
    if existing is not None:
        return existing
    return Draft.objects.create(
        slug=scenario.slug,
        topic=scenario.topic,
        difficulty=scenario.difficulty,
        ask=scenario.ask,
        ask_ball=scenario.ask_ball or "",
        audience=scenario.audience,
        federation=scenario.federation,
        case=case_for(case=scenario.case, slug=scenario.slug),
        words={
            code: {name: getattr(scenario, f"{name}_{code}", "") or "" for name in WORD_FIELDS}
            for code in languages()
        },
        scenario=scenario,
        created_by=user,
    )


# --- publishing ----------------------------------------------------------------------


def expectation(decision: Mapping[str, Any]) -> dict[str, Any]:
    """The author's confirmed ruling, as an ``expect`` block (spec §6)."""
    next_ = decision.get("next") or {}
    return {
        "legal": decision.get("legal"),
        "penalty": decision.get("penalty"),
        "points": decision.get("points"),
        "calls": list(decision.get("calls") or ()),
        "next": {
            "striker": next_.get("striker"),
            "ball_on": next_.get("ball_on"),
            "options": list(next_.get("options") or ()),
        },
        "respots": [
            {"ball": item["ball"], "to": item["to"]} for item in decision.get("respots") or ()
        ],
    }


def fixture_fields(
    *, draft: Draft, expect: Mapping[str, Any] | None = None, published: bool = True
) -> dict[str, Any]:
    """The draft as a ``quiz.scenario`` fixture object's fields (docs/scenarios.md)."""
    case = case_for(case=draft.case, slug=draft.slug)
    if expect is not None:
        case["expect"] = dict(expect)
    fields: dict[str, Any] = {
        "slug": draft.slug,
        "topic": [draft.topic.slug],
        "difficulty": draft.difficulty,
        "ask": draft.ask,
        "ask_ball": draft.ask_ball,
        "published": published,
        "audience": draft.audience,
        "federation": [draft.federation.slug] if draft.federation_id else None,
        "case": case,
    }
    for code in languages():
        words = draft.words.get(code) or {}
        for name in WORD_FIELDS:
            # Spaces alone are no text: the bank keeps an empty field for a language not written.
            fields[f"{name}_{code}"] = str(words.get(name) or "").strip()
    return fields


def publish_problems(*, draft: Draft) -> list[ScenarioProblem]:
    """Why ``draft`` cannot be published (``load_scenarios``'s checks, and the slug's owner)."""
    problems = []
    if slug_taken(slug=draft.slug, draft=draft):
        problems.append(ScenarioProblem("slug", "is already used by another scenario"))
    decision = verdict(case=draft.case).decision
    expect = expectation(decision) if decision is not None else {}
    return problems + scenario_problems(
        fields=fixture_fields(draft=draft, expect=expect), pool_languages=federation_languages
    )


@transaction.atomic
def publish(*, draft: Draft, user: Any, now: datetime | None = None) -> list[ScenarioProblem]:
    """Publish ``draft`` into the bank as its next version; returns the problems, if any.

    The ``expect`` block checked is the engine's decision that the author confirmed
    on the page; it is dropped before anything is stored. Attempts already drawn keep
    their own copies, so a new version changes none of them.
    """
    # One publication at a time per draft (a double click): its version number is taken
    # under this lock.
    Draft.objects.select_for_update().filter(pk=draft.pk).first()
    problems = publish_problems(draft=draft)
    if problems:
        return problems
    expect = expectation(verdict(case=draft.case).decision or {})
    fields = fixture_fields(draft=draft, expect=expect)
    problems = store_scenario(fields=fields, pool_languages=federation_languages)
    if problems:
        return problems
    draft.scenario = Scenario.objects.get(slug=draft.slug)
    draft.save(update_fields=["scenario", "updated_at"])
    PublishedVersion.objects.create(
        draft=draft,
        number=draft.versions.count() + 1,
        fixture=fixture_fields(draft=draft),
        published_by=user if getattr(user, "is_authenticated", False) else None,
        published_at=now or timezone.now(),
    )
    return []


# --- export and import ------------------------------------------------------------------


def export_fixture(*, federation: Federation) -> list[dict[str, Any]]:
    """The federation's own exam-only scenarios as a fixture ``load_scenarios`` reads back.

    Each case carries the engine's decision as its ``expect`` block, so that loading
    the file checks every scenario against the engine of that day.
    """
    objects = []
    scenarios = Scenario.objects.filter(audience=Audience.EXAM, federation=federation)
    for scenario in scenarios.select_related("topic").order_by("slug"):
        draft = Draft(
            slug=scenario.slug, topic=scenario.topic, difficulty=scenario.difficulty,
            ask=scenario.ask, ask_ball=scenario.ask_ball or "", audience=scenario.audience,
            federation=federation, case=scenario.case,
            words={code: {name: getattr(scenario, f"{name}_{code}", "") or ""
                          for name in WORD_FIELDS} for code in languages()},
        )
        decision = verdict(case=scenario.case).decision
        expect = expectation(decision) if decision is not None else None
        fields = fixture_fields(draft=draft, expect=expect, published=scenario.published)
        objects.append({"model": "quiz.scenario", "fields": fields})
    return objects


def import_fixture(
    *, user: Any, federation: Federation, content: bytes, name: str
) -> tuple[int, list[str]]:
    """Load a fixture file into ``federation``'s exam pool, all or nothing.

    Every object must be an exam-only scenario of ``federation`` (no topics, no other
    pool), and a slug already used outside that pool is refused. Returns how many
    scenarios were loaded, or the problems (``file: slug: field: message``).
    """
    with tempfile.TemporaryDirectory(prefix="baize-import-") as folder:
        path = Path(folder) / (Path(name).name or "import.json")
        path.write_bytes(content)
        bank = loader.read_bank([path], pool_languages=federation_languages)
    problems = list(bank.problems)
    if bank.topics:
        problems.append(f"{name}: -: model: only scenarios may be imported here, not topics")
    for slug, entry in bank.scenarios.items():
        fields = entry["fields"]
        owner = loader.federation_slug(fields.get("federation"))
        if fields.get("audience") != Audience.EXAM or owner != federation.slug:
            problems.append(
                f"{name}: {slug}: federation: must be an exam-only scenario of {federation.slug!r}"
            )
        elif Scenario.objects.filter(slug=slug).exclude(
            audience=Audience.EXAM, federation=federation
        ).exists() or Draft.objects.filter(slug=slug).exclude(federation=federation).exists():
            problems.append(f"{name}: {slug}: slug: is already used by another scenario")
    if problems:
        return 0, [line.replace(str(path), name) for line in problems]
    with transaction.atomic():
        _topics, count = loader.store_bank(bank)
        for scenario in Scenario.objects.filter(slug__in=list(bank.scenarios)):
            draft = Draft.objects.filter(scenario=scenario).first()
            if draft is None:
                draft_from_scenario(scenario=scenario, user=user)
            else:
                refresh_draft(draft=draft, scenario=scenario)
    return count, []


def refresh_draft(*, draft: Draft, scenario: Scenario) -> None:
    """An imported scenario replaces its draft's content (the file is the newer version)."""
    draft.topic = scenario.topic
    draft.difficulty = scenario.difficulty
    draft.ask, draft.ask_ball = scenario.ask, scenario.ask_ball or ""
    draft.case = case_for(case=scenario.case, slug=scenario.slug)
    draft.words = {
        code: {name: getattr(scenario, f"{name}_{code}", "") or "" for name in WORD_FIELDS}
        for code in languages()
    }
    draft.save()


def fixture_bytes(objects: list[dict[str, Any]]) -> bytes:
    return (json.dumps(objects, ensure_ascii=False, indent=1) + "\n").encode("utf-8")


# --- the author role -------------------------------------------------------------------


def invite_author(
    *, invited_by: Any, user: Any, federation: Federation, now: datetime | None = None
) -> AuthorInvitation | None:
    """Ask ``user`` to write for ``federation``; ``None`` when he already does.

    He becomes an author only when he accepts (:func:`accept_invitation`).
    """
    if Author.objects.filter(user=user, federation=federation).exists():
        return None
    invitation, _created = AuthorInvitation.objects.update_or_create(
        user=user, federation=federation,
        defaults={"invited_by": invited_by, "invited_at": now or timezone.now()},
    )
    return invitation


def accept_invitation(*, invitation: AuthorInvitation) -> Author:
    """The user says yes: he writes for the federation (and no longer for another one:
    an author writes for one federation)."""
    with transaction.atomic():
        author, _created = Author.objects.update_or_create(
            user=invitation.user,
            defaults={"federation": invitation.federation, "granted_by": invitation.invited_by},
        )
        invitation.delete()
    return author


def decline_invitation(*, invitation: AuthorInvitation) -> None:
    invitation.delete()


def mail_invitation(*, invitation: AuthorInvitation, link: str) -> bool:
    """Tell the invited user by mail, where his account has a confirmed address (within
    the address's mail allowance); ``False`` when no mail went."""
    from accounts.mail_limits import take_address_turn
    from accounts.unlocking import mail_address

    email = mail_address(user=invitation.user)
    if not email or not take_address_turn(email=email):
        return False
    context = {"invitation": invitation, "link": link}
    subject = "".join(
        render_to_string("studio/invitation_email_subject.txt", context).splitlines()
    )
    send_mail(subject, render_to_string("studio/invitation_email.txt", context), None, [email])
    return True


def grant_author(*, granted_by: Any, user: Any, federation: Federation) -> Author:
    """Make ``user`` an author of ``federation`` at once: for staff tools and tests only;
    the site asks the user first (:func:`invite_author`)."""
    author, _created = Author.objects.update_or_create(
        user=user, defaults={"federation": federation, "granted_by": granted_by}
    )
    return author


def withdraw_author(*, author: Author) -> None:
    author.delete()
