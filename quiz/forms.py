"""Forms: the answer to a scenario (one kind per ask), self-test set-up, sign-up."""

from __future__ import annotations

from typing import Any

from django import forms
from django.conf import settings
from django.core.exceptions import ValidationError
from django.utils.functional import lazy
from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy as _

from quiz import asks
from quiz.explain import ball_label
from quiz.models import Difficulty, Scenario, SelfTest, Topic
from quiz.numbers import format_number

CHOOSE_ONE = _("Choose one answer.")


class AnswerForm(forms.Form):
    """The reader's answer to one scenario; its fields follow what the scenario asks.

    ``AnswerForm(scenario=s, data=request.POST or None, prefix=None)``; once
    valid, ``form.answer`` is a JSON-able dict that :func:`quiz.grading.grade`
    reads. The hidden ``scenario`` field catches an answer meant for another
    question.
    """

    scenario = forms.IntegerField(widget=forms.HiddenInput)

    def __init__(self, *args: Any, scenario: Scenario, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.scenario_object = scenario
        self.fields["scenario"].initial = scenario.pk
        self.fields["scenario"].error_messages = {
            "required": _("This answer does not say which question it belongs to."),
            "invalid": _("This answer does not say which question it belongs to."),
        }
        for name in asks.field_names(ask=scenario.ask, ask_ball=scenario.ask_ball):
            self._add_field(name, scenario)

    def _add_field(self, name: str, scenario: Scenario) -> None:
        label = asks.FIELD_LABELS[name]
        errors = {"required": CHOOSE_ONE, "invalid_choice": _("That is not one of the choices.")}
        case = scenario.case
        if name == "legal":
            field: forms.Field = forms.ChoiceField(
                choices=asks.legal_choices(), widget=forms.RadioSelect
            )
        elif name == "penalty":
            field = forms.TypedChoiceField(
                choices=asks.penalty_choices(), coerce=int, widget=forms.RadioSelect
            )
        elif name == "points":
            self._add_points_fields(case, errors)
            return
        elif name == "calls":
            field = forms.MultipleChoiceField(
                choices=asks.call_choices(),
                widget=forms.CheckboxSelectMultiple,
                required=False,
                help_text=_("Tick every call the referee makes; none is an answer too."),
            )
        elif name == "next_striker":
            field = forms.ChoiceField(
                choices=asks.striker_choices(case), widget=forms.RadioSelect
            )
        elif name == "next_options":
            field = forms.MultipleChoiceField(
                choices=asks.option_choices(),
                widget=forms.CheckboxSelectMultiple,
                required=False,
                help_text=_("Tick every choice the next player has."),
            )
        elif name == "ball_on":
            field = forms.ChoiceField(choices=asks.ball_on_choices(), widget=forms.RadioSelect)
        elif name == "respot":
            # The form may ask about one ball among several questions: say which.
            label = format_lazy(
                _("{ball} — re-spotted on"), ball=lazy(ball_label, str)(scenario.ask_ball)
            )
            field = forms.ChoiceField(
                choices=asks.respot_choices(),
                widget=forms.RadioSelect(attrs={"data-respot": scenario.ask_ball}),
                help_text=_("Choose the spot, or click it on the diagram."),
            )
        else:  # pragma: no cover - FIELDS_BY_ASK and this method move together
            raise ValueError(f"unknown answer field {name!r}")
        field.label = label
        field.error_messages.update(errors)
        self.fields[name] = field

    def _add_points_fields(self, case: Any, errors: dict[str, Any]) -> None:
        """The points asked for are two fields: which side scores, and how many."""
        self.fields["points_side"] = forms.ChoiceField(
            label=_("Which side scores"),
            choices=asks.side_choices(case),
            widget=forms.RadioSelect,
            error_messages=errors,
        )
        self.fields["points_amount"] = forms.IntegerField(
            label=_("How many points"),
            min_value=1,
            max_value=147,
            required=False,
            # A text box, so that a reader in Persian may type Persian digits
            # (int() reads them).
            widget=forms.TextInput(attrs={"inputmode": "numeric", "autocomplete": "off"}),
            error_messages={"invalid": _("Enter a whole number of points.")},
        )

    def clean_scenario(self) -> int:
        value = self.cleaned_data["scenario"]
        if value != self.scenario_object.pk:
            raise forms.ValidationError(
                _("This answer belongs to another question. Answer the question shown here."),
                code="other_scenario",
            )
        return value

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean()
        if "points_side" in self.fields:
            side = cleaned.get("points_side")
            amount = cleaned.get("points_amount")
            scores = side and side != asks.NOBODY
            if scores and not amount and "points_amount" not in self.errors:
                self.add_error("points_amount", _("Say how many points that side scores."))
            elif side == asks.NOBODY and amount:
                self.add_error("points_amount", _("Nobody scores: leave the points empty."))
        return cleaned

    @property
    def answer(self) -> dict[str, Any]:
        """The answer as a JSON-able dict, keyed as :mod:`quiz.asks` names the fields."""
        if not self.is_valid():
            raise ValueError("the form is not valid")
        data = self.cleaned_data
        answer: dict[str, Any] = {}
        for name in asks.field_names(
            ask=self.scenario_object.ask, ask_ball=self.scenario_object.ask_ball
        ):
            if name == "legal":
                answer[name] = data[name] == "fair"
            elif name == "points":
                side = data["points_side"]
                answer[name] = {} if side == asks.NOBODY else {side: data["points_amount"]}
            elif name in {"calls", "next_options"}:
                answer[name] = sorted(data.get(name) or ())
            else:
                answer[name] = data[name]
        return answer

    @property
    def partial_answer(self) -> dict[str, Any]:
        """What the reader has given so far: every field filled in validly, in ``answer``'s terms.

        An incomplete answer is still the reader's answer: an exam keeps it and grades it as
        it stands (a full decision earns credit for each right field). Empty when the form
        names no question, or another one. A side that scores without its points is kept
        as ``{side: None}``, which no decision equals.
        """
        self.is_valid()
        if self.has_error("scenario"):
            return {}
        data = self.cleaned_data
        answer: dict[str, Any] = {}
        for name in asks.field_names(
            ask=self.scenario_object.ask, ask_ball=self.scenario_object.ask_ball
        ):
            if name == "points":
                side = data.get("points_side")
                if side == asks.NOBODY:
                    answer[name] = {}
                elif side:
                    answer[name] = {side: data.get("points_amount")}
            elif name in {"calls", "next_options"}:
                if name in data:
                    answer[name] = sorted(data[name] or ())
            elif data.get(name) not in (None, ""):
                answer[name] = data[name] == "fair" if name == "legal" else data[name]
        return answer


def answer_initial(answer: dict[str, Any]) -> dict[str, Any]:
    """A saved answer (``AnswerForm.answer``) as the form's field values: its inverse.

    >>> answer_initial({"legal": False, "points": {"B": 4}, "calls": ["foul"]})
    {'legal': 'foul', 'points_side': 'B', 'points_amount': 4, 'calls': ['foul']}
    >>> answer_initial({"points": {}})
    {'points_side': ':nobody'}
    """
    initial: dict[str, Any] = {}
    for name, value in answer.items():
        if name == "legal":
            initial[name] = "fair" if value else "foul"
        elif name == "points":
            if value:
                (side, amount), *_rest = value.items()
                initial["points_side"], initial["points_amount"] = side, amount
            else:
                initial["points_side"] = asks.NOBODY
        elif name == "penalty":
            initial[name] = str(value)
        else:
            initial[name] = value
    return initial


def is_database_id(value: Any) -> bool:
    """Whether ``value`` can be a row's id: decimal digits within any database's integer.

    >>> [is_database_id(v) for v in ("12", "9" * 30, "²", "x", "")]
    [True, False, False, False, False]
    """
    text = str(value)
    return text.isdecimal() and len(text) <= 18


class IdChoiceField(forms.ModelMultipleChoiceField):
    """Ids beyond any database integer are invalid choices, not an ``OverflowError``.

    >>> field = IdChoiceField(queryset=Topic.objects.none())
    >>> try:
    ...     field.clean(["1" * 30])
    ... except ValidationError as error:
    ...     print(error.code)
    invalid_choice
    """

    def _check_values(self, value: Any) -> Any:
        for pk in value:
            text = str(pk)
            if not is_database_id(text):
                raise ValidationError(
                    self.error_messages["invalid_choice"],
                    code="invalid_choice",
                    params={"value": text[:40]},
                )
        return super()._check_values(value)


class SelfTestForm(forms.Form):
    language = forms.ChoiceField(label=_("Language"), choices=settings.LANGUAGES)
    length = forms.TypedChoiceField(
        label=_("Number of questions"),
        choices=[(n, n) for n in SelfTest.LENGTHS],
        coerce=int,
        initial=SelfTest.LENGTHS[0],
        widget=forms.RadioSelect,
    )
    topics = IdChoiceField(
        label=_("Topics"),
        queryset=Topic.objects.none(),
        widget=forms.CheckboxSelectMultiple,
        error_messages={"required": _("Choose at least one topic.")},
    )
    include_families = forms.BooleanField(
        label=_("Include generated situations"),
        required=False,
        help_text=_("New situations of the same kinds, drawn for this test alone."),
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["topics"].queryset = Topic.objects.all()
        self.fields["length"].choices = [(n, format_number(n)) for n in SelfTest.LENGTHS]
        self.fields["language"].choices = [
            (code, _language_name(code)) for code, _name in settings.LANGUAGES
        ]
        self.fields["length"].error_messages["invalid_choice"] = _(
            "Choose one of the lengths offered."
        )


def _language_name(code: str) -> str:
    from django.utils.translation import get_language_info

    return get_language_info(code)["name_local"]


class PracticeFilterForm(forms.Form):
    """How practice picks the next question (the query string: ``?shuffle=1&difficulty=2``).

    ``via`` says where the trainee came from (his review or his mistakes): the
    feedback then leads back there. A forged value is simply ignored.
    """

    VIA = (("review", "review"), ("mistakes", "mistakes"))

    shuffle = forms.BooleanField(label=_("Shuffle"), required=False)
    difficulty = forms.TypedChoiceField(
        label=_("Difficulty"),
        choices=[("", _("any difficulty")), *Difficulty.choices],
        coerce=int,
        empty_value=None,
        required=False,
    )
    via = forms.ChoiceField(choices=VIA, required=False, widget=forms.HiddenInput)

    @property
    def settings(self) -> dict[str, Any]:
        """The valid choices (all empty when the query string is not valid)."""
        data = self.cleaned_data if self.is_valid() else {}
        return {
            "shuffle": bool(data.get("shuffle")),
            "difficulty": data.get("difficulty"),
            "via": data.get("via") or "",
        }

    def query_string(self, *, via: bool = True) -> str:
        """The choices as a query string (``""`` when there are none), to carry along."""
        chosen = self.settings
        parts = []
        if chosen["shuffle"]:
            parts.append("shuffle=1")
        if chosen["difficulty"]:
            parts.append(f"difficulty={chosen['difficulty']}")
        if via and chosen["via"]:
            parts.append(f"via={chosen['via']}")
        return "?" + "&".join(parts) if parts else ""


class EditionForm(forms.Form):
    """The rule-book edition a trainee practises and the local rules he adds on top of it
    (``quiz.editions``); none ticked: the edition alone."""

    edition = forms.ChoiceField(label=_("Rule-book edition"), choices=())
    variants = forms.MultipleChoiceField(
        label=_("Local rules"), choices=(), required=False, widget=forms.CheckboxSelectMultiple
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        from quiz.editions import edition_choices, variant_choices

        super().__init__(*args, **kwargs)
        self.fields["edition"].choices = edition_choices()
        self.fields["variants"].choices = variant_choices()
