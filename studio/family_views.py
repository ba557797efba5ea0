"""The family editor's pages (issue 21): turn a scenario into a family, say what varies,
preview twenty instances, publish. Thin: who may is in :mod:`studio.selectors`, the writes in
:mod:`studio.family_services`."""

from __future__ import annotations

import json
from typing import Any

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils import translation
from django.utils.html import format_html
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from quiz.families.check import MAX_SHARE
from quiz.models import Topic
from studio import family_preview, family_services, selectors
from studio.family_forms import FamilyJsonForm, FamilyRangesForm, initial_ranges
from studio.forms import language_names
from studio.models import FamilyAudience
from studio.views import authors_only


@require_POST
@authors_only
def from_draft(request: HttpRequest, pk: int) -> HttpResponse:
    draft = selectors.draft_for(user=request.user, pk=pk)
    family_draft = family_services.family_from_draft(draft=draft, user=request.user)
    messages.success(request, _("A family was made from the scenario: nothing varies yet."))
    return redirect("studio:family_edit", pk=family_draft.pk)


@require_POST
@authors_only
def from_scenario(request: HttpRequest, slug: str) -> HttpResponse:
    scenario = selectors.scenario_for(user=request.user, slug=slug)
    family_draft = family_services.family_from_scenario(scenario=scenario, user=request.user)
    messages.success(request, _("A family was made from the scenario: nothing varies yet."))
    return redirect("studio:family_edit", pk=family_draft.pk)


def _slug_html(family_draft: Any) -> str:
    # A slug is Latin: isolated, it keeps its hyphens in place in a right-to-left heading.
    return format_html('<bdi dir="ltr">{}</bdi>', family_draft.slug)


def _editor(
    request: HttpRequest, family_draft: Any, *, ranges: FamilyRangesForm | None = None,
    json_form: FamilyJsonForm | None = None, status: int = 200, **extra: Any,
) -> HttpResponse:
    ranges = ranges or FamilyRangesForm(initial=initial_ranges(family_draft), user=request.user)
    json_form = json_form or FamilyJsonForm(
        initial={"family": json.dumps(family_services.family_dict(family_draft),
                                      ensure_ascii=False, indent=1)},
        user=request.user, family_draft=family_draft,
    )
    return render(request, "studio/family_edit.html", {
        "family_draft": family_draft,
        "slug_html": _slug_html(family_draft),
        "form": ranges,
        "rows": ranges.fact_rows(template=family_draft.spec.get("case") or {}),
        "json_form": json_form,
        "languages": language_names(),
        "publish_seeds": family_services.PUBLISH_SEEDS,
        **extra,
    }, status=status)


@require_http_methods(["GET", "POST"])
@authors_only
def edit(request: HttpRequest, pk: int) -> HttpResponse:
    family_draft = selectors.family_draft_for(user=request.user, pk=pk)
    if request.method == "GET":
        return _editor(request, family_draft)
    form = FamilyRangesForm(request.POST, initial=initial_ranges(family_draft), user=request.user)
    if not form.is_valid():
        return _editor(request, family_draft, ranges=form, status=400)
    data = form.cleaned_data
    family_services.save_ranges(
        family_draft=family_draft, topic=data["topic"], asks=data["asks"],
        difficulty=data["difficulty"], audience=data["audience"],
        federation=data["federation"], varied=data["varied"],
    )
    messages.success(request, _("The family was saved."))
    return redirect("studio:family_edit", pk=family_draft.pk)


@require_POST
@authors_only
def save_json(request: HttpRequest, pk: int) -> HttpResponse:
    family_draft = selectors.family_draft_for(user=request.user, pk=pk)
    form = FamilyJsonForm(request.POST, user=request.user, family_draft=family_draft)
    if not form.is_valid():
        return _editor(request, family_draft, json_form=form, status=400)
    data = form.cleaned_data["family"]
    audience = data.get("audience", FamilyAudience.PRACTICE)
    family_services.save_family_json(
        family_draft=family_draft, data=data, topic=Topic.objects.get(slug=data["topic"]),
        federation=family_draft.federation if audience == FamilyAudience.EXAM else None,
    )
    messages.success(request, _("The family was saved."))
    return redirect("studio:family_edit", pk=family_draft.pk)


@require_GET
@authors_only
def preview(request: HttpRequest, pk: int) -> HttpResponse:
    """Twenty instances side by side, told in ``?lang=`` (one of the site's languages)."""
    family_draft = selectors.family_draft_for(user=request.user, pk=pk)
    names = language_names()
    wanted = request.GET.get("lang")
    language = wanted if wanted in names else translation.get_language()
    cards, summary, problem = family_preview.preview(family_draft=family_draft, language=language)
    return render(request, "studio/family_preview.html", {
        "family_draft": family_draft, "cards": cards, "summary": summary, "problem": problem,
        "slug_html": _slug_html(family_draft), "max_share": MAX_SHARE,
        "languages": names, "shown_language": language,
        "shown_direction": "rtl" if translation.get_language_info(language)["bidi"] else "ltr",
    })


@require_POST
@authors_only
def publish(request: HttpRequest, pk: int) -> HttpResponse:
    family_draft = selectors.family_draft_for(user=request.user, pk=pk)
    problems = family_services.publish_family(family_draft=family_draft)
    if problems:
        return _editor(request, family_draft, status=400, publish_problems=problems)
    if family_draft.audience == FamilyAudience.EXAM:
        messages.success(request, _("Published: the family is in your federation's exam pool."))
    else:
        messages.success(request, _("Published: practice draws the family's instances."))
    return redirect("studio:family_edit", pk=family_draft.pk)
