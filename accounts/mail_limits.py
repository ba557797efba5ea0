"""How many mails one address, and one client, can have sent: sign-up and resent
verification links, password resets, unlock links.

Each limit counts in the shared cache (``throttling``), so it holds across workers and
servers. A turn is counted whether or not an account has the address: the answer a
visitor sees never tells whether one exists.
"""

from __future__ import annotations

from django.conf import settings
from django.http import HttpRequest

from config.client_ip import client_ip
from throttling.services import take_turn

#: Mails to one address, and mail requests from one client, per window (seconds).
PER_ADDRESS = 3
PER_CLIENT = 10
WINDOW = 3600


def _limit(name: str, default: int) -> int:
    return int(getattr(settings, name, default))


def take_client_turn(*, request: HttpRequest) -> bool:
    """One more mail asked by this client (its address); False past its hourly allowance."""
    return take_turn(
        scope="mail-client", key=client_ip(request), window=WINDOW,
        limit=_limit("MAIL_LIMIT_PER_CLIENT", PER_CLIENT),
    )


def take_address_turn(*, email: str) -> bool:
    """One more mail to ``email``; False past the address's hourly allowance."""
    return take_turn(
        scope="mail-address", key=email.strip().lower(), window=WINDOW,
        limit=_limit("MAIL_LIMIT_PER_ADDRESS", PER_ADDRESS),
    )


def may_mail(*, request: HttpRequest, email: str) -> bool:
    """Both allowances: this client's and the address's (each counted once)."""
    client_ok = take_client_turn(request=request)
    address_ok = take_address_turn(email=email)
    return client_ok and address_ok
