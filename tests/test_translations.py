"""Translations are complete, compile cleanly, and no English leaks into other languages."""

from __future__ import annotations

import re
import shutil
import subprocess
from html.parser import HTMLParser
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from django.contrib.auth import get_user_model
from django.urls import reverse
from django.utils import translation

ROOT = Path(__file__).resolve().parents[1]
CATALOGUE_DIRS = [
    ROOT / "locale", ROOT / "quiz" / "locale", ROOT / "exams" / "locale",
    ROOT / "studio" / "locale", ROOT / "credentials" / "locale", ROOT / "frames" / "locale",
]
OTHER_LANGUAGES = ["fr", "ru", "fa", "pl"]
#: Plural forms of each language in Django's gettext headers.
PLURAL_COUNT = {"fr": 2, "ru": 4, "fa": 2, "pl": 4}


def catalogues() -> list[Path]:
    return sorted(
        path for root in CATALOGUE_DIRS if root.exists() for path in root.glob("*/LC_MESSAGES/*.po")
    )


def test_project_catalogue_exists_for_every_language():
    for language in OTHER_LANGUAGES:
        assert (ROOT / "locale" / language / "LC_MESSAGES" / "django.po").exists(), language


@pytest.mark.parametrize("path", catalogues(), ids=lambda p: str(p.relative_to(ROOT)))
def test_catalogue_is_complete(path):
    language = path.parts[-3]
    with path.open("rb") as handle:
        catalogue = read_po(handle, locale=language)
    problems = []
    for message in catalogue:
        if not message.id:
            continue
        label = message.id if isinstance(message.id, str) else message.id[0]
        if message.fuzzy:
            problems.append(f"fuzzy: {label!r}")
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        if isinstance(message.id, tuple) and len(strings) != PLURAL_COUNT[language]:
            problems.append(
                f"{len(strings)} plural forms instead of {PLURAL_COUNT[language]}: {label!r}"
            )
        if any(not string for string in strings):
            problems.append(f"untranslated: {label!r}")
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("path", catalogues(), ids=lambda p: str(p.relative_to(ROOT)))
def test_catalogue_passes_msgfmt_check(path):
    msgfmt = shutil.which("msgfmt")
    if msgfmt is None:
        pytest.fail("msgfmt (GNU gettext) is needed to check the catalogues")
    result = subprocess.run(
        [msgfmt, "--check", "--output-file=/dev/null", str(path)], capture_output=True, text=True
    )
    assert result.returncode == 0, result.stderr


# --- English leaking into other languages ------------------------------------------------

#: Text that is the same in every language: the product's name, player names.
PROPER_NAMES = {"Baize"}
PLACEHOLDER = re.compile(r"%\(\w+\)[sd]|%[sd]|\{\{[^}]*\}\}|\{[^}]*\}")


class VisibleText(HTMLParser):
    """The text a reader sees (and the labels a screen reader reads)."""

    SKIP = {"script", "style"}

    def __init__(self) -> None:
        super().__init__()
        self.parts: list[str] = []
        self.skipping = 0

    def handle_starttag(self, tag, attrs):
        if tag in self.SKIP:
            self.skipping += 1
        for name, value in attrs:
            if value and name in {"aria-label", "title", "alt", "placeholder"}:
                self.parts.append(value)

    def handle_endtag(self, tag):
        if tag in self.SKIP and self.skipping:
            self.skipping -= 1

    def handle_data(self, data):
        if not self.skipping:
            self.parts.append(data)


def visible_text(html: str) -> str:
    parser = VisibleText()
    parser.feed(html)
    return " ".join(" ".join(parser.parts).split())


def english_phrases() -> set[str]:
    """Every English interface text of our catalogues that another language translates."""
    phrases: set[str] = set()
    for path in catalogues():
        if path.parts[-3] != "fr":
            continue
        with path.open("rb") as handle:
            catalogue = read_po(handle, locale="fr")
        for message in catalogue:
            ids = message.id if isinstance(message.id, tuple) else (message.id,)
            strings = message.string if isinstance(message.string, tuple) else (message.string,)
            for msgid in ids:
                if not msgid or msgid in strings:
                    continue
                for fragment in PLACEHOLDER.split(msgid):
                    fragment = " ".join(fragment.split()).strip(" .,:;!?()—-")
                    # Single short words ("Score") can be the same in another language.
                    if len(fragment) >= 6 and " " in fragment and fragment not in PROPER_NAMES:
                        phrases.add(fragment)
    return phrases


def leaks(text: str, phrases: set[str]) -> list[str]:
    return sorted(p for p in phrases if re.search(rf"(?<!\w){re.escape(p)}(?!\w)", text))


def test_leak_detector_finds_english():
    phrases = english_phrases()
    assert "Skip to the content" in phrases
    assert leaks("Aller au contenu — Skip to the content", phrases) == ["Skip to the content"]


#: A wrong answer to every kind of question: feedback pages show right and wrong fields.
WRONG_FULL = {
    "legal": False, "penalty": 4, "points": {"B": 4}, "calls": ["foul"],
    "next_striker": "B", "next_options": ["play"], "ball_on": "red", "respot": "pink_spot",
}
WRONG_BY_ASK = {
    "legal": {"legal": True}, "penalty": {"penalty": 5}, "points": {"points": {}},
    "calls": {"calls": ["foul"]}, "next": {"next_striker": "A", "next_options": ["play"]},
    "ball_on": {"ball_on": "red"}, "respot": {"respot": "blue_spot"}, "decision": WRONG_FULL,
}


def pages(client, bank, answer_data, language):
    """Every page of the quiz as a reader reaches it: yields (name, response)."""
    from quiz.models import SelfTest, Topic

    def u(name, **kwargs):
        with translation.override(language):
            return reverse(name, kwargs=kwargs or None)

    scenario = bank["t-decision-pink"]
    practice = u("quiz:practice", topic=scenario.topic.slug, scenario=scenario.slug)
    yield "home", client.get(u("quiz:home"))
    yield "topics", client.get(u("quiz:topics"))
    page = client.get(practice)
    yield "practice question", page
    token = re.search(r'name="token" value="([^"]+)"', page.content.decode()).group(1)
    yield "practice error", client.post(
        practice, {"token": token, "scenario": scenario.pk, "penalty": "3"}
    )
    yield "practice feedback", client.post(
        practice, answer_data(scenario, WRONG_FULL) | {"token": token}
    )
    yield "self-test start", client.get(u("quiz:self_test_start"))
    yield "self-test start error", client.post(u("quiz:self_test_start"), {"language": language})
    client.post(
        u("quiz:self_test_start"),
        {"language": language, "length": "10", "topics": [t.pk for t in Topic.objects.all()]},
    )
    self_test = SelfTest.objects.filter(language=language).latest("created_at")
    by_pk = {s.pk: s for s in bank.values()}
    for position, pk in enumerate(self_test.scenario_ids, start=1):
        question = u("quiz:self_test_question", test_id=self_test.pk, position=position)
        if position == self_test.size:
            yield "self-test question", client.get(question)
        client.post(question, answer_data(by_pk[pk], WRONG_BY_ASK[by_pk[pk].ask]))
    yield "self-test result", client.get(u("quiz:self_test_result", test_id=self_test.pk))
    yield "progress", client.get(u("quiz:progress"))
    yield "signup", client.get(u("signup"))
    yield "not found", client.get(u("quiz:practice_topic", topic="no-such-topic"))
    client.logout()
    yield "login", client.get(u("login"))
    yield "login error", client.post(u("login"), {"username": "nobody", "password": "wrong"})


@pytest.mark.django_db
@pytest.mark.parametrize("language", ["en", *OTHER_LANGUAGES])
def test_every_page_renders_without_english_leaking(client, bank, answer_data, language):
    client.force_login(get_user_model().objects.create_user("reader", password="pw-for-tests-1"))
    phrases = english_phrases()
    found = {}
    seen = []
    for name, response in pages(client, bank, answer_data, language):
        seen.append(name)
        assert response.status_code in {200, 400, 404}, (name, response.status_code)
        html = response.content.decode()
        assert f'<html lang="{language}"' in html, name
        if language != "en":
            leaked = leaks(visible_text(html), phrases)
            if leaked:
                found[name] = leaked
    assert len(seen) == 14
    assert not found, f"English text in {language} pages: {found}"
