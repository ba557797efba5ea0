"""Limits counted in the shared cache (``CACHES``, config/cache.py): every worker of every
server counts in one place, so an allowance is the site's, not each process's.

A limit is a fixed window: at most ``limit`` turns per ``window`` seconds for one key
(a user, an address, a client). Keys are hashed: an address never appears in the cache.
"""

from __future__ import annotations

import hashlib
from datetime import datetime

from django.core.cache import cache
from django.utils import timezone


def _cache_key(*, scope: str, key: str, window: int, moment: datetime) -> str:
    digest = hashlib.sha256(key.encode("utf-8", "surrogatepass")).hexdigest()[:32]
    return f"limit:{scope}:{digest}:{int(moment.timestamp()) // window}"


def take_turn(
    *, scope: str, key: str, limit: int, window: int, now: datetime | None = None
) -> bool:
    """Count one turn of ``key`` in ``scope``; ``False`` once the window's ``limit`` is spent.

    A refused turn is counted too, so hammering never shortens the wait.
    """
    cache_key = _cache_key(scope=scope, key=key, window=window, moment=now or timezone.now())
    if cache.add(cache_key, 1, timeout=window * 2):
        return limit >= 1
    try:
        count = cache.incr(cache_key)
    except ValueError:  # expired between add and incr
        cache.set(cache_key, 1, timeout=window * 2)
        count = 1
    return count <= limit


def turns_left(
    *, scope: str, key: str, limit: int, window: int, now: datetime | None = None
) -> int:
    """How many turns ``key`` has left in this window (counts nothing)."""
    cache_key = _cache_key(scope=scope, key=key, window=window, moment=now or timezone.now())
    return max(0, limit - int(cache.get(cache_key, 0)))
