"""The engine's decision in the reader's language.

The engine emits codes and params only (``decision.trail``); this module turns
them into whole translated sentences, one per step, each citing its rule as the
rule texts of the reader's language cite it. It also labels every value of the
engine's domain tuples (balls, calls, options, re-spot targets, frame reasons)
so that the site never shows a raw code.

Sentences are whole msgids with named placeholders; ball names, spots and
numbers are filled in already translated and in the grammatical case the
sentence needs (Russian and Polish inflect ball names, so each form has its own
message context).

>>> from django.utils import translation
>>> with translation.override("en"):
...     rule_label("3.10(b)(ii)")
'Section 3, rule 10(b)(ii)'
>>> with translation.override("en"):
...     format_number(1234)
'1,234'
"""

# long: SENTENCES, one sentence per trail code in the reader's language, is one table (about
# 490 lines) that quiz/locale is extracted from; the helpers around it are small.
from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from babel.lists import format_list as babel_format_list
from django.utils.functional import Promise
from django.utils.text import capfirst
from django.utils.translation import npgettext, pgettext, pgettext_lazy

from quiz.numbers import babel_locale, format_number

# --- lists in the reader's locale (numbers: quiz.numbers) -----------------


def format_list(items: Sequence[str], *, language: str | None = None) -> str:
    """Items joined as the reader's language joins a list ("a, b and c").

    >>> format_list(["rouge", "bleue", "noire"], language="fr")
    'rouge, bleue et noire'
    >>> format_list(["قهوه‌ای", "آبی", "صورتی", "مشکی"], language="fa")
    'قهوه\u200cای، آبی، صورتی و مشکی'
    """
    locale = babel_locale(language)
    if locale.language == "fa" and len(items) > 1:
        # CLDR's Persian pattern puts a comma before «و» and a right-to-left mark after each
        # comma; Persian prose has neither (native-reader review, issue 21).
        return "، ".join(items[:-1]) + " و " + items[-1]
    return babel_format_list(list(items), locale=locale)


# --- labels for the engine's domain ----------------------------------------

#: Ball names as labels (a choice, a list of colours): no article, nominative.
_BALL_NAMES = {
    "white": pgettext_lazy("ball", "white"),
    "red": pgettext_lazy("ball", "red"),
    "yellow": pgettext_lazy("ball", "yellow"),
    "green": pgettext_lazy("ball", "green"),
    "brown": pgettext_lazy("ball", "brown"),
    "blue": pgettext_lazy("ball", "blue"),
    "pink": pgettext_lazy("ball", "pink"),
    "black": pgettext_lazy("ball", "black"),
}

# Ball names inside a sentence, with the article where the language has one
# ("the blue", "la bleue"). Russian and Polish decline them: a sentence's msgid
# names the case it needs in its placeholder (``%(ball_gen)s``), and so must
# every translation (msgfmt --check holds them to the same placeholders).
_BALL_IN_SENTENCE = {
    "white": pgettext_lazy("ball in a sentence", "the white"),
    "red": pgettext_lazy("ball in a sentence", "the red"),
    "yellow": pgettext_lazy("ball in a sentence", "the yellow"),
    "green": pgettext_lazy("ball in a sentence", "the green"),
    "brown": pgettext_lazy("ball in a sentence", "the brown"),
    "blue": pgettext_lazy("ball in a sentence", "the blue"),
    "pink": pgettext_lazy("ball in a sentence", "the pink"),
    "black": pgettext_lazy("ball in a sentence", "the black"),
    "colour": pgettext_lazy("ball in a sentence", "any colour"),
}
_BALL_IN_SENTENCE_GENITIVE = {
    "white": pgettext_lazy("ball in a sentence, genitive", "the white"),
    "red": pgettext_lazy("ball in a sentence, genitive", "the red"),
    "yellow": pgettext_lazy("ball in a sentence, genitive", "the yellow"),
    "green": pgettext_lazy("ball in a sentence, genitive", "the green"),
    "brown": pgettext_lazy("ball in a sentence, genitive", "the brown"),
    "blue": pgettext_lazy("ball in a sentence, genitive", "the blue"),
    "pink": pgettext_lazy("ball in a sentence, genitive", "the pink"),
    "black": pgettext_lazy("ball in a sentence, genitive", "the black"),
    "colour": pgettext_lazy("ball in a sentence, genitive", "any colour"),
}
_BALL_IN_SENTENCE_ACCUSATIVE = {
    "white": pgettext_lazy("ball in a sentence, accusative", "the white"),
    "red": pgettext_lazy("ball in a sentence, accusative", "the red"),
    "yellow": pgettext_lazy("ball in a sentence, accusative", "the yellow"),
    "green": pgettext_lazy("ball in a sentence, accusative", "the green"),
    "brown": pgettext_lazy("ball in a sentence, accusative", "the brown"),
    "blue": pgettext_lazy("ball in a sentence, accusative", "the blue"),
    "pink": pgettext_lazy("ball in a sentence, accusative", "the pink"),
    "black": pgettext_lazy("ball in a sentence, accusative", "the black"),
    "colour": pgettext_lazy("ball in a sentence, accusative", "any colour"),
}
#: Grammatical cases a sentence may ask for, by placeholder suffix.
GRAMMATICAL_CASES = {
    "": _BALL_IN_SENTENCE,
    "_gen": _BALL_IN_SENTENCE_GENITIVE,
    "_acc": _BALL_IN_SENTENCE_ACCUSATIVE,
}

_BALL_ON = {
    "red": pgettext_lazy("ball on", "red"),
    "colour": pgettext_lazy("ball on", "any colour (nominated)"),
}

_CALLS = {
    "foul": pgettext_lazy("referee's call", "Foul"),
    "miss": pgettext_lazy("referee's call", "Foul and a miss"),
    "free_ball": pgettext_lazy("referee's call", "Free ball"),
    "touching_ball": pgettext_lazy("referee's call", "Touching ball"),
    "replay": pgettext_lazy("referee's call", "Balls replaced, stroke replayed"),
    "respotted_black": pgettext_lazy("referee's call", "Re-spotted black"),
    "frame_awarded": pgettext_lazy("referee's call", "Frame awarded"),
    "restart": pgettext_lazy("referee's call", "Frame restarted"),
}

_OPTIONS = {
    "play": pgettext_lazy("next player's option", "Play from where the balls lie"),
    "offender_again": pgettext_lazy("next player's option", "Ask the offender to play again"),
    "replace_offender_again": pgettext_lazy(
        "next player's option", "Have the balls replaced and the offender play again"
    ),
}

_RESPOT_TARGETS = {
    "yellow_spot": pgettext_lazy("re-spot target", "Yellow spot"),
    "green_spot": pgettext_lazy("re-spot target", "Green spot"),
    "brown_spot": pgettext_lazy("re-spot target", "Brown spot"),
    "blue_spot": pgettext_lazy("re-spot target", "Blue spot"),
    "pink_spot": pgettext_lazy("re-spot target", "Pink spot"),
    "black_spot": pgettext_lazy("re-spot target", "Black spot"),
    "above_yellow_spot": pgettext_lazy(
        "re-spot target", "As near as possible to the yellow spot, towards the top cushion"
    ),
    "above_green_spot": pgettext_lazy(
        "re-spot target", "As near as possible to the green spot, towards the top cushion"
    ),
    "above_brown_spot": pgettext_lazy(
        "re-spot target", "As near as possible to the brown spot, towards the top cushion"
    ),
    "above_blue_spot": pgettext_lazy(
        "re-spot target", "As near as possible to the blue spot, towards the top cushion"
    ),
    "above_pink_spot": pgettext_lazy(
        "re-spot target", "As near as possible to the pink spot, towards the top cushion"
    ),
    "above_black_spot": pgettext_lazy(
        "re-spot target", "As near as possible to the black spot, towards the top cushion"
    ),
    "below_pink_spot": pgettext_lazy(
        "re-spot target", "As near as possible below the pink spot, on the centre line"
    ),
    "below_black_spot": pgettext_lazy(
        "re-spot target", "As near as possible below the black spot, on the centre line"
    ),
}

#: Re-spot targets as the end of "the <ball> is re-spotted …" (ru, pl: case of the preposition).
_RESPOT_DESTINATIONS = {
    "yellow_spot": pgettext_lazy("re-spotted …", "on the yellow spot"),
    "green_spot": pgettext_lazy("re-spotted …", "on the green spot"),
    "brown_spot": pgettext_lazy("re-spotted …", "on the brown spot"),
    "blue_spot": pgettext_lazy("re-spotted …", "on the blue spot"),
    "pink_spot": pgettext_lazy("re-spotted …", "on the pink spot"),
    "black_spot": pgettext_lazy("re-spotted …", "on the black spot"),
    "above_yellow_spot": pgettext_lazy(
        "re-spotted …", "as near as possible to the yellow spot, towards the top cushion"
    ),
    "above_green_spot": pgettext_lazy(
        "re-spotted …", "as near as possible to the green spot, towards the top cushion"
    ),
    "above_brown_spot": pgettext_lazy(
        "re-spotted …", "as near as possible to the brown spot, towards the top cushion"
    ),
    "above_blue_spot": pgettext_lazy(
        "re-spotted …", "as near as possible to the blue spot, towards the top cushion"
    ),
    "above_pink_spot": pgettext_lazy(
        "re-spotted …", "as near as possible to the pink spot, towards the top cushion"
    ),
    "above_black_spot": pgettext_lazy(
        "re-spotted …", "as near as possible to the black spot, towards the top cushion"
    ),
    "below_pink_spot": pgettext_lazy(
        "re-spotted …", "as near as possible below the pink spot, on the centre line"
    ),
    "below_black_spot": pgettext_lazy(
        "re-spotted …", "as near as possible below the black spot, on the centre line"
    ),
}

_FRAME_REASONS = {
    "black_potted": pgettext_lazy("frame ended", "The last black was potted"),
    "foul_on_black": pgettext_lazy("frame ended", "Foul with only the black left"),
    "third_miss": pgettext_lazy("frame ended", "Frame awarded after a third miss"),
    "conceded": pgettext_lazy("frame ended", "Frame conceded"),
    "claimed": pgettext_lazy("frame ended", "Frame claimed with only the black left"),
    "snookers_needed": pgettext_lazy(
        "frame ended", "Frame awarded: four or more snookers needed (local rule 3.4(d)*)"
    ),
}


def _label(table: Mapping[str, Any], value: str, kind: str) -> str:
    try:
        return str(table[value])
    except KeyError:
        raise ValueError(f"unknown {kind}: {value!r}") from None


def ball_label(ball: str) -> str:
    """The ball's name, as a label.

    >>> from django.utils import translation
    >>> with translation.override("en"):
    ...     ball_label("pink")
    'Pink'
    """
    return capfirst(_label(_BALL_NAMES, ball, "ball"))


def ball_word(ball: str) -> str:
    """The ball's name in the middle of a phrase, without article ("pink" in "yellow, pink").

    >>> from django.utils import translation
    >>> with translation.override("en"):
    ...     ball_word("pink")
    'pink'
    """
    return _label(_BALL_NAMES, ball, "ball")


def ball_name(ball: str, *, case: str = "") -> str:
    """The ball inside a sentence ("the blue"), in a grammatical ``case`` suffix.

    ``case`` is ``""`` (nominative), ``"_gen"`` or ``"_acc"``; ``ball`` may be
    ``colour`` (any colour, to be nominated).

    >>> from django.utils import translation
    >>> with translation.override("en"):
    ...     ball_name("blue", case="_gen")
    'the blue'
    """
    return _label(GRAMMATICAL_CASES[case], ball, "ball")


def ball_on_label(ball_on: str | None) -> str:
    """The ball on: ``red``, ``colour`` (any colour, to be nominated) or a colour.

    >>> from django.utils import translation
    >>> with translation.override("en"):
    ...     ball_on_label("colour")
    'Any colour (nominated)'
    """
    if ball_on is None:
        return str(pgettext("ball on", "None: the frame is over"))
    if ball_on in _BALL_ON:
        return capfirst(str(_BALL_ON[ball_on]))
    return ball_label(ball_on)


def ball_on_word(ball_on: str) -> str:
    """The ball on inside a line of text, not capitalised ("any colour (nominated)").

    >>> from django.utils import translation
    >>> with translation.override("en"):
    ...     ball_on_word("colour"), ball_on_word("pink")
    ('any colour (nominated)', 'pink')
    """
    if ball_on in _BALL_ON:
        return str(_BALL_ON[ball_on])
    return ball_word(ball_on)


def call_label(call: str) -> str:
    """What the referee announces.

    >>> from django.utils import translation
    >>> with translation.override("en"):
    ...     call_label("miss")
    'Foul and a miss'
    """
    return _label(_CALLS, call, "call")


def option_label(option: str) -> str:
    """A choice of the next player after a foul.

    >>> from django.utils import translation
    >>> with translation.override("en"):
    ...     option_label("offender_again")
    'Ask the offender to play again'
    """
    return _label(_OPTIONS, option, "option")


def respot_label(target: str) -> str:
    """Where a colour is re-spotted (a value of ``RESPOT_TARGETS``).

    >>> from django.utils import translation
    >>> with translation.override("en"):
    ...     respot_label("blue_spot")
    'Blue spot'
    """
    return _label(_RESPOT_TARGETS, target, "re-spot target")


def respot_destination(target: str) -> str:
    """The end of "the <ball> is re-spotted …": a prepositional phrase."""
    return _label(_RESPOT_DESTINATIONS, target, "re-spot target")


def frame_reason_label(reason: str) -> str:
    """Why the frame ended.

    >>> from django.utils import translation
    >>> with translation.override("en"):
    ...     frame_reason_label("third_miss")
    'Frame awarded after a third miss'
    """
    return _label(_FRAME_REASONS, reason, "frame reason")


def points_phrase(points: int) -> str:
    """``points`` with its noun, plural form of the reader's language.

    >>> from django.utils import translation
    >>> with translation.override("en"):
    ...     points_phrase(1), points_phrase(7)
    ('1 point', '7 points')
    """
    return npgettext("number of points", "%(count)s point", "%(count)s points", points) % {
        "count": format_number(points)
    }


# --- rule citations ---------------------------------------------------------

_RULE = re.compile(
    r"^(?P<section>\d+)\.(?P<rule>\d+)(?P<paragraphs>(?:\([a-z]+\))*)(?P<variant>\*?)$"
)
_PARAGRAPH = re.compile(r"\(([a-z]+)\)")
#: Paragraph letters and sub-paragraph numerals as each language's rule texts
#: print them (the Persian texts letter paragraphs alef, be, pe … and number
#: sub-paragraphs with digits).
_PARAGRAPH_LETTERS = {
    "a": pgettext_lazy("rule paragraph letter", "a"),
    "b": pgettext_lazy("rule paragraph letter", "b"),
    "c": pgettext_lazy("rule paragraph letter", "c"),
    "d": pgettext_lazy("rule paragraph letter", "d"),
    "e": pgettext_lazy("rule paragraph letter", "e"),
    "f": pgettext_lazy("rule paragraph letter", "f"),
    "g": pgettext_lazy("rule paragraph letter", "g"),
    "h": pgettext_lazy("rule paragraph letter", "h"),
    "i": pgettext_lazy("rule paragraph letter", "i"),
    "j": pgettext_lazy("rule paragraph letter", "j"),
}
_SUBPARAGRAPH_NUMERALS = {
    "i": pgettext_lazy("rule sub-paragraph numeral", "i"),
    "ii": pgettext_lazy("rule sub-paragraph numeral", "ii"),
    "iii": pgettext_lazy("rule sub-paragraph numeral", "iii"),
    "iv": pgettext_lazy("rule sub-paragraph numeral", "iv"),
    "v": pgettext_lazy("rule sub-paragraph numeral", "v"),
    "vi": pgettext_lazy("rule sub-paragraph numeral", "vi"),
}


def _paragraph_marks(paragraphs: str) -> str:
    """``(b)(ii)`` in the reader's rule texts' lettering: a letter, then a numeral."""
    marks = []
    for depth, mark in enumerate(_PARAGRAPH.findall(paragraphs)):
        table = _SUBPARAGRAPH_NUMERALS if depth else _PARAGRAPH_LETTERS
        marks.append(f"({table[mark]})" if mark in table else f"({mark})")
    return "".join(marks)


def rule_label(rule: str) -> str:
    """A rule reference (``3.10(b)(ii)``) as the reader's rule texts cite it.

    >>> from django.utils import translation
    >>> with translation.override("en"):
    ...     rule_label("3.7")
    'Section 3, rule 7'
    >>> with translation.override("en"):
    ...     rule_label("not a rule")
    'not a rule'
    """
    match = _RULE.match(rule)
    if not match:
        return rule
    return pgettext("rule citation", "Section %(section)s, rule %(rule)s") % {
        "section": format_number(int(match["section"])),
        "rule": format_number(int(match["rule"]))
        + _paragraph_marks(match["paragraphs"])
        + match["variant"],  # a local variant's paragraph, 3.4(d)*
    }


# --- the trail --------------------------------------------------------------


@dataclass(frozen=True)
class ExplainedStep:
    """One step of a decision's trail, explained in the active language.

    ``rule`` is the engine's reference (``3.12(b)``), ``rule_label`` the same
    as the reader's rule texts cite it, ``text`` one sentence.
    """

    rule: str
    text: str
    rule_label: str



#: One sentence per trail code (``rules_engine.TRAIL_CODES``). Placeholders are
#: the code's params; a ball param may carry a case suffix (``ball_gen``,
#: ``balls_acc``: see GRAMMATICAL_CASES). ``penalty`` and ``points`` are filled
#: with the number and its noun ("5 points"), ``count`` with the number alone:
#: sentences with a ``count`` choose their plural form by it.
SENTENCES: Mapping[str, Any] = {
    # the ball on, nominations (3.3)
    "ball_on_red": pgettext_lazy(
        "trail:ball_on_red",
        "Reds remain on the table and no red has just been potted: a red is the ball on."),
    "ball_on_colour_after_red": pgettext_lazy(
        "trail:ball_on_colour_after_red",
        "A red (or a free ball taken as a red) was potted in this turn: any colour is on, "
        "to be nominated."),
    "ball_on_lowest_colour": pgettext_lazy(
        "trail:ball_on_lowest_colour",
        "No reds remain: the colours are on in ascending order of value, so %(ball)s is the "
        "ball on."),
    "colour_nominated": pgettext_lazy(
        "trail:colour_nominated",
        "The striker nominated %(ball_acc)s as the colour on."),
    "colour_indicated": pgettext_lazy(
        "trail:colour_indicated",
        "Nothing was declared, but %(ball)s was clearly the only colour struck first: it counts "
        "as nominated."),
    "colour_not_nominated": pgettext_lazy(
        "trail:colour_not_nominated",
        "A colour was on and the striker neither declared nor clearly indicated one."),
    "free_ball_nominated_as_red": pgettext_lazy(
        "trail:free_ball_nominated_as_red",
        "Free ball with reds on the table: the striker nominated %(ball_acc)s, which acts as "
        "a red."),
    "free_ball_nominated": pgettext_lazy(
        "trail:free_ball_nominated",
        "Free ball: the striker nominated %(ball_acc)s, which takes the value of the ball on, "
        "%(ball_on_gen)s."),
    # touching ball (3.8)
    "touching_ball_on": pgettext_lazy(
        "trail:touching_ball_on",
        "The cue ball is touching %(ball_gen)s, a ball on: playing away from it counts as "
        "striking it first."),
    "touching_ball_declared": pgettext_lazy(
        "trail:touching_ball_declared",
        "The cue ball is touching %(ball_gen)s, which could be on and was declared: it counts "
        "as struck first."),
    "touching_ball_not_on": pgettext_lazy(
        "trail:touching_ball_not_on",
        "The cue ball is touching %(ball_gen)s, which is not on: the striker must play away "
        "from it and hit a ball on first."),
    "touching_ball_other_nominated": pgettext_lazy(
        "trail:touching_ball_other_nominated",
        "The cue ball is touching %(ball_gen)s, which could be on, but the striker nominated "
        "%(ball_on_acc)s: no foul as long as %(ball)s does not move and the cue ball strikes "
        "%(ball_on_acc)s first."),
    "touching_ball_not_declared": pgettext_lazy(
        "trail:touching_ball_not_declared",
        "The cue ball is touching %(ball_gen)s, which could be on, but the striker did not "
        "declare it: it does not count as struck first."),
    "touching_moved_not_striker": pgettext_lazy(
        "trail:touching_moved_not_striker",
        "The touching ball (%(ball)s) moved, but not because of the striker: no foul."),
    "touching_ball_called": lambda count: npgettext(
        "trail:touching_ball_called",
        "The cue ball came to rest touching %(count)s ball that is or could be on (%(balls)s): "
        "the referee calls touching ball and points at it.",
        "The cue ball came to rest touching %(count)s balls that are or could be on "
        "(%(balls)s): the referee calls touching balls and points at each of them.",
        count),
    "touching_ball_not_on_not_called": pgettext_lazy(
        "trail:touching_ball_not_on_not_called",
        "The cue ball also touches %(balls_acc)s, not on: the referee names only the ball on as "
        "touching, and answers the striker if he asks about the other."),
    # contact and scoring
    "first_contact_ball_on": pgettext_lazy(
        "trail:first_contact_ball_on",
        "The cue ball first struck %(ball_acc)s, a ball on."),
    "simultaneous_reds_allowed": pgettext_lazy(
        "trail:simultaneous_reds_allowed",
        "The cue ball struck two reds simultaneously first: that is allowed."),
    "simultaneous_free_ball_and_ball_on": pgettext_lazy(
        "trail:simultaneous_free_ball_and_ball_on",
        "The cue ball struck the free ball (%(ball)s) and the ball on (%(ball_on)s) "
        "simultaneously: that is allowed."),
    "potted_reds_score": lambda count: npgettext(
        "trail:potted_reds_score",
        "%(count)s red was potted in one stroke: it scores %(points)s.",
        "%(count)s reds were potted in one stroke: each counts, %(points)s in all.",
        count),
    "potted_ball_on_scores": pgettext_lazy(
        "trail:potted_ball_on_scores",
        "%(ball)s, the ball on, was potted: %(points)s."),
    "free_ball_potted_scores": pgettext_lazy(
        "trail:free_ball_potted_scores",
        "The free ball (%(ball)s) was potted and scores the value of the ball on: %(points)s."),
    "ball_on_potted_after_free_ball": pgettext_lazy(
        "trail:ball_on_potted_after_free_ball",
        "The free ball was struck first and the ball on (%(ball)s) was potted: it scores "
        "%(points)s and stays off the table."),
    "free_ball_and_ball_on_potted": pgettext_lazy(
        "trail:free_ball_and_ball_on_potted",
        "The free ball (%(ball)s) and the ball on (%(ball_on)s) were both potted: only the ball "
        "on scores (both do when the ball on is a red): %(points)s."),
    "striker_scores": pgettext_lazy(
        "trail:striker_scores",
        "%(player)s scores %(points)s from this stroke."),
    "stroke_fair": pgettext_lazy(
        "trail:stroke_fair",
        "No rule was broken: the stroke is fair."),
    # fouls the referee saw (3.12)
    "double_hit": pgettext_lazy(
        "trail:double_hit",
        "The cue ball was struck more than once: foul, penalty of %(penalty)s."),
    "feet_off_floor": pgettext_lazy(
        "trail:feet_off_floor",
        "Both of the striker's feet were off the floor: foul, penalty of %(penalty)s."),
    "out_of_turn": pgettext_lazy(
        "trail:out_of_turn",
        "Played out of turn: foul, penalty of %(penalty)s."),
    "bad_from_hand": pgettext_lazy(
        "trail:bad_from_hand",
        "Played improperly from in-hand (the cue ball was not in the D): foul, penalty of "
        "%(penalty)s."),
    "jump_shot": pgettext_lazy(
        "trail:jump_shot",
        "A jump shot, the cue ball jumped over an object ball: foul, penalty of %(penalty)s."),
    "bad_cue": pgettext_lazy(
        "trail:bad_cue",
        "Played with a non-standard cue: foul, penalty of %(penalty)s."),
    "partner_consulted": pgettext_lazy(
        "trail:partner_consulted",
        "The striker conferred with his partner when the rules forbid it: foul, penalty of "
        "%(penalty)s."),
    "balls_moving": pgettext_lazy(
        "trail:balls_moving",
        "Struck while %(ball)s was not at rest: foul, penalty of %(penalty)s."),
    "early_stroke": pgettext_lazy(
        "trail:early_stroke",
        "Struck before the referee had finished re-spotting %(ball_acc)s: foul, penalty of "
        "%(penalty)s."),
    "push_stroke": pgettext_lazy(
        "trail:push_stroke",
        "A push stroke (ball concerned: %(ball)s): foul, penalty of %(penalty)s."),
    "touched": pgettext_lazy(
        "trail:touched",
        "The striker touched %(ball_gen)s other than with the tip of the cue on the cue ball: "
        "foul, penalty of %(penalty)s."),
    "ball_off_table_used": pgettext_lazy(
        "trail:ball_off_table_used",
        "The striker used a ball that was off the table: foul, penalty of %(penalty)s."),
    "measured": pgettext_lazy(
        "trail:measured",
        "The striker used an object to measure a gap or a distance: foul, penalty of "
        "%(penalty)s."),
    "non_white_cue_ball": pgettext_lazy(
        "trail:non_white_cue_ball",
        "A ball other than the white was struck as the cue ball: foul, penalty of %(penalty)s."),
    "no_declaration": pgettext_lazy(
        "trail:no_declaration",
        "The striker did not declare the ball on when the referee asked: foul, penalty of "
        "%(penalty)s."),
    "foul_before_nomination": pgettext_lazy(
        "trail:foul_before_nomination",
        "After a red (or a free ball as a red) was potted, a foul came before a colour was "
        "nominated: penalty of %(penalty)s."),
    # fouls the engine derives from the contact facts (3.10, 3.8, 3.12)
    "missed_all": pgettext_lazy(
        "trail:missed_all",
        "The cue ball struck no object ball: foul, penalty of %(penalty)s."),
    "cue_ball_potted": pgettext_lazy(
        "trail:cue_ball_potted",
        "The cue ball went into a pocket: foul, penalty of %(penalty)s."),
    "cue_ball_off_table": pgettext_lazy(
        "trail:cue_ball_off_table",
        "The cue ball was forced off the table: foul, penalty of %(penalty)s."),
    "first_contact_not_on": pgettext_lazy(
        "trail:first_contact_not_on",
        "The cue ball first struck %(ball_acc)s, which was not on: foul, penalty of "
        "%(penalty)s."),
    "potted_not_on": pgettext_lazy(
        "trail:potted_not_on",
        "%(ball)s, which was not on, was potted: foul, penalty of %(penalty)s."),
    "forced_off": pgettext_lazy(
        "trail:forced_off",
        "%(ball)s was forced off the table: foul, penalty of %(penalty)s."),
    "simultaneous": pgettext_lazy(
        "trail:simultaneous",
        "The cue ball first struck %(balls_acc)s simultaneously, which is not allowed: foul, "
        "penalty of %(penalty)s."),
    "reds_successive": pgettext_lazy(
        "trail:reds_successive",
        "Reds were played in successive strokes (or a free ball as a red, then a red): foul, "
        "penalty of %(penalty)s."),
    "free_ball_not_first": pgettext_lazy(
        "trail:free_ball_not_first",
        "On a free ball the cue ball first struck %(ball_acc)s, not the nominated free ball: "
        "foul, penalty of %(penalty)s."),
    "free_ball_snooker": pgettext_lazy(
        "trail:free_ball_snooker",
        "The free ball left the cue ball snookered on all reds or on the ball on: foul, penalty "
        "of %(penalty)s."),
    "touching_moved": pgettext_lazy(
        "trail:touching_moved",
        "The striker moved the touching ball (%(ball)s), a push stroke: foul, penalty of "
        "%(penalty)s."),
    # penalties (3.11, 3.12)
    "penalty_minimum_four": pgettext_lazy(
        "trail:penalty_minimum_four",
        "Every penalty is at least four points: the penalty is %(penalty)s."),
    "highest_penalty_applies": pgettext_lazy(
        "trail:highest_penalty_applies",
        "Several fouls in one stroke: only the highest penalty applies, %(penalty)s."),
    "penalty_to_opponent": pgettext_lazy(
        "trail:penalty_to_opponent",
        "The penalty (%(penalty)s) is added to the score of %(side)s."),
    "no_points_in_foul_stroke": pgettext_lazy(
        "trail:no_points_in_foul_stroke",
        "Balls potted in a foul stroke do not score for the striker (%(points)s lost)."),
    "reds_stay_down": lambda count: npgettext(
        "trail:reds_stay_down",
        "%(count)s red potted or forced off the table stays off the table.",
        "%(count)s reds potted or forced off the table stay off the table.",
        count),
    "foul_no_stroke_turn_ends": pgettext_lazy(
        "trail:foul_no_stroke_turn_ends",
        "The foul came before a stroke was made: the turn ends at once."),
    # foul and a miss (3.14)
    "miss_clear_path": pgettext_lazy(
        "trail:miss_clear_path",
        "A ball on could be hit in a straight line and nobody needed snookers: foul and a miss."),
    "miss_not_best_attempt": pgettext_lazy(
        "trail:miss_not_best_attempt",
        "The referee is not satisfied that the striker made his best attempt to hit a ball on: "
        "foul and a miss."),
    "miss_full_ball_repeat": pgettext_lazy(
        "trail:miss_full_ball_repeat",
        "Full-ball contact was available and a miss had already been called from this position: "
        "foul and a miss, whatever the scores."),
    "miss_not_called_snookers_needed": pgettext_lazy(
        "trail:miss_not_called_snookers_needed",
        "Snookers were needed (%(sides)s) before or after the stroke and the attempt was "
        "genuine: no miss."),
    "miss_not_called_no_path": pgettext_lazy(
        "trail:miss_not_called_no_path",
        "No part of any ball on could be hit in a straight line and the attempt was genuine: "
        "no miss."),
    "miss_not_called_only_black": pgettext_lazy(
        "trail:miss_not_called_only_black",
        "Only the black remains: a miss is not called."),
    "miss_not_called_no_stroke": pgettext_lazy(
        "trail:miss_not_called_no_stroke",
        "No stroke was made: a miss cannot be called."),
    "warning_after_second_miss": pgettext_lazy(
        "trail:warning_after_second_miss",
        "Second miss with full-ball contact available: if the balls are replaced, %(player)s "
        "is warned that a third failure forfeits the frame."),
    "warning_remains": pgettext_lazy(
        "trail:warning_remains",
        "The warning already given to %(player)s still stands."),
    "frame_awarded_third_miss": pgettext_lazy(
        "trail:frame_awarded_third_miss",
        "Third miss in a row with full-ball contact available: the frame is awarded to "
        "%(winner)s."),
    "replace_option_after_miss": pgettext_lazy(
        "trail:replace_option_after_miss",
        "After a miss %(player)s may also have the balls replaced and the offender play again "
        "from the original position."),
    "replace_option_no_stroke": pgettext_lazy(
        "trail:replace_option_no_stroke",
        "The balls had been replaced after a miss: %(player)s may have them replaced again for "
        "the offender."),
    # free ball (3.10)
    "free_ball_called": pgettext_lazy(
        "trail:free_ball_called",
        "After the foul the cue ball is snookered: free ball for %(player)s."),
    "free_ball_lapses_if_offender_plays": pgettext_lazy(
        "trail:free_ball_lapses_if_offender_plays",
        "If the offender is asked to play again, the free ball lapses."),
    "free_ball_snooker_pink_black_exception": pgettext_lazy(
        "trail:free_ball_snooker_pink_black_exception",
        "Only the pink and the black remain: leaving a snooker behind the free ball is not a "
        "foul."),
    "free_ball_respotted": pgettext_lazy(
        "trail:free_ball_respotted",
        "The free ball (%(ball)s) is re-spotted."),
    # re-spotting (3.3, 3.7)
    "respot_own_spot": pgettext_lazy(
        "trail:respot_own_spot",
        "%(ball)s is re-spotted on its own spot."),
    "respot_highest_available": pgettext_lazy(
        "trail:respot_highest_available",
        "The spot of %(ball_gen)s is occupied: it is re-spotted %(to)s, the highest-value spot "
        "available."),
    "respot_higher_value_first": pgettext_lazy(
        "trail:respot_higher_value_first",
        "Several colours to re-spot: the higher value takes precedence (%(balls)s)."),
    "respot_towards_top_cushion": pgettext_lazy(
        "trail:respot_towards_top_cushion",
        "Every spot is occupied: %(ball)s is re-spotted %(to)s."),
    "respot_below_spot": pgettext_lazy(
        "trail:respot_below_spot",
        "There is no room between its spot and the top cushion either: %(ball)s is re-spotted "
        "%(to)s."),
    "colour_stays_down": pgettext_lazy(
        "trail:colour_stays_down",
        "%(ball)s was potted in sequence after the last red: it is not re-spotted."),
    # ball on the edge of a pocket (3.9)
    "edge_ball_replaced": pgettext_lazy(
        "trail:edge_ball_replaced",
        "%(ball)s fell from the edge of the pocket without being struck and took no part in the "
        "stroke: it is replaced."),
    "replay_balls_replaced": pgettext_lazy(
        "trail:replay_balls_replaced",
        "%(ball)s fell from the edge and could have been struck by a ball involved in the "
        "stroke; there was no foul: all balls are replaced and the striker plays again."),
    "edge_fall_caused_foul": pgettext_lazy(
        "trail:edge_fall_caused_foul",
        "The fall of %(ball_gen)s itself caused what would be a foul: no penalty, the balls are "
        "replaced."),
    "foul_balls_replaced": pgettext_lazy(
        "trail:foul_balls_replaced",
        "%(ball)s fell from the edge and could have been struck in a foul stroke: the penalty "
        "stands and all balls are replaced."),
    "edge_ball_counts_potted": pgettext_lazy(
        "trail:edge_ball_counts_potted",
        "%(ball)s balanced on the edge for a moment after being struck, then fell: it counts as "
        "potted."),
    # the next stroke
    "turn_continues": pgettext_lazy(
        "trail:turn_continues",
        "%(player)s scored and plays again."),
    "turn_ends": pgettext_lazy(
        "trail:turn_ends",
        "The turn ends: %(player)s plays next."),
    "cue_ball_in_hand": pgettext_lazy(
        "trail:cue_ball_in_hand",
        "The cue ball left the playing surface: %(player)s plays from in-hand."),
    "cue_ball_placed_in_play": pgettext_lazy(
        "trail:cue_ball_placed_in_play",
        "The foul came after the cue ball was placed on the table, so it is in play: "
        "%(player)s plays it from where it lies."),
    "cue_ball_stays_in_hand": pgettext_lazy(
        "trail:cue_ball_stays_in_hand",
        "The foul came before the cue ball was placed on the table: it stays in hand and "
        "%(player)s plays from in-hand."),
    "next_player_options": pgettext_lazy(
        "trail:next_player_options",
        "After a foul %(player)s may play or ask the offender to play again."),
    "four_handed_offender_plays_again": pgettext_lazy(
        "trail:four_handed_offender_plays_again",
        "Four-handed: if asked to play again, the offender (%(player)s) plays, even out of "
        "turn."),
    # end of frame (3.4)
    "frame_over_black_potted": pgettext_lazy(
        "trail:frame_over_black_potted",
        "Only the black was left and it was potted: %(winner)s wins the frame."),
    "frame_over_foul_on_black": pgettext_lazy(
        "trail:frame_over_foul_on_black",
        "Only the black was left and a foul ends the frame: %(winner)s wins."),
    "respotted_black_scores_level": pgettext_lazy(
        "trail:respotted_black_scores_level",
        "Only the black is left and the scores are level: the black is re-spotted, the players "
        "draw lots and the next player plays from in-hand."),
    "respotted_black_totals_level": pgettext_lazy(
        "trail:respotted_black_totals_level",
        "Aggregate points decide the match and the totals are level after the last frame: the "
        "black is re-spotted."),
    "frame_conceded": pgettext_lazy(
        "trail:frame_conceded",
        "%(side)s concedes the frame to %(winner)s."),
    "frame_claimed": pgettext_lazy(
        "trail:frame_claimed",
        "Only the black remains and %(winner)s leads by %(points)s, more than seven: the frame "
        "is claimed."),
    # stalemate (3.16)
    "stalemate_restart": pgettext_lazy(
        "trail:stalemate_restart",
        "A stalemate and everybody agrees: the frame is restarted, the scores cancelled and the "
        "balls set up again, and %(player)s breaks off again."),
    "stalemate_play_on": pgettext_lazy(
        "trail:stalemate_play_on",
        "A stalemate, but not everybody agrees to restart: play goes on for a period set by "
        "the referee."),
    "stalemate_restart_after_period": pgettext_lazy(
        "trail:stalemate_restart_after_period",
        "The position has not changed after that period: the frame is restarted and %(player)s "
        "breaks off again."),
    # what the editions judge differently (rules_engine/rulesets/wpbsa2014.py)
    "early_stroke_free_ball": pgettext_lazy(
        "trail:early_stroke_free_ball",
        "Struck before the referee had finished spotting a colour taken as a free ball "
        "(%(ball)s): foul, penalty of %(penalty)s."),
    "consultation_touch": pgettext_lazy(
        "trail:consultation_touch",
        "A ball (%(ball)s) was touched while the balls were being replaced after a miss: "
        "penalised as the striker, penalty of %(penalty)s."),
    "partner_caused_touch": pgettext_lazy(
        "trail:partner_caused_touch",
        "The striker moved a ball (%(ball)s) because his partner caused it; the rule on other "
        "persons does not cover a partner: foul, penalty of %(penalty)s."),
    "moved_by_hand": pgettext_lazy(
        "trail:moved_by_hand",
        "The striker intentionally moved a ball (%(ball)s) by hand without picking it up: he "
        "touched a ball in play, foul, penalty of %(penalty)s; the ball stays where it is."),
    "moved_by_hand_forced_off": pgettext_lazy(
        "trail:moved_by_hand_forced_off",
        "The striker intentionally moved a ball (%(ball)s) by hand: since 12 August 2014 such a "
        "ball counts as forced off the table (Section 2, rule 14)."),
    "miss_not_called_points_equal": pgettext_lazy(
        "trail:miss_not_called_points_equal",
        "For %(sides)s the points difference equals the points left on the table (a re-spotted "
        "black not counted) and the miss was not intentional: no miss."),
    "replace_all_option_after_miss": pgettext_lazy(
        "trail:replace_all_option_after_miss",
        "After a miss %(player)s may also have all the balls replaced and the offender play "
        "again from the original position."),
    "miss_count_restarts": pgettext_lazy(
        "trail:miss_count_restarts",
        "If %(player)s has the offender play from the position left, the count of misses starts "
        "again."),
    "early_stroke_colour_not_scored": pgettext_lazy(
        "trail:early_stroke_colour_not_scored",
        "The striker played in a break before a colour (%(ball)s) was spotted: its value is not "
        "scored."),
    "early_stroke_colour_score_removed": pgettext_lazy(
        "trail:early_stroke_colour_score_removed",
        "The striker played in a break before the colour he potted in his previous stroke "
        "(%(ball)s) was spotted: it is not scored (%(side)s: minus %(points)s)."),
    "touching_ball_declare_asked": pgettext_lazy(
        "trail:touching_ball_declare_asked",
        "The cue ball touches a colour after a red was potted: the referee asks the striker to "
        "declare which colour he is on."),
    "ball_moved_by_other_no_penalty": pgettext_lazy(
        "trail:ball_moved_by_other_no_penalty",
        "The striker moved a ball (%(ball)s) because another person, his partner included, "
        "caused it: no foul, the referee puts it back."),
    "play_continues_after_reposition": pgettext_lazy(
        "trail:play_continues_after_reposition",
        "No foul and no stroke: %(player)s plays on."),
    "consultation_touch_order_unchanged": pgettext_lazy(
        "trail:consultation_touch_order_unchanged",
        "The order of play does not change and the request to replace the balls stands: the "
        "ball touched is put back and %(player)s plays from the replaced position."),
    "replace_option_snookered_foul": pgettext_lazy(
        "trail:replace_option_snookered_foul",
        "The striker, snookered or hampered, fouled while preparing his stroke: %(player)s may "
        "also have the balls moved replaced and the offender play again with the same ball on "
        "as before."),
    "undeclared_when_snookered": pgettext_lazy(
        "trail:undeclared_when_snookered",
        "The striker was snookered and did not declare which ball he was on: foul, penalty of "
        "%(penalty)s."),
    "wrong_player_broke_off_restart": pgettext_lazy(
        "trail:wrong_player_broke_off_restart",
        "The frame was started by the wrong player and only that stroke has been played: the "
        "frame is restarted without penalty and %(player)s breaks off."),
    "cue_ball_moved_by_hand_in_hand": pgettext_lazy(
        "trail:cue_ball_moved_by_hand_in_hand",
        "The striker intentionally moved the cue ball by hand: it counts as forced off the "
        "table (Section 2, rule 14), so %(player)s plays from in hand."),
    "four_handed_partner_loses_turn": pgettext_lazy(
        "trail:four_handed_partner_loses_turn",
        "The foul was playing out of turn: the offender’s partner %(player)s loses his next "
        "turn, whether or not the offender is asked to play again."),
    "failed_attempt_replace_option": pgettext_lazy(
        "trail:failed_attempt_replace_option",
        "The striker did not do his best to hit the ball on: besides the foul and its penalty, "
        "%(player)s may have the balls replaced and the offender play again (no miss is called,"
        " no warning is given)."),
    "free_ball_with_red_not_scored": pgettext_lazy(
        "trail:free_ball_with_red_not_scored",
        "The free ball (%(ball)s) and a red were both potted: only the ball on, the red, is "
        "scored."),
    "edge_ball_stroke_replayed": pgettext_lazy(
        "trail:edge_ball_stroke_replayed",
        "A ball of the stroke would have hit the ball on the edge of the pocket (%(ball)s): all"
        " the balls are replaced and the stroke is played again, its foul included."),
    # local variants (rules_engine/editions.py)
    "frame_awarded_snookers_needed": pgettext_lazy(
        "trail:frame_awarded_snookers_needed",
        "Only colours are left and %(side)s needs %(points)s beyond the points on the table to "
        "take the lead. Snookers needed: %(count)s, four or more: the frame is awarded to "
        "%(winner)s."),
    "snookers_needed_fewer_than_four": pgettext_lazy(
        "trail:snookers_needed_fewer_than_four",
        "Only colours are left and %(side)s needs %(points)s beyond the points on the table to "
        "take the lead. Snookers needed: %(count)s, fewer than four: the frame goes on."),
    "snookers_needed_deciding_frame": pgettext_lazy(
        "trail:snookers_needed_deciding_frame",
        "Snookers needed by %(side)s: %(count)s, but this is the last frame with the frames "
        "level: the frame goes on."),
}


class TrailStepError(ValueError):
    """A trail step this module cannot explain: an unknown code or a missing param.

    It means the engine and ``SENTENCES`` disagree, never bad input from a reader.
    """


#: Message contexts of "2 reds" in each grammatical case: a list of balls may name a red more
#: than once (the referee names every red the cue ball touches, 3.8(a)).
_SEVERAL_REDS_CONTEXTS = {
    "": "reds in a sentence",
    "_gen": "reds in a sentence, genitive",
    "_acc": "reds in a sentence, accusative",
}


def _ball_list(balls: Sequence[str], suffix: str) -> str:
    """``balls`` as a list in the grammatical case of ``suffix``; a red named n times is "n reds".

    >>> from django.utils import translation
    >>> with translation.override("en"):
    ...     _ball_list(["red", "blue", "red"], "")
    '2 reds and the blue'
    """
    table = GRAMMATICAL_CASES[suffix]
    items = []
    for ball, times in Counter(balls).items():
        if ball == "red" and times > 1:
            items.append(
                npgettext(_SEVERAL_REDS_CONTEXTS[suffix], "%(count)s red", "%(count)s reds", times)
                % {"count": format_number(times)}
            )
        else:  # no other ball can be on the table twice
            items.extend([str(table[ball])] * times)
    return format_list(items)


def _ball_forms(name: str, value: Any) -> dict[str, str]:
    """``name`` in every grammatical case: ``{"ball": …, "ball_gen": …, "ball_acc": …}``."""
    if isinstance(value, str):
        return {name + suffix: str(table[value]) for suffix, table in GRAMMATICAL_CASES.items()}
    return {name + suffix: _ball_list(value, suffix) for suffix in GRAMMATICAL_CASES}


def sentence_params(params: Mapping[str, Any]) -> dict[str, str]:
    """Trail params as the sentences' placeholders, translated and in every case they take.

    >>> from django.utils import translation
    >>> with translation.override("en"):
    ...     sentence_params({"ball": "blue", "penalty": 5})
    {'ball': 'the blue', 'ball_gen': 'the blue', 'ball_acc': 'the blue', 'penalty': '5 points'}
    """
    filled: dict[str, str] = {}
    for name, value in params.items():
        if name in ("ball", "ball_on", "balls"):
            filled.update(_ball_forms(name, value))
        elif name in ("penalty", "points"):
            filled[name] = points_phrase(int(value))
        elif name == "count":
            filled[name] = format_number(int(value))
        elif name == "to":
            filled[name] = respot_destination(value)
        elif name == "sides":
            filled[name] = format_list([str(side) for side in value])
        else:  # player, side, winner: names as the case spells them
            filled[name] = str(value)
    return filled


def explain_step(code: str, params: Mapping[str, Any]) -> str:
    """The sentence of one trail step, in the active language.

    >>> from django.utils import translation
    >>> with translation.override("en"):
    ...     explain_step("first_contact_not_on", {"ball": "blue", "penalty": 5})
    'The cue ball first struck the blue, which was not on: foul, penalty of 5 points.'
    """
    try:
        message = SENTENCES[code]
    except KeyError:
        raise TrailStepError(f"no sentence for trail code {code!r}") from None
    try:
        if not isinstance(message, Promise):  # a sentence with a plural: chosen by the count
            message = message(int(params["count"]))
        return capfirst(str(message) % sentence_params(params))
    except KeyError as missing:
        raise TrailStepError(f"trail code {code!r} lacks the param {missing}") from None


def explain(decision: Mapping[str, Any]) -> list[ExplainedStep]:
    """One sentence per step of ``decision["trail"]``, in the active language.

    >>> from django.utils import translation
    >>> step = {"rule": "3.7", "code": "respot_own_spot", "params": {"ball": "pink"}}
    >>> with translation.override("en"):
    ...     [(s.rule_label, s.text) for s in explain({"trail": [step]})]
    [('Section 3, rule 7', 'The pink is re-spotted on its own spot.')]
    """
    return [
        ExplainedStep(
            rule=step["rule"],
            text=explain_step(step["code"], step.get("params") or {}),
            rule_label=rule_label(step["rule"]),
        )
        for step in decision.get("trail", ())
    ]
