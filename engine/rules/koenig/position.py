"""What every part of the Koenig game state reads of a position (002_fe1216aa5df94854.txt): units and
their sides, strengths (2.2), movement allowances, formations and HQs (7.0), the independent 16th
battalion (exclusive 7.0), Heavy Weapons (14.3), the exit units (exclusive 12.0) and night turns (4.0)."""

from __future__ import annotations

from typing import Any

from ...hexgrid import Hex
from .victory import ON_MAP

ALLIED, GERMAN = "allied", "german"


class Position:
    """Queries over the state's units; `KoenigState` holds the data."""

    game: Any
    units: dict[str, Any]
    turn: int

    @property
    def sc(self):
        return self.game.scenario

    @property
    def map(self):
        return self.game.scenario.map

    def option(self, name: str) -> bool:
        return bool(self.game.options.get(name))

    def side_of(self, uid: str) -> str:
        return self.sc.units[uid].side

    def enemy(self, side: str) -> str:
        return GERMAN if side == ALLIED else ALLIED

    def occupants(self) -> dict[Hex, list[str]]:
        occ: dict[Hex, list[str]] = {}
        for uid, u in self.units.items():
            if u.status == ON_MAP and u.hex is not None:
                occ.setdefault(u.hex, []).append(uid)
        return occ

    def units_at(self, h: Hex) -> list[str]:
        return [uid for uid, u in self.units.items() if u.status == ON_MAP and u.hex == h]

    def strength(self, uid: str) -> int:
        return int(self.sc.units[uid].values.get("strength", 0))

    def allowance(self, uid: str) -> int:
        return int(self.sc.units[uid].values.get("movement", 0))

    def formation_of(self, uid: str) -> str:
        u = self.units[uid]
        return u.attached or self.sc.units[uid].formation

    def independent(self, uid: str) -> bool:
        return self.sc.units[uid].has("independent") or not self.sc.units[uid].formation

    def hq_of(self, formation: str) -> str:
        for mid, mk in self.sc.markers.items():
            if mk.kind == "hq" and mk.values.get("formation") == formation:
                return mid
        return f"HQ-{formation}"

    def formation_of_hq(self, hq: str) -> str:
        mk = self.sc.markers.get(hq)
        return str(mk.values.get("formation")) if mk is not None else hq.removeprefix("HQ-")

    def hq_side(self, hq: str) -> str:
        mk = self.sc.markers.get(hq)
        return mk.side if mk is not None else ""

    def heavy_weapons(self, uid: str) -> bool:
        return self.sc.units[uid].unit_type == "heavy_weapons"

    def exit_units(self) -> set[str]:
        return {uid for v in self.sc.victory if v.kind == "exit" for uid in v.units.get("ids", [])}

    def is_night(self) -> bool:
        return bool(self.sc.turns[self.turn - 1].night) if self.sc.turns else False

