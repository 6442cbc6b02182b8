"""Can I go there, and what does it cost: movement between locations (ASL Arnhem Bridge,
004_09a6f3be713b811c.txt, 1.1, 1.12, 1.13, 1.3, 1.4).

* A step goes to an adjacent hex's location at the same level (ground locations connect to each
  other whatever their elevation), or to another location of the same hex through a stairwell
  (1.4: R20's pedestrian access, infantry only) or by Scaling (1.1, British Commandos only).
* Hexside features cross at their level: the rowhouse hexsides along the pillars (1.12) are on the
  Level 0 side beneath the bridge and stop movement there, not on the bridge above; the cliffs
  Q15/R15 and S15/R15 (1.13) are crossed only by Scaling, by commandos.
* Entering a location costs its terrain's rate for the movement class (1.3 beneath the bridge:
  infantry 2 MF, tracked 3 MP, non-tracked 5 MP), a road link at the step's level replaces it with
  the road rate (1.3 "unless using the road hex, e.g. entering R15 from S16"), and rubble in the
  location replaces both with the rubble rate (1.3 EXC: normal MF/MP costs for rubble beneath).

Costs other than 1.3's are the map's terrain table (data, marked reconstructed where the source gives
none). Bypass movement itself (B23.71) is not modelled: the 1.12 example's way from R18 to R17 is a
path through Q18 or S18, which is where the example says the unit is for all purposes.
"""

from __future__ import annotations

import heapq
from collections.abc import Iterable
from dataclasses import dataclass

from ...hexgrid import hex_distance, hexside_between
from ...model.hexmap import HexMap
from .locations import (
    STAIRWELL,
    LocationRef,
    MapLocation,
    describe,
    feature_data,
    hexside_feature_data,
    location_at,
    location_label,
    locations_of,
    rule_of,
    terrain_data,
)
from .los import side_label

RUBBLE = "rubble"


@dataclass(frozen=True)
class Mover:
    """Who moves: a movement class of the map's table (infantry, tracked, non_tracked) and whether
    the unit is a British Commando (Scaling, 1.1 and 1.13)."""

    movement_class: str = "infantry"
    commando: bool = False


@dataclass(frozen=True)
class StepAnswer:
    """One step: its cost (MF or MP) or why it is refused, naming the rule."""

    allowed: bool
    cost: float = 0.0
    reason: str = ""


@dataclass(frozen=True)
class PathAnswer:
    path: tuple[LocationRef, ...]
    cost: float | None
    reason: str = ""


def _no(reason: str) -> StepAnswer:
    return StepAnswer(False, 0.0, reason)


def _lateral(m: HexMap, loc: MapLocation) -> bool:
    return loc.ground or terrain_data(m, loc.terrain).get("lateral", True) is not False


def _has_rubble(loc: MapLocation, rubble: frozenset[LocationRef]) -> bool:
    return loc.ref in rubble or RUBBLE in loc.features


def _entering_cost(m: HexMap, loc: MapLocation, cls: str, rubble: frozenset[LocationRef],
                   road_rate: float | None) -> StepAnswer:
    table = m.terrain_table
    if _has_rubble(loc, rubble) and RUBBLE in table.features:
        cost = table.features[RUBBLE].move.get(cls)
        if cost is None:
            return _no(f"{describe(m, loc.ref)}: rubble is prohibited to {cls} ({rule_of(feature_data(m, RUBBLE))})")
        return StepAnswer(True, float(cost), rule_of(feature_data(m, RUBBLE)))
    if road_rate is not None:
        return StepAnswer(True, road_rate, "road")
    t = table.terrain.get(loc.terrain)
    cost = t.move.get(cls) if t is not None else None
    data = terrain_data(m, loc.terrain)
    if cost is None:
        return _no(f"{describe(m, loc.ref)} is prohibited to {cls}" + (f" ({rule_of(data)})" if rule_of(data) else ""))
    total = float(cost)
    for f in loc.features:
        ft = table.features.get(f)
        if ft is not None and ft.mode == "add" and f != STAIRWELL:
            extra = ft.move.get(cls)
            if extra is None and ft.move:
                return _no(f"{describe(m, loc.ref)}: {ft.name} is prohibited to {cls}")
            total += float(extra or 0)
    return StepAnswer(True, total, rule_of(data))


def _change_level(m: HexMap, a: MapLocation, b: MapLocation, mover: Mover) -> StepAnswer:
    """Between two locations of one hex: a stairwell (1.4) or Scaling (1.1)."""
    upper, lower = (a, b) if a.ref.level > b.ref.level else (b, a)
    lab = m.label(a.ref.hex)
    table = m.terrain_table
    stair = next((x for x in (upper, lower) if STAIRWELL in x.features), None)
    if stair is not None and (lower.ground or STAIRWELL in lower.features):
        ft = table.features.get(STAIRWELL)
        rule = rule_of(feature_data(m, STAIRWELL), "stairwell")
        cost = ft.move.get(mover.movement_class) if ft is not None else None
        if cost is not None:
            return StepAnswer(True, float(cost), f"{lab}: stairwell access ({rule})")
        stair_no = f"{lab}'s stairwell access is for infantry only ({rule})"
    else:
        stair_no = f"{lab} has no stairwell access between Level {lower.ref.level} and Level {upper.ref.level}"
        rule = rule_of(feature_data(m, STAIRWELL))
        if rule:
            stair_no += f" ({rule})"
    scaling = terrain_data(m, upper.terrain).get("scaling")
    if isinstance(scaling, dict):
        by = str(scaling.get("by", "commando"))
        srule = rule_of(scaling, rule_of(terrain_data(m, upper.terrain)))
        if mover.commando and mover.movement_class == "infantry":
            return StepAnswer(True, float(scaling.get("cost", 0)), f"{lab}: Scaling by {by} units ({srule})")
        return _no(f"{stair_no}; only {by} units may Scale it ({srule})")
    return _no(stair_no)


def step(m: HexMap, a: LocationRef, b: LocationRef, mover: Mover,
         rubble: Iterable[LocationRef] = ()) -> StepAnswer:
    """Can a unit in location `a` move to location `b` in one step, and at what cost?"""
    rub = frozenset(rubble)
    la, lb = location_at(m, a), location_at(m, b)
    if la is None or lb is None:
        missing = a if la is None else b
        return _no(f"{m.label(missing.hex)} has no location at Level {missing.level}")
    if a.hex == b.hex:
        if a.level == b.level:
            return _no("already there")
        return _change_level(m, la, lb, mover)
    if hex_distance(a.hex, b.hex) != 1:
        return _no(f"{m.label(b.hex)} is not adjacent to {m.label(a.hex)}")
    if not (la.ground and lb.ground):
        if a.level != b.level:
            return _no(f"{location_label(m, a)} and {location_label(m, b)} are at different levels: "
                       f"no way between them in one step")
        for loc in (la, lb):
            if not _lateral(m, loc):
                return _no(f"{describe(m, loc.ref)} is entered only from its own hex (stairwell)")
    info = m.hexside_between(a.hex, b.hex)
    road_rate: float | None = None
    scaled: StepAnswer | None = None
    if info is not None and _hexside_applies(info.level, la, lb):
        side = side_label(m, hexside_between(a.hex, b.hex))
        extra = 0.0
        for code in info.features:
            ft = m.terrain_table.hexside_features.get(code)
            if ft is None:
                continue
            data = hexside_feature_data(m, code)
            cost = ft.move.get(mover.movement_class, 0)
            if cost is None:
                scaling = data.get("scaling")
                rule = rule_of(data)
                if isinstance(scaling, dict):
                    by = str(scaling.get("by", "commando"))
                    if mover.commando and mover.movement_class == "infantry":
                        scaled = StepAnswer(True, float(scaling.get("cost", 0)),
                                            f"Scaling the {ft.name.lower()} hexside {side} ({rule})")
                        continue
                    return _no(f"{ft.name} hexside {side} may be crossed only by Scaling, by {by} units ({rule})")
                return _no(f"{ft.name} hexside {side} blocks movement"
                           + (" beneath the bridge" if info.level is not None else "") + (f" ({rule})" if rule else ""))
            extra += float(cost)
        for p in info.paths:
            pt = m.terrain_table.paths.get(p)
            rate = pt.move.get(mover.movement_class) if pt is not None else None
            if rate is not None and (road_rate is None or rate < road_rate):
                road_rate = float(rate)
        if scaled is not None:
            return scaled
        enter = _entering_cost(m, lb, mover.movement_class, rub, road_rate)
        return StepAnswer(enter.allowed, enter.cost + extra if enter.allowed else 0.0, enter.reason)
    return _entering_cost(m, lb, mover.movement_class, rub, None)


def _hexside_applies(level: int | None, la: MapLocation, lb: MapLocation) -> bool:
    """A hexside's features and paths are at its level (None: between the two ground locations)."""
    if level is None:
        return la.ground and lb.ground
    return la.ref.level == level and lb.ref.level == level


def neighbours(m: HexMap, a: LocationRef) -> list[LocationRef]:
    out = [x.ref for x in locations_of(m, a.hex) if x.ref != a]
    for n in m.neighbors_on_map(a.hex):
        out.extend(x.ref for x in locations_of(m, n))
    return out


def reachable(m: HexMap, start: LocationRef, mover: Mover, budget: float | None = None,
              rubble: Iterable[LocationRef] = ()) -> dict[LocationRef, tuple[float, LocationRef | None]]:
    """Location -> (cheapest cost, previous location) of every location reachable from `start`."""
    rub = frozenset(rubble)
    best: dict[LocationRef, tuple[float, LocationRef | None]] = {start: (0.0, None)}
    heap: list[tuple[float, LocationRef]] = [(0.0, start)]
    while heap:
        cost, here = heapq.heappop(heap)
        if cost > best[here][0]:
            continue
        for nxt in neighbours(m, here):
            ans = step(m, here, nxt, mover, rub)
            if not ans.allowed:
                continue
            c = cost + ans.cost
            if budget is not None and c > budget + 1e-9:
                continue
            if nxt not in best or c < best[nxt][0] - 1e-9:
                best[nxt] = (c, here)
                heapq.heappush(heap, (c, nxt))
    return best


def cheapest_path(m: HexMap, a: LocationRef, b: LocationRef, mover: Mover,
                  rubble: Iterable[LocationRef] = ()) -> PathAnswer:
    """The cheapest way from `a` to `b` (ties broken by location order), or why there is none."""
    best = reachable(m, a, mover, None, rubble)
    if b not in best:
        return PathAnswer((), None, f"no way from {location_label(m, a)} to {location_label(m, b)} for "
                                     f"{mover.movement_class}")
    path = [b]
    while path[-1] != a:
        prev = best[path[-1]][1]
        assert prev is not None
        path.append(prev)
    return PathAnswer(tuple(reversed(path)), best[b][0])
