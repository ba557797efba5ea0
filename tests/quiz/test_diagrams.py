"""quiz.diagrams: the table drawn to scale from a case, described in the reader's language."""

from __future__ import annotations

import doctest
import re
import xml.etree.ElementTree as ET

import pytest
from django.utils import translation
from hypothesis import given, settings
from hypothesis import strategies as st

from quiz import diagrams
from quiz.diagrams import BALL_STYLE, DiagramError, table_svg
from rules_engine import COLOURS
from rules_engine.table import BALL_RADIUS, BAULK_LINE_Y, POCKETS, SPOTS, TABLE_LENGTH, TABLE_WIDTH

SVG = "{http://www.w3.org/2000/svg}"
LANGUAGES = ["en", "fr", "ru", "fa", "pl"]
OTHER_LANGUAGES = ["fr", "ru", "fa", "pl"]
ENGLISH_WORDS = re.compile(
    r"\b(the|ball|cue|table|snooker|spot|reds?|blue|pink|black|green|yellow|brown|score|"
    r"striker|hand|on|in|near|between|colours?|points?|no)\b",
    re.IGNORECASE,
)
# French words spelt as English ones ("« ON »" is the French rule text's term for the ball on).
FRENCH_WORDS = {"points", "point", "table", "snooker", "on", "score"}

POSITIONS = {
    "white": [889.0, 600.0],
    "red": [[889.0, 2400.0], [100.0, 3500.0], [1700.0, 1790.0]],
    "yellow": [1181.0, 737.0],
    "green": [597.0, 737.0],
    "brown": [889.0, 737.0],
    "blue": [889.0, 1784.5],
    "pink": [820.0, 2676.75],
    "black": [889.0, 3245.0],
}


def case_with(positions=None, **state):
    if positions is not None:
        state["positions"] = positions
    return {
        "format": "snooker-referee-case/1",
        "id": "drawn",
        "state": state,
        "stroke": {"first_contact": ["red"]},
    }


def parse(svg: str) -> ET.Element:
    return ET.fromstring(str(svg))


def text_of(root: ET.Element, tag: str) -> str:
    return root.find(f"{SVG}{tag}").text or ""


def balls(root: ET.Element) -> list[ET.Element]:
    return [e for e in root.iter(f"{SVG}circle") if e.get("data-ball")]


def english_in(text: str, language: str) -> list[str]:
    words = [m.group(0) for m in ENGLISH_WORDS.finditer(text)]
    return [w for w in words if not (language == "fr" and w.lower() in FRENCH_WORDS)]


# --- the table to scale ------------------------------------------------------------------------


def test_every_ball_is_drawn_to_scale_at_its_place_and_in_its_colour():
    with translation.override("en"):
        root = parse(table_svg(case_with(POSITIONS)))
    drawn = balls(root)
    assert len(drawn) == 3 + 1 + 6
    expected = [("red", p) for p in POSITIONS["red"]]
    expected += [(b, POSITIONS[b]) for b in ("white", *COLOURS)]
    for circle, (ball, (x, y)) in zip(drawn, expected, strict=True):
        assert circle.get("data-ball") == ball
        # Landscape, baulk end on the left: along the table to the right, across it downwards.
        assert float(circle.get("cx")) == pytest.approx(y)
        assert float(circle.get("cy")) == pytest.approx(x)
        assert float(circle.get("r")) == pytest.approx(BALL_RADIUS)
        fill, outline = BALL_STYLE[ball]
        assert circle.get("fill") == fill
        assert circle.get("stroke") == outline and float(circle.get("stroke-width")) > 0


def test_ball_colours_are_all_different_and_light_balls_have_dark_outlines():
    fills = [fill for fill, _ in BALL_STYLE.values()]
    assert len(set(fills)) == len(fills) == 8
    for ball in ("white", "yellow", "green", "pink"):
        assert BALL_STYLE[ball][1] in ("#1b1b1b", "#0b0b0b")


def test_table_is_landscape_with_cushions_pockets_baulk_line_d_and_spots():
    with translation.override("en"):
        root = parse(table_svg(case_with(POSITIONS)))
    _, _, width, height = (float(v) for v in root.get("viewBox").split())
    assert width > height > TABLE_WIDTH and width > TABLE_LENGTH
    cloth = root.find(f"{SVG}rect[@class='cloth']")
    assert (float(cloth.get("width")), float(cloth.get("height"))) == (TABLE_LENGTH, TABLE_WIDTH)
    assert root.find(f"{SVG}rect[@class='cushions']") is not None
    pockets = {e.get("data-pocket"): e for e in root.iter(f"{SVG}circle") if e.get("data-pocket")}
    assert set(pockets) == set(POCKETS)
    assert float(pockets["top_right"].get("cx")) == TABLE_LENGTH
    assert float(pockets["top_right"].get("cy")) == TABLE_WIDTH
    baulk = root.find(f"{SVG}line[@class='baulk-line']")
    assert float(baulk.get("x1")) == float(baulk.get("x2")) == BAULK_LINE_Y
    d = root.find(f"{SVG}path[@class='d']").get("d")
    # A semicircle of radius 292 from the green spot to the yellow spot, on the baulk side.
    assert d == "M 737 597 A 292 292 0 0 0 737 1181"
    spots = {e.get("data-spot"): e for e in root.iter(f"{SVG}circle") if e.get("data-spot")}
    for colour, (x, y) in SPOTS.items():
        assert (float(spots[colour].get("cx")), float(spots[colour].get("cy"))) == (y, x)


def test_the_six_spots_are_labelled_click_targets_for_the_respot_question():
    with translation.override("pl"):
        root = parse(table_svg(case_with(POSITIONS)))
    targets = [g for g in root.iter(f"{SVG}g") if g.get("class") == "spot-target"]
    assert [g.get("data-target") for g in targets] == [f"{c}_spot" for c in SPOTS]
    labels = [g.get("aria-label") for g in targets]
    assert labels == [g.find(f"{SVG}title").text for g in targets]
    assert labels[3] == "Punkt Niebieskiej"
    blue = targets[3].find(f"{SVG}circle")
    assert (float(blue.get("cx")), float(blue.get("cy"))) == (SPOTS["blue"][1], SPOTS["blue"][0])


def test_balls_off_the_table_are_not_drawn():
    with translation.override("en"):
        root = parse(table_svg(case_with({"red": [[889, 2800]], "black": [889, 3245]})))
    assert [b.get("data-ball") for b in balls(root)] == ["red", "black"]
    assert text_of(root, "desc").startswith("Cue ball in hand, 1 red, ")


# Half-millimetre steps: exact in the SVG's coordinates, finer than a referee's eye.
points_on_the_table = st.tuples(
    st.integers(min_value=53, max_value=2 * 1778 - 53).map(lambda n: n / 2),
    st.integers(min_value=53, max_value=2 * 3569 - 53).map(lambda n: n / 2),
).map(list)


@settings(max_examples=60, deadline=None)
@given(
    reds=st.lists(points_on_the_table, max_size=15),
    others=st.dictionaries(st.sampled_from(["white", *COLOURS]), points_on_the_table),
    language=st.sampled_from(LANGUAGES),
)
def test_any_position_is_drawn_where_it_is_and_described(reds, others, language):
    positions = {"red": reds, **others}
    with translation.override(language):
        root = parse(table_svg(case_with(positions)))
    drawn = sorted(
        (b.get("data-ball"), float(b.get("cx")), float(b.get("cy"))) for b in balls(root)
    )
    expected = [("red", y, x) for x, y in reds] + [(b, y, x) for b, (x, y) in others.items()]
    assert drawn == sorted(expected)
    desc = text_of(root, "desc")
    assert desc.endswith(".") and "%(" not in desc
    if language == "fa":
        assert not re.search(r"[0-9]", desc)


# --- accessible name and description -----------------------------------------------------------


def test_svg_is_an_image_named_and_described_never_mirrored():
    with translation.override("fa"):
        svg = table_svg(case_with(POSITIONS))
    root = parse(svg)
    assert root.get("role") == "img"
    assert "direction:ltr" in root.get("style")
    title, desc = root.find(f"{SVG}title"), root.find(f"{SVG}desc")
    assert root.get("aria-labelledby") == f"{title.get('id')} {desc.get('id')}"
    assert "transform" not in str(svg) and "scale(-1" not in str(svg)


def test_two_diagrams_on_a_page_have_distinct_ids():
    with translation.override("en"):
        first, second = parse(table_svg(case_with(POSITIONS))), parse(table_svg(case_with()))
    ids = lambda root: {e.get("id") for e in root.iter() if e.get("id")}  # noqa: E731
    assert ids(first) and not ids(first) & ids(second)


def test_description_says_what_is_where():
    with translation.override("en"):
        root = parse(table_svg(case_with(POSITIONS)))
    assert text_of(root, "title") == "Snooker table"
    assert text_of(root, "desc") == (
        "Cue ball in the D, 3 reds, the yellow on its spot, the green on its spot, "
        "the brown on its spot, the blue on its spot, the pink near its spot, "
        "and the black on its spot."
    )


def test_description_of_the_opening_position_is_short():
    opening = {c: list(SPOTS[c]) for c in SPOTS} | {"red": [[889, 2800 + 53 * i] for i in range(8)]}
    with translation.override("ru"):
        root = parse(table_svg(case_with(opening)))
    assert text_of(root, "desc") == "Биток в руке, 8 красных и все цветные на своих точках."


@pytest.mark.parametrize("language", OTHER_LANGUAGES)
def test_title_and_description_are_in_the_readers_language(language):
    with translation.override("en"):
        english = parse(table_svg(case_with(POSITIONS)))
    with translation.override(language):
        root = parse(table_svg(case_with(POSITIONS)))
    for tag in ("title", "desc"):
        text = text_of(root, tag)
        assert text and text != text_of(english, tag)
        assert not english_in(text, language), f"English in {language} {tag}: {text}"


def test_persian_description_has_persian_digits():
    with translation.override("fa"):
        root = parse(table_svg(case_with(POSITIONS)))
    desc = text_of(root, "desc")
    assert "۳ توپ قرمز" in desc
    assert not re.search(r"[0-9]", desc)


# --- the schematic when positions are not given ------------------------------------------------


def test_case_without_positions_gets_a_schematic_of_what_remains():
    case = case_with(reds=3, scores={"A": 21, "B": 40}, striker="B", in_hand=True)
    with translation.override("en"):
        root = parse(table_svg(case))
    drawn = [b.get("data-ball") for b in balls(root)]
    assert drawn == ["red"] * 3 + ["yellow", "green", "brown", "blue", "pink", "black"]
    *lines, caption = [t.text for t in root.iter(f"{SVG}text")]
    assert caption == "The spots (where the balls lie is not given)"
    assert lines == [
        "3 reds on the table",
        "Colours on the table: yellow, green, brown, blue, pink, and black",
        "Score of A: 21 points",
        "Score of B: 40 points",
        "Ball on: red",
        "Striker: B",
        "Cue ball in hand",
    ]
    assert text_of(root, "desc") == " ".join(line + "." for line in lines)


def test_schematic_has_a_plan_of_the_spots_to_click_with_the_occupied_ones_marked():
    case = case_with(reds=5, ball_on="colour", occupied_spots=["blue", "black"])
    case["stroke"] = {"nominated": "pink", "first_contact": ["pink"], "potted": ["pink"]}
    with translation.override("ru"):
        root = parse(table_svg(case))
    plan = root.find(f"{SVG}g[@class='spot-plan']")
    targets = [g for g in plan.iter(f"{SVG}g") if g.get("class") == "spot-target"]
    assert [g.get("data-target") for g in targets] == [f"{c}_spot" for c in SPOTS]
    assert targets[5].get("aria-label") == "Точка чёрного"
    occupied = [c.get("data-spot") for c in plan.iter(f"{SVG}circle") if c.get("class") == "occupied-spot"]
    assert occupied == ["blue", "black"]
    assert not balls(plan)  # where the balls lie is not known: none is drawn on the plan


def test_schematic_ball_on_is_the_engines():
    # No ball_on in the case: the engine derives it (the lowest colour left).
    case = case_with(reds=0, colours=["pink", "black"])
    case["stroke"] = {"first_contact": ["pink"]}
    with translation.override("en"):
        root = parse(table_svg(case))
    lines = [t.text for t in root.iter(f"{SVG}text")]
    assert "Ball on: pink" in lines and "No reds on the table" in lines
    assert [b.get("data-ball") for b in balls(root)] == ["pink", "black"]


def test_schematic_names_occupied_spots_touching_balls_and_misses():
    case = case_with(
        reds=5, ball_on="colour", occupied_spots=["blue", "black"], touching=["red"], misses=1
    )
    case["stroke"] = {"nominated": "blue", "first_contact": ["blue"]}
    with translation.override("en"):
        lines = [t.text for t in parse(table_svg(case)).iter(f"{SVG}text")]
    assert "Occupied spots: the blue spot and the black spot" in lines
    assert "Cue ball touching: red" in lines
    assert "1 miss already called from this position" in lines
    assert "Ball on: any colour (nominated)" in lines


@pytest.mark.parametrize("language", OTHER_LANGUAGES)
def test_schematic_is_in_the_readers_language(language):
    case = case_with(reds=2, scores={"A": 1, "B": 5}, free_ball=True, in_hand=True)
    with translation.override(language):
        root = parse(table_svg(case))
    for text in [t.text for t in root.iter(f"{SVG}text")] + [text_of(root, "title")]:
        assert not english_in(text, language), text


def test_schematic_in_persian_reads_right_to_left_with_persian_digits():
    case = case_with(reds=2, scores={"A": 15, "B": 5})
    with translation.override("fa"):
        root = parse(table_svg(case))
    texts = list(root.iter(f"{SVG}text"))
    assert all(t.get("direction") == "rtl" for t in texts)
    assert "امتیاز A: ۱۵ امتیاز" in [t.text for t in texts]
    assert not re.search(r"[0-9]", text_of(root, "desc"))


@pytest.mark.parametrize(
    ("language", "reds", "line"),
    [
        ("ru", 1, "На столе 1 красный"),
        ("ru", 3, "На столе 3 красных"),
        ("pl", 1, "Na stole jest 1 Czerwona"),
        ("pl", 4, "Na stole są 4 Czerwone"),
        ("pl", 5, "Na stole jest 5 Czerwonych"),
    ],
)
def test_schematic_counts_take_their_plural_form(language, reds, line):
    with translation.override(language):
        root = parse(table_svg(case_with(reds=reds)))
    assert next(root.iter(f"{SVG}text")).text == line


# --- after the stroke, escaping, bad input -----------------------------------------------------


def test_positions_after_the_stroke_are_drawn_on_request():
    case = case_with(POSITIONS)
    case["stroke"]["positions_after"] = {"white": [300, 3000], "red": [[889, 2400]]}
    with translation.override("fr"):
        root = parse(table_svg(case, after=True))
    assert text_of(root, "title") == "Table de snooker après le coup"
    drawn = [(b.get("data-ball"), b.get("cx")) for b in balls(root)]
    assert drawn == [("red", "2400"), ("white", "3000")]
    assert table_svg(case_with(POSITIONS), after=True) == ""


def test_names_from_the_case_are_escaped():
    case = case_with(players=["<script>alert(1)</script>", "B&B"], scores={})
    with translation.override("en"):
        svg = str(table_svg(case))
    assert "<script>" not in svg
    assert "&lt;script&gt;" in svg and "B&amp;B" in svg
    parse(svg)  # still well-formed


def test_malformed_positions_are_a_clear_value_error():
    with pytest.raises(DiagramError, match=r"state\.positions\.red\[1\]: expected \[x, y\]"):
        table_svg(case_with({"red": [[1, 2], "here"]}))
    with pytest.raises(ValueError, match="unknown ball 'purple'"):
        table_svg(case_with({"purple": [1, 2]}))


def test_where_a_ball_lies_is_named_by_the_nearest_landmark():
    with translation.override("en"):
        assert diagrams._place("pink", SPOTS["pink"]) == "on its spot"
        assert diagrams._place("pink", SPOTS["blue"]) == "on the blue spot"
        assert diagrams._place("red", (40, 3530)) == "near the left top pocket"
        assert diagrams._place("white", (889, 600)) == "in the D"
        assert diagrams._place("white", (1700, 300)) == "in baulk"
        assert diagrams._place("red", (300, 2200)) == "between the blue and pink spots"


def test_examples_in_the_docstrings_hold():
    result = doctest.testmod(diagrams)
    assert result.attempted > 0 and result.failed == 0
