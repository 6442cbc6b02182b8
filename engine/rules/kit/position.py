"""The position every rules family keeps: units on hexes (or in the areas of an area map), their steps
lost and status, the markers on the map and the states of hexsides (a demolished bridge, a ferry), with
typed queries.

A unit or marker is in a hex, and optionally in one location of it: a level (ASL Arnhem Bridge 1.1,
004_09a6f3be713b811c.txt: each bridge hex holds a Level 1 location on the bridge and a Level 0 one
beneath it). A unit placed without a level is in the hex's ground location; families with one
location per hex never pass a level and see no difference.

A family's state owns one `Position` and changes it only through its methods, so every change bumps
`revision`: caches of occupancy, zones of control or reachable hexes key on it instead of being
cleared by hand. A position is plain data: it copies with `copy.deepcopy` and compares with `key()`.

`Position.from_scenario` is the start of every game: the scenario's placements and its start state
(`Scenario.start`, a game that starts mid-way: steps lost, markers, demolished bridges and ferries).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from enum import StrEnum

from ...hexgrid import Hex, Hexside
from ...model.placement import set_up_level
from ...model.scenario import Scenario


class UnitStatus(StrEnum):
    """Where a unit is, as every family's rules speak of it. A family may keep finer states of its own
    (Koenig's "lost" landings) beside these."""

    ON_MAP = "on map"
    WAITING = "waiting"  # not yet in play: a reinforcement, a unit still to land or to be set up
    ELIMINATED = "eliminated"
    EXITED = "exited"  # left the map by the rules (exit victory conditions, retreats off the map)


class Position:
    """Units, steps, markers and hexside states of one game position."""

    __slots__ = ("_hex", "_level", "_area", "_status", "_steps_lost", "_markers", "_marker_level", "_hexsides",
                 "revision", "_occupancy", "_area_occupancy", "_log", "_log_base")

    def __init__(self) -> None:
        self._hex: dict[str, Hex] = {}  # units on the map
        self._level: dict[str, int] = {}  # units in a location of their hex other than the ground one
        self._area: dict[str, str] = {}  # units in an area of an area map (area id), also on the map
        self._status: dict[str, str] = {}  # every unit known to the position
        self._steps_lost: dict[str, int] = {}
        self._markers: dict[str, Hex] = {}
        self._marker_level: dict[str, int] = {}
        self._hexsides: dict[Hexside, str] = {}
        self.revision = 0
        self._occupancy: dict[Hex, tuple[str, ...]] | None = None
        self._area_occupancy: dict[str, tuple[str, ...]] | None = None
        # the unit each of the last changes was made to (None: a marker, a hexside, or not one unit),
        # revisions _log_base + 1 .. revision: `units_changed_since`
        self._log: list[str | None] = []
        self._log_base = 0

    @classmethod
    def from_scenario(cls, scenario: Scenario, units: Iterable[str] | None = None,
                      placed: Iterable[str] | None = None) -> Position:
        """The position at the start of a game of `scenario`: every unit of `units` (default: all of the
        scenario's) WAITING, those of `placed` (default: all that have a placement) on their set-up hex,
        in the location their set-up names (`R18:1`: Level 1, ASL Arnhem Bridge 1.1),
        and the start state applied (`Scenario.start`). Entries naming a unit, marker, hex or hexside the
        scenario does not have are left out: validation reports them (checks.py)."""
        pos = cls()
        m = scenario.map
        ids = list(scenario.units if units is None else units)
        wanted = set(ids) if placed is None else set(placed)
        for uid in ids:
            pos._status[uid] = UnitStatus.WAITING
        for uid, state in scenario.start.out_of_play.items():  # already gone when play begins
            if uid in pos._status and uid not in scenario.placements:
                pos._status[uid] = state
        area_map = getattr(scenario, "area_map", None)
        areas = getattr(area_map, "areas", None)
        if isinstance(areas, Mapping):  # an area map: placements name areas ("17"), and nothing else applies
            for uid, area in scenario.placements.items():
                if uid in pos._status and uid in wanted and area in areas:
                    pos._area[uid] = area
                    pos._status[uid] = UnitStatus.ON_MAP
            for uid, n in scenario.start.steps_lost.items():
                if uid in pos._status and int(n) > 0:
                    pos._steps_lost[uid] = int(n)
            return pos
        for uid, label in scenario.placements.items():
            h = m.hex_at(label)
            if uid in pos._status and uid in wanted and h is not None:
                pos._hex[uid] = h
                pos._status[uid] = UnitStatus.ON_MAP
                level = set_up_level(scenario, uid)
                if level is not None:
                    pos._level[uid] = level
        for mid, mk in scenario.markers.items():
            h = m.hex_at(mk.hex) if mk.hex else None
            if h is not None:
                pos._markers[mid] = h
        start = scenario.start
        for uid, n in start.steps_lost.items():
            if uid in pos._status and int(n) > 0:
                pos._steps_lost[uid] = int(n)
        for mid, label in start.markers.items():
            h = m.hex_at(label)
            if h is not None and mid in scenario.markers:
                pos._markers[mid] = h
        for label, state in start.hexsides.items():
            s = m.hexside_at(label)
            if s is not None:
                pos._hexsides[s] = state
        return pos

    # -- units ----------------------------------------------------------------------------------------
    @property
    def hexes(self) -> Mapping[str, Hex]:
        """Unit id -> hex of every unit on the map (read only: change it with `place` and `remove`)."""
        return self._hex

    def hex_of(self, uid: str) -> Hex | None:
        return self._hex.get(uid)

    def level_of(self, uid: str) -> int | None:
        """The level of the location the unit occupies in its hex, or None for the hex's ground location."""
        return self._level.get(uid)

    def location_of(self, uid: str) -> tuple[Hex, int | None] | None:
        """(hex, level) of a unit on the map (level None: the ground location), or None."""
        h = self._hex.get(uid)
        return None if h is None else (h, self._level.get(uid))

    def units_in_location(self, h: Hex, level: int | None) -> tuple[str, ...]:
        """The units in one location of `h` (level None: the ground location)."""
        return tuple(u for u in self.units_at(h) if self._level.get(u) == level)

    def is_on_map(self, uid: str) -> bool:
        return uid in self._hex or uid in self._area

    # -- units in areas (area maps) ---------------------------------------------------------------------
    @property
    def areas(self) -> Mapping[str, str]:
        """Unit id -> area id of every unit in an area (read only: change it with `place_in_area`)."""
        return self._area

    def area_of(self, uid: str) -> str | None:
        return self._area.get(uid)

    def place_in_area(self, uid: str, area: str) -> None:
        """Put a unit on an area map in area `area` (arriving, moving, retreating)."""
        self._hex.pop(uid, None)
        self._level.pop(uid, None)
        self._area[uid] = area
        self._status[uid] = UnitStatus.ON_MAP
        self._changed(uid)

    def area_occupancy(self) -> dict[str, tuple[str, ...]]:
        """Area id -> the units in it (in the order they were placed), kept until the next change."""
        occ = self._area_occupancy
        if occ is None:
            built: dict[str, list[str]] = {}
            for u, a in self._area.items():
                built.setdefault(a, []).append(u)
            occ = self._area_occupancy = {a: tuple(us) for a, us in built.items()}
        return occ

    def units_in_area(self, area: str | None) -> tuple[str, ...]:
        if area is None:
            return ()
        return self.area_occupancy().get(area, ())

    def status(self, uid: str) -> str:
        return self._status.get(uid, UnitStatus.WAITING)

    def units_with(self, status: str) -> list[str]:
        return [u for u, s in self._status.items() if s == status]

    def units(self) -> Iterator[str]:
        """Every unit the position knows, in the scenario's order."""
        return iter(self._status)

    def occupancy(self) -> dict[Hex, tuple[str, ...]]:
        """Hex -> the units in it (in the order they were placed), kept until the next change."""
        occ = self._occupancy
        if occ is None:
            built: dict[Hex, list[str]] = {}
            for u, h in self._hex.items():
                built.setdefault(h, []).append(u)
            occ = self._occupancy = {h: tuple(us) for h, us in built.items()}
        return occ

    def units_at(self, h: Hex | None) -> tuple[str, ...]:
        if h is None:
            return ()
        return self.occupancy().get(h, ())

    def occupant(self, h: Hex | None) -> str | None:
        """The (first) unit in `h`, or None: for families with one unit per hex."""
        us = self.units_at(h)
        return us[0] if us else None

    def steps_lost(self, uid: str) -> int:
        return self._steps_lost.get(uid, 0)

    def place(self, uid: str, h: Hex, level: int | None = None) -> None:
        """Put a unit on the map at `h` (arriving, moving, retreating), in the location at `level` of it
        (None: the hex's ground location)."""
        self._area.pop(uid, None)
        self._hex[uid] = h
        if level is None:
            self._level.pop(uid, None)
        else:
            self._level[uid] = level
        self._status[uid] = UnitStatus.ON_MAP
        self._changed(uid)

    def remove(self, uid: str, status: str = UnitStatus.ELIMINATED) -> None:
        """Take a unit off the map with its new status (eliminated, exited, waiting to come back)."""
        self._hex.pop(uid, None)
        self._level.pop(uid, None)
        self._area.pop(uid, None)
        self._status[uid] = status
        self._changed(uid)

    def set_status(self, uid: str, status: str) -> None:
        """A status change that does not move the unit on or off the map (a family's finer states)."""
        if status == UnitStatus.ON_MAP and not self.is_on_map(uid):
            raise ValueError(f"{uid} has no hex: use place() to put it on the map")
        if status != UnitStatus.ON_MAP and self.is_on_map(uid):
            raise ValueError(f"{uid} is on the map: use remove() to take it off")
        self._status[uid] = status
        self._changed(uid)

    def lose_steps(self, uid: str, n: int = 1) -> int:
        """Record `n` more steps lost; returns the new total."""
        total = self._steps_lost.get(uid, 0) + n
        if total > 0:
            self._steps_lost[uid] = total
        else:
            self._steps_lost.pop(uid, None)
        self._changed(uid)
        return total

    def set_steps_lost(self, uid: str, n: int) -> None:
        if n > 0:
            self._steps_lost[uid] = n
        else:
            self._steps_lost.pop(uid, None)
        self._changed(uid)

    # -- markers and hexsides -----------------------------------------------------------------------
    @property
    def markers(self) -> Mapping[str, Hex]:
        """Marker id -> hex of every marker on the map (read only)."""
        return self._markers

    def marker_hex(self, mid: str) -> Hex | None:
        return self._markers.get(mid)

    def marker_level(self, mid: str) -> int | None:
        """The level of the location a marker lies in (None: the ground location of its hex)."""
        return self._marker_level.get(mid)

    def set_marker(self, mid: str, h: Hex | None, level: int | None = None) -> None:
        """Put a marker in `h` (in the location at `level` of it; None: the ground location), or take it
        off the map with `h` None."""
        if h is None:
            self._markers.pop(mid, None)
        else:
            self._markers[mid] = h
        if h is None or level is None:
            self._marker_level.pop(mid, None)
        else:
            self._marker_level[mid] = level
        self._changed()

    def hexside_state(self, side: Hexside) -> str | None:
        return self._hexsides.get(side)

    def hexside_states(self) -> Mapping[Hexside, str]:
        """Hexside -> state of every hexside with one (read only: change it with `set_hexside`)."""
        return self._hexsides

    def hexsides_in(self, state: str) -> frozenset[Hexside]:
        return frozenset(s for s, v in self._hexsides.items() if v == state)

    def set_hexside(self, side: Hexside, state: str | None) -> None:
        if state is None:
            self._hexsides.pop(side, None)
        else:
            self._hexsides[side] = state
        self._changed()

    # -- comparing -----------------------------------------------------------------------------------
    def key(self) -> tuple[object, ...]:
        """A comparable summary of the whole position (for fingerprints). Areas and levels are added only
        when a unit is in an area or a unit or marker has a level, so positions of one-location-per-hex
        families keep their old keys."""
        base: tuple[object, ...] = (tuple(sorted(self._hex.items())), tuple(sorted(self._status.items())),
                tuple(sorted(self._steps_lost.items())), tuple(sorted(self._markers.items())),
                tuple(sorted(self._hexsides.items())))
        if self._area:
            base = base + (tuple(sorted(self._area.items())),)
        if self._level or self._marker_level:
            return base + (tuple(sorted(self._level.items())), tuple(sorted(self._marker_level.items())))
        return base

    def __deepcopy__(self, memo: dict[int, object]) -> Position:
        new = Position()
        new._hex = dict(self._hex)
        new._level = dict(self._level)
        new._marker_level = dict(self._marker_level)
        new._area = dict(self._area)
        new._status = dict(self._status)
        new._steps_lost = dict(self._steps_lost)
        new._markers = dict(self._markers)
        new._hexsides = dict(self._hexsides)
        new.revision = self.revision
        new._log = list(self._log)
        new._log_base = self._log_base
        return new

    def units_changed_since(self, revision: int) -> list[str | None] | None:
        """The unit each change since `revision` was made to, in order (None for a change of a marker or a
        hexside); None when the changes since then are no longer known (too many, or `revision` is not one
        of this position's past). Caches of a family's queries keep what no changed unit bears on."""
        i = revision - self._log_base
        if i < 0 or revision > self.revision:
            return None
        return self._log[i:]

    def _changed(self, uid: str | None = None) -> None:
        self.revision += 1
        self._occupancy = None
        self._area_occupancy = None
        log = self._log
        if len(log) >= 64:
            del log[:32]
            self._log_base += 32
        log.append(uid)
