"""The Close Combat Phase (Storm over Arnhem: The Crossing, 003_6afad32bba8815b2.txt 1.1; the basic game's
close combat as reconstructed here).

* At the end of the impulses, in every area holding units of both sides, the British designate their close
  combats first, whoever holds the Tactical Advantage (1.1), then the Germans. Each unit in the area may be
  designated once (committed or not: reconstructed).
* The pillbox (1.1) attacks and is attacked only here: the British designate separately which of their
  units in its area attack it, and it fires only at those units. No AT unit attacks it (3.47).
* Every designated group fires (the Fire Table, fire.py) at its target in the area, with the area's terrain
  and platoon integrity; all the dice are rolled before any loss (reconstructed: close combat is
  simultaneous), then each side expends its casualty points by elimination or retreat.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..kit import Task
from ..protocol import Action
from .actions import Hold, Resolve, With
from .board import BRITISH, GERMAN, Combat, SoABoard, Volley
from .decisions import Designate
from .fire import make_volley, queue_volleys
from .step import SoAStep

PILLBOX_TARGET, UNITS_TARGET = "pillbox", "units"
RULE = "Storm over Arnhem 1.1"


def contested(state: SoABoard) -> list[str]:
    return sorted((a for a, us in state.position.area_occupancy().items()
                   if len({state.side_of(u) for u in us}) == 2), key=lambda a: (len(a), a))


@dataclass(frozen=True)
class CloseCombatPhase(Task):
    def run(self, state: SoABoard) -> None:
        areas = contested(state)
        state.designated = {}
        if not areas:
            return
        state.note(f"Turn {state.label()} Close Combat Phase: areas {', '.join(areas)}; the British designate "
                   f"first (Storm over Arnhem 1.1)")
        tasks: list[Task] = []
        for a in areas:
            if any(state.is_pillbox(u) for u in state.units_in(a, GERMAN)):
                tasks.append(AskDesignation(BRITISH, a, PILLBOX_TARGET))
            tasks.append(AskDesignation(BRITISH, a, UNITS_TARGET))
        tasks += [AskDesignation(GERMAN, a, UNITS_TARGET) for a in areas]
        tasks.append(ResolveCloseCombat(tuple(areas)))
        state.queue[0:0] = tasks


def eligible(state: SoABoard, side: str, area: str, target: str) -> list[str]:
    used = {u for us in state.designated.values() for u in us}
    out = []
    for u in state.fighting(area, side):
        if u in used or state.attack(u) <= 0:
            continue
        if target == PILLBOX_TARGET and state.is_at(u):
            continue  # 3.47: no AT gun at the pillbox
        out.append(u)
    return out


def targets_of(state: SoABoard, side: str, area: str, target: str) -> list[str]:
    foe = state.enemy(side)
    if target == PILLBOX_TARGET:
        return [u for u in state.units_in(area, foe) if state.is_pillbox(u)]
    return state.fighting(area, foe)


@dataclass(frozen=True)
class AskDesignation(Task):
    side: str
    area: str
    target: str

    def run(self, state: SoABoard) -> None:
        if not targets_of(state, self.side, self.area, self.target):
            return
        state.designated.setdefault((self.side, self.area, self.target), ())
        state.ask(Designate(self.side, self.area, self.target))


class DesignateStep(SoAStep[Designate]):
    decision = Designate
    rule = RULE
    name = "designate a unit for close combat, or end the designations here"
    stage = "Close Combat Phase"

    def legal(self, state: SoABoard, d: Designate) -> list[Action]:
        group = state.designated.get((d.player, d.area, d.target), ())
        out: list[Action] = [Resolve()] if group else [Hold()]
        return out + [With(u) for u in eligible(state, d.player, d.area, d.target)]

    def apply(self, state: SoABoard, d: Designate, action: Action) -> None:
        key = (d.player, d.area, d.target)
        if isinstance(action, With):
            state.designated[key] = (*state.designated.get(key, ()), action.unit)
            state.ask(Designate(d.player, d.area, d.target))
            return
        group = state.designated.get(key, ())
        what = "the pillbox" if d.target == PILLBOX_TARGET else "the enemy units"
        if group:
            state.note(f"{state.side_name(d.player)} designate {', '.join(group)} in area {d.area} to attack {what} "
                       f"({RULE})")
        elif isinstance(action, Hold):
            state.designated.pop(key, None)


@dataclass(frozen=True)
class ResolveCloseCombat(Task):
    areas: tuple[str, ...]

    def run(self, state: SoABoard) -> None:
        volleys: list[Volley] = []
        for a in self.areas:
            for (side, area, target), group in sorted(state.designated.items()):
                if area != a or not group:
                    continue
                group = tuple(u for u in group if state.area_of(u) == a)
                targets = tuple(targets_of(state, side, a, target))
                if not group or not targets:
                    continue
                pool = f"cc-{state.enemy(side)}-{target}@{a}"
                volleys.append(make_volley(state, side, group, targets, a, RULE, pool))
                if target == PILLBOX_TARGET:  # 1.1: the pillbox fires only at the units designated to attack it
                    pill = targets
                    volleys.append(make_volley(state, GERMAN, pill, group, a, RULE, f"cc-{side}-pillbox@{a}"))
        state.designated = {}
        if volleys:
            state.combat = Combat(BRITISH)
            queue_volleys(state, volleys, retreat=True)


__all__ = ["CloseCombatPhase", "DesignateStep", "contested"]
