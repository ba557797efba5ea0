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


def printable(text: str) -> str:
    """``text`` with control characters and line breaks escaped, so that a problem is always one
    line (a key or value in a case may contain anything).

    >>> printable("state.a\\nb")
    'state.a\\\\nb'
    """
    if text.isprintable():
        return text
    return "".join(
        ch if ch.isprintable() or ch == " " else ch.encode("unicode_escape").decode("ascii")
        for ch in text
    )


@dataclass(frozen=True)
class Problem:
    """One thing wrong with a case: where (a JSON path such as ``state.positions.red[3]``) and
    what. Both are kept on one line (control characters escaped).

    >>> str(Problem("state.x\\ny", "unknown field"))
    'state.x\\\\ny: unknown field'
    """

    path: str
    message: str

    def __post_init__(self) -> None:
        object.__setattr__(self, "path", printable(self.path))
        object.__setattr__(self, "message", printable(self.message))

    def __str__(self) -> str:
        return f"{self.path}: {self.message}" if self.path else self.message


class CaseError(ValueError):
    """A case that is malformed or describes a situation that cannot occur.

    ``problems`` lists every problem found, each with the JSON path of the field concerned.
    """

    def __init__(self, problems: Iterable[Problem]) -> None:
        self.problems: tuple[Problem, ...] = tuple(problems)
        super().__init__("; ".join(str(problem) for problem in self.problems))
