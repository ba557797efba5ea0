"""Forms: the frame picker's filters, and the calls a referee makes after a stroke."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from frames.grading import call_choices
from frames.tags import TAGS
from quiz import asks, editions

CHOOSE_ONE = _("Choose one answer.")
ANY = ""


class PickerForm(forms.Form):
    """The picker's filters (a GET form: every field optional, a bad value ignored)."""

    LENGTHS = {"short": (0, 20), "medium": (21, 40), "long": (41, 10_000)}

    topic = forms.ChoiceField(label=_("Topic"), required=False)
    edition = forms.ChoiceField(label=_("Rule-book edition"), required=False)
    length = forms.ChoiceField(
        label=_("Length"),
        required=False,
        choices=[
            (ANY, _("Any length")),
            ("short", _("Short (up to 20 strokes)")),
            ("medium", _("Medium (21 to 40 strokes)")),
            ("long", _("Long (more than 40 strokes)")),
        ],
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["topic"].choices = [(ANY, _("Any topic")), *TAGS.items()]
        self.fields["edition"].choices = [(ANY, _("Any edition")), *editions.edition_choices()]

    @property
    def filters(self) -> dict[str, Any]:
        """The chosen filters (an invalid form filters nothing)."""
        if not self.is_valid():
            return {"topic": ANY, "edition": ANY, "strokes": None}
        length = self.cleaned_data.get("length") or ANY
        return {
            "topic": self.cleaned_data.get("topic") or ANY,
            "edition": self.cleaned_data.get("edition") or ANY,
            "strokes": self.LENGTHS.get(length),
        }


class NewFrameForm(forms.Form):
    """The picker's "A new frame": the edition, the players' style and the length of a frame
    the generator plays for this trainee alone. ``form.options`` is what
    ``services.start_generated_run`` takes."""

    STYLES = {"professional": _("Professional"), "club": _("Club")}
    LENGTHS = {"short": _("Short (20 strokes)"), "long": _("Long (the whole frame)")}

    edition = forms.ChoiceField(label=_("Rule-book edition"))
    style = forms.ChoiceField(label=_("Players"), choices=list(STYLES.items()))
    length = forms.ChoiceField(label=_("Length"), choices=list(LENGTHS.items()))

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("prefix", "new")
        super().__init__(*args, **kwargs)
        self.fields["edition"].choices = editions.edition_choices()

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        # Every field must be one of its choices; a tampered or partial form is refused whole.
        if self.errors or set(data) != {"edition", "style", "length"}:
            raise forms.ValidationError(
                _("Choose an edition, the players and a length for the new frame."),
                code="incomplete",
            )
        return data

    @property
    def options(self) -> dict[str, str]:
        data = self.cleaned_data
        return {"ruleset": data["edition"], "style": data["style"], "length": data["length"]}


class NextChoiceForm(forms.Form):
    """After a foul in a generated frame: the choice the trainee makes for the next player,
    among the decision's options (``options``); the frame goes on from it."""

    choice = forms.ChoiceField(
        label=_("Choose for the next player"),
        widget=forms.RadioSelect,
        error_messages={"required": CHOOSE_ONE, "invalid_choice": CHOOSE_ONE},
    )

    def __init__(self, *args: Any, options: Sequence[str], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        labels = dict(asks.option_choices())
        self.fields["choice"].choices = [(option, labels[option]) for option in options]


class CallForm(forms.Form):
    """What the referee calls after one stroke, and the score he announces.

    ``CallForm(players=…, sides=…, data=request.POST or None)``; once valid, ``form.answer``
    is the JSON-able call that ``frames.grading.grade_stroke`` reads. The hidden ``stroke``
    catches a call sent for another stroke (an old tab, a double submission).
    """

    stroke = forms.IntegerField(widget=forms.HiddenInput)

    def __init__(
        self,
        *args: Any,
        players: tuple[str, ...],
        sides: tuple[str, ...],
        number: int,
        **kwargs: Any,
    ) -> None:
        super().__init__(*args, **kwargs)
        self.number = number
        self.sides = sides
        self.fields["stroke"].initial = number
        self.fields.update(self._call_fields(players))
        for index, side in enumerate(sides):
            self.fields[f"score_{index}"] = self._score_field(side)

    @staticmethod
    def _call_fields(players: tuple[str, ...]) -> dict[str, forms.Field]:
        """The calls: foul or fair, the penalty, the calls, the next player and his options."""
        errors = {"required": CHOOSE_ONE, "invalid_choice": _("That is not one of the choices.")}
        return {
            "legal": forms.ChoiceField(
                label=asks.FIELD_LABELS["legal"],
                choices=asks.legal_choices(),
                widget=forms.RadioSelect,
                error_messages=errors,
            ),
            "penalty": forms.TypedChoiceField(
                label=asks.FIELD_LABELS["penalty"],
                choices=asks.penalty_choices(),
                coerce=int,
                widget=forms.RadioSelect,
                error_messages=errors,
            ),
            "calls": forms.MultipleChoiceField(
                label=asks.FIELD_LABELS["calls"],
                choices=call_choices(),
                required=False,
                widget=forms.CheckboxSelectMultiple,
                error_messages=errors,
                help_text=_("Tick every call the referee makes; none is an answer too."),
            ),
            "next_striker": forms.ChoiceField(
                label=asks.FIELD_LABELS["next_striker"],
                choices=asks.striker_choices({"state": {"players": list(players)}}),
                widget=forms.RadioSelect,
                error_messages=errors,
            ),
            "next_options": forms.MultipleChoiceField(
                label=_("After a foul: what the next player may choose"),
                choices=asks.option_choices(),
                required=False,
                widget=forms.CheckboxSelectMultiple,
                error_messages=errors,
                help_text=_("Tick every choice he has; after a fair stroke, tick none."),
            ),
        }

    @staticmethod
    def _score_field(side: str) -> forms.Field:
        """The score of ``side`` the referee announces after the stroke."""
        return forms.IntegerField(
            label=_("Score of %(side)s after the stroke") % {"side": side},
            min_value=-1000,
            max_value=10_000,
            # A text box, so that a reader in Persian may type Persian digits.
            widget=forms.TextInput(
                attrs={"inputmode": "numeric", "autocomplete": "off", "size": "5"}
            ),
            error_messages={
                "required": _("Enter the score."),
                "invalid": _("Enter a whole number of points."),
            },
        )

    def clean_stroke(self) -> int:
        value = self.cleaned_data["stroke"]
        if value != self.number:
            raise forms.ValidationError(
                _("These calls were for another stroke. Call the stroke shown here."),
                code="other_stroke",
            )
        return value

    @property
    def answer(self) -> dict[str, Any]:
        data = self.cleaned_data
        return {
            "legal": data["legal"],
            "penalty": data["penalty"],
            "calls": sorted(data["calls"]),
            "next_striker": data["next_striker"],
            "next_options": sorted(data["next_options"]),
            "scores": {side: data[f"score_{n}"] for n, side in enumerate(self.sides)},
        }
