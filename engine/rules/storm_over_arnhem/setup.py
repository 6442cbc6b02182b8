"""Set-up, arrivals, perimeter control counters and the end of a turn (Storm over Arnhem: The Crossing,
003_6afad32bba8815b2.txt 1.1-1.3, 2.1-2.3, 3.5, 3.7 and the introduction).

* 2.1 turn A: every British unit but Company B sets up in zones D and/or E; the pillbox (area 4) and the three
  Arnhem Garrison units (area 23) are placed as 1.1 and 1.2 say (the scenario's set-up; a unit of theirs
  without one is put there).
* 2.2 turn B: Company B comes on in zone E; the 10th SS Recon Bn in zones A, B and C, at most eleven units a
  zone; the 9th SS Recon enters by the bridge (3.4, recon.py).
* 2.3 turn 1: the Bocholt Training Battalion in zones A and/or B.
  Each unit is placed by its owner, one at a time, in an area of its zones where its side has room and no
  enemy unit is (reconstructed), not a perimeter zone on turn A (3.2).
* 3.5 at the start of turn 1 the German player places the six British perimeter control counters: on areas
  occupied by the British alone first, then (when there are not enough) areas the British share with German
  units, then unoccupied areas last transited by the British; never a Victory Point area; 2 VP to the Germans
  for each counter he cannot place.
* 1.3 at the end of any turn after their entry each 9th SS Recon halftrack may be replaced by a 4-6-6 recon
  infantry counter, for good.
* Victory points (the introduction, 3.7): the German marker starts at -2; at the end of turns A and B the
  Germans score each Victory Point Area they control (the area's VP); from turn 1 likewise at the end of every
  turn (reconstructed: the basic game's schedule is not in the source), and +1 for each perimeter area they
  take (board.py, reconstructed). At the end of the last turn the Germans win with the scenario's VP total
  (its `vp` victory condition: reconstructed), else the British.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..kit import Task
from ..protocol import Action, Phase
from .actions import Done, Perimeter, Place, Replace
from .board import BRITISH, GERMAN, REPLACED, SoABoard, cite
from .decisions import PlacePerimeter, PlaceUnit, Substitute
from .game import (
    GARRISON,
    GARRISON_AREA,
    PERIMETER_COUNTERS,
    PILLBOX,
    PILLBOX_AREA,
    RECON_9SS_INFANTRY,
    UNPLACED_COUNTER_VP,
)
from .movement import PERIMETER_TAG
from .step import SoAStep


def arriving(state: SoABoard, side: str, units: tuple[str, ...]) -> list[str]:
    """The units of an arrival still waiting to come on, in the scenario's order."""
    return [u for u in state.units_of(side) if u in units and state.status(u) == "waiting"]


@dataclass(frozen=True)
class Arrivals(Task):
    """The turn's set-up and arrivals (2.1-2.3), and on turn A the pillbox and the garrison (1.1, 1.2)."""

    def run(self, state: SoABoard) -> None:
        tasks: list[Task] = []
        if state.label() == "A":
            for u in state.units_of(GERMAN):
                where = {PILLBOX: PILLBOX_AREA, GARRISON: GARRISON_AREA}.get(state.formation(u))
                if where and state.status(u) == "waiting" and where in state.areas.areas:
                    state.put(u, where)
                    state.note(f"{u} is set up in area {where} {cite('1.1' if where == PILLBOX_AREA else '1.2')}")
        for arr in state.game.arrivals:
            if arr.label == state.label():
                tasks += [AskPlace(u, arr.zones, arr.limit, arr.rule) for u in arriving(state, arr.side, arr.units)]
        state.queue[0:0] = tasks


def zone_count(state: SoABoard, uid: str, zone: str) -> int:
    f = state.formation(uid)
    return sum(1 for a in state.areas.zone_areas(zone) for u in state.units_in(a) if state.formation(u) == f)


def place_areas(state: SoABoard, uid: str, zones: tuple[str, ...], limit: int) -> list[str]:
    side = state.side_of(uid)
    out = []
    for z in zones:
        if limit and zone_count(state, uid, z) >= limit:
            continue
        for a in state.areas.zone_areas(z):
            area = state.area(a)
            if state.turn == 0 and PERIMETER_TAG in area.tags:
                continue
            if state.room(a, side) > 0 and not state.fighting(a, state.enemy(side)):
                out.append(a)
    return sorted(set(out), key=lambda a: (len(a), a))


@dataclass(frozen=True)
class AskPlace(Task):
    unit: str
    zones: tuple[str, ...]
    limit: int
    rule: str

    def run(self, state: SoABoard) -> None:
        if not place_areas(state, self.unit, self.zones, self.limit):
            state.note(f"{self.unit} has no area of zone(s) {', '.join(self.zones)} to set up in and stays off the "
                       f"map {cite(self.rule)}")
            return
        state.ask(PlaceUnit(state.side_of(self.unit), self.unit, self.zones, self.limit, self.rule))


class PlaceStep(SoAStep[PlaceUnit]):
    decision = PlaceUnit
    rule = "Storm over Arnhem 2.1"
    name = "set up the unit in an area of its zones"
    stage = "set-up"

    def phase(self, state: SoABoard, d: PlaceUnit) -> Phase:
        return Phase(self.stage, f"Storm over Arnhem {d.section}", state.track_turn(), d.player, state.label())

    def legal(self, state: SoABoard, d: PlaceUnit) -> list[Action]:
        return [Place(d.unit, a) for a in place_areas(state, d.unit, d.zones, d.limit)]

    def explain(self, state: SoABoard, d: PlaceUnit, action: Action) -> str:
        """The one reason a set-up in that area is refused (2.1-2.3, 3.2, 1.1), naming the area."""
        if not isinstance(action, Place):
            return super().explain(state, d, action)
        a, uid = action.dest, action.unit
        if uid != d.unit:
            why = f"{d.unit} sets up now, not {uid} {cite(d.section)}"
        elif a not in state.areas.areas:
            why = f"there is no area {a}"
        elif state.area(a).zone not in d.zones:
            why = (f"area {a} is in zone {state.area(a).zone or 'none'}; {uid} sets up in zone "
                   f"{' or '.join(d.zones)} {cite(d.section)}")
        elif d.limit and zone_count(state, uid, state.area(a).zone or "") >= d.limit:
            why = f"zone {state.area(a).zone} already holds {d.limit} of these units {cite('2.2')}"
        elif state.turn == 0 and PERIMETER_TAG in state.area(a).tags:
            why = f"neither side may enter a perimeter zone during turn A {cite('3.2')}"
        elif state.fighting(a, state.enemy(state.side_of(uid))):
            why = f"area {a} holds enemy units {cite(d.section)}"
        elif state.room(a, state.side_of(uid)) <= 0:
            why = f"area {a} is full for its side (stacking, reconstructed) {cite('1.1')}"
        else:
            return super().explain(state, d, action)
        return f"{action.text()}: {why}"

    def apply(self, state: SoABoard, d: PlaceUnit, action: Action) -> None:
        assert isinstance(action, Place)
        state.put(action.unit, action.dest)
        zone = state.area(action.dest).zone
        state.note(f"{action.unit} sets up in area {action.dest} (zone {zone}) {cite(d.section)}")


# -- 3.5 perimeter control counters ------------------------------------------------------------------------
def perimeter_candidates(state: SoABoard) -> list[str]:
    """The areas the next counter may go on: British alone, else shared with Germans, else unoccupied and last
    transited by the British; never a Victory Point area nor one already marked (3.5)."""
    tiers: list[list[str]] = [[], [], []]
    for a, area in state.areas.areas.items():
        if area.vp > 0 or a in state.perimeter:
            continue
        british, german = state.holds(a, BRITISH), state.holds(a, GERMAN)
        if british and not german:
            tiers[0].append(a)
        elif british:
            tiers[1].append(a)
        elif not german and state.transit.get(a) == BRITISH:
            tiers[2].append(a)
    for t in tiers:
        if t:
            return sorted(t, key=lambda a: (len(a), a))
    return []


@dataclass(frozen=True)
class AskPerimeter(Task):
    def run(self, state: SoABoard) -> None:
        left = PERIMETER_COUNTERS - len(state.perimeter)
        if left <= 0:
            return
        if not perimeter_candidates(state):
            state.vp += UNPLACED_COUNTER_VP * left
            state.note(f"{left} perimeter control counter(s) cannot be placed: +{UNPLACED_COUNTER_VP * left} VP to the "
                       f"Germans ({UNPLACED_COUNTER_VP} each) {cite('3.5')}")
            return
        state.ask(PlacePerimeter(GERMAN, left))
        state.queue.insert(0, AskPerimeter())


class PerimeterStep(SoAStep[PlacePerimeter]):
    decision = PlacePerimeter
    rule = "Storm over Arnhem 3.5"
    name = "place a British perimeter control counter"
    stage = "start of turn 1"
    why = {"perimeter": f"on an area occupied by the British alone while there is one, then one shared with German "
                        f"units, then an unoccupied area last transited by the British; never a Victory Point "
                        f"area {cite('3.5')}"}

    def legal(self, state: SoABoard, d: PlacePerimeter) -> list[Action]:
        return [Perimeter(a) for a in perimeter_candidates(state)]

    def apply(self, state: SoABoard, d: PlacePerimeter, action: Action) -> None:
        assert isinstance(action, Perimeter)
        state.perimeter.add(action.area)
        state.note(f"a British perimeter control counter is placed on area {action.area} {cite('3.5')}")


# -- 1.3 the 9th SS Recon infantry ----------------------------------------------------------------------------
def halftracks(state: SoABoard) -> list[str]:
    return [u for u in state.units_of(GERMAN) if state.is_recon(u) and state.sc.units[u].unit_type == "mechanized"
            and state.area_of(u) is not None]


def spare_infantry(state: SoABoard) -> list[str]:
    return [u for u in state.units_of(GERMAN)
            if state.formation(u) == RECON_9SS_INFANTRY and state.status(u) == "waiting"]


@dataclass(frozen=True)
class AskSubstitute(Task):
    def run(self, state: SoABoard) -> None:
        if state.recon_entered and halftracks(state) and spare_infantry(state):
            state.ask(Substitute(GERMAN))


class SubstituteStep(SoAStep[Substitute]):
    decision = Substitute
    rule = "Storm over Arnhem 1.3"
    name = "replace a 9th SS Recon halftrack by a recon infantry counter, or done"
    stage = "end of the turn"

    def legal(self, state: SoABoard, d: Substitute) -> list[Action]:
        if not spare_infantry(state):
            return [Done()]
        return [Done(), *(Replace(u) for u in halftracks(state))]

    def apply(self, state: SoABoard, d: Substitute, action: Action) -> None:
        if isinstance(action, Done):
            return
        assert isinstance(action, Replace)
        area = state.area_of(action.unit)
        assert area is not None
        inf = spare_infantry(state)[0]
        state.position.remove(action.unit, REPLACED)
        state.put(inf, area)
        state.note(f"{action.unit} is replaced by {inf} in area {area}, for good {cite('1.3')}")
        state.queue.insert(0, AskSubstitute())


@dataclass(frozen=True)
class ScoreTurn(Task):
    """VP for the Victory Point Areas the Germans control at the end of the turn (the introduction)."""

    def run(self, state: SoABoard) -> None:
        state.update_control()
        held = [a for a in state.areas.vp_areas() if state.controller(a) == GERMAN]
        gain = sum(state.area(a).vp for a in held)
        state.vp += gain
        rule = cite("introduction") if state.game_turn() == 0 else "(Storm over Arnhem basic game, reconstructed)"
        state.note(f"end of turn {state.label()}: the Germans control Victory Point Area(s) "
                   f"{', '.join(held) or 'none'}: +{gain} VP, German VP {state.vp} {rule}")


__all__ = ["Arrivals", "AskPerimeter", "AskSubstitute", "PerimeterStep", "PlaceStep", "ScoreTurn", "SubstituteStep",
           "perimeter_candidates", "place_areas"]
