"""The referee case's fields and codes as the studio names them, in the author's language.

Labels use the rules' words (``../shared/docs/glossary.md``, copied into
``studio/glossary.json``). A problem's ``path`` (``state.positions.red[1]``,
``title_fr``) is matched to the field it names, so the page can show it there.

>>> from django.utils import translation
>>> with translation.override("en"):
...     describe_problem("state.positions.red[1]", "overlaps")["field"]
'Balls on the table'
"""

from __future__ import annotations

import re
from typing import Any

from django.conf import settings
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

import rules_engine
from quiz import loading as loader
from quiz.explain import ball_label
from rules_engine.balls import INFRINGEMENT_CLASSES, INFRINGEMENTS_NEEDING_BALL

FIELDS: dict[str, Any] = {
    "ruleset": _("Rule book"),
    "variants": _("Local variants"),
    "state": _("Before the stroke"),
    "state.players": _("Players, in order of play"),
    "state.sides": _("Sides (four-handed)"),
    "state.striker": _("Striker"),
    "state.breaker": _("Who broke off"),
    "state.scores": _("Scores"),
    "state.reds": _("Reds on the table"),
    "state.colours": _("Colours on the table"),
    "state.ball_on": _("Ball on"),
    "state.free_ball": _("Free ball awarded"),
    "state.in_hand": _("Cue ball in hand"),
    "state.touching": _("Touching balls declared"),
    "state.misses": _("Fouls and misses already called from this position"),
    "state.respotted_black": _("Frame on a re-spotted black"),
    "state.unspotted_colour": _("Colour potted in the previous stroke, not yet spotted"),
    "state.totals_count": _("Aggregate scores count (last frame)"),
    "state.occupied_spots": _("Occupied spots"),
    "state.positions": _("Balls on the table"),
    "stroke": _("The stroke"),
    "stroke.struck": _("A stroke was made"),
    "stroke.cue_ball_placed": _("The cue ball had been placed on the table"),
    "stroke.nominated": _("Nominated ball"),
    "stroke.declared": _("The striker declared no ball"),
    "stroke.first_contact": _("Ball(s) struck first"),
    "stroke.potted": _("Balls potted"),
    "stroke.off_table": _("Balls forced off the table"),
    "stroke.cue_ball": _("Where the cue ball ended"),
    "stroke.infringements": _("Fouls seen by the referee"),
    "stroke.best_attempt": _("Best attempt to hit the ball on"),
    "stroke.path_to_ball_on": _("Path to the ball on before the stroke"),
    "stroke.snookered_after": _("Cue ball snookered after the stroke"),
    "stroke.free_ball_snookers": _("The free ball snookers the ball on"),
    "stroke.touching_moved": _("A touching ball moved"),
    "stroke.edge": _("Ball on the edge of a pocket"),
    "stroke.positions_after": _("Balls after the stroke"),
    "procedure": _("Procedure"),
    "procedure.kind": _("Procedure"),
    "procedure.all_agree_restart": _("Both players agree to restart"),
    "procedure.changed_after_period": _("No change after the period allowed"),
    "procedure.side": _("Side that concedes"),
    "slug": _("Short name"),
    "topic": _("Topic"),
    "difficulty": _("Difficulty"),
    "ask": _("What the trainee answers"),
    "ask_ball": _("Colour whose re-spot is asked"),
    "audience": _("Audience"),
    "federation": _("Federation"),
    "published": _("Published"),
    "confirm": _("The engine's decision"),
    "case": _("The table and the stroke"),
}

WORD_PATHS = {
    "title": _("Title"),
    "narrative": _("What happened"),
    "question": _("Question"),
    "note": _("Note (optional)"),
}

INFRINGEMENTS: dict[str, Any] = {
    "double_hit": _("Cue ball struck more than once"),
    "feet_off_floor": _("Both feet off the floor"),
    "out_of_turn": _("Played out of turn"),
    "bad_from_hand": _("Played improperly from in-hand"),
    "jump_shot": _("Jump shot"),
    "bad_cue": _("Non-standard cue"),
    "partner_consulted": _("Conferred with a partner"),
    "balls_moving": _("Struck while balls were not at rest"),
    "early_stroke": _("Struck before the referee finished re-spotting"),
    "push_stroke": _("Push stroke"),
    "touched": _("Touched a ball in play"),
    "ball_off_table_used": _("Used a ball off the table"),
    "measured": _("Measured a gap or distance"),
    "non_white_cue_ball": _("Struck a ball other than the white as the cue ball"),
    "no_declaration": _("Failed to declare the ball on when asked"),
    "foul_before_nomination": _("Fouled before nominating a colour"),
    # Facts the editions judge differently (docs/editions.md).
    "early_stroke_free_ball": _(
        "Struck before the referee finished spotting a colour taken as a free ball"
    ),
    "consultation_touch": _("Touched a ball while the balls were replaced after a miss"),
    "partner_caused_touch": _("Moved a ball because his partner caused it"),
    "moved_by_hand": _("Intentionally moved a ball by hand"),
}

#: Infringements that name the ball concerned (class (b)), as the engine classes them.
BALL_CODES = tuple(code for code in INFRINGEMENTS if INFRINGEMENT_CLASSES.get(code) == "b")
#: Of those, the ones that must name it (``touched:pink``); the others default to the ball on.
BALL_REQUIRED = tuple(code for code in BALL_CODES if code in INFRINGEMENTS_NEEDING_BALL)

CHOICES: dict[str, list[tuple[str, Any]]] = {
    "cue_ball": [
        ("table", pgettext_lazy("cue ball ended", "on the table")),
        ("potted", pgettext_lazy("cue ball ended", "in a pocket")),
        ("off_table", pgettext_lazy("cue ball ended", "off the table")),
    ],
    "path_to_ball_on": [
        ("", _("from the table (or full)")),
        ("full", _("full: both edges of a ball on could be hit")),
        ("partial", _("partial: only part of a ball on could be hit")),
        ("none", _("none: no part of any ball on could be hit")),
    ],
    "touching_moved": [
        ("none", _("no")),
        ("striker", _("yes, moved by the striker (push stroke)")),
        ("not_striker", _("yes, not caused by the striker")),
    ],
    "fell": [
        ("unhit", _("fell without being struck")),
        ("after_balancing", _("balanced after being struck, then fell")),
    ],
    "ball_on": [
        ("", _("as the table says")),
        ("red", pgettext_lazy("ball on", "red")),
        ("colour", _("any colour (after a red)")),
    ],
    "tristate": [
        ("", _("from the table (or no)")),
        ("yes", _("yes")),
        ("no", _("no")),
    ],
    "procedure": [
        ("stalemate", _("Stalemate")),
        ("concede", _("Concession")),
        ("claim", _("Claim with only the black left")),
    ],
}

_PATH_PART = re.compile(r"\[\d+\]|\.")


def languages() -> dict[str, str]:
    from django.utils.translation import get_language_info

    return {code: get_language_info(code)["name_local"] for code, _name in settings.LANGUAGES}


def field_label(path: str) -> str:
    """The label of the field a problem's path names (its longest known prefix).

    >>> from django.utils import translation
    >>> with translation.override("en"):
    ...     field_label("case.stroke.edge.ball"), field_label("title_fr")
    ('Ball on the edge of a pocket', 'Title (français)')
    """
    path = path.removeprefix("case.")
    name, _sep, code = path.rpartition("_")
    if name in WORD_PATHS and code in languages():
        return f"{WORD_PATHS[name]} ({languages()[code]})"
    parts = [part for part in _PATH_PART.split(path) if part]
    while parts:
        key = ".".join(parts)
        if key in FIELDS:
            return str(FIELDS[key])
        parts.pop()
    return str(FIELDS["case"])


#: load_scenarios's messages about the words, which the studio says in the author's language
#: (the engine's and the loader's other messages are short English sentences, marked so).
WORD_MESSAGES = {
    loader.MISSING_LANGUAGE: _("is empty: the pool this scenario goes to needs this language."),
    loader.PARTLY_WRITTEN: _("is empty: write this language in full, or leave all of it empty."),
}


def describe_problem(path: str, message: str) -> dict[str, Any]:
    """A problem for the page: its path, the words (the author's language when we have
    them, else the engine's English: ``translated`` says which) and the field it names."""
    translated = WORD_MESSAGES.get(message)
    return {"path": path, "message": str(translated or message), "field": field_label(path),
            "translated": translated is not None}


def context() -> dict[str, Any]:
    """What the editor's controls list, labelled in the active language."""
    balls = [(ball, ball_label(ball)) for ball in rules_engine.BALLS]
    from quiz.editions import edition_label, variant_label
    from rules_engine.editions import DEFAULT_RULESET, EDITIONS, VARIANTS

    editions = [DEFAULT_RULESET, *[name for name in EDITIONS if name != DEFAULT_RULESET]]
    return {
        # (code, name in the author's language): the case stores the code, the menu shows the name.
        "editions": [(name, str(edition_label(name))) for name in editions],
        "variants": [(name, str(variant_label(name))) for name in sorted(VARIANTS)],
        "fields": {key.replace(".", "_"): label for key, label in FIELDS.items()},
        "balls": balls,
        "object_balls": balls[1:],
        "colours": [(c, ball_label(c)) for c in rules_engine.COLOURS],
        "infringements": list(INFRINGEMENTS.items()),
        "choices": CHOICES,
    }
