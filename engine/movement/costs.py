"""What one step costs: a unit of a movement class moving from a hex into the next (F&M system rules,
000_e5c3deafb2cea4af.txt, 5.2, 5.4, 10.5; the rules in kernel.py's docstring), and the scale that makes
every cost of a terrain table a whole number for the bucket queue of the reachable search."""

from __future__ import annotations

import math
from fractions import Fraction

from ..hexgrid import DIRECTIONS, Hex, hexside_of
from ..model.hexmap import HexMap, HexsideInfo
from ..model.placement import entry_cost, only_along
from ..model.terrain import Cost


def edge_cost(m: HexMap, a: Hex, b: Hex, cls: str) -> Cost:
    """MP for a unit of class `cls` to move from `a` into the adjacent hex `b`; None if it cannot."""
    if not m.contains(b):
        return None  # F&M 5.2 f: no exiting the map
    direction = DIRECTIONS.index(Hex(b.q - a.q, b.r - a.r))
    return edge_cost_across(m, a, b, cls, m.hexsides.get(hexside_of(a, direction)))


def edge_cost_across(m: HexMap, a: Hex, b: Hex, cls: str, side: HexsideInfo | None) -> Cost:
    """edge_cost() as if the hexside between `a` and `b` held `side` (a rules family's view of a
    demolished bridge or a ferry, F&M 10.6.3-10.6.5)."""
    table = m.terrain_table
    along_b = only_along(m, b, cls)
    along_a = only_along(m, a, cls)

    # the path rate (5.4.1, 5.4.2)
    path_cost: Cost = None
    if side is not None:
        for p in side.paths:
            pt = table.paths.get(p)
            rate = pt.move.get(cls) if pt is not None else None
            if rate is None:
                continue
            if along_b is not None and p not in along_b:
                continue
            if along_a is not None and p not in along_a:
                continue
            path_cost = rate if path_cost is None else min(path_cost, rate)

    # the normal cost: terrain + features + hexside (5.4)
    normal: Cost = None
    if along_a is None and along_b is None:
        normal = entry_cost(m, b, cls)
        if normal is not None and side is not None:
            normal = _crossing(m, side, cls, normal)
    if normal is None:
        return path_cost
    if path_cost is None:
        return normal
    return min(normal, path_cost)


def _crossing(m: HexMap, side: HexsideInfo, cls: str, cost: float) -> Cost:
    table = m.terrain_table
    bridge = side.bridge
    bridged = bridge is not None
    ferried = any(table.hexside_features[f].permits_crossing for f in side.features if f in table.hexside_features)
    blocked = False
    for code in side.features:
        ft = table.hexside_features.get(code)
        if ft is None:
            continue
        c = ft.move.get(cls, 0)
        if ft.permits_crossing:
            if c is None:
                return None
            cost += c
        elif c is None:
            blocked = True
        elif not (bridged or ferried):
            # F&M Arnhem 10.6.2: a unit crossing a ferry hexside pays the ferry's MP and the terrain
            # in the hex, not the water the ferry carries it over (as with a bridge)
            cost += c
    if bridge is not None:
        bt = table.bridges.get(bridge)
        if bt is not None:
            c = bt.move.get(cls, 0)
            if c is None:
                return None
            cost += c
    if blocked and not (bridged or ferried):
        return None
    return cost


def scale_for(m: HexMap, cls: str) -> int:
    """The smallest whole number that makes every cost in the table an integer (2 for half MPs)."""
    t = m.terrain_table
    denominators = {1}
    for group in (t.terrain, t.features, t.hexside_features, t.bridges, t.paths):
        for item in group.values():
            c = item.move.get(cls)
            if c is not None:
                denominators.add(Fraction(c).limit_denominator(12).denominator)
    return math.lcm(*denominators)
