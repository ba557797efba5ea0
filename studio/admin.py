"""Staff see the studio's authors, drafts and published versions in the admin."""

from django.contrib import admin

from quiz.admin import SafeAutocomplete
from studio.models import Author, Draft, FamilyDraft, PublishedVersion


@admin.register(Author)
class AuthorAdmin(SafeAutocomplete, admin.ModelAdmin):
    list_display = ("user", "federation", "granted_by", "granted_at")
    list_filter = ("federation",)
    search_fields = ("user__username",)
    autocomplete_fields = ("user",)
    readonly_fields = ("granted_by", "granted_at")

    def save_model(self, request, obj, form, change):
        if not change:
            obj.granted_by = request.user
        super().save_model(request, obj, form, change)


@admin.register(Draft)
class DraftAdmin(admin.ModelAdmin):
    list_display = ("slug", "topic", "audience", "federation", "scenario", "updated_at")
    list_filter = ("audience", "federation", "topic")
    search_fields = ("slug",)
    readonly_fields = ("scenario", "created_by", "created_at", "updated_at")


@admin.register(PublishedVersion)
class PublishedVersionAdmin(admin.ModelAdmin):
    list_display = ("draft", "number", "published_by", "published_at")
    readonly_fields = ("draft", "number", "fixture", "published_by", "published_at")

    def has_add_permission(self, request):
        return False


@admin.register(FamilyDraft)
class FamilyDraftAdmin(admin.ModelAdmin):
    """Families being made in the studio: edited there (its checks), only looked at here."""

    list_display = ("slug", "topic", "audience", "federation", "family", "updated_at")
    list_filter = ("audience", "federation", "topic")
    search_fields = ("slug",)
    readonly_fields = ("draft", "scenario", "family", "created_by", "created_at", "updated_at")

    def has_add_permission(self, request):
        return False
