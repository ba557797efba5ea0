"""Thin views: forms validate, services write, selectors read, templates show."""

from __future__ import annotations

import random
import uuid
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from config.client_ip import client_ip
from quiz import answer_tokens, editions, review_text, selectors, services
from quiz.families.spec import FamilyError
from quiz.forms import AnswerForm, EditionForm, PracticeFilterForm, SelfTestForm
from quiz.grading import grade
from quiz.models import Scenario, SelfTest, Topic
from quiz.practice_state import PracticeState, parse_token

# What the session remembers of a visitor's practice is read and written by
# ``quiz.practice_state.PracticeState`` alone.


def home(request: HttpRequest) -> HttpResponse:
    return render(
        request,
        "quiz/home.html",
        {
            "topics": selectors.topics_with_counts(),
            "unfinished": selectors.unfinished_self_test(
                user=request.user, session_ids=PracticeState.of(request).self_test_ids
            ),
        },
    )


def topic_list(request: HttpRequest) -> HttpResponse:
    return render(
        request,
        "quiz/topic_list.html",
        {"topics": selectors.topics_with_families(), "with_families": True},
    )


@require_http_methods(["POST"])
def another_like_this(request: HttpRequest, family: str) -> HttpResponse:
    """A new instance of the family ("Another like this"), frozen, then its practice page.

    A POST: drawing stores the instance. ``after`` names the instance the trainee leaves (the
    new one is never its situation); ``via`` and the filters go on as on any practice page.
    """
    family_object = selectors.practice_family(slug=family)
    if family_object is None:
        raise Http404
    if not services.take_generation_turn(client=_client(request)):
        _too_many_new_situations(request)
        return redirect("quiz:topics")
    if request.POST.get("kindred"):  # the topic's entry: any family of this kind
        family_object = random.SystemRandom().choice(
            selectors.kindred_families(family=family_object)
        )
    after = selectors.family_instance(family=family_object, slug=request.POST.get("after", ""))
    try:
        scenario = services.draw_family_instance(family=family_object, avoid=after)
    except FamilyError:
        messages.error(request, _("No new situation could be generated. Please try again."))
        return redirect("quiz:topics")
    filters = PracticeFilterForm(data=request.POST)
    return redirect(scenario.get_absolute_url() + filters.query_string())


def _client(request: HttpRequest) -> str:
    """Whom a limit counts: the account, else the address."""
    return f"user-{request.user.pk}" if request.user.is_authenticated else client_ip(request)


def _too_many_new_situations(request: HttpRequest) -> None:
    messages.warning(
        request, _("You have asked for many new situations this hour. Please wait a while.")
    )


def _answered_ids(request: HttpRequest, topic: Topic) -> set[int]:
    if request.user.is_authenticated:
        return selectors.answered_scenario_ids(user=request.user, topic=topic)
    return PracticeState.of(request).answered_ids(topic_slug=topic.slug)


def practice_topic(request: HttpRequest, topic: str) -> HttpResponse:
    """Resume the topic: the first scenario not yet answered (shuffled, of a difficulty)."""
    topic_object = get_object_or_404(Topic, slug=topic)
    filters = PracticeFilterForm(data=request.GET)
    after = None
    if request.user.is_authenticated:
        progress = selectors.progress_for(user=request.user, topic=topic_object)
        after = progress.last_scenario if progress else None
    scenario = _pick_scenario(request, topic_object, filters, after=after)
    if scenario is None:
        return render(
            request, "quiz/practice_empty.html", {"topic": topic_object, "filters": filters}
        )
    return redirect(scenario.get_absolute_url() + filters.query_string(via=False))


def _pick_scenario(
    request: HttpRequest, topic: Topic, filters: PracticeFilterForm, *, after: Scenario | None
) -> Scenario | None:
    chosen = filters.settings
    pick = (
        selectors.shuffled_practice_scenario
        if chosen["shuffle"]
        else selectors.next_practice_scenario
    )
    return pick(
        topic=topic,
        answered_ids=_answered_ids(request, topic),
        after=after,
        difficulty=chosen["difficulty"],
    )


@require_http_methods(["GET", "POST"])
def practice(request: HttpRequest, topic: str, scenario: str) -> HttpResponse:
    scenario_object = selectors.practice_scenario(topic=topic, slug=scenario)
    if scenario_object is None:  # unknown, unpublished or exam-only: all alike
        raise Http404
    scenario_object = selectors.shown_scenario(scenario=scenario_object)  # words of today
    state = PracticeState.of(request)
    context: dict[str, Any] = {
        "scenario": scenario_object,
        "topic": scenario_object.topic,
        "filters": PracticeFilterForm(data=request.GET),
    }
    context["edition"] = state.edition
    context["variants"] = state.variants
    if request.method == "GET":
        context["form"] = AnswerForm(scenario=scenario_object)
        # Signed, not remembered: showing a question writes nothing (quiz.answer_tokens).
        context["token"] = answer_tokens.issue(scenario_id=scenario_object.pk)
        return render(request, "quiz/practice.html", context)

    token = parse_token(request.POST.get("token"))
    earlier = selectors.practice_answer_by_token(token=str(token)) if token else None
    form = AnswerForm(scenario=scenario_object, data=request.POST)
    if earlier is not None and earlier.scenario_id == scenario_object.pk:
        if not _may_see(request, earlier):  # another's token, or one this session forgot
            return _not_yours(request, context, form)
        messages.info(request, _("You have already answered this question. Here is your result."))
        return _practice_feedback(
            request, scenario_object, earlier.answer, token=earlier.token, graded_by=earlier
        )

    if token is None or not answer_tokens.is_valid(scenario_id=scenario_object.pk, token=token):
        messages.warning(
            request,
            _("This form was out of date. Your choices are kept below: check them and send again."),
        )
        context["form"] = form
        form.is_valid()
        context["token"] = answer_tokens.issue(scenario_id=scenario_object.pk)
        return render(request, "quiz/practice.html", context)
    if not form.is_valid():
        context["form"] = form
        context["token"] = str(token)
        return render(request, "quiz/practice.html", context, status=400)
    return _record_answer(request, state=state, scenario=scenario_object, form=form, token=token)


def _not_yours(request: HttpRequest, context: dict[str, Any], form: AnswerForm) -> HttpResponse:
    """The question again, the choices kept and a new token: the answer the form's token
    names is another visitor's (or expired), so its result is not shown."""
    messages.warning(
        request,
        _(
            "That result is not yours, or it has expired. Your choices are kept below: "
            "send them again for a result of your own."
        ),
    )
    form.is_valid()
    context["form"] = form
    context["token"] = answer_tokens.issue(scenario_id=context["scenario"].pk)
    return render(request, "quiz/practice.html", context, status=403)


def _record_answer(
    request: HttpRequest,
    *,
    state: PracticeState,
    scenario: Scenario,
    form: AnswerForm,
    token: uuid.UUID,
) -> HttpResponse:
    """Grade and keep a valid answer, schedule its review, and show the feedback."""
    try:
        _stored, result = services.record_practice_answer(
            scenario=scenario,
            answer=form.answer,
            token=token,
            user=request.user,
            ruleset=state.edition,
            variants=state.variants,
        )
    except services.AlreadyAnswered:
        messages.info(request, _("You have already answered this question. Here is your result."))
        return _practice_feedback(request, scenario, form.answer)
    session_cards = state.review_cards
    services.schedule_review(
        scenario=scenario,
        score=result.score,
        user=request.user,
        session_cards=session_cards,
    )
    state.keep_review_cards(session_cards)
    state.remember_answer(
        topic_slug=scenario.topic.slug, scenario_id=scenario.pk, token=str(token)
    )
    return _practice_feedback(request, scenario, form.answer, result=result, token=token)


@require_http_methods(["GET"])
def practice_answer(
    request: HttpRequest, topic: str, scenario: str, token: uuid.UUID
) -> HttpResponse:
    """The feedback on an answer already given, again (after switching language, say).

    Only the trainee who answered sees it: his account's answer, or one given in
    this session. An answer exists only once submitted, so this page never shows
    a decision before the question is answered.
    """
    stored = selectors.practice_answer_by_token(token=str(token))
    if (
        stored is None
        or stored.scenario.slug != scenario
        or stored.scenario.topic.slug != topic
        or not _may_see(request, stored)
    ):
        raise Http404
    return _practice_feedback(
        request, stored.scenario, stored.answer, token=stored.token, graded_by=stored
    )


def _may_see(request: HttpRequest, stored: Any) -> bool:
    return selectors.may_see_practice_answer(
        answer=stored,
        user=request.user,
        session_tokens=PracticeState.of(request).feedback_tokens,
    )


def _practice_feedback(
    request: HttpRequest,
    scenario: Scenario,
    answer: dict[str, Any],
    result: Any = None,
    token: uuid.UUID | None = None,
    graded_by: Any = None,
) -> HttpResponse:
    """The feedback page. ``graded_by`` (a stored answer) names the edition and variants that
    graded the answer; else those the trainee practises now."""
    ruleset = getattr(graded_by, "ruleset", None)
    if editions.is_edition(ruleset):
        variants = editions.known_variants(getattr(graded_by, "variants", None))
    else:
        ruleset, variants = practice_edition(request), practice_variants(request)
    result = result or grade(scenario=scenario, answer=answer, ruleset=ruleset, variants=variants)
    filters = PracticeFilterForm(data=request.GET)
    context: dict[str, Any] = {
        "scenario": scenario,
        "topic": scenario.topic,
        "grade": result,
        # The switch shows what the trainee practises now; the rulings mark what graded this.
        "edition": practice_edition(request),
        "variants": practice_variants(request),
        "graded_edition": ruleset,
        # After the answer only: where the editions rule differently, both rulings.
        "rulings": editions.differing_rulings(scenario.case, variants=variants),
        "next_url": _next_url(request, scenario, filters),
        "filters": filters,  # "Retry my mistakes" says it is on
        "schedule": _schedule_sentence(request, scenario),
    }
    if token is not None:
        # The language switcher reopens this feedback, not the question, in the new language.
        context["switch_language_to"] = reverse(
            "quiz:practice_answer",
            kwargs={"topic": scenario.topic.slug, "scenario": scenario.slug, "token": token},
        )
    return render(request, "quiz/practice_feedback.html", context)


@require_http_methods(["GET", "POST"])
def self_test_start(request: HttpRequest) -> HttpResponse:
    form = SelfTestForm(
        data=request.POST or None,
        initial={"language": request.LANGUAGE_CODE, "topics": list(Topic.objects.all())},
    )
    status = 200
    if request.method == "POST":
        started, status = _start_self_test(request, form)
        if started is not None:
            return started
    context = {
        "form": form,
        "edition": practice_edition(request),
        "variants": practice_variants(request),
    }
    return render(request, "quiz/self_test_start.html", context, status=status)


def _start_self_test(request: HttpRequest, form: SelfTestForm) -> tuple[HttpResponse | None, int]:
    """Start the test the form asks for: (its page, 302), or (``None``, the refusal's status)."""
    if not form.is_valid():
        return None, 400
    chosen = form.cleaned_data
    # Generated situations are frozen at the start, a heavy write: counted per client.
    if chosen["include_families"] and not services.take_self_test_turn(client=_client(request)):
        _too_many_new_situations(request)
        return None, 429
    try:
        self_test = services.start_self_test(
            language=chosen["language"],
            length=chosen["length"],
            topics=chosen["topics"],
            user=request.user,
            ruleset=practice_edition(request),
            variants=practice_variants(request),
            include_families=chosen["include_families"],
        )
    except services.NoScenarios:
        form.add_error("topics", _("There are no questions in these topics yet."))
        return None, 400
    PracticeState.of(request).add_self_test(test_id=self_test.pk)
    with translation.override(self_test.language):
        url = reverse("quiz:self_test", kwargs={"test_id": self_test.pk})
    return redirect(url), 302


def _own_self_test(request: HttpRequest, test_id: uuid.UUID) -> SelfTest:
    self_test = selectors.self_test_for(
        test_id=test_id, user=request.user, session_ids=PracticeState.of(request).self_test_ids
    )
    if self_test is None:
        raise Http404
    return self_test


def self_test(request: HttpRequest, test_id: uuid.UUID) -> HttpResponse:
    """Resume a self-test: the first unanswered question, or the score."""
    self_test_object = _own_self_test(request, test_id)
    position = selectors.next_position(self_test=self_test_object)
    if position is None:
        return redirect("quiz:self_test_result", test_id=self_test_object.pk)
    return redirect("quiz:self_test_question", test_id=self_test_object.pk, position=position)


@require_http_methods(["GET", "POST"])
def self_test_question(request: HttpRequest, test_id: uuid.UUID, position: int) -> HttpResponse:
    self_test_object = _own_self_test(request, test_id)
    scenario = selectors.scenario_at(self_test=self_test_object, position=position)
    if scenario is None:
        raise Http404
    answered = self_test_object.answers.filter(position=position).exists()
    if answered:
        messages.info(
            request, _("You have already answered this question; your first answer is kept.")
        )
        return redirect("quiz:self_test", test_id=self_test_object.pk)
    scenario = selectors.shown_scenario(scenario=scenario)  # an unanswered instance: words of today
    form = AnswerForm(scenario=scenario, data=request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            services.answer_self_test(
                self_test=self_test_object, position=position, scenario=scenario, answer=form.answer
            )
        except services.AlreadyAnswered:
            messages.info(
                request, _("You have already answered this question; your first answer is kept.")
            )
        return redirect("quiz:self_test", test_id=self_test_object.pk)
    return render(
        request,
        "quiz/self_test_question.html",
        {
            "self_test": self_test_object,
            "scenario": scenario,
            "form": form,
            "position": position,
            "answered_count": self_test_object.answers.count(),
        },
        status=400 if request.method == "POST" else 200,
    )


def self_test_result(request: HttpRequest, test_id: uuid.UUID) -> HttpResponse:
    self_test_object = _own_self_test(request, test_id)
    if not self_test_object.finished and selectors.next_position(self_test=self_test_object):
        messages.info(request, _("Finish the test first: here is the next question."))
        return redirect("quiz:self_test", test_id=self_test_object.pk)
    return render(
        request,
        "quiz/self_test_result.html",
        {"result": selectors.self_test_result(self_test=self_test_object)},
    )


@login_required
def progress(request: HttpRequest) -> HttpResponse:
    return render(
        request,
        "quiz/progress.html",
        {
            "rows": selectors.progress_by_topic(user=request.user),
            "charts": selectors.progress_charts(user=request.user, now=timezone.now()),
        },
    )


def _session_cards(request: HttpRequest) -> dict[str, Any]:
    return PracticeState.of(request).review_cards


def _next_url(request: HttpRequest, scenario: Scenario, filters: PracticeFilterForm) -> str:
    """Where "Next question" leads: back to the review, the mistakes, or on in the topic."""
    via = filters.settings["via"]
    if via == "review":
        return reverse("quiz:review")
    if via == "mistakes":
        return reverse("quiz:retry_mistakes", kwargs={"topic": scenario.topic.slug})
    following = _pick_scenario(request, scenario.topic, filters, after=scenario)
    if following is None:
        return ""
    return following.get_absolute_url() + filters.query_string(via=False)


def _schedule_sentence(request: HttpRequest, scenario: Scenario) -> str:
    """When this scenario comes back, in one sentence (``""`` when it has no schedule yet)."""
    entries = selectors.review_entries(
        user=request.user, session_cards=_session_cards(request), topic=scenario.topic
    )
    entry = next(
        (
            e
            for e in entries
            if e.scenario.pk == scenario.pk
            or (scenario.family_id is not None and e.scenario.family_id == scenario.family_id)
        ),
        None,
    )
    return review_text.comes_back(entry.due, now=timezone.now()) if entry else ""


@require_http_methods(["GET"])
def review(request: HttpRequest) -> HttpResponse:
    """What is due for review now, mistakes first; what comes later; mistakes per topic."""
    queue = selectors.review_queue(
        user=request.user, session_cards=_session_cards(request), now=timezone.now()
    )
    mistakes = selectors.mistakes_by_topic(
        user=request.user, session_cards=_session_cards(request)
    )
    topics = [
        (topic, mistakes[topic.pk], topic.pk in queue.weak_topics)
        for topic in selectors.topics_with_counts()
        if mistakes.get(topic.pk)
    ]
    return render(
        request,
        "quiz/review.html",
        {"queue": queue, "mistake_topics": topics, "explanation": review_text.EXPLANATION},
    )


@require_http_methods(["GET"])
def retry_mistakes(request: HttpRequest, topic: str) -> HttpResponse:
    """The topic's mistakes one after another, least credit first, until none is left."""
    topic_object = get_object_or_404(Topic, slug=topic)
    mistakes = selectors.topic_mistakes(
        user=request.user, session_cards=_session_cards(request), topic=topic_object
    )
    if not mistakes:
        return render(request, "quiz/no_mistakes.html", {"topic": topic_object})
    return redirect(mistakes[0].scenario.get_absolute_url() + "?via=mistakes")


def practice_edition(request: HttpRequest) -> str:
    """The edition this trainee practises: the one chosen (remembered in the session), else the
    seeds' edition."""
    return PracticeState.of(request).edition


def practice_variants(request: HttpRequest) -> list[str]:
    """The local variants this trainee practises with on top of his edition (remembered in the
    session), else none."""
    return PracticeState.of(request).variants


@require_http_methods(["POST"])
def choose_edition(request: HttpRequest) -> HttpResponse:
    """Remember the edition and local variants the trainee practises, and go back where he
    was."""
    form = EditionForm(data=request.POST)
    if form.is_valid():
        edition = form.cleaned_data["edition"]
        variants = editions.known_variants(form.cleaned_data["variants"])
        PracticeState.of(request).choose_edition(edition=edition, variants=variants)
        messages.success(
            request,
            _("Practice now follows: %(edition)s.")
            % {"edition": editions.ruleset_label(edition, variants)},
        )
    else:
        messages.error(request, _("That rule-book edition or local rule is not available."))
    return HttpResponseRedirect(_back(request, request.POST.get("next", "")))


def _back(request: HttpRequest, value: str) -> str:
    """``value`` if it is a path on this site, else the practice home: never another site,
    and never a word ``redirect()`` would take for a view's name."""
    if value.startswith("/") and url_has_allowed_host_and_scheme(
        value, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        return value
    return reverse("quiz:topics")


@require_http_methods(["GET"])
def what_changed(request: HttpRequest) -> HttpResponse:
    """The differences between the editions, paragraph by paragraph, each with a scenario."""
    return render(
        request,
        "quiz/what_changed.html",
        {
            "changes": selectors.edition_changes(),
            "same_rulings": editions.SAME_RULINGS,
            "fr_changes": selectors.edition_changes(changes=editions.FR_CHANGES),
            "fr_notes": editions.FR_NOTES,
            "readings": editions.READINGS,
            "local_rules": selectors.local_rule_scenarios(),
            "edition": practice_edition(request),
            "variants": practice_variants(request),
        },
    )
