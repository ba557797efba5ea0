"""An instance told in the reader's language: a neutral title, what happened, the question.

Every sentence is a whole msgid in ``quiz/locale`` (context ``family narrative``); ball names and
numbers come from ``quiz.explain`` and ``quiz.numbers`` already translated, in the grammatical
case the sentence names in its placeholder (``%(ball_acc)s``). The narrative records which facts
it stated (``quiz.families.spec.FACTS``) so that ``check_families`` can hold a family to the
facts its answer depends on. The title never names the ruling: it gives the score and the striker.

>>> from django.utils import translation
>>> from quiz.families.spec import load_families
>>> from quiz.families.instances import build_instance
>>> family = next(f for f in load_families() if f.slug == "miss-by-scores")
>>> with translation.override("en"):
...     story = narrate(instance=build_instance(family=family, seed=3))
>>> {"scores", "path_to_ball_on"} <= set(story.facts)
True
>>> story.question
'What does the referee call?'
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from django.utils.text import capfirst
from django.utils.translation import npgettext, pgettext

import rules_engine
from quiz.explain import ball_name, ball_word, format_list, sentence_params
from quiz.families.instances import Instance
from quiz.numbers import format_number, native_digits
from rules_engine.table import SPOTS

CONTEXT = "family narrative"


@dataclass(frozen=True)
class Narrative:
    """The instance's title, its sentences and question, and the facts the sentences state."""

    title: str
    sentences: tuple[str, ...]
    question: str
    facts: tuple[str, ...]

    @property
    def what_happened(self) -> str:
        return " ".join(self.sentences)


def _say(message: str, **params: Any) -> str:
    return native_digits(capfirst(pgettext(CONTEXT, message) % params))


def _table(state: Mapping[str, Any], striker: str) -> list[tuple[str, str]]:
    placed = state.get("positions")
    reds = int(state.get("reds", len(placed.get("red", ())) if placed else 15))
    on_table = state.get("colours") or (
        [colour for colour in rules_engine.COLOURS if colour in placed]
        if placed
        else list(rules_engine.COLOURS)
    )
    said = []
    if reds == 1:  # "One red", not "1 red", at the start of a sentence
        said.append(("reds", _say("One red remains on the table.")))
    elif reds:
        text = npgettext(
            CONTEXT,
            "%(count)s red remains on the table.",
            "%(count)s reds remain on the table.",
            reds,
        ) % {"count": format_number(reds)}
        said.append(("reds", native_digits(text)))
    else:
        colours = format_list([ball_word(ball) for ball in on_table])
        said.append(
            (
                "reds",
                _say("No reds remain; the colours left are %(colours)s.", colours=colours)
                if len(on_table) > 1
                else _say("Only %(ball)s remains on the table.", ball=ball_name(on_table[0])),
            )
        )
    scores = state.get("scores", {})
    said.append(
        (
            "scores",
            _say(
                "The score is A %(score_a)s, B %(score_b)s; %(striker)s is the striker.",
                score_a=format_number(scores.get("A", 0)),
                score_b=format_number(scores.get("B", 0)),
                striker=striker,
            ),
        )
    )
    ball_on = state.get("ball_on") or ("red" if reds else on_table[0])
    if ball_on == "red":
        said.append(("ball_on", _say("The ball on is a red.")))
    elif ball_on == "colour":
        message = (
            "%(striker)s has just potted a red, so a colour is on."
            if reds
            else "%(striker)s has just potted the last red, so a colour is on."
        )
        said.append(("ball_on", _say(message, striker=striker)))
    else:
        said.append(("ball_on", _say("The ball on is %(ball)s.", ball=ball_name(ball_on))))
    return said


_PATHS = {
    "full": "%(striker)s is not snookered: both edges of a ball on can be hit.",
    "partial": "%(striker)s is partly snookered: only part of a ball on can be hit.",
    "none": "%(striker)s is snookered: no straight line reaches any part of a ball on.",
}


_MISSES = {
    0: "%(striker)s plays from this position for the first time.",
    1: "Against %(striker)s, one foul and a miss has already been called from this position, "
    "and the balls were replaced.",
    2: "Against %(striker)s, two fouls and a miss have already been called in a row from this "
    "position, the balls replaced each time, and the referee has warned him.",
}


#: What the cue ball struck first: nothing, a red, a colour; plain or after leaving a touching ball.
_FIRST = {
    False: (
        "The cue ball hits no ball.",
        "The cue ball strikes a red first.",
        "The cue ball strikes %(ball_acc)s first.",
    ),
    True: (
        "After leaving it, the cue ball hits no other ball.",
        "After leaving it, the cue ball strikes a red first.",
        "After leaving it, the cue ball strikes %(ball_acc)s first.",
    ),
}
_TOUCHING_MOVED = {
    "none": "%(striker)s plays away from it, and the touching ball does not move.",
    "striker": "%(striker)s plays away from it, and the touching ball moves: he caused it.",
    "not_striker": "%(striker)s plays away from it; the touching ball moves, but the referee is "
    "satisfied he did not cause it.",
}


def _first_contact(first: list[str], *, away: bool) -> str:
    nothing, red, colour = _FIRST[away]
    if not first:
        return _say(nothing)
    if first[0] == "red":
        return _say(red)
    return _say(colour, ball_acc=ball_name(first[0], case="_acc"))


def _touching(state: Mapping[str, Any], stroke: Mapping[str, Any], striker: str) -> list[str]:
    ball = state["touching"][0]
    if ball == "red":
        declared = _say("The cue ball touches a red, and the referee has declared a touching ball.")
    else:
        declared = _say(
            "The cue ball touches %(ball_gen)s, and the referee has declared a touching ball.",
            ball_gen=ball_name(ball, case="_gen"),
        )
    if not stroke:  # a procedure (a stalemate judged): nobody has played away from it yet
        return [declared]
    moved = _say(_TOUCHING_MOVED[stroke.get("touching_moved", "none")], striker=striker)
    return [declared, moved]


def _edge(edge: Mapping[str, Any]) -> list[str]:
    if edge["ball"] == "red":
        said = [_say("A red was resting on the edge of a pocket.")]
    else:
        said = [_say("%(ball)s was resting on the edge of a pocket.", ball=ball_name(edge["ball"]))]
    if edge["fell"] == "unhit":
        said.append(_say("It falls in without being struck."))
        said.append(
            _say(
                "A ball involved in the stroke could have struck it."
                if edge["involved"]
                else "No ball involved in the stroke could have struck it."
            )
        )
    else:
        said.append(_say("It is struck, balances for a moment on the edge, then falls in."))
    if edge.get("caused_foul"):
        said.append(_say("The cue ball follows it into the pocket."))
    return said


def _nomination(stroke: Mapping[str, Any], striker: str) -> list[str]:
    if not stroke.get("nominated"):
        return []
    return [
        _say(
            "%(striker)s nominates %(ball_acc)s.",
            striker=striker,
            ball_acc=ball_name(stroke["nominated"], case="_acc"),
        )
    ]


def _contact(stroke: Mapping[str, Any], striker: str) -> list[str]:
    """What the stroke did, the nomination aside (``_nomination``)."""
    first = stroke.get("first_contact") or []
    said = []
    said.append(_first_contact(first, away="touching_moved" in stroke))
    for ball in stroke.get("potted", ()):
        if ball == "red":
            said.append(_say("A red is potted."))
        else:
            said.append(_say("%(ball)s is potted.", ball=ball_name(ball)))
    for ball in stroke.get("off_table", ()):
        if ball == "red":
            said.append(_say("A red is forced off the table."))
        else:
            said.append(_say("%(ball)s is forced off the table.", ball=ball_name(ball)))
    if stroke.get("cue_ball") == "potted" and "edge" not in stroke:
        said.append(_say("The cue ball goes into a pocket."))
    if stroke.get("cue_ball") == "off_table":
        said.append(_say("The cue ball leaves the table."))
    return said


#: Infringements a referee sees that the contact facts do not show (``stroke.infringements``).
_INFRINGEMENTS = {
    "jump_shot": "%(striker)s plays a jump shot: the cue ball jumps over an object ball.",
    "push_stroke": "The referee judges the stroke a push stroke.",
    "feet_off_floor": "%(striker)s plays the stroke with both feet off the floor.",
    "double_hit": "The tip strikes the cue ball twice in the stroke.",
    "partner_consulted": "Before the stroke, %(striker)s confers with his partner.",
}


def _infringements(stroke: Mapping[str, Any], striker: str) -> list[str]:
    said = []
    for code in stroke.get("infringements", ()):
        name, _, ball = code.partition(":")
        if name == "touched" and ball == "red":
            said.append(
                _say("During the stroke, %(striker)s touches a red with his hand.", striker=striker)
            )
        elif name == "touched":
            said.append(
                _say(
                    "During the stroke, %(striker)s touches %(ball_gen)s with his hand.",
                    striker=striker,
                    ball_gen=ball_name(ball, case="_gen"),
                )
            )
        else:
            said.append(_say(_INFRINGEMENTS[name], striker=striker))
    return said


_RULESETS = {
    "wpbsa-2007": "The frame is played under the WPBSA rules of 2007.",
    "wpbsa-2014": "The frame is played under the WPBSA rules as amended in 2014.",
    "fr-club": "The frame is played under the French club rules.",
}


def _setting(case: Mapping[str, Any], striker: str, opponent: str) -> list[tuple[str, str]]:
    """The edition, the sides of a four-handed frame, in hand, a free ball, a re-spotted
    black: the circumstances a stroke is played in, when the case gives them."""
    state = case.get("state", {})
    said = []
    if "ruleset" in case:
        said.append(("ruleset", _say(_RULESETS[case["ruleset"]])))
    if "sides" in state:
        (first, mates_a), (_, mates_b) = sorted(state["sides"].items())
        said.append(
            (
                "sides",
                _say(
                    "A four-handed frame: side A is %(a1)s and %(a2)s, side B is %(b1)s and "
                    "%(b2)s; the order of play is %(order)s.",
                    a1=mates_a[0],
                    a2=mates_a[1],
                    b1=mates_b[0],
                    b2=mates_b[1],
                    order=format_list(list(state["players"])),
                ),
            )
        )
    if state.get("respotted_black"):
        said.append(("respotted_black", _say("The frame is on a re-spotted black.")))
    if state.get("free_ball"):
        said.append(
            (
                "free_ball",
                _say(
                    "After a foul by %(opponent)s, a free ball was called; %(striker)s plays it.",
                    opponent=opponent,
                    striker=striker,
                ),
            )
        )
    if state.get("in_hand") or ("positions" in state and "white" not in state["positions"]):
        said.append(
            ("in_hand", _say("%(striker)s has the cue ball in hand, in the D.", striker=striker))
        )
    return said


def _placed(instance: Instance, striker: str) -> list[tuple[str, str]]:
    """A case with positions: the diagram, and what the engine's geometry found in it."""
    geometry = instance.geometry
    said = [("positions", _say("The diagram shows where the balls stand before the stroke."))]
    if "path_to_ball_on" in geometry:
        said.append(("path_to_ball_on", _say(_PATHS[geometry["path_to_ball_on"]], striker=striker)))
    if geometry.get("touching"):
        ball = geometry["touching"][0]
        said.append(
            (
                "touching",
                _say("The cue ball touches a red, and the referee has declared a touching ball.")
                if ball == "red"
                else _say(
                    "The cue ball touches %(ball_gen)s, and the referee has declared a touching "
                    "ball.",
                    ball_gen=ball_name(ball, case="_gen"),
                ),
            )
        )
    return said


def _placed_spots(instance: Instance) -> list[str]:
    """The spots when a colour leaves the table in a case with positions (where the balls came
    to rest, else before the stroke): which colours stand on their own spot, which spots
    another ball takes (the engine's geometry decides), and that the others are free."""
    stroke = instance.case.get("stroke", {})
    leaving = [*stroke.get("potted", ()), *stroke.get("off_table", ())]
    if all(ball == "red" for ball in leaving) or "occupied_spots" not in instance.geometry:
        return []
    geometry = instance.geometry
    placed = stroke.get("positions_after") or instance.case["state"]["positions"]
    staying = [c for c in rules_engine.COLOURS if c in placed and c not in leaving]
    own = [c for c in staying if placed[c] == list(SPOTS[c])]
    occupied = list(geometry["occupied_spots"])
    said = []
    if own and own == staying:
        said.append(_say("Every other colour stands on its own spot."))
    else:
        said += _on_own_spots(own)
    said += _taken_spots([c for c in occupied if c not in own])
    if len(occupied) < len(rules_engine.COLOURS):
        said.append(_say("The other spots are free." if said else "Every spot is free."))
    return said


def _spots(occupied: list[str], *, own: list[str] | None = None) -> list[str]:
    """Which spots are taken; ``own`` names colours standing on their own spot."""
    if not occupied:
        return [_say("Every spot is free.")]
    own = [spot for spot in occupied if spot in (own or ())]
    said = _on_own_spots(own) + _taken_spots([spot for spot in occupied if spot not in own])
    return [*said, _say("The other spots are free.")]


def _on_own_spots(colours: list[str]) -> list[str]:
    """The colours standing on their own spot, in one sentence (none: no sentence)."""
    if len(colours) == 1:
        return [_say("%(ball)s stands on its own spot.", ball=ball_name(colours[0]))]
    if colours:
        balls = sentence_params({"balls": colours})["balls"]
        return [_say("%(balls)s stand on their own spots.", balls=balls)]
    return []


def _taken_spots(colours: list[str]) -> list[str]:
    """The spots another ball takes, in one sentence (none: no sentence)."""
    if len(colours) == 1:
        return [
            _say(
                "The spot of %(ball_gen)s is taken by another ball.",
                ball_gen=ball_name(colours[0], case="_gen"),
            )
        ]
    if colours:
        balls_gen = sentence_params({"balls": colours})["balls_gen"]
        return [_say("The spots of %(balls_gen)s are taken by other balls.", balls_gen=balls_gen)]
    return []


def _question(instance: Instance) -> str:
    if instance.ask == "decision" and instance.ask_ball:
        return _say(
            "Give the referee's full decision, and where %(ball_acc)s is re-spotted, if at all.",
            ball_acc=ball_name(instance.ask_ball, case="_acc"),
        )
    if instance.ask == "respot":
        return _say(
            "Where does the referee re-spot %(ball_acc)s, if at all?",
            ball_acc=ball_name(instance.ask_ball, case="_acc"),
        )
    return _say(QUESTIONS[instance.ask])


QUESTIONS = {
    "legal": "Is the stroke fair or a foul?",
    "penalty": "What penalty does the referee award?",
    "points": "Who scores from this stroke, and how many points?",
    "calls": "What does the referee call?",
    "next": "Who plays next, and what may he choose?",
    "ball_on": "What is the next ball on?",
    "decision": "Give the referee's full decision.",
}


def _stalemate(procedure: Mapping[str, Any], *, four: bool) -> list[str]:
    """The stalemate judged; ``four``: a four-handed frame, where all four must agree."""
    said = [_say("The referee judges that a stalemate exists or is approaching.")]
    if procedure.get("all_agree_restart"):
        agreed = (
            "All four players agree to restart the frame at once."
            if four
            else "Both players agree to restart the frame at once."
        )
        return [*said, _say(agreed)]
    said.append(
        _say(
            "The four players are not all willing to restart the frame at once."
            if four
            else "The players are not both willing to restart the frame at once."
        )
    )
    if procedure.get("changed_after_period"):
        said.append(_say("Within the short period the referee then allows, the situation changes."))
    else:
        said.append(
            _say("Within the short period the referee then allows, the situation does not change.")
        )
    return said


def _opponent(state: Mapping[str, Any], striker: str) -> str:
    """Who plays after the striker: the other player, or in a four-handed frame the next in
    the order of play."""
    players = state.get("players") or ["A", "B"]
    return players[(players.index(striker) + 1) % len(players)]


def _after(instance: Instance, opponent: str) -> list[tuple[str, str]]:
    """Where the balls came to rest (a diagram after the stroke), the spots when a colour left
    the table (from a diagram), and whether the incoming player is snookered."""
    state = instance.case.get("state", {})
    stroke = instance.case.get("stroke", {})
    said = []
    if "positions_after" in stroke:
        said.append(
            ("positions", _say("The diagram shows where the balls came to rest after the stroke."))
        )
    if "occupied_spots" not in state:
        said += [("occupied_spots", text) for text in _placed_spots(instance)]
    snookered_after = stroke.get("snookered_after")
    if snookered_after is None and not instance.decision.get("legal", True):
        # Computed from the diagram; it matters only after a foul (a free ball).
        snookered_after = instance.geometry.get("snookered_after")
    if snookered_after is not None:
        message = (
            "After the stroke, %(opponent)s is snookered."
            if snookered_after
            else "After the stroke, %(opponent)s is not snookered."
        )
        said.append(("snookered_after", _say(message, opponent=opponent)))
    return said


def narrate(*, instance: Instance) -> Narrative:
    """The instance in the active language (``translation.override`` chooses it)."""
    state = instance.case.get("state", {})
    stroke = instance.case.get("stroke", {})
    striker = state.get("striker", (state.get("players") or ["A"])[0])
    opponent = _opponent(state, striker)
    stated = _setting(instance.case, striker, opponent) + _table(state, striker)
    if "occupied_spots" in state:
        stated += [("occupied_spots", text) for text in _spots(list(state["occupied_spots"]))]
    placed = _placed(instance, striker) if "positions" in state else []
    stated += [item for item in placed if item[0] != "touching"]
    if "path_to_ball_on" in stroke:
        stated.append(("path_to_ball_on", _say(_PATHS[stroke["path_to_ball_on"]], striker=striker)))
    if "misses" in state:
        stated.append(("misses", _say(_MISSES[state["misses"]], striker=striker)))
    # The touching ball the diagram shows is told after the misses, next to playing away from it.
    stated += [item for item in placed if item[0] == "touching"]
    # The striker declares his ball before he plays away from a touching ball.
    stated += [("stroke", text) for text in _nomination(stroke, striker)]
    if state.get("touching"):
        stated += [("touching", text) for text in _touching(state, stroke, striker)]
    elif "touching_moved" in stroke and instance.geometry.get("touching"):
        stated.append(
            ("touching", _say(_TOUCHING_MOVED[stroke["touching_moved"]], striker=striker))
        )
    procedure = instance.case.get("procedure", {})
    if procedure.get("kind") == "stalemate":
        four = len(state.get("players") or ()) > 2
        stated += [("stalemate", text) for text in _stalemate(procedure, four=four)]
    elif procedure.get("kind") == "concede":
        stated.append(("stroke", _say("%(striker)s concedes the frame.", striker=striker)))
    else:
        stated += [("stroke", text) for text in _contact(stroke, striker)]
        stated += [("infringements", text) for text in _infringements(stroke, striker)]
    if "edge" in stroke:
        stated += [("edge", text) for text in _edge(stroke["edge"])]
    stated += _after(instance, opponent)
    scores = state.get("scores", {})
    title = _say(
        "A %(score_a)s, B %(score_b)s: %(striker)s at the table",
        score_a=format_number(scores.get("A", 0)),
        score_b=format_number(scores.get("B", 0)),
        striker=striker,
    )
    return Narrative(
        title=title,
        sentences=tuple(text for _, text in stated),
        question=_question(instance),
        facts=tuple(dict.fromkeys(fact for fact, _ in stated if fact != "stroke")),
    )
