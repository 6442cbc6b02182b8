"""The movement kernel against the F&M rulebook's own examples (000_e5c3deafb2cea4af.txt 5.2, 5.4,
6.1, 10.5) and, property-based, against networkx's Dijkstra on random small maps."""

from __future__ import annotations

import importlib.util
import random

import networkx as nx
import pytest
from hexwright.engine.hexgrid import Hex, hex_neighbor, hexside_between
from hexwright.engine.model import (
    BridgeType,
    FeatureType,
    GridSpec,
    HexMap,
    HexsideFeatureType,
    HexsideInfo,
    PathType,
    TerrainTable,
    TerrainType,
)
from hexwright.engine.movement import MovementGraph, MovementHooks, edge_cost, entry_cost, reachable
from hexwright.engine.movement.kernel import path_cost
from hypothesis import given, settings
from hypothesis import strategies as st

FAST = settings(max_examples=60, deadline=None)


def fm_table() -> TerrainTable:
    """A terrain table with the F&M system's example costs (5.4) and the Arnhem marsh (10.5)."""
    t = TerrainTable(name="fm-test", movement_classes=["leg", "mobile"])
    for code, leg, mobile in (("clear", 1, 1), ("woods", 2, 3), ("rough", 3, 4), ("water", None, None),
                              ("polder", 2, 2)):
        t.terrain[code] = TerrainType(code, code.title(), move={"leg": leg, "mobile": mobile})
    t.terrain["marsh"] = TerrainType("marsh", "Marsh", move={"leg": 3, "mobile": None},
                                     only_along={"mobile": ["road", "trail"]})
    t.features["village"] = FeatureType("village", "Village", mode="add", move={"leg": 1, "mobile": 1})
    t.features["city"] = FeatureType("city", "City", mode="terrain", move={"leg": 2, "mobile": 3})
    t.features["minefield"] = FeatureType("minefield", "Minefield", mode="add", move={"leg": None, "mobile": None})
    t.hexside_features["river"] = HexsideFeatureType("river", "River", move={"leg": 1, "mobile": 1})
    t.hexside_features["canal"] = HexsideFeatureType("canal", "Canal", move={"leg": None, "mobile": None})
    t.hexside_features["ferry"] = HexsideFeatureType("ferry", "Ferry", move={"leg": 2, "mobile": 3},
                                                     permits_crossing=True)
    t.hexside_features["cliff"] = HexsideFeatureType("cliff", "Cliff", move={"leg": None, "mobile": None})
    t.bridges["highway"] = BridgeType("highway", "Highway bridge")
    t.bridges["footbridge"] = BridgeType("footbridge", "Footbridge", move={"leg": 0, "mobile": None})
    t.paths["road"] = PathType("road", "Road", move={"leg": 0.5, "mobile": 0.5})
    t.paths["trail"] = PathType("trail", "Trail", move={"leg": 1, "mobile": 1})
    t.paths["railroad"] = PathType("railroad", "Railroad", move={})
    return t


def open_map(columns: int = 9, rows: int = 7) -> HexMap:
    return HexMap(GridSpec(columns, rows), fm_table(), "clear")


def river(m: HexMap, a: Hex, b: Hex, *features: str, bridge: str | None = None, paths=()) -> None:
    m.set_hexsides({hexside_between(a, b): HexsideInfo(tuple(features or ("river",)), bridge, tuple(paths))})


CENTRE = Hex(4, 1)  # column 4, row 3 of a 9 x 7 flat odd-q grid


def step(d: int, h: Hex = CENTRE) -> Hex:
    return hex_neighbor(h, d)


# -- F&M 5.4 terrain costs ----------------------------------------------------------------------------
def test_clear_costs_one_mp():
    m = open_map()
    assert m.contains(CENTRE) and all(m.contains(step(d)) for d in range(6))
    g = MovementGraph(m, "leg")
    assert entry_cost(m, step(0), "leg") == 1
    reach = reachable(g, CENTRE, 1)
    assert set(reach.spent) == {CENTRE, *(step(d) for d in range(6))}
    assert all(reach.spent[step(d)] == 1 for d in range(6))
    assert reach.remaining(step(0)) == 0


def test_river_plus_one_and_clear_costs_two():
    """5.4: 'A unit crosses a river (+1 MP) and enters a clear terrain hex (1 MP) ... 2 MP.'"""
    m = open_map()
    b = step(0)
    river(m, CENTRE, b)
    assert edge_cost(m, CENTRE, b, "leg") == 2
    assert edge_cost(m, b, CENTRE, "leg") == 2
    g = MovementGraph(m, "leg")
    assert g.cost(CENTRE, b) == 2
    assert b not in reachable(g, CENTRE, 1)  # one MP is not enough to cross (5.2 c)
    assert reachable(g, CENTRE, 2).spent[b] == 2
    # rivers all round: the only ways in cost 2 each
    river(m, step(1), b)
    river(m, step(5), b)
    g.refresh()
    reach = reachable(g, CENTRE, 3)
    assert reach.spent[b] == 2 and reach.path(b) == [CENTRE, b]


def test_clear_plus_village_plus_river_costs_three():
    """5.4: 'clear hex (1 MP) that contains a village (+1 MP) ... crossed a river hexside (+1 MP) ... 3 MP.'"""
    m = open_map()
    b = step(1)
    river(m, CENTRE, b)
    m.set_features({b: ("village",)})
    assert entry_cost(m, b, "leg") == 2
    assert edge_cost(m, CENTRE, b, "leg") == 3
    assert MovementGraph(m, "leg").cost(CENTRE, b) == 3


def test_road_costs_half_an_mp():
    """5.4.1: road hex to road hex through a road hexside costs 1/2 MP regardless of other terrain."""
    m = open_map()
    a, b, c = CENTRE, step(0), step(0, step(0))
    m.set_terrain({b: "woods", c: "rough"})
    river(m, a, b, "river", bridge="highway", paths=("road",))
    m.link_path(b, c, "road")
    g = MovementGraph(m, "leg")
    assert g.scale == 2
    assert g.cost(a, b) == 0.5 and g.cost(b, c) == 0.5
    reach = reachable(g, a, 1)
    assert reach.spent[c] == 1  # two road hexes for one MP
    assert reach.path(c) == [a, b, c]
    # leaving the road pays the terrain
    assert g.cost(a, step(1)) == 1
    assert path_cost(g, [a, b, c]) == 1


def test_trail_costs_one_mp_regardless_of_terrain():
    """5.4.2: trail hex to trail hex through a trail hexside costs 1 MP."""
    m = open_map()
    a, b = CENTRE, step(2)
    m.set_terrain({b: "rough"})
    m.set_features({b: ("village",)})
    river(m, a, b, "river", paths=("trail",))
    assert edge_cost(m, a, b, "leg") == 1
    assert edge_cost(m, a, b, "mobile") == 1
    # without the trail: rough 3 + village 1 + river 1
    m.link_path(a, b, "trail", present=False)
    assert edge_cost(m, a, b, "leg") == 5


def test_a_path_the_class_cannot_use_does_not_help():
    m = open_map()
    a, b = CENTRE, step(0)
    m.set_terrain({b: "rough"})
    m.link_path(a, b, "railroad")
    assert edge_cost(m, a, b, "leg") == 3


def test_highest_cost_terrain_in_a_hex():
    """5.4 Important: a hex with several terrain types costs the highest of them."""
    m = open_map()
    b = step(0)
    m.set_features({b: ("city",)})
    assert entry_cost(m, b, "leg") == 2  # city 2 beats clear 1
    assert entry_cost(m, b, "mobile") == 3
    m.set_terrain({b: "rough"})
    assert entry_cost(m, b, "leg") == 3  # rough 3 beats city 2
    m.set_features({b: ("city", "village")})
    assert entry_cost(m, b, "leg") == 4  # the highest terrain, plus the village's +1


def test_prohibited_terrain_and_hexsides():
    """5.2 e: a unit cannot enter a prohibited terrain hex or cross a prohibited hexside."""
    m = open_map()
    water, walled = step(0), step(1)
    m.set_terrain({water: "water"})
    river(m, CENTRE, walled, "cliff")
    m.set_features({step(4): ("minefield",)})
    assert entry_cost(m, water, "leg") is None
    assert edge_cost(m, CENTRE, water, "leg") is None
    assert edge_cost(m, CENTRE, walled, "leg") is None
    assert edge_cost(m, walled, CENTRE, "leg") is None
    assert edge_cost(m, CENTRE, step(4), "leg") is None  # a prohibited feature in the hex
    g = MovementGraph(m, "leg")
    reach = reachable(g, CENTRE, 1)
    assert water not in reach and walled not in reach and step(4) not in reach
    # the walled hex is still reachable the long way round
    assert reachable(g, CENTRE, 2).spent[walled] == 2
    assert water not in reachable(g, CENTRE, 20)


def test_a_class_missing_from_the_terrain_costs_may_not_enter():
    m = open_map()
    m.terrain_table.terrain["swamp"] = TerrainType("swamp", "Swamp", move={"leg": 4})
    m.set_terrain({step(0): "swamp"})
    assert entry_cost(m, step(0), "leg") == 4
    assert entry_cost(m, step(0), "mobile") is None


def test_a_bridge_crosses_a_canal_that_otherwise_prohibits():
    m = open_map()
    b = step(0)
    river(m, CENTRE, b, "canal")
    assert edge_cost(m, CENTRE, b, "leg") is None
    river(m, CENTRE, b, "canal", bridge="highway")
    assert edge_cost(m, CENTRE, b, "leg") == 1  # the bridge removes the water's cost, the hex costs 1
    river(m, CENTRE, b, "river", bridge="highway")
    assert edge_cost(m, CENTRE, b, "leg") == 1
    # a bridge that the class may not use (a footbridge for vehicles) does not help
    river(m, CENTRE, b, "canal", bridge="footbridge")
    assert edge_cost(m, CENTRE, b, "leg") == 1
    assert edge_cost(m, CENTRE, b, "mobile") is None


def test_a_ferry_costs_its_own_mp():
    """F&M Arnhem 10.6.2: units cross printed ferry hexsides by expending the MPs listed on the TEC."""
    m = open_map()
    b = step(0)
    river(m, CENTRE, b, "canal", "ferry")
    assert edge_cost(m, CENTRE, b, "leg") == 1 + 2
    assert edge_cost(m, CENTRE, b, "mobile") == 1 + 3
    # 10.6.2: a unit crossing a ferry hexside pays the ferry's MP and the terrain in the hex; the water
    # the ferry carries it over is not paid on top (as with a bridge)
    river(m, CENTRE, b, "river", "ferry")
    assert edge_cost(m, CENTRE, b, "leg") == 1 + 2


def test_marsh_only_along_road_or_trail_for_mobile_units():
    """10.5: mobile units may not enter and/or exit a marsh hex unless via a road or trail."""
    m = open_map()
    marsh, beyond = step(0), step(0, step(0))
    m.set_terrain({marsh: "marsh"})
    assert edge_cost(m, CENTRE, marsh, "mobile") is None
    assert edge_cost(m, CENTRE, marsh, "leg") == 3  # leg units enter normally
    m.link_path(CENTRE, marsh, "trail")
    assert edge_cost(m, CENTRE, marsh, "mobile") == 1
    assert edge_cost(m, marsh, beyond, "mobile") is None  # no path out that way
    assert edge_cost(m, marsh, step(1, marsh), "mobile") is None
    assert edge_cost(m, marsh, CENTRE, "mobile") == 1  # back out along the trail
    m.link_path(marsh, beyond, "road")
    assert edge_cost(m, marsh, beyond, "mobile") == 0.5
    g = MovementGraph(m, "mobile")
    reach = reachable(g, CENTRE, 3)
    assert reach.spent[beyond] == 1.5
    assert reach.path(beyond) == [CENTRE, marsh, beyond]


def test_no_exiting_the_map():
    """5.2 f: a unit cannot exit the map."""
    m = open_map(4, 3)
    corner = m.hexes[0]
    off = [hex_neighbor(corner, d) for d in range(6) if not m.contains(hex_neighbor(corner, d))]
    assert off
    assert all(edge_cost(m, corner, h, "leg") is None for h in off)
    reach = reachable(MovementGraph(m, "leg"), corner, 50)
    assert set(reach.spent) == set(m.hexes)


def test_start_hex_must_be_on_the_map_and_allowance_zero_stays_put():
    m = open_map()
    g = MovementGraph(m, "leg")
    with pytest.raises(ValueError):
        reachable(g, Hex(100, 100), 3)
    reach = reachable(g, CENTRE, 0)
    assert reach.spent == {CENTRE: 0}
    assert reach.path(CENTRE) == [CENTRE]
    with pytest.raises(KeyError):
        reach.path(step(0))
    with pytest.raises(ValueError):
        reachable(g, CENTRE, -1)


# -- hooks: zones of control and stopping rules (F&M 5.2 d, 6.1) ----------------------------------------
def test_blocked_hexes_cannot_be_entered():
    """5.2 d: a unit cannot enter a hex containing an enemy unit."""
    m = open_map()
    g = MovementGraph(m, "leg")
    enemy = step(0)
    reach = reachable(g, CENTRE, 3, MovementHooks(blocked={enemy}))
    assert enemy not in reach
    beyond = step(0, enemy)
    assert reach.spent[beyond] == 3  # around the enemy, not through it
    assert enemy not in reach.path(beyond)


def test_leg_unit_stops_on_entering_an_ezoc():
    """6.1: a leg unit that enters a hex in an EZOC must immediately stop."""
    m = open_map()
    g = MovementGraph(m, "leg")
    ezoc = {step(0), step(1)}
    reach = reachable(g, CENTRE, 6, MovementHooks(stop=ezoc))
    for h in ezoc:
        assert reach.spent[h] == 1
    far = step(0, step(0))
    # it may not move on from the EZOC hex: the far hex is reached around, never through the EZOC
    assert not set(reach.path(far)[1:-1]) & ezoc
    # a unit starting in a stop hex may leave it
    reach2 = reachable(g, step(0), 2, MovementHooks(stop=ezoc))
    assert reach2.spent[step(0, step(0))] == 1


def test_mobile_unit_pays_half_its_ma_to_enter_an_ezoc():
    """6.1: 'a unit with MA of "7" would expend three movement points to enter an EZOC.'"""
    m = open_map()
    g = MovementGraph(m, "mobile")
    ma = 7
    ezoc_hex = step(0)
    m.set_terrain({ezoc_hex: "woods"})
    g.refresh()
    reach = reachable(g, CENTRE, ma, MovementHooks(enter_extra={ezoc_hex: ma // 2}))
    assert reach.spent[ezoc_hex] == 3 + 3  # half MA rounded down, plus woods for a mobile unit
    assert reach.remaining(ezoc_hex) == 1
    assert reach.spent[step(1)] == 1


def test_leg_unit_moving_ezoc_to_ezoc_spends_all_its_printed_ma():
    """6.1: a leg unit that begins in an EZOC can move directly into another EZOC hex by expending
    all its printed MA, if the terrain is not prohibited."""
    m = open_map()
    g = MovementGraph(m, "leg")
    ma = 4
    ring = {step(d) for d in range(6)}
    ezoc = {CENTRE} | ring  # surrounded: every neighbour is in an EZOC
    m.set_terrain({step(2): "water"})
    g.refresh()

    def hooks(ezoc: set[Hex], ma: int) -> MovementHooks:
        def first_step(a: Hex, b: Hex, cost: float) -> float | None:
            return max(cost, ma) if a in ezoc and b in ezoc else cost

        return MovementHooks(stop=ezoc, first_step=first_step)

    reach = reachable(g, CENTRE, ma, hooks(ezoc, ma))
    assert set(reach.spent) == {CENTRE} | ring - {step(2)}  # prohibited terrain stays prohibited
    assert all(reach.spent[h] == ma and reach.remaining(h) == 0 for h in ring - {step(2)})
    # with less MA than the printed MA to spend the step fails
    assert reachable(g, CENTRE, ma - 1, hooks(ezoc, ma)).spent == {CENTRE: 0}
    # a unit that begins in an EZOC moves into a hex not in an EZOC at the normal cost and goes on
    reach = reachable(g, CENTRE, ma, hooks({CENTRE, step(0)}, ma))
    assert reach.spent[step(3)] == 1
    assert reach.spent[step(3, step(3))] == 2
    assert reach.spent[step(0)] == 2  # around, entering the EZOC from a free hex (and stopping there)

    def refuse(a: Hex, b: Hex, cost: float) -> float | None:
        return None if b in ezoc else cost

    assert step(0) not in reachable(g, CENTRE, ma, MovementHooks(first_step=refuse))


# -- property tests against networkx --------------------------------------------------------------------
def random_map(seed: int) -> HexMap:
    rnd = random.Random(seed)
    columns, rows = rnd.randint(2, 8), rnd.randint(2, 7)
    m = HexMap(GridSpec(columns, rows, rnd.choice(["flat", "pointy"]), rnd.choice(["odd", "even"])), fm_table(),
               "clear")
    codes = ["clear"] * 5 + ["woods", "rough", "water", "marsh", "polder"]
    m.set_terrain({h: rnd.choice(codes) for h in m.hexes})
    m.set_features({h: (rnd.choice(["village", "city", "minefield"]),) for h in m.hexes if rnd.random() < 0.15})
    sides = {}
    for h in m.hexes:
        for n in m.neighbors_on_map(h):
            if rnd.random() < 0.25:
                feats = tuple(rnd.sample(["river", "canal", "ferry", "cliff"], rnd.randint(0, 2)))
                bridge = rnd.choice([None, None, "highway", "footbridge"])
                paths = tuple(sorted(rnd.sample(["road", "trail", "railroad"], rnd.randint(0, 2))))
                sides[hexside_between(h, n)] = HexsideInfo(feats, bridge, paths)
    m.set_hexsides(sides)
    return m


def nx_graph(m: HexMap, cls: str) -> nx.DiGraph:
    g = nx.DiGraph()
    g.add_nodes_from(m.hexes)
    for a in m.hexes:
        for b in m.neighbors_on_map(a):
            c = edge_cost(m, a, b, cls)
            if c is not None:
                g.add_edge(a, b, weight=c)
    return g


@FAST
@given(st.integers(0, 10**9), st.sampled_from(["leg", "mobile"]), st.integers(0, 12), st.data())
def test_reachable_equals_networkx_dijkstra(seed, cls, ma, data):
    m = random_map(seed)
    start = data.draw(st.sampled_from(m.hexes))
    graph = MovementGraph(m, cls)
    reach = reachable(graph, start, ma)
    want = nx.single_source_dijkstra_path_length(nx_graph(m, cls), start, cutoff=ma)
    assert reach.spent == pytest.approx(want)
    assert set(reach.spent) == set(want)
    for h, spent in reach.spent.items():
        path = reach.path(h)
        assert path[0] == start and path[-1] == h
        total = 0.0
        for a, b in zip(path, path[1:], strict=False):
            c = edge_cost(m, a, b, cls)
            assert c is not None, f"path step {a}->{b} is not a move"
            total += c
        assert total == pytest.approx(spent)
        assert path_cost(graph, path) == pytest.approx(spent)


@FAST
@given(st.integers(0, 10**9), st.integers(0, 10**9), st.sampled_from(["leg", "mobile"]), st.data())
def test_incremental_refresh_matches_a_fresh_graph(seed, edit_seed, cls, data):
    m = random_map(seed)
    graph = MovementGraph(m, cls)
    start = data.draw(st.sampled_from(m.hexes))
    reachable(graph, start, 5)  # compiled and used before the edits
    rnd = random.Random(edit_seed)
    donor = random_map(edit_seed)  # edits drawn from another random map
    for _ in range(rnd.randint(1, 6)):
        kind = rnd.choice(["terrain", "features", "hexsides", "path"])
        hs = [h for h in rnd.sample(m.hexes, min(3, len(m.hexes)))]
        if kind == "terrain":
            m.set_terrain({h: rnd.choice(list(m.terrain_table.terrain)) for h in hs})
        elif kind == "features":
            m.set_features({h: rnd.choice([(), ("village",), ("city",), ("minefield",)]) for h in hs})
        elif kind == "hexsides":
            h = hs[0]
            ns = m.neighbors_on_map(h)
            if ns:
                side = hexside_between(h, rnd.choice(ns))
                info = rnd.choice([None, *donor.hexsides.values()] if donor.hexsides else [None])
                m.set_hexsides({side: info})
        else:
            h = hs[0]
            ns = m.neighbors_on_map(h)
            if ns:
                m.link_path(h, rnd.choice(ns), rnd.choice(["road", "trail"]), present=rnd.random() < 0.7)
    fresh = MovementGraph(m, cls)
    graph.refresh()
    assert graph.scale == fresh.scale
    assert [sorted(e) for e in graph.adj] == [sorted(e) for e in fresh.adj]
    for ma in (3, 8):
        assert reachable(graph, start, ma).spent == reachable(fresh, start, ma).spent
    graph.close()
    fresh.close()


def test_hook_costs_finer_than_the_table_are_refused_not_rounded():
    m = open_map()
    g = MovementGraph(m, "leg")  # road 1/2 MP: the graph counts in halves
    assert reachable(g, CENTRE, 4, MovementHooks(enter_extra={step(0): 1.5})).spent[step(0)] == 2.5
    with pytest.raises(ValueError, match="multiple of 1/2"):
        reachable(g, CENTRE, 4, MovementHooks(enter_extra={step(0): 1 / 3}))
    with pytest.raises(ValueError, match="first_step"):
        reachable(g, CENTRE, 4, MovementHooks(first_step=lambda a, b, c: c + 0.25))


@FAST
@given(st.integers(0, 10**9), st.sampled_from(["leg", "mobile"]), st.integers(0, 10), st.data())
def test_hooks_equal_dijkstra_on_the_modified_graph(seed, cls, ma, data):
    """blocked hexes are removed, stop hexes keep no way out, enter_extra is added to every edge into
    its hex, and first_step rewrites the start's edges: the same as Dijkstra on that modified graph."""
    m = random_map(seed)
    start = data.draw(st.sampled_from(m.hexes))
    others = [h for h in m.hexes if h != start]
    blocked = set(data.draw(st.lists(st.sampled_from(others), max_size=3))) if others else set()
    stop = set(data.draw(st.lists(st.sampled_from(m.hexes), max_size=4)))
    extra = {h: data.draw(st.sampled_from([0.5, 1, 2, 3])) for h in data.draw(st.lists(st.sampled_from(m.hexes),
                                                                                        max_size=4))}
    double_first = data.draw(st.booleans())

    def first_step(a: Hex, b: Hex, cost: float) -> float | None:
        return cost * 2 if double_first else cost

    g = nx_graph(m, cls)
    g.remove_nodes_from(blocked)
    for u, v, d in g.edges(data=True):
        d["weight"] += extra.get(v, 0)
        if u == start:
            d["weight"] = first_step(u, v, d["weight"])
    g.remove_edges_from([(u, v) for u, v in list(g.edges) if u in stop and u != start])
    want = nx.single_source_dijkstra_path_length(g, start, cutoff=ma)
    hooks = MovementHooks(blocked=blocked, stop=stop, enter_extra=extra, first_step=first_step)
    reach = reachable(MovementGraph(m, cls), start, ma, hooks)
    assert reach.spent == pytest.approx(want) and set(reach.spent) == set(want)
    for h in reach.spent:
        path = reach.path(h)
        assert not set(path) & blocked
        assert not set(path[1:-1]) & stop
        assert path[0] == start and path[-1] == h


def test_the_graph_follows_a_resized_map():
    m = random_map(7)
    g = MovementGraph(m, "leg")
    m.resize(GridSpec(3, 3, m.grid.orientation, m.grid.stagger, m.grid.labels))
    fresh = MovementGraph(m, "leg")
    assert g.hexes == fresh.hexes
    assert [sorted(e) for e in g.adj] == [sorted(e) for e in fresh.adj]
    assert reachable(g, m.hexes[0], 6).spent == reachable(fresh, m.hexes[0], 6).spent


# -- the compiled search used for large reachable sets gives the bucket queue's answers ------------
def _big_map(seed: int):
    import random

    from hexwright.engine.hexgrid import hexside_between
    from hexwright.engine.model import GridSpec, HexMap, HexsideInfo

    rng = random.Random(seed)
    m = HexMap(GridSpec(100, 90))
    codes = ["clear", "clear", "woods", "rough", "marsh", "water"]
    m.set_terrain({h: rng.choice(codes) for h in m.hexes})
    sides = {}
    for _ in range(400):
        a = rng.choice(m.hexes)
        nbrs = m.neighbors_on_map(a)
        b = rng.choice(nbrs)
        sides[hexside_between(a, b)] = HexsideInfo(
            features=("river",) if rng.random() < 0.5 else (),
            bridge="highway" if rng.random() < 0.2 else None,
            paths=("road",) if rng.random() < 0.6 else ())
    m.set_hexsides(sides)
    return m


@pytest.mark.parametrize("seed", [1, 2])
def test_compiled_search_equals_the_bucket_queue(seed, monkeypatch):
    import random

    from hexwright.engine.movement import kernel
    from hexwright.engine.movement.kernel import MovementGraph, MovementHooks, reachable

    m = _big_map(seed)
    graph = MovementGraph(m, "leg")
    rng = random.Random(seed)
    starts = rng.sample(m.hexes, 4)
    enemy = set(rng.sample(m.hexes, 60))
    ezoc = {n for e in enemy for n in m.neighbors_on_map(e)} - enemy
    cases = [None, MovementHooks(blocked=enemy, stop=ezoc, enter_extra={h: 1 for h in list(ezoc)[:40]},
                                 first_step=lambda a, b, c: c + 1)]
    compiled = kernel.fastdial.get_dial() is not None
    for hooks in cases:
        for start in starts:
            monkeypatch.setattr(kernel.fastdial, "enabled", False)
            monkeypatch.setattr(kernel, "COMPILED_SEARCH_MIN_HEXES", 10**9)
            slow = reachable(graph, start, 30, hooks)  # the pure-Python bucket queue
            monkeypatch.setattr(kernel, "COMPILED_SEARCH_MIN_HEXES", 1)
            assert kernel._use_compiled_search(graph, 60, hooks)
            fast = reachable(graph, start, 30, hooks)  # scipy's Dijkstra
            assert fast.spent == slow.spent
            if compiled:  # the numba-compiled bucket queue: the very same answer
                monkeypatch.setattr(kernel.fastdial, "enabled", True)
                same = reachable(graph, start, 30, hooks)
                assert list(same.spent.items()) == list(slow.spent.items())
                assert same.predecessors == slow.predecessors
            for h in list(fast.spent)[:: max(1, len(fast.spent) // 25)]:
                path = fast.path(h)
                assert path[0] == start and path[-1] == h
                steps = list(zip(path, path[1:], strict=False))
                assert all(graph.cost(a, b) is not None for a, b in steps)  # a real path ...
                if hooks is None:
                    total = sum(graph.cost(a, b) for a, b in zip(path, path[1:], strict=False))
                    assert total == pytest.approx(fast.spent[h])  # ... that costs what the reach says
                else:
                    assert not set(path) & hooks.blocked
                    assert not set(path[1:-1]) & hooks.stop



@pytest.mark.parametrize("seed", [1, 2])
def test_spent_at_reads_what_spent_holds(seed):
    """Reach.spent_at(h) is spent[h] for every hex reached, read before the compiled search's dict is made
    (from its raw MP) and after, for the compiled and the pure-Python search alike."""
    from hexwright.engine.movement import fastdial
    from hexwright.engine.movement.kernel import MovementGraph, MovementHooks

    m = _big_map(seed)
    graph = MovementGraph(m, "leg")
    rng = random.Random(seed)
    enemy = set(rng.sample(m.hexes, 60))
    hooks = MovementHooks(blocked=enemy, stop={n for e in enemy for n in m.neighbors_on_map(e)} - enemy)
    checked = 0
    for start in rng.sample(m.hexes, 4):
        reaches = _both(graph, start, 12, hooks) if fastdial.get_dial() is not None else (
            reachable(graph, start, 12, hooks),)
        for reach in reaches:
            hexes = [graph.hexes[i] for i in reach.touched()] if reach.touched() is not None else None
            early = [reach.spent_at(h) for h in hexes] if hexes is not None else None  # before the dict
            for h, mp in reach.spent.items():
                assert reach.spent_at(h) == mp
                checked += 1
            if hexes is not None:
                assert early == [reach.spent[h] for h in hexes]
    assert checked > 100


# -- the numba-compiled search with every hook, edge overrides included, is the Python loop ------------
def _both(graph: MovementGraph, start: Hex, ma: float, hooks: MovementHooks | None):
    """The reach from the pure-Python loop and from the compiled search (fastdial.py)."""
    from hexwright.engine.movement import fastdial, kernel

    was = fastdial.enabled
    try:
        fastdial.enabled = False
        pure = kernel.reachable(graph, start, ma, hooks)
        fastdial.enabled = True
        assert fastdial.get_dial() is not None
        compiled = kernel.reachable(graph, start, ma, hooks)
    finally:
        fastdial.enabled = was
    return pure, compiled


def _same(pure, compiled) -> None:
    """Same hexes, costs, dict order and predecessors (the path chosen among equal-cost paths)."""
    assert list(compiled.spent.items()) == list(pure.spent.items())
    assert [compiled.path(h) for h in compiled.spent] == [pure.path(h) for h in pure.spent]
    assert compiled.predecessors == pure.predecessors
    assert list(compiled.predecessors) == list(pure.predecessors)


needs_numba = pytest.mark.skipif(importlib.util.find_spec("numba") is None, reason="numba is not installed")


def _random_hooks(m: HexMap, start: Hex, data, with_overrides: bool = True) -> MovementHooks:
    others = [h for h in m.hexes if h != start]
    blocked = set(data.draw(st.lists(st.sampled_from(others), max_size=3))) if others else set()
    stop = set(data.draw(st.lists(st.sampled_from(m.hexes), max_size=4)))
    extra = {h: data.draw(st.sampled_from([0.5, 1, 2, 3]))
             for h in data.draw(st.lists(st.sampled_from(m.hexes), max_size=4))}
    override: dict[tuple[Hex, Hex], float | None] = {}
    if with_overrides:
        pairs = [(a, b) for a in m.hexes for b in m.neighbors_on_map(a)]
        if pairs:
            for a, b in data.draw(st.lists(st.sampled_from(pairs), max_size=8)):
                override[(a, b)] = data.draw(st.sampled_from([None, 0, 0.5, 1, 2, 3, 5]))
    kind = data.draw(st.sampled_from(["none", "double", "refuse", "all-ma"]))

    def first_step(a: Hex, b: Hex, cost: float) -> float | None:
        if kind == "double":
            return cost * 2
        if kind == "refuse":
            return None if b in stop else cost
        return 4.0  # like a leg unit moving EZOC to EZOC with printed MA 4 (F&M 6.1)

    return MovementHooks(blocked=blocked, stop=stop, enter_extra=extra,
                         first_step=None if kind == "none" else first_step, edge_override=override)


@FAST
@given(st.integers(0, 10**9), st.sampled_from(["leg", "mobile"]), st.integers(0, 12), st.data())
def test_edge_overrides_equal_dijkstra_on_the_overridden_graph(seed, cls, ma, data):
    """An edge_override replaces the map's edge from one hex into the next (None: no edge), adding
    edges the map does not have (a canal-trail crossing, F&M 10.6.1): the reach is Dijkstra's on the
    map's graph with those edges replaced, the other hooks applied as in the test above."""
    m = random_map(seed)
    start = data.draw(st.sampled_from(m.hexes))
    hooks = _random_hooks(m, start, data)
    g = nx_graph(m, cls)
    for (a, b), x in hooks.edge_override.items():
        if g.has_edge(a, b):
            g.remove_edge(a, b)
        if x is not None:
            g.add_edge(a, b, weight=x)
    g.remove_nodes_from(hooks.blocked)
    for u, v, d in g.edges(data=True):
        d["weight"] += hooks.enter_extra.get(v, 0)
        if u == start and hooks.first_step is not None:
            d["weight"] = hooks.first_step(u, v, d["weight"])
    g.remove_edges_from([(u, v) for u, v, d in list(g.edges(data=True))
                         if (u in hooks.stop and u != start) or d["weight"] is None])
    want = nx.single_source_dijkstra_path_length(g, start, cutoff=ma)
    reach = reachable(MovementGraph(m, cls), start, ma, hooks)
    assert reach.spent == pytest.approx(want) and set(reach.spent) == set(want)


@needs_numba
@FAST
@given(st.integers(0, 10**9), st.sampled_from(["leg", "mobile"]), st.integers(0, 14), st.data())
def test_compiled_search_with_every_hook_is_the_python_loop(seed, cls, ma, data):
    """The compiled search gives the pure-Python loop's reach exactly, with blocked, stop, extra,
    first-step and edge-override hooks (zero-cost overrides included), and with no hooks."""
    m = random_map(seed)
    graph = MovementGraph(m, cls)
    start = data.draw(st.sampled_from(m.hexes))
    _same(*_both(graph, start, ma, None))
    hooks = _random_hooks(m, start, data)
    _same(*_both(graph, start, ma, hooks))
    # the same hooks again: the compiled search keeps their conversion and must not be misled when
    # a dict it has seen is changed in place
    _same(*_both(graph, start, ma, hooks))
    for key in list(hooks.edge_override)[:2]:
        hooks.edge_override[key] = None if hooks.edge_override[key] is not None else 1
    hooks.enter_extra[start] = 1
    _same(*_both(graph, start, ma, hooks))
    frozen = MovementHooks(blocked=frozenset(hooks.blocked), stop=frozenset(hooks.stop),  # type: ignore[arg-type]
                           enter_extra=hooks.enter_extra, first_step=hooks.first_step,
                           edge_override=hooks.edge_override)
    _same(*_both(graph, start, ma, frozen))


@needs_numba
def test_a_zero_cost_override_is_expanded_in_the_bucket_it_lands_in():
    """A hex reached at no cost is pushed into the bucket being processed; both searches expand it
    there, after the hexes already queued in that bucket."""
    m = open_map()
    graph = MovementGraph(m, "leg")
    a, b = step(0), step(0, step(0))
    hooks = MovementHooks(edge_override={(CENTRE, a): 0, (a, b): 0, (b, step(1, b)): 0})
    pure, compiled = _both(graph, CENTRE, 2, hooks)
    _same(pure, compiled)
    assert pure.spent[b] == 0 and pure.path(b) == [CENTRE, a, b]


@needs_numba
def test_a_changed_frozenset_or_map_edit_is_not_read_from_the_kept_conversions():
    m = open_map()
    graph = MovementGraph(m, "leg")
    one = MovementHooks(blocked=frozenset({step(0)}))  # type: ignore[arg-type]
    two = MovementHooks(blocked=frozenset({step(1)}))  # type: ignore[arg-type]
    for hooks in (one, two, one):
        pure, compiled = _both(graph, CENTRE, 1, hooks)
        _same(pure, compiled)
        assert next(iter(hooks.blocked)) not in compiled
    m.set_terrain({step(2): "water"})
    pure, compiled = _both(graph, CENTRE, 1, one)
    _same(pure, compiled)
    assert step(2) not in compiled


def test_numba_is_imported_when_the_searches_have_paid_for_it_not_by_the_kernel():
    """Commands that never search (validate) do not pay numba's import, nor does a young process's first
    searches: the compiled search is loaded once the pure-Python searches have taken COMPILE_AFTER_SECONDS
    (the rent-or-buy rule), or at once by `prepare()`; HEXWRIGHT_PURE_MOVEMENT=1 turns it off."""
    import os
    import subprocess
    import sys

    code = ("import sys\n"
            "import hexwright.engine.movement as mv\n"
            "from hexwright.engine.model import GridSpec, HexMap\n"
            "assert 'numba' not in sys.modules, 'numba imported with the kernel'\n"
            "assert 'numpy' not in sys.modules, 'numpy imported with the kernel'\n"
            "fd = mv.kernel.fastdial\n"
            "m = HexMap(GridSpec(5, 4))\n"
            "g = mv.MovementGraph(m, 'leg')\n"
            "mv.reachable(g, m.hexes[0], 3)\n"
            "young = 'numba' in sys.modules\n"
            "assert 0 < fd.pure_seconds < fd.COMPILE_AFTER_SECONDS\n"
            "fd.COMPILE_AFTER_SECONDS = fd.pure_seconds\n"  # as if the searches so far had paid for it
            "mv.reachable(g, m.hexes[0], 3)\n"
            "print(young, 'numba' in sys.modules, fd._compiled is not None, fd.enabled)\n")
    env = dict(os.environ)
    env.pop("HEXWRIGHT_PURE_MOVEMENT", None)
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True)
    have = importlib.util.find_spec("numba") is not None
    assert out.stdout.split() == ["False", str(have), str(have), str(have)]
    prepared = subprocess.run([sys.executable, "-c", "import sys\nfrom hexwright.engine.movement import fastdial\n"
                               "print(fastdial.prepare(), 'numba' in sys.modules)"],
                              capture_output=True, text=True, env=env, check=True)
    assert prepared.stdout.split() == [str(have), str(have)]
    env["HEXWRIGHT_PURE_MOVEMENT"] = "1"
    code = code.replace("assert 0 < fd.pure_seconds < fd.COMPILE_AFTER_SECONDS\n", "")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True)
    assert out.stdout.split() == ["False", "False", "False", "False"]
