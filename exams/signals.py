"""What the exams announce to the apps above them, which act on it.

The exams import no higher app: a certificate's Open Badges credential is issued and revoked by
the ``credentials`` app's receivers (``credentials/receivers.py``, connected when that app is
ready). Each signal is sent inside the transaction that changed the certificate, with
``certificate`` and ``now``.
"""

from django.dispatch import Signal

#: A certificate became valid: issued, or valid again after a regrading.
certificate_valid = Signal()
#: A certificate was revoked: by an examiner, or by a regrading.
certificate_revoked = Signal()
