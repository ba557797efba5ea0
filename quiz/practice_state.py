"""What practice remembers of a visitor in his session: one object, the only reader and writer.

A visitor who is not signed in has no rows of his own; his practice lives in the session
under the ``quiz_*`` keys below (the namespace; their names are those sessions already hold,
so that nobody's practice is lost when this module replaced the views' own reads and writes).
A signed-in trainee keeps his progress in the database; his session still holds what is
about this browser: the feedback pages it may reopen, the
self-tests it started, the edition and variants it practises.

The views build one with :meth:`PracticeState.of` and ask it; nothing else touches these keys.
Showing a question writes none of them (its form's token is signed instead, see
:mod:`quiz.answer_tokens`): a session is written when the visitor does something.
"""

from __future__ import annotations

import uuid
from collections.abc import MutableMapping
from dataclasses import dataclass
from typing import Any

from quiz import editions

#: The scenarios a visitor answered, by topic slug (a signed-in trainee's are rows).
ANSWERED = "quiz_practice_answered"
#: Tokens of the practice answers given in this session: their feedback pages may be reopened.
FEEDBACK = "quiz_practice_feedback"
#: How many of them a session remembers.
FEEDBACK_KEPT = 50
#: The self-tests started in this session (their ids), which it may resume.
SELF_TESTS = "quiz_self_tests"
#: An anonymous trainee's review cards (``quiz.review``), by scenario id.
REVIEW_CARDS = "quiz_review_cards"
#: The rule-book edition the trainee practises (``quiz.editions``); absent: the seeds' edition.
EDITION = "quiz_practice_edition"
#: The local variants he practises with on top of it; absent: none.
VARIANTS = "quiz_practice_variants"


@dataclass
class PracticeState:
    """One visitor's practice as his session holds it (``session`` is ``request.session``).

    Every write assigns its key again, so that the session knows it changed.
    """

    session: MutableMapping[str, Any]
    signed_in: bool = False

    @classmethod
    def of(cls, request: Any) -> PracticeState:
        return cls(session=request.session, signed_in=request.user.is_authenticated)

    # --- answers given ------------------------------------------------------------

    def answered_ids(self, *, topic_slug: str) -> set[int]:
        """The scenarios of the topic this visitor answered (a signed-in trainee: none here)."""
        return set(self.session.get(ANSWERED, {}).get(topic_slug, []))

    def remember_answer(self, *, topic_slug: str, scenario_id: int, token: str) -> None:
        """An answer was given: its feedback may be reopened; a visitor moves on in the topic."""
        kept = [*self.session.get(FEEDBACK, []), str(token)][-FEEDBACK_KEPT:]
        self.session[FEEDBACK] = kept
        if self.signed_in:
            return  # his progress is in the database
        answered = dict(self.session.get(ANSWERED, {}))
        answered[topic_slug] = sorted({*answered.get(topic_slug, []), scenario_id})
        self.session[ANSWERED] = answered

    def may_reopen(self, *, token: str) -> bool:
        """Whether this session gave the answer with this token (so may see its feedback)."""
        return str(token) in self.session.get(FEEDBACK, [])

    @property
    def feedback_tokens(self) -> list[str]:
        """The tokens of the answers given in this session (whose feedback it may reopen)."""
        return list(self.session.get(FEEDBACK, []))

    # --- self-tests ---------------------------------------------------------------

    @property
    def self_test_ids(self) -> list[str]:
        return list(self.session.get(SELF_TESTS, []))

    def add_self_test(self, *, test_id: Any) -> None:
        self.session[SELF_TESTS] = [*self.self_test_ids, str(test_id)]

    # --- review cards -------------------------------------------------------------

    @property
    def review_cards(self) -> dict[str, Any]:
        """A visitor's review cards (a copy to change and give back to :meth:`keep_review_cards`);
        a signed-in trainee's are rows: none here."""
        return {} if self.signed_in else dict(self.session.get(REVIEW_CARDS, {}))

    def keep_review_cards(self, cards: dict[str, Any]) -> None:
        if not self.signed_in:
            self.session[REVIEW_CARDS] = cards

    # --- edition and local variants -------------------------------------------------

    @property
    def edition(self) -> str:
        """The edition chosen (if it still exists), else the seeds' edition."""
        chosen = self.session.get(EDITION)
        return chosen if editions.is_edition(chosen) else editions.DEFAULT_RULESET

    @property
    def variants(self) -> list[str]:
        """The local variants chosen on top of it (those that still exist), else none."""
        return editions.known_variants(self.session.get(VARIANTS))

    def choose_edition(self, *, edition: str, variants: list[str]) -> None:
        self.session[EDITION] = edition
        self.session[VARIANTS] = editions.known_variants(variants)


def parse_token(value: Any) -> uuid.UUID | None:
    """The token a form sent, or ``None`` when it is not one."""
    try:
        return uuid.UUID(str(value))
    except (TypeError, ValueError):
        return None
