"""Start from here: the scenario of a game in progress, so that a new game of it starts where this one
stands (Scenario.start, a game that starts mid-way).

The position is every family's (kit/position.py): the units on the map become the set-up (with the
location level of their hex), steps lost, markers moved off their printed hex, hexside states (a
demolished bridge, a ferry) and units gone (eliminated, exited, a family's own states such as Koenig's
"lost" landings) go to the start state. The family adds its turn, phase and own fields through its
registry entry's `start_capture` (`(state) -> StartState`, engine/rules/<family>/start.py).

A game starts again at the opening of the phase it was captured in, as the game stood when that phase
opened (each family marks the opening, `mark_opening`): what was done in the phase since is not kept, so
the new game offers the same decisions from the same position as the phase's opening did."""

from __future__ import annotations

import copy
import dataclasses
from collections.abc import Callable
from typing import Any

from ...model.scenario import OUT_OF_PLAY_STATES, Reinforcement, Scenario, StartState
from ..registry import RULES_FAMILIES
from .position import Position


def position_start(sc: Scenario, pos: Position,
                   unit_states: tuple[str, ...] = ()) -> tuple[dict[str, str], dict[str, int], StartState]:
    """(placements, placement levels, start state) of a position: where the units stand, and the part of
    the start state the position holds (steps lost, markers, hexsides, units out of play)."""
    gone_states = OUT_OF_PLAY_STATES + unit_states
    placements: dict[str, str] = {}
    levels: dict[str, int] = {}
    start = StartState()
    m = sc.map
    for uid in pos.units():
        area = pos.area_of(uid)
        h = pos.hex_of(uid)
        if area is not None:
            placements[uid] = area
        elif h is not None:
            placements[uid] = m.label(h)
            level = pos.level_of(uid)
            if level is not None:
                levels[uid] = level
        elif pos.status(uid) in gone_states:
            start.out_of_play[uid] = str(pos.status(uid))
        n = pos.steps_lost(uid)
        if n > 0 and pos.status(uid) not in gone_states:
            start.steps_lost[uid] = n
    for mid, mk in sc.markers.items():
        h = pos.marker_hex(mid)
        if h is not None and m.label(h) != mk.hex:
            start.markers[mid] = m.label(h)
    for side, state in sorted(pos.hexside_states().items()):
        start.hexsides[m.hexside_label(side)] = state
    return placements, levels, start


def mark_opening(state: Any, capture: Callable[[Any], StartState]) -> None:
    """Remember the position and the family's start state as a phase opens (the family calls it where
    its sequence of play opens a phase): "start from here" starts there."""
    state.opening = (copy.deepcopy(state.position), capture(state))


def start_from_here(state: Any) -> Scenario:
    """A copy of the game's scenario that starts where `state` stands (the kit's position, the family's
    turn, phase and fields). Raises ValueError when the family cannot start mid-game or the game is over."""
    sc: Scenario = state.game.scenario
    family = RULES_FAMILIES.get(sc.rules)
    capture = family.hook("start_capture") if family is not None else None
    if capture is None:
        name = family.citation if family is not None else sc.rules
        raise ValueError(f"a {name} game cannot be saved as a scenario that starts mid-game")
    if state.is_terminal():
        raise ValueError("the game is over: there is nothing left to start from")
    opening: tuple[Position, StartState] | None = getattr(state, "opening", None)
    if opening is None:
        raise ValueError("the first turn has not begun yet (the set-up is still going on): start the "
                         "scenario itself")
    pos, own = opening
    placements, levels, start = position_start(sc, pos, family.start_unit_states if family else ())
    for uid in own.offboard:
        start.out_of_play.pop(uid, None)
    start.turn, start.phase, start.offboard, start.family = own.turn, own.phase, own.offboard, own.family
    new = copy.copy(sc)
    new.placements = placements
    new.placement_levels = levels
    new.start = start
    new.reinforcements = still_to_come(sc, placements, start)
    return new


def still_to_come(sc: Scenario, placements: dict[str, str], start: StartState) -> list[Reinforcement]:
    """The reinforcement schedule less the units that have come (set up now) or are gone for good
    (eliminated, exited): a unit is never both set up and arriving. Entries left with no units go; units
    in a family's own states (Koenig's pending entries, 8.5) keep their entries, which say where they
    enter."""
    done = set(placements) | {u for u, s in start.out_of_play.items() if s in OUT_OF_PLAY_STATES}
    out = []
    for rf in sc.reinforcements:
        units = [u for u in rf.units if u not in done]
        if units:
            out.append(dataclasses.replace(rf, units=units))
    return out
