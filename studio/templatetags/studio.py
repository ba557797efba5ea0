"""``{% load studio %}``: whether the signed-in user may open the scenario studio."""

from __future__ import annotations

from typing import Any

from django import template

from studio import selectors

register = template.Library()


@register.simple_tag
def may_author(user: Any) -> bool:
    """``{% may_author user as studio_ok %}``: staff and authors (``studio.selectors``)."""
    return selectors.may_author(user=user)
