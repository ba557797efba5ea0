"""Rule-book editions. Each ruleset is a referee class; a later edition subclasses an earlier one
and overrides only the rule paragraphs that changed.

>>> sorted(RULESETS)
['wpbsa-2007']
>>> referee_for("wpbsa-2007").name
'wpbsa-2007'

Adding an edition::

    @register("wpbsa-2019")
    class Wpbsa2019Referee(Wpbsa2007Referee):
        name = "wpbsa-2019"

        def snookers_needed_excepts_miss(self, work):   # 3.14(b) as reworded
            ...
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from rules_engine.rulesets.wpbsa2007 import Wpbsa2007Referee

RefereeClass = TypeVar("RefereeClass", bound=type[Wpbsa2007Referee])

#: Ruleset name -> referee class.
RULESETS: dict[str, type[Wpbsa2007Referee]] = {"wpbsa-2007": Wpbsa2007Referee}
_INSTANCES: dict[str, Wpbsa2007Referee] = {}


def register(name: str) -> Callable[[RefereeClass], RefereeClass]:
    """Class decorator making a referee class available as ``ruleset`` ``name``."""

    def add(cls: RefereeClass) -> RefereeClass:
        RULESETS[name] = cls
        _INSTANCES.pop(name, None)
        return cls

    return add


def referee_for(name: str) -> Wpbsa2007Referee:
    """The (shared, stateless) referee of ruleset ``name``; KeyError when unknown."""
    referee = _INSTANCES.get(name)
    if referee is None:
        referee = _INSTANCES[name] = RULESETS[name]()
    return referee
