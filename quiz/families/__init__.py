"""Scenario families (issue 21): a parameterised situation, and its instances.

``spec`` reads a family from its fixture, ``constraints`` tests a parameter set and a decision
against the family's rules of soundness, ``instances`` builds ``family + seed -> instance``,
``narratives`` tells an instance in five languages and ``check`` runs all of it over many seeds
(``manage.py check_families``). The format is documented in ``docs/families.md``.
"""
