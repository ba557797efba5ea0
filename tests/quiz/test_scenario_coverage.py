from io import StringIO

import pytest
from django.core.management import call_command

pytestmark = pytest.mark.django_db


def test_coverage_counts_the_bank_and_lists_uncovered_codes(bank):
    out = StringIO()
    call_command("scenario_coverage", stdout=out)
    report = out.getvalue()
    assert "11 published scenario(s)" in report  # the unpublished one is not counted
    assert "test-fouls                  8" in report
    assert "decision                    1" in report
    assert "not covered:" in report  # eleven scenarios cannot reach every trail code
