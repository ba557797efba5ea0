"""The Bitstring Status List's list (W3C Bitstring Status List v1.0, §4.2–4.3): no Django here.

The list is at least 16 KiB (131,072 entries) so that one credential's bit hides in the
crowd; it is GZIP-compressed and multibase-encoded (base64url without padding, prefix
``u``). Bit 0 is the leftmost bit of the first byte.
"""

from __future__ import annotations

import base64
import gzip
import io
from collections.abc import Iterable

MIN_ENTRIES = 131_072


class BadList(ValueError):
    """Not an encodedList this module can read."""


def encode(set_bits: Iterable[int], *, size: int = MIN_ENTRIES) -> str:
    """The encodedList with the bits at ``set_bits`` set.

    >>> decode(encode([0, 9]))[:2]
    bytearray(b'\\x80@')
    """
    bits = bytearray(size // 8)
    for index in set_bits:
        bits[index // 8] |= 0x80 >> (index % 8)
    # mtime=0: the same list gives the same bytes (caches and tests compare them).
    packed = gzip.compress(bytes(bits), mtime=0)
    return "u" + base64.urlsafe_b64encode(packed).decode().rstrip("=")


def decode(encoded: str) -> bytearray:
    if not isinstance(encoded, str) or not encoded.startswith("u"):
        raise BadList("the list is not multibase base64url (prefix u)")
    body = encoded[1:]
    try:
        packed = base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))
        # A list is 16 KiB; refuse a "zip bomb" that would inflate far beyond it.
        raw = gzip.GzipFile(fileobj=io.BytesIO(packed)).read(16 * MIN_ENTRIES + 1)
    except (ValueError, OSError, EOFError) as error:
        raise BadList(str(error)) from error
    if len(raw) > 16 * MIN_ENTRIES:
        raise BadList("the list is larger than any list Baize publishes")
    return bytearray(raw)


def is_set(encoded: str, index: int) -> bool:
    """Whether the bit at ``index`` is set; :class:`BadList` when the list is shorter."""
    bits = decode(encoded)
    if index < 0 or index // 8 >= len(bits):
        raise BadList("the index is beyond the end of the list")
    return bool(bits[index // 8] & (0x80 >> (index % 8)))

