"""Sign and check compact JWS (RFC 7515) with Ed25519, through joserfc; no Django here.

Open Badges 3.0 §8.2 (JSON Web Token Proof Format) fixes the JOSE header: ``alg``, ``kid``
(a URL that dereferences to the public JWK) and ``typ`` "JWT", nothing else. We sign with
``EdDSA``, the name every JOSE library knows for Ed25519 (RFC 8037); RFC 9864 also names it
``Ed25519``, which the checker accepts too.
"""

from __future__ import annotations

import json
import warnings
from collections.abc import Mapping
from typing import Any

from joserfc import jws
from joserfc.errors import JoseError
from joserfc.jwk import OKPKey

SIGNING_ALGORITHM = "EdDSA"
ACCEPTED_ALGORITHMS = ["EdDSA", "Ed25519"]


class BadJws(ValueError):
    """Not a compact JWS that the given key verifies."""


def sign(payload: Mapping[str, Any], *, key: OKPKey, kid_url: str) -> str:
    """The compact JWS of ``payload`` (UTF-8 JSON) signed with ``key``."""
    header = {"alg": SIGNING_ALGORITHM, "kid": kid_url, "typ": "JWT"}
    body = json.dumps(payload, ensure_ascii=False, separators=(",", ":")).encode()
    with warnings.catch_warnings():
        # joserfc warns that RFC 9864 deprecates the name "EdDSA": chosen on purpose (above).
        warnings.simplefilter("ignore")
        return jws.serialize_compact(header, body, key, algorithms=[SIGNING_ALGORITHM])


def header(token: str) -> dict[str, Any]:
    """The JOSE header, unverified (to find the key id)."""
    try:
        return jws.extract_compact(token.encode()).headers()
    except (JoseError, ValueError, TypeError) as error:
        raise BadJws(str(error)) from error


def verify(token: str, *, public_jwk: Mapping[str, Any]) -> dict[str, Any]:
    """The payload of ``token`` once ``public_jwk`` verifies its signature; :class:`BadJws`
    otherwise (a changed character anywhere fails here)."""
    try:
        key = OKPKey.import_key(dict(public_jwk))
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            found = jws.deserialize_compact(token, key, algorithms=ACCEPTED_ALGORITHMS)
        payload = json.loads(found.payload)
    except (JoseError, ValueError, TypeError) as error:
        raise BadJws(str(error) or type(error).__name__) from error
    if not isinstance(payload, dict):
        raise BadJws("the payload is not a JSON object")
    return payload
