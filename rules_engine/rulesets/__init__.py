"""Rule-book editions. Each ruleset is a referee class; a later edition subclasses an earlier one
and overrides only the rule paragraphs that changed. The names live in ``rules_engine.editions``
(read by ``case.py`` too); a referee module is imported only when a case of its edition is
judged.

>>> sorted(RULESETS)
['fr-club', 'wpbsa-2007', 'wpbsa-2014']
>>> referee_for("wpbsa-2014").name
'wpbsa-2014'
>>> type(referee_for("wpbsa-2014", ("ru-2004-3.4d",))).__name__
'Wpbsa2014Referee+ru-2004-3.4d'

Adding an edition: a module ``rulesets/wpbsa2019.py`` with::

    class Wpbsa2019Referee(Wpbsa2014Referee):
        name = "wpbsa-2019"

        def snookers_needed_excepts_miss(self, work):   # 3.14(b) as reworded
            ...

and one ``Edition`` line in ``rules_engine/editions.py``. (``register`` adds one at run time.)
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterator, MutableMapping, Sequence
from typing import TYPE_CHECKING, Any, TypeVar

from rules_engine.editions import EDITIONS, VARIANTS, Edition

if TYPE_CHECKING:  # pragma: no cover
    from rules_engine.rulesets.wpbsa2007 import Wpbsa2007Referee

RefereeClass = TypeVar("RefereeClass", bound=type)


def _load(path: str) -> Any:
    module, _, name = path.partition(":")
    return getattr(importlib.import_module(module), name)


class _Rulesets(MutableMapping[str, type]):
    """Ruleset name -> referee class, read from ``editions.EDITIONS`` and imported on first use."""

    def __init__(self) -> None:
        self._classes: dict[str, type] = {}

    def __getitem__(self, name: str) -> type:
        cls = self._classes.get(name)
        if cls is None:
            cls = self._classes[name] = _load(EDITIONS[name].referee)
        return cls

    def __setitem__(self, name: str, cls: type) -> None:
        self._classes[name] = cls
        EDITIONS[name] = Edition(name, f"{cls.__module__}:{cls.__qualname__}", 0)
        _forget_referees(name)

    def __delitem__(self, name: str) -> None:
        del EDITIONS[name]
        self._classes.pop(name, None)
        _forget_referees(name)

    def __iter__(self) -> Iterator[str]:
        return iter(EDITIONS)

    def __len__(self) -> int:
        return len(EDITIONS)


#: Ruleset name -> referee class.
RULESETS = _Rulesets()
_INSTANCES: dict[tuple[str, tuple[str, ...]], Wpbsa2007Referee] = {}


def _forget_referees(name: str) -> None:
    """Drop the referees made for ruleset ``name``: its class has changed or gone."""
    for key in [key for key in _INSTANCES if key[0] == name]:
        del _INSTANCES[key]


def register(name: str) -> Callable[[RefereeClass], RefereeClass]:
    """Class decorator making a referee class available as ``ruleset`` ``name``."""

    def add(cls: RefereeClass) -> RefereeClass:
        RULESETS[name] = cls
        return cls

    return add


def cited_rule(name: str, code: str) -> str:
    """The paragraph a trail step of ``code`` cites in ruleset ``name`` (each edition cites its
    own numbering).

    >>> [cited_rule(name, "first_contact_not_on") for name in ("wpbsa-2007", "wpbsa-2014")]
    ['3.12(b)', '3.10(b)']
    """
    return referee_for(name).rule_of(code)


def referee_for(name: str, variants: Sequence[str] = ()) -> Wpbsa2007Referee:
    """The (shared, stateless) referee of ruleset ``name`` with the local ``variants`` on top;
    KeyError when either is unknown."""
    key = (name, tuple(variants))
    referee = _INSTANCES.get(key)
    if referee is None:
        cls = RULESETS[name]
        if variants:
            mixins = tuple(_load(VARIANTS[variant].mixin) for variant in variants)
            cls = type(f"{cls.__name__}+{'+'.join(variants)}", (*mixins, cls), {})
        referee = _INSTANCES[key] = cls()
    return referee
