"""Names and instructions shown to candidates exist in every language of the site."""

from modeltranslation.translator import TranslationOptions, register

from .models import Exam


@register(Exam)
class ExamTranslationOptions(TranslationOptions):
    fields = ("name", "instructions")
