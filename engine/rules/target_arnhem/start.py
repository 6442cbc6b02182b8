"""A Target Arnhem game that starts mid-way (Scenario.start; 001_69d92a61f68ed4f9.txt): the turn, the
stage of the Sequence of Play (the Adjustment or an impulse), units in off-board areas (Movement), the
supply points of each pool (Supply Points), Pickaxe fortifications already lost (Fortifications) and
para supply markers overrun (Supply). The family's entry (family.py) declares the fields; `apply` sets
them on a new game, `capture` reads them off a game in progress (kit/start.py)."""

from __future__ import annotations

from ...model.scenario import StartState, turn_index
from ..registry import RULES_FAMILIES
from .board import Stage, TABoard


def _phases() -> tuple[str, ...]:
    return RULES_FAMILIES["target_arnhem"].start_phases


def apply(state: TABoard) -> None:
    """Set the scenario's start state on a new game, before its first stage opens."""
    start = state.sc.start
    if start.starts_later():
        state.turn = turn_index(state.sc, start.turn) or 1
        state.stage = Stage(_phases().index(start.phase)) if start.phase in _phases() else Stage.ADJUSTMENT
    for uid, area in start.offboard.items():
        if uid in state.sc.units and area in state.game.areas:
            state.put_offboard(uid, area)
    fields = start.family
    state.points.update(fields.get("supply_points", {}))
    state.fortified -= set(fields.get("unfortified", ()))
    state.overrun |= set(fields.get("overrun", ()))


def capture(state: TABoard) -> StartState:
    """The turn, the stage and the family's fields of a game in progress."""
    out = StartState()
    out.turn = state.turn  # the turn track's number (its label is a note, not a name)
    assert len(_phases()) == len(Stage)
    out.phase = _phases()[int(state.stage)]
    out.offboard = dict(state.area)
    points = {k: v for k, v in state.points.items() if v}
    if points:
        out.family["supply_points"] = points
    lost = sorted(u for u in state.game.printed_fortified - state.fortified
                  if state.position.status(u) != "eliminated")
    if lost:
        out.family["unfortified"] = lost
    if state.overrun:
        out.family["overrun"] = sorted(state.overrun)
    return out
