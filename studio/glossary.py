"""The referee glossary (``studio/glossary.json``, copied from ``../shared/docs/glossary.md``).

The studio suggests these terms in each language tab, so that authors write the
rules' words.

>>> terms = glossary_terms()
>>> terms[0]["key"], terms[0]["en"]
('cue_ball', 'cue ball')
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

GLOSSARY = Path(__file__).with_name("glossary.json")


@cache
def glossary_terms() -> list[dict[str, Any]]:
    """Every term: its key and its words in en, fr, ru, fa and pl."""
    return json.loads(GLOSSARY.read_text(encoding="utf-8"))["terms"]
