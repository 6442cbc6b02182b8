"""Realistic generated maps and scenarios for the benchmarks, built through the engine API from a
seeded random generator (the same seed gives the same map on every machine).

A map has patches of woods, rough, marsh and city on clear ground, a few lakes (prohibited
water), villages and fortifications on about a tenth of the hexes, rivers along hexsides, and a
road network between the cities with a bridge wherever a road crosses a river, plus some trails.

`record_searches` takes real positions instead: the movement searches a rules family makes, with the
hooks it passes, while games of a shipped scenario are played with random actions.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from hexwright.engine.hexgrid import DIRECTIONS, Hex, LabelScheme, hex_distance, hexside_between, hexside_of
from hexwright.engine.model.counters import UnitDef
from hexwright.engine.model.hexmap import GridSpec, HexMap, HexsideInfo
from hexwright.engine.model.scenario import Scenario, Side, TurnInfo
from hexwright.engine.model.terrain import default_terrain_table
from hexwright.engine.movement import MovementGraph, MovementHooks
from hexwright.engine.rules.fm.family import FAMILY as FM

# share of the map covered by patches of each terrain (roughly: patches overlap)
PATCHES = (("woods", 0.18), ("rough", 0.07), ("marsh", 0.05), ("city", 0.02), ("water", 0.025))


def _patch(m: HexMap, rng: random.Random, centre: Hex, size: int) -> list[Hex]:
    """A blob of about `size` hexes grown from `centre` by random neighbour steps."""
    blob = {centre}
    frontier = [centre]
    while len(blob) < size and frontier:
        h = rng.choice(frontier)
        d = DIRECTIONS[rng.randrange(6)]
        n = Hex(h.q + d.q, h.r + d.r)
        if m.contains(n) and n not in blob:
            blob.add(n)
            frontier.append(n)
        elif rng.random() < 0.05:
            frontier.remove(h)
    return list(blob)


def _walk(m: HexMap, rng: random.Random, a: Hex, b: Hex, wander: float = 0.3) -> list[Hex]:
    """A wandering line of adjacent hexes from `a` towards `b` (a road or a river's course)."""
    path = [a]
    h = a
    for _ in range(4 * (hex_distance(a, b) + 1)):
        if h == b:
            break
        steps = [Hex(h.q + d.q, h.r + d.r) for d in DIRECTIONS]
        steps = [n for n in steps if m.contains(n)]
        closer = [n for n in steps if hex_distance(n, b) < hex_distance(h, b)]
        h = rng.choice(steps if rng.random() < wander or not closer else closer)
        path.append(h)
    return path


def build_map(columns: int, rows: int, seed: int = 1) -> HexMap:
    """A map of `columns` x `rows` hexes with the default terrain table (clear 1, woods 2, rough 3,
    marsh 3 (leg only), city 1, water prohibited; village +1; river +1; road 1/2; trail 1)."""
    rng = random.Random(seed)
    digits = max(2, len(str(max(columns, rows))))
    grid = GridSpec(columns, rows, labels=LabelScheme("xxyy", 1, 1, digits))
    m = HexMap(grid, default_terrain_table(), "clear", name=f"bench {columns}x{rows}")
    hexes = m.hexes
    n = len(hexes)
    terrain = dict(m.terrain)
    for code, share in PATCHES:
        covered = 0
        while covered < share * n:
            size = rng.randint(3, 25) if code != "city" else rng.randint(1, 7)
            blob = _patch(m, rng, rng.choice(hexes), size)
            for h in blob:
                terrain[h] = code
            covered += len(blob)
    m.set_terrain(terrain)

    features: dict[Hex, tuple[str, ...]] = {}
    for h in hexes:
        x = rng.random()
        if terrain[h] == "water":
            continue
        if x < 0.07:
            features[h] = ("village",)
        elif x < 0.09:
            features[h] = ("fortification",)
        elif x < 0.10:
            features[h] = ("village", "fortification")
    m.set_features(features)

    sides: dict = {}
    # rivers: each follows a wandering course and runs along one bank (two hexsides of each hex)
    for _ in range(max(1, (columns + rows) // 40)):
        a = Hex(*m.hexes[rng.randrange(n)])
        b = Hex(*m.hexes[rng.randrange(n)])
        bank = rng.randrange(6)
        for h in _walk(m, rng, a, b, wander=0.4):
            for d in (bank, (bank + 1) % 6):
                side = hexside_of(h, d)
                if m.contains(side.hex) and m.contains(side.other):
                    sides[side] = HexsideInfo(features=("river",))
    # roads between cities (and a few random places), trails between nearby hexes
    towns = [h for h in hexes if terrain[h] == "city"] or [rng.choice(hexes)]
    anchors = rng.sample(towns, min(len(towns), max(4, n // 400))) + rng.sample(hexes, max(2, n // 2000))
    links: list[tuple[Hex, Hex, str]] = []
    for i, a in enumerate(anchors):
        b = min((x for x in anchors[i + 1:] + anchors[:i]), key=lambda x: hex_distance(a, x) + rng.random() * 8)
        path = _walk(m, rng, a, b, wander=0.15)
        links += [(p, q, "road") for p, q in zip(path, path[1:], strict=False)]
    for _ in range(max(2, n // 300)):
        a = rng.choice(hexes)
        b = Hex(a.q + rng.randint(-8, 8), a.r + rng.randint(-8, 8))
        if not m.contains(b):
            continue
        path = _walk(m, rng, a, b, wander=0.3)
        links += [(p, q, "trail") for p, q in zip(path, path[1:], strict=False)]
    for a, b, kind in links:
        side = hexside_between(a, b)
        info = sides.get(side) or HexsideInfo()
        paths = tuple(sorted(set(info.paths) | {kind}))
        bridge = info.bridge
        if info.features and kind == "road":
            bridge = "highway"
        sides[side] = HexsideInfo(info.features, bridge, paths, info.level)
    m.set_hexsides(sides)
    m.revision = 0
    return m


def build_scenario(columns: int, rows: int, seed: int = 1, units_per_side: int = 24) -> Scenario:
    """A two-sided scenario on a generated map: units with F&M values placed on enterable hexes,
    a turn track of 10 turns."""
    rng = random.Random(seed + 1000)
    m = build_map(columns, rows, seed)
    sc = Scenario(f"Benchmark {columns}x{rows}", FM.id, m, None)
    sc.sides = [Side("allied", "Allied", "#405a8a"), Side("german", "German", "#5a5a5a")]
    sc.first_player = "allied"
    sc.stacking_limit = 2
    free = [h for h in m.hexes if m.terrain[h] not in ("water", "marsh")]
    spots = rng.sample(free, 2 * units_per_side)
    for k, side in enumerate(("allied", "german")):
        for i in range(units_per_side):
            uid = f"{side[0].upper()}{i + 1:02d}"
            mobile = i % 3 == 0
            sc.units[uid] = UnitDef(
                uid, f"{i + 1}. {side.title()} Bn", side, "US" if side == "allied" else "DE", f"{side}-div",
                "mechanized" if mobile else "infantry", "battalion",
                {"attack": rng.randint(2, 8), "defense": rng.randint(2, 8), "movement": 12 if mobile else 8},
                {"attack": 1, "defense": 2, "movement": 8}, 2, ("mobile",) if mobile else ("leg",),
            )
            sc.placements[uid] = m.label(spots[k * units_per_side + i])
    sc.turns = [TurnInfo(t, t % 4 == 0) for t in range(1, 11)]
    return sc


# -- real positions -------------------------------------------------------------------------------
@dataclass
class Search:
    """One call of the movement kernel made by a rules family in a real game: the graph, the start
    hex, the MP to spend and the hooks the rules passed (None: no hooks)."""

    graph: MovementGraph
    start: Hex
    allowance: float
    hooks: MovementHooks | None


def record_searches(path: str, games: int, seed: int = 2026, options: dict | None = None) -> list[Search]:
    """Every `reachable()` call the rules make while `games` games of the scenario at `path` are played
    with random legal actions (chance nodes drawn by the game's own sampler), in the order made.

    The calls are caught where the rules call the kernel: every loaded module of hexwright.engine.rules
    that imported `reachable` (F&M's `unit_reach`, Koenig's `destinations` and `entry_destinations`)
    sees a recording wrapper until the games end. The hooks are the rules' own objects; the rules
    never change a hook collection after passing it (F&M passes its state's cached frozensets and
    dicts, Koenig builds new ones for every move), so they still hold what the kernel was given."""
    import sys

    from hexwright.engine.balance import scenario_for
    from hexwright.engine.movement import kernel
    from hexwright.engine.rules.protocol import CHANCE, new_game

    scenario = scenario_for(path)
    new_game(scenario, seed, dict(options or {}))  # loads the rules family's modules
    calls: list[Search] = []
    real = kernel.reachable

    def recording(graph: MovementGraph, start: Hex, allowance: float, hooks: MovementHooks | None = None):
        calls.append(Search(graph, start, allowance, hooks))
        return real(graph, start, allowance, hooks)

    patched = [m for name, m in list(sys.modules.items())
               if name.startswith("hexwright.engine.rules.") and getattr(m, "reachable", None) is real]
    for m in patched:
        m.reachable = recording  # type: ignore[attr-defined]
    try:
        for g in range(games):
            state = new_game(scenario, seed + g, dict(options or {}))
            rng = random.Random(seed + g)
            while not state.is_terminal():
                if state.current_player == CHANCE:
                    action = state.sample_chance()
                else:
                    actions = state.legal_actions()
                    action = actions[rng.randrange(len(actions))]
                state.apply(action)
    finally:
        for m in patched:
            m.reachable = real  # type: ignore[attr-defined]
    return calls
