"""The studio's pages in fr, ru, fa and pl show no English of our catalogues.

Text marked ``lang="en"`` is English on purpose (the English words tab, the
engine's own detail of a problem) and is left out of the check.
"""

from __future__ import annotations

from html.parser import HTMLParser

import pytest
from django.test import Client

from studio import family_services
from tests.test_translations import OTHER_LANGUAGES, english_phrases, leaks

pytestmark = pytest.mark.django_db

VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source",
        "track", "wbr", "circle", "path", "rect", "line"}


class NotEnglish(HTMLParser):
    """Visible text and labels, outside any element marked ``lang="en"``."""

    def __init__(self) -> None:
        super().__init__()
        self.parts: list[str] = []
        self.stack: list[bool] = []  # per open element: is it (inside) English or script

    def handle_starttag(self, tag, attrs):
        attributes = dict(attrs)
        skipped = (self.stack[-1] if self.stack else False) or attributes.get("lang") == "en" or (
            tag in {"script", "style"})
        if not skipped:
            for name in ("aria-label", "title", "alt", "placeholder"):
                if attributes.get(name):
                    self.parts.append(attributes[name])
        if tag not in VOID:
            self.stack.append(skipped)

    def handle_startendtag(self, tag, attrs):
        self.handle_starttag("input", attrs)

    def handle_endtag(self, tag):
        if tag not in VOID and self.stack:
            self.stack.pop()

    def handle_data(self, data):
        if not (self.stack and self.stack[-1]):
            self.parts.append(data)


def text_of(html: str) -> str:
    parser = NotEnglish()
    parser.feed(html)
    return " ".join(" ".join(parser.parts).split())


@pytest.mark.parametrize("language", OTHER_LANGUAGES)
def test_studio_pages_are_translated(users, draft, language):
    phrases = english_phrases()
    author = Client()
    author.force_login(users["author"])
    examiner = Client()
    examiner.force_login(users["examiner"])
    trainee = Client()
    trainee.force_login(users["trainee"])
    pages = {
        "index": author.get(f"/{language}/author/"),
        "new": author.get(f"/{language}/author/new/"),
        "new error": author.post(f"/{language}/author/new/", {"slug": "bad slug!"}),
        "editor": author.get(f"/{language}/author/{draft.pk}/"),
        "publish refused": author.post(f"/{language}/author/{draft.pk}/publish/", {}),
        "authors": examiner.get(f"/{language}/author/authors/"),
        "refused": trainee.get(f"/{language}/author/"),
    }
    family = family_services.family_from_draft(draft=draft, user=users["author"])
    families = f"/{language}/author/families/{family.pk}/"
    pages.update({
        "family editor": author.get(families),
        "family ranges refused": author.post(families, {"vary_reds": "on", "low_reds": "9",
                                                        "high_reds": "2"}),
        "family JSON refused": author.post(f"{families}json/", {"family": '{"slug": 1}'}),
        "family preview": author.get(f"{families}preview/?lang={language}"),
        "family publish refused": author.post(f"{families}publish/"),
    })
    expected = {"index": 200, "new": 200, "new error": 400, "editor": 200,
                "publish refused": 400, "authors": 200, "refused": 403, "family editor": 200,
                "family ranges refused": 400, "family JSON refused": 400, "family preview": 200,
                "family publish refused": 400}
    found = {}
    for name, response in pages.items():
        assert response.status_code == expected[name], (name, response.status_code)
        html = response.content.decode()
        assert f'<html lang="{language}"' in html
        leaked = leaks(text_of(html), phrases)
        if leaked:
            found[name] = leaked
    assert not found, f"English in {language} studio pages: {found}"
