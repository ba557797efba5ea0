"""The examples in the credentials modules' docstrings run (pytest collects only tests/)."""

from __future__ import annotations

import doctest

import pytest

from credentials import baking, bitstring, keys


@pytest.mark.parametrize("module", [baking, bitstring, keys])
def test_docstring_examples(module):
    result = doctest.testmod(module)
    assert result.attempted > 0
    assert result.failed == 0
