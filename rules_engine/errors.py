"""Errors raised for cases that cannot be judged.

>>> error = CaseError([Problem("state.reds", "must be a whole number from 0 to 15")])
>>> isinstance(error, ValueError)
True
>>> str(error)
'state.reds: must be a whole number from 0 to 15'
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass


@dataclass(frozen=True)
class Problem:
    """One thing wrong with a case: where (a JSON path such as ``state.positions.red[3]``) and
    what."""

    path: str
    message: str

    def __str__(self) -> str:
        return f"{self.path}: {self.message}" if self.path else self.message


class CaseError(ValueError):
    """A case that is malformed or describes a situation that cannot occur.

    ``problems`` lists every problem found, each with the JSON path of the field concerned.
    """

    def __init__(self, problems: Iterable[Problem]) -> None:
        self.problems: tuple[Problem, ...] = tuple(problems)
        super().__init__("; ".join(str(problem) for problem in self.problems))
