"""Thin views: forms validate, services write, selectors read, templates show.

Refusals (:class:`exams.errors.ExamError`) become a page with the reason in the
reader's language and the matching status; nothing has been changed by then.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Callable
from functools import wraps
from typing import Any

import segno
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.views import redirect_to_login
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.urls import reverse, translate_url
from django.utils import translation
from django.utils.cache import add_never_cache_headers, patch_cache_control
from django.utils.translation import get_language_info, ngettext
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_http_methods, require_POST

from quiz.asks import is_complete
from quiz.forms import AnswerForm, answer_initial
from quiz.numbers import format_number

from . import clock, invitations, question_page, regrading, selectors, services
from .errors import ExamError, NotYours, QuestionNotDrawn, StrokeNotYet
from .forms import (
    EnrolForm,
    EnrolmentCSVForm,
    EnrolmentLanguageForm,
    ExamForm,
    ExtraTimeForm,
    QuestionPageForm,
    RevokeForm,
    SectionFormSet,
    StartAttemptForm,
    VerifyForm,
    language_choices,
    offered_languages,
    read_only,
)
from .models import Attempt, Certificate, Enrolment, Exam, frozen_scenario


def refuse(request: HttpRequest, error: ExamError) -> HttpResponse:
    return render(request, "exams/refused.html", {"message": error.message}, status=error.status)


def refusals(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """Turn an :class:`ExamError` raised by a selector or service into a refusal page."""

    @wraps(view)
    def wrapped(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        try:
            return view(request, *args, **kwargs)
        except ExamError as error:
            if _wants_json(request):
                return JsonResponse(
                    {"saved": False, "error": str(error.message)}, status=error.status
                )
            return refuse(request, error)

    return wrapped


def examiner_only(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """Signed-in examiners only; the view gets the examiner's federation."""

    @login_required
    @refusals
    @wraps(view)
    def wrapped(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        federation = selectors.examiner_federation(user=request.user)
        if federation is None:
            raise NotYours(_("Only a federation's examiners can open this page."))
        return view(request, *args, federation=federation, **kwargs)

    return wrapped


def examiners_exam(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """Signed-in examiners, on one of their own federation's exams: the view gets the exam."""

    @examiner_only
    @wraps(view)
    def wrapped(
        request: HttpRequest, *args: Any, federation: Any, exam_id: int, **kwargs: Any
    ) -> HttpResponse:
        exam = selectors.exam_for_examiner(federation=federation, exam_id=exam_id)
        return view(request, *args, exam=exam, **kwargs)

    return wrapped


def candidate_only(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    return login_required(refusals(never_cache(view)))


def _wants_json(request: HttpRequest) -> bool:
    return request.headers.get("X-Requested-With") == "fetch"


# --- candidates -------------------------------------------------------------------


def home(request: HttpRequest) -> HttpResponse:
    """Candidates see their exams, examiners their federation; anyone can verify a certificate."""
    signed_in = request.user.is_authenticated
    return render(
        request,
        "exams/home.html",
        {
            "enrolments": selectors.candidate_enrolments(user=request.user) if signed_in else [],
            "federation": selectors.examiner_federation(user=request.user),
            "verify_form": VerifyForm(),
        },
    )


@refusals
@never_cache
@require_http_methods(["GET", "POST"])
def invitation(request: HttpRequest, token: str) -> HttpResponse:
    """An invitation link: a page that names the exam, whose button signs in to it.

    The link signs in to its own enrolment's account only (see
    :func:`exams.invitations.signs_in`); a candidate enrolled under his own verified
    account signs in with his password. A GET changes nothing.
    """
    found = invitations.invitation_by_token(token=token)
    enrolment = found.enrolment
    target = reverse("exams:enrolment", args=[enrolment.pk])
    if request.user == enrolment.user:
        return redirect(target)
    if not invitations.signs_in(invitation=found):
        return redirect_to_login(target)
    if request.method == "POST":
        invitations.sign_in(request=request, invitation=found)
        return redirect(target)
    return render(
        request,
        "exams/invitation.html",
        {"enrolment": enrolment, "exam": enrolment.exam, "federation": enrolment.exam.federation},
    )


@candidate_only
@require_http_methods(["GET", "POST"])
def enrolment(request: HttpRequest, enrolment_id: int) -> HttpResponse:
    enrolment = selectors.enrolment_for_candidate(user=request.user, enrolment_id=enrolment_id)
    now = clock.now()
    form = StartAttemptForm(
        data=request.POST or None, exam=enrolment.exam,
        initial={"language": translation.get_language()},
    )
    status = 200
    if request.method == "POST" and form.is_valid():
        language = form.cleaned_data["language"]
        try:
            attempt = services.start_attempt(enrolment=enrolment, language=language, now=now)
        except ExamError as error:
            form.add_error(None, error.message)
            status = error.status
        else:
            with translation.override(language):
                return redirect(reverse("exams:question", args=[attempt.pk, 1]))
    elif request.method == "POST":
        status = 400
    # In his language if the exam has them in it, else in one it offers (never another).
    instructions, instructions_language = selectors.exam_instructions(
        exam=enrolment.exam, language=translation.get_language(), fallback=enrolment.language
    )
    # (Starting finishes an expired attempt itself; the page shows them finished too.)
    attempts = [
        services.finish_if_expired(attempt=attempt, now=now)
        for attempt in selectors.attempts_of(enrolment=enrolment)
    ]
    return render(
        request,
        "exams/enrolment.html",
        {
            "enrolment": enrolment,
            "exam": enrolment.exam,
            "attempts": attempts,
            "open_attempt": next((a for a in attempts if not a.is_finished), None),
            # Why no attempt may start now (passed, none left, waiting): said instead of a
            # futile button.
            "refusal": selectors.next_attempt_refusal(
                enrolment=enrolment, attempts=attempts, now=now
            ),
            "form": form,
            "exam_open": enrolment.exam.is_open(now),
            "now": now,
            "instructions": instructions,
            "instructions_language": instructions_language,
        },
        status=status,
    )


def _open_attempt(request: HttpRequest, attempt_id: int) -> Attempt:
    attempt = selectors.attempt_for_candidate(user=request.user, attempt_id=attempt_id)
    return services.finish_if_expired(attempt=attempt)


def _in_attempt_language(request: HttpRequest, attempt: Attempt) -> HttpResponse | None:
    """The attempt's pages are in the language the candidate chose for it."""
    if request.method == "GET" and translation.get_language() != attempt.language:
        return redirect(translate_url(request.get_full_path(), attempt.language))
    return None


@candidate_only
def attempt(request: HttpRequest, attempt_id: int) -> HttpResponse:
    """Resume: the first question not yet answered."""
    attempt = _open_attempt(request, attempt_id)
    if attempt.is_finished:
        return redirect("exams:result", attempt_id=attempt.pk)
    progress = selectors.attempt_progress(attempt=attempt)
    position = next((item.position for item in progress if not item.done), 1)
    with translation.override(attempt.language):
        return redirect(reverse("exams:question", args=[attempt.pk, position]))


@candidate_only
@require_http_methods(["GET", "POST"])
def question(request: HttpRequest, attempt_id: int, position: int) -> HttpResponse:
    try:
        drawn = selectors.question_for_candidate(
            user=request.user,
            attempt_id=attempt_id,
            position=position,
            with_exam=request.method == "GET",
        )
    except QuestionNotDrawn:
        drawn = None  # refused below, unless the attempt is over: then its result
    attempt = services.finish_if_expired(
        attempt=drawn.attempt if drawn else _open_attempt(request, attempt_id)
    )
    if attempt.is_finished:
        if request.method == "POST":
            raise question_page.refusal(attempt=attempt)
        return redirect("exams:result", attempt_id=attempt.pk)
    if response := _in_attempt_language(request, attempt):
        return response
    if drawn is None:
        raise QuestionNotDrawn()
    if refused := selectors.stroke_refusal(question=drawn):
        return _stroke_not_yet(request, attempt=attempt, refused=refused)
    scenario = frozen_scenario(drawn, closed_book=True)
    saved = drawn.saved_answer()
    initial = answer_initial(saved.payload) if saved else None
    status = 200
    saved_partially = False
    if request.method == "POST":
        form = AnswerForm(scenario=scenario, data=request.POST, initial=initial)
        complete = form.is_valid()
        step = question_page.press(
            attempt=attempt,
            question=drawn,
            go=QuestionPageForm(data=request.POST, last=attempt.question_count).destination,
            answer=form.answer if complete else form.partial_answer,
            complete=complete,
            # Final calls are shown disabled, so their page sends no answer form: only one
            # that does (its hidden ``scenario``, e.g. a stale tab) can try to change them.
            changed=form.has_changed()
            and (not drawn.calls_final or "scenario" in request.POST),
        )
        if step.destination is not None:
            return _after_step(request, attempt=attempt, step=step)
        if _wants_json(request):
            return JsonResponse(
                {"saved": step.saved, "complete": False, "errors": form.errors},
                status=200 if step.saved else 400,
            )
        status = 400
        saved_partially = step.saved
    else:
        form = AnswerForm(scenario=scenario, initial=initial)
        if drawn.calls_final:
            read_only(form)
    return _question_page(
        request, attempt=attempt, drawn=drawn, scenario=scenario, form=form,
        saved=saved, saved_partially=saved_partially, status=status,
    )


def _question_page(
    request: HttpRequest,
    *,
    attempt: Attempt,
    drawn: Any,
    scenario: Any,
    form: AnswerForm,
    saved: Any,
    saved_partially: bool,
    status: int,
) -> HttpResponse:
    """The question page: the question, the form, the progress and the time left.

    ``saved`` is the answer as the page was opened (before this request saved anything)."""
    progress = selectors.attempt_progress(attempt=attempt)
    here = progress[drawn.position - 1]  # positions run from 1, one question each
    return render(
        request,
        "exams/question.html",
        {
            "attempt": attempt,
            "exam": attempt.enrolment.exam,
            "drawn": drawn,
            "scenario": scenario,
            "form": form,
            "here": here,
            "next_locked": drawn.position < len(progress) and progress[drawn.position].locked,
            "progress": progress,
            "remaining": selectors.remaining_seconds(attempt=attempt),
            "saved_partially": saved_partially,
            "saved_complete": saved is not None
            and is_complete(saved.payload, ask=scenario.ask, ask_ball=scenario.ask_ball),
        },
        status=status,
    )


def _after_step(
    request: HttpRequest, *, attempt: Attempt, step: question_page.Step
) -> HttpResponse:
    """Say what a button of the question page kept, and go where it leads
    (:mod:`exams.question_page` decided both)."""
    if step.go == "save" and _wants_json(request):  # the autosave: complete, saved
        return JsonResponse({"saved": True, "complete": True})
    if step.kept == "final":
        messages.success(request, _("Your calls are final. The frame goes on."))
    elif step.kept == "complete":
        messages.success(request, _("Answer saved."))
    elif step.kept == "partial":
        messages.warning(request, _("Your answer so far is saved; it is not complete yet."))
    if step.destination == "review":
        return redirect("exams:submit", attempt_id=attempt.pk)
    return redirect("exams:question", attempt_id=attempt.pk, position=step.destination)


def _stroke_not_yet(
    request: HttpRequest, *, attempt: Attempt, refused: StrokeNotYet
) -> HttpResponse:
    """A frame stroke asked for too early (a link, a forged address, a stale page): nothing
    is shown or kept; the candidate is told why and led to the stroke to make final first
    (the autosave gets the refusal)."""
    if _wants_json(request):
        raise refused
    messages.warning(request, refused.message)
    return redirect("exams:question", attempt_id=attempt.pk, position=refused.position)


@candidate_only
@require_POST
def flag(request: HttpRequest, attempt_id: int, position: int) -> HttpResponse:
    drawn = selectors.question_for_candidate(
        user=request.user, attempt_id=attempt_id, position=position
    )
    attempt = services.finish_if_expired(attempt=drawn.attempt)
    if attempt.is_finished:
        raise question_page.refusal(attempt=attempt)
    flagged = request.POST.get("flagged") == "1"
    services.set_flag(attempt=attempt, question=drawn, flagged=flagged)
    if _wants_json(request):
        return JsonResponse({"flagged": flagged})
    return redirect("exams:question", attempt_id=attempt.pk, position=position)


@candidate_only
@require_http_methods(["GET", "POST"])
def submit(request: HttpRequest, attempt_id: int) -> HttpResponse:
    attempt = selectors.attempt_for_candidate(user=request.user, attempt_id=attempt_id)
    if request.method == "POST":
        services.submit_attempt(attempt=attempt)
        return redirect("exams:result", attempt_id=attempt.pk)
    attempt = services.finish_if_expired(attempt=attempt)
    if attempt.is_finished:
        return redirect("exams:result", attempt_id=attempt.pk)
    if response := _in_attempt_language(request, attempt):
        return response
    progress = selectors.attempt_progress(attempt=attempt)
    return render(
        request,
        "exams/submit.html",
        {
            "attempt": attempt,
            "exam": attempt.enrolment.exam,
            "progress": progress,
            "answered": sum(item.answered for item in progress),
            "unanswered": [item.position for item in progress if not item.answered],
            "incomplete": [item.position for item in progress if item.incomplete],
            "flagged": [item.position for item in progress if item.flagged],
            # frame strokes (issue 22): not open yet (no link), and those with final calls
            "locked": [item.position for item in progress if item.locked],
            "final": [item.position for item in progress if item.final],
            "remaining": selectors.remaining_seconds(attempt=attempt),
        },
    )


@candidate_only
def result(request: HttpRequest, attempt_id: int) -> HttpResponse:
    attempt = _open_attempt(request, attempt_id)
    if not attempt.is_finished:
        return redirect("exams:attempt", attempt_id=attempt.pk)
    level = selectors.review_level(attempt=attempt)
    return render(
        request,
        "exams/result.html",
        {
            "attempt": attempt,
            "exam": attempt.enrolment.exam,
            "level": level,
            "topics": selectors.topic_breakdown(attempt=attempt)
            if level in (Exam.Review.TOPICS, Exam.Review.ANSWERS)
            else [],
            "review": selectors.attempt_review(attempt=attempt)
            if level == Exam.Review.ANSWERS
            else [],
            "answers_withheld": attempt.enrolment.exam.review == Exam.Review.ANSWERS
            and level == Exam.Review.TOPICS,
            "certificate": getattr(attempt, "certificate", None) if attempt.passed else None,
        },
    )


# --- certificates (public) ---------------------------------------------------------


@refusals
def certificate_pdf(request: HttpRequest, code: str) -> HttpResponse:
    """The holder's certificate as a PDF, in the language of his attempt."""
    from weasyprint import HTML

    certificate = selectors.certificate_by_code(code=code)
    if certificate is None or not _may_download(request, certificate):
        raise NotYours()
    with translation.override(certificate.language):
        verify_url = request.build_absolute_uri(
            reverse("exams:verify_code", args=[certificate.code])
        )
        html = render_to_string(
            "exams/certificate_pdf.html",
            {
                "certificate": certificate,
                "exam": certificate.attempt.enrolment.exam,
                "federation": certificate.attempt.enrolment.exam.federation,
                "verify_url": verify_url,
                "qr_svg": qr_svg(verify_url, scale=3),
                "status": certificate.status(clock.now()),
                "language": certificate.language,
                "rtl": translation.get_language_bidi(),
            },
        )
    pdf = HTML(string=html, base_url=request.build_absolute_uri("/")).write_pdf()
    response = HttpResponse(pdf, content_type="application/pdf")
    response["Content-Disposition"] = f'attachment; filename="certificate-{certificate.code}.pdf"'
    return private_download(response)


def _may_download(request: HttpRequest, certificate: Certificate) -> bool:
    if not request.user.is_authenticated:
        return False
    if certificate.attempt.enrolment.user_id == request.user.pk:
        return True
    federation = selectors.examiner_federation(user=request.user)
    return (
        federation is not None and federation.pk == certificate.attempt.enrolment.exam.federation_id
    )


def verify(request: HttpRequest) -> HttpResponse:
    """Anyone types the code printed on a certificate."""
    form = VerifyForm(data=request.GET or None)
    if form.is_valid():
        return redirect(
            "exams:verify_code", code=selectors.normalise_code(form.cleaned_data["code"])
        )
    return render(request, "exams/verify.html", {"form": form}, status=400 if form.errors else 200)


def verify_code(request: HttpRequest, code: str) -> HttpResponse:
    """The public page of one certificate: its address stays the same when it is revoked."""
    certificate = selectors.certificate_by_code(code=code)
    if certificate is None:
        return render(
            request,
            "exams/verify.html",
            {"form": VerifyForm(initial={"code": code}), "not_found": code},
            status=404,
        )
    if certificate.code != code:
        return redirect("exams:verify_code", code=certificate.code)
    return render(
        request,
        "exams/verify_code.html",
        {
            "certificate": certificate,
            "exam": certificate.attempt.enrolment.exam,
            "federation": certificate.attempt.enrolment.exam.federation,
            "status": certificate.status(clock.now()),
            "may_download": _may_download(request, certificate),
        },
    )


def verify_qr(request: HttpRequest, code: str) -> HttpResponse:
    """A QR code of the certificate's verification address (SVG)."""
    certificate = selectors.certificate_by_code(code=code)
    if certificate is None:
        return HttpResponse(status=404)
    url = request.build_absolute_uri(reverse("exams:verify_code", args=[certificate.code]))
    return HttpResponse(qr_svg(url, scale=4), content_type="image/svg+xml")


def qr_svg(url: str, *, scale: int) -> str:
    """The QR code of ``url`` as SVG that stands alone (an ``<img>`` needs the namespace).

    >>> qr_svg("https://example.org/", scale=2).startswith('<svg xmlns="http://www.w3.org/2000/svg"')
    True
    """
    buffer = io.BytesIO()
    segno.make(url, error="m").save(buffer, kind="svg", scale=scale, xmldecl=False)
    return buffer.getvalue().decode()


# --- examiners --------------------------------------------------------------------


@examiner_only
def manage(request: HttpRequest, federation: Any) -> HttpResponse:
    return render(
        request,
        "exams/manage.html",
        {"federation": federation, "exams": selectors.federation_exams(federation=federation)},
    )


@examiner_only
@require_http_methods(["GET", "POST"])
def exam_edit(request: HttpRequest, federation: Any, exam_id: int | None = None) -> HttpResponse:
    exam = (
        selectors.exam_for_examiner(federation=federation, exam_id=exam_id)
        if exam_id is not None
        else Exam(federation=federation)
    )
    form = ExamForm(data=request.POST or None, instance=exam, federation=federation)
    sections = SectionFormSet(data=request.POST or None, instance=exam, prefix="sections")
    if request.method == "POST" and form.is_valid() and sections.is_valid():
        exam = services.save_exam(form=form, sections=sections)
        messages.success(request, _("The exam is saved."))
        return redirect("exams:exam_detail", exam_id=exam.pk)
    return render(
        request,
        "exams/exam_form.html",
        {
            "federation": federation,
            "exam": exam if exam.pk else None,
            "form": form,
            "sections": sections,
            # as the sections count it: written in every language the exam offers
            "pool": selectors.exam_pool_sizes(
                federation=federation, languages=sections.pool_languages
            ),
        },
        status=400 if request.method == "POST" else 200,
    )


def _exam_detail(
    request: HttpRequest,
    exam: Exam,
    *,
    enrol_form: EnrolForm | None = None,
    csv_form: EnrolmentCSVForm | None = None,
    issued: list[tuple[Enrolment, str]] | None = None,
    status: int = 200,
) -> HttpResponse:
    """The exam's page; ``issued`` (enrolment, token) are new links, shown this once."""
    response = render(
        request,
        "exams/exam_detail.html",
        {
            "exam": exam,
            "federation": exam.federation,
            "enrolments": selectors.exam_enrolments(exam=exam),
            "issued": [
                (enrolment, _invitation_url(request, token)) for enrolment, token in issued or []
            ],
            "unsent": invitations.unsent(exam=exam).count(),
            "enrol_form": enrol_form or EnrolForm(exam=exam),
            "csv_form": csv_form or EnrolmentCSVForm(exam=exam),
            # the language control of each candidate's row: the exam's languages
            "languages": language_choices(offered_languages(exam)),
            "first_language": (exam.languages or ["en"])[0],  # an empty choice's invitations
            "now": clock.now(),
        },
        status=status,
    )
    add_never_cache_headers(response)
    patch_cache_control(response, no_store=True)
    return response


def _invitation_url(request: HttpRequest, token: str, language: str | None = None) -> str:
    with translation.override(language or translation.get_language()):
        return request.build_absolute_uri(reverse("exams:invitation", args=[token]))


@examiners_exam
def exam_detail(request: HttpRequest, exam: Exam) -> HttpResponse:
    return _exam_detail(request, exam)


@examiners_exam
@require_POST
def enrol(request: HttpRequest, exam: Exam) -> HttpResponse:
    form = EnrolForm(data=request.POST, exam=exam)
    if not form.is_valid():
        return _exam_detail(request, exam, enrol_form=form, status=400)
    services.enrol_candidate(exam=exam, by=request.user, **form.cleaned_data)
    messages.success(request, _("%(name)s is enrolled.") % {"name": form.cleaned_data["full_name"]})
    # The link is shown only when asked for ("New link", the CSV, or sent by email).
    return redirect("exams:exam_detail", exam_id=exam.pk)


@examiners_exam
@require_POST
def enrol_csv(request: HttpRequest, exam: Exam) -> HttpResponse:
    form = EnrolmentCSVForm(data=request.POST, files=request.FILES, exam=exam)
    if not form.is_valid():
        return _exam_detail(request, exam, csv_form=form, status=400)
    enrolled = services.import_enrolments(
        exam=exam, rows=form.cleaned_data["file"], by=request.user
    )
    messages.success(
        request,
        translation.ngettext(
            "%(count)s candidate is enrolled.", "%(count)s candidates are enrolled.", len(enrolled)
        )
        % {"count": len(enrolled)},
    )
    return redirect("exams:exam_detail", exam_id=exam.pk)


@examiners_exam
def results(request: HttpRequest, exam: Exam) -> HttpResponse:
    services.finish_expired_attempts(exam=exam)
    return render(
        request,
        "exams/results.html",
        {
            "exam": exam,
            "federation": exam.federation,
            "attempts": selectors.exam_attempts(exam=exam),
        },
    )


@examiners_exam
@require_http_methods(["GET", "POST"])
def regrade(request: HttpRequest, exam: Exam) -> HttpResponse:
    """GET: the dry run (which finished attempts the current engine grades differently);
    POST: regrade them."""
    if request.method == "POST":
        plan = regrading.regrade_exam(exam=exam, by=request.user)
        messages.success(
            request,
            translation.ngettext(
                "%(count)s attempt regraded.", "%(count)s attempts regraded.", len(plan.changes)
            )
            % {"count": format_number(len(plan.changes))},
        )
        return redirect("exams:regrade", exam_id=exam.pk)
    from rules_engine import __version__

    return render(
        request,
        "exams/regrade.html",
        {
            "exam": exam,
            "federation": exam.federation,
            "plan": regrading.regrade_preview(exam=exam),
            "engine_version": __version__,
        },
    )


@examiner_only
def attempt_detail(request: HttpRequest, federation: Any, attempt_id: int) -> HttpResponse:
    """One candidate's attempt as the examiner sees it.

    Per topic and, once finished, each answer.
    """
    attempt = services.finish_if_expired(
        attempt=selectors.attempt_for_examiner(federation=federation, attempt_id=attempt_id)
    )
    progress = selectors.attempt_progress(attempt=attempt)
    return render(
        request,
        "exams/attempt_detail.html",
        {
            "attempt": attempt,
            "exam": attempt.enrolment.exam,
            "federation": federation,
            "progress": progress,
            "answered": sum(item.answered for item in progress),
            "topics": selectors.topic_breakdown(attempt=attempt) if attempt.is_finished else [],
            "review": selectors.attempt_review(attempt=attempt),
        },
    )


@examiners_exam
@require_POST
def invitations_csv(request: HttpRequest, exam: Exam) -> HttpResponse:
    """New links of the candidates not yet invited, for a mail merge; they count as sent."""
    response, writer = csv_download(
        f"invitations-{exam.slug}.csv", header=["full_name", "email", "language", "invitation_link"]
    )
    patch_cache_control(response, no_store=True)
    for enrolment, token in invitations.links_for_csv(enrolments=invitations.unsent(exam=exam)):
        language = invitations.invitation_language(enrolment=enrolment)
        writer.writerow(
            [
                _cell(enrolment.full_name),
                _cell(enrolment.email),
                language,
                _invitation_url(request, token, language),
            ]
        )
    return response


@examiners_exam
@require_POST
def send_invitations(request: HttpRequest, exam: Exam) -> HttpResponse:
    """Mail every candidate not yet invited his link."""
    count = invitations.send_invitations(
        enrolments=invitations.unsent(exam=exam),
        link=lambda token, language: _invitation_url(request, token, language),
    )
    messages.success(
        request,
        translation.ngettext(
            "%(count)s invitation is sent.", "%(count)s invitations are sent.", count
        )
        % {"count": count},
    )
    return redirect("exams:exam_detail", exam_id=exam.pk)


@examiner_only
@require_POST
def send_invitation(request: HttpRequest, federation: Any, enrolment_id: int) -> HttpResponse:
    """Mail one candidate a new link (his earlier link stops working)."""
    enrolment = selectors.enrolment_for_examiner(federation=federation, enrolment_id=enrolment_id)
    invitations.send_invitations(
        enrolments=[enrolment],
        link=lambda token, language: _invitation_url(request, token, language),
    )
    messages.success(
        request, _("The invitation is sent to %(email)s.") % {"email": enrolment.email}
    )
    return redirect("exams:exam_detail", exam_id=enrolment.exam_id)


@examiner_only
@require_POST
def extra_time(request: HttpRequest, federation: Any, enrolment_id: int) -> HttpResponse:
    """Give one candidate extra time (an accommodation); an open attempt gets it at once."""
    enrolment = selectors.enrolment_for_examiner(federation=federation, enrolment_id=enrolment_id)
    form = ExtraTimeForm(data=request.POST)
    if not form.is_valid():
        messages.error(
            request,
            _("The extra time must be a whole number of minutes, from 0 to 1440."),
        )
        return redirect("exams:exam_detail", exam_id=enrolment.exam_id)
    services.grant_extra_time(
        enrolment=enrolment, minutes=form.cleaned_data["minutes"], actor=request.user
    )
    minutes = form.cleaned_data["minutes"]
    messages.success(
        request,
        ngettext(
            "%(name)s now has %(minutes)s minute of extra time.",
            "%(name)s now has %(minutes)s minutes of extra time.",
            minutes,
        )
        % {"name": enrolment.full_name, "minutes": format_number(minutes)},
    )
    return redirect("exams:exam_detail", exam_id=enrolment.exam_id)


@examiner_only
@require_POST
def enrolment_language(request: HttpRequest, federation: Any, enrolment_id: int) -> HttpResponse:
    """Change the language of one candidate's invitation and mails."""
    enrolment = selectors.enrolment_for_examiner(federation=federation, enrolment_id=enrolment_id)
    form = EnrolmentLanguageForm(data=request.POST, exam=enrolment.exam)
    if not form.is_valid():
        messages.error(request, form.errors["language"][0])
        return redirect("exams:exam_detail", exam_id=enrolment.exam_id)
    language = form.cleaned_data["language"]
    services.set_enrolment_language(enrolment=enrolment, language=language)
    messages.success(
        request,
        _("%(name)s's invitation and mails are now in %(language)s.")
        % {"name": enrolment.full_name, "language": get_language_info(language)["name_local"]},
    )
    return redirect("exams:exam_detail", exam_id=enrolment.exam_id)


@examiner_only
@require_POST
def reissue_invitation(request: HttpRequest, federation: Any, enrolment_id: int) -> HttpResponse:
    """A new link for one candidate, shown once; his earlier link stops working at once."""
    enrolment = selectors.enrolment_for_examiner(federation=federation, enrolment_id=enrolment_id)
    token = invitations.issue_invitation(enrolment=enrolment)
    messages.success(
        request,
        _("%(name)s has a new invitation link; the earlier one no longer works.")
        % {"name": enrolment.full_name},
    )
    return _exam_detail(request, enrolment.exam, issued=[(enrolment, token)])


def private_download(response: HttpResponse) -> HttpResponse:
    """A file with names, scores or certificates: no browser, proxy or shared cache keeps it."""
    add_never_cache_headers(response)
    patch_cache_control(response, no_store=True, private=True)
    return response


#: Spreadsheets run cells that start with these; a name must not become a formula.
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def csv_download(filename: str, *, header: list[str]) -> tuple[HttpResponse, Any]:
    """A CSV attachment with its header row written, and the writer for its rows."""
    response = private_download(HttpResponse(content_type="text/csv; charset=utf-8"))
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    response.write("\ufeff")  # spreadsheets then read the file as UTF-8
    writer = csv.writer(response)
    writer.writerow(header)
    return response, writer


def _cell(value: Any) -> Any:
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


@examiners_exam
def results_csv(request: HttpRequest, exam: Exam) -> HttpResponse:
    services.finish_expired_attempts(exam=exam)
    response, writer = csv_download(
        f"results-{exam.slug}.csv",
        header=["full_name", "email", "attempt", "language", "started_at", "finished_at",
                "finished_by", "score_percent", "passed", "certificate"],
    )
    for attempt in selectors.exam_attempts(exam=exam):
        certificate = getattr(attempt, "certificate", None)
        writer.writerow(
            [_cell(attempt.enrolment.full_name), _cell(attempt.enrolment.email), attempt.number,
             attempt.language, attempt.started_at.isoformat(),
             attempt.finished_at.isoformat() if attempt.finished_at else "",
             attempt.finished_by, "" if attempt.score is None else f"{attempt.score:g}",
             "" if attempt.passed is None else ("yes" if attempt.passed else "no"),
             certificate.code if certificate else ""]
        )
    return response


@examiners_exam
def item_statistics(request: HttpRequest, exam: Exam) -> HttpResponse:
    services.finish_expired_attempts(exam=exam)
    return render(
        request,
        "exams/statistics.html",
        {
            "exam": exam,
            "federation": exam.federation,
            "items": selectors.item_statistics(exam=exam),
        },
    )


@examiner_only
def certificates(request: HttpRequest, federation: Any) -> HttpResponse:
    now = clock.now()
    listed = list(selectors.federation_certificates(federation=federation))
    for certificate in listed:
        certificate.current_status = certificate.status(now)
    return render(
        request,
        "exams/certificates.html",
        {"federation": federation, "certificates": listed},
    )


@examiner_only
@require_http_methods(["GET", "POST"])
def revoke(request: HttpRequest, federation: Any, code: str) -> HttpResponse:
    certificate = selectors.certificate_for_examiner(federation=federation, code=code)
    form = RevokeForm(data=request.POST or None)
    if request.method == "POST" and form.is_valid():
        services.revoke_certificate(
            certificate=certificate, reason=form.cleaned_data["reason"], by=request.user
        )
        messages.success(
            request, _("Certificate %(code)s is revoked.") % {"code": certificate.code}
        )
        return redirect("exams:certificates")
    return render(
        request,
        "exams/revoke.html",
        {"federation": federation, "certificate": certificate, "form": form,
         "status": certificate.status(clock.now())},
        status=400 if request.method == "POST" else 200,
    )


@examiner_only
def audit(request: HttpRequest, federation: Any) -> HttpResponse:
    return render(
        request,
        "exams/audit.html",
        {"federation": federation, "lines": selectors.audit_trail(federation=federation)},

    )
