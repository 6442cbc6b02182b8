"""The Arnhem Bridge's fire provisions and falling rubble (ASL Arnhem Bridge, 004_09a6f3be713b811c.txt,
1.21, 1.22, 1.31).

* 1.21: PBF and Case L TH DRM are NA against a unit in a Level 1 bridge location fired on from any
  lower elevation.
* 1.22: an OT AFV in a Level 1 bridge location adjacent to a Level 1 building location is always
  vulnerable to PBF small arms fire from units all in adjacent building (or rooftop) locations at
  Level 1 or higher, and the normal CE DRM is reduced by 1 (to a minimum of +1) for that fire; the
  example treats the vehicle as unarmored (D5.311) once the DRM is reduced.
* 1.31: falling rubble (B24.12) can fall beneath the bridge; it lies at ground level only (the
  location beneath the bridge), has no effect on the bridge above, and the location stays a
  hindrance. Where it falls from a hex follows the white dr; the direction convention of B24.12 is
  not in the source and is reconstructed here (dr 1 = the hexside toward the top of the map, then
  clockwise), which puts the 1.31 example's white dr 2 from Q17 into R16. Whether rubble falls at
  all (the colored dr) is B24.12's table, also not in the source: the caller decides.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...hexgrid import Hex, hex_distance, hex_neighbor
from ...model.hexmap import HexMap
from ..kit.position import Position
from .locations import LocationRef, bridge_kind, location_at, locations_of, terrain_data

RUBBLE_MARKER = "rubble"

# white dr -> axial direction of a flat-top grid (0 SE, 1 NE, 2 N, 3 NW, 4 SW, 5 S): reconstructed
FALLING_RUBBLE_DIRECTION = {1: 2, 2: 1, 3: 0, 4: 5, 5: 4, 6: 3}


def is_bridge_deck(m: HexMap, ref: LocationRef) -> bool:
    loc = location_at(m, ref)
    return loc is not None and bridge_kind(m, loc) == "deck"


def is_building(m: HexMap, ref: LocationRef) -> bool:
    loc = location_at(m, ref)
    return loc is not None and bool(terrain_data(m, loc.terrain).get("building"))


def pbf_and_case_l_apply(m: HexMap, firer: LocationRef, target: LocationRef) -> bool:
    """False when 1.21 makes PBF and Case L TH DRM NA: the target is in a Level 1 bridge location and
    the fire comes from a lower elevation."""
    return not (is_bridge_deck(m, target) and firer.level < target.level)


@dataclass(frozen=True)
class OpenToppedFire:
    """What 1.22 does to PBF small arms fire at an OT AFV on the bridge."""

    applies: bool
    crew_vulnerable: bool
    ce_drm: int
    unarmored: bool
    reason: str


def open_topped_pbf(m: HexMap, target: LocationRef, firers: list[LocationRef], normal_ce_drm: int) -> OpenToppedFire:
    """ASL Arnhem Bridge SSR 1.22 for an OT AFV in `target` fired on by units in `firers`."""
    if not is_bridge_deck(m, target):
        return OpenToppedFire(False, False, normal_ce_drm, False, "the target is not on the bridge at Level 1")
    adjacent_building = any(
        is_building(m, loc.ref) and loc.ref.level >= 1
        for n in m.neighbors_on_map(target.hex) for loc in locations_of(m, n))
    if not adjacent_building:
        return OpenToppedFire(False, False, normal_ce_drm, False, "no Level 1 building location is adjacent")
    for f in firers:
        if hex_distance(f.hex, target.hex) != 1 or not is_building(m, f) or f.level < 1:
            return OpenToppedFire(False, False, normal_ce_drm, False,
                                  f"{m.label(f.hex)} Level {f.level} is not an adjacent building location at Level 1+")
    ce = max(1, normal_ce_drm - 1)
    return OpenToppedFire(True, True, ce, ce < normal_ce_drm,
                          "ASL Arnhem Bridge SSR 1.22: crew vulnerable to PBF small arms fire, CE DRM reduced by 1")


def falling_rubble_hex(m: HexMap, origin: Hex, white_dr: int) -> Hex | None:
    """The hex rubble falls into from `origin` on a white dr (reconstructed direction, see above)."""
    if white_dr not in FALLING_RUBBLE_DIRECTION:
        raise ValueError(f"a white dr is 1 to 6, not {white_dr}")
    h = hex_neighbor(origin, FALLING_RUBBLE_DIRECTION[white_dr])
    return h if m.contains(h) else None


def place_falling_rubble(position: Position, m: HexMap, into: Hex) -> LocationRef:
    """Put falling rubble in `into` at ground level (1.31: beneath the bridge in a bridge hex; the
    Level 1 location above is untouched). Returns the location it lies in."""
    ground = LocationRef(into, m.elevation_at(into))
    position.set_marker(f"{RUBBLE_MARKER}:{m.label(into)}", into, ground.level)
    return ground


def rubble_locations(position: Position, m: HexMap) -> list[LocationRef]:
    """Every location holding a rubble marker of the position."""
    out = []
    for mid, h in position.markers.items():
        if mid.split(":", 1)[0] == RUBBLE_MARKER:
            level = position.marker_level(mid)
            out.append(LocationRef(h, m.elevation_at(h) if level is None else level))
    return sorted(out)
