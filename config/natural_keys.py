"""Rows named by a natural key, so that fixtures load into any database."""

from typing import Any

from django.db import models


class NaturalKeyManager(models.Manager):
    """Finds a row by its natural key: the values of ``lookups``, in their order.

    Fixtures name rows by these keys, so a demo federation loads into any database.
    """

    def __init__(self, *lookups: str) -> None:
        super().__init__()
        self.lookups = lookups

    def get_by_natural_key(self, *key: Any) -> models.Model:
        return self.get(**dict(zip(self.lookups, key, strict=True)))
