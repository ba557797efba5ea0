"""quiz/practice_state.py: a visitor's practice in his session, read and written in one place."""

from __future__ import annotations

import uuid

import pytest

from quiz import editions
from quiz.practice_state import (
    ANSWERED,
    EDITION,
    FEEDBACK,
    FEEDBACK_KEPT,
    REVIEW_CARDS,
    VARIANTS,
    PracticeState,
    parse_token,
)


def visitor(session: dict | None = None) -> PracticeState:
    return PracticeState(session={} if session is None else session, signed_in=False)


def test_every_write_assigns_the_key_again_so_the_session_knows():
    class Watched(dict):
        written: list[str] = []

        def __setitem__(self, key, value):
            self.written.append(key)
            super().__setitem__(key, value)

    session = Watched()
    state = visitor(session)
    state.remember_answer(topic_slug="fouls", scenario_id=1, token="t")
    state.add_self_test(test_id=uuid.uuid4())
    state.keep_review_cards({"1": {}})
    state.choose_edition(edition=editions.DEFAULT_RULESET, variants=[])
    assert set(session.written) == {FEEDBACK, ANSWERED, "quiz_self_tests", REVIEW_CARDS,
                                    EDITION, VARIANTS}


def test_a_visitor_moves_on_in_the_topic_and_may_reopen_his_feedback():
    state = visitor()
    state.remember_answer(topic_slug="fouls", scenario_id=5, token="a")
    state.remember_answer(topic_slug="fouls", scenario_id=3, token="b")
    state.remember_answer(topic_slug="fouls", scenario_id=5, token="c")
    assert state.answered_ids(topic_slug="fouls") == {3, 5}
    assert state.answered_ids(topic_slug="other") == set()
    assert state.may_reopen(token="b")
    assert not state.may_reopen(token="z")


def test_only_the_last_feedback_tokens_are_kept():
    state = visitor()
    for number in range(FEEDBACK_KEPT + 3):
        state.remember_answer(topic_slug="t", scenario_id=number, token=str(number))
    assert not state.may_reopen(token="0")
    assert state.may_reopen(token=str(FEEDBACK_KEPT + 2))
    assert len(state.session[FEEDBACK]) == FEEDBACK_KEPT


def test_a_signed_in_trainees_progress_and_cards_are_not_kept_in_the_session():
    state = PracticeState(session={}, signed_in=True)
    state.remember_answer(topic_slug="fouls", scenario_id=5, token="a")
    state.keep_review_cards({"5": {"due": "x"}})
    assert state.may_reopen(token="a")  # this browser gave it
    assert ANSWERED not in state.session
    assert REVIEW_CARDS not in state.session
    assert state.review_cards == {}


def test_an_unknown_edition_or_variant_in_the_session_falls_back():
    state = visitor({EDITION: "no-such-edition", VARIANTS: ["no-such-variant"]})
    assert state.edition == editions.DEFAULT_RULESET
    assert state.variants == []


@pytest.mark.parametrize("value", [None, "", "nonsense", 12])
def test_a_token_that_is_not_one_parses_to_none(value):
    assert parse_token(value) is None


def test_a_token_parses():
    token = uuid.uuid4()
    assert parse_token(str(token)) == token
