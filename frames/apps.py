from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class FramesConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "frames"
    verbose_name = _("Referee a frame")
