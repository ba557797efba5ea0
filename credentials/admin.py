from django.contrib import admin

from .models import Credential, IssuerProfile, RenewalReminder, SigningKey


@admin.register(IssuerProfile)
class IssuerProfileAdmin(admin.ModelAdmin):
    list_display = ("federation", "url", "email")


@admin.register(SigningKey)
class SigningKeyAdmin(admin.ModelAdmin):
    """Keys are made and rotated by ``manage.py make_signing_key``, never typed in."""

    list_display = ("kid", "federation", "created_at", "retired_at")
    list_filter = ("federation",)
    exclude = ("private_key_encrypted",)
    readonly_fields = ("federation", "kid", "public_jwk", "created_at", "retired_at")

    def has_add_permission(self, request):  # noqa: ANN001, ANN201 - Django's signature
        return False


class ReadOnlyAdmin(admin.ModelAdmin):
    """Shown, never typed in: issuing, revoking and reminding are the services' work
    (``exams.services`` and the ``send_renewal_reminders`` command), which keep the signed
    credential, its status-list bit and the certificate in step."""

    def has_add_permission(self, request):  # noqa: ANN001, ANN201 - Django's signature
        return False

    def has_change_permission(self, request, obj=None):  # noqa: ANN001, ANN201
        return False


@admin.register(Credential)
class CredentialAdmin(ReadOnlyAdmin):
    list_display = ("uuid", "certificate", "issued_at", "valid_until", "revoked_at")
    list_filter = ("federation",)
    search_fields = ("certificate__code", "certificate__holder_name", "uuid")
    readonly_fields = ("uuid", "certificate", "federation", "key", "subject_uuid", "status_list",
                       "status_index", "issued_at", "valid_until", "jws", "revoked_at")


@admin.register(RenewalReminder)
class RenewalReminderAdmin(ReadOnlyAdmin):
    list_display = ("certificate", "days_before", "sent_at")
