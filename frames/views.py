"""Thin views of the frame exercise: pick a frame, call each stroke, read the summary.

A GET never writes: starting a run and calling a stroke are POSTs. The engine's decision
for a stroke reaches the page only once the stroke has been called (the graded page of a
stroke exists only when a ``FrameCall`` does).
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

import rules_engine
from config.client_ip import client_ip
from frames import selectors, services, session
from frames.accounts import describe_choice, describe_stroke
from frames.forms import CallForm, NewFrameForm, NextChoiceForm, PickerForm
from frames.grading import grade_stroke, score_lines
from frames.judging import JudgedStroke, frame_strokes, judged_stroke
from frames.loading import FramesRefused
from frames.models import FrameRun
from frames.tags import tag_label
from quiz.asks import sentence_list
from quiz.practice_state import PracticeState


@require_http_methods(["GET"])
def picker(request: HttpRequest) -> HttpResponse:
    """The frames to referee, filtered by topic, edition and length; the runs to resume."""
    form = PickerForm(data=request.GET or None)
    return render(
        request,
        "frames/picker.html",
        {
            "form": form,
            "new_form": NewFrameForm(),
            "frames": selectors.published_frames(**form.filters),
            "open_runs": selectors.open_runs(
                user=request.user, session_ids=session.run_ids(request.session)
            ),
        },
    )


@require_http_methods(["POST"])
def start(request: HttpRequest, frame: str) -> HttpResponse:
    frame_object = selectors.published_frame(slug=frame)
    if frame_object is None:
        raise Http404
    run = services.start_run(frame=frame_object, user=request.user)
    if not request.user.is_authenticated:
        session.remember_run(request.session, run_id=run.pk)
    return redirect("frames:stroke", run_id=run.pk, number=1)


@require_http_methods(["POST"])
def generate(request: HttpRequest) -> HttpResponse:
    """The picker's "A new frame": the generator plays one for this trainee alone, and his run
    starts on it."""
    form = NewFrameForm(data=request.POST)
    if not form.is_valid():
        for error in form.non_field_errors():
            messages.error(request, error)
        return redirect("frames:picker")
    client = f"user-{request.user.pk}" if request.user.is_authenticated else client_ip(request)
    if not services.take_generation_turn(client=client):
        messages.warning(
            request, _("You have asked for many new frames this hour. Please wait a while.")
        )
        return redirect("frames:picker")
    try:
        run_object = services.start_generated_run(**form.options, user=request.user)
    except FramesRefused:
        messages.error(request, _("No new frame could be generated. Please try again."))
        return redirect("frames:picker")
    if not request.user.is_authenticated:
        session.remember_run(request.session, run_id=run_object.pk)
    return redirect("frames:stroke", run_id=run_object.pk, number=1)


def _own_run(request: HttpRequest, run_id: Any) -> FrameRun:
    run = selectors.run_for(
        run_id=run_id, user=request.user, session_ids=session.run_ids(request.session)
    )
    if run is None:
        raise Http404
    return run


@require_http_methods(["GET"])
def run(request: HttpRequest, run_id: Any) -> HttpResponse:
    """Resume a run: its next stroke, or its summary once finished."""
    run_object = _own_run(request, run_id)
    if run_object.finished:
        return redirect("frames:summary", run_id=run_object.pk)
    return redirect("frames:stroke", run_id=run_object.pk, number=run_object.position + 1)


def _call_form(stroke: JudgedStroke, data: Any = None) -> CallForm:
    return CallForm(data=data, players=stroke.players, sides=stroke.sides, number=stroke.number)


@require_http_methods(["GET", "POST"])
def stroke(request: HttpRequest, run_id: Any, number: int) -> HttpResponse:
    """Stroke ``number``: the table and what happened, then the call form; once called, the
    call graded part by part with the engine's reasoning."""
    run_object = _own_run(request, run_id)
    if number < 1 or number > run_object.position + 1:
        return redirect("frames:run", run_id=run_object.pk)  # not reached yet
    call = selectors.call_of(run=run_object, number=number)
    if call is None and run_object.finished:
        return redirect("frames:summary", run_id=run_object.pk)
    judged = judged_stroke(run_object.frame, number=number)
    if judged is None:
        raise Http404
    if request.method == "POST":
        return _call(request, run_object, judged, already=call is not None)
    if call is not None:
        return _graded_page(request, run_object, judged, call.answer)
    return _stroke_page(request, run_object, judged, _call_form(judged))


def _call(request: HttpRequest, run: FrameRun, judged: JudgedStroke, *, already: bool) -> Any:
    if already:
        messages.info(request, _("You have already called this stroke; your first call is kept."))
        return redirect("frames:stroke", run_id=run.pk, number=judged.number)
    form = _call_form(judged, data=request.POST)
    if not form.is_valid():
        return _stroke_page(request, run, judged, form, status=400)
    try:
        services.record_call(
            run=run,
            number=judged.number,
            answer=form.answer,
            decision=judged.decision,
            engine_version=rules_engine.__version__,
        )
    except services.AlreadyCalled:
        messages.info(request, _("You have already called this stroke; your first call is kept."))
    except services.NotYourTurn:
        return redirect("frames:run", run_id=run.pk)
    else:
        if run.finished:
            _schedule_review(request, run)
    return redirect("frames:stroke", run_id=run.pk, number=judged.number)


def _schedule_review(request: HttpRequest, run: FrameRun) -> None:
    """Kinds of call often missed bring practice scenarios of that kind to review."""
    state = PracticeState.of(request)
    cards = state.review_cards
    added = services.schedule_missed_kinds(run=run, user=request.user, session_cards=cards)
    state.keep_review_cards(cards)
    if added:
        messages.info(
            request,
            _(
                "Some kinds of call were often missed in this frame: practice questions of "
                "those kinds are now due in your review."
            ),
        )


def _common(run: FrameRun, judged: JudgedStroke) -> dict[str, Any]:
    return {
        "run": run,
        "frame": run.frame,
        "tags": [tag_label(tag) for tag in run.frame.tags],
        "stroke": judged,
        "account": describe_stroke(state=judged.state, step=judged.entry),
        "striker": judged.state.get("striker") or judged.players[0],
    }


def _stroke_page(
    request: HttpRequest, run: FrameRun, judged: JudgedStroke, form: CallForm, status: int = 200
) -> HttpResponse:
    context = {**_common(run, judged), "form": form}
    return render(request, "frames/stroke.html", context, status=status)


def _graded_page(
    request: HttpRequest, run: FrameRun, judged: JudgedStroke, answer: dict[str, Any]
) -> HttpResponse:
    """A called stroke: its grade (by the engine that runs now), how the score ran, what
    the next player chose, and the way on."""
    grade = grade_stroke(
        decision=judged.decision,
        answer=answer,
        ruleset=judged.case["ruleset"],
        variants=judged.case.get("variants") or (),
    )
    last = run.finished and judged.number == run.position
    context = {
        **_common(run, judged),
        "grade": grade,
        "score_lines": score_lines(
            before=judged.state.get("scores") or {},
            decision=judged.decision,
            announced=answer.get("scores") or {},
            sides=judged.sides,
        ),
        "choice": [] if last else describe_choice(state=judged.state, step=judged.entry),
        "choose_form": NextChoiceForm(
            options=judged.decision["next"]["options"],
            initial={"choice": judged.entry.get("choice", "play")},
        )
        if _may_choose(run, judged)
        else None,
        "next_url": reverse("frames:summary", kwargs={"run_id": run.pk})
        if last
        else reverse("frames:stroke", kwargs={"run_id": run.pk, "number": judged.number + 1}),
        "last": last,
    }
    return render(request, "frames/graded.html", context)


@require_http_methods(["POST"])
def choose(request: HttpRequest, run_id: Any, number: int) -> HttpResponse:
    """After a foul in a generated frame, the trainee's choice for the next player: the frame
    goes on from the state it leaves (``services.choose_for_next_player``)."""
    run_object = _own_run(request, run_id)
    judged = judged_stroke(run_object.frame, number=number)
    options = (judged.decision.get("next") or {}).get("options") or [] if judged else []
    form = NextChoiceForm(data=request.POST, options=options)
    back = redirect("frames:stroke", run_id=run_object.pk, number=number)
    if not form.is_valid() or not _may_choose(run_object, judged):
        messages.error(request, _("That choice cannot be made here: the frame goes on as it was."))
        return back
    client = f"user-{request.user.pk}" if request.user.is_authenticated else client_ip(request)
    try:
        if services.take_generation_turn(client=client):
            services.choose_for_next_player(
                run=run_object, number=number, choice=form.cleaned_data["choice"]
            )
        else:
            messages.warning(
                request, _("You have asked for many new frames this hour. Please wait a while.")
            )
            return back
    except services.NoChoice:
        pass  # the same choice as the frame's, or the next stroke called meanwhile: go on
    except FramesRefused:
        messages.error(request, _("No new frame could be generated. Please try again."))
        return back
    return redirect("frames:stroke", run_id=run_object.pk, number=number + 1)


def _may_choose(run: FrameRun, judged: JudgedStroke | None) -> bool:
    """The trainee chooses for the next player after a foul in a frame generated for him, on
    the last stroke he called, when the frame goes on after it."""
    return bool(
        judged is not None
        and run.frame.generated_seed is not None
        and not run.finished
        and run.position == judged.number
        and not judged.decision.get("legal")
        and len((judged.decision.get("next") or {}).get("options") or []) > 1
        and judged.number < run.frame.stroke_count
    )


@require_http_methods(["GET"])
def summary(request: HttpRequest, run_id: Any) -> HttpResponse:
    """The end of a run: each stroke, the share right by kind, where the score went wrong."""
    run_object = _own_run(request, run_id)
    if not run_object.finished:
        messages.info(request, _("Finish the frame first: here is the next stroke."))
        return redirect("frames:run", run_id=run_object.pk)
    result = selectors.run_summary(run=run_object)
    judged = {j.number: j for j in frame_strokes(run_object.frame)}
    rows = [_summary_row(call, judged.get(call.number)) for call in result.calls]
    return render(
        request,
        "frames/summary.html",
        {"run": run_object, "frame": run_object.frame, "summary": result, "rows": rows},
    )


def _summary_row(call: Any, judged: JudgedStroke | None) -> dict[str, Any]:
    """One line of the summary: the referee's decision in a few words, the parts missed."""
    if judged is None:  # the frame was reloaded shorter since: the call alone
        return {"call": call, "stroke": None, "decision": "", "missed": [], "right": False}
    grade = grade_stroke(decision=judged.decision, answer=call.answer)
    parts = {part.name: part for part in grade.parts}
    said = [parts["legal"].expected_text]
    if parts["penalty"].expected:
        said.append(parts["penalty"].expected_text)
    if parts["calls"].expected:
        said.append(parts["calls"].expected_text)
    return {
        "call": call,
        "stroke": judged,
        "decision": " · ".join(said),
        "missed": sentence_list([part.label for part in grade.parts if not part.correct]),
        "right": grade.correct,
    }
