"""The token of a practice question's form, checked on the POST without the session.

It names the answer once given (``PracticeAnswer.token``; a second send of the same form
finds it and shows the first result) and is the feedback page's address. Its first half is
random; its second half signs the first with the question (Django's ``salted_hmac``), so a
POST can tell a token this site issued for this question from a made-up or an old-style
one, and showing a question stores nothing: a GET writes no session row.
"""

from __future__ import annotations

import hmac
import os
import uuid

from django.utils.crypto import salted_hmac

_SALT = "quiz.answer_tokens"


def _signature(*, scenario_id: int, nonce: bytes) -> bytes:
    return salted_hmac(_SALT, f"{scenario_id}:{nonce.hex()}").digest()[:8]


def issue(*, scenario_id: int) -> str:
    """A new token for the form of this question."""
    nonce = os.urandom(8)
    return str(uuid.UUID(bytes=nonce + _signature(scenario_id=scenario_id, nonce=nonce)))


def is_valid(*, scenario_id: int, token: uuid.UUID) -> bool:
    """Whether this site issued ``token`` for this question."""
    nonce, signature = token.bytes[:8], token.bytes[8:]
    return hmac.compare_digest(signature, _signature(scenario_id=scenario_id, nonce=nonce))
