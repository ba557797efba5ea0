"""Forms: the CSV roll and the exam's definition."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError
from django.utils import translation

from exams.forms import EnrolmentCSVForm, EnrolmentLanguageForm, StartAttemptForm, parse_roll

pytestmark = pytest.mark.django_db


def test_roll_accepts_semicolons_a_bom_and_blank_lines(exam):
    rows = parse_roll(
        "\ufeffFull_Name;Email\nJan Nowak; JAN@example.org \n\n;\nمریم احمدی;maryam@example.org\n",
        exam=exam,
    )
    assert rows == [
        {"full_name": "Jan Nowak", "email": "jan@example.org", "language": ""},
        {"full_name": "مریم احمدی", "email": "maryam@example.org", "language": ""},
    ]


def test_roll_lists_every_bad_line(exam):
    with pytest.raises(ValidationError) as refusal:
        parse_roll("full_name,email\nA,\n,b@example.org\nC,c@\n", exam=exam)
    messages = refusal.value.messages
    assert messages == [
        "Line 2: the email address is missing.",
        "Line 3: the full name is missing.",
        "Line 4: “c@” is not an email address.",
    ]


def test_start_form_offers_only_the_exams_languages_named_in_themselves(exam):
    exam.languages = ["fa", "pl"]
    form = StartAttemptForm(exam=exam)
    assert form.fields["language"].choices == [("fa", "فارسی"), ("pl", "polski")]
    assert not StartAttemptForm(data={"language": "en"}, exam=exam).is_valid()


def test_empty_section_rows_are_numbered_after_the_saved_ones(exam):
    from exams.forms import SectionFormSet

    saved = exam.sections.count()
    sections = SectionFormSet(instance=exam, prefix="sections")
    extra = sections.forms[saved:]
    assert [form["order"].value() for form in extra] == [saved + 1, saved + 2]


def test_a_forged_section_count_is_refused_without_building_the_forms(exam):
    from exams.forms import SectionFormSet

    data = {"sections-TOTAL_FORMS": "9" * 30, "sections-INITIAL_FORMS": "0"}
    sections = SectionFormSet(data=data, instance=exam, prefix="sections")
    assert not sections.is_valid()
    assert len(sections.forms) <= 50
    assert sections.non_form_errors()


def test_roll_takes_a_language_column_by_code_or_name(exam):
    exam.languages = ["pl", "en"]
    rows = parse_roll(
        "full_name,email,Language\nJan,jan@example.org,pl\nEwa,ewa@example.org,Polski\n"
        "Tom,tom@example.org, EN \nAl,al@example.org,\nBo,bo@example.org\n",
        exam=exam,
    )
    assert [row["language"] for row in rows] == ["pl", "pl", "en", "", ""]


def test_roll_refuses_a_language_the_exam_does_not_offer_line_by_line(exam):
    exam.languages = ["pl", "en"]
    roll = "full_name,email,language\nJan,jan@example.org,fa\nEwa,ewa@example.org,klingon\n"
    with pytest.raises(ValidationError) as refusal:
        parse_roll(roll, exam=exam)
    assert refusal.value.messages == [
        "Line 2: “fa” is not a language this exam is offered in (en, pl).",
        "Line 3: “klingon” is not a language this exam is offered in (en, pl).",
    ]
    with translation.override("pl"), pytest.raises(ValidationError) as polish:
        parse_roll(roll, exam=exam)
    assert polish.value.messages[0].startswith("Wiersz 2: ")
    assert "is not a language" not in polish.value.messages[0]


def test_the_roll_help_names_the_exams_languages(exam):
    exam.languages = ["fa", "pl"]
    assert "language (fa, pl;" in str(EnrolmentCSVForm(exam=exam).fields["file"].help_text)


def test_the_language_form_offers_only_the_exams_languages(exam):
    exam.languages = ["fa", "pl"]
    assert EnrolmentLanguageForm(data={"language": "pl"}, exam=exam).is_valid()
    for refused in ("en", "", "PL"):
        form = EnrolmentLanguageForm(data={"language": refused}, exam=exam)
        assert form.errors["language"] == ["This exam is not offered in that language."]
