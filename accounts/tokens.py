"""The email-verification token: Django's password-reset token, for another purpose.

It is not stored; it expires after ``PASSWORD_RESET_TIMEOUT`` and dies once the
address is verified or changed (both are part of what it signs).
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth.tokens import PasswordResetTokenGenerator


class EmailVerificationTokenGenerator(PasswordResetTokenGenerator):
    key_salt = "accounts.tokens.EmailVerificationTokenGenerator"

    def _make_hash_value(self, user: Any, timestamp: int) -> str:
        address = getattr(user, "email_address", None)
        email = address.email if address else ""
        verified = address.verified_at.isoformat() if address and address.verified_at else ""
        return f"{user.pk}{email}{verified}{timestamp}"


verification_token = EmailVerificationTokenGenerator()
