"""The rule-book editions and local variants the engine knows, by name only.

This is the one list both ``case.py`` (to check a case's ``ruleset`` and ``variants``) and
``rulesets/__init__.py`` (to find the referee) read. It imports nothing of the engine, so
loading a case never imports a referee, and adding an edition touches only its own module and
one line here.

>>> sorted(EDITIONS)
['fr-club', 'wpbsa-2007', 'wpbsa-2014']
>>> EDITIONS["wpbsa-2014"].referee
'rules_engine.rulesets.wpbsa2014:Wpbsa2014Referee'
>>> VARIANTS["ru-2004-3.4d"].rule
'3.4(d)*'
"""

from __future__ import annotations

from dataclasses import dataclass

DEFAULT_RULESET = "wpbsa-2007"


@dataclass(frozen=True)
class Edition:
    """One edition of Section 3: its name, the referee class (``module:Class``) and the year its
    text took effect."""

    name: str
    referee: str
    year: int


@dataclass(frozen=True)
class Variant:
    """A local variant a federation applies on top of an edition: its name, the mixin class
    (``module:Class``) that adds its paragraph, and the paragraph it cites."""

    name: str
    mixin: str
    rule: str


#: Ruleset name -> edition, oldest first. ``rulesets.register`` adds editions made at run time.
EDITIONS: dict[str, Edition] = {
    edition.name: edition
    for edition in (
        Edition("wpbsa-2007", "rules_engine.rulesets.wpbsa2007:Wpbsa2007Referee", 2007),
        Edition("wpbsa-2014", "rules_engine.rulesets.wpbsa2014:Wpbsa2014Referee", 2014),
        # The French club rules of shared/rules/fr.txt (undated; older than the 2007 text).
        Edition("fr-club", "rules_engine.rulesets.frclub:FrClubReferee", 0),
    )
}

#: Variant name -> variant. A case lists the variants it is judged with (``variants``).
VARIANTS: dict[str, Variant] = {
    variant.name: variant
    for variant in (
        Variant("ru-2004-3.4d", "rules_engine.rulesets.variants:FourSnookersVariant", "3.4(d)*"),
    )
}
