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
    """Take one of the window's ``limit`` turns of ``key`` in ``scope``; ``False`` when none
    is left.

    Each turn claims a numbered slot with ``cache.add``, which only one caller can win
    for a given slot (also on the database cache, whose ``incr`` is a read and a write
    that two servers at once can both pass). So ``limit`` is never exceeded, however
    many workers ask at once. The counter only tells where to start looking.
    """
    counter = _cache_key(scope=scope, key=key, window=window, moment=now or timezone.now())
    timeout = window * 2
    slot = int(cache.get(counter, 0))
    while slot < limit:
        slot += 1
        if cache.add(f"{counter}:{slot}", 1, timeout=timeout):
            cache.set(counter, slot, timeout=timeout)
            return True
    return False


def turns_left(
    *, scope: str, key: str, limit: int, window: int, now: datetime | None = None
) -> int:
    """How many turns ``key`` has left in this window (counts nothing)."""
    cache_key = _cache_key(scope=scope, key=key, window=window, moment=now or timezone.now())
    return max(0, limit - int(cache.get(cache_key, 0)))
