"""A federation's name exists in every language of the site."""

from modeltranslation.translator import TranslationOptions, register

from .models import Federation


@register(Federation)
class FederationTranslationOptions(TranslationOptions):
    fields = ("name",)
