"""Forms: the CSV roll and the exam's definition."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError

from exams.forms import StartAttemptForm, parse_roll

pytestmark = pytest.mark.django_db


def test_roll_accepts_semicolons_a_bom_and_blank_lines(exam):
    rows = parse_roll(
        "\ufeffFull_Name;Email\nJan Nowak; JAN@example.org \n\n;\nمریم احمدی;maryam@example.org\n",
        exam=exam,
    )
    assert rows == [
        {"full_name": "Jan Nowak", "email": "jan@example.org"},
        {"full_name": "مریم احمدی", "email": "maryam@example.org"},
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
