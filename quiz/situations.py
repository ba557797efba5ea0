"""When two referee cases are the same situation (the exam pool's copy check).

An exam-only question must not be a practice question in other words: a trainee who
memorised the public bank would answer it without refereeing. Comparing the JSON misses
a copy with a diagram added, a red more or the players named the other way round, so
the check compares what the referee sees and what the engine rules:

1. Both cases are read by the engine (``load_case``: defaults filled in, reds and colours
   counted from the positions). The scores are set aside, and so is the diagram (the
   positions before and after the stroke) unless the exam's ruling needs it: when the
   engine, given the case without its positions, answers the exam's question otherwise,
   the two diagrams must be the same.
2. The players may be named differently: every renaming that keeps the sides (A and B
   swapped, partners swapped) is tried.
3. These facts must then be equal: everything that happened in the stroke (first contact,
   potted, forced off, the cue ball, infringements, nomination, the edge, a touching ball
   moving), the procedure (stalemate agreed, period, changed), the ball on, the free ball,
   the colours left, whether any red is left, the touching ball (before the stroke and,
   with a diagram after it, where the cue ball came to rest: both found in the positions
   by the engine's ``touching_balls`` when the diagram places the cue ball, so a touching
   ball drawn but not stated is still a fact), the re-spotted black, the misses so far,
   the path to the ball on before the stroke and the snookered facts after it (as the
   engine sees them: stated, else found in the diagram by the engine's
   ``geometric_facts``, else its defaults, so a snooker drawn but not stated is still a
   fact), the players' order of play and sides, the edition and its variants.
4. Four facts (``TOLERATED``: the striker, the breaker, the number of reds and the best
   attempt) may differ, but only where the difference does not change the exam's
   ruling: each one, and all of them at once, put into the exam case leave the engine's
   answer to the exam's question unchanged. (So a red more is a copy when the ruling
   stays; the last red instead of ten is a new situation when it changes the ball on.)
5. And the engine gives both cases the same answer to the exam's question (its ``ask``:
   the fields the candidate answers, e.g. the points, or where the pink is re-spotted).

Two cases that meet 1 to 5 are the same situation with the same ruling.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Mapping
from dataclasses import asdict, fields, replace
from typing import Any

#: State facts that may differ when the exam's ruling does not depend on them.
TOLERATED_STATE = ("striker", "breaker", "reds")
#: Stroke facts of the same kind: what the referee judges, not what happened.
TOLERATED_STROKE = ("best_attempt",)
#: Set aside here: the diagram and the scores (the players and sides are compared as
#: ``order_of_play`` and ``sides``, whatever their names).
SET_ASIDE_STATE = ("positions", "scores", "players", "sides")
SET_ASIDE_STROKE = ("positions_after",)


def load(case: Any) -> Any | None:
    """The engine's ``Case`` read from a fixture's case, or None (a case the engine refuses
    is reported by the loader's other checks)."""
    from rules_engine import CaseError, load_case

    if not isinstance(case, Mapping):
        return None
    try:
        return load_case(case)
    except (CaseError, ValueError, TypeError):
        return None


def answer(case: Any, *, ask: str, ask_ball: str) -> dict[str, Any] | None:
    """The engine's answer to the question ``ask`` about ``case`` (None: it cannot judge)."""
    from quiz.grading import expected_answer
    from rules_engine import judge

    try:
        decision = judge(case).to_dict()
    except Exception:  # noqa: BLE001 - a case the engine cannot judge is nobody's twin
        return None
    return expected_answer(decision=decision, ask=ask, ask_ball=ask_ball)


def _order_of_play(state: Any) -> tuple[str, ...]:
    """The players in turn, starting from the first one named (a rotation is the same order)."""
    players = tuple(state.players)
    return min((players[i:] + players[:i] for i in range(len(players))), default=())


def _renamed(name: Any, names: Mapping[str, str]) -> Any:
    return names.get(name, name) if isinstance(name, str) else name


def rename(case: Any, names: Mapping[str, str]) -> Any:
    """The case with its players and sides renamed (``names``: old name to new)."""
    state = case.state
    new_state = replace(
        state,
        players=tuple(names.get(p, p) for p in state.players),
        sides={names.get(s, s): tuple(names.get(p, p) for p in m) for s, m in state.sides.items()},
        striker=names.get(state.striker, state.striker),
        breaker=names.get(state.breaker, state.breaker),
        scores={names.get(s, s): n for s, n in state.scores.items()},
    )
    procedure = case.procedure
    if procedure is not None and procedure.side is not None:
        procedure = replace(procedure, side=_renamed(procedure.side, names))
    return replace(case, state=new_state, procedure=procedure)


def renamings(source: Any, target: Any) -> Iterator[dict[str, str]]:
    """Every renaming of ``source``'s sides and players onto ``target``'s that keeps the
    sides together (none when the sides are not of the same sizes)."""
    ours, theirs = list(source.state.sides.items()), list(target.state.sides.items())
    if len(ours) != len(theirs):
        return
    for order in itertools.permutations(theirs):
        if any(len(a[1]) != len(b[1]) for a, b in zip(ours, order, strict=True)):
            continue
        pairings = [itertools.permutations(b[1]) for b in order]
        for members in itertools.product(*pairings):
            names: dict[str, str] = {}
            for (side, players), (new_side, _), new_players in zip(
                ours, order, members, strict=True
            ):
                names[side] = new_side
                names.update(zip(players, new_players, strict=True))
            yield names


def facts(case: Any) -> dict[str, Any]:
    """The case's facts, each named ``part.field``, positions and scores set aside."""
    found: dict[str, Any] = {
        "ruleset": case.ruleset,
        "variants": tuple(sorted(case.variants)),
        "order_of_play": _order_of_play(case.state),
        "sides": sorted(sorted(m) for m in case.state.sides.values()),
        "reds_left": case.state.reds > 0,
    }
    for part in ("state", "stroke", "procedure"):
        value = getattr(case, part)
        if value is None:
            found[part] = None
            continue
        for item in fields(value):
            if (part, item.name) in _SET_ASIDE:
                continue
            found[f"{part}.{item.name}"] = _plain(getattr(value, item.name))
    found["state.touching"] = touching(case.state)
    if case.stroke is not None:
        found["stroke.touching_after"] = touching_after(case.stroke)
        found.update(zip(_PATH_FACTS, paths(case), strict=True))
    return found


#: The stroke's path and snookered facts, in the order :func:`paths` gives them.
_PATH_FACTS = ("stroke.path_to_ball_on", "stroke.snookered_after", "stroke.free_ball_snookers")


def paths(case: Any) -> tuple[str, bool, bool]:
    """The path to the ball on before the stroke, and whether the cue ball is snookered and
    snookered by the free ball after it, as the engine sees them: as the case states them,
    else found by the engine's own ``geometric_facts`` in the diagram (before the stroke,
    after it), else the engine's defaults (a full path, not snookered). Without this a
    snooker drawn but not stated was no fact, and a snookered situation passed for one in
    clear view. The engine is asked only when a diagram gives a fact the case leaves out
    (this runs for every exam question drawn)."""
    state, stroke = case.state, case.stroke
    path, after, by_free = stroke.path_to_ball_on, stroke.snookered_after, stroke.free_ball_snookers
    if (path is None and state.positions is not None) or (
        (after is None or by_free is None) and stroke.positions_after is not None
    ):
        from rules_engine.rulesets import referee_for

        found = referee_for(case.ruleset, case.variants).geometric_facts(state, stroke)
        path = found.path_to_ball_on if path is None else path
        after = found.snookered_after if after is None else after
        by_free = found.free_ball_snookers if by_free is None else by_free
    return path or "full", bool(after), bool(by_free)


def touching(state: Any) -> tuple[str, ...]:
    """The balls touching the cue ball before the stroke as the engine sees them: found in the
    positions when the case places the cue ball (``state.touching`` is then only checked
    against them), else as the case states them. Without this a touching ball given only by
    the diagram was no fact, and a touching situation passed for a non-touching one."""
    from rules_engine import geometry

    positions = state.positions
    if positions is not None and positions.white is not None:
        return tuple(sorted(geometry.touching_balls(positions.white, positions.object_balls())))
    return tuple(sorted(set(state.touching or ())))


def touching_after(stroke: Any) -> tuple[str, ...]:
    """The balls the cue ball rests against after the stroke, found in ``positions_after``
    by the engine's own test (a referee's touching-ball call; none without that diagram)."""
    from rules_engine import geometry

    after = stroke.positions_after
    if after is None or after.white is None:
        return ()
    return tuple(sorted(geometry.touching_balls(after.white, after.object_balls())))


_SET_ASIDE = {("state", n) for n in SET_ASIDE_STATE} | {("stroke", n) for n in SET_ASIDE_STROKE}
TOLERATED = {f"state.{n}" for n in TOLERATED_STATE} | {f"stroke.{n}" for n in TOLERATED_STROKE}


def _plain(value: Any) -> Any:
    if hasattr(value, "__dataclass_fields__"):
        return asdict(value)
    if isinstance(value, Mapping):
        return dict(value)
    return value


def _with_fact(case: Any, name: str, value: Any) -> Any:
    part, field_name = name.split(".", 1)
    return replace(case, **{part: replace(getattr(case, part), **{field_name: value})})


def same_situation(exam: Any, other: Any, *, ask: str, ask_ball: str) -> bool:
    """Whether ``other`` is ``exam``'s situation with the same answer to ``exam``'s question
    (both engine ``Case`` objects; the steps are the module's docstring)."""
    exam_facts = facts(exam)
    ruling: dict[str, Any] | None = None
    for names in renamings(other, exam):
        renamed = rename(other, names)
        other_facts = facts(renamed)
        if other_facts.keys() != exam_facts.keys() or any(
            exam_facts[name] != other_facts[name] for name in exam_facts if name not in TOLERATED
        ):
            continue
        ruling = ruling or answer(exam, ask=ask, ask_ball=ask_ball)
        if ruling is None:
            return False
        if not _geometry_aside(exam, ruling, ask=ask, ask_ball=ask_ball) and not _same_diagram(
            exam, renamed
        ):
            continue
        if _same_with(exam, renamed, exam_facts, ruling, ask=ask, ask_ball=ask_ball):
            return True
    return False


def without_positions(case: Any) -> Any:
    """The case without its diagram (the positions before and after the stroke)."""
    state = replace(case.state, positions=None)
    stroke = case.stroke and replace(case.stroke, positions_after=None)
    return replace(case, state=state, stroke=stroke)


def _geometry_aside(exam: Any, ruling: dict[str, Any], *, ask: str, ask_ball: str) -> bool:
    """Whether the exam's ruling stands without its diagram (when the engine reads the
    ball positions to rule, the diagram is the situation and cannot be set aside)."""
    return answer(without_positions(exam), ask=ask, ask_ball=ask_ball) == ruling


def _same_diagram(case: Any, other: Any) -> bool:
    after = case.stroke and case.stroke.positions_after
    other_after = other.stroke and other.stroke.positions_after
    return case.state.positions == other.state.positions and after == other_after


def _same_with(
    exam: Any, other: Any, exam_facts: dict[str, Any], ruling: dict[str, Any], *,
    ask: str, ask_ball: str,
) -> bool:  # fmt: skip
    other_facts = facts(other)
    if other_facts.keys() != exam_facts.keys():
        return False
    differing = [name for name in exam_facts if exam_facts[name] != other_facts[name]]
    if any(name not in TOLERATED for name in differing):
        return False
    if answer(other, ask=ask, ask_ball=ask_ball) != ruling:
        return False
    values = {name: getattr(getattr(other, name.split(".")[0]), name.split(".")[1])
              for name in differing}  # fmt: skip
    changed = exam
    for name, value in values.items():
        if answer(_with_fact(exam, name, value), ask=ask, ask_ball=ask_ball) != ruling:
            return False
        changed = _with_fact(changed, name, value)
    return answer(changed, ask=ask, ask_ball=ask_ball) == ruling


def outline(case: Any) -> tuple[Any, ...]:
    """Facts no renaming or tolerance changes: two cases whose outlines differ are never
    the same situation (the loader compares only cases with equal outlines: fast)."""
    stroke, procedure, state = case.stroke, case.procedure, case.state
    return (
        case.ruleset, tuple(sorted(case.variants)), state.ball_on, state.free_ball,
        state.reds > 0, tuple(state.colours), touching(state), state.respotted_black,
        tuple(sorted(len(members) for members in state.sides.values())),
        None if stroke is None else (
            stroke.first_contact, stroke.potted, stroke.off_table, stroke.cue_ball,
            stroke.nominated, stroke.edge, stroke.touching_moved, stroke.infringements,
            touching_after(stroke), paths(case),
        ),
        None if procedure is None else (
            procedure.kind, procedure.all_agree_restart, procedure.changed_after_period,
        ),
    )  # fmt: skip
