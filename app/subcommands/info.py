"""`hexwright info FILE`: a short summary of a scenario or map."""

from __future__ import annotations

import argparse
import sys
from collections import Counter

from hexwright.engine.model import HexMap, Scenario
from hexwright.engine.model.areamap import AreaMap
from hexwright.engine.model.placement import location_text, set_up_level
from hexwright.engine.validation import Severity

from .loading import load_any


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("file", metavar="FILE", help="scenario or map file")


def describe_map(m: HexMap) -> list[str]:
    g = m.grid
    terrain = Counter(m.terrain.values())
    lines = [
        f"map: {m.name or '(unnamed)'}",
        f"  grid: {g.columns} x {g.rows} = {len(m)} hexes, {g.orientation}-top, stagger {g.stagger}, "
        f"labels {g.labels.kind} ({m.label(m.hexes[0])} .. {m.label(m.hexes[-1])})",
        "  terrain: " + ", ".join(f"{code} {n}" for code, n in terrain.most_common()),
        f"  hexsides with features: {sum(1 for i in m.hexsides.values() if i.features)}, "
        f"bridges: {sum(1 for i in m.hexsides.values() if i.bridge)}",
    ]
    if m.locations:
        levels = Counter(loc.level for locs in m.locations.values() for loc in locs)
        lines.append(f"  extra locations: {sum(levels.values())} in {len(m.locations)} hexes ("
                     + ", ".join(f"Level {lv}: {n}" for lv, n in sorted(levels.items())) + ")")
    paths = Counter(p for i in m.hexsides.values() for p in i.paths)
    if paths:
        lines.append("  path links: " + ", ".join(f"{p} {n}" for p, n in sorted(paths.items())))
    if m.places:
        lines.append("  places: " + ", ".join(p.text for p in m.places))
    if m.regions:
        lines.append("  regions: "
                     + ", ".join(f"{r.name} ({r.kind}, {len(r.hexes)} hexes)" for r in m.regions.values()))
    if m.edges:
        lines.append("  edges: " + ", ".join(f"{k}={v}" for k, v in m.edges.items()))
    return lines


def describe_area_map(m: AreaMap) -> list[str]:
    """An area map (Storm over Arnhem): areas, terrain, borders by kind, zones, VP areas, perimeter zones."""
    terrain = Counter(a.terrain for a in m.areas.values())
    kinds = Counter(b.kind for b in m.borders.values())
    zones = sorted({a.zone for a in m.areas.values() if a.zone})
    lines = [
        f"area map: {m.name or '(unnamed)'}",
        f"  size: {m.width:g} x {m.height:g}; areas: {len(m.areas)}; borders: {len(m.borders)} ("
        + ", ".join(f"{k} {n}" for k, n in sorted(kinds.items())) + ")",
        "  terrain: " + ", ".join(f"{code} {n}" for code, n in terrain.most_common()),
    ]
    if zones:
        lines.append("  set-up zones: " + "; ".join(f"{z}: {', '.join(m.zone_areas(z))}" for z in zones))
    if m.vp_areas():
        lines.append("  victory-point areas: " + ", ".join(f"{a} ({m.areas[a].vp})" for a in m.vp_areas()))
    if m.tagged("perimeter"):
        lines.append("  perimeter zones: " + ", ".join(m.tagged("perimeter")))
    return lines


def run(args: argparse.Namespace) -> int:
    obj, diags = load_any(args.file)
    if obj is None:
        for d in diags:
            print(d.format(), file=sys.stderr)
        return 1
    if isinstance(obj, Scenario):
        sc = obj
        print(f"scenario: {sc.title}")
        print(f"  rules: {sc.rules}" + (f" ({sc.source})" if sc.source else ""))
        print("  sides: " + ", ".join(f"{s.name} ({len(sc.units_of(s.id))} units)" for s in sc.sides)
              + f"; first player: {sc.first_player}")
        print(f"  turns: {sc.turn_count}" + (f" ({sum(t.night for t in sc.turns)} night)" if sc.turns else ""))
        print(f"  set-up: {len(sc.placements)} units placed; reinforcements: {len(sc.reinforcements)} entries, "
              f"{sum(len(r.units) for r in sc.reinforcements)} units")
        upper = []
        for uid, lab in sc.placements.items():
            level, h = set_up_level(sc, uid), sc.map.hex_at(lab)
            if level is not None and h is not None:
                upper.append(f"{uid} at {location_text(sc.map, h, level)}")
        if upper:
            print("  set up in extra locations: " + ", ".join(upper))
        tables = ", ".join(f"{n}{' (reconstructed)' if t.reconstructed else ''}" for n, t in sc.tables.items())
        print(f"  markers: {len(sc.markers)}; victory conditions: {len(sc.victory)}; tables: {tables or 'none'}")
        for line in describe_map(sc.map) if sc.area_map is None else describe_area_map(sc.area_map):
            print("  " + line)
    elif isinstance(obj, AreaMap):
        for line in describe_area_map(obj):
            print(line)
    else:
        for line in describe_map(obj):
            print(line)
    errors = sum(d.severity is Severity.ERROR for d in diags)
    print(f"diagnostics: {errors} errors, {sum(d.severity is Severity.WARNING for d in diags)} warnings")
    return 0
