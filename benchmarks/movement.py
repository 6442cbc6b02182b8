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
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from hexwright.engine.hexgrid import Hex
from hexwright.engine.movement import MovementGraph, reachable

from .core import Row, Settings, measure_interleaved, measure_round_robin, register
from .worlds import build_map

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
            steps = sum(graphs.graph.cost(a, b) for a, b in zip(path, path[1:], strict=False))
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
        t = measure_interleaved({
            "ours": lambda s, ma=ma: reachable(graph, hexes[s], ma),
            "networkx": lambda s, ma=ma: nx.single_source_dijkstra_path_length(nxg, s, cutoff=ma),
            "scipy": lambda s, ma=ma: dijkstra(csg, indices=s, limit=ma),
        }, starts, settings)
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


@register("movement")
def movement_benchmark(settings: Settings) -> list[Row]:
    cases = QUICK_CASES if settings.quick else CASES
    starts = 5 if settings.quick else 20
    rows: list[Row] = []
    for columns, nrows, mas in cases:
        rows += run_case(columns, nrows, mas, settings, starts)
    return rows
