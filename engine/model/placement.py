"""Where a unit may stand: its movement class, the cost its class pays to enter a hex by the hex's
terrain alone, the hexes its class may not be in at all, and the set-up zone tests.

These are reads of the map's terrain table and the scenario's data, shared by the movement kernel
(engine/movement/kernel.py builds edge costs on `entry_cost` and `only_along`), scenario validation
(engine/validation/checks.py) and the rules families; they live in the model so that each of those
imports them downwards.
"""

from __future__ import annotations

from ..hexgrid import Hex, hex_distance, hexside_of
from .hexmap import HexMap
from .scenario import Scenario, ZoneRule
from .terrain import Cost


def movement_class_of(m: HexMap, unit_flags: tuple[str, ...]) -> str:
    """The unit's movement class in this map's terrain table: the first flag naming a class,
    else the table's first class (F&M 2.3: a unit that is not mobile is a leg unit)."""
    classes = m.terrain_table.movement_classes
    for f in unit_flags:
        if f in classes:
            return f
    return classes[0] if classes else "leg"


def entry_cost(m: HexMap, h: Hex, cls: str) -> Cost:
    """MP to enter hex `h` by its terrain and in-hex features alone (F&M 5.4); None if prohibited."""
    table = m.terrain_table
    tt = table.terrain.get(m.terrain[h])
    if tt is None:
        return None
    base = tt.move.get(cls)
    if base is None:
        return None
    add = 0.0
    for code in m.features.get(h, ()):
        ft = table.features.get(code)
        if ft is None or cls not in ft.move:
            continue
        c = ft.move[cls]
        if c is None:
            return None
        if ft.mode == "terrain":
            base = max(base, c)
        else:
            add += c
    return base + add


def only_along(m: HexMap, h: Hex, cls: str) -> list[str] | None:
    """The path types along which the class may enter or leave hex `h`, when its terrain allows no
    other way (F&M 10.5: mobile units enter and leave marsh only by road or trail); None if any way."""
    tt = m.terrain_table.terrain.get(m.terrain[h])
    if tt is None:
        return None
    return tt.only_along.get(cls)


def hex_prohibited(m: HexMap, h: Hex, cls: str) -> bool:
    """True when the movement class may not be in the hex at all: its terrain or an in-hex feature is
    prohibited (F&M 5.2 e, 000_e5c3deafb2cea4af.txt), by the same costs the movement kernel uses. A
    hex the class may enter only along a path (F&M 10.5 marsh) is allowed when such a path touches it."""
    if m.terrain_table.terrain.get(m.terrain[h]) is None:
        return False  # an unknown terrain code is reported by the loader
    along = only_along(m, h, cls)
    if along:
        for d in range(6):
            info = m.hexsides.get(hexside_of(h, d))
            if info and any(p in along for p in info.paths):
                return False
        return True
    return entry_cost(m, h, cls) is None


def location_levels(m: HexMap, h: Hex) -> list[int]:
    """The levels of the locations of hex `h`, lowest first: its ground location (at the hex's elevation)
    and the map's extra locations of the hex (ASL Arnhem Bridge 1.1: R18 and R18:1)."""
    return sorted({m.elevation_at(h), *(loc.level for loc in m.locations.get(h, ()))})


def location_text(m: HexMap, h: Hex, level: int | None) -> str:
    """`R18` for the ground location, `R18:1` for the one at Level 1, as `hexwright los` names them."""
    lab = m.label(h)
    return lab if level is None or level == m.elevation_at(h) else f"{lab}:{level}"


def set_up_level(sc: Scenario, uid: str) -> int | None:
    """The level of the extra location unit `uid` is set up in (ASL Arnhem Bridge 1.1: `R18:1`), or None for
    its hex's ground location (no level given, or the ground's own level). A level the hex does not have
    is reported by validation and read here as the ground location."""
    level = sc.placement_levels.get(uid)
    lab = sc.placements.get(uid)
    h = sc.map.hex_at(lab) if lab is not None and level is not None else None
    if h is None or level == sc.map.elevation_at(h):
        return None
    return level if any(loc.level == level for loc in sc.map.locations.get(h, ())) else None


def zone_rule_holds(sc: Scenario, rule: ZoneRule, h: Hex) -> bool:
    """Whether hex `h` passes one set-up zone test (F&M 12.0 free deployment): in a region, within N
    hexes of a map edge or of a terrain, or one of a list of hexes (each negated by `negate`)."""
    m = sc.map
    if rule.region is not None:
        region = m.regions.get(rule.region)
        ok = region is not None and h in region.hexes
    elif rule.edge is not None:
        within = rule.within or 0
        ok = any(hex_distance(h, e) <= within - 1 for e in m.edge_hexes(rule.edge)) if within > 0 else False
    elif rule.terrain is not None:
        within = rule.within or 0
        targets = [x for x in m.hexes if m.terrain[x] == rule.terrain or rule.terrain in m.features.get(x, ())]
        ok = any(hex_distance(h, t) <= within for t in targets)
    elif rule.hexes is not None:
        ok = m.label(h) in rule.hexes
    else:
        ok = True
    return not ok if rule.negate else ok


def stacking_refusal(sc: Scenario, unit_ids: list[str], hex_label: str, rule: str = "") -> str | None:
    """Why `unit_ids` may not all be set up in hex `hex_label` by the scenario's stacking limit (F&M
    5.3 one unit per hex; the family names its rule in `rule`), or None when they fit. Units already in
    the hex that are among `unit_ids` are not counted twice."""
    moving = set(unit_ids)
    there = [uid for uid, lab in sc.placements.items() if lab == hex_label and uid not in moving]
    total = len(there) + len(moving)
    if total <= sc.stacking_limit:
        return None
    held = f" ({', '.join(there)} already there)" if there else ""
    cite = f" ({rule})" if rule else ""
    return (f"{hex_label} would hold {total} units{held}; the stacking limit is {sc.stacking_limit}{cite}")


# hexside features that are water (F&M 10.6 rivers and canals; streams): where an engineer ferry may run
WATER_FEATURES = ("river", "canal", "stream")


def hexside_is_water(m: HexMap, features: tuple[str, ...]) -> bool:
    """True when one of the features is water: its type in the terrain table says `combat: {water: true}`
    or its code names a river, canal or stream."""
    for code in features:
        ft = m.terrain_table.hexside_features.get(code)
        if (ft is not None and ft.combat.get("water")) or any(w in code.lower() for w in WATER_FEATURES):
            return True
    return False
