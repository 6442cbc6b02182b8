"""What a side plays for, read from the scenario's victory conditions as data (no family internals):
the objective hexes (occupy / VP hexes), which units count for them, and the hex distances to them."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..hexgrid import Hex, hex_distance
from ..model.scenario import Scenario


@dataclass
class Objectives:
    """The objective hexes of a scenario and a distance table to them."""

    scenario: Scenario
    hexes: list[Hex] = field(default_factory=list)
    weight: dict[Hex, float] = field(default_factory=dict)
    # side -> filters of its occupy conditions
    unit_filters: dict[str, list[dict[str, Any]]] = field(default_factory=dict)
    _dist: dict[Hex, int] = field(default_factory=dict)

    @classmethod
    def of(cls, sc: Scenario) -> Objectives:
        m = sc.map
        obj = cls(sc)
        for v in sc.victory:
            pts = v.points or {}
            w = float(pts.get("occupied_hex", 0) or 0) + float(pts.get("occupied_all", 0) or 0) / 2 or 1.0
            for lab in v.hexes:
                h = m.hex_at(lab)
                if h is None:
                    continue
                if h not in obj.weight:
                    obj.hexes.append(h)
                obj.weight[h] = max(obj.weight.get(h, 0.0), w)
            if v.kind == "occupy" and v.units:
                obj.unit_filters.setdefault(v.side, []).append(v.units)
        return obj

    def distance(self, h: Hex | None) -> int:
        """Hexes from `h` to the nearest objective hex (0 on one); large when there is none."""
        if h is None or not self.hexes:
            return 99
        d = self._dist.get(h)
        if d is None:
            d = self._dist[h] = min(hex_distance(h, o) for o in self.hexes)
        return d

    def counts_for(self, side: str, flags: set[str]) -> bool:
        """Whether a unit of `side` with these flags can fulfil the side's occupy conditions (e.g. F&M
        11.5 counts only non-airborne units)."""
        for flt in self.unit_filters.get(side, []):
            if set(flt.get("flags_not", []) or []) & flags:
                return False
            need = set(flt.get("flags", []) or [])
            if need - flags:
                return False
        return True
