from __future__ import annotations

from typing import Any

from django.apps import AppConfig
from django.core.management import call_command
from django.db.models.signals import post_migrate
from django.utils.translation import gettext_lazy as _


def create_cache_table(*, using: str = "default", **kwargs: Any) -> None:
    """Every ``migrate`` also creates the database cache's table (when that is the cache)."""
    call_command("createcachetable", database=using, verbosity=0)


class ThrottlingConfig(AppConfig):
    name = "throttling"
    verbose_name = _("Limits")

    def ready(self) -> None:
        post_migrate.connect(create_cache_table, sender=self)
