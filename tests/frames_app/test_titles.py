"""What each bank frame is about (frames/titles.py): every file of the bank has a title, in five
languages, none naming who wins; the picker, a stroke and the summary show it (issue 22)."""

from __future__ import annotations

import re
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import call_command
from django.urls import reverse
from django.utils import translation

from frames.models import Frame
from frames.titles import BANK_TITLES, frame_title

BANK = Path(__file__).resolve().parents[2] / "fixtures" / "frames"
LANGUAGES = ("en", "fr", "ru", "fa", "pl")
#: Words that would say how the frame ends for a side (English titles).
OUTCOME = re.compile(r"\b(wins?|won|winner|loses?|lost|beats?)\b", re.IGNORECASE)


def titles(language: str) -> dict[str, str]:
    with translation.override(language):
        return {slug: str(title) for slug, title in BANK_TITLES.items()}


def test_every_file_of_the_bank_has_a_title_and_every_title_a_file():
    assert set(BANK_TITLES) == {path.stem for path in BANK.glob("*.json")}


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_titles_are_translated_and_tell_the_frames_apart(language):
    english, own = titles("en"), titles(language)
    assert len(set(own.values())) == len(own)  # no two frames named alike
    if language != "en":
        same = [slug for slug in own if own[slug] == english[slug]]
        assert same == []
    if language in ("ru", "fa"):  # their own script; Latin only in the names (Ann, Bo, Cal, Dee)
        assert [title for title in own.values() if re.search(r"[A-Za-z]{4,}", title)] == []
    if language == "fa":
        assert [title for title in own.values() if re.search(r"[0-9]", title)] == []


def test_no_title_names_who_wins():
    assert [title for title in titles("en").values() if OUTCOME.search(title)] == []


@pytest.mark.django_db
def test_a_bank_frame_is_named_by_its_title_a_generated_one_and_one_without_are_not():
    call_command("load_frames", str(BANK / "respotted-black.json"), stdout=StringIO())
    frame = Frame.objects.get(slug="respotted-black")
    with translation.override("pl"):
        assert frame_title(frame) == "Remis w chwili wbicia ostatniej Czarnej"
    frame.slug, frame.order = "not-in-the-bank", 3
    with translation.override("fa"):
        assert frame_title(frame) == "فریم ۳"
    frame.generated_seed = 7
    assert frame_title(frame) == "A new frame"


@pytest.mark.django_db
def test_the_picker_and_a_run_show_the_title(client):
    call_command("load_frames", str(BANK / "foul-on-the-last-black.json"), stdout=StringIO())
    with translation.override("ru"):
        picker = reverse("frames:picker")
        start = reverse("frames:start", kwargs={"frame": "foul-on-the-last-black"})
    assert "Фол на последнем чёрном" in client.get(picker).content.decode()
    stroke = client.get(client.post(start).url).content.decode()
    assert "Фол на последнем чёрном" in stroke
