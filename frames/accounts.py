"""What happened in one stroke of a frame, told in the reader's language: the stroke account.

A referee keeping a frame sees the stroke, then calls it. The account is what he saw: who
plays, from where, what he nominated, what the cue ball struck first, what was potted or
forced off, the cue ball's fate, any other infringement seen, and the facts of the table the
decision turns on (the path to the ball on when the stroke failed to hit one, whether the
incoming player is snookered, the touching ball). It never says the ruling: no "foul", no
penalty, no call, no next player.

Every sentence is a whole msgid in ``quiz/locale``: the family narratives' own sentences
(context ``family narrative``, ``quiz.families.narratives``) where they say the same thing,
the rest under the context ``frame account``. Ball names come from ``quiz.explain`` in the
grammatical case the placeholder names, numbers from ``quiz.numbers`` (Persian digits).

>>> from django.utils import translation
>>> state = {"players": ["A", "B"], "striker": "B", "reds": 15, "ball_on": "red"}
>>> with translation.override("en"):
...     describe_stroke(state=state, step={"stroke": {"first_contact": ["red"],
...                                                    "potted": ["red", "red"]}})
['B plays.', 'The cue ball strikes a red first.', '2 reds are potted.']
"""

from __future__ import annotations

import functools
import json
from collections import Counter
from collections.abc import Mapping
from typing import Any

from django.utils.text import capfirst
from django.utils.translation import npgettext, pgettext

from quiz.explain import ball_name, sentence_params
from quiz.families.narratives import (  # the family narratives' sentences, told the same way
    _MISSES,
    _PATHS,
    _edge,
    _first_contact,
    _say,
    _stalemate,
    _touching,
)
from quiz.numbers import format_number, native_digits

CONTEXT = "frame account"

#: Infringements the referee sees that do not follow from the contacts (spec section 4), as
#: what he saw. ``%(ball_acc)s``: the ball concerned, when the code names one.
_INFRINGEMENTS = {
    "double_hit": "The cue ball is struck more than once.",
    "feet_off_floor": "%(striker)s plays with both feet off the floor.",
    "out_of_turn": "%(striker)s plays although it is not his turn.",
    "bad_from_hand": "%(striker)s plays from in hand with the cue ball outside the D.",
    "jump_shot": "The cue ball jumps over an object ball.",
    "bad_cue": "%(striker)s plays with a cue that does not meet the standard.",
    "partner_consulted": "%(striker)s confers with his partner before the stroke.",
    "balls_moving": "%(striker)s strikes before every ball has come to rest.",
    "early_stroke": "%(striker)s strikes before the referee has finished re-spotting.",
    "push_stroke": "The tip is still on the cue ball when the cue ball strikes the object ball.",
    "touched": "%(striker)s touches %(ball_acc)s with his sleeve.",
    "ball_off_table_used": "%(striker)s holds a ball from off the table against a gap to test it.",
    "measured": "%(striker)s measures a gap with the chalk.",
    "non_white_cue_ball": "%(striker)s strikes a ball other than the white with the cue.",
    "no_declaration": "The referee asks %(striker)s which ball he is on; he does not declare it.",
    "foul_before_nomination": "%(striker)s has not nominated a colour.",
    "early_stroke_free_ball": "%(striker)s strikes before the referee has finished spotting "
    "the colour taken as a free ball.",
    "consultation_touch": "While the balls are being replaced, %(striker)s touches %(ball_acc)s.",
    "partner_caused_touch": "%(striker)s moves %(ball_acc)s: his partner caused it.",
    "moved_by_hand": "%(striker)s moves %(ball_acc)s by hand on purpose.",
}
#: Infringements whose ball is told even when the code does not name it (the ball on).
_NEEDS_BALL = ("touched", "consultation_touch", "partner_caused_touch", "moved_by_hand")


def _tell(message: str, **params: Any) -> str:
    return native_digits(capfirst(pgettext(CONTEXT, message) % params))


def _next_player(state: Mapping[str, Any], striker: str) -> str:
    players = list(state.get("players") or ["A", "B"])
    return players[(players.index(striker) + 1) % len(players)] if striker in players else "B"


def _opening(state: Mapping[str, Any], striker: str) -> list[str]:
    """Who plays, and the state of the table the stroke starts from that the referee keeps."""
    said = []
    if state.get("respotted_black"):
        said.append(_tell("The frame goes on with the re-spotted black."))
    scores = state.get("scores") or {}
    if state.get("in_hand") and state.get("reds", 15) == 15 and not any(scores.values()):
        said.append(_tell("%(striker)s breaks off.", striker=striker))
    elif state.get("in_hand"):
        said.append(_tell("%(striker)s plays from in hand.", striker=striker))
    else:
        said.append(_tell("%(striker)s plays.", striker=striker))
    if state.get("free_ball"):
        said.append(_tell("%(striker)s takes the free ball.", striker=striker))
    if state.get("unspotted_colour"):
        said.append(
            _tell(
                "The referee has not yet finished spotting %(ball_acc)s.",
                ball_acc=ball_name(state["unspotted_colour"], case="_acc"),
            )
        )
    if state.get("misses") in (1, 2):
        said.append(_say(_MISSES[state["misses"]], striker=striker))
    return said


def _misses_ball_on(state: Mapping[str, Any], stroke: Mapping[str, Any]) -> bool:
    """The cue ball struck no ball on first (so the path to it decides a miss, 3.14)."""
    first = list(stroke.get("first_contact") or [])
    if not first:
        return True
    ball_on = state.get("ball_on", "red")
    if state.get("free_ball") and stroke.get("nominated") in first:
        return False
    if ball_on == "red":
        return any(ball != "red" for ball in first)
    if ball_on == "colour":
        nominated = stroke.get("nominated")
        return any(ball == "red" or (nominated and ball != nominated) for ball in first)
    return any(ball != ball_on for ball in first)


def _contacts(state: Mapping[str, Any], stroke: Mapping[str, Any], striker: str) -> list[str]:
    said = []
    if stroke.get("nominated"):
        said.append(
            _say(
                "%(striker)s nominates %(ball_acc)s.",
                striker=striker,
                ball_acc=ball_name(stroke["nominated"], case="_acc"),
            )
        )
    elif stroke.get("declared") is False:
        said.append(_tell("%(striker)s declares no ball.", striker=striker))
    first = list(stroke.get("first_contact") or [])
    if len(first) > 1:
        said.append(
            _tell(
                "The cue ball strikes %(balls_acc)s at the same time.",
                balls_acc=sentence_params({"balls": first})["balls_acc"],
            )
        )
    else:
        said.append(_first_contact(first, away=bool(state.get("touching"))))
    return said


def _results(stroke: Mapping[str, Any]) -> list[str]:
    """The balls potted and forced off, and where the cue ball went."""
    said = []
    potted = Counter(stroke.get("potted") or ())
    if potted["red"] == 1:
        said.append(_say("A red is potted."))
    elif potted["red"]:
        message = npgettext(
            CONTEXT, "%(count)s red is potted.", "%(count)s reds are potted.", potted["red"]
        )
        said.append(native_digits(message % {"count": format_number(potted["red"])}))
    said += [_say("%(ball)s is potted.", ball=ball_name(b)) for b in potted if b != "red"]
    for ball in stroke.get("off_table") or ():
        if ball == "red":
            said.append(_say("A red is forced off the table."))
        else:
            said.append(_say("%(ball)s is forced off the table.", ball=ball_name(ball)))
    cue_ball = stroke.get("cue_ball", "table")
    if cue_ball == "potted" and "edge" not in stroke:
        said.append(_say("The cue ball goes into a pocket."))
    elif cue_ball == "off_table":
        said.append(_say("The cue ball leaves the table."))
    return said


def _infringements(stroke: Mapping[str, Any], striker: str, ball_on: str) -> list[str]:
    said = []
    for code in stroke.get("infringements") or ():
        name, _, ball = str(code).partition(":")
        if name not in _INFRINGEMENTS:
            continue
        if name == "balls_moving" and ball:
            said.append(
                _tell(
                    "%(striker)s strikes while %(ball)s is still moving.",
                    striker=striker,
                    ball=ball_name(ball),
                )
            )
            continue
        if not ball and name in _NEEDS_BALL:
            ball = ball_on if ball_on not in ("colour", None) else "red"
        said.append(
            _tell(
                _INFRINGEMENTS[name],
                striker=striker,
                ball_acc=ball_name(ball or "red", case="_acc"),
            )
        )
    return said


def _geometry(state: Mapping[str, Any], step: Mapping[str, Any]) -> Any | None:
    """The engine's geometric facts (path before, snookered after, touching) for the stroke,
    computed from the positions where the frame gives them; None if the case cannot be read."""
    return _geometry_of(json.dumps([state, step["stroke"]], sort_keys=True))


@functools.lru_cache(maxsize=256)
def _geometry_of(facts: str) -> Any | None:
    """The same, once per stroke (an account is told in each language from the same facts)."""
    from rules_engine import CaseError, load_case, referee_for

    state, stroke = json.loads(facts)
    try:
        case = load_case(
            {"format": "snooker-referee-case/1", "id": "account", "state": state, "stroke": stroke}
        )
    except (CaseError, ValueError, TypeError):
        return None
    assert case.stroke is not None
    return referee_for(case.ruleset).geometric_facts(case.state, case.stroke)


def _table_facts(
    state: Mapping[str, Any], step: Mapping[str, Any], striker: str, facts: Any | None
) -> tuple[list[str], list[str]]:
    """(before the contacts: the path to the ball on; after: where the cue ball rests)."""
    stroke = step["stroke"]
    before = _path_before(state, stroke, striker, facts)
    opponent = _next_player(state, striker)
    after = _rest_touching(step)
    if stroke.get("free_ball_snookers") or (facts and facts.free_ball_snookers):
        message = "After the stroke, the free ball itself snookers %(opponent)s."
        return before, [*after, _tell(message, opponent=opponent)]
    snookered = _snookered_after(state, stroke, facts)
    if snookered is not None:
        message = (
            "After the stroke, %(opponent)s is snookered."
            if snookered
            else "After the stroke, %(opponent)s is not snookered."
        )
        after.append(_say(message, opponent=opponent))
    return before, after


def _path_before(
    state: Mapping[str, Any], stroke: Mapping[str, Any], striker: str, facts: Any | None
) -> list[str]:
    """The path to the ball on, when the cue ball failed to hit one first (a miss turns on it):
    as stated, from the positions, else full (the engine's default, spec section 4)."""
    said = []
    path = stroke.get("path_to_ball_on") or (facts.path_to_ball_on if facts else None)
    if "path_to_ball_on" in stroke or _misses_ball_on(state, stroke):
        said.append(_say(_PATHS[path or "full"], striker=striker))
    if stroke.get("best_attempt") is False:
        message = "The referee is not satisfied that %(striker)s tried his best to hit a ball on."
        said.append(_tell(message, striker=striker))
    return said


def _rest_touching(step: Mapping[str, Any]) -> list[str]:
    """The balls the cue ball came to rest against: declared, or seen from the positions."""
    stroke = step["stroke"]
    touching = list(step.get("touching_after") or ())
    rest = stroke.get("positions_after") or {}
    if not touching and rest.get("white") and stroke.get("cue_ball", "table") == "table":
        from rules_engine.geometry import touching_balls

        balls = [("red", tuple(p)) for p in rest.get("red", ())] + [
            (name, tuple(p)) for name, p in rest.items() if name not in ("white", "red")
        ]
        touching = list(touching_balls(tuple(rest["white"]), balls, each=True))
    if not touching:
        return []
    balls_gen = sentence_params({"balls": touching})["balls_gen"]
    return [_tell("The cue ball comes to rest touching %(balls_gen)s.", balls_gen=balls_gen)]


def _snookered_after(
    state: Mapping[str, Any], stroke: Mapping[str, Any], facts: Any | None
) -> bool | None:
    """Whether the incoming player is snookered, told when the turn may pass (nothing potted,
    the cue ball gone, an infringement, a ball on missed): as stated, from the positions, else
    not (the engine's default). None: not told."""
    if stroke.get("snookered_after") is not None:
        return bool(stroke["snookered_after"])
    turn_may_pass = (
        not stroke.get("potted")
        or stroke.get("cue_ball", "table") != "table"
        or bool(stroke.get("infringements") or stroke.get("off_table"))
        or _misses_ball_on(state, stroke)
    )
    if not turn_may_pass:
        return None
    if stroke.get("positions_after"):
        return None if facts is None else facts.snookered_after
    return False


def _procedure(state: Mapping[str, Any], procedure: Mapping[str, Any], striker: str) -> list[str]:
    kind = procedure.get("kind")
    if kind == "stalemate":
        return _stalemate(procedure, four=len(state.get("players") or ()) > 2)
    if kind == "concede":
        return [_tell("%(side)s concedes the frame.", side=procedure.get("side", ""))]
    return [_tell("%(striker)s claims the frame.", striker=striker)]


def describe_stroke(*, state: Mapping[str, Any], step: Mapping[str, Any]) -> list[str]:
    """The account of one stroke of a frame, in the active language (``translation.override``).

    ``state`` is the state before the stroke (a case's ``state``: what ``next_state`` gives,
    ``State.to_dict()``); ``step`` the frame file's entry (``stroke`` or ``procedure``, with its
    ``touching_after``). The sentences state facts only, never the ruling.
    """
    striker = str(state.get("striker") or (state.get("players") or ["A"])[0])
    if "procedure" in step:
        return _procedure(state, step["procedure"], striker)
    stroke = step["stroke"]
    said = _opening(state, striker)
    facts = _geometry(state, step)
    touching = list(state.get("touching") or (facts.touching if facts else ()))
    if touching:  # declared after the stroke before, or seen from the positions
        state = {**state, "touching": touching}
        said += _touching(state, stroke, striker)
    if stroke.get("struck", True) is False:
        said.append(
            _tell("%(striker)s is preparing the stroke and has not yet struck.", striker=striker)
        )
        if state.get("in_hand"):
            said.append(
                _tell("He has already placed the cue ball on the table.")
                if stroke.get("cue_ball_placed")
                else _tell("The cue ball is still in his hand.")
            )
        return said + _infringements(stroke, striker, str(state.get("ball_on", "red")))
    before, after = _table_facts(state, step, striker, facts)
    said += before + _contacts(state, stroke, striker) + _results(stroke)
    if "edge" in stroke:
        said += _edge(stroke["edge"])
    said += _infringements(stroke, striker, str(state.get("ball_on", "red")))
    return said + after


def describe_choice(*, state: Mapping[str, Any], step: Mapping[str, Any]) -> list[str]:
    """What the next player chose after the stroke (or who won the lot for the re-spotted
    black), told once the stroke has been called; empty when he simply plays on."""
    striker = str(state.get("striker") or (state.get("players") or ["A"])[0])
    chooser = _next_player(state, striker)
    said = []
    choice = step.get("choice", "play")
    if choice == "offender_again":
        said.append(
            _tell("%(player)s asks %(offender)s to play again.", player=chooser, offender=striker)
        )
    elif choice == "replace_offender_again":
        said.append(
            _tell(
                "%(player)s has the balls replaced and asks %(offender)s to play again.",
                player=chooser,
                offender=striker,
            )
        )
    if step.get("lot"):
        said.append(_tell("%(player)s wins the lot and plays the black.", player=step["lot"]))
    return said
