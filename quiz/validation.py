"""One scenario checked and stored exactly as ``load_scenarios`` checks and stores a bank.

The scenario studio publishes through here; the checks themselves are the loader's own
functions (``quiz/loading.py``), not a copy, so a scenario written in the browser passes the
same gate as a fixture file.

>>> from quiz.validation import ScenarioProblem
>>> ScenarioProblem("title_fr", "is empty; every language is needed").path
'title_fr'
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from quiz import loading as loader

#: Where the problems of a scenario that is not read from a file come from.
SOURCE = "studio"


@dataclass(frozen=True)
class ScenarioProblem:
    """What is wrong, and where: a fixture field (``title_fr``, ``case.state.reds``)."""

    path: str
    message: str


class _CollectingBank(loader.Bank):
    """A bank that also keeps each problem as a (path, message) pair."""

    def __init__(self, *, pool_languages: loader.PoolLanguages) -> None:
        super().__init__(pool_languages=pool_languages)
        self.pairs: list[ScenarioProblem] = []

    def problem(self, source: str, slug: str, path: str, message: str) -> None:
        super().problem(source, slug, path, message)
        self.pairs.append(ScenarioProblem(path, message))


def _bank(
    fields: Mapping[str, Any], pool_languages: loader.PoolLanguages
) -> _CollectingBank:
    from quiz.models import Topic

    bank = _CollectingBank(pool_languages=pool_languages)
    slug = fields.get("slug")
    if not isinstance(slug, str) or not slug or not loader.SLUG.match(slug):
        bank.problem(SOURCE, "", "slug", "must be letters, digits, '-' or '_'")
        return bank
    shape = loader.shape_problem(dict(fields))
    if shape is not None:
        bank.problem(SOURCE, slug, *shape)
        return bank
    bank.scenarios[slug] = {"source": SOURCE, "fields": dict(fields)}
    known_topics = set(Topic.objects.values_list("slug", flat=True))
    loader.check_scenario(bank, SOURCE, slug, fields, known_topics)
    loader.check_reserved_slugs(bank)
    loader.check_new_situations(bank)
    return bank


def scenario_problems(
    *, fields: Mapping[str, Any], pool_languages: loader.PoolLanguages
) -> list[ScenarioProblem]:
    """Everything ``load_scenarios`` would report about this one scenario (fixture fields);
    ``pool_languages(federation=...)``: the languages a federation's exam pool needs."""
    return list(_bank(fields, pool_languages).pairs)


def store_scenario(
    *, fields: Mapping[str, Any], pool_languages: loader.PoolLanguages
) -> list[ScenarioProblem]:
    """Check the scenario, and store it as ``load_scenarios`` does when nothing is wrong.

    Returns the problems; the database is written only when there are none (the
    row is created, or updated by its slug; ``case.expect`` is never stored).
    """
    bank = _bank(fields, pool_languages)
    if not bank.pairs:
        loader.store_bank(bank)
    return list(bank.pairs)
