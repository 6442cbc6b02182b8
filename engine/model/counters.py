"""Counters: unit definitions and markers.

A unit's printed values are kept as the rules family reads them: attack-defense-movement for the
F&M system (000_e5c3deafb2cea4af.txt 2.3), combat strength-movement for the Koenig system
(002_fe1216aa5df94854.txt), strength/endurance for Target Arnhem (001_69d92a61f68ed4f9.txt).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

UNIT_TYPES = (
    "infantry", "parachute", "glider", "mechanized", "armor", "armored_recon", "recon", "engineer", "hq",
    "heavy_weapons", "anti_tank", "artillery", "anti_aircraft", "commando", "marine", "cavalry", "headquarters",
)
UNIT_SIZES = ("team", "squad", "section", "platoon", "company", "battalion", "regiment", "brigade",
              "division", "corps", "army")
SIZE_SYMBOLS = {
    "team": "ø", "squad": "•", "section": "••", "platoon": "•••", "company": "I", "battalion": "II",
    "regiment": "III", "brigade": "X", "division": "XX", "corps": "XXX", "army": "XXXX",
}
# Flags the rules read (000 2.3, 6.0; 001 supply stripes; 002 formations).
KNOWN_FLAGS = ("leg", "mobile", "airborne", "glider", "engineer", "mechanized", "no_zoc", "commando", "fortified",
               "seaborne", "independent", "hq", "recon")


@dataclass
class UnitDef:
    id: str
    name: str = ""
    side: str = ""
    nationality: str = ""
    formation: str = ""  # parent formation id, e.g. "9SS"
    unit_type: str = "infantry"
    size: str = "battalion"
    values: dict[str, Any] = field(default_factory=dict)  # front: {attack: 4, defense: 4, movement: 10}
    reduced: dict[str, Any] | None = None  # back side; None for a one-step unit
    steps: int = 1  # number of steps (or hits a unit can take before elimination)
    flags: tuple[str, ...] = ()
    supply: str = ""  # supply group or stripe (Target Arnhem)
    color: str = ""  # counter colour; "" uses the side's or formation's colour
    notes: str = ""

    def has(self, flag: str) -> bool:
        return flag in self.flags


@dataclass
class MarkerDef:
    """A marker placed on the map: a drop zone, a supply source, a perimeter control..."""

    id: str
    kind: str  # drop_zone, supply, control, objective, ...
    side: str = ""
    label: str = ""
    hex: str | None = None  # printed label of its hex, or None when it is placed during play
    values: dict[str, Any] = field(default_factory=dict)


@dataclass
class SupportMarker:
    """One kind of support fire marker in a side's pool (F&M 7.0, 10.7): `count` markers of `value`."""

    value: int
    count: int = 1
    nationality: str = ""
    kind: str = "artillery"  # artillery, airpower, naval, priest...
    range: str = "adjacent"  # adjacent, 2, anywhere
