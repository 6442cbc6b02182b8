"""Fire and casualties (Storm over Arnhem: The Crossing, 003_6afad32bba8815b2.txt; the basic game's fire as
reconstructed here).

* Fire (an impulse's): the phasing side's uncommitted units in one area, up to the basic game's maximum
  group (4 units, reconstructed), fire at the enemy units in the same or an adjacent area; the pillbox is
  never fired at, nor fires, outside Close Combat (1.1, 3.47). The group becomes committed.
* The Fire Table (tables.py, RECONSTRUCTED): the group's total attack strength gives the column, one die plus
  the modifiers the row, the cell the casualty points. Modifiers: the target area's terrain (reconstructed),
  and +1 for platoon integrity when all three Arnhem Garrison units fire together (1.2).
* Casualty points are expended by the target's owner, one choice at a time: eliminating a unit expends up
  to 4 points (3.42's "up to 4 casualty points per unit"; reconstructed: a unit absorbs its printed defense,
  at most 4), retreating a unit to an adjacent area free of enemy units expends 1 (reconstructed). Where the
  variant says "by unit elimination only" (3.42, 3.43) a pool allows no retreat. Points left when no unit
  can take them are lost.

A `Volley` is one attack waiting for its die; several volleys may share one pool of casualty points
expended after all of them are rolled (3.43: "after both the infantry attack and any AT unit attack(s) have
been resolved"; Close Combat: both sides' attacks before losses).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from ..kit import ChanceStep, Task
from ..protocol import CHANCE, Action, Phase, Roll
from .actions import Eliminate, Resolve, Retreat, With
from .board import ON_BRIDGE, Combat, SoABoard, Volley, cite
from .decisions import Casualties, FireGroup, FireRoll
from .game import BRIDGE_BORDERS, ELIMINATION_ABSORBS, MAX_FIRE_GROUP
from .movement import enemy_areas, may_enter, room_in
from .step import SoAStep

PLATOON_INTEGRITY = f"+1 platoon integrity: all three Arnhem Garrison units fire together {cite('1.2')}"


def platoon_integrity(state: SoABoard, units: tuple[str, ...] | list[str]) -> bool:
    """1.2: the two 3-5-5 infantry units and the 2-6-5 HQ of the Arnhem Garrison fire together."""
    garrison = state.game.garrison_ids
    return len(garrison) == 3 and all(g in units for g in garrison)


def make_volley(state: SoABoard, side: str, units: tuple[str, ...], targets: tuple[str, ...], area: str,
                rule: str, pool: str, terrain_area: str | None = None) -> Volley:
    """An attack with its modifiers: the terrain of `terrain_area` (default: the target area) and platoon
    integrity."""
    drm, mods = 0, []
    t_area = area if terrain_area is None else terrain_area
    if t_area:
        terrain = state.area(t_area).terrain
        d = state.game.fire.drm_of(terrain)
        if d:
            drm += d
            mods.append(f"{d:+d} {terrain} in area {t_area} (reconstructed)")
    if platoon_integrity(state, units):
        drm += 1
        mods.append(PLATOON_INTEGRITY)
    return Volley(side, units, targets, area, drm, tuple(mods), rule, pool)


def strength(state: SoABoard, units: tuple[str, ...]) -> int:
    return sum(state.attack(u) for u in units)


def queue_volleys(state: SoABoard, volleys: list[Volley], retreat: bool) -> None:
    """Queue attacks for their dice and their casualties (before whatever the queue holds)."""
    c = state.combat or Combat()
    state.combat = c
    for v in volleys:
        c.volleys.append(v)
        c.targets[v.pool] = tuple(dict.fromkeys((*c.targets.get(v.pool, ()), *v.targets)))
        c.retreat[v.pool] = retreat
        c.points.setdefault(v.pool, 0)
    state.queue.insert(0, ResolveVolleys())


def absorbs(state: SoABoard, uid: str) -> int:
    """Casualty points expended by eliminating a unit (reconstructed: its printed defense, at most 4; the
    pillbox's X counts 4)."""
    if state.is_pillbox(uid):
        return ELIMINATION_ABSORBS
    return max(1, min(state.defense(uid), ELIMINATION_ABSORBS))


@dataclass(frozen=True)
class ResolveVolleys(Task):
    """Roll for each waiting attack, then have the owners expend each pool's casualty points."""

    def run(self, state: SoABoard) -> None:
        c = state.combat
        if c is None:
            return
        if c.volleys:
            state.ask(FireRoll(CHANCE))
            state.queue.insert(0, ResolveVolleys())
            return
        tasks: list[Task] = [ExpendCasualties(pool) for pool, n in c.points.items() if n > 0]
        tasks.append(EndCombat())
        state.queue[0:0] = tasks


@dataclass(frozen=True)
class EndCombat(Task):
    def run(self, state: SoABoard) -> None:
        state.combat = None


def candidates(state: SoABoard, pool: str) -> list[str]:
    """The units that may still take the pool's points: still where they were fired at."""
    c = state.combat
    if c is None:
        return []
    area = pool.split("@", 1)[1] if "@" in pool else ""
    out = []
    for u in c.targets.get(pool, ()):
        if area and state.area_of(u) == area:
            out.append(u)
        elif not area and state.status(u) == ON_BRIDGE:
            out.append(u)
    return out


def retreat_areas(state: SoABoard, uid: str) -> list[str]:
    """Where a unit may retreat: an adjacent area free of enemy units with room (reconstructed); from the
    22/23 bridge border, back to area 17 or 18 if free of British units (a reading of 3.44)."""
    side = state.side_of(uid)
    here = state.area_of(uid)
    if here is None:
        if state.status(uid) != ON_BRIDGE or state.bridge is None or state.bridge.border == 0:
            return []
        options = list(BRIDGE_BORDERS[state.bridge.border - 1])
    else:
        options = list(state.game.neighbours[here])
    foes = enemy_areas(state, side)
    return [a for a in sorted(options) if a not in foes and room_in(state, a, side) > 0 and may_enter(state, a)]


def casualty_options(state: SoABoard, pool: str) -> list[Action]:
    c = state.combat
    units = candidates(state, pool)
    out: list[Action] = [Eliminate(u) for u in units]
    if c is not None and c.retreat.get(pool):
        out += [Retreat(u, a) for u in units if not state.is_pillbox(u) for a in retreat_areas(state, u)]
    return out


@dataclass(frozen=True)
class ExpendCasualties(Task):
    pool: str

    def run(self, state: SoABoard) -> None:
        c = state.combat
        if c is None:
            return
        points = c.points.get(self.pool, 0)
        units = candidates(state, self.pool)
        if points <= 0:
            return
        if not units:
            state.note(f"{points} casualty point(s) left with no unit to take them: lost")
            c.points[self.pool] = 0
            return
        state.ask(Casualties(state.side_of(units[0]), self.pool, points))


class FireRollStep(ChanceStep[SoABoard, FireRoll]):
    decision = FireRoll
    rule = "Storm over Arnhem basic game Fire Table (reconstructed)"
    name = "roll for the fire"

    def outcomes(self, state: SoABoard, d: FireRoll) -> list[tuple[Action, Fraction]]:
        return [(Roll(i), Fraction(1, 6)) for i in range(1, 7)]

    def phase(self, state: SoABoard, d: FireRoll) -> Phase:
        return Phase("fire", self.rule, state.track_turn(), "", state.label())

    def apply(self, state: SoABoard, d: FireRoll, action: Action) -> None:
        assert isinstance(action, Roll) and state.combat is not None
        v = state.combat.volleys.pop(0)
        total = strength(state, v.units)
        cp = state.game.fire.casualties(total, action.value + v.drm)
        state.combat.points[v.pool] = state.combat.points.get(v.pool, 0) + cp
        mods = "; ".join(v.modifiers)
        where = f"area {v.area}" if v.area else "the bridge"
        state.note(f"{state.side_name(v.side)} fire at {where}: {', '.join(v.units)}, strength {total}, roll "
                   f"{action.value}{f' {v.drm:+d}' if v.drm else ''}: {cp} casualty point(s)"
                   f"{f' ({mods})' if mods else ''} ({v.rule}; Fire Table reconstructed)")


class CasualtiesStep(SoAStep[Casualties]):
    decision = Casualties
    rule = "Storm over Arnhem 3.42"
    name = "expend casualty points"
    stage = "casualties"
    why = {"retreat": f"a retreat goes to an adjacent area free of enemy units, never where casualties are "
                      f"expended by elimination only {cite('3.42')}"}

    def legal(self, state: SoABoard, d: Casualties) -> list[Action]:
        return casualty_options(state, d.pool)

    def apply(self, state: SoABoard, d: Casualties, action: Action) -> None:
        c = state.combat
        assert c is not None
        if isinstance(action, Eliminate):
            n = min(d.points, absorbs(state, action.unit))
            state.eliminate(action.unit, f"{n} casualty point(s) expended by elimination")
        else:
            assert isinstance(action, Retreat)
            n = 1
            state.put(action.unit, action.dest)
            state.commit([action.unit])
            state.note(f"{action.unit} retreats to area {action.dest}: 1 casualty point expended")
        left = d.points - n
        c.points[d.pool] = max(0, left)
        if left > 0:
            state.queue.insert(0, ExpendCasualties(d.pool))


class FireGroupStep(SoAStep[FireGroup]):
    decision = FireGroup
    rule = "Storm over Arnhem 3.6"
    name = "add a unit to the fire group, or fire"
    why = {"with": f"a fire group is of uncommitted units of the firing area, at most {MAX_FIRE_GROUP} "
                   f"(reconstructed), never the pillbox {cite('1.1')}"}

    def legal(self, state: SoABoard, d: FireGroup) -> list[Action]:
        c = state.combat
        group = c.group if c else ()
        out: list[Action] = []
        if group:
            out.append(Resolve())
        if len(group) < MAX_FIRE_GROUP:
            out += [With(u) for u in state.fighting(d.origin, d.player)
                    if u not in group and state.uncommitted(u) and state.attack(u) > 0]
        return out

    def apply(self, state: SoABoard, d: FireGroup, action: Action) -> None:
        c = state.combat
        assert c is not None
        if isinstance(action, With):
            c.group = (*c.group, action.unit)
            state.ask(FireGroup(d.player, d.origin, d.target))
            return
        group = c.group
        c.group = ()
        state.commit(group)
        targets = tuple(state.fighting(d.target, state.enemy(d.player)))
        v = make_volley(state, d.player, group, targets, d.target, "Storm over Arnhem 3.6", f"fire@{d.target}")
        queue_volleys(state, [v], retreat=True)


__all__ = ["CasualtiesStep", "EndCombat", "ExpendCasualties", "FireGroupStep", "FireRoll", "FireRollStep",
           "ResolveVolleys", "absorbs", "make_volley", "platoon_integrity", "queue_volleys", "strength"]
