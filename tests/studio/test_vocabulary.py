"""The studio's rulebook and local-rule menus name editions and variants in the author's
language (the labels of ``quiz.editions``), while the case keeps the codes."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse
from django.utils import translation

from quiz.editions import edition_label, variant_label
from studio import vocabulary

LANGUAGES = ("en", "fr", "ru", "fa", "pl")


@pytest.mark.parametrize("language", LANGUAGES)
def test_menus_pair_each_code_with_its_name(language) -> None:
    with translation.override(language):
        words = vocabulary.context()
        expected_editions = [(name, str(edition_label(name)))
                             for name in ("wpbsa-2007", "wpbsa-2014", "fr-club")]  # fmt: skip
        expected_variant = ("ru-2004-3.4d", str(variant_label("ru-2004-3.4d")))
    assert words["editions"] == expected_editions
    assert words["variants"] == [expected_variant]
    assert all(code not in label for code, label in [*words["editions"], *words["variants"]])


@pytest.mark.parametrize("language", ["en", "fa"])
def test_the_editor_shows_names_and_keeps_codes_as_values(client, users, draft, language):
    client.force_login(users["author"])
    with translation.override(language):
        url = reverse("studio:edit", args=[draft.pk])
        label = str(variant_label("ru-2004-3.4d"))
        edition = str(edition_label("wpbsa-2014"))
    page = client.get(url).content.decode()
    ruleset_menu = re.search(r'<select id="c-ruleset".*?</select>', page, re.S).group(0)
    assert '<option value="wpbsa-2014">' + edition.replace("'", "&#x27;") in ruleset_menu
    assert ">wpbsa-2014<" not in ruleset_menu
    variants = re.search(r'data-field="variants">.*?</fieldset>', page, re.S).group(0)
    assert 'value="ru-2004-3.4d"' in variants and label in variants
    assert "> ru-2004-3.4d<" not in variants
