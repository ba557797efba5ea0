from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class QuizConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "quiz"
    verbose_name = _("Quiz")

    def ready(self) -> None:
        from django.db.models.signals import post_delete, post_save

        from .models import Scenario
        from .selectors import forget_practice_situations

        # An exam's family draw must see the practice bank as it is now (quiz.selectors).
        for signal in (post_save, post_delete):
            signal.connect(
                forget_practice_situations, sender=Scenario, dispatch_uid="practice-situations"
            )
