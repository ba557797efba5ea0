"""``CACHE_URL`` read into Django's ``CACHES``: one cache shared by every worker and server.

Every limit and throttle counts in this cache (``throttling``): a cache of each process's
own (Django's default) would let each worker of each server grant the full allowance.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import urlsplit

#: The database cache's table, created by every ``migrate`` (``throttling.apps``).
DATABASE_CACHE_TABLE = "baize_cache"
#: Entries kept before Django culls (each limit's window of each key is one entry).
MAX_ENTRIES = 200_000


def cache_settings(url: str | None) -> dict[str, Any]:
    """The ``CACHES`` setting a cache URL stands for; none: the project's database.

    >>> cache_settings(None)["default"]["BACKEND"]
    'django.core.cache.backends.db.DatabaseCache'
    >>> redis = cache_settings("redis://cache.example.org:6379/1")["default"]
    >>> redis["BACKEND"], redis["LOCATION"]
    ('django.core.cache.backends.redis.RedisCache', 'redis://cache.example.org:6379/1')
    >>> cache_settings("locmem://")["default"]["BACKEND"]
    'django.core.cache.backends.locmem.LocMemCache'
    >>> cache_settings("memcache://x")
    Traceback (most recent call last):
    ValueError: CACHE_URL: unknown scheme 'memcache' (db, redis, rediss, locmem)
    """
    scheme = urlsplit(url).scheme if url else "db"
    if scheme == "db":
        default = {
            "BACKEND": "django.core.cache.backends.db.DatabaseCache",
            "LOCATION": DATABASE_CACHE_TABLE,
            # Django culls a third of the entries past 300: a flood of keys would then wipe
            # the counters of every limit. Expired entries still go at each cull.
            "OPTIONS": {"MAX_ENTRIES": MAX_ENTRIES},
        }
    elif scheme in ("redis", "rediss"):
        default = {"BACKEND": "django.core.cache.backends.redis.RedisCache", "LOCATION": url}
    elif scheme == "locmem":
        # One process only: for a single-process development server, never production.
        default = {
            "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
            "OPTIONS": {"MAX_ENTRIES": MAX_ENTRIES},
        }
    else:
        raise ValueError(f"CACHE_URL: unknown scheme {scheme!r} (db, redis, rediss, locmem)")
    return {"default": {**default, "KEY_PREFIX": "baize"}}
