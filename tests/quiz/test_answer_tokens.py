"""quiz/answer_tokens.py: a practice form's token is checked without the session."""

from __future__ import annotations

import uuid

from quiz import answer_tokens


def test_an_issued_token_is_valid_for_its_question_only():
    token = uuid.UUID(answer_tokens.issue(scenario_id=3))
    assert answer_tokens.is_valid(scenario_id=3, token=token)
    assert not answer_tokens.is_valid(scenario_id=4, token=token)


def test_tokens_differ_and_a_made_up_one_is_refused():
    tokens = {answer_tokens.issue(scenario_id=3) for _ in range(20)}
    assert len(tokens) == 20
    assert not answer_tokens.is_valid(scenario_id=3, token=uuid.uuid4())


def test_a_token_is_refused_once_a_digit_of_it_changes():
    token = answer_tokens.issue(scenario_id=3)
    changed = token[:-1] + ("0" if token[-1] != "0" else "1")
    assert not answer_tokens.is_valid(scenario_id=3, token=uuid.UUID(changed))


def test_another_secret_key_refuses_the_token(settings):
    token = uuid.UUID(answer_tokens.issue(scenario_id=3))
    settings.SECRET_KEY = "another-secret-key-for-the-test-" * 2
    assert not answer_tokens.is_valid(scenario_id=3, token=token)
