"""Movement (F&M 5.x) and zones of control (6.x) over the shared movement kernel, with the Arnhem
hexside rules: marsh (10.5, in the terrain table's `only_along`), demolished bridges (10.6.3), the
engineer ferry (10.6.5) and the canal-trail crossings (10.6.1). 000_e5c3deafb2cea4af.txt.

The kernel's MovementHooks carry the rules:
* `blocked`: hexes with enemy units (5.2 d);
* `stop`: for a leg unit, every hex in an enemy zone of control (6.1 "must immediately stop");
* `enter_extra`: for a mobile unit, half its printed MA (round down) to enter an EZOC hex (6.1);
* `first_step`: a leg unit that begins in an EZOC may move directly into another EZOC hex by expending
  all its printed MA, not across a minefield hexside or into a fortification (6.1 and its exception);
* `edge_override`: hexsides that differ in this game from the printed map (10.6.1, 10.6.3, 10.6.5).
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, cast

from ...hexgrid import Hex, Hexside, hex_neighbors, hexside_between
from ...model.hexmap import HexMap, HexsideInfo
from ...model.terrain import Cost
from ...movement.kernel import MovementHooks, Reach, edge_cost_across, reachable
from .game import cite

if TYPE_CHECKING:
    from .state import FMState

# 10.6.1 example: a leg unit expends three MP to cross at a canal-trail crossing, a mobile unit four,
# when the map's terrain table has no ferry of its own to read the crossing cost from.
CANAL_CROSSING_COST = {"leg": 3.0, "mobile": 4.0}


def edge_cost_with(m: HexMap, a: Hex, b: Hex, cls: str, info: HexsideInfo) -> Cost:
    """The kernel's edge cost (5.4, 5.4.1, 5.4.2) as if the hexside between a and b were `info`."""
    return edge_cost_across(m, a, b, cls, info)


def _path_types(m: HexMap, h: Hex) -> set[str]:
    out: set[str] = set()
    for n in hex_neighbors(h):
        info = m.hexsides.get(hexside_between(h, n))
        if info:
            out.update(info.paths)
    return out


def canal_crossing_cost(m: HexMap, cls: str) -> float | None:
    """10.6.1: the ferry MPs, then the trail rate into the hex on the other side."""
    table = m.terrain_table
    ferry = next((f.move.get(cls) for f in table.hexside_features.values() if f.permits_crossing
                  and cls in f.move), CANAL_CROSSING_COST.get(cls))
    if ferry is None:
        return None
    trail = table.paths.get("trail")
    rate = trail.move.get(cls, 1.0) if trail is not None else 1.0
    return float(ferry) + float(rate if rate is not None else 1.0)


def edge_overrides(state: FMState, side: str, cls: str) -> dict[tuple[Hex, Hex], float | None]:
    """Hexsides whose cost in this game differs from the map's, for units of `side` and class `cls`."""
    g = state.game
    m = g.map
    ferry = state.active_ferry()
    key = (side, cls, frozenset(state.demolished), ferry)
    cached = g.override_cache.get(key)
    if cached is not None:
        return cached
    out: dict[tuple[Hex, Hex], float | None] = {}
    for s in g.canal_trail_crossings:  # 10.6.1
        a, b = s.hexes()
        cost = canal_crossing_cost(m, cls)
        out[(a, b)] = cost
        out[(b, a)] = cost
    for s in state.demolished:  # 10.6.3: a demolished bridge becomes a river/canal hexside
        info = m.hexsides[s]
        plain = replace(info, bridge=None, paths=() if g.is_water(s) else info.paths)
        a, b = s.hexes()
        out[(a, b)] = edge_cost_with(m, a, b, cls, plain)
        out[(b, a)] = edge_cost_with(m, b, a, cls, plain)
    if ferry is not None and side == g.allied:  # 10.6.5: a bridge for Allied movement
        info = m.hexsides.get(ferry) or HexsideInfo()
        a, b = ferry.hexes()
        common = tuple(sorted(_path_types(m, a) & _path_types(m, b)))
        bridged = replace(info, bridge=info.bridge or "ferry-operation", paths=common)
        out[(a, b)] = edge_cost_with(m, a, b, cls, bridged)
        out[(b, a)] = edge_cost_with(m, b, a, cls, bridged)
    g.override_cache[key] = out
    return out


def is_minefield(m: HexMap, side: Hexside) -> bool:
    info = m.hexsides.get(side)
    if info is None:
        return False
    table = m.terrain_table.hexside_features
    return any("mine" in f or (f in table and table[f].combat.get("minefield")) for f in info.features)


def is_fortification(m: HexMap, h: Hex) -> bool:
    table = m.terrain_table.features
    return any("fort" in f or (f in table and table[f].combat.get("fortification")) for f in m.features.get(h, ()))


def movement_hooks(state: FMState, uid: str, start: Hex, spent: float) -> MovementHooks:
    """The hooks for one unit's move from `start` having already spent `spent` MP this phase."""
    g = state.game
    side = g.units[uid].side
    cls = g.movement_class(uid)
    ezoc = state.enemy_zoc(side)
    ma = float(state.current_values(uid).get("movement", 0))
    commando = g.units[uid].has("commando")
    # the kernel only reads the hook sets, so the state's cached frozensets are passed as they are
    hooks = MovementHooks(blocked=cast(set, state.enemy_hexes(side)), edge_override=edge_overrides(state, side, cls))
    if g.is_mobile(uid):
        if not commando:
            extra = float(int(ma) // 2)  # 6.1: half the printed MA, rounded down
            key = (ezoc, extra)
            costs = g.extra_memo.get(key)
            if costs is None:
                if len(g.extra_memo) > 256:
                    g.extra_memo.clear()
                costs = g.extra_memo[key] = {h: extra for h in ezoc}
            hooks.enter_extra = costs  # shared: the kernel only reads it
    else:
        hooks.stop = cast(set, ezoc)  # 6.1: a leg unit stops on entering an EZOC
        if start in ezoc and spent == 0:
            m = g.map

            def ezoc_to_ezoc(a: Hex, b: Hex, cost: float) -> float | None:
                if b not in ezoc or commando:
                    return cost
                if cost > ma:
                    return None
                if is_minefield(m, hexside_between(a, b)) or is_fortification(m, b):
                    return None  # 6.1 exception
                return ma  # 6.1: by expending all its printed MA

            hooks.first_step = ezoc_to_ezoc
    return hooks


def unit_reach(state: FMState, uid: str) -> Reach:
    g = state.game
    start = state.pos[uid]
    spent = state.mp_spent.get(uid, 0.0)
    ma = float(state.current_values(uid).get("movement", 0))
    return reachable(g.graph(g.movement_class(uid)), start, max(0.0, ma - spent),
                     movement_hooks(state, uid, start, spent))


def path_problem(state: FMState, uid: str, path: list[Hex]) -> str | None:
    """Why a unit cannot move along `path` (start hex first), naming the rule; None if it can."""
    g = state.game
    m = g.map
    lab = g.label
    cls = g.movement_class(uid)
    spent = state.mp_spent.get(uid, 0.0)
    ma = float(state.current_values(uid).get("movement", 0))
    allowance = ma - spent
    hooks = movement_hooks(state, uid, path[0], spent)
    graph = g.graph(cls)
    total = 0.0
    for i, (a, b) in enumerate(zip(path, path[1:], strict=False)):
        if i > 0 and a in hooks.stop:
            return f"{uid} must stop in {lab(a)}: a leg unit entering an enemy zone of control stops {cite('6.1')}"
        if not m.contains(b):
            return f"{uid} cannot leave the map {cite('5.2 f')}"
        try:
            hexside_between(a, b)
        except ValueError:
            return f"{uid}: {lab(a)} and {lab(b)} are not adjacent; units move through contiguous hexes {cite('5.1')}"
        if b in hooks.blocked:
            return f"{uid} cannot enter {lab(b)}: enemy-occupied {cite('5.2 d')}"
        if (a, b) in hooks.edge_override:
            c = hooks.edge_override[(a, b)]
        else:
            c = graph.cost(a, b)
        if c is None:
            tt = m.terrain_table.terrain.get(m.terrain[b])
            if tt is not None and cls in tt.only_along:
                return (f"{uid} cannot enter {lab(b)}: {cls} units enter and leave {tt.name} only along "
                        f"{' or '.join(tt.only_along[cls])} {cite('10.5')}")
            if state.game.is_water(hexside_between(a, b)):
                return f"{uid} cannot cross the unbridged river/canal {g.hexside_label(hexside_between(a, b))} " \
                       f"{cite('5.2 e, 10.6')}"
            return f"{uid} cannot enter {lab(b)}: prohibited terrain or hexside {cite('5.2 e')}"
        c += hooks.enter_extra.get(b, 0.0)
        if i == 0 and hooks.first_step is not None:
            fc = hooks.first_step(a, b, c)
            if fc is None:
                return (f"{uid} cannot move from one enemy zone of control directly into {lab(b)} "
                        f"{cite('6.1')}")
            c = fc
        total += c
        if total > allowance + 1e-9:
            return (f"{uid} cannot enter {lab(b)}: it would spend {_mp(total)} MP of {_mp(allowance)} "
                    f"{cite('5.2 a, c')}")
    if len(path) > 1 and state.occupant(path[-1]) is not None:
        return f"{uid} cannot end its move in {lab(path[-1])}: units cannot stack {cite('5.3')}"
    return None


def path_cost_of(state: FMState, uid: str, path: list[Hex]) -> float:
    g = state.game
    spent = state.mp_spent.get(uid, 0.0)
    hooks = movement_hooks(state, uid, path[0], spent)
    graph = g.graph(g.movement_class(uid))
    total = 0.0
    for i, (a, b) in enumerate(zip(path, path[1:], strict=False)):
        c = hooks.edge_override[(a, b)] if (a, b) in hooks.edge_override else graph.cost(a, b)
        c = (c or 0.0) + hooks.enter_extra.get(b, 0.0)
        if i == 0 and hooks.first_step is not None:
            c = hooks.first_step(a, b, c) or c
        total += c
    return total


def _mp(x: float) -> str:
    return str(int(x)) if x == int(x) else f"{x:g}"
