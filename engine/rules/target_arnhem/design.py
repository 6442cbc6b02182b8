"""The scenario data a Target Arnhem designer edits, and what is wrong with it (001_69d92a61f68ed4f9.txt):
supply stripes (Supply Points), para supply markers (Re-Supply, German Overrun of Paratroop Supply Marker,
Reinforcements) and off-board areas (Movement, Re-Supply).

* Supply stripes are `UnitDef.supply`: "gold" (Wehrmacht), "red" (SS), "maroon" (British 1st and Polish
  Para), "yellow" (101st), "light_green" (82nd), or "" (British XXX Corps: no stripe, unlimited points).
* A para supply marker is a `MarkerDef` of kind `para_supply` with `values: {stripe: ...}`: one per airborne
  stripe, on a hex of the map.
* An off-board area is a map `Region` of kind `offboard`: its hexes are the edge hexes it adjoins, its
  `adjacent` the areas next to it; its name is one word and not a hex label, because actions name it
  (`move G-9SS-1 E`).

`design_problems(sc)` returns the problems as data; engine/validation/checks.py turns them into diagnostics,
so a scenario that validates never makes this family's engine refuse its own data. This module reads only
the scenario and the map (no state) and imports nothing of the rules engine: it is the bottom of the family,
and the editor and validation import it without starting a game.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...hexgrid import Hex
from ...model.hexmap import EDGE_SIDES, HexMap, Region
from ...model.scenario import Scenario

ALLIED, GERMAN = "allied", "german"
OFFBOARD = "offboard"  # Region.kind of an off-board area
PARA_SUPPLY = "para_supply"  # MarkerDef.kind of a para supply marker; values: {stripe: maroon}
# stripe -> the pools of supply points its units may spend, in the order they are spent (Supply Points)
POOLS: dict[str, tuple[str, ...]] = {
    "gold": ("German",), "red": ("SS", "German"), "maroon": ("1st Para",), "yellow": ("101st",),
    "light_green": ("82nd",),
}


@dataclass(frozen=True)
class Stripe:
    """A supply stripe (Supply Points): the side whose units carry it and the pools it spends."""

    id: str
    name: str
    side: str
    pools: tuple[str, ...]
    airborne: bool  # an airborne division's stripe: it has a para supply marker


NO_STRIPE = Stripe("", "none (XXX Corps: unlimited points from 0103)", ALLIED, ("XXX Corps",), False)
STRIPES: dict[str, Stripe] = {
    "gold": Stripe("gold", "gold (Wehrmacht)", GERMAN, POOLS["gold"], False),
    "red": Stripe("red", "red (SS)", GERMAN, POOLS["red"], False),
    "maroon": Stripe("maroon", "maroon (British 1st and Polish Para)", ALLIED, POOLS["maroon"], True),
    "yellow": Stripe("yellow", "yellow (101st Airborne)", ALLIED, POOLS["yellow"], True),
    "light_green": Stripe("light_green", "light green (82nd Airborne)", ALLIED, POOLS["light_green"], True),
    "": NO_STRIPE,
}
AIRBORNE_STRIPES = tuple(s.id for s in STRIPES.values() if s.airborne)
SUPPLY_POINTS = "Target Arnhem: Supply Points"
MOVEMENT = "Target Arnhem: Movement"
RE_SUPPLY = "Target Arnhem: Re-Supply"


@dataclass(frozen=True)
class Problem:
    """One thing wrong with the designer's data: `anchor` is the validation anchor (("unit", id),
    ("marker", id), ("region", name) or ("reinforcement", i)); `severity` "error" or "warning"."""

    severity: str
    code: str
    message: str
    anchor: tuple[str | int, ...]
    hex: str | None = None
    unit: str | None = None


def stripe_of(sc: Scenario, uid: str) -> Stripe | None:
    """The unit's stripe, None when it is not a known one."""
    return STRIPES.get(sc.units[uid].supply)


def is_airborne(sc: Scenario, uid: str) -> bool:
    """Allied Airborne and Glider units (board.py `airborne`)."""
    u = sc.units[uid]
    return u.has("airborne") or u.has("glider") or u.unit_type in ("parachute", "glider")


def para_markers(sc: Scenario) -> dict[str, str]:
    """marker id -> stripe of the scenario's para supply markers."""
    return {mid: str(mk.values.get("stripe", "")) for mid, mk in sc.markers.items() if mk.kind == PARA_SUPPLY}


def offboard_areas(m: HexMap) -> dict[str, Region]:
    return {n: r for n, r in m.regions.items() if r.kind == OFFBOARD}


def edge_hexes(m: HexMap) -> set[Hex]:
    """The hexes along the map's four edges: the only hexes an off-board area may adjoin."""
    out: set[Hex] = set()
    for side in EDGE_SIDES:
        out.update(m.edge_side_hexes(side))
    return out


def area_name_problem(m: HexMap, name: str) -> str:
    """Why `name` cannot name an off-board area ("" when it can): actions and logs name it as one word."""
    if not name:
        return "an off-board area needs a name"
    if any(ch.isspace() for ch in name):
        return f"the name {name!r} has a space: actions name the area as one word (move G-9SS-1 E)"
    if m.hex_at(name) is not None:
        return f"the name {name!r} is a hex label of the map"
    return ""


def design_problems(sc: Scenario, map_ok: bool = True) -> list[Problem]:
    """Everything wrong with the stripes, para supply markers and off-board areas of a Target Arnhem
    scenario (the checks `hexwright validate` runs for this family)."""
    out: list[Problem] = []
    markers = para_markers(sc)
    marked = set(markers.values())
    # -- supply stripes (Supply Points)
    for uid, u in sc.units.items():
        anchor = ("unit", uid)
        s = STRIPES.get(u.supply)
        if s is None:
            known = ", ".join(x for x in STRIPES if x)
            out.append(Problem("error", "unknown-stripe", f"unit {uid}: supply stripe {u.supply!r} is not one of "
                               f"{known} or none ({SUPPLY_POINTS})", anchor, unit=uid))
            continue
        if u.side in (ALLIED, GERMAN) and s.side != u.side:
            what = f"stripe {s.id!r}" if s.id else "no stripe"
            out.append(Problem("warning", "stripe-side", f"unit {uid}: {what} is for {s.side} units, not {u.side} "
                               f"({SUPPLY_POINTS})", anchor, unit=uid))
        if u.side == ALLIED and s.airborne and is_airborne(sc, uid) and s.id not in marked:
            out.append(Problem("warning", "no-para-marker", f"unit {uid}: no para supply marker has stripe {s.id!r}: "
                               f"the unit draws supply and arrives only by the road from 0103 ({RE_SUPPLY})", anchor,
                               unit=uid))
    # -- para supply markers
    seen: dict[str, str] = {}
    for mid, stripe in markers.items():
        anchor = ("marker", mid)
        mk = sc.markers[mid]
        if stripe not in AIRBORNE_STRIPES:
            out.append(Problem("error", "unknown-stripe", f"para supply marker {mid}: stripe {stripe!r} is not an "
                               f"airborne division's ({', '.join(AIRBORNE_STRIPES)}) ({SUPPLY_POINTS})", anchor))
        elif stripe in seen:
            out.append(Problem("error", "duplicate-marker", f"para supply marker {mid}: stripe {stripe!r} already has "
                               f"marker {seen[stripe]} (one para supply area per division, {RE_SUPPLY})", anchor))
        else:
            seen[stripe] = mid
        if mk.hex is None:
            out.append(Problem("error", "marker-not-placed", f"para supply marker {mid} is on no hex: set it on the "
                               f"map ({RE_SUPPLY})", anchor))
    if not map_ok:
        return out
    # -- off-board areas (Movement)
    m = sc.map
    areas = offboard_areas(m)
    edge = edge_hexes(m)
    for name, r in areas.items():
        anchor = ("region", name)
        why = area_name_problem(m, name)
        if why:
            out.append(Problem("error", "area-name", f"off-board area {name!r}: {why} ({MOVEMENT})", anchor))
        off = sorted(h for h in r.hexes if not m.contains(h))
        if off:
            out.append(Problem("error", "hex-off-map", f"off-board area {name}: {len(off)} of its hexes are not on "
                               "the map", anchor))
        inner = sorted(m.label(h) for h in r.hexes if m.contains(h) and h not in edge)
        if inner:
            out.append(Problem("error", "area-not-on-edge", f"off-board area {name}: {', '.join(inner[:6])}"
                               f"{' ...' if len(inner) > 6 else ''} not on the map's edge (an off-board area adjoins "
                               f"the edge, {MOVEMENT})", anchor, hex=inner[0]))
        if not r.hexes:
            out.append(Problem("warning", "area-no-hexes", f"off-board area {name} adjoins no hex: its units can "
                               f"never come onto the map ({MOVEMENT})", anchor))
        for other in r.adjacent:
            if other not in areas:
                out.append(Problem("error", "unknown-reference", f"off-board area {name}: adjacent area {other!r} is "
                                   "not an off-board area of the map", anchor))
            elif other == name:
                out.append(Problem("warning", "area-adjacent", f"off-board area {name} lists itself as adjacent",
                                   anchor))
            elif name not in areas[other].adjacent:
                out.append(Problem("warning", "area-adjacent", f"off-board area {name} is next to {other}, but {other} "
                                   f"does not list {name} (units move from {other} to {name} only one way)", anchor))
    if not areas:
        out.append(Problem("warning", "no-offboard-area", f"the map has no off-board area: German units trace supply "
                           f"to one ({RE_SUPPLY}) and enter from them", ("scenario",)))
    for i, rf in enumerate(sc.reinforcements):
        e = rf.entry
        if e.offboard is not None and e.offboard in m.regions and e.offboard not in areas:
            out.append(Problem("error", "not-offboard", f"reinforcement {i + 1}: region {e.offboard!r} is not an "
                               f"off-board area (kind offboard), so its units would never arrive ({MOVEMENT})",
                               ("reinforcement", i)))
    return out
