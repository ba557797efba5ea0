"""Who may open what: every URL of quiz/, exams/ and accounts/ × every role → the status.

The roles: ``anonymous``; ``trainee`` (signed up, with a password); ``candidate``
(the account of an enrolment in federation 1's exam 1, signed in by its link);
``candidate_fed2`` (an enrolment in federation 2's exam); ``examiner`` (federation 1);
``examiner_fed2``; ``author`` (federation 1's author in the scenario studio);
``staff`` (an administrator who is no examiner).

HOW TO ADD A ROW (a new URL fails ``test_every_url_has_a_row`` until it has one):
add to ``ROWS`` a ``Row(name, method, args, expected)``:

- ``name``: the URL's name with its namespace (``"exams:regrade"``, ``"login"``);
- ``method``: ``"get"`` or ``"post"`` (a POST sends no data: the form's own
  refusal, 400, is what an allowed role gets; ``data`` names a world value to post
  instead, a form as a browser fills it);
- ``args``: names of the world's objects the URL takes, in order (see ``World``:
  ``exam``, ``enrolment``, ``attempt``, ``position``, ``code``, ``token`` …);
- ``expected``: a dict role → status; the helpers ``everyone(200)``,
  ``signed_in(200)``, ``candidate_only(200)`` and ``examiner_only(200)`` cover the
  usual cases, ``{**examiner_only(200), "examiner_fed2": 200}`` adjusts one role.

Each request comes from a fresh client signed in as the role, so no row changes who
the next one is; the rows run in order on one world (a row may change it: put rows
that kill a link or finish something after the rows that need them).
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass, field
from datetime import timedelta
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver, reverse
from django.utils import timezone

ROLES = (
    "anonymous",
    "trainee",
    "candidate",
    "candidate_fed2",
    "examiner",
    "examiner_fed2",
    "author",
    "staff",
)
LOGIN = 302  # sent to the login page
APPS = {"quiz", "exams", "accounts", "studio", "credentials", "frames"}


def everyone(status: int) -> dict[str, int]:
    return dict.fromkeys(ROLES, status)


def signed_in(status: int) -> dict[str, int]:
    """Anyone signed in; the anonymous reader goes to the login page."""
    return {**everyone(status), "anonymous": LOGIN}


def candidate_only(status: int) -> dict[str, int]:
    """Exam 1's candidate only; anybody else signed in is refused (403)."""
    return {**signed_in(403), "candidate": status}


def examiner_only(status: int) -> dict[str, int]:
    """Federation 1's examiners only."""
    return {**signed_in(403), "examiner": status}


def author_or_staff(status: int) -> dict[str, int]:
    """The scenario studio: federation 1's author and staff; anybody else signed in, 403."""
    return {**signed_in(403), "author": status, "staff": status}


def both_examiners(status: int) -> dict[str, int]:
    """Each examiner on his own federation's page."""
    return {**examiner_only(status), "examiner_fed2": status}


@dataclass(frozen=True)
class Row:
    name: str
    method: str
    args: tuple[str, ...] = ()
    expected: dict[str, int] = field(default_factory=dict)
    data: str = ""  # a world value posted as the form (empty: no data)


ROWS: list[Row] = [
    # --- accounts ---------------------------------------------------------------------
    Row("signup", "get", (), everyone(200)),
    Row("signup", "post", (), everyone(400)),
    Row("login", "get", (), everyone(200)),
    Row("unlock_request", "get", (), everyone(200)),
    Row("unlock_request", "post", (), everyone(400)),
    Row("unlock", "get", ("forged",), everyone(400)),  # a link that was never mailed
    Row("unlock", "post", ("forged",), everyone(400)),
    Row("logout", "post", (), everyone(302)),
    # only the account the link names confirms (it is the trainee's); others see whose it is
    Row("verify_email", "get", ("uid", "verification_token"),
        {**signed_in(403), "trainee": 200}),
    Row("verify_email_confirm", "post", ("uid", "forged"), everyone(400)),
    Row("verify_email_resend", "post", (), signed_in(302)),
    Row("password_reset", "get", (), everyone(200)),
    Row("password_reset_done", "get", (), everyone(200)),
    Row("password_reset_confirm", "get", ("uid", "forged"), everyone(200)),
    Row("password_reset_complete", "get", (), everyone(200)),
    # --- quiz -------------------------------------------------------------------------
    Row("quiz:home", "get", (), everyone(200)),
    Row("quiz:topics", "get", (), everyone(200)),
    Row("quiz:practice_topic", "get", ("topic",), everyone(302)),  # to its next question
    Row("quiz:practice", "get", ("topic", "scenario"), everyone(200)),
    Row("quiz:practice_answer", "get", ("topic", "scenario", "uuid"), everyone(404)),
    # the trainee's practice answer: its feedback is his alone (the token in the address is
    # no key); sent again in the question's form, anyone else is told it is not his (403)
    Row("quiz:practice_answer", "get", ("topic", "scenario", "trainee_answer"),
        {**everyone(404), "trainee": 200}),
    Row("quiz:practice", "post", ("topic", "scenario"), {**everyone(403), "trainee": 200},
        data="trainee_answer_form"),
    Row("quiz:self_test_start", "get", (), everyone(200)),
    Row("quiz:self_test_start", "post", (), everyone(400)),  # anyone starts; an empty form: 400
    Row("quiz:self_test", "get", ("uuid",), everyone(404)),
    Row("quiz:self_test_question", "get", ("uuid", "position"), everyone(404)),
    Row("quiz:self_test_result", "get", ("uuid",), everyone(404)),
    Row("quiz:progress", "get", (), signed_in(200)),
    Row("quiz:review", "get", (), everyone(200)),
    Row("quiz:retry_mistakes", "get", ("topic",), everyone(200)),  # "no mistakes left"
    Row("quiz:choose_edition", "post", (), everyone(302)),
    Row("quiz:what_changed", "get", (), everyone(200)),
    # "Another like this": anyone practises; the POST freezes a new instance (a GET, none)
    Row("quiz:another_like_this", "post", ("family",), everyone(302)),
    Row("quiz:another_like_this", "get", ("family",), everyone(405)),
    Row("quiz:another_like_this", "post", ("forged",), everyone(404)),
    # --- exams: candidates --------------------------------------------------------------
    Row("exams:index", "get", (), everyone(200)),
    # the link's page is public; signed in as its own enrolment, it goes straight there
    Row("exams:invitation", "get", ("token",), {**everyone(200), "candidate": 302}),
    Row("exams:invitation", "post", ("token",), everyone(302)),
    Row("exams:enrolment", "get", ("enrolment",), candidate_only(200)),
    Row("exams:enrolment", "get", ("enrolment_fed2",), {**signed_in(403), "candidate_fed2": 200}),
    Row("exams:attempt", "get", ("attempt",), candidate_only(302)),  # finished: to the result
    Row("exams:question", "get", ("attempt", "position"), candidate_only(302)),
    Row("exams:question", "post", ("attempt", "position"), candidate_only(409)),
    Row("exams:flag", "post", ("attempt", "position"), candidate_only(409)),
    Row("exams:submit", "get", ("attempt",), candidate_only(302)),
    Row("exams:submit", "post", ("attempt",), candidate_only(409)),
    Row("exams:result", "get", ("attempt",), candidate_only(200)),
    # the PDF: its holder and his federation's examiners; anyone else is refused
    Row("exams:certificate_pdf", "get", ("code",),
        {**everyone(403), "candidate": 200, "examiner": 200}),
    Row("exams:verify", "get", (), everyone(200)),
    Row("exams:verify_code", "get", ("code",), everyone(200)),
    Row("exams:verify_qr", "get", ("code",), everyone(200)),
    # --- exams: examiners ----------------------------------------------------------------
    Row("exams:manage", "get", (), both_examiners(200)),
    Row("exams:exam_create", "get", (), both_examiners(200)),
    Row("exams:exam_create", "post", (), both_examiners(400)),
    Row("exams:exam_detail", "get", ("exam",), examiner_only(200)),
    Row("exams:exam_edit", "get", ("exam",), examiner_only(200)),
    Row("exams:exam_edit", "post", ("exam",), examiner_only(400)),
    Row("exams:enrol", "post", ("exam",), examiner_only(400)),
    Row("exams:enrol_csv", "post", ("exam",), examiner_only(400)),
    Row("exams:results", "get", ("exam",), examiner_only(200)),
    Row("exams:results_csv", "get", ("exam",), examiner_only(200)),
    Row("exams:statistics", "get", ("exam",), examiner_only(200)),
    Row("exams:regrade", "get", ("exam",), examiner_only(200)),
    Row("exams:invitations_csv", "get", ("exam",), {**examiner_only(405), "anonymous": LOGIN}),
    Row("exams:invitations_csv", "post", ("exam",), examiner_only(200)),
    Row("exams:send_invitations", "post", ("exam",), examiner_only(302)),
    Row("exams:send_invitation", "post", ("enrolment",), examiner_only(302)),
    Row("exams:reissue_invitation", "post", ("enrolment",), examiner_only(200)),
    Row("exams:extra_time", "post", ("enrolment",), examiner_only(302)),
    # An empty POST is refused with a message on the exam's page (a redirect); others: 404.
    Row("exams:enrolment_language", "post", ("enrolment",), examiner_only(302)),
    Row("exams:attempt_detail", "get", ("attempt",), examiner_only(200)),
    Row("exams:certificates", "get", (), both_examiners(200)),
    Row("exams:revoke", "get", ("code",), examiner_only(200)),
    Row("exams:revoke", "post", ("code",), examiner_only(400)),
    Row("exams:audit", "get", (), both_examiners(200)),
    # --- studio: authors (federation 1's) and staff ----------------------------------------
    Row("studio:index", "get", (), author_or_staff(200)),
    Row("studio:new", "get", (), author_or_staff(200)),
    Row("studio:new", "post", (), author_or_staff(400)),
    Row("studio:verdict", "post", (), author_or_staff(400)),  # no case in the body
    Row("studio:preview", "post", (), author_or_staff(400)),
    Row("studio:edit", "get", ("draft",), author_or_staff(200)),
    Row("studio:edit", "post", ("draft",), author_or_staff(400)),
    Row("studio:publish", "post", ("draft",), author_or_staff(400)),
    Row("studio:export", "get", ("federation",), author_or_staff(200)),
    Row("studio:export", "get", ("federation2",), {**author_or_staff(200), "author": 404}),
    Row("studio:import", "post", ("federation",), author_or_staff(400)),
    # a practice scenario: staff's to edit, not an author's (he writes for his exam pool)
    Row("studio:edit_scenario", "post", ("scenario",), {**author_or_staff(302), "author": 404}),
    # the author role: granted by each federation's examiner (in his own) and by staff
    Row("studio:authors", "get", (), {**both_examiners(200), "staff": 200}),
    Row("studio:authors", "post", (), {**both_examiners(400), "staff": 400}),
    # anyone signed in answers his own invitations (none here: a POST names none)
    Row("studio:invitations", "get", (), signed_in(200)),
    Row("studio:invitations", "post", (), signed_in(400)),
    # scenario families (issue 21): made from a draft or a scenario the user may edit; a family
    # of another federation is not found (the world's second family is federation 2's)
    Row("studio:family_from_draft", "post", ("draft",), author_or_staff(302)),
    Row("studio:family_from_scenario", "post", ("scenario",),
        {**author_or_staff(302), "author": 404}),
    Row("studio:family_edit", "get", ("family_draft",), author_or_staff(200)),
    Row("studio:family_edit", "get", ("family_draft_fed2",),
        {**author_or_staff(200), "author": 404}),
    Row("studio:family_edit", "post", ("family_draft",), author_or_staff(400)),
    Row("studio:family_json", "post", ("family_draft",), author_or_staff(400)),
    Row("studio:family_json", "post", ("family_draft_fed2",),
        {**author_or_staff(400), "author": 404}),
    Row("studio:family_preview", "get", ("family_draft",), author_or_staff(200)),
    Row("studio:family_preview", "get", ("family_draft_fed2",),
        {**author_or_staff(200), "author": 404}),
    # nothing varies in the world's family: the check refuses it (400), nothing is stored
    Row("studio:family_publish", "post", ("family_draft",), author_or_staff(400)),
    Row("studio:family_publish", "post", ("family_draft_fed2",),
        {**author_or_staff(400), "author": 404}),
    # --- credentials (Open Badges): published documents, downloads, checking, renewals ---
    Row("credentials_api:issuer", "get", ("federation",), everyone(200)),
    Row("credentials_api:issuer", "get", ("federation2",), everyone(404)),  # no key: no issuer
    Row("credentials_api:key", "get", ("federation", "kid"), everyone(200)),
    Row("credentials_api:status_list", "get", ("federation", "list_number"), everyone(200)),
    Row("credentials:json", "get", ("code",),
        {**everyone(403), "candidate": 200, "examiner": 200}),
    Row("credentials:badge", "get", ("code",),
        {**everyone(403), "candidate": 200, "examiner": 200}),
    Row("credentials:verify", "get", (), everyone(200)),
    Row("credentials:verify", "post", (), everyone(400)),  # nothing uploaded
    Row("credentials:renewals", "get", (), both_examiners(200)),
    Row("credentials:renewals", "post", (), both_examiners(400)),
    # --- frames: the frame exercise, open to everyone; a run is its owner's only -----------
    Row("frames:picker", "get", (), everyone(200)),
    Row("frames:start", "post", ("frame",), everyone(302)),  # a new run, to its first stroke
    Row("frames:start", "post", ("forged",), everyone(404)),  # no such frame
    # "A new frame": open to everyone (an empty form is refused with a message); a GET writes not
    Row("frames:generate", "post", (), everyone(302)),
    Row("frames:generate", "get", (), everyone(405)),
    # the trainee's own run; anybody else (another account, no account) finds nothing
    Row("frames:run", "get", ("frame_run",), {**everyone(404), "trainee": 302}),
    Row("frames:stroke", "get", ("frame_run", "position"), {**everyone(404), "trainee": 200}),
    Row("frames:stroke", "post", ("frame_run", "position"), {**everyone(404), "trainee": 400}),
    Row("frames:summary", "get", ("frame_run",), {**everyone(404), "trainee": 302}),
    # the next player's choice: the run's owner only (a bank frame's is refused with a message)
    Row("frames:choose", "post", ("frame_run", "position"), {**everyone(404), "trainee": 302}),
    Row("frames:run", "get", ("uuid",), everyone(404)),
    # last: it ends every session the earlier link opened
    Row("exams:regrade", "post", ("exam",), examiner_only(302)),
]


class World:
    """Two federations, an exam each, an enrolment each; exam 1's has a passed attempt."""

    def __init__(self) -> None:
        from io import StringIO

        from django.core.management import call_command

        from accounts.models import EmailAddress
        from exams import invitations, services
        from federations.models import Federation
        from quiz.models import Scenario
        from tests.conftest import TEST_BANK, TEST_FAMILIES
        from tests.exams.conftest import make_bank, make_exam, make_examiner, right_answer

        call_command("load_scenarios", str(TEST_BANK), stdout=StringIO(), stderr=StringIO())
        from tests.frames_app.conftest import SHORT

        call_command("load_frames", str(SHORT), stdout=StringIO())
        from frames.models import Frame, FrameRun
        call_command("load_families", str(TEST_FAMILIES), stdout=StringIO(), stderr=StringIO())
        practice = Scenario.objects.filter(published=True).select_related("topic").first()
        make_bank()
        now = timezone.now()
        users = get_user_model().objects
        fed1 = Federation.objects.create(slug="f1", name_en="Federation one")
        fed2 = Federation.objects.create(slug="f2", name_en="Federation two")
        from credentials import services as credential_services

        # federation 1 signs credentials (its passed attempt's certificate gets one)
        signing_key = credential_services.make_signing_key(federation=fed1, now=now)
        self.exam = make_exam(fed1, now)
        exam2 = make_exam(fed2, now, slug="other")
        enrolment = services.enrol_candidate(
            exam=self.exam, full_name="Anna", email="anna@example.org", now=now
        )
        enrolment2 = services.enrol_candidate(
            exam=exam2, full_name="Olga", email="olga@example.org", now=now
        )
        attempt = services.start_attempt(enrolment=enrolment, language="en", now=now)
        for question in attempt.questions.all():
            services.save_answer(
                attempt=attempt, question=question, answer=right_answer(question), now=now
            )
        services.submit_attempt(attempt=attempt, now=now + timedelta(minutes=1))
        trainee = users.create_user("trainee", "trainee@example.org", "a-long-pass-1234")
        EmailAddress.objects.create(user=trainee, email="trainee@example.org")
        staff = users.create_user("staff", password="a-long-pass-1234", is_staff=True,
                                  is_superuser=True)
        from quiz.models import Audience
        from studio import services as studio
        from studio.models import Author

        author = users.create_user("author", password="a-long-pass-1234")
        Author.objects.create(user=author, federation=fed1)
        draft = studio.create_draft(user=author, slug="f1-draft", topic=practice.topic,
                                    audience=Audience.EXAM, federation=fed1)
        from studio import family_services

        family_draft = family_services.family_from_draft(draft=draft, user=author)
        family_draft_fed2 = family_services.family_from_draft(
            draft=studio.create_draft(user=staff, slug="f2-draft", topic=practice.topic,
                                      audience=Audience.EXAM, federation=fed2),
            user=staff,
        )
        self.users = {
            "anonymous": None,
            "trainee": trainee,
            "candidate": enrolment.user,
            "candidate_fed2": enrolment2.user,
            "examiner": make_examiner(fed1, "examiner"),
            "examiner_fed2": make_examiner(fed2, "examiner2"),
            "author": author,
            "staff": staff,
        }
        from accounts.services import verification_path

        uid, token = verification_path(user=trainee)
        self.enrolment = enrolment
        self.issue = lambda: invitations.issue_invitation(enrolment=enrolment)
        self.values: dict[str, Any] = {
            "exam": self.exam.pk,
            "enrolment": enrolment.pk,
            "enrolment_fed2": enrolment2.pk,
            "attempt": attempt.pk,
            "position": 1,
            "code": attempt.certificate.code,
            "topic": practice.topic.slug,
            "scenario": practice.slug,
            "uuid": uuid.UUID(int=7),
            "uid": uid,
            "verification_token": token,
            "forged": "abc-forged",
            "draft": draft.pk,
            "family_draft": family_draft.pk,
            "family_draft_fed2": family_draft_fed2.pk,
            "federation": fed1.slug,
            "federation2": fed2.slug,
            "kid": signing_key.kid,
            "list_number": 1,
            "frame": "positions-short",
            # the trainee's run through it (the authorisation rows: only he may see it)
            "frame_run": FrameRun.objects.create(
                frame=Frame.objects.get(slug="positions-short"), user=trainee
            ).pk,
            "family": "miss-by-scores",
        }
        self._trainee_answers(practice, trainee)

    def _trainee_answers(self, practice: Any, trainee: Any) -> None:
        """The trainee's practice answer: its token, and the question's form that sends it."""
        from quiz import services as quiz_services
        from tests.conftest import RIGHT_ANSWERS, answer_post_data

        answer = RIGHT_ANSWERS[practice.slug]
        stored, _grade = quiz_services.record_practice_answer(
            scenario=practice, answer=answer, token=uuid.uuid4(), user=trainee
        )
        self.values["trainee_answer"] = stored.token
        self.values["trainee_answer_form"] = answer_post_data(practice, answer) | {
            "token": str(stored.token)
        }

    def arg(self, name: str) -> Any:
        # a fresh link each time: a row that signs in must not depend on an earlier one
        return self.issue() if name == "token" else self.values[name]

    def client(self, role: str) -> Client:
        client = Client(raise_request_exception=False)
        user = self.users[role]
        if user is not None:
            user.refresh_from_db()  # a new link changes the candidate's session hash
            client.force_login(user)
        return client


def covered_patterns() -> set[str]:
    """Every named URL pattern of the quiz, exams and accounts URL modules."""
    names: set[str] = set()

    def walk(patterns: list[Any], namespace: str | None, module: str) -> None:
        for pattern in patterns:
            if isinstance(pattern, URLResolver):
                inner = getattr(pattern.urlconf_module, "__name__", "")
                walk(pattern.url_patterns, pattern.namespace or namespace, inner)
            elif isinstance(pattern, URLPattern) and module.split(".")[0] in APPS:
                names.add(f"{namespace}:{pattern.name}" if namespace else pattern.name)

    walk(get_resolver().url_patterns, None, "config")
    return names


def test_every_url_has_a_row():
    rows = {row.name for row in ROWS}
    missing = covered_patterns() - rows
    assert not missing, f"URLs without a row in the authorisation table: {sorted(missing)}"
    assert not rows - covered_patterns(), "rows for URLs that no longer exist"
    for row in ROWS:
        assert set(row.expected) == set(ROLES), f"{row.name}: give a status for every role"


@pytest.mark.django_db(transaction=False)
def test_every_role_gets_the_expected_status_on_every_url(settings, monkeypatch):
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    from cryptography.fernet import Fernet

    settings.CREDENTIALS_MASTER_KEY = Fernet.generate_key().decode()
    world = World()
    wrong = []
    for row in ROWS:
        for role in ROLES:
            path = reverse(row.name, args=[world.arg(name) for name in row.args])
            data = world.values[row.data] if row.data else None
            response = getattr(world.client(role), row.method)(path, data)
            if response.status_code != row.expected[role]:
                error = getattr(response, "exc_info", None)
                wrong.append(
                    f"{row.method.upper()} {row.name} as {role}: "
                    f"{response.status_code}, expected {row.expected[role]}"
                    + (f" ({error[1]!r})" if error else "")
                )
    assert not wrong, "\n".join(wrong)
