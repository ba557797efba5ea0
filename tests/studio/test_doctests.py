"""The examples in the studio's docstrings run (pytest collects only tests/ and the engine)."""

from __future__ import annotations

import doctest

import pytest

from studio import family_facts, glossary, vocabulary

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("module", [glossary, vocabulary, family_facts])
def test_docstring_examples(module):
    result = doctest.testmod(module)
    assert result.attempted > 0
    assert result.failed == 0
