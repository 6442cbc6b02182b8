"""Reachable set: the movement kernel against networkx and scipy on the same hex graph.

The issue's target: on a 40x26 map (MA 8 and 20) and a 200x200 map (MA 12 and 60), the reachable
set with the same costs (terrain, hexsides, roads) is at least 3x faster than
`networkx.single_source_dijkstra_path_length(G, s, cutoff=MA)` and within 5x of
`scipy.sparse.csgraph.dijkstra(csgraph, indices=s, limit=MA)`.

The three sides search the very same edges: the networkx DiGraph and the scipy CSR matrix are built
once, outside the timing, from `MovementGraph.adj` (costs divided by the graph's scale, so half MPs
stay exact). Only the queries are timed: per repeat, one sweep over fixed random start hexes with
the three sides interleaved start by start (see `core.measure_interleaved`). Our
side is the public kernel call `reachable(graph, start, MA)`, which also returns a path to every
reachable hex; networkx and scipy return costs only. Before timing, the benchmark checks that all
three give the same reachable set and the same cost to every hex.

Real positions with the hooks the rules pass (`run_real_case`): the kernel calls that F&M's
`unit_reach` and Koenig's movement make while random games of the shipped scenarios are played
(`worlds.record_searches`), each with its start, its MP and its hooks (enemy hexes blocked, zones of
control that stop a unit or cost extra MP, F&M's first step from one EZOC into another, F&M's edge
overrides for the canal-trail crossings, demolished bridges and ferries). For each search the hooks
are applied to a networkx DiGraph and a scipy CSR matrix of the map's edges outside the timing
(`effective_edges`, an independent reading of MovementHooks' rules), so all three search the very
same edges; then the three are timed on that search in turns, the order rotated per repeat, in CPU
time of the thread (`time.thread_time_ns`: on a machine shared with other work, a few milliseconds
on another process's turn would otherwise land on whichever side was running, and these searches
take microseconds). Per search the median of the repeats counts; the figures are their mean.

Real use (`run_playouts`): the same random games played with the kernel's compiled search
(fastdial.py, numba) and with its pure-Python loop, alternated, in CPU seconds of the play loop: what
numba saves a game; and, in a fresh process, what numba's import and the loading of the compiled
search cost once per process.
"""

from __future__ import annotations

import gc
import os
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import Any

from hexwright.engine.hexgrid import Hex
from hexwright.engine.movement import MovementGraph, reachable

from .core import Row, Settings, measure_interleaved, measure_round_robin, median, register
from .worlds import Search, build_map, record_searches

CASES = ((40, 26, (8, 20)), (200, 200, (12, 60)))
QUICK_CASES = ((40, 26, (8, 20)), (100, 100, (12, 30)))
MOVEMENT_CLASS = "leg"


@dataclass
class Graphs:
    """One map's movement graph and the same edges as a networkx DiGraph and a scipy CSR matrix."""

    graph: MovementGraph
    nx_graph: object
    csgraph: object

    @property
    def hexes(self) -> list[Hex]:
        return self.graph.hexes


def build_graphs(columns: int, rows: int, seed: int = 1) -> Graphs:
    import networkx as nx
    import numpy as np
    from scipy.sparse import csr_matrix

    graph = MovementGraph(build_map(columns, rows, seed), MOVEMENT_CLASS)
    scale = graph.scale
    src, dst, cost = [], [], []
    for i, out in enumerate(graph.adj):
        for j, c in out:
            if c <= 0:
                # scipy's sparse graphs drop explicit zeros (no edge); the generated maps have none
                raise ValueError("the benchmark maps must not have zero-cost edges")
            src.append(i)
            dst.append(j)
            cost.append(c / scale)
    n = len(graph.hexes)
    g = nx.DiGraph()
    g.add_nodes_from(range(n))
    g.add_weighted_edges_from(zip(src, dst, cost, strict=False))
    csgraph = csr_matrix((np.array(cost, dtype=float), (np.array(src), np.array(dst))), shape=(n, n))
    return Graphs(graph, g, csgraph)


def pick_starts(graphs: Graphs, count: int, seed: int = 7) -> list[int]:
    """Fixed random start hexes (indices into graph.hexes) on enterable terrain."""
    rng = random.Random(seed)
    m = graphs.graph.map
    candidates = [i for i, h in enumerate(graphs.hexes) if m.terrain[h] not in ("water", "marsh")]
    return rng.sample(candidates, min(count, len(candidates)))


def query_ours(graphs: Graphs, start: int, ma: float) -> dict[int, float]:
    reach = reachable(graphs.graph, graphs.hexes[start], ma)
    index = graphs.graph.index
    return {index[h]: mp for h, mp in reach.spent.items()}


def query_networkx(graphs: Graphs, start: int, ma: float) -> dict[int, float]:
    import networkx as nx

    return dict(nx.single_source_dijkstra_path_length(graphs.nx_graph, start, cutoff=ma))


def query_scipy(graphs: Graphs, start: int, ma: float) -> dict[int, float]:
    import numpy as np
    from scipy.sparse.csgraph import dijkstra

    d = dijkstra(graphs.csgraph, indices=start, limit=ma)
    (hit,) = np.nonzero(np.isfinite(d))
    return dict(zip(hit.tolist(), d[hit].tolist(), strict=False))


def check_agree(graphs: Graphs, starts: list[int], ma: float) -> int:
    """Assert that the three implementations give the same reachable set and costs from every
    start, and that each of our paths costs what we say; returns the mean reachable-set size."""
    total = 0
    for s in starts:
        ours = query_ours(graphs, s, ma)
        nxr = query_networkx(graphs, s, ma)
        spr = query_scipy(graphs, s, ma)
        assert ours == nxr, f"networkx disagrees from {graphs.hexes[s]} with MA {ma}"
        assert ours == spr, f"scipy disagrees from {graphs.hexes[s]} with MA {ma}"
        reach = reachable(graphs.graph, graphs.hexes[s], ma)
        for h in list(reach.spent)[:: max(1, len(reach.spent) // 25)]:
            path = reach.path(h)
            costs = [graphs.graph.cost(a, b) for a, b in zip(path, path[1:], strict=False)]
            assert None not in costs, f"the path to {h} crosses an impassable hexside"
            steps = sum(c for c in costs if c is not None)
            assert steps == reach.spent[h], f"the path to {h} does not cost what the reach says"
        total += len(ours)
    return total // max(1, len(starts))


def scipy_call_overhead(graphs: Graphs, start: int, settings: Settings) -> float:
    """scipy's fixed cost per call: a query with limit 0 (the start hex alone) on the same matrix."""
    from scipy.sparse.csgraph import dijkstra

    def run() -> None:
        for _ in range(20):
            dijkstra(graphs.csgraph, indices=start, limit=0)

    return measure_round_robin({"scipy": run}, settings)["scipy"] / 20


def _reach_from_index(graph: MovementGraph, hexes: list[Hex], ma: float, s: int) -> object:
    return reachable(graph, hexes[s], ma)


def _scipy_from_index(dijkstra: Callable[..., object], csg: object, ma: float, s: int) -> object:
    return dijkstra(csg, indices=s, limit=ma)


def run_case(columns: int, rows: int, mas: tuple[float, ...], settings: Settings, starts_count: int) -> list[Row]:
    import networkx as nx
    from scipy.sparse.csgraph import dijkstra

    graphs = build_graphs(columns, rows)
    starts = pick_starts(graphs, starts_count)
    hexes, graph, nxg, csg = graphs.hexes, graphs.graph, graphs.nx_graph, graphs.csgraph
    overhead = scipy_call_overhead(graphs, starts[0], settings)
    rows_out: list[Row] = []
    for ma in mas:
        mean_reach = check_agree(graphs, starts, ma)
        queries: dict[str, Callable[[int], object]] = {
            "ours": partial(_reach_from_index, graph, hexes, ma),
            "networkx": partial(nx.single_source_dijkstra_path_length, nxg, cutoff=ma),
            "scipy": partial(_scipy_from_index, dijkstra, csg, ma),
        }
        t = measure_interleaved(queries, starts, settings)
        k = len(starts)
        case = f"{columns}x{rows} MA {ma:g}"
        notes = [f"{k} starts, mean reachable set {mean_reach} hexes; times are per query"]
        rows_out.append(Row("movement", case, "reachable()", t["ours"] / k,
                            "networkx single_source_dijkstra_path_length", t["networkx"] / k,
                            max_ratio=1 / 3, target=">= 3x faster than networkx", notes=list(notes)))
        rows_out.append(Row("movement", case, "reachable()", t["ours"] / k,
                            "scipy csgraph.dijkstra", t["scipy"] / k, max_ratio=5.0,
                            target="within 5x of scipy",
                            notes=notes + [f"scipy's fixed cost per call (limit 0): {overhead * 1e6:.0f} us"]))
    return rows_out


# -- real positions, with the hooks the rules pass ------------------------------------------------------
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SCENARIOS = (
    ("F&M Arnhem Scenario 1", os.path.join(ROOT, "scenarios", "fm-arnhem", "scenario-1-historical.yaml")),
    ("Koenig Arnhem Bridge", os.path.join(ROOT, "scenarios", "koenig-arnhem-bridge", "arnhem-bridge.yaml")),
)
REAL_GAMES = 2  # random games recorded per scenario
REAL_SEARCHES = 150  # of their searches, this many (a fixed random sample, in game order) are timed
QUICK_OPTIONS = {"max_turns": 2}


def effective_edges(search: Search) -> dict[tuple[int, int], float]:
    """The edges (graph indices) the search may use with its hooks applied, costs in MP, read from
    MovementHooks' documented rules: an edge_override replaces the map's edge from one hex into the
    next (None: no edge); no edge into a blocked hex; no edge out of a stop hex other than the start;
    enter_extra added to every edge into its hex; first_step rewrites (or, None, removes) the start's
    edges, given the cost with the extra included."""
    graph, hooks = search.graph, search.hooks
    scale, index, hexes = graph.scale, graph.index, graph.hexes
    s = index[search.start]
    out: dict[tuple[int, int], float] = {}
    if hooks is None:
        for u, edges in enumerate(graph.adj):
            for v, c in edges:
                out[(u, v)] = c / scale
        return out
    units: dict[int, dict[int, float | None]] = {}
    for (a, b), x in hooks.edge_override.items():
        if a in index and b in index:
            units.setdefault(index[a], {})[index[b]] = None if x is None else round(x * scale)
    blocked = {index[h] for h in hooks.blocked if h in index}
    stop = {index[h] for h in hooks.stop if h in index} - {s}
    extra = {index[h]: round(x * scale) for h, x in hooks.enter_extra.items() if h in index}
    for u, edges in enumerate(graph.adj):
        if u in stop:
            continue
        row: dict[int, float | None] = dict(edges)
        row.update(units.get(u, {}))
        for v, cost in row.items():
            if cost is None or v in blocked:
                continue
            cost += extra.get(v, 0)
            if u == s and hooks.first_step is not None:
                fc = hooks.first_step(search.start, hexes[v], cost / scale)
                if fc is None:
                    continue
                cost = round(fc * scale)
            out[(u, v)] = cost / scale
    return out


def baselines_for(search: Search, edges: dict[tuple[int, int], float]) -> tuple[object, object]:
    """A networkx DiGraph and a scipy CSR matrix of `edges` over the search's graph."""
    import networkx as nx
    import numpy as np
    from scipy.sparse import csr_matrix

    n = len(search.graph.hexes)
    if any(c <= 0 for c in edges.values()):
        # scipy's sparse graphs drop explicit zeros (no edge); the shipped scenarios have none
        raise ValueError("zero-cost edges cannot be compared with scipy")
    g = nx.DiGraph()
    g.add_nodes_from(range(n))
    g.add_weighted_edges_from((u, v, c) for (u, v), c in edges.items())
    src = np.fromiter((u for u, _ in edges), np.int64, len(edges))
    dst = np.fromiter((v for _, v in edges), np.int64, len(edges))
    cost = np.fromiter(edges.values(), np.float64, len(edges))
    return g, csr_matrix((cost, (src, dst)), shape=(n, n))


def check_search(search: Search, edges: dict[tuple[int, int], float], nx_graph, csgraph) -> int:
    """Assert that ours, networkx and scipy agree on the search (reachable set and every cost), and that
    sampled paths of ours use the search's edges and cost what the reach says; returns the reach's size."""
    import networkx as nx
    import numpy as np
    from scipy.sparse.csgraph import dijkstra

    g = search.graph
    s = g.index[search.start]
    reach = reachable(g, search.start, search.allowance, search.hooks)
    ours = {g.index[h]: mp for h, mp in reach.spent.items()}
    nxr = dict(nx.single_source_dijkstra_path_length(nx_graph, s, cutoff=search.allowance))
    d = dijkstra(csgraph, indices=s, limit=search.allowance)
    (hit,) = np.nonzero(np.isfinite(d))
    spr = dict(zip(hit.tolist(), d[hit].tolist(), strict=True))
    where = f"from {search.start} with {search.allowance} MP"
    assert ours == nxr, f"networkx disagrees {where}"
    assert ours == spr, f"scipy disagrees {where}"
    for h in list(reach.spent)[:: max(1, len(reach.spent) // 25)]:
        path = [g.index[x] for x in reach.path(h)]
        cost = sum(edges[(a, b)] for a, b in zip(path, path[1:], strict=False))
        assert cost == reach.spent[h], f"the path to {h} {where} does not cost what the reach says"
    return len(ours)


def hook_summary(searches: list[Search]) -> str:
    with_hooks = [x.hooks for x in searches if x.hooks is not None]
    if not with_hooks:
        return "no hooks"

    def mean(xs: list[int]) -> str:
        return f"{statistics.mean(xs):.0f}"

    return (f"per search {mean([len(h.blocked) for h in with_hooks])} blocked hexes, "
            f"{mean([len(h.stop) for h in with_hooks])} stop hexes, "
            f"{mean([len(h.enter_extra) for h in with_hooks])} hexes with extra MP, "
            f"{mean([len(h.edge_override) for h in with_hooks])} edge overrides; "
            f"{sum(h.first_step is not None for h in with_hooks)} of {len(searches)} with a first-step rule")


def run_real_case(name: str, path: str, settings: Settings) -> list[Row]:
    import networkx as nx
    from scipy.sparse.csgraph import dijkstra

    options = QUICK_OPTIONS if settings.quick else None
    recorded = record_searches(path, 1 if settings.quick else REAL_GAMES, options=options)
    count = min(len(recorded), 15 if settings.quick else REAL_SEARCHES)
    picked = sorted(random.Random(11).sample(range(len(recorded)), count))
    searches = [recorded[i] for i in picked]
    from hexwright.engine.movement import fastdial

    compiled = fastdial.get_dial() is not None
    names = ["ours", "networkx", "scipy"] + (["pure"] if compiled else [])
    totals = dict.fromkeys(names, 0.0)

    def pure(x: Search):
        """The same call with the kernel's pure-Python loop (as without numba)."""
        fastdial.enabled = False
        try:
            return reachable(x.graph, x.start, x.allowance, x.hooks)
        finally:
            fastdial.enabled = True
    sizes = []
    clock = time.thread_time_ns  # CPU time of this thread: a spell on another process's turn is not counted
    for k, search in enumerate(searches):
        edges = effective_edges(search)
        nxg, csg = baselines_for(search, edges)
        sizes.append(check_search(search, edges, nxg, csg))
        s = search.graph.index[search.start]
        fns: dict[str, Callable[[], Any]] = {
            "ours": partial(reachable, search.graph, search.start, search.allowance, search.hooks),
            "networkx": partial(nx.single_source_dijkstra_path_length, nxg, s, cutoff=search.allowance),
            "scipy": partial(dijkstra, csg, indices=s, limit=search.allowance),
            "pure": partial(pure, search),
        }
        if compiled:
            fast, slow = fns["ours"](), fns["pure"]()
            assert list(fast.spent.items()) == list(slow.spent.items()), "the compiled search disagrees"
            assert fast.predecessors == slow.predecessors, "the compiled search takes other paths"
        for _ in range(settings.warmup):
            for n in names:
                fns[n]()
        gc.collect()
        times: dict[str, list[int]] = {n: [] for n in names}
        for r in range(max(1, settings.repeat)):
            shift = (k + r) % len(names)
            for n in names[shift:] + names[:shift]:
                fn = fns[n]
                t0 = clock()
                fn()
                times[n].append(clock() - t0)
        for n in names:
            totals[n] += median(times[n]) / 1e9
    t = {n: v / count for n, v in totals.items()}
    case = f"{name}, real positions with the rules' hooks" + (" (2 GT)" if settings.quick else "")
    notes = [f"{count} of the {len(recorded)} searches of {1 if settings.quick else REAL_GAMES} random games, "
             f"mean reachable set {statistics.mean(sizes):.0f} hexes of {len(searches[0].graph.hexes)}, "
             f"MP {min(x.allowance for x in searches):g}-{max(x.allowance for x in searches):g}; "
             "times are per query", hook_summary(searches)]
    rows = [
        Row("movement", case, "reachable() with hooks", t["ours"], "networkx on the hooked graph", t["networkx"],
            max_ratio=1 / 3, target=">= 3x faster than networkx", notes=list(notes)),
        Row("movement", case, "reachable() with hooks", t["ours"], "scipy csgraph.dijkstra on the hooked graph",
            t["scipy"], max_ratio=5.0, target="within 5x of scipy", notes=list(notes)),
    ]
    if compiled:
        rows.append(Row("movement", case, "reachable() with hooks, compiled (numba)", t["ours"],
                        "the same calls, pure-Python loop", t["pure"], notes=list(notes)))
    return rows


# -- real use: games with and without the compiled search -------------------------------------------------
def play_games(path: str, games: int, options: dict | None, seed: int = 300) -> tuple[int, float]:
    """Random games of the scenario: (actions played, CPU seconds of the play loops)."""
    from hexwright.engine.balance import scenario_for
    from hexwright.engine.rules.protocol import CHANCE, new_game

    scenario = scenario_for(path)
    actions = 0
    cpu = 0.0
    for g in range(games):
        state = new_game(scenario, seed + g, dict(options or {}))
        rng = random.Random(seed + g)
        gc.collect()
        c0 = time.process_time()
        while not state.is_terminal():
            if state.current_player == CHANCE:
                action = state.sample_chance()
            else:
                legal = state.legal_actions()
                action = legal[rng.randrange(len(legal))]
            state.apply(action)
            actions += 1
        cpu += time.process_time() - c0
    return actions, cpu


def numba_start_cost() -> float:
    """CPU seconds a fresh process spends on its first compiled search beyond the search itself: numba's
    import and the loading of the compiled search from numba's cache (the second of two processes, so
    the cache exists)."""
    code = ("import time\n"
            "from hexwright.engine.movement import fastdial\n"
            "t = time.process_time()\n"
            "fastdial.get_dial()\n"
            "print(time.process_time() - t)\n")
    out = ""
    for _ in range(2):
        out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    return float(out.strip())


def run_playouts(name: str, path: str, games: int, settings: Settings) -> Row | None:
    from hexwright.engine.movement import fastdial

    if fastdial.get_dial() is None:
        return None  # numba is missing or turned off: nothing to compare
    options = QUICK_OPTIONS if settings.quick else None
    rounds = max(1, min(settings.repeat, 3))
    cpu: dict[bool, list[float]] = {True: [], False: []}
    actions = 0
    was = fastdial.enabled
    try:
        for compiled in (True, False):  # warm-up: scenario, rules modules, graphs, compiled search
            fastdial.enabled = compiled
            play_games(path, 1, options)
        for r in range(rounds):
            for compiled in ((True, False) if r % 2 == 0 else (False, True)):
                fastdial.enabled = compiled
                actions, spent = play_games(path, games, options)
                cpu[compiled].append(spent)
    finally:
        fastdial.enabled = was
    on, off = median(cpu[True]), median(cpu[False])
    case = f"{name}, {games} random games" + (" (2 GT)" if settings.quick else "")
    return Row("movement", case, "CPU of the play loop, compiled search (numba)", on,
               "the same games, pure-Python search", off,
               notes=[f"{actions} actions: {actions / on:,.0f} actions per CPU second with numba, {actions / off:,.0f} "
                      f"without ({off / on:.2f}x); rounds with/without: "
                      + ", ".join(f"{a:.2f}/{b:.2f} s" for a, b in zip(cpu[True], cpu[False], strict=True))])


@register("movement")
def movement_benchmark(settings: Settings) -> list[Row]:
    cases = QUICK_CASES if settings.quick else CASES
    starts = 5 if settings.quick else 20
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    rows: list[Row] = []
    for columns, nrows, mas in cases:
        rows += run_case(columns, nrows, mas, settings, starts)
    for name, path in SCENARIOS:
        rows += run_real_case(name, path, settings)
    for (name, path), games in zip(SCENARIOS, (2 if settings.quick else 4, 2 if settings.quick else 8), strict=True):
        row = run_playouts(name, path, games, settings)
        if row is not None:
            rows.append(row)
    if any(r.subject.startswith("CPU of the play loop") for r in rows):
        start = numba_start_cost()
        rows[-1].notes.append(f"numba's import and the loading of the compiled search cost {start:.2f} CPU s once "
                              "per process (a fresh process's first search)")
    rows[0].notes.append(f"load average {load:.2f} on {os.cpu_count()} cores at the start, "
                         f"{os.getloadavg()[0] if hasattr(os, 'getloadavg') else float('nan'):.2f} at the end")
    return rows
