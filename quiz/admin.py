"""Admin: scenarios edited per language in tabs, with the engine's preview."""

from __future__ import annotations

from typing import Any

from django import forms
from django.conf import settings
from django.contrib import admin
from django.contrib.admin.widgets import AutocompleteSelect
from django.contrib.auth.admin import GroupAdmin
from django.contrib.auth.models import Group
from django.http import HttpRequest, HttpResponse
from django.utils.translation import gettext_lazy as _
from modeltranslation.admin import TabbedTranslationAdmin

from quiz.forms import IdChoiceField, is_database_id
from quiz.models import Family, PracticeAnswer, Progress, Scenario, SelfTest, Topic


class LocalTabsMedia:
    # modeltranslation's tabs need jQuery UI: served from static/vendor, never a CDN.
    css = {"all": ("vendor/jquery-ui/jquery-ui.min.css",)}


@admin.register(Topic)
class TopicAdmin(TabbedTranslationAdmin):
    list_display = ("title", "slug", "order")
    ordering = ("order",)

    class Media(LocalTabsMedia):
        pass


def with_languages(*names: str) -> tuple[str, ...]:
    """The column modeltranslation adds for every language of each translated field.

    Only those: the field itself (``title``) would be expanded into the same columns
    again, and the page would hold every input twice under one name, the second copy
    silently overriding the first.

    >>> with_languages("title")
    ('title_en', 'title_fr', 'title_ru', 'title_fa', 'title_pl')
    """
    return tuple(
        f"{name}_{code}" for name in names for code in settings.MODELTRANSLATION_LANGUAGES
    )


class ScenarioAdminForm(forms.ModelForm):
    class Meta:
        model = Scenario
        fields = (
            "slug",
            "topic",
            "difficulty",
            "ask",
            "ask_ball",
            "published",
            "audience",
            "federation",
            "case",
            *with_languages("title", "narrative", "question", "note"),
        )

    def clean_case(self) -> dict[str, Any]:
        from rules_engine import CaseError, judge, load_case

        case = self.cleaned_data["case"]
        if not isinstance(case, dict):
            raise forms.ValidationError(_("The case must be a JSON object."))
        case = {key: value for key, value in case.items() if key != "expect"}
        try:
            judge(load_case(case))
        except CaseError as error:
            raise forms.ValidationError(
                [
                    forms.ValidationError(
                        _("%(path)s: %(message)s"),
                        params={"path": problem.path, "message": problem.message},
                    )
                    for problem in error.problems
                ]
                or [str(error)]
            ) from error
        return case

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean()
        case = cleaned.get("case")
        if isinstance(case, dict) and cleaned.get("slug") and case.get("id") != cleaned["slug"]:
            self.add_error("case", _("The case's id must equal the slug."))
        if cleaned.get("ask") == "respot" and not cleaned.get("ask_ball"):
            self.add_error("ask_ball", _("Name the colour whose re-spot is asked."))
        return cleaned


@admin.register(Scenario)
class ScenarioAdmin(TabbedTranslationAdmin):
    form = ScenarioAdminForm
    list_display = ("slug", "title", "topic", "difficulty", "ask", "published", "audience")
    list_filter = ("audience", "federation", "topic", "difficulty", "ask", "published")
    search_fields = ("slug", "title")
    change_form_template = "admin/quiz/scenario/change_form.html"

    class Media(LocalTabsMedia):
        pass

    def view_on_site(self, obj: Scenario) -> str | None:
        """Practice scenarios open on the site; an exam-only one has no public page."""
        return None if obj.is_exam_only else obj.get_absolute_url()

    def change_view(
        self,
        request: HttpRequest,
        object_id: str,
        form_url: str = "",
        extra_context: dict[str, Any] | None = None,
    ) -> HttpResponse:
        extra_context = dict(extra_context or {})
        scenario = self.get_object(request, object_id)
        if scenario is not None:
            extra_context["preview"] = scenario_preview(scenario)
        return super().change_view(request, object_id, form_url, extra_context)


def scenario_preview(scenario: Scenario) -> dict[str, Any]:
    """The diagram, the engine's decision and its explanation, or why there is none."""
    import json

    from quiz.diagrams import table_svg
    from quiz.explain import explain
    from quiz.grading import decide

    try:
        decision = decide(scenario.case)
    except ValueError as error:
        return {"error": str(error)}
    return {
        "diagram": table_svg(scenario.case),
        "decision": json.dumps(decision, indent=2, ensure_ascii=False),
        "steps": explain(decision),
    }


@admin.register(Family)
class FamilyAdmin(admin.ModelAdmin):
    """Families come from their fixtures (``load_families``): the admin shows them and may
    withdraw one from practice (``published``), nothing more."""

    list_display = ("slug", "topic", "difficulty", "published")
    list_filter = ("topic", "difficulty", "published")
    search_fields = ("slug",)
    fields = ("slug", "topic", "difficulty", "asks", "published", "spec")
    readonly_fields = ("slug", "topic", "difficulty", "asks", "spec")

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False  # loaded from fixtures/families, checked by the engine first


@admin.register(SelfTest)
class SelfTestAdmin(admin.ModelAdmin):
    list_display = ("id", "language", "length", "created_at", "finished_at")
    readonly_fields = ("scenario_ids",)

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False  # a self-test is drawn by its taker, never made by hand


class SafeGroupAdmin(GroupAdmin):
    """Django's group admin, whose permission ids beyond any integer are invalid choices.

    (Django's own field passes them to the database: an OverflowError on SQLite, a
    DataError on PostgreSQL.)
    """

    def formfield_for_manytomany(self, db_field: Any, request: Any, **kwargs: Any) -> Any:
        kwargs.setdefault("form_class", IdChoiceField)
        return super().formfield_for_manytomany(db_field, request, **kwargs)


class SafeAutocompleteSelect(AutocompleteSelect):
    """Django's autocomplete box, which shows a posted value back only if it can be an id.

    (Django's own looks up whatever was posted, to label it: a ValueError for ``x``,
    an OverflowError for a huge number.)
    """

    def optgroups(self, name: str, value: list[Any], attr: Any = None) -> list[Any]:
        return super().optgroups(name, [v for v in value if is_database_id(v)], attr)


class SafeAutocomplete:
    """Mixed into a ModelAdmin or an inline: its ``autocomplete_fields`` are safe boxes."""

    def formfield_for_foreignkey(self, db_field: Any, request: Any, **kwargs: Any) -> Any:
        if db_field.name in self.get_autocomplete_fields(request) and "widget" not in kwargs:
            kwargs["widget"] = SafeAutocompleteSelect(
                db_field, self.admin_site, using=kwargs.get("using")
            )
        return super().formfield_for_foreignkey(db_field, request, **kwargs)


admin.site.unregister(Group)
admin.site.register(Group, SafeGroupAdmin)


admin.site.register(Progress)
admin.site.register(PracticeAnswer)
