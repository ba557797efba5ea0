from django.contrib import admin

from frames.models import Frame, FrameCall, FrameRun


@admin.register(Frame)
class FrameAdmin(admin.ModelAdmin):
    """Frames are loaded by ``load_frames`` (proved by the engine); here they are read and
    published or withdrawn, never edited."""

    list_display = ("slug", "order", "ruleset", "stroke_count", "positions_count", "published")
    list_filter = ("published", "ruleset")
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
    list_filter = ("frame",)
    readonly_fields = ("frame", "user", "position", "scores", "started_at", "finished_at")
    inlines = [FrameCallInline]

    def has_add_permission(self, request: object) -> bool:
        return False
