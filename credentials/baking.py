"""Baking: the signed credential inside the badge image (Open Badges 3.0 §5.3.2, SVG).

An ``xmlns:openbadges`` attribute on the ``<svg>`` tag, then, directly after that tag, an
``<openbadges:credential>`` element whose ``verify`` attribute is the compact JWS. Reading it
back is :func:`credentials.verifier.extract_jws`.
"""

from __future__ import annotations

import re

NAMESPACE = "https://purl.imsglobal.org/ob/v3p0"
SVG_TAG = re.compile(r"<svg\b[^>]*>")


def bake(svg: str, *, jws: str) -> str:
    """``svg`` with the credential baked in.

    >>> baked = bake('<svg xmlns="http://www.w3.org/2000/svg"><g/></svg>', jws="a.b.c")
    >>> baked.startswith('<svg xmlns="http://www.w3.org/2000/svg" xmlns:openbadges="https://')
    True
    >>> '"><openbadges:credential verify="a.b.c"></openbadges:credential><g/></svg>' in baked
    True
    """
    tag = SVG_TAG.search(svg)
    if tag is None:
        raise ValueError("not an SVG image")
    opening = tag.group(0)
    if "xmlns:openbadges" not in opening:
        opening = opening[:-1] + f' xmlns:openbadges="{NAMESPACE}">'
    # A compact JWS is base64url and dots only: nothing to escape in an attribute.
    element = f'<openbadges:credential verify="{jws}"></openbadges:credential>'
    return svg[: tag.start()] + opening + element + svg[tag.end():]
