"""The scenario studio's pages and its two JSON endpoints (verdict, preview). Thin:
who may do what is in :mod:`studio.selectors`, every write in :mod:`studio.services`."""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import wraps
from typing import Any

from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from quiz.forms import AnswerForm, is_database_id
from quiz.models import Difficulty, Scenario, Topic
from quiz.numbers import format_number
from studio import selectors, services, vocabulary
from studio.forms import DraftForm, GrantAuthorForm, ImportForm, NewDraftForm, language_names
from studio.glossary import glossary_terms

View = Callable[..., HttpResponse]
#: The editor's fields about the question itself, in the order shown.
ASK_FIELDS = ("slug", "topic", "difficulty", "audience", "federation", "ask", "ask_ball")


def refuse(request: HttpRequest, message: str, *, status: int = 403) -> HttpResponse:
    return render(request, "studio/refused.html", {"message": message}, status=status)


def authors_only(view: View) -> View:
    """Signed-in staff and authors; others get a refusal in their language (JSON for APIs)."""

    @wraps(view)
    def wrapped(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        wants_json = request.content_type == "application/json"
        if not request.user.is_authenticated and not wants_json:
            return redirect_to_login(request.get_full_path())
        if not selectors.may_author(user=request.user):
            message = _("Only a federation's authors and the site's staff can use the studio.")
            if wants_json:
                return JsonResponse({"error": message}, status=403)
            return refuse(request, message)
        return never_cache(view)(request, *args, **kwargs)

    return wrapped


@require_GET
@authors_only
def index(request: HttpRequest) -> HttpResponse:
    user = request.user
    return render(request, "studio/index.html", {
        "drafts": selectors.drafts_for(user=user),
        "family_drafts": selectors.family_drafts_for(user=user),
        "scenarios": selectors.scenarios_for(user=user).filter(studio_draft__isnull=True),
        "federations": selectors.writable_federations(user=user),
        "import_form": ImportForm(),
        "may_grant": selectors.granting_federations(user=request.user).exists(),
    })


@require_http_methods(["GET", "POST"])
@authors_only
def new(request: HttpRequest) -> HttpResponse:
    form = NewDraftForm(request.POST or None, user=request.user)
    if request.method == "POST" and form.is_valid():
        draft = services.create_draft(
            user=request.user, slug=form.cleaned_data["slug"], topic=form.cleaned_data["topic"],
            audience=form.cleaned_data["audience"], federation=form.cleaned_data["federation"],
        )
        return redirect("studio:edit", pk=draft.pk)
    status = 400 if request.method == "POST" else 200
    return render(request, "studio/new.html", {"form": form}, status=status)


def _initial(draft: Any) -> dict[str, Any]:
    initial = {
        "slug": draft.slug, "topic": draft.topic_id, "difficulty": draft.difficulty,
        "ask": draft.ask, "ask_ball": draft.ask_ball, "audience": draft.audience,
        "federation": draft.federation_id, "case": json.dumps(draft.case, ensure_ascii=False),
    }
    for code, words in (draft.words or {}).items():
        for name, value in (words or {}).items():
            initial[f"{name}_{code}"] = value
    return initial


def _editor(
    request: HttpRequest, draft: Any, form: DraftForm, *, status: int = 200, **extra: Any
) -> HttpResponse:
    language = translation.get_language()
    needed = services.pool_languages(audience=draft.audience, federation=draft.federation)
    names = language_names()
    return render(request, "studio/edit.html", {
        "draft": draft,
        "form": form,
        "tabs": form.language_tabs(needed=needed),
        "needed_names": [names[code] for code in needed],
        "list_separator": pgettext("list separator", ", "),
        "pools_languages": json.dumps(form.pools_languages()),
        "glossary": glossary_terms(),
        "vocabulary": vocabulary.context(),
        "versions": draft.versions.all()[:10],
        "language": language,
        "empty_case": {"state": {"positions": {}}},
        "potted_groups": [("potted", vocabulary.FIELDS["stroke.potted"]),
                          ("off_table", vocabulary.FIELDS["stroke.off_table"])],
        "ball_codes": vocabulary.BALL_CODES,
        "ball_required": vocabulary.BALL_REQUIRED,
        "form_ball_label": _("Ball"),
        "ask_fields": [form[name] for name in ASK_FIELDS],
        **extra,
    }, status=status)


def _save(form: DraftForm, draft: Any) -> Any:
    data = form.cleaned_data
    return services.save_draft(
        draft=draft, case=data["case"], words=form.words(), topic=data["topic"],
        difficulty=data["difficulty"], ask=data["ask"], ask_ball=data["ask_ball"] or "",
        audience=data["audience"], federation=data["federation"], slug=data.get("slug"),
    )


@require_http_methods(["GET", "POST"])
@authors_only
def edit(request: HttpRequest, pk: int) -> HttpResponse:
    draft = selectors.draft_for(user=request.user, pk=pk)
    form = DraftForm(request.POST or None, initial=_initial(draft), user=request.user, draft=draft)
    if request.method == "POST":
        if not form.is_valid():
            return _editor(request, draft, form, status=400)
        _save(form, draft)
        messages.success(request, _("Draft saved."))
        return redirect("studio:edit", pk=draft.pk)
    return _editor(request, draft, form)


@require_POST
@authors_only
def publish(request: HttpRequest, pk: int) -> HttpResponse:
    draft = selectors.draft_for(user=request.user, pk=pk)
    form = DraftForm(request.POST, initial=_initial(draft), user=request.user, draft=draft)
    if not form.is_valid():
        return _editor(request, draft, form, status=400)
    draft = _save(form, draft)
    if request.POST.get("confirm") != "on":
        problems = [{"path": "confirm", "translated": True, "message": _(
            "Read the engine's decision and tick that it is the ruling you expect."
        )}]
        return _editor(request, draft, form, status=400, publish_problems=problems)
    problems = services.publish(draft=draft, user=request.user)
    if problems:
        shown = [vocabulary.describe_problem(p.path, p.message) for p in problems]
        return _editor(request, draft, form, status=400, publish_problems=shown)
    messages.success(request, _("Published: version %(number)s is in the bank.") % {
        "number": format_number(draft.versions.count())})
    return redirect("studio:edit", pk=draft.pk)


@require_POST
@authors_only
def edit_scenario(request: HttpRequest, slug: str) -> HttpResponse:
    scenario = selectors.scenario_for(user=request.user, slug=slug)
    draft = services.draft_from_scenario(scenario=scenario, user=request.user)
    return redirect("studio:edit", pk=draft.pk)


def _json_body(request: HttpRequest) -> tuple[Any, JsonResponse | None]:
    """The request's JSON, or the refusal: too large (413), not JSON (400), too often (429)."""
    try:
        length = int(request.META.get("CONTENT_LENGTH") or 0)
    except ValueError:
        length = 0
    if length > services.MAX_BODY or len(request.body) > services.MAX_BODY:
        return None, JsonResponse({"error": _("The case is too large.")}, status=413)
    if not services.take_verdict_turn(user_id=request.user.pk):
        return None, JsonResponse(
            {"error": _("Too many requests: wait a moment and try again.")}, status=429
        )
    try:
        return json.loads(request.body.decode("utf-8")), None
    except (UnicodeDecodeError, ValueError, RecursionError):
        return None, JsonResponse({"decision": None, "explanation": [], "problems": [
            {"path": "(case)", "message": _("This is not a referee case in JSON.")}]}, status=400)


@require_POST
@authors_only
def verdict(request: HttpRequest) -> HttpResponse:
    """JSON in: a referee case. JSON out: decision, explanation, problems (and a summary)."""
    case, refusal = _json_body(request)
    if refusal is not None:
        return refusal
    result = services.verdict(case=case)
    data = result.as_json()
    data["problems"] = [vocabulary.describe_problem(p["path"], p["message"])
                        for p in result.problems]
    return JsonResponse(data, status=200 if result.decision is not None else 422)


@require_POST
@authors_only
def preview(request: HttpRequest) -> HttpResponse:
    """The trainee's view of a scenario being written: diagram, words, answer form."""
    data, refusal = _json_body(request)
    if refusal is not None:
        return refusal
    if not isinstance(data, dict):
        return JsonResponse({"error": _("This is not a referee case in JSON.")}, status=400)
    # Only strings are looked up: a list or an object from the JSON is no choice.
    language = data.get("language")
    language = language if isinstance(language, str) and language in language_names() else None
    ask = data.get("ask")
    asks = dict(DraftForm.base_fields["ask"].choices)
    case = data.get("case") if isinstance(data.get("case"), dict) else {}
    scenario = Scenario(
        slug="preview", case=services.case_for(case=case, slug="preview"),
        ask=ask if isinstance(ask, str) and ask in asks else "legal",
        ask_ball=data.get("ask_ball") if isinstance(data.get("ask_ball"), str) else "",
        title=str(data.get("title") or ""), narrative=str(data.get("narrative") or ""),
        question=str(data.get("question") or ""), difficulty=_difficulty(data.get("difficulty")),
    )
    topic = str(data.get("topic") or "")
    scenario.topic = (
        is_database_id(topic) and Topic.objects.filter(pk=int(topic)).first()
    ) or Topic()
    with translation.override(language or translation.get_language()):
        try:
            html = render_to_string("studio/_preview.html", {
                "scenario": scenario, "form": AnswerForm(scenario=scenario, prefix="preview"),
            }, request=request)
        # The case cannot be drawn or asked yet (the verdict names the problem).
        except (ValueError, TypeError, KeyError, AttributeError):
            html = render_to_string("studio/_preview_unavailable.html", request=request)
    return HttpResponse(html)


def _difficulty(value: Any) -> int:
    """The draft's difficulty as the editor sends it ("2" or 2); introductory otherwise."""
    text = value if isinstance(value, str) else ""
    if text.isascii() and text.isdigit() and len(text) < 3 and int(text) in Difficulty.values:
        return int(text)
    return Difficulty.INTRODUCTORY


@require_GET
@authors_only
def export(request: HttpRequest, federation: str) -> HttpResponse:
    owner = selectors.federation_for(user=request.user, slug=federation)
    response = HttpResponse(
        services.fixture_bytes(services.export_fixture(federation=owner)),
        content_type="application/json; charset=utf-8",
    )
    response["Content-Disposition"] = f'attachment; filename="{owner.slug}-scenarios.json"'
    return response


@require_POST
@authors_only
def import_fixture(request: HttpRequest, federation: str) -> HttpResponse:
    owner = selectors.federation_for(user=request.user, slug=federation)
    form = ImportForm(request.POST, request.FILES)
    if not form.is_valid():
        return render(request, "studio/import_result.html",
                      {"form": form, "federation": owner, "problems": []}, status=400)
    upload = form.cleaned_data["file"]
    count, problems = services.import_fixture(
        user=request.user, federation=owner, content=upload.read(), name=upload.name
    )
    if problems:
        return render(request, "studio/import_result.html",
                      {"form": form, "federation": owner, "problems": problems}, status=400)
    messages.success(request, ngettext(
        "Imported %(count)s scenario.", "Imported %(count)s scenarios.", count
    ) % {"count": format_number(count)})
    return redirect("studio:index")


@require_http_methods(["GET", "POST"])
def authors(request: HttpRequest) -> HttpResponse:
    """Examiners (in their federation) and staff grant and withdraw the author role."""
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    if not selectors.granting_federations(user=request.user).exists():
        return refuse(request, _("Only a federation's examiners and the site's staff can "
                                 "grant the author role."))
    form = GrantAuthorForm(request.POST or None, user=request.user)
    if request.method == "POST":
        withdraw = request.POST.get("withdraw", "")
        if withdraw:
            if not is_database_id(withdraw):
                return refuse(request, _("This author does not exist."), status=404)
            author = selectors.author_for(user=request.user, pk=int(withdraw))
            services.withdraw_author(author=author)
            messages.success(request, _("The author role was withdrawn."))
            return redirect("studio:authors")
        cancel = request.POST.get("cancel", "")
        if cancel:
            if not is_database_id(cancel):
                return refuse(request, _("This invitation does not exist."), status=404)
            services.decline_invitation(
                invitation=selectors.sent_invitation_for(user=request.user, pk=int(cancel))
            )
            messages.success(request, _("The invitation was withdrawn."))
            return redirect("studio:authors")
        if form.is_valid():
            _invite(request, form.cleaned_data["username"], form.cleaned_data["federation"])
            return redirect("studio:authors")
    return render(request, "studio/authors.html", {
        "form": form, "authors": selectors.authors_for(user=request.user),
        "invitations": selectors.sent_invitations_for(user=request.user)},
        status=400 if request.method == "POST" else 200)


def _invite(request: HttpRequest, user: Any, federation: Any) -> None:
    invitation = services.invite_author(invited_by=request.user, user=user, federation=federation)
    if invitation is None:
        messages.info(request, _("%(name)s already writes for %(federation)s.")
                      % {"name": user.get_username(), "federation": federation.name})
        return
    link = request.build_absolute_uri(reverse("studio:invitations"))
    mailed = services.mail_invitation(invitation=invitation, link=link)
    message = (
        _("%(name)s is invited: he becomes an author once he accepts. We have mailed him.")
        if mailed else
        _("%(name)s is invited: he becomes an author once he accepts. His account has no "
          "confirmed address: give him this page's address: %(link)s")
    )
    messages.success(request, message % {"name": user.get_username(), "link": link})


@never_cache
@require_http_methods(["GET", "POST"])
def invitations(request: HttpRequest) -> HttpResponse:
    """A signed-in user's invitations to write for a federation: he accepts or declines."""
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    if request.method == "POST":
        accept, decline = request.POST.get("accept", ""), request.POST.get("decline", "")
        chosen = accept or decline
        if not is_database_id(chosen):
            return refuse(request, _("This invitation does not exist."), status=404 if chosen
                          else 400)
        invitation = selectors.invitation_for(user=request.user, pk=int(chosen))
        if accept:
            author = services.accept_invitation(invitation=invitation)
            messages.success(request, _("You are now an author of %(federation)s.")
                             % {"federation": author.federation.name})
            return redirect("studio:index")
        services.decline_invitation(invitation=invitation)
        messages.success(request, _("The invitation was declined."))
        return redirect("studio:invitations")
    return render(request, "studio/invitations.html", {
        "invitations": selectors.invitations_for(user=request.user),
        "current": selectors.author_federation(user=request.user),
    })
