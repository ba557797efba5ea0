from collections.abc import Iterator
from typing import Any

from django.contrib import admin
from django.db.models import QuerySet
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from frames.models import Frame, FrameCall, FrameRun
from frames.titles import frame_title


class FrameSource(admin.SimpleListFilter):
    """The bank's frames, or those generated for one run ("A new frame"), or all. The bank by
    default: every generated frame is a row, and they would bury the bank's few dozen."""

    title = _("source")
    parameter_name = "source"
    #: The lookup, from the listed model, of a frame's generation seed (None: a bank frame).
    seed = "generated_seed"
    default = "bank"

    def lookups(self, request: Any, model_admin: Any) -> list[tuple[str, Any]]:
        return [
            ("bank", _("the bank's frames")),
            ("generated", _("generated for a run")),
            ("all", _("all")),
        ]

    def chosen(self) -> str:
        value = self.value()
        return value if value in {"bank", "generated", "all"} else self.default

    def choices(self, changelist: Any) -> Iterator[dict[str, Any]]:
        for value, label in self.lookup_choices:
            yield {
                "selected": self.chosen() == value,
                "query_string": changelist.get_query_string({self.parameter_name: value}),
                "display": label,
            }

    def queryset(self, request: Any, queryset: QuerySet) -> QuerySet:
        chosen = self.chosen()
        if chosen == "all":
            return queryset
        return queryset.filter(**{f"{self.seed}__isnull": chosen == "bank"})


class RunFrameSource(FrameSource):
    """Runs by their frame's source; all runs by default (a run on a generated frame is a
    trainee's run as any other)."""

    seed = "frame__generated_seed"
    default = "all"


class BankFrameFilter(admin.RelatedFieldListFilter):
    """Runs by frame, the bank's frames only: a generated frame has its one run."""

    def field_choices(self, field: Any, request: Any, model_admin: Any) -> list:
        return field.get_choices(
            include_blank=False,
            limit_choices_to={"generated_seed__isnull": True},
            ordering=self.field_admin_ordering(field, request, model_admin),
        )


@admin.register(Frame)
class FrameAdmin(admin.ModelAdmin):
    """Frames are loaded by ``load_frames`` (proved by the engine); here they are read and
    published or withdrawn, never edited."""

    list_display = (
        "slug", "title", "order", "ruleset", "stroke_count", "positions_count", "published",
    )  # fmt: skip
    list_filter = (FrameSource, "published", "ruleset")
    search_fields = ("slug",)
    fields = (
        "slug",
        "order",
        "ruleset",
        "variants",
        "stroke_count",
        "positions_count",
        "tags",
        "published",
        "loaded_at",
    )
    readonly_fields = (
        "slug",
        "order",
        "ruleset",
        "variants",
        "stroke_count",
        "positions_count",
        "tags",
        "loaded_at",
    )

    def has_add_permission(self, request: object) -> bool:
        return False

    # In context: the project's "title" without one is a heading's (Russian «заголовок»).
    @admin.display(description=pgettext_lazy("frame bank", "title"))
    def title(self, frame: Frame) -> str:
        return frame_title(frame)


class FrameCallInline(admin.TabularInline):
    model = FrameCall
    extra = 0
    can_delete = False
    readonly_fields = ("number", "answer", "parts", "score", "engine_version", "answered_at")

    def has_add_permission(self, request: object, obj: object = None) -> bool:
        return False


@admin.register(FrameRun)
class FrameRunAdmin(admin.ModelAdmin):
    list_display = ("id", "frame", "user", "position", "started_at", "finished_at")
    list_filter = (RunFrameSource, ("frame", BankFrameFilter))
    readonly_fields = ("frame", "user", "position", "scores", "started_at", "finished_at")
    inlines = [FrameCallInline]

    def has_add_permission(self, request: object) -> bool:
        return False
