"""The family editor's forms: the settings and the facts that vary, and the whole family JSON."""

from __future__ import annotations

import json
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from federations.models import Federation
from quiz.asks import Ask
from quiz.families.spec import AUDIENCES, FACTS, FORMAT, FamilyError
from quiz.families.spec import Family as FamilySpec
from quiz.loading import SLUG
from quiz.models import Difficulty, Family, Topic
from studio import family_facts, selectors
from studio.models import FamilyAudience, FamilyDraft
from studio.services import MAX_BODY

#: The fields a family's JSON may hold (``quiz.families.spec.Family`` and two for authors).
FAMILY_FIELDS = (*FamilySpec.__dataclass_fields__, "description", "format")
REQUIRED = ("slug", "topic", "ask", "difficulty", "case")


def _pool_problem(*, user: Any, audience: str, federation: Federation | None) -> bool:
    pool = selectors.family_pool(audience=audience, federation=federation)
    return not selectors.may_write_pool(user=user, pool=pool)


class FamilyRangesForm(forms.Form):
    """Who the family is for, what it asks, and per fact: whether it varies, and how."""

    topic = forms.ModelChoiceField(label=_("Topic"), queryset=Topic.objects.all())
    asks = forms.MultipleChoiceField(
        label=_("What the trainee answers"), choices=Ask.choices,
        widget=forms.CheckboxSelectMultiple,
        help_text=_("With several, each instance asks one of them."),
    )
    difficulty = forms.TypedChoiceField(
        label=_("Difficulty"), choices=Difficulty.choices, coerce=int
    )
    audience = forms.ChoiceField(label=_("Audience"), choices=FamilyAudience.choices)
    federation = forms.ModelChoiceField(
        label=_("Federation"), queryset=Federation.objects.none(), required=False
    )

    def __init__(self, *args: Any, user: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.user = user
        self.fields["federation"].queryset = selectors.writable_federations(user=user)
        if not user.is_staff:
            self.fields["audience"].choices = [(FamilyAudience.EXAM, FamilyAudience.EXAM.label)]
            self.fields["federation"].required = True
            self.fields["federation"].empty_label = None
        for fact in family_facts.FACTS:
            self.fields[f"vary_{fact.name}"] = forms.BooleanField(
                label=fact.label, required=False
            )
            if fact.kind == "number":
                for end, label in (("low", _("From")), ("high", _("to"))):
                    self.fields[f"{end}_{fact.name}"] = forms.IntegerField(
                        label=label, required=False, min_value=fact.low, max_value=fact.high
                    )
            else:
                self.fields[f"choices_{fact.name}"] = forms.CharField(
                    label=_("Values"), required=False, max_length=300
                )

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean()
        audience, federation = cleaned.get("audience"), cleaned.get("federation")
        if audience and _pool_problem(user=self.user, audience=audience, federation=federation):
            self.add_error("federation", _("You do not write for this pool."))
        varied: dict[str, Any] = {}
        for fact in family_facts.FACTS:
            if not cleaned.get(f"vary_{fact.name}"):
                continue
            spec = self._number(fact) if fact.kind == "number" else self._choices(fact)
            if spec is not None:
                varied[fact.name] = spec
        cleaned["varied"] = varied
        return cleaned

    def _number(self, fact: family_facts.Fact) -> dict[str, Any] | None:
        low, high = self.cleaned_data.get(f"low_{fact.name}"), self.cleaned_data.get(
            f"high_{fact.name}"
        )
        if f"low_{fact.name}" in self.errors or f"high_{fact.name}" in self.errors:
            return None
        if low is None or high is None:
            self.add_error(f"low_{fact.name}", _("Give both ends of the range."))
            return None
        if low >= high:
            self.add_error(f"low_{fact.name}", _("The first end must be below the second."))
            return None
        return {"range": [low, high]}

    def _choices(self, fact: family_facts.Fact) -> dict[str, Any] | None:
        text = self.cleaned_data.get(f"choices_{fact.name}") or ""
        try:
            return {"choice": family_facts.parse_choices(fact, text)}
        except family_facts.ChoiceError as error:
            if error.args:
                message = _("“%(value)s” is not a value of this fact. Use: %(values)s.") % {
                    "value": error.args[0],
                    "values": ", ".join(family_facts.written(fact, v) for v in fact.values),
                }
            else:
                message = _("Give at least two different values, separated by commas.")
            self.add_error(f"choices_{fact.name}", message)
            return None

    def fact_rows(self, *, template: dict[str, Any]) -> list[dict[str, Any]]:
        """Per fact: its label, the template's value, and its fields."""
        rows = []
        for fact in family_facts.FACTS:
            value = family_facts.value_at(template, fact.path)
            rows.append({
                "fact": fact,
                "vary": self[f"vary_{fact.name}"],
                "ends": [self[f"{end}_{fact.name}"] for end in ("low", "high")]
                if fact.kind == "number" else [],
                "choices": self[f"choices_{fact.name}"] if fact.kind != "number" else None,
                "value": "" if family_facts.varies(template, fact) or value is None
                else family_facts.written(fact, value),
                "stated": value is not None,
            })
        return rows


def initial_ranges(family_draft: FamilyDraft) -> dict[str, Any]:
    """The ranges form as the family stands: its settings, and each fact's parameter (or a
    suggestion starting from the case's own value)."""
    spec = family_draft.spec
    template = spec.get("case") or {}
    parameters = spec.get("parameters") or {}
    initial: dict[str, Any] = {
        "topic": family_draft.topic_id, "asks": list(family_draft.asks),
        "difficulty": family_draft.difficulty, "audience": family_draft.audience,
        "federation": family_draft.federation_id,
    }
    for fact in family_facts.FACTS:
        varied = family_facts.varies(template, fact)
        parameter = parameters.get(fact.name) if varied else None
        initial[f"vary_{fact.name}"] = varied
        value = family_facts.value_at(template, fact.path)
        if fact.kind == "number":
            low, high = fact.suggested
            if isinstance(parameter, dict) and isinstance(parameter.get("range"), list):
                low, high = (parameter["range"] + [None, None])[:2]
            elif isinstance(value, int):
                low = value
            initial[f"low_{fact.name}"], initial[f"high_{fact.name}"] = low, high
        elif isinstance(parameter, dict) and isinstance(parameter.get("choice"), list):
            initial[f"choices_{fact.name}"] = ", ".join(
                family_facts.written(fact, item) for item in parameter["choice"]
            )
        else:
            initial[f"choices_{fact.name}"] = fact.suggested
    return initial


class FamilyJsonForm(forms.Form):
    """The whole family as JSON: for constraints, position recipes and anything else the
    format says (docs/families.md); read as the fixtures are read."""

    family = forms.CharField(
        label=_("The family in JSON"), widget=forms.Textarea(attrs={"rows": 24, "dir": "ltr"}),
        max_length=MAX_BODY,
    )

    def __init__(self, *args: Any, user: Any, family_draft: FamilyDraft, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.user = user
        self.family_draft = family_draft

    def clean_family(self) -> dict[str, Any]:
        try:
            data = json.loads(self.cleaned_data["family"])
        except (ValueError, RecursionError):
            raise forms.ValidationError(
                _("This is not JSON: check the brackets, commas and quotes.")
            ) from None
        if not isinstance(data, dict):
            raise forms.ValidationError(_("A family is a JSON object: { … }."))
        # Left out, the audience stays what it was (the format's default would be practice).
        data.setdefault("audience", self.family_draft.audience)
        errors = self._field_errors(data)
        if not errors:
            try:
                FamilySpec.from_dict(data)
            except (FamilyError, TypeError, ValueError) as error:
                errors.append(forms.ValidationError(
                    _("The family cannot be read: %(detail)s"), params={"detail": error}
                ))
        if errors:
            raise forms.ValidationError(errors)
        return data

    def _field_errors(self, data: dict[str, Any]) -> list[forms.ValidationError]:
        def error(field: str, message: Any) -> forms.ValidationError:
            return forms.ValidationError("%(field)s: %(message)s",
                                         params={"field": field, "message": message})

        found = [error(name, _("is required.")) for name in REQUIRED if name not in data]
        found += [error(name, _("is not a field of a family."))
                  for name in data if name not in FAMILY_FIELDS]
        if data.get("format", FORMAT) != FORMAT:
            found.append(error("format", _("must be %(format)s.") % {"format": FORMAT}))
        slug = data.get("slug")
        if "slug" in data and not (isinstance(slug, str) and SLUG.match(slug) and len(slug) <= 80):
            found.append(error("slug", _("Use only letters, digits, hyphens and underscores.")))
        elif isinstance(slug, str) and self._slug_problem(slug):
            found.append(error("slug", self._slug_problem(slug)))
        if "topic" in data and not (
            isinstance(data["topic"], str) and Topic.objects.filter(slug=data["topic"]).exists()
        ):
            found.append(error("topic", _("is not a topic of the site.")))
        asks = data.get("ask")
        if "ask" in data and not (isinstance(asks, list) and asks
                                  and all(ask in Ask.values for ask in asks)):
            found.append(error("ask", _("must list kinds of question: %(kinds)s.")
                               % {"kinds": ", ".join(Ask.values)}))
        if "difficulty" in data and data["difficulty"] not in Difficulty.values:
            found.append(error("difficulty", _("must be 1, 2 or 3.")))
        found += self._pool_errors(data, error)
        for name, kind in (("parameters", dict), ("case", dict), ("constraints", list),
                           ("states", list)):
            if name in data and not isinstance(data[name], kind):
                found.append(error(name, _("must be an object.") if kind is dict
                                   else _("must be a list.")))
        if isinstance(data.get("states"), list) and set(map(str, data["states"])) - set(FACTS):
            found.append(error("states", _("may name only these facts: %(facts)s.")
                               % {"facts": ", ".join(FACTS)}))
        if isinstance(data.get("case"), dict) and "expect" in data["case"]:
            found.append(error("case", _("must not hold an expect block: the engine decides.")))
        return found

    def _pool_errors(self, data: dict[str, Any], error: Any) -> list[forms.ValidationError]:
        audience = data.get("audience", "practice")
        if audience not in AUDIENCES:
            return [error("audience", _("must be one of %(values)s.")
                          % {"values": ", ".join(AUDIENCES)})]
        if _pool_problem(user=self.user, audience=audience,
                         federation=self.family_draft.federation):
            return [error("audience", _("You do not write for this pool."))]
        return []

    def _slug_problem(self, slug: str) -> Any:
        draft = self.family_draft
        if draft.family_id is not None:
            return _("A published family keeps its short name.") if slug != draft.slug else None
        if (FamilyDraft.objects.filter(slug=slug).exclude(pk=draft.pk).exists()
                or Family.objects.filter(slug=slug).exists()):
            return _("Another family already has this short name.")
        return None
