from modeltranslation.translator import TranslationOptions, register

from quiz.models import Scenario, Topic


@register(Topic)
class TopicTranslationOptions(TranslationOptions):
    fields = ("title", "description")


@register(Scenario)
class ScenarioTranslationOptions(TranslationOptions):
    fields = ("title", "narrative", "question", "note")
