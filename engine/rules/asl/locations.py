"""Locations: a hex may hold more than one (ASL Arnhem Bridge 1.1, 004_09a6f3be713b811c.txt: each
bridge hex R15-R23 has a Level 1 location on the bridge and a Level 0 location beneath it).

A location is named by its hex and its level: `R18` is the hex's ground location (at the hex's
elevation), `R18:1` the location at Level 1. The ground location takes the hex's terrain and
features; the others are the map's extra locations (`HexMap.locations`), each with its own terrain
and features. What a terrain or location does for movement and line of sight is data in the map's
terrain table (`combat:` of a terrain, feature or hexside feature):

    rule: ASL Arnhem Bridge SSR 1.3     # cited by every answer that this terrain decides
    bridge: deck | beneath              # Arnhem Bridge locations (1.1: no LOS between the two kinds)
    lateral: false                      # not entered from another hex (an upper floor; stairs only)
    los: {obstacle: 2}                  # a LOS obstacle reaching 2 levels above its base
    los: {hindrance: 1, height: 1}      # a hindrance (+1) reaching 1 level above its base
    scaling: {by: commando, cost: 4}    # crossed or climbed only by scaling (1.1, 1.13)
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from ...hexgrid import Hex, LabelError
from ...model.hexmap import HexMap

_LOCATION = re.compile(r"^\s*([A-Za-z]+-?[0-9]+|[0-9]+)\s*(?::\s*(-?[0-9]+))?\s*$")

STAIRWELL = "stairwell"  # a location feature: access to and from the hex's ground location (B23.4; 1.4)


class LocationError(ValueError):
    """A text does not name a location of the map."""


@dataclass(frozen=True, order=True)
class LocationRef:
    """One location: a hex and the level of the location in it."""

    hex: Hex
    level: int


@dataclass(frozen=True)
class MapLocation:
    """What a location is: its level, terrain and features, and whether it is the hex's ground one."""

    ref: LocationRef
    terrain: str
    features: tuple[str, ...]
    ground: bool


def ground_level(m: HexMap, h: Hex) -> int:
    return m.elevation_at(h)


def locations_of(m: HexMap, h: Hex) -> list[MapLocation]:
    """Every location of a hex, lowest first: the ground one, then the extra ones."""
    out = [MapLocation(LocationRef(h, m.elevation_at(h)), m.terrain_at(h), m.features_at(h), True)]
    for loc in m.locations.get(h, ()):
        if loc.level != out[0].ref.level:
            out.append(MapLocation(LocationRef(h, loc.level), loc.terrain, loc.features, False))
    out.sort(key=lambda x: x.ref.level)
    return out


def location_at(m: HexMap, ref: LocationRef) -> MapLocation | None:
    for loc in locations_of(m, ref.hex):
        if loc.ref.level == ref.level:
            return loc
    return None


def parse_location(m: HexMap, text: str) -> LocationRef:
    """`R18` (the ground location) or `R18:1` (the location at Level 1); LocationError says what is wrong."""
    match = _LOCATION.match(text)
    if not match:
        raise LocationError(f"{text!r} is not a location: write a hex label such as 'R18', or 'R18:1' for "
                            f"the location at Level 1 of that hex")
    label, level = match.group(1), match.group(2)
    try:
        h = m.hex_at(label.upper()) or m.hex_at(label)
    except LabelError:
        h = None
    if h is None:
        raise LocationError(f"{label!r} is not a hex of the map {m.name or '(untitled)'}")
    if level is None:
        return LocationRef(h, m.elevation_at(h))
    ref = LocationRef(h, int(level))
    if location_at(m, ref) is None:
        have = ", ".join(location_label(m, x.ref) for x in locations_of(m, h))
        raise LocationError(f"{label} has no location at Level {level}; it has {have}")
    return ref


def location_label(m: HexMap, ref: LocationRef) -> str:
    """`R18` for the hex's ground location, `R18:1` for the one at Level 1."""
    lab = m.label(ref.hex)
    if ref.level == m.elevation_at(ref.hex):
        return lab
    return f"{lab}:{ref.level}"


def describe(m: HexMap, ref: LocationRef) -> str:
    """`R18 Level 0 (beneath the bridge)` for answers a player reads."""
    loc = location_at(m, ref)
    name = m.terrain_table.terrain[loc.terrain].name if loc and loc.terrain in m.terrain_table.terrain else "?"
    return f"{m.label(ref.hex)} Level {ref.level} ({name})"


# -- terrain data ---------------------------------------------------------------------------------
def terrain_data(m: HexMap, code: str) -> dict[str, Any]:
    t = m.terrain_table.terrain.get(code)
    return t.combat if t is not None and isinstance(t.combat, dict) else {}


def feature_data(m: HexMap, code: str) -> dict[str, Any]:
    f = m.terrain_table.features.get(code)
    return f.combat if f is not None and isinstance(f.combat, dict) else {}


def hexside_feature_data(m: HexMap, code: str) -> dict[str, Any]:
    f = m.terrain_table.hexside_features.get(code)
    return f.combat if f is not None and isinstance(f.combat, dict) else {}


def bridge_kind(m: HexMap, loc: MapLocation) -> str | None:
    """'deck' or 'beneath' for an Arnhem Bridge location (1.1), None otherwise."""
    kind = terrain_data(m, loc.terrain).get("bridge")
    return str(kind) if kind in ("deck", "beneath") else None


def rule_of(data: dict[str, Any], default: str = "") -> str:
    return str(data.get("rule", default))
