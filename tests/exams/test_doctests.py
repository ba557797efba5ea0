"""The examples in the exams modules' docstrings run.

They run from here because pytest collects only tests/ and the engine.
"""

from __future__ import annotations

import doctest

import pytest

from exams import clock, errors, forms, selectors, services, views
from exams.templatetags import exam_tags


@pytest.mark.parametrize("module", [clock, errors, forms, selectors, services, views, exam_tags])
def test_docstring_examples(module):
    result = doctest.testmod(module)
    assert result.attempted > 0
    assert result.failed == 0
