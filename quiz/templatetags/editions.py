"""Template filters naming rule-book editions: ``{% load editions %}``,
``{{ grade.ruleset|edition_label }}``, ``{{ name|variant_label }}``,
``{{ grade|ruleset_label }}``."""

from __future__ import annotations

from django import template

from quiz import editions

register = template.Library()


@register.filter
def edition_label(name: str) -> str:
    """The edition's name in the reader's language (the seeds' edition when empty)."""
    return str(editions.edition_label(name or editions.DEFAULT_RULESET))


@register.filter
def variant_label(name: str) -> str:
    return str(editions.variant_label(name))


@register.simple_tag
def edition_choices() -> list[tuple[str, str]]:
    """(name, label) of every edition, for the practice edition switch."""
    return editions.edition_choices()


@register.simple_tag
def variant_choices() -> list[tuple[str, str]]:
    """(name, label) of every local variant, for the practice switch."""
    return editions.variant_choices()


@register.filter
def ruleset_label(grade: object) -> str:
    """The edition and local variants that graded ``grade`` (a ``quiz.grading.Grade`` or an
    exam's grade), as one phrase: ``{{ grade|ruleset_label }}``."""
    return editions.ruleset_label(
        getattr(grade, "ruleset", "") or "", getattr(grade, "variants", None) or ()
    )
