from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class CredentialsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "credentials"
    verbose_name = _("Open Badges credentials")

    def ready(self) -> None:
        from exams import signals

        from . import receivers

        signals.certificate_valid.connect(
            receivers.issue_for_valid_certificate, dispatch_uid="credentials-issue"
        )
        signals.certificate_revoked.connect(
            receivers.revoke_with_certificate, dispatch_uid="credentials-revoke"
        )
