"""Forms: an uploaded credential to verify; holders to enrol in a renewal exam."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

from . import selectors

#: A credential with its baked badge is a few tens of kilobytes; refuse anything far larger.
MAX_UPLOAD_BYTES = 512 * 1024


class VerifyUploadForm(forms.Form):
    """A credential file (.json, .jwt, baked .svg) or its text pasted."""

    file = forms.FileField(label=_("Credential file (.json, .jwt or badge .svg)"), required=False)
    text = forms.CharField(
        label=_("Or paste the credential"), required=False, max_length=MAX_UPLOAD_BYTES,
        widget=forms.Textarea(attrs={"rows": 4, "dir": "ltr", "spellcheck": "false"}),
    )

    def clean_file(self) -> bytes | None:
        upload = self.cleaned_data.get("file")
        if upload is None:
            return None
        if upload.size > MAX_UPLOAD_BYTES:
            raise ValidationError(_("This file is too large to be a credential."), code="size")
        return upload.read()

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean()
        data = cleaned.get("file") or (cleaned.get("text") or "").strip()
        if not data and not self.errors:
            raise ValidationError(_("Choose a credential file or paste one."), code="required")
        cleaned["data"] = data
        return cleaned


class RenewalForm(forms.Form):
    """The renewal exam and the holders to enrol in it."""

    exam = forms.ModelChoiceField(label=_("Renewal exam"), queryset=None,
                                  empty_label=None)
    certificates = forms.MultipleChoiceField(
        label=_("Holders to enrol"), widget=forms.CheckboxSelectMultiple,
        error_messages={"required": _("Choose at least one holder.")},
    )

    def __init__(self, *args: Any, federation: Any, certificates: list, now: datetime,
                 **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.federation, self.now = federation, now
        self.fields["exam"].queryset = selectors.renewal_exams(federation=federation, now=now)
        self.fields["certificates"].choices = [
            (str(certificate.pk), certificate.holder_name) for certificate in certificates
        ]

    def clean_certificates(self) -> list:
        """The chosen certificates, re-read: each still the federation's and expiring."""
        ids = [int(value) for value in self.cleaned_data["certificates"]]
        return selectors.expiring_by_ids(federation=self.federation, ids=ids, now=self.now)
