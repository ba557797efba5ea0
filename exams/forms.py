"""Forms: the exam and its sections, enrolment (one or by CSV), starting, revoking, verifying."""

from __future__ import annotations

import csv
import io
from collections import Counter
from typing import Any

from django import forms
from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.validators import validate_email
from django.utils.translation import get_language_info
from django.utils.translation import gettext_lazy as _

from quiz.models import Scenario
from quiz.numbers import format_number

from .models import Enrolment, Exam, ExamSection

LANGUAGE_CODES = [code for code, _name in settings.LANGUAGES]
DATETIME_FORMAT = "%Y-%m-%dT%H:%M"
#: A national exam's roll fits; a mistaken upload of something else does not.
MAX_CSV_BYTES = 1_000_000
MAX_CSV_ROWS = 5000


def language_choices(codes: list[str]) -> list[tuple[str, str]]:
    """Each language named in itself, as a candidate looks for it."""
    return [(code, get_language_info(code)["name_local"]) for code in codes]


class DateTimeInput(forms.DateTimeInput):
    input_type = "datetime-local"

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(format=DATETIME_FORMAT, **kwargs)


class ExamForm(forms.ModelForm):
    """The exam's definition; names in every language, instructions in all or none."""

    languages = forms.MultipleChoiceField(
        label=_("Languages a candidate may choose"),
        choices=language_choices(LANGUAGE_CODES),
        widget=forms.CheckboxSelectMultiple,
        error_messages={"required": _("Choose at least one language.")},
    )

    class Meta:
        model = Exam
        fields = [
            "slug",
            *(f"name_{code}" for code in LANGUAGE_CODES),
            *(f"instructions_{code}" for code in LANGUAGE_CODES),
            "time_limit",
            "opens_at",
            "closes_at",
            "pass_mark",
            "attempts_allowed",
            "waiting_hours",
            "languages",
            "review",
            "review_from",
            "certificate_months",
        ]
        widgets = {
            "opens_at": DateTimeInput(),
            "closes_at": DateTimeInput(),
            # dir="auto": a Persian name reads right to left whatever the page's language
            **{f"name_{code}": forms.TextInput(attrs={"dir": "auto"}) for code in LANGUAGE_CODES},
            **{
                f"instructions_{code}": forms.Textarea(attrs={"rows": 3, "dir": "auto"})
                for code in LANGUAGE_CODES
            },
        }
        help_texts = {
            "opens_at": _("Coordinated Universal Time (UTC)."),
            "closes_at": _("Coordinated Universal Time (UTC). No attempt runs past it."),
        }

    def __init__(self, *args: Any, federation: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.federation = federation
        self.instance.federation = federation
        for code in LANGUAGE_CODES:
            name = self.fields[f"name_{code}"]
            name.required = True
            name.label = _("Name (%(language)s)") % {"language": _language_name(code)}
            self.fields[f"instructions_{code}"].label = _("Instructions (%(language)s)") % {
                "language": _language_name(code)
            }
        for name in ("opens_at", "closes_at"):
            self.fields[name].input_formats = [
                DATETIME_FORMAT,
                "%Y-%m-%d %H:%M",
                "%Y-%m-%d %H:%M:%S",
            ]

    def clean_slug(self) -> str:
        slug = self.cleaned_data["slug"]
        others = Exam.objects.filter(federation=self.federation, slug=slug).exclude(
            pk=self.instance.pk
        )
        if others.exists():
            raise ValidationError(_("Another exam of your federation already has this short name."))
        return slug

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean()
        opens, closes = cleaned.get("opens_at"), cleaned.get("closes_at")
        if opens and closes and closes <= opens:
            self.add_error("closes_at", _("The exam must close after it opens."))
        given = [
            code for code in LANGUAGE_CODES if (cleaned.get(f"instructions_{code}") or "").strip()
        ]
        if given and len(given) < len(LANGUAGE_CODES):
            for code in LANGUAGE_CODES:
                if code not in given:
                    self.add_error(
                        f"instructions_{code}",
                        _("Write the instructions in every language, or in none."),
                    )
        return cleaned


def _language_name(code: str) -> str:
    from django.utils.translation import gettext

    return gettext(get_language_info(code)["name"])


class SectionForm(forms.ModelForm):
    class Meta:
        model = ExamSection
        fields = ["order", "topic", "question_count"]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["topic"].empty_label = _("every topic")


class BaseSectionFormSet(forms.BaseInlineFormSet):
    """The sections together must fit in the published bank."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # Empty rows are numbered after the saved sections, so that the order reads right.
        saved = len(self.get_queryset()) if self.instance.pk else 0
        self.initial_extra = [{"order": saved + n} for n in range(1, self.extra + 1)]

    def clean(self) -> None:
        super().clean()
        if any(self.errors):
            return
        sections = [
            form.cleaned_data
            for form in self.forms
            if form.cleaned_data and not form.cleaned_data.get("DELETE")
        ]
        if not sections:
            raise ValidationError(_("Add at least one section of questions."))
        published = Scenario.objects.filter(published=True)
        wanted_by_topic = Counter(
            section["topic"] for section in sections if section.get("topic") is not None
        )
        for topic, wanted in wanted_by_topic.items():
            available = published.filter(topic=topic).count()
            if wanted > available:
                raise ValidationError(
                    _(
                        "The sections ask for %(wanted)s questions on “%(topic)s”; "
                        "the bank has %(available)s."
                    )
                    % {
                        "wanted": format_number(wanted),
                        "topic": topic,
                        "available": format_number(available),
                    }
                )
        total = sum(section["question_count"] for section in sections)
        available = published.count()
        if total > available:
            raise ValidationError(
                _("The sections ask for %(wanted)s questions in all; the bank has %(available)s.")
                % {"wanted": format_number(total), "available": format_number(available)}
            )


SectionFormSet = forms.inlineformset_factory(
    Exam,
    ExamSection,
    form=SectionForm,
    formset=BaseSectionFormSet,
    extra=2,
    can_delete=True,
)


class ExamBoundForm(forms.Form):
    """A form about one exam, which its checks need."""

    def __init__(self, *args: Any, exam: Exam, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.exam = exam


class EnrolForm(ExamBoundForm):
    # CharField strips spaces, so a name of spaces only is a missing name.
    full_name = forms.CharField(
        label=_("Full name (as on the certificate)"),
        max_length=200,
        error_messages={"required": _("Enter the candidate's full name.")},
    )
    email = forms.EmailField(label=_("Email"))

    def clean_email(self) -> str:
        email = self.cleaned_data["email"].strip().lower()
        if Enrolment.objects.filter(exam=self.exam, email=email).exists():
            raise ValidationError(_("This candidate is already enrolled in this exam."))
        return email


class EnrolmentCSVForm(ExamBoundForm):
    """A CSV roll with the columns ``full_name`` and ``email``.

    Any bad row stops the whole import.
    """

    file = forms.FileField(
        label=_("CSV file"),
        help_text=_("UTF-8, one candidate per row, with a header row: full_name,email"),
    )

    def clean_file(self) -> list[dict[str, str]]:
        upload = self.cleaned_data["file"]
        if upload.size > MAX_CSV_BYTES:
            raise ValidationError(_("The file is too large (at most 1 MB)."))
        try:
            text = upload.read().decode("utf-8-sig")
        except UnicodeDecodeError as error:
            raise ValidationError(
                _("The file is not UTF-8 text. Save it as “CSV UTF-8”.")
            ) from error
        return parse_roll(text, exam=self.exam)


def parse_roll(text: str, *, exam: Exam) -> list[dict[str, str]]:
    """The rows of a CSV roll, or a ValidationError listing every bad row by its line."""
    text = text.lstrip("\ufeff")
    try:
        dialect = csv.Sniffer().sniff(text[:2048], delimiters=",;\t")
    except csv.Error:
        dialect = csv.excel
    reader = csv.DictReader(io.StringIO(text), dialect=dialect)
    headers = [(name or "").strip().lower() for name in (reader.fieldnames or [])]
    if "full_name" not in headers or "email" not in headers:
        raise ValidationError(_("The first row must name the columns full_name and email."))
    reader.fieldnames = headers
    already = set(Enrolment.objects.filter(exam=exam).values_list("email", flat=True))
    rows: list[dict[str, str]] = []
    errors: list[str] = []
    seen: dict[str, int] = {}
    for row in reader:
        line = reader.line_num
        full_name = (row.get("full_name") or "").strip()
        email = (row.get("email") or "").strip().lower()
        if not full_name and not email:
            continue
        if not full_name:
            errors.append(
                _("Line %(line)s: the full name is missing.") % {"line": format_number(line)}
            )
        if not email:
            errors.append(
                _("Line %(line)s: the email address is missing.") % {"line": format_number(line)}
            )
            continue
        try:
            validate_email(email)
        except ValidationError:
            errors.append(
                _("Line %(line)s: “%(email)s” is not an email address.")
                % {"line": format_number(line), "email": email}
            )
            continue
        if email in seen:
            errors.append(
                _("Line %(line)s: %(email)s is already on line %(first)s.")
                % {"line": format_number(line), "email": email, "first": format_number(seen[email])}
            )
        elif email in already:
            errors.append(
                _("Line %(line)s: %(email)s is already enrolled in this exam.")
                % {"line": format_number(line), "email": email}
            )
        seen.setdefault(email, line)
        rows.append({"full_name": full_name, "email": email})
        if len(rows) > MAX_CSV_ROWS:
            raise ValidationError(_("The file has more than 5000 candidates; split it."))
    if errors:
        raise ValidationError(errors)
    if not rows:
        raise ValidationError(_("The file has no candidates."))
    return rows


class StartAttemptForm(ExamBoundForm):
    language = forms.ChoiceField(
        label=_("Language of the exam"),
        widget=forms.RadioSelect,
        error_messages={"invalid_choice": _("This exam cannot be taken in that language.")},
    )

    def __init__(self, *args: Any, exam: Exam, **kwargs: Any) -> None:
        super().__init__(*args, exam=exam, **kwargs)
        self.fields["language"].choices = language_choices(
            [code for code in LANGUAGE_CODES if code in exam.languages]
        )


class RevokeForm(forms.Form):
    reason = forms.CharField(
        label=_("Reason for the revocation"),
        widget=forms.Textarea(attrs={"rows": 3}),
        max_length=2000,
        # CharField strips spaces, so a reason of spaces only is a missing reason.
        error_messages={"required": _("Give the reason for the revocation.")},
    )


class VerifyForm(forms.Form):
    code = forms.CharField(
        label=_("Verification code"),
        max_length=40,
        error_messages={"required": _("Enter the code printed on the certificate.")},
    )


class QuestionPageForm(forms.Form):
    """Which button of the question page was pressed: its ``go`` value.

    Every button sends the answer form with it, so that leaving the page keeps the answer.
    ``go`` is ``save`` (the main button, and the autosave that sends no button), ``flag``,
    ``unflag``, ``review`` or the position of the question to show next.

    >>> form = QuestionPageForm(data={"go": "3"}, last=4)
    >>> form.is_valid(), form.cleaned_data["go"]
    (True, 3)
    >>> QuestionPageForm(data={}, last=4).destination
    'save'
    >>> QuestionPageForm(data={"go": "9"}, last=4).destination  # not a question: a plain save
    'save'
    """

    ACTIONS = ("save", "flag", "unflag", "review")

    go = forms.CharField(required=False)

    def __init__(self, *args: Any, last: int, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.last = last

    def clean_go(self) -> str | int:
        go = self.cleaned_data["go"] or "save"
        if go in self.ACTIONS:
            return go
        if go.isdigit() and 1 <= int(go) <= self.last:
            return int(go)
        raise ValidationError(_("That is not one of the choices."), code="invalid_choice")

    @property
    def destination(self) -> str | int:
        """``go`` once checked; a tampered value counts as the main button."""
        return self.cleaned_data["go"] if self.is_valid() else "save"
