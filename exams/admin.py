"""The Django admin for the site's staff; examiners work in the site's own pages."""

from typing import Any

from django.contrib import admin
from modeltranslation.admin import TranslationAdmin

from federations.models import Examiner, Federation
from quiz.admin import SafeAutocomplete

from .models import (
    Answer,
    Attempt,
    AttemptQuestion,
    AuditEvent,
    Certificate,
    Enrolment,
    Exam,
    ExamSection,
    Invitation,
)


class ExaminerInline(SafeAutocomplete, admin.TabularInline):
    model = Examiner
    extra = 0
    autocomplete_fields = ["user"]


@admin.register(Federation)
class FederationAdmin(TranslationAdmin):
    list_display = ["name", "slug"]
    search_fields = ["name", "slug"]
    inlines = [ExaminerInline]


class ExamSectionInline(admin.TabularInline):
    model = ExamSection
    extra = 0


@admin.register(Exam)
class ExamAdmin(TranslationAdmin):
    list_display = ["name", "federation", "opens_at", "closes_at", "pass_mark"]
    list_filter = ["federation"]
    search_fields = ["name", "slug"]
    inlines = [ExamSectionInline]


class InvitationInline(admin.StackedInline):
    """The link's history; the token itself is never stored, its hash never shown."""

    model = Invitation
    fields = ["issued_at", "sent_at", "sent_by", "last_used_at"]
    readonly_fields = fields
    can_delete = False
    extra = 0
    max_num = 0


@admin.register(Enrolment)
class EnrolmentAdmin(admin.ModelAdmin):
    list_display = ["full_name", "email", "exam", "enrolled_at"]
    list_filter = ["exam__federation", "exam"]
    search_fields = ["full_name", "email"]
    raw_id_fields = ["user"]
    inlines = [InvitationInline]


class AttemptQuestionInline(admin.TabularInline):
    model = AttemptQuestion
    extra = 0
    fields = ["position", "scenario", "topic", "ask", "flagged", "score"]
    readonly_fields = fields
    can_delete = False


class MadeByTheSite(admin.ModelAdmin):
    """Rows the exam services make (an attempt, an answer, a certificate): never added by hand.

    Their required columns are read-only here, so an added row could only fail.
    """

    def has_add_permission(self, request: Any, obj: Any = None) -> bool:
        return False


@admin.register(Attempt)
class AttemptAdmin(MadeByTheSite):
    list_display = [
        "enrolment",
        "number",
        "language",
        "started_at",
        "deadline",
        "finished_at",
        "score",
        "passed",
    ]
    list_filter = ["enrolment__exam", "passed", "finished_by"]
    search_fields = ["enrolment__full_name", "enrolment__email"]
    readonly_fields = ["enrolment", "number", "language", "started_at", "deadline",
                       "finished_at", "finished_by", "score", "passed"]
    inlines = [AttemptQuestionInline]


@admin.register(Answer)
class AnswerAdmin(MadeByTheSite):
    list_display = ["question", "saved_at", "revision", "final_at"]
    # final_at too: a frame stroke's final calls are never undone (issue 22)
    readonly_fields = ["attempt", "question", "payload", "saved_at", "revision", "final_at"]


@admin.register(Certificate)
class CertificateAdmin(MadeByTheSite):
    list_display = ["code", "holder_name", "issued_at", "expires_at", "revoked_at"]
    search_fields = ["code", "holder_name"]
    readonly_fields = ["attempt", "code", "holder_name", "language", "issued_at"]


@admin.register(AuditEvent)
class AuditEventAdmin(admin.ModelAdmin):
    list_display = ["at", "federation", "action", "exam", "detail"]
    list_filter = ["federation", "action"]

    def has_change_permission(self, request, obj=None):  # the trail is not rewritten
        return False

    def has_delete_permission(self, request, obj=None):
        return False
