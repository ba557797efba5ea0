"""Forms: the exam and its sections, enrolment (one or by CSV), starting, revoking, verifying."""

from __future__ import annotations

import csv
import io
import math
from collections import defaultdict
from typing import Any

from django import forms
from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.core.validators import (
    MaxValueValidator,
    MinValueValidator,
    validate_email,
)
from django.utils.functional import cached_property
from django.utils.translation import get_language_info, ngettext
from django.utils.translation import gettext_lazy as _

from quiz.numbers import format_number

from .models import Attempt, Enrolment, Exam, ExamSection
from .selectors import exam_pool_sizes, normalise_code

LANGUAGE_CODES = [code for code, _name in settings.LANGUAGES]
DATETIME_FORMAT = "%Y-%m-%dT%H:%M"
#: A national exam's roll fits; a mistaken upload of something else does not.
MAX_CSV_BYTES = 1_000_000
MAX_CSV_ROWS = 5000
#: The database's limits: a longer value would be refused by PostgreSQL (not by SQLite).
MAX_EMAIL = min(
    Enrolment._meta.get_field("email").max_length,
    get_user_model()._meta.get_field("email").max_length,
)
MAX_NAME = Enrolment._meta.get_field("full_name").max_length
#: Sane limits an exam's numbers stay within (and the database's integers with them).
EXAM_LIMITS = {
    "attempts_allowed": 100,
    "waiting_hours": 24 * 366,
    "certificate_months": 12 * 50,
}


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
            "edition",
            "review",
            "review_from",
            "certificate_months",
            "invitation_days",
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

    edition = forms.ChoiceField(
        label=_("Rule-book edition"),
        required=False,  # left out: the exam's own, or the seeds' edition for a new exam
        help_text=_("Every attempt is graded by this edition; the certificate names it."),
    )

    def __init__(self, *args: Any, federation: Any, **kwargs: Any) -> None:
        from quiz.editions import edition_choices

        super().__init__(*args, **kwargs)
        self.federation = federation
        self.instance.federation = federation
        self.fields["edition"].choices = edition_choices()
        for code in LANGUAGE_CODES:
            name = self.fields[f"name_{code}"]
            # Required in the languages the exam is offered in: checked in clean().
            name.required = False
            name.label = _("Name (%(language)s)") % {"language": _language_name(code)}
            self.fields[f"instructions_{code}"].label = _("Instructions (%(language)s)") % {
                "language": _language_name(code)
            }
        self.fields["invitation_days"].required = False
        model_limits(self)
        for name, maximum in EXAM_LIMITS.items():
            limit(self.fields[name], maximum)
        for name in ("opens_at", "closes_at"):
            self.fields[name].input_formats = [
                DATETIME_FORMAT,
                "%Y-%m-%d %H:%M",
                "%Y-%m-%d %H:%M:%S",
            ]

    def clean_invitation_days(self) -> int:
        """Empty: the model's default (14 days after the exam closes)."""
        days = self.cleaned_data.get("invitation_days")
        return Exam._meta.get_field("invitation_days").default if days is None else days

    def clean_edition(self) -> str:
        """An exam's edition is fixed once someone has sat it: a certificate names it."""
        edition = self.cleaned_data["edition"] or self.instance.edition
        if (
            self.instance.pk
            and edition != self.instance.edition
            and Attempt.objects.filter(enrolment__exam=self.instance).exists()
        ):
            raise ValidationError(
                _("Candidates have already sat this exam: its edition can no longer change.")
            )
        return edition

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
        self._clean_languages(cleaned)
        return cleaned

    def _clean_languages(self, cleaned: dict[str, Any]) -> None:
        """The name in every language offered, the instructions in all of them or none.

        A language not offered needs nothing; an empty name there takes the name in the
        first language offered, so that the examiner's pages always name the exam.
        """
        offered = [code for code in LANGUAGE_CODES if code in (cleaned.get("languages") or [])]
        if not offered:
            return
        for code in offered:
            if not (cleaned.get(f"name_{code}") or "").strip():
                self.add_error(
                    f"name_{code}",
                    _("Name the exam in %(language)s: it is offered in it.")
                    % {"language": _language_name(code)},
                )
        first = (cleaned.get(f"name_{offered[0]}") or "").strip()
        for code in LANGUAGE_CODES:
            if code not in offered and not (cleaned.get(f"name_{code}") or "").strip():
                cleaned[f"name_{code}"] = first
        self._clean_instructions(cleaned, offered)

    def _clean_instructions(self, cleaned: dict[str, Any], offered: list[str]) -> None:
        """Instructions, if any, in every language offered: a candidate reads them in his.

        Instructions written only in languages the exam does not offer would reach no
        candidate in his language: refused, on the fields written.
        """
        given = [
            code for code in LANGUAGE_CODES if (cleaned.get(f"instructions_{code}") or "").strip()
        ]
        if not given:
            return
        for code in offered:
            if code not in given:
                self.add_error(
                    f"instructions_{code}",
                    _("Write the instructions in every language offered, or in none."),
                )
        if not any(code in offered for code in given):
            for code in given:
                self.add_error(
                    f"instructions_{code}",
                    _("The exam is not offered in %(language)s: write the instructions in "
                      "the languages it offers.") % {"language": _language_name(code)},
                )


class LocalMaxValueValidator(MaxValueValidator):
    """Django's message, with the limit written in the reader's digits (Persian in Persian)."""

    def __call__(self, value: Any) -> None:
        if self.compare(value, self.limit_value):
            raise ValidationError(
                self.message, code=self.code,
                params={"limit_value": format_number(self.limit_value), "value": value},
            )


class LocalMinValueValidator(MinValueValidator):
    """Django's message, with the limit written in the reader's digits (Persian in Persian)."""

    def __call__(self, value: Any) -> None:
        if self.compare(value, self.limit_value):
            raise ValidationError(
                self.message, code=self.code,
                params={"limit_value": format_number(self.limit_value), "value": value},
            )


def limit(field: forms.Field, maximum: int | None = None, minimum: int | None = None) -> None:
    """Refuse numbers outside ``minimum``..``maximum`` in ``field``, and tell the browser.

    >>> field = forms.IntegerField()
    >>> limit(field, 10)
    >>> field.widget.attrs["max"], field.clean("10")
    (10, 10)
    """
    field.validators = [
        v for v in field.validators
        if not (maximum is not None and isinstance(v, MaxValueValidator))
        and not (minimum is not None and isinstance(v, MinValueValidator))
    ]
    if maximum is not None:
        field.max_value = maximum
        field.validators.append(LocalMaxValueValidator(maximum))
        field.widget.attrs["max"] = maximum
    if minimum is not None:
        field.min_value = minimum
        field.validators.append(LocalMinValueValidator(minimum))
        field.widget.attrs["min"] = minimum


def model_limits(form: forms.ModelForm) -> None:
    """The model's own bounds on each number, checked by the form in the reader's digits."""
    for name, field in form.fields.items():
        if not isinstance(field, forms.IntegerField):
            continue
        bounds: dict[str, int] = {}
        for validator in form._meta.model._meta.get_field(name).validators:
            if isinstance(validator, MaxValueValidator):
                bounds["maximum"] = min(validator.limit_value, bounds.get("maximum", math.inf))
            elif isinstance(validator, MinValueValidator):
                bounds["minimum"] = max(validator.limit_value, bounds.get("minimum", -math.inf))
        if field.min_value is not None:
            bounds.setdefault("minimum", field.min_value)
        limit(field, **bounds)


def _language_name(code: str) -> str:
    from django.utils.translation import gettext

    return gettext(get_language_info(code)["name"])


class SectionForm(forms.ModelForm):
    class Meta:
        model = ExamSection
        fields = ["order", "topic", "question_count", "source"]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["topic"].empty_label = _("every topic")
        # The table says it once for every row, under the sections.
        self.fields["topic"].help_text = ""
        # Left out (an older form, a script): hand-written scenarios, as before families.
        self.fields["source"].required = False
        model_limits(self)
        limit(self.fields["order"], 1000)

    def clean_source(self) -> str:
        return self.cleaned_data.get("source") or ExamSection.Source.SCENARIOS


class BaseSectionFormSet(forms.BaseInlineFormSet):
    """The sections together must fit in the exam's pool: exam-only scenarios only.

    The pool is the federation's own exam-only scenarios and the shared ones
    (:func:`exams.selectors.exam_pool`); each topic's sections, and all the
    sections together, may ask for no more than it holds. The topic list says
    how many each topic holds.
    """

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # Empty rows are numbered after the saved sections, so that the order reads right.
        saved = len(self.get_queryset()) if self.instance.pk else 0
        self.initial_extra = [{"order": saved + n} for n in range(1, self.extra + 1)]

    @cached_property
    def pool_sizes(self) -> list[Any]:
        """Per topic, the scenarios written in every language the exam offers, and the
        families marked for exams.

        Read when the sections are first built or checked: after the exam's own form is
        valid, ``instance.languages`` holds the languages just chosen.
        """
        return exam_pool_sizes(
            federation=self.instance.federation_id, languages=self.pool_languages
        )

    @cached_property
    def pool(self) -> dict[int, int]:
        """Per topic, the scenarios written in every language the exam offers."""
        return {size.topic.pk: size.total for size in self.pool_sizes}

    def _scenarios_only(self, form: forms.Form) -> bool:
        """Whether a section can draw only scenarios (a family never runs out: a section
        with families to draw cannot ask for too many)."""
        source = form.cleaned_data.get("source") or ExamSection.Source.SCENARIOS
        if source == ExamSection.Source.SCENARIOS:
            return True
        topic = form.cleaned_data.get("topic")
        families = [size.families for size in self.pool_sizes
                    if topic is None or size.topic.pk == topic.pk]
        return source == ExamSection.Source.BOTH and not sum(families)

    @property
    def pool_languages(self) -> list[str]:
        """The exam's languages (as chosen on its form, once that is valid)."""
        languages = self.instance.languages if isinstance(self.instance.languages, list) else []
        return [code for code in LANGUAGE_CODES if code in languages]

    def _construct_form(self, i: int, **kwargs: Any) -> forms.Form:
        form = super()._construct_form(i, **kwargs)
        topic = form.fields["topic"]
        topic.label_from_instance = lambda choice: _("%(topic)s (%(count)s in the pool)") % {
            "topic": choice,
            "count": format_number(self.pool.get(choice.pk, 0)),
        }
        topic.empty_label = _("%(topic)s (%(count)s in the pool)") % {
            "topic": _("every topic"),
            "count": format_number(sum(self.pool.values())),
        }
        return form

    def clean(self) -> None:
        super().clean()
        if any(self.errors):
            return
        kept = [
            form
            for form in self.forms
            if form.cleaned_data and not form.cleaned_data.get("DELETE")
        ]
        if not kept:
            raise ValidationError(_("Add at least one section of questions."))
        bound = [form for form in kept if self._scenarios_only(form)]
        by_topic: dict[Any, list[forms.Form]] = defaultdict(list)
        counts = {form: form.cleaned_data["question_count"] for form in bound}
        for form in bound:
            by_topic[form.cleaned_data.get("topic")].append(form)
        problems = []
        for topic, group in by_topic.items():
            available = sum(self.pool.values()) if topic is None else self.pool.get(topic.pk, 0)
            # sections on every topic draw what the others leave: all count against the pool
            wanted = sum(counts[form] for form in (bound if topic is None else group))
            if wanted > available:
                problems.append(too_many(group, topic=topic, wanted=wanted, available=available))
        if problems:
            raise ValidationError(problems)


def too_many(group: list[forms.Form], *, topic: Any, wanted: int, available: int) -> str:
    """The error naming the sections that ask for more than the pool holds; set on each."""
    numbers = ", ".join(format_number(form.cleaned_data["order"]) for form in group)
    values = {
        "sections": numbers,
        "topic": topic,
        "wanted": format_number(wanted),
        "available": format_number(available),
    }
    if topic is None:
        message = ngettext(
            "Section %(sections)s (every topic): the sections ask for %(wanted)s questions "
            "in all; the exam pool holds %(available)s.",
            "Sections %(sections)s (every topic): the sections ask for %(wanted)s questions "
            "in all; the exam pool holds %(available)s.",
            len(group),
        ) % values
    else:
        message = ngettext(
            "Section %(sections)s asks for %(wanted)s questions on “%(topic)s”; "
            "the exam pool holds %(available)s.",
            "Sections %(sections)s ask for %(wanted)s questions on “%(topic)s”; "
            "the exam pool holds %(available)s.",
            len(group),
        ) % values
    for form in group:
        form.add_error("question_count", message)
    return message


SectionFormSet = forms.inlineformset_factory(
    Exam,
    ExamSection,
    form=SectionForm,
    formset=BaseSectionFormSet,
    extra=2,
    can_delete=True,
    # A forged form count is refused, not a thousand forms built and checked.
    max_num=50,
    absolute_max=50,
    validate_max=True,
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
        max_length=MAX_NAME,
        error_messages={"required": _("Enter the candidate's full name.")},
    )
    email = forms.EmailField(label=_("Email"), max_length=MAX_EMAIL)
    language = forms.ChoiceField(
        label=_("Language of the invitation"), required=False,
        help_text=_("Leave empty for the exam's first language."),
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["language"].choices = [("", "—"), *language_choices(self.exam.languages)]

    def clean_email(self) -> str:
        email = self.cleaned_data["email"].strip().lower()
        if Enrolment.objects.filter(exam=self.exam, email=email).exists():
            raise ValidationError(_("This candidate is already enrolled in this exam."))
        return email


class EnrolmentCSVForm(ExamBoundForm):
    """A CSV roll with the columns ``full_name`` and ``email``, and ``language`` if wished.

    Any bad row stops the whole import.
    """

    file = forms.FileField(label=_("CSV file"))

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["file"].help_text = _(
            "UTF-8, one candidate per row, with a header row: full_name,email and, if you "
            "wish, language (%(languages)s; left empty: the exam's first language)."
        ) % {"languages": ", ".join(offered_languages(self.exam))}

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
    # Old Macs end lines with CR alone; the csv module reads only LF and CRLF.
    text = text.lstrip("\ufeff").replace("\r\n", "\n").replace("\r", "\n")
    try:
        dialect = csv.Sniffer().sniff(text[:2048], delimiters=",;\t")
    except csv.Error:
        dialect = csv.excel
    reader = csv.DictReader(io.StringIO(text), dialect=dialect)
    try:
        return _read_roll(reader, exam=exam)
    except csv.Error as error:  # a field over the csv module's limit, a stray quote
        raise ValidationError(
            # The reader counts the lines it has finished; the bad one is the next.
            _("Line %(line)s cannot be read as CSV.")
            % {"line": format_number(reader.line_num + 1)}
        ) from error


def offered_languages(exam: Exam) -> list[str]:
    """The exam's languages in the site's order."""
    return [code for code in LANGUAGE_CODES if code in (exam.languages or [])]


def roll_language(value: str, *, exam: Exam) -> str | None:
    """The code a roll's ``language`` cell names: ``""`` when empty, ``None`` when it names no
    language the exam offers. A code or a name, in the language itself or in English.

    >>> exam = Exam(languages=["pl", "en"])
    >>> [roll_language(v, exam=exam) for v in ("", " PL ", "Polski", "polish", "fa", "xx")]
    ['', 'pl', 'pl', 'pl', None, None]
    """
    wanted = value.strip().casefold()
    if not wanted:
        return ""
    for code in offered_languages(exam):
        info = get_language_info(code)
        if wanted in {code, info["name"].casefold(), info["name_local"].casefold()}:
            return code
    return None


def _email_problem(email: str, *, line: int) -> str | None:
    """What is wrong with a roll line's address on its own (missing, too long, not one)."""
    if not email:
        return _("Line %(line)s: the email address is missing.") % {"line": format_number(line)}
    if len(email) > MAX_EMAIL:
        return _("Line %(line)s: the email address is longer than %(limit)s characters.") % {
            "line": format_number(line), "limit": format_number(MAX_EMAIL)
        }
    try:
        validate_email(email)
    except ValidationError:
        return _("Line %(line)s: “%(email)s” is not an email address.") % {
            "line": format_number(line), "email": email
        }
    return None


def _read_roll(reader: csv.DictReader, *, exam: Exam) -> list[dict[str, str]]:
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
        elif len(full_name) > MAX_NAME:
            errors.append(
                _("Line %(line)s: the full name is longer than %(limit)s characters.")
                % {"line": format_number(line), "limit": format_number(MAX_NAME)}
            )
        if "\x00" in full_name + email + str(row.get("language") or ""):
            errors.append(
                _("Line %(line)s: the row holds a null character.") % {"line": format_number(line)}
            )
            continue
        if problem := _email_problem(email, line=line):
            errors.append(problem)
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
        language = roll_language(row.get("language") or "", exam=exam)
        if language is None:
            errors.append(
                _("Line %(line)s: “%(language)s” is not a language this exam is offered in "
                  "(%(languages)s).")
                % {"line": format_number(line), "language": (row.get("language") or "").strip(),
                   "languages": ", ".join(offered_languages(exam))}
            )
        seen.setdefault(email, line)
        rows.append({"full_name": full_name, "email": email, "language": language or ""})
        if len(rows) > MAX_CSV_ROWS:
            raise ValidationError(_("The file has more than 5000 candidates; split it."))
    if errors:
        raise ValidationError(errors)
    if not rows:
        raise ValidationError(_("The file has no candidates."))
    return rows


class EnrolmentLanguageForm(ExamBoundForm):
    """The language of one candidate's invitation and mails, changed after enrolment."""

    language = forms.ChoiceField(
        label=_("Language of the invitation"),
        error_messages={
            "invalid_choice": _("This exam is not offered in that language."),
            "required": _("This exam is not offered in that language."),
        },
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["language"].choices = language_choices(offered_languages(self.exam))


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

    def clean_code(self) -> str:
        """The code as stored: letters and digits only; dashes and spaces alone are no code."""
        code = normalise_code(self.cleaned_data["code"])
        if not code:
            raise ValidationError(self.fields["code"].error_messages["required"], code="required")
        return code


class QuestionPageForm(forms.Form):
    """Which button of the question page was pressed: its ``go`` value.

    Every button sends the answer form with it, so that leaving the page keeps the answer.
    ``go`` is ``save`` (the main button, and the autosave that sends no button), ``final``
    (a frame stroke's main button: its calls made final, :mod:`exams.question_page`),
    ``flag``, ``unflag``, ``review`` or the position of the question to show next.

    >>> form = QuestionPageForm(data={"go": "3"}, last=4)
    >>> form.is_valid(), form.cleaned_data["go"]
    (True, 3)
    >>> QuestionPageForm(data={}, last=4).destination
    'save'
    >>> QuestionPageForm(data={"go": "9"}, last=4).destination  # not a question: a plain save
    'save'
    >>> [QuestionPageForm(data={"go": go}, last=4).destination for go in ("²", "①", "۳")]
    ['save', 'save', 3]
    """

    ACTIONS = ("save", "final", "flag", "unflag", "review")

    go = forms.CharField(required=False)

    def __init__(self, *args: Any, last: int, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.last = last

    def clean_go(self) -> str | int:
        go = self.cleaned_data["go"] or "save"
        if go in self.ACTIONS:
            return go
        # isdecimal, not isdigit: "²" and "①" are digits int() refuses; Persian digits are
        # decimals it reads. Six digits at most: no position is longer, no int() is slow.
        if go.isdecimal() and len(go) <= 6 and 1 <= int(go) <= self.last:
            return int(go)
        raise ValidationError(_("That is not one of the choices."), code="invalid_choice")

    @property
    def destination(self) -> str | int:
        """``go`` once checked; a tampered value counts as the main button."""
        return self.cleaned_data["go"] if self.is_valid() else "save"


def read_only(form: forms.Form) -> forms.Form:
    """The form with every field disabled: a frame stroke's final calls, shown as they were
    made and sent by no button (a disabled field is not sent)."""
    for field in form.fields.values():
        field.disabled = True
    return form


class ExtraTimeForm(forms.Form):
    """The extra time an examiner gives one candidate (an accommodation), in minutes."""

    minutes = forms.IntegerField(
        label=_("Extra time (minutes)"),
        min_value=0,
        max_value=24 * 60,
        help_text=_("Added to every attempt's time limit, an attempt in progress too."),
    )
