"""A Storm over Arnhem game that starts mid-way (Scenario.start; 003_6afad32bba8815b2.txt): the turn it
starts in (A, B, 1 ...; play starts at the turn's opening), who holds the Tactical Advantage and who has
used it (the introduction), the German VP (3.7), the control of the Victory Point Areas (the
introduction, 3.5), the side that last entered or held each area (3.5), the British perimeter control
counters (3.5) and whether the 9th SS Recon has entered (3.4). The family's entry (family.py) declares
the fields; `apply` sets them on a new game, `capture` reads them off a game in progress (kit/start.py)."""

from __future__ import annotations

from ...model.scenario import StartState, turn_index
from .board import SoABoard


def apply(state: SoABoard) -> None:
    """Set the scenario's start state on a new game, before its first turn opens."""
    start = state.sc.start
    if start.turn is not None:
        row = turn_index(state.sc, start.turn)
        if row is not None and 1 <= row <= len(state.game.labels):
            state.turn = row - 1
    f = start.family
    if "tactical_advantage" in f:
        state.ta = f["tactical_advantage"]
    state.ta_used = set(f.get("tactical_advantage_used", state.ta_used))
    state.vp = int(f.get("vp", state.vp))
    state.control.update(f.get("control", {}))
    state.transit.update(f.get("last_entered", {}))
    state.perimeter |= set(f.get("perimeter", ()))
    state.recon_entered = bool(f.get("recon_entered", state.recon_entered))


def capture(state: SoABoard) -> StartState:
    """The turn and the family's fields of a game in progress."""
    out = StartState()
    out.turn = state.label()
    f = out.family
    f["tactical_advantage"] = state.ta
    if state.ta_used:
        f["tactical_advantage_used"] = sorted(state.ta_used)
    f["vp"] = state.vp
    f["control"] = dict(sorted(state.control.items()))
    if state.transit:
        f["last_entered"] = dict(sorted(state.transit.items()))
    if state.perimeter:
        f["perimeter"] = sorted(state.perimeter)
    if state.recon_entered:
        f["recon_entered"] = True
    return out
