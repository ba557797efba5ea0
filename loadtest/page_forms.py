"""The forms of a page as a browser would submit them, and the files it names, for the
load test's candidates.

Read with regular expressions, not an HTML parser: the site writes well-formed HTML, and
an HTML parser over a page with inline drawings costs the load generator as much CPU as
the server spends on the page (the load generator shares the machine it measures).
"""

from __future__ import annotations

import html
import random
import re


class NoSuchForm(LookupError):
    """The page has no such form (the candidate cannot go on)."""


class Form:
    """A form's fields, as a browser would submit them, and its action."""

    def __init__(self, attrs: dict[str, str]) -> None:
        self.id = attrs.get("id", "")
        self.action = attrs.get("action") or None
        self.hidden: dict[str, str] = {}
        self.radios: dict[str, list[str]] = {}
        self.checkboxes: dict[str, list[str]] = {}
        self.selects: dict[str, list[str]] = {}
        self.texts: dict[str, str] = {}


_ASSET = re.compile(r'(?:href|src)="(/static/[^"]+\.(?:css|js))"')
_FORM = re.compile(r"<form\b([^>]*)>(.*?)</form>", re.S)
_FIELD = re.compile(r"<input\b([^>]*)>|<select\b([^>]*)>(.*?)</select>", re.S)
_OPTION = re.compile(r"<option\b([^>]*)>")
_ATTR = re.compile(r'([^\s=/>]+)(?:="([^"]*)")?')


def _attrs(text: str) -> dict[str, str]:
    return {name: html.unescape(value) for name, value in _ATTR.findall(text)}


def _form(attrs: str, body: str) -> Form:
    """The fields of the form whose opening tag has ``attrs`` and whose content is ``body``."""
    form = Form(_attrs(attrs))
    for input_attrs, select_attrs, options in _FIELD.findall(body):
        a = _attrs(input_attrs or select_attrs)
        name = a.get("name")
        if not name:
            continue
        if select_attrs:
            values = [_attrs(option).get("value") for option in _OPTION.findall(options)]
            form.selects[name] = [value for value in values if value]
            continue
        kind = a.get("type", "text")
        if kind == "hidden":
            form.hidden[name] = a.get("value", "")
        elif kind == "radio":
            form.radios.setdefault(name, []).append(a.get("value", ""))
        elif kind == "checkbox":
            form.checkboxes.setdefault(name, []).append(a.get("value", ""))
        elif kind in {"text", "number"}:
            form.texts[name] = a.get("value", "") or a.get("min", "") or "0"
    return form


def assets(page: str) -> list[str]:
    """The style sheets and scripts a page names, as a browser would load them."""
    return _ASSET.findall(page)


def parse_form(page: str, form_id: str | None = None) -> Form:
    """The form with ``form_id``, else the page's own form (one that posts back to it)."""
    for attrs, body in _FORM.findall(page):
        form = _form(attrs, body)
        if (form.id == form_id) if form_id else form.action is None:
            return form
    raise NoSuchForm(form_id or "the page's own form")


def main_button(page: str) -> str:
    """The ``go`` of a question page's main button: ``final`` on a frame stroke (its calls
    made final, so that the frame goes on to the next stroke: issue 22), else ``save``."""
    return "final" if 'name="go" value="final"' in page else "save"


def an_answer(form: Form, rng: random.Random) -> list[tuple[str, str]]:
    """A complete answer: one choice per radio group and list, some boxes ticked."""
    data = [(name, rng.choice(values)) for name, values in form.radios.items()]
    data += [(name, rng.choice(values)) for name, values in form.selects.items() if values]
    chosen = dict(data)
    for name, value in form.texts.items():
        if name == "points_amount":  # how many points, unless nobody scores
            value = "" if chosen.get("points_side") == ":nobody" else str(rng.randint(1, 7))
        data.append((name, value))
    for name, values in form.checkboxes.items():
        data += [(name, value) for value in values if rng.random() < 0.3]
    return data
