"""The order of battle of a scenario, side by side and formation by formation, with where each unit
is: set up on the map at a hex, arriving on a turn (and where it enters), or not yet placed.

The F&M set-up and reinforcement charts (000_e5c3deafb2cea4af.txt 11.0-11.3) list units this way;
the Koenig system groups them by formation, each with its colour (002_fe1216aa5df94854.txt 2.2, 7.0).
This is a read-only view built from a Scenario; nothing here changes the scenario except
`duplicate_unit`, which returns a new UnitDef for the caller to add.
"""

from __future__ import annotations

import copy
import re
from dataclasses import dataclass, field

from .counters import UnitDef
from .placement import set_up_level
from .scenario import Entry, Reinforcement, Scenario

INDEPENDENT = ""  # formation key of units that belong to no formation

SET_UP = "setup"
ARRIVING = "reinforcement"
NOT_PLACED = "unplaced"


@dataclass(frozen=True)
class UnitStatus:
    """Where a unit is in the scenario: `kind` is SET_UP (with `hex`), ARRIVING (with `turn`,
    `entry` and the index of its reinforcement entry) or NOT_PLACED."""

    kind: str
    hex: str | None = None
    turn: int | None = None
    entry: str = ""
    reinforcement: int | None = None
    level: int | None = None  # set up in the location at this level of its hex (ASL Arnhem Bridge 1.1)

    def text(self) -> str:
        if self.kind == SET_UP:
            return f"set up at {self.hex}" + (f":{self.level}" if self.level is not None else "")
        if self.kind == ARRIVING:
            return f"arrives turn {self.turn}" + (f" ({self.entry})" if self.entry else "")
        return "not placed"


@dataclass
class OobUnit:
    unit: UnitDef
    status: UnitStatus


@dataclass
class OobFormation:
    """The units of one formation (`name` is INDEPENDENT for units with none), in scenario order."""

    name: str
    units: list[OobUnit] = field(default_factory=list)

    @property
    def title(self) -> str:
        return self.name or "Independent"


@dataclass
class OobSide:
    side_id: str
    name: str
    formations: list[OobFormation] = field(default_factory=list)
    known: bool = True  # False when units name a side the scenario does not define

    @property
    def units(self) -> list[OobUnit]:
        return [u for f in self.formations for u in f.units]


def describe_entry(entry: Entry) -> str:
    """An entry in the words of the reinforcement charts (F&M 11.2, 11.3): a hex, "0103 to 0106",
    "within 3 hexes of marker dz-1", or an off-board area."""
    if entry.hex is not None:
        text = f"hex {entry.hex}"
    elif entry.edge_range is not None:
        text = f"{entry.edge_range[0]} to {entry.edge_range[1]}"
    elif entry.marker is not None:
        text = f"within {entry.within if entry.within is not None else '?'} hexes of {entry.marker}"
    elif entry.offboard is not None:
        text = f"from {entry.offboard}"
    elif entry.area is not None:
        text = f"area {entry.area}"
    elif entry.zone is not None:
        text = f"zone {entry.zone}"
    else:
        text = "no entry given"
    return text


def _arrivals(sc: Scenario) -> dict[str, tuple[int, Reinforcement]]:
    """unit id -> (index, reinforcement) of its first scheduled arrival."""
    out: dict[str, tuple[int, Reinforcement]] = {}
    for i, rf in enumerate(sc.reinforcements):
        for uid in rf.units:
            out.setdefault(uid, (i, rf))
    return out


def unit_status(sc: Scenario, unit_id: str,
                _arrivals_cache: dict[str, tuple[int, Reinforcement]] | None = None) -> UnitStatus:
    """Set up (the placement wins when a unit is both placed and scheduled; validation reports that
    as an error), arriving, or not placed."""
    lab = sc.placements.get(unit_id)
    if lab is not None:
        return UnitStatus(SET_UP, hex=lab, level=set_up_level(sc, unit_id))
    arrivals = _arrivals(sc) if _arrivals_cache is None else _arrivals_cache
    hit = arrivals.get(unit_id)
    if hit is not None:
        i, rf = hit
        return UnitStatus(ARRIVING, turn=rf.turn, entry=describe_entry(rf.entry), reinforcement=i)
    return UnitStatus(NOT_PLACED)


def order_of_battle(sc: Scenario) -> list[OobSide]:
    """Every unit of the scenario by side (in the scenario's side order; units of an undefined side
    come last under that side id) and by formation (in order of first appearance)."""
    arrivals = _arrivals(sc)
    sides = [OobSide(s.id, s.name or s.id) for s in sc.sides]
    by_id = {s.side_id: s for s in sides}
    for u in sc.units.values():
        side = by_id.get(u.side)
        if side is None:
            side = OobSide(u.side, u.side or "(no side)", known=False)
            by_id[u.side] = side
            sides.append(side)
        formation = next((f for f in side.formations if f.name == u.formation), None)
        if formation is None:
            formation = OobFormation(u.formation)
            side.formations.append(formation)
        formation.units.append(OobUnit(u, unit_status(sc, u.id, arrivals)))
    return sides


def unused_unit_id(sc: Scenario, stem: str) -> str:
    """A unit id not yet used by a unit or marker: `stem` itself if free, else stem-2, stem-3..."""
    taken = set(sc.units) | set(sc.markers)
    if stem and stem not in taken:
        return stem
    base = re.sub(r"-\d+$", "", stem) or "unit"
    n = 2
    while f"{base}-{n}" in taken:
        n += 1
    return f"{base}-{n}"


def duplicate_unit(sc: Scenario, unit_id: str, new_id: str | None = None) -> UnitDef:
    """A copy of unit `unit_id` under `new_id` (or the next free id), with its own values, not yet
    in the scenario. KeyError for an unknown unit; ValueError when `new_id` is already taken."""
    try:
        original = sc.units[unit_id]
    except KeyError:
        raise KeyError(f"no unit has id {unit_id!r}") from None
    if new_id is None:
        new_id = unused_unit_id(sc, unit_id)
    elif not new_id:
        raise ValueError("a unit needs an id")
    elif new_id in sc.units or new_id in sc.markers:
        raise ValueError(f"id {new_id!r} is already used")
    dup = copy.deepcopy(original)
    dup.id = new_id
    if original.name == original.id:
        dup.name = new_id
    return dup
