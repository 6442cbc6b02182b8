"""Checks of an area map and of a scenario played on one (Storm over Arnhem): the drawing's problems
(overlaps, gaps, slivers, areas with no neighbour; engine/model/areacheck.py) at the area's line of
the map file, units set up in areas that exist, stacking limits per area, and set-up zones given as
area zones (The Crossing 2.1-2.3: zones A-E) or lists of areas."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable
from typing import TYPE_CHECKING

from ..model.areamap import AreaMap
from ..model.scenario import Scenario, ZoneRule
from .diagnostics import Diagnostic, Severity, SourceMap

if TYPE_CHECKING:
    from ..model.areageom import AreaProblem

Report = Callable[[Severity, str, str, tuple], None]


def _anchor(p: AreaProblem, sm: SourceMap) -> tuple:
    for aid in p.areas:
        if ("area", aid) in sm:
            return ("area", aid)
    if len(p.areas) == 2 and ("border", f"{min(p.areas)}/{max(p.areas)}") in sm:
        return ("border", f"{min(p.areas)}/{max(p.areas)}")
    return ("area-map",)


def area_map_diagnostics(m: AreaMap, sm: SourceMap | None = None) -> list[Diagnostic]:
    """The drawing's problems as diagnostics at the line of the (first) area concerned."""
    sm = sm or SourceMap()
    out = []
    if m.read_errors:
        loc = sm.get(("area-map",))
        file, line, col = (loc.file, loc.line, loc.column) if loc else ("", 0, 0)
        return [Diagnostic("not-checked", Severity.INFO, "the drawing is checked for overlaps, gaps, slivers and "
                           "areas with no neighbour once the file reads without errors", file, line, col)]
    for p in m.problems():
        loc = sm.get(_anchor(p, sm))
        file, line, col = (loc.file, loc.line, loc.column) if loc else ("", 0, 0)
        where = f" at ({p.at[0]:g}, {p.at[1]:g})" if p.at is not None else ""
        sev = Severity.ERROR if p.severity == "error" else Severity.WARNING
        out.append(Diagnostic(p.code, sev, p.message + where, file, line, col))
    return out


def area_zone_holds(m: AreaMap, rule: ZoneRule, area_id: str) -> bool:
    """A set-up zone rule on an area map: `region` names a zone letter of the areas (or one area id),
    `hexes` lists area ids; `not` negates. Edge and terrain rules read the area's terrain only."""
    area = m.areas.get(area_id)
    if area is None:
        return False
    if rule.region is not None:
        ok = area.zone == rule.region or area_id == rule.region
    elif rule.hexes is not None:
        ok = area_id in rule.hexes
    elif rule.terrain is not None:
        ok = area.terrain == rule.terrain
    else:
        ok = True
    return ok != rule.negate


def check_area_scenario(sc: Scenario, report: Report) -> None:
    """Placements, stacking per area and set-up zones of a scenario on an area map."""
    m = sc.area_map
    if m is None:
        return
    stacks: dict[str, list[str]] = defaultdict(list)
    for uid, aid in sc.placements.items():
        if uid not in sc.units:
            continue  # reported by the common checks
        if aid not in m.areas:
            report(Severity.ERROR, "unit-off-map", f"unit {uid} is set up in area {aid!r}, which is not on the map",
                   ("placement", uid))
            continue
        stacks[aid].append(uid)
    for aid, uids in stacks.items():
        limit = m.areas[aid].stacking
        if limit is None:
            limit = sc.stacking_limit
        if len(uids) > limit:
            for uid in uids[limit:]:
                report(Severity.ERROR, "stacking", f"{len(uids)} units set up in area {aid} ({', '.join(uids)}); "
                       f"its stacking limit is {limit}", ("placement", uid))
    zones = {a.zone for a in m.areas.values() if a.zone}
    for i, rf in enumerate(sc.reinforcements):
        e = rf.entry
        anchor = ("reinforcement", i)
        if e.area is not None and e.area not in m.areas:
            report(Severity.ERROR, "unknown-reference", f"reinforcement {i + 1}: no area {e.area!r} on the area map",
                   anchor)
        if e.zone is not None and e.zone not in zones:
            report(Severity.ERROR, "unknown-reference", f"reinforcement {i + 1}: no set-up zone {e.zone!r} on the "
                   f"area map (zones: {', '.join(sorted(zones)) or 'none'})", anchor)
        hexy = [k for k in ("hex", "edge_range", "marker", "offboard") if getattr(e, k) is not None]
        if hexy:
            report(Severity.ERROR, "bad-value", f"reinforcement {i + 1}: an area map has no hexes and no off-board "
                   f"regions: enter by 'area' or 'zone', not {hexy[0]!r}", anchor)
    for z in sc.setup_zones:
        bad = False
        for rule in z.rules:
            if rule.region is not None and rule.region not in zones and rule.region not in m.areas:
                report(Severity.ERROR, "unknown-reference", f"set-up zone {z.name!r}: no area or zone "
                       f"{rule.region!r} on the area map (zones: {', '.join(sorted(zones)) or 'none'})",
                       ("setup_zone", z.name))
                bad = True
            for aid in rule.hexes or []:
                if aid not in m.areas:
                    report(Severity.ERROR, "unknown-reference", f"set-up zone {z.name!r}: no area {aid!r}",
                           ("setup_zone", z.name))
                    bad = True
        if bad:
            continue
        members = z.units or [u.id for u in sc.units_of(z.side)]
        for uid in members:
            placed = sc.placements.get(uid)
            if placed is None or placed not in m.areas:
                continue
            if not all(area_zone_holds(m, rule, placed) for rule in z.rules):
                report(Severity.ERROR, "setup-zone", f"{uid} in area {placed} breaks set-up zone {z.name!r}"
                       + (f" ({z.description})" if z.description else ""), ("placement", uid))
