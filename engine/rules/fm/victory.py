"""Victory, Arnhem exclusive rules 11.5 (000_e5c3deafb2cea4af.txt), from the victory conditions as data.

Arnhem writes 11.5 as: `occupy` (Allies, 2 of 3423/3523/3524, units without the airborne flag,
immediate win); `occupy` (Allies, 1 of them, at the end: draw); `default` (Germans win at the end).
Conditions are read in order; the first that holds decides.
"""

from __future__ import annotations

from typing import Any

from ...model.scenario import VictoryCondition
from ..protocol import Outcome
from .board import FMBoard
from .game import cite


def unit_passes(state: FMBoard, uid: str, flt: dict[str, Any]) -> bool:
    g = state.game
    u = g.units[uid]
    for f in flt.get("flags_not", []) or []:
        if u.has(f) or (f == "airborne" and g.is_airborne(uid)):
            return False
    for f in flt.get("flags", []) or []:
        if not u.has(f):
            return False
    nats = flt.get("nationality")
    if nats and u.nationality not in ([nats] if isinstance(nats, str) else nats):
        return False
    return True


def held(state: FMBoard, v: VictoryCondition) -> int:
    g = state.game
    n = 0
    for lab in v.hexes:
        h = g.hex(lab)
        uid = state.occupant(h) if h is not None else None
        if uid is not None and g.units[uid].side == v.side and unit_passes(state, uid, v.units):
            n += 1
    return n


def _outcome(state: FMBoard, v: VictoryCondition) -> Outcome:
    reason = v.description or f"{v.kind} condition {cite('11.5')}"
    if v.result == "draw":
        return Outcome(None, True, reason)
    return Outcome(v.side, False, reason)


def immediate(state: FMBoard) -> Outcome | None:
    for v in state.game.scenario.victory:
        if v.when == "immediate" and v.kind == "occupy" and held(state, v) >= v.count:
            return _outcome(state, v)
    return None


def at_end(state: FMBoard) -> Outcome:
    for v in state.game.scenario.victory:
        if v.kind == "occupy" and held(state, v) >= v.count:
            return _outcome(state, v)
    for v in state.game.scenario.victory:
        if v.kind == "default":
            return _outcome(state, v)
    return Outcome(None, True, "no victory condition holds and the scenario names no default result")
