"""Adjustment (Target Arnhem: Adjustment, Reinforcements, Movement; 001_69d92a61f68ed4f9.txt), the first
stage of every turn:

1. "Each out-of-supply unit receives 1 point of endurance damage (both Allies and Germans)."
2. "German Wehrmacht units receive supply points (half of 1d6 die roll, fractions rounded up)."
3. "German SS and Allied Airborne divisions each receive 1 supply point."
4. "Place any reinforcements (not arriving via paradrop) in their starting positions (can be delayed)":
   German units to their counter's directive (the scenario's entry: an off-board area or a hex), XXX Corps
   at 0103 unless it is German-occupied. A hex takes a reinforcement while it holds fewer than three units.

Before them, from turn 4: "all units in area P are eliminated" (Movement).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction

from ..kit import Task
from ..protocol import CHANCE, Action, Roll
from .actions import Done, Enter
from .board import ALLIED, GERMAN, STACKING_LIMIT, WAITING, TABoard, cite
from .decisions import Reinforce, SupplyRoll
from .game import AREA_P, AREA_P_CLOSES
from .step import TAStep
from .supply import ONE_POINT_POOLS, WEHRMACHT_POOL, in_supply


@dataclass(frozen=True)
class AdjustmentPhase(Task):
    """The Adjustment's automatic parts: area P closes (turn 4), attrition, the fixed supply points; then the
    Wehrmacht die."""

    def run(self, state: TABoard) -> None:
        state.note(f"Turn {state.turn}: Adjustment {cite('Adjustment')}")
        if state.turn >= AREA_P_CLOSES:
            for uid in [u for u, a in state.area.items() if a == AREA_P]:
                state.eliminate(uid, f"area {AREA_P} is closed from turn {AREA_P_CLOSES} {cite('Movement')}")
        out = [u for u in state.unit_ids() if state.in_play(u) and not in_supply(state, u)]
        for uid in out:
            state.take_damage(uid, "out of supply in the Adjustment")
        for pool, side in ONE_POINT_POOLS.items():
            state.points[pool] = state.points.get(pool, 0) + 1
            state.note(f"{state.side_name(side)} {pool} supply points: {state.points[pool]} (+1) {cite('Adjustment')}")
        state.ask(SupplyRoll(CHANCE))


class SupplyRollStep(TAStep[SupplyRoll]):
    decision = SupplyRoll
    rule = "Target Arnhem: Adjustment"
    name = "the Wehrmacht supply die"
    FACES: list[tuple[Action, Fraction]] = [(Roll(f), Fraction(1, 6)) for f in range(1, 7)]

    def legal(self, state: TABoard, d: SupplyRoll) -> list[Action]:
        return [a for a, _ in self.FACES]

    def outcomes(self, state: TABoard, d: SupplyRoll) -> list[tuple[Action, Fraction]]:
        return list(self.FACES)

    def explain(self, state: TABoard, d: SupplyRoll, action: Action) -> str:
        return f"{action.text()} is not an outcome of the Wehrmacht supply die ({self.rule})"

    def apply(self, state: TABoard, d: SupplyRoll, action: Action) -> None:
        assert isinstance(action, Roll)
        gain = math.ceil(action.value / 2)
        state.points[WEHRMACHT_POOL] = state.points.get(WEHRMACHT_POOL, 0) + gain
        state.note(f"{state.side_name(GERMAN)} Wehrmacht supply die {action.value}: +{gain}, "
                   f"{state.points[WEHRMACHT_POOL]} {WEHRMACHT_POOL} supply points {cite('Adjustment')}")
        state.ask(Reinforce(ALLIED))


def due_ground(state: TABoard, side: str) -> list[str]:
    """The side's ground reinforcements that may be placed now (their turn has come; delayed ones too)."""
    out: list[str] = []
    for rf in state.sc.reinforcements:
        if rf.side != side or rf.airborne or rf.turn > state.turn:
            continue
        out += [u for u in rf.units if state.status(u) == WAITING and u not in out]
    return out


def entry_of(state: TABoard, uid: str) -> list[str]:
    """Where a ground reinforcement may be placed now: its off-board area (open) or its hex (free of the
    enemy, under three units)."""
    for rf in state.sc.reinforcements:
        if uid not in rf.units:
            continue
        e = rf.entry
        if e.offboard is not None:
            return [e.offboard] if e.offboard in state.game.areas and not state.area_closed(e.offboard) else []
        if e.hex is not None:
            h = state.map.hex_at(e.hex)
            side = state.side_of(uid)
            if h is None or state.enemy_at(h, side) or len(state.units_at(h)) >= STACKING_LIMIT:
                return []
            return [e.hex]
        return []
    return []


class ReinforceStep(TAStep[Reinforce]):
    decision = Reinforce
    rule = "Target Arnhem: Adjustment, Reinforcements"
    name = "place ground reinforcements (or delay them)"
    why = {"enter": "not a ground reinforcement due now, or its entry is enemy-held or holds three units "
                    f"{cite('Reinforcements')}"}

    def legal(self, state: TABoard, d: Reinforce) -> list[Action]:
        out: list[Action] = [Done()]
        for uid in due_ground(state, d.player):
            out += [Enter(uid, dest) for dest in entry_of(state, uid)]
        return out

    def apply(self, state: TABoard, d: Reinforce, action: Action) -> None:
        if isinstance(action, Enter):
            if action.dest in state.game.areas:
                state.put_offboard(action.unit, action.dest)
            else:
                h = state.map.hex_at(action.dest)
                assert h is not None
                state.put(action.unit, h)
            state.note(f"{action.unit} arrives at {state.where(action.unit)} {cite('Reinforcements')}")
            state.ask(Reinforce(d.player))
            return
        late = due_ground(state, d.player)
        if late:
            state.note(f"{state.side_name(d.player)} delays {', '.join(late)} {cite('Reinforcements')}")
        if d.player == ALLIED:
            state.ask(Reinforce(GERMAN))
