"""Victory Points at the end of the game (Koenig 12.0 and the Arnhem Bridge exclusive 12.0 schedule,
002_fe1216aa5df94854.txt), computed from the scenario's victory conditions as data:

* `vp` with `points: {occupied_hex: N}`: N for each listed hex occupied by a friendly unit (2 per
  Objective City, 1 per Objective Town);
* `vp` with `points: {occupied_all: N}`: N if the side occupies every listed hex (5 VP for both ends of
  Arnhem Bridge, 1005 and 1105, on top of those hexes' own points);
* `eliminate` with `points: {eliminated_enemy_unit: N}`: N per eliminated enemy unit (a unit that
  retreated off the map or never arrived is not eliminated, 11.1 and exclusive 4.0);
* `vp` with `points: {unit_on_map: N}` (and `units: {undamaged: true}`): N per friendly unit on the map,
  only undamaged ones when so filtered (damaged Allied units are worth 0);
* `exit` with `points: {not_exited: N}` and `units: {ids: [...]}`: N to the side if any listed enemy unit
  has not exited off the map by movement (the 10 VP Recon/9th objective; exiting by Retreat does not
  count).

The side with more VPs wins; equal totals are a draw."""

from __future__ import annotations

from dataclasses import dataclass

from ...model.scenario import Scenario

ON_MAP, ELIMINATED, EXITED, RETREATED_OFF, LOST, PENDING = (
    "map", "eliminated", "exited", "retreated_off", "lost", "pending")


@dataclass(frozen=True)
class UnitSnapshot:
    """What the victory schedule needs of one unit: its side, status, hex label (on the map) and hits."""

    side: str
    status: str
    hex: str | None = None
    hits: int = 0


@dataclass(frozen=True)
class VPLine:
    side: str
    points: int
    description: str


def victory_lines(sc: Scenario, units: dict[str, UnitSnapshot]) -> list[VPLine]:
    """Every line of the schedule with the points it gives (zero lines included)."""
    occupied: dict[str, set[str]] = {}
    for u in units.values():
        if u.status == ON_MAP and u.hex is not None:
            occupied.setdefault(u.side, set()).add(u.hex)
    out: list[VPLine] = []
    for v in sc.victory:
        held = occupied.get(v.side, set())
        pts = 0
        p = v.points
        if "occupied_hex" in p:
            pts += int(p["occupied_hex"]) * sum(1 for h in v.hexes if h in held)
        if "occupied_all" in p and v.hexes and all(h in held for h in v.hexes):
            pts += int(p["occupied_all"])
        if "eliminated_enemy_unit" in p:
            pts += int(p["eliminated_enemy_unit"]) * sum(
                1 for u in units.values() if u.side != v.side and u.status == ELIMINATED)
        if "unit_on_map" in p:
            undamaged = bool(v.units.get("undamaged"))
            pts += int(p["unit_on_map"]) * sum(
                1 for u in units.values()
                if u.side == v.side and u.status == ON_MAP and (not undamaged or u.hits == 0))
        if "not_exited" in p:
            ids = v.units.get("ids", [])
            if any(uid in units and units[uid].status != EXITED for uid in ids):
                pts += int(p["not_exited"])
        out.append(VPLine(v.side, pts, v.description))
    return out


def victory_points(sc: Scenario, units: dict[str, UnitSnapshot]) -> dict[str, int]:
    """Each side's Victory Point total (exclusive 12.0)."""
    totals = {s.id: 0 for s in sc.sides}
    for line in victory_lines(sc, units):
        totals[line.side] = totals.get(line.side, 0) + line.points
    return totals
