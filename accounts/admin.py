from django.contrib import admin

from .models import EmailAddress


@admin.register(EmailAddress)
class EmailAddressAdmin(admin.ModelAdmin):
    list_display = ["email", "user", "verified_at"]
    search_fields = ["email", "user__username"]
    list_filter = [("verified_at", admin.EmptyFieldListFilter)]
    raw_id_fields = ["user"]
