"""Sign-up: a name to sign in with (never an address), an address to verify, a password."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from django import forms
from django.contrib.auth.forms import PasswordResetForm, UserCreationForm
from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

from .models import EmailAddress


class SignUpForm(UserCreationForm):
    email = forms.EmailField(
        label=_("Email address"),
        max_length=254,
        help_text=_("We send a link to this address; open it to confirm that it is yours."),
    )

    class Meta(UserCreationForm.Meta):
        fields = ("username", "email")

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)
        self.fields["username"].help_text = _(
            "At most 150 characters: letters, digits and . + - _, not an email address."
        )

    def clean_username(self) -> str:
        username = super().clean_username()
        if username and "@" in username:
            raise ValidationError(
                _("Choose a user name that is not an email address."), code="email_as_username"
            )
        return username

    def clean_email(self) -> str:
        return self.cleaned_data["email"].strip().lower()


class VerifiedPasswordResetForm(PasswordResetForm):
    """Password reset mails go only to an address its owner has shown he holds: a signed-up
    account's address once verified; an account staff made (no sign-up address) as set."""

    def get_users(self, email: str) -> Iterator[Any]:
        for user in super().get_users(email):
            address = EmailAddress.objects.filter(user=user).first()
            if address is None or address.verified_at is not None:
                yield user


class UnlockRequestForm(forms.Form):
    """A locked-out visitor names his account to be mailed an unlock link."""

    name = forms.CharField(
        label=_("Your user name or email address"), max_length=254, strip=True,
    )
