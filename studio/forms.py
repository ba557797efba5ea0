"""The studio's forms: a new draft, the editor, importing a fixture, granting the role."""

from __future__ import annotations

import json
from typing import Any

from django import forms
from django.conf import settings
from django.contrib.auth import get_user_model
from django.utils.translation import gettext_lazy as _

import rules_engine
from exams.selectors import federations_languages
from federations.models import Federation
from quiz.asks import Ask
from quiz.explain import ball_label
from quiz.loading import SLUG
from quiz.models import Audience, Difficulty, Topic
from studio import selectors
from studio.services import MAX_BODY, WORD_FIELDS, slug_taken

#: Largest fixture file an author may import.
MAX_IMPORT = 2 * 1024 * 1024

WORD_LABELS = {
    "title": _("Title"),
    "narrative": _("What happened"),
    "question": _("Question"),
    "note": _("Note (optional)"),
}


def language_names() -> dict[str, str]:
    from django.utils.translation import get_language_info

    return {code: get_language_info(code)["name_local"] for code, _name in settings.LANGUAGES}


class PoolFields(forms.Form):
    """Where the scenario goes: limited to the pools the user writes for."""

    audience = forms.ChoiceField(label=_("Audience"), choices=Audience.choices)
    federation = forms.ModelChoiceField(
        label=_("Federation"), queryset=Federation.objects.none(), required=False,
        empty_label=_("Shared exam pool (every federation)"),
    )

    def __init__(self, *args: Any, user: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.user = user
        self.fields["federation"].queryset = selectors.writable_federations(user=user)
        if not user.is_staff:
            self.fields["audience"].choices = [(Audience.EXAM, Audience.EXAM.label)]
            self.fields["federation"].required = True
            self.fields["federation"].empty_label = None

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean()
        audience = cleaned.get("audience")
        federation = cleaned.get("federation")
        if audience == Audience.PRACTICE:
            cleaned["federation"] = federation = None
        if audience and not selectors.may_write_pool(
            user=self.user, pool=selectors.Pool(audience=audience, federation=federation)
        ):
            self.add_error("federation", _("You do not write for this pool."))
        return cleaned


class NewDraftForm(PoolFields):
    slug = forms.CharField(
        label=_("Short name"), max_length=120,
        help_text=_("Letters, digits and hyphens; it names the scenario in every language."),
    )
    topic = forms.ModelChoiceField(label=_("Topic"), queryset=Topic.objects.all())

    field_order = ["slug", "topic", "audience", "federation"]

    def clean_slug(self) -> str:
        slug = self.cleaned_data["slug"].strip()
        if not SLUG.match(slug):
            raise forms.ValidationError(_("Use only letters, digits, hyphens and underscores."))
        if slug_taken(slug=slug):
            raise forms.ValidationError(_("Another scenario already has this short name."))
        return slug


class DraftForm(PoolFields):
    """The editor: the case (built on the page), the question's settings and its words."""

    slug = forms.CharField(label=_("Short name"), max_length=120)
    topic = forms.ModelChoiceField(label=_("Topic"), queryset=Topic.objects.all())
    difficulty = forms.TypedChoiceField(
        label=_("Difficulty"), choices=Difficulty.choices, coerce=int
    )
    ask = forms.ChoiceField(label=_("What the trainee answers"), choices=Ask.choices)
    ask_ball = forms.ChoiceField(label=_("Colour whose re-spot is asked"), required=False)
    case = forms.CharField(widget=forms.HiddenInput, max_length=MAX_BODY)

    def __init__(self, *args: Any, draft: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.draft = draft
        self.fields["ask_ball"].choices = [("", "—")] + [
            (colour, ball_label(colour)) for colour in rules_engine.COLOURS
        ]
        if draft.scenario_id:
            self.fields["slug"].disabled = True
        for code in language_names():
            for name in WORD_FIELDS:
                widget = forms.TextInput if name == "title" else forms.Textarea(attrs={"rows": 3})
                self.fields[f"{name}_{code}"] = forms.CharField(
                    label=WORD_LABELS[name], required=False, widget=widget,
                    max_length=200 if name == "title" else 5000,
                )

    def clean_slug(self) -> str:
        slug = self.cleaned_data["slug"].strip()
        if not SLUG.match(slug):
            raise forms.ValidationError(_("Use only letters, digits, hyphens and underscores."))
        if slug_taken(slug=slug, draft=self.draft):
            raise forms.ValidationError(_("Another scenario already has this short name."))
        return slug

    def clean_case(self) -> dict[str, Any]:
        try:
            case = json.loads(self.cleaned_data["case"])
        except ValueError:
            raise forms.ValidationError(_("The table and the stroke could not be read.")) from None
        if not isinstance(case, dict):
            raise forms.ValidationError(_("The table and the stroke could not be read."))
        return case

    def words(self) -> dict[str, dict[str, str]]:
        return {
            code: {name: self.cleaned_data.get(f"{name}_{code}", "") for name in WORD_FIELDS}
            for code in language_names()
        }

    def language_tabs(self, *, needed: list[str]) -> list[dict[str, Any]]:
        """Per language: its name, its fields, whether title, narrative and question are set,
        and whether the pool needs it (``needed``: :func:`studio.services.pool_languages`)."""
        tabs = []
        for code, name in language_names().items():
            fields = [self[f"{field}_{code}"] for field in WORD_FIELDS]
            values = [str(bound.value() or "").strip() for bound in fields[:3]]
            tabs.append({
                "code": code, "name": name, "fields": fields, "complete": all(values),
                "needed": code in needed, "started": any(values),
            })
        return tabs

    def pools_languages(self) -> dict[str, list[str]]:
        """The languages each pool the author may choose needs: ``practice``, ``shared``
        (the shared exam pool) and each federation's id (the editor follows the choice)."""
        every = list(language_names())
        federations = [federation.pk for federation in self.fields["federation"].queryset]
        pools = {"practice": every, "shared": every}
        for pk, codes in federations_languages(federations=federations).items():
            pools[str(pk)] = codes
        return pools


class ImportForm(forms.Form):
    file = forms.FileField(label=_("Fixture file (JSON)"))

    def clean_file(self) -> Any:
        upload = self.cleaned_data["file"]
        if upload.size > MAX_IMPORT:
            raise forms.ValidationError(_("The file is too large."))
        return upload


class GrantAuthorForm(forms.Form):
    username = forms.CharField(label=_("User name"), max_length=150)
    federation = forms.ModelChoiceField(
        label=_("Federation"), queryset=Federation.objects.none(), empty_label=None
    )

    def __init__(self, *args: Any, user: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.granter = user
        self.fields["federation"].queryset = selectors.granting_federations(user=user)

    def clean_username(self) -> Any:
        user = get_user_model().objects.filter(
            username=self.cleaned_data["username"].strip(), is_active=True
        ).first()
        if user is None:
            raise forms.ValidationError(_("There is no active user with this name."))
        # Anyone may be invited: he becomes an author (and leaves another federation's
        # authors) only if he accepts.
        return user
