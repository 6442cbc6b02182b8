"""Movement costs and reach (F&M 5.2, 5.4, 6.1) over the shared movement kernel, with the Arnhem
hexside rules: marsh (10.5, in the terrain table's `only_along`), demolished bridges (10.6.3), the
engineer ferry (10.6.5) and the canal-trail crossings (10.6.1). 000_e5c3deafb2cea4af.txt.

The kernel's MovementHooks carry the rules:
* `blocked`: hexes with enemy units (5.2 d);
* `stop`: for a leg unit, every hex in an enemy zone of control (6.1 "must immediately stop");
* `enter_extra`: for a mobile unit, half its printed MA (round down) to enter an EZOC hex (6.1);
* `first_step`: a leg unit that begins in an EZOC may move directly into another EZOC hex by expending
  all its printed MA, not across a minefield hexside or into a fortification (6.1 and its exception);
* `edge_override`: hexsides that differ in this game from the printed map (10.6.1, 10.6.3, 10.6.5).

10.6.2: "Units using printed ferries are treated as Leg units for movement into and out of EZOC (6.1)".
A mobile unit crossing a printed ferry hexside into an EZOC hex therefore pays no extra MP for the EZOC
and stops there; it may cross from an EZOC hex into another only as the first step of its move, by
expending all its printed MA (and never across a minefield or into a fortification); out of an EZOC it
moves as any unit does. The kernel keeps one cost per hex, so these crossings are taken out of its
search and added to the reach afterwards (`ferry_landings`). Printed ferries are the hexsides whose
feature permits crossing, but not the canal-trail crossings of 10.6.1, where a unit only "expends the
MP as if a ferry exists", nor the engineer's ferry operation of 10.6.5, which is "a bridge".
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from ...hexgrid import Hex, Hexside, hex_neighbors, hexside_between
from ...model.hexmap import HexMap, HexsideInfo
from ...model.placement import entry_cost, only_along
from ...model.terrain import Cost
from ...movement.hooks import FrozenHook, KeptHooks, MovementHooks
from ...movement.kernel import Reach, edge_cost_across, reachable
from .board import DEMOLISHED, FERRY, FMBoard
from .game import FMGameBase, cite, is_fortification, is_minefield

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


def edge_overrides(state: FMBoard, side: str, cls: str,
                   ferried: tuple[tuple[Hex, Hex], ...] = ()) -> dict[tuple[Hex, Hex], float | None]:
    """Hexsides whose cost in this game differs from the map's, for units of `side` and class `cls`;
    with `ferried`, those crossings closed too (10.6.2: a mobile unit's crossings of a printed ferry into
    an EZOC, added after the search, `ferry_landings`). Kept per game and never changed (a FrozenHook:
    the movement kernel keeps its conversion by identity)."""
    g = state.game
    m = g.map
    ferry = state.active_ferry()
    demolished = state.demolished()
    key = (side, cls, demolished, ferry, ferried)
    cached = g.override_cache.get(key)
    if cached is not None:
        return cached
    if ferried:
        base = edge_overrides(state, side, cls)
        closed = g.override_cache[key] = FrozenHook({**base, **{e: None for e in ferried}})
        return closed
    parts = g.override_parts
    out: dict[tuple[Hex, Hex], float | None] = {}
    for s in g.canal_trail_crossings:  # 10.6.1
        a, b = s.hexes()
        cost = canal_crossing_cost(m, cls)
        out[(a, b)] = cost
        out[(b, a)] = cost
    for s in demolished:  # 10.6.3: a demolished bridge becomes a river/canal hexside
        part = parts.get((cls, DEMOLISHED, s))
        if part is None:
            info = m.hexsides[s]
            plain = replace(info, bridge=None, paths=() if g.is_water(s) else info.paths)
            a, b = s.hexes()
            part = parts[(cls, DEMOLISHED, s)] = (((a, b), edge_cost_with(m, a, b, cls, plain)),
                                                  ((b, a), edge_cost_with(m, b, a, cls, plain)))
        out.update(part)
    if ferry is not None and side == g.allied:  # 10.6.5: a bridge for Allied movement
        part = parts.get((cls, FERRY, ferry))
        if part is None:
            info = m.hexsides.get(ferry) or HexsideInfo()
            a, b = ferry.hexes()
            common = tuple(sorted(_path_types(m, a) & _path_types(m, b)))
            bridged = replace(info, bridge=info.bridge or "ferry-operation", paths=common)
            part = parts[(cls, FERRY, ferry)] = (((a, b), edge_cost_with(m, a, b, cls, bridged)),
                                                 ((b, a), edge_cost_with(m, b, a, cls, bridged)))
        out.update(part)
    frozen = g.override_cache[key] = FrozenHook(out)
    return frozen


def ferry_edges_into(state: FMBoard, uid: str, ezoc: frozenset[Hex]) -> list[tuple[Hex, Hex]]:
    """10.6.2: for a mobile unit, the moves across a printed ferry hexside into an EZOC hex."""
    g = state.game
    if not g.printed_ferries or not g.is_mobile(uid):
        return []
    return _ferry_edges(g, ezoc)


def _ferry_edges(g: FMGameBase, ezoc: frozenset[Hex]) -> list[tuple[Hex, Hex]]:
    """ferry_edges_into for a mobile unit: the crossings of a printed ferry into an EZOC hex (10.6.2)."""
    out = []
    for s in g.printed_ferries:
        a, b = s.hexes()
        if b in ezoc:
            out.append((a, b))
        if a in ezoc:
            out.append((b, a))
    return out


def _ferry_step_cost(state: FMBoard, uid: str, a: Hex, b: Hex, spent_to_a: float, first: bool,
                     ezoc: frozenset[Hex], overrides: dict[tuple[Hex, Hex], float | None]) -> float | None:
    """10.6.2, 6.1: the MP spent on reaching b (in an EZOC) from a across a printed ferry, moving as a leg
    unit; None if a leg unit could not make that step."""
    g = state.game
    cls = g.movement_class(uid)
    c = overrides[(a, b)] if (a, b) in overrides else g.graph(cls).cost(a, b)
    if c is None:
        return None
    if a not in ezoc:
        return spent_to_a + c  # 6.1: a leg unit entering an EZOC stops; no extra MP
    if not first:
        return None  # 6.1: a leg unit in an EZOC it entered this move has stopped there
    if g.is_commando(uid):
        return c
    ma = float(state.current_values(uid).get("movement", 0))
    if c > ma or is_minefield(g.map, hexside_between(a, b)) or is_fortification(g.map, b):
        return None  # 6.1 and its exception
    return ma  # 6.1: from an EZOC directly into another by expending all its printed MA


_NO_EXTRA = FrozenHook()


def movement_hooks(state: FMBoard, uid: str, start: Hex, spent: float) -> MovementHooks:
    """The hooks for one unit's move from `start` having already spent `spent` MP this phase. They depend
    on the unit's side, class, mobility, commando status and MA, whether it starts a fresh move in an EZOC,
    the enemy's hexes and zones of control and the bridges and ferry of the moment, so they are kept per
    game by those (`KeptHooks`: the movement kernel keeps what it makes of them by identity)."""
    side, cls, mobile, commando = state.game.movement_facts(uid)
    ezoc = state.enemy_zoc(side)
    ma = float(state.current_values(uid).get("movement", 0))
    return _kept_hooks(state, side, cls, mobile, commando, ma, not mobile and start in ezoc and spent == 0, ezoc)


def _kept_hooks(state: FMBoard, side: str, cls: str, mobile: bool, commando: bool, ma: float, fresh_in_ezoc: bool,
                ezoc: frozenset[Hex]) -> KeptHooks:
    """movement_hooks by the unit's facts, kept per game."""
    g = state.game
    blocked = state.enemy_hexes(side)
    key = (side, cls, mobile, commando, ma, fresh_in_ezoc, ezoc, blocked, state.demolished(), state.active_ferry())
    got = g.hooks_memo.get(key)
    if got is None:
        if len(g.hooks_memo) > 512:
            g.hooks_memo.clear()
        got = g.hooks_memo[key] = _movement_hooks(state, side, cls, ezoc, blocked, ma, mobile, commando,
                                                  fresh_in_ezoc)
    return got


def _movement_hooks(state: FMBoard, side: str, cls: str, ezoc: frozenset[Hex], blocked: frozenset[Hex], ma: float,
                    mobile: bool, commando: bool, fresh_in_ezoc: bool) -> KeptHooks:
    g = state.game
    # the kernel only reads the hook sets, so the state's cached frozensets are passed as they are
    overrides = edge_overrides(state, side, cls)
    enter_extra: dict[Hex, float] = _NO_EXTRA
    stop: frozenset[Hex] = frozenset()
    first_step = None
    if mobile:
        if not commando:
            extra = float(int(ma) // 2)  # 6.1: half the printed MA, rounded down
            key = (ezoc, extra)
            costs = g.extra_memo.get(key)
            if costs is None:
                if len(g.extra_memo) > 256:
                    g.extra_memo.clear()
                # a FrozenHook: the movement kernel keeps its conversion by identity
                costs = g.extra_memo[key] = FrozenHook({h: extra for h in ezoc})
            enter_extra = costs  # shared: the kernel only reads it
        ferried = _ferry_edges(g, ezoc)
        if ferried:  # 10.6.2: added after the search (ferry_landings)
            overrides = edge_overrides(state, side, cls, tuple(ferried))
    else:
        stop = ezoc  # 6.1: a leg unit stops on entering an EZOC
        if fresh_in_ezoc:
            m = g.map

            def ezoc_to_ezoc(a: Hex, b: Hex, cost: float) -> float | None:
                if b not in ezoc or commando:
                    return cost
                if cost > ma:
                    return None
                if is_minefield(m, hexside_between(a, b)) or is_fortification(m, b):
                    return None  # 6.1 exception
                return ma  # 6.1: by expending all its printed MA

            first_step = ezoc_to_ezoc
    return KeptHooks(blocked=blocked, stop=stop, enter_extra=enter_extra, first_step=first_step,
                     edge_override=overrides)


@dataclass
class FMReach(Reach):
    """A reach with the hexes a mobile unit enters across a printed ferry as a leg unit (10.6.2): their
    MP and path replace the kernel's when cheaper, and the unit stops there (`landings`). `land_spent`
    keeps the kernel's MP for such hexes that it also reaches overland (the paths beyond them go on
    from there)."""

    landings: dict[Hex, list[Hex]] = field(default_factory=dict)
    land_spent: dict[Hex, float] = field(default_factory=dict)

    def path(self, h: Hex) -> list[Hex]:
        if h in self.landings:
            return list(self.landings[h])
        return super().path(h)


def unit_reach(state: FMBoard, uid: str, hooks: MovementHooks | None = None) -> Reach:
    """The hexes the unit can reach this phase from where it is, with the MP it has left (5.1-5.4, 6.1,
    10.6.2), with its movement hooks (`movement_hooks`; `hooks`: those, made already)."""
    g = state.game
    start = state.unit_hex(uid)
    spent = state.mp_spent(uid)
    side, cls, mobile, commando = g.movement_facts(uid)
    ezoc = state.enemy_zoc(side)
    ma = float(state.current_values(uid).get("movement", 0))
    if hooks is None:
        hooks = _kept_hooks(state, side, cls, mobile, commando, ma, not mobile and start in ezoc and spent == 0,
                            ezoc)
    reach = reachable(g.graph(cls), start, max(0.0, ma - spent), hooks)  # movement_hooks(state, uid, start, spent)
    if not mobile or not g.printed_ferries:
        return reach
    ferried = _ferry_edges(g, ezoc)  # ferry_edges_into
    if not ferried:
        return reach
    return ferry_landings(state, uid, reach, ferried, ezoc, spent == 0)


def ferry_landings(state: FMBoard, uid: str, reach: Reach, ferried: list[tuple[Hex, Hex]], ezoc: frozenset[Hex],
                   fresh: bool) -> FMReach:
    """10.6.2: add to a mobile unit's reach the EZOC hexes it may enter across a printed ferry. The new
    reach shares the search's results as they are (its MP spent and paths made when first read, as the
    search's own): where no crossing can begin in a hex of the reach (nor in a hex a landing adds), none is
    tried and nothing is read."""
    g = state.game
    out = object.__new__(FMReach)  # FMReach(reach.start, ..., reach.spent, reach.predecessors, ...), not read yet
    out.__dict__.update(reach.__dict__)
    out.landings = {}
    out.land_spent = {}
    blocked = state.enemy_hexes(g.units[uid].side)
    touched = reach.touched()
    if touched is not None:
        index = reach.index
        ends = {b for _a, b in ferried}
        if not any(b not in blocked and (index.get(a) in touched or a in ends) for a, b in ferried):
            return out  # (the loop below would skip every crossing)
    overrides = edge_overrides(state, g.units[uid].side, g.movement_class(uid))
    spent = out.spent  # (the MP of the hexes reached, and of the landings as they are added)
    for a, b in ferried:
        if b in blocked or a not in spent or a in out.landings:
            continue
        cost = _ferry_step_cost(state, uid, a, b, spent[a], fresh and a == reach.start, ezoc, overrides)
        if cost is None or cost > reach.allowance + 1e-9:
            continue
        if cost >= spent.get(b, float("inf")):
            continue
        if b in reach.index and reach.index[b] in out.predecessors and b not in out.land_spent:
            out.land_spent[b] = spent[b]
        spent[b] = cost
        out.landings[b] = Reach.path(out, a) + [b]  # the search's path to `a`, as before any landing
    return out


def terrain_step_allowed(state: FMBoard, uid: str, a: Hex, b: Hex, attack: bool = False) -> bool:
    """The terrain of one step from `a` into `b` outside movement: a retreat, advance or displacement (8.3,
    8.3.1, 8.5) or, with `attack`, an attack from `a` into `b` (8.2). Never into prohibited terrain or across
    a prohibited hexside (5.2 e, 8.3, 8.2); a mobile unit into or out of marsh only along a road or trail
    (10.5; an attacker's own hex has no effect, 8.2: "The type of terrain the attacking unit(s) occupy has no
    effect on their eligibility to attack"); no retreat or advance across an unbridged river or canal (10.6,
    TEC note c), the Allied engineer ferry in force excepted (10.6.5), while "Units may attack across
    unbridged river/canal hexsides" (10.6)."""
    g = state.game
    cls = g.movement_class(uid)
    key = (cls, a, b, attack)
    got = g.step_memo.get(key)
    if got is None:
        got = g.step_memo[key] = _terrain_step(state, cls, a, b, attack)
    allowed, water = got
    if water is None or not allowed:
        return allowed
    # 10.6, TEC (c): no retreat or advance across an unbridged river/canal (a bridge not demolished, or the
    # Allied engineer ferry in force, 10.6.5)
    return (g.map.hexsides[water].bridge is not None and water not in state.demolished()) or (
        g.units[uid].side == g.allied and state.active_ferry() == water)


def _terrain_step(state: FMBoard, cls: str, a: Hex, b: Hex, attack: bool) -> tuple[bool, Hexside | None]:
    """terrain_step_allowed by the map alone (kept per game): whether the step may be made, and the
    river or canal hexside it crosses that a retreat or advance may cross only by a bridge or ferry
    (None: none, or an attack)."""
    g = state.game
    m = g.map
    hs = hexside_between(a, b)
    info = m.hexsides.get(hs)
    along_b = only_along(m, b, cls)
    along_a = None if attack else only_along(m, a, cls)
    if along_a is not None or along_b is not None:
        allowed = set(along_a or ()) | set(along_b or ())
        if info is None or not any(p in allowed for p in info.paths):
            return False, None  # 10.5: mobile units retreat, advance or attack into marsh only along a road or trail
    elif entry_cost(m, b, cls) is None:
        return False, None  # 5.2 e, 8.2, 8.3: not into prohibited terrain
    if info is None:
        return True, None
    table = m.terrain_table.hexside_features
    for f in info.features:
        ft = table.get(f)
        if ft is not None and ft.move.get(cls, 0) is None and not g.water_code(f):
            return False, None  # a prohibited hexside (5.2 e, 8.2)
    return True, (hs if not attack and g.is_water(hs) else None)


def path_problem(state: FMBoard, uid: str, path: list[Hex]) -> str | None:
    """Why a unit cannot move along `path` (start hex first), naming the rule; None if it can."""
    g = state.game
    m = g.map
    lab = g.label
    cls = g.movement_class(uid)
    spent = state.mp_spent(uid)
    ma = float(state.current_values(uid).get("movement", 0))
    allowance = ma - spent
    hooks = movement_hooks(state, uid, path[0], spent)
    graph = g.graph(cls)
    ezoc = state.enemy_zoc(g.units[uid].side)
    ferried = set(ferry_edges_into(state, uid, ezoc))
    if len(path) > 1 and path[-1] in hooks.blocked:  # the hex pointed at holds an enemy: that, whatever the path
        return f"{uid} cannot enter {lab(path[-1])}: enemy-occupied {cite('5.2 d')}"
    total = 0.0
    for i, (a, b) in enumerate(zip(path, path[1:], strict=False)):
        if i > 0 and a in hooks.stop:
            return f"{uid} must stop in {lab(a)}: a leg unit entering an enemy zone of control stops {cite('6.1')}"
        if i > 0 and (path[i - 1], a) in ferried:
            return (f"{uid} must stop in {lab(a)}: it crossed a printed ferry into an enemy zone of control and "
                    f"moves as a leg unit there {cite('10.6.2, 6.1')}")
        if (a, b) in ferried and b not in hooks.blocked:
            c = _ferry_step_cost(state, uid, a, b, 0.0, i == 0 and spent == 0, ezoc,
                                 edge_overrides(state, g.units[uid].side, cls))
            if c is None:
                return (f"{uid} cannot cross the printed ferry {g.hexside_label(hexside_between(a, b))} from one enemy "
                        f"zone of control into another except as a leg unit beginning its move there, by "
                        f"expending all its printed MA {cite('10.6.2, 6.1')}")
            total += c
            if total > allowance + 1e-9:
                return over_allowance(state, uid, path, ma, spent)
            continue
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
            return over_allowance(state, uid, path, ma, spent)
    if len(path) > 1 and state.occupant(path[-1]) is not None:
        return f"{uid} cannot end its move in {lab(path[-1])}: units cannot stack {cite('5.3')}"
    return None


def over_allowance(state: FMBoard, uid: str, path: list[Hex], ma: float, spent: float) -> str:
    """A path costing more MP than the unit has left (5.2 a, c), in the figures the player sees: the hex the
    path ends in (the one clicked), the whole path's cost, the MP already spent this phase (a landing hex's
    terrain, 11.4 b, counts) and the printed MA, as the move's log line counts them ("7 of 7 MP")."""
    cost = path_cost_of(state, uid, path)
    dest = state.game.label(path[-1])
    if spent > 0:
        return (f"{uid} cannot reach {dest}: it has spent {_mp(spent)} of its {_mp(ma)} MP this phase and this path "
                f"costs {_mp(cost)} more ({_mp(spent + cost)} of {_mp(ma)} MP) {cite('5.2 a, c')}")
    return (f"{uid} cannot reach {dest}: this path costs {_mp(cost)} MP, more than its MA of {_mp(ma)} "
            f"{cite('5.2 a, c')}")


NO_LIMIT = 1000.0  # MP: a search this deep reaches every hex a path leads to


def cheapest_path(state: FMBoard, uid: str, dest: Hex) -> list[Hex] | None:
    """The unit's cheapest path to `dest` under this phase's hooks (enemy hexes, zones of control, 5.2 d, 6.1)
    however many MP it costs, or None if no path leads there: the path whose refusal names the real limit
    of a move a person points at (the MP, 5.2 a, c), never a hex on some other line."""
    start = state.unit_hex(uid)
    spent = state.mp_spent(uid)
    g = state.game
    reach = reachable(g.graph(g.movement_class(uid)), start, NO_LIMIT, movement_hooks(state, uid, start, spent))
    if dest == start or dest not in reach.spent:
        return None
    return reach.path(dest)


def path_cost_of(state: FMBoard, uid: str, path: list[Hex]) -> float:
    g = state.game
    spent = state.mp_spent(uid)
    hooks = movement_hooks(state, uid, path[0], spent)
    graph = g.graph(g.movement_class(uid))
    ezoc = state.enemy_zoc(g.units[uid].side)
    ferried = set(ferry_edges_into(state, uid, ezoc))
    total = 0.0
    for i, (a, b) in enumerate(zip(path, path[1:], strict=False)):
        if (a, b) in ferried:  # 10.6.2
            fc = _ferry_step_cost(state, uid, a, b, 0.0, i == 0 and spent == 0, ezoc,
                                  edge_overrides(state, g.units[uid].side, g.movement_class(uid)))
            total += fc or 0.0
            continue
        c = hooks.edge_override[(a, b)] if (a, b) in hooks.edge_override else graph.cost(a, b)
        c = (c or 0.0) + hooks.enter_extra.get(b, 0.0)
        if i == 0 and hooks.first_step is not None:
            c = hooks.first_step(a, b, c) or c
        total += c
    return total


def _mp(x: float) -> str:
    return str(int(x)) if x == int(x) else f"{x:g}"
