"""The examples in the studio's docstrings run (pytest collects only tests/ and the engine)."""

from __future__ import annotations

import doctest

import pytest

from studio import glossary, vocabulary

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("module", [glossary, vocabulary])
def test_docstring_examples(module):
    result = doctest.testmod(module)
    assert result.attempted > 0
    assert result.failed == 0
