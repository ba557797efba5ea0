"""The client's address for login throttling, behind as many proxies as configured."""

from __future__ import annotations

import os

from django.http import HttpRequest


def client_ip(request: HttpRequest) -> str:
    """``REMOTE_ADDR``, or with ``TRUSTED_PROXY_COUNT=n`` the address the n-th proxy saw.

    Each trusted proxy appends the address it saw to ``X-Forwarded-For``; the entries
    a client writes himself come before them, so only the last ``n`` are trusted.
    """
    count = int(os.environ.get("TRUSTED_PROXY_COUNT", "0"))
    if count > 0:
        hops = [hop.strip() for hop in request.META.get("HTTP_X_FORWARDED_FOR", "").split(",")]
        hops = [hop for hop in hops if hop]
        if len(hops) >= count:
            return hops[-count]
    return request.META.get("REMOTE_ADDR", "")
