"""An F&M game that starts mid-way (Scenario.start; 000_e5c3deafb2cea4af.txt): the Game Turn, and the
phase it starts in: the Support Fire Marker Phase that opens a GT (4.1, 7.1) or the Movement Phase that
opens either player's turn (4.1, 5.0), with the support fire markers each side holds for the GT (7.2) when
it starts after the Support Fire Marker Phase. The openings of a GT and of a player turn carry nothing
else over: the phase, player-turn and GT bookkeeping (units moved and attacked, 5.0, 8.2; demolition and
repair attempts, 10.6.3-10.6.4) starts afresh there, and the position (steps lost, demolished bridges and
ferries, moved drop zones) is the kit's (kit/start.py). The family's entry (family.py) declares the
phases and fields; `apply` sets them on a new game, `capture` reads them off a game in progress."""

from __future__ import annotations

from ...model.scenario import StartState, turn_index
from ..registry import RULES_FAMILIES
from .actions import MarkerId
from .board import FMBoard
from .sequence import Stage

# the phases a scenario may start in (the family's start_phases) and their stages
STAGE_OF = {"support-fire-marker": Stage.SUPPORT_FIRE_MARKER, "first-movement": Stage.FIRST_MOVEMENT,
            "second-movement": Stage.SECOND_MOVEMENT}
PHASE_OF = {s: name for name, s in STAGE_OF.items()}


def start_stage(state: FMBoard) -> Stage | None:
    """The stage a scenario that starts mid-way opens (None: play starts as printed, with the set-up)."""
    start = state.game.scenario.start
    if not start.starts_later():
        return None
    assert tuple(STAGE_OF) == RULES_FAMILIES["fm"].start_phases
    return STAGE_OF.get(start.phase, Stage.SUPPORT_FIRE_MARKER)


def apply(state: FMBoard) -> None:
    """Set the scenario's start turn and the markers each side holds on a new game."""
    sc = state.game.scenario
    start = sc.start
    state.turn = turn_index(sc, start.turn) or 1
    for side, tokens in start.family.get("support_markers", {}).items():
        if side in state.available:
            state.available[side] = [MarkerId.parse(t) for t in tokens]


def capture(state: FMBoard) -> StartState:
    out = StartState()
    out.turn = state.turn  # the turn track's number (its label is a note, not a name)
    out.phase = PHASE_OF.get(state.stage, "")
    held = {s: [m.token() for m in ms] for s, ms in state.available.items() if ms}
    if held and state.stage is not Stage.SUPPORT_FIRE_MARKER:
        out.family["support_markers"] = held
    return out
