"""Drawings are cached per case and language, and each use still has ids of its own."""

from __future__ import annotations

import re

from django.utils import translation

from quiz.diagrams import spot_picker_svg, table_svg

CASE = {
    "state": {"reds": 1, "positions": {"white": [400, 1700], "red": [[900, 500]]}},
    "stroke": {"positions_after": {"white": [600, 1200], "red": [[900, 500]]}},
}


def ids(svg: str) -> set[str]:
    return set(re.findall(r' id="([^"]+)"', svg))


def without_ids(svg: str) -> str:
    return re.sub(r"baize-table-\d+", "baize-table-N", svg)


def test_the_same_drawing_twice_has_distinct_ids():
    first, second = str(table_svg(CASE)), str(table_svg(CASE))
    assert without_ids(first) == without_ids(second)
    assert ids(first) and not ids(first) & ids(second)
    for svg in (first, second):
        # Every reference points at an id of the same drawing.
        for ref in re.search(r'aria-labelledby="([^"]+)"', svg).group(1).split():
            assert ref in ids(svg)


def test_before_and_after_are_different_drawings():
    assert without_ids(str(table_svg(CASE))) != without_ids(str(table_svg(CASE, after=True)))


def test_a_drawing_is_in_the_language_of_its_reader():
    with translation.override("en"):
        english = str(table_svg(CASE))
    with translation.override("fa"):
        persian = str(table_svg(CASE))
    assert without_ids(english) != without_ids(persian)
    with translation.override("en"):
        assert without_ids(str(table_svg(CASE))) == without_ids(english)


def test_another_case_is_another_drawing():
    moved = {
        **CASE,
        "state": {**CASE["state"], "positions": {"white": [500, 1700], "red": [[900, 500]]}},
    }
    assert without_ids(str(table_svg(moved))) != without_ids(str(table_svg(CASE)))


def test_the_spot_picker_has_ids_of_its_own_each_time():
    first = str(spot_picker_svg(CASE, label="Spots"))
    second = str(spot_picker_svg(CASE, label="Spots"))
    assert not ids(first) & ids(second)
