"""Movement costs and reachable sets (what one step costs is in costs.py).

Costs follow the F&M system rules (000_e5c3deafb2cea4af.txt), which the other families' terrain
tables also fit:

* 5.4: entering a hex costs the highest cost among its terrain (and features in `terrain` mode);
  in-hex features printed "+N" add N; hexside features add their crossing cost.
* 5.4.1 / 5.4.2: moving from a path hex to the next through a path hexside costs the path's rate
  (road 1/2 MP, trail 1 MP) regardless of other terrain in the hex or on the hexside.
* 5.2 e: prohibited terrain and hexsides cannot be entered or crossed; a bridge lets units cross
  a hexside's water features, a ferry (a feature that `permits_crossing`) too at its own cost.
* 10.5: a class may enter or leave a hex whose terrain lists `only_along` paths only along them.

The reachable set is Dijkstra's algorithm with a bucket queue (Dial's algorithm): costs are whole
multiples of the table's smallest fraction of an MP (halves for the F&M road), so the queue is an
array of buckets indexed by cost. It is written here rather than taken from networkx or scipy
because it needs neither as a dependency, takes the rules families' hooks, keeps a path to every
hex, and is about 3x faster than networkx; scipy's compiled Dijkstra is faster still on large
reaches (figures in docs/benchmarks.md, from benchmarks/movement.py).
Rules families add their own restrictions through MovementHooks (zones of control, enemy hexes,
stopping rules, special first steps, hexsides changed for one game).

Where numba is installed the same search runs compiled (fastdial.py), with every hook, and gives
the very same reach (costs, order, paths); the Python loop below is the reference and the fallback
without numba, where scipy's Dijkstra takes over searches that may reach many thousand hexes.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from operator import itemgetter
from time import perf_counter
from typing import Any

from ..hexgrid import DIRECTIONS, Hex
from ..model.hexmap import HexMap, MapChange
from ..model.placement import entry_cost as entry_cost
from ..model.placement import only_along as only_along
from . import fastdial
from .costs import edge_cost as edge_cost
from .costs import edge_cost_across as edge_cost_across
from .costs import scale_for
from .hooks import FrozenHook, KeptHooks, MovementHooks

_BIG = 1 << 40


# the hex-by-hex terrain reads (entry_cost, only_along) live in the model (engine/model/placement.py);
# they are part of this kernel's interface too


class MovementGraph:
    """The hex graph of one map for one movement class, with integer edge costs in 1/scale MP.
    It follows the map's edits: touched hexes and their neighbours are recompiled on the next query."""

    def __init__(self, m: HexMap, cls: str) -> None:
        self.map = m
        self.cls = cls
        self.scale = scale_for(m, cls)
        self.hexes: list[Hex] = list(m.hexes)
        self.index: dict[Hex, int] = {h: i for i, h in enumerate(self.hexes)}
        self.adj: list[tuple[tuple[int, int], ...]] = [()] * len(self.hexes)
        self._dirty: set[Hex] | None = None
        self._csr: _CompiledGraph | None = None
        self._compile_all()
        m.subscribe(self._on_change)

    def close(self) -> None:
        self.map.unsubscribe(self._on_change)

    # -- compiling -----------------------------------------------------------------------
    def _compile_all(self) -> None:
        m, cls, scale, index = self.map, self.cls, self.scale, self.index
        special = self._special_hexes()
        node_cost: list[int | None] = []
        for h in self.hexes:
            c = entry_cost(m, h, cls)
            node_cost.append(None if c is None else round(c * scale))
        adj = self.adj
        dirs = DIRECTIONS
        for i, h in enumerate(self.hexes):
            if h in special:
                adj[i] = self._compile_hex(h)
                continue
            q, r = h
            out = []
            for d in dirs:
                # a plain tuple finds the Hex key (a NamedTuple, equal and hashed alike) without building a
                # Hex for each of the map's six neighbours, in the loop that compiles every movement graph
                j = index.get((q + d.q, r + d.r))  # type: ignore[call-overload]
                if j is None:
                    continue
                b = self.hexes[j]
                if b in special:
                    c = edge_cost(m, h, b, cls)
                    if c is not None:
                        out.append((j, round(c * scale)))
                    continue
                c2 = node_cost[j]
                if c2 is not None:
                    out.append((j, c2))
            adj[i] = tuple(out)

    def _special_hexes(self) -> set[Hex]:
        """Hexes whose edges need the full rule: a hexside feature or path, or only_along terrain."""
        special: set[Hex] = set()
        for side in self.map.hexsides:
            special.add(side.hex)
            special.add(side.other)
        table = self.map.terrain_table
        along = {code for code, t in table.terrain.items() if self.cls in t.only_along}
        if along:
            special.update(h for h, code in self.map.terrain.items() if code in along)
        return special

    def _compile_hex(self, h: Hex) -> tuple[tuple[int, int], ...]:
        out = []
        q, r = h
        for d in DIRECTIONS:
            b = Hex(q + d.q, r + d.r)
            j = self.index.get(b)
            if j is None:
                continue
            c = edge_cost(self.map, h, b, self.cls)
            if c is not None:
                out.append((j, round(c * self.scale)))
        return tuple(out)

    def _on_change(self, change: MapChange) -> None:
        if change.kind in ("grid",) or change.kind == "terrain_table":
            self._dirty = None
            self.__init_after_grid()
            return
        if change.kind not in ("terrain", "features", "hexside", "locations"):
            return
        touched = set(change.hexes)
        for s in change.hexsides:
            touched.add(s.hex)
            touched.add(s.other)
        if self._dirty is None:
            self._dirty = set()
        self._dirty.update(touched)

    def __init_after_grid(self) -> None:
        self.scale = scale_for(self.map, self.cls)
        self.hexes = list(self.map.hexes)
        self.index = {h: i for i, h in enumerate(self.hexes)}
        self.adj = [()] * len(self.hexes)
        self._csr = None
        self._compile_all()

    def refresh(self) -> None:
        """Recompile the edges into and out of hexes edited since the last query."""
        if not self._dirty:
            return
        dirty, self._dirty = self._dirty, None
        self._csr = None
        redo: set[Hex] = set()
        for h in dirty:
            redo.add(h)
            q, r = h
            for d in DIRECTIONS:
                redo.add(Hex(q + d.q, r + d.r))
        for h in redo:
            i = self.index.get(h)
            if i is not None:
                self.adj[i] = self._compile_hex(h)

    def compiled(self) -> _CompiledGraph:
        """The same edges as arrays (CSR), built on first use after an edit, for large searches."""
        self.refresh()
        if self._csr is None:
            self._csr = _CompiledGraph(self.adj)
        return self._csr

    def cost(self, a: Hex, b: Hex) -> float | None:
        self.refresh()
        i, j = self.index.get(a), self.index.get(b)
        if i is None or j is None:
            return None
        for k, c in self.adj[i]:
            if k == j:
                return c / self.scale
        return None


@dataclass
class Reach:
    """The hexes a unit can reach: MP spent to get to each, and the cheapest path to each.

    Paths are kept as the search left them, a predecessor per graph index (-1 at the start), and
    are spelled out in hexes only when asked for: most callers want one path, not thousands. The
    compiled search hands the predecessors over as two lists (`_pending`: the hexes touched and
    their predecessors) and the dict is made when first asked for: many callers want no path. It
    hands the MP spent over as raw bytes too (`_compiled_reach`), made into the `spent` dict when
    that is first read: a rules family listing moves may need only the hexes (`touched`)."""

    start: Hex
    allowance: float
    spent: dict[Hex, float]
    _prev: dict[int, int]
    _hexes: list[Hex]
    _index: dict[Hex, int]
    _pending: tuple[list[int], list[int]] | None = field(default=None, repr=False, compare=False)

    def __getattr__(self, name: str) -> Any:
        # only called for an attribute not set: the spent dict of a compiled search's reach, made now
        if name == "spent":
            d = self.__dict__
            raw = d.get("_raw_spent")
            if raw is not None:
                touched = d["_touched"]
                hexes = d["_hexes"]
                picked = itemgetter(*touched)(hexes) if len(touched) > 1 else (hexes[touched[0]],)
                spent = d["spent"] = dict(zip(picked, memoryview(raw).cast("d").tolist()))  # noqa: B905
                del d["_raw_spent"]
                return spent
        raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")

    def __contains__(self, h: Hex) -> bool:
        return h in self.spent

    def __len__(self) -> int:
        return len(self.spent)

    def spent_at(self, h: Hex) -> float:
        """spent[h] (h reached), read from the compiled search's raw MP while the dict is not made."""
        d = self.__dict__
        raw = d.get("_raw_spent")
        if raw is None:
            return self.spent[h]
        return float(memoryview(raw).cast("d")[d["_touched"].index(self._index[h])])

    def remaining(self, h: Hex) -> float:
        return self.allowance - self.spent[h]

    @property
    def predecessors(self) -> dict[int, int]:
        """Graph index -> the index of the hex the cheapest path enters it from (-1 at the start)."""
        if self._pending is not None:
            touched, prev = self._pending
            self._prev = dict(zip(touched, prev))  # noqa: B905 - equal lengths by construction
            self._pending = None
        return self._prev

    def paths_key(self) -> object:
        """What the search left of the paths, to compare with another reach's without spelling them out:
        reaches with equal keys have the same predecessors (the same hexes, by the same paths); unequal
        keys may still have them (one made compiled, one in Python)."""
        return self._pending if self._pending is not None else self._prev

    def touched(self) -> list[int] | None:
        """The graph indices of the hexes reached, in the order the compiled search settled them (None for a
        reach the compiled search did not make)."""
        got: list[int] | None = self.__dict__.get("_touched")
        return got

    @property
    def graph_hexes(self) -> list[Hex]:
        """Graph index -> hex (the indices of `predecessors` and `index`)."""
        return self._hexes

    @property
    def index(self) -> dict[Hex, int]:
        """Hex -> its graph index."""
        return self._index

    def path(self, h: Hex) -> list[Hex]:
        """The start hex, then each hex entered, ending with `h`."""
        if h not in self.spent:
            raise KeyError(f"{h} is not reachable")
        prev, hexes = self.predecessors, self._hexes
        i = self._index[h]
        out = [h]
        while (i := prev[i]) >= 0:
            out.append(hexes[i])
        out.reverse()
        return out


def _units(mp: float, scale: int, what: str) -> int:
    """MP as whole units of 1/scale MP; a hook cost the graph cannot represent is an error, not rounded."""
    units = round(mp * scale)
    if abs(units - mp * scale) > 1e-9:
        raise ValueError(f"{what} cost {mp} MP is not a multiple of 1/{scale} MP, "
                         "the finest cost of this terrain table")
    return int(units)


def reachable(graph: MovementGraph, start: Hex, allowance: float, hooks: MovementHooks | None = None) -> Reach:
    """Every hex the unit can enter with `allowance` MP from `start` (F&M 5.1, 5.2 a-c)."""
    if graph._dirty:
        graph.refresh()
    scale = graph.scale
    if allowance < 0:
        raise ValueError(f"movement allowance must not be negative, not {allowance}")
    limit = int(allowance * scale + 1e-9)  # the floor: both are not negative
    s = graph.index.get(start)
    if s is None:
        raise ValueError(f"start hex {start} is not on the map")
    dial = fastdial._compiled if fastdial.enabled else None
    if dial is not None:
        return _reachable_fast(dial, graph, start, s, allowance, limit, hooks)
    if _use_compiled_search(graph, limit, hooks):
        return _reachable_compiled(graph, start, s, allowance, limit, hooks)
    if not fastdial.enabled:
        return _reachable_python(graph, start, s, allowance, limit, hooks)
    # numba is there but not loaded yet: the pure-Python loop, timed, until it has cost as much as
    # loading the compiled search would (fastdial.py: the rent-or-buy rule of a young process)
    t0 = perf_counter()
    reach = _reachable_python(graph, start, s, allowance, limit, hooks)
    fastdial.worth_compiling(perf_counter() - t0)
    return reach


def _reachable_python(graph: MovementGraph, start: Hex, s: int, allowance: float, limit: int,
                      hooks: MovementHooks | None) -> Reach:
    """reachable()'s pure-Python bucket queue: the reference the compiled searches are held to."""
    scale = graph.scale
    adj = graph.adj
    # Distances live in a dict of the hexes touched rather than in a list over the whole map: a
    # move touches a few hundred hexes of tens of thousands, and the small dict stays in the CPU's
    # cache (measured 20-30 % faster on a 200 x 200 map than the map-sized list).
    dist: dict[int, int] = {s: 0}
    get = dist.get
    # `prev` also records the hexes touched, in the order first touched: a dict keeps its keys in
    # insertion order, so no separate list (and no extra test in the inner loop) is needed.
    prev: dict[int, int] = {s: -1}
    buckets: list[list[int]] = [[] for _ in range(limit + 1)]
    buckets[0].append(s)
    if hooks is None:
        for b in range(limit + 1):
            for u in buckets[b]:
                if dist[u] != b:
                    continue
                for v, c in adj[u]:
                    nd = b + c
                    if nd <= limit and nd < get(v, _BIG):
                        dist[v] = nd
                        prev[v] = u
                        buckets[nd].append(v)
    else:
        index, hexes = graph.index, graph.hexes
        blocked = {index[h] for h in hooks.blocked if h in index}
        stop = {index[h] for h in hooks.stop if h in index}
        extra = {index[h]: _units(x, scale, "enter_extra") for h, x in hooks.enter_extra.items() if h in index}
        first = hooks.first_step
        override: dict[int, dict[int, int | None]] = {}
        for (ha, hb), x in hooks.edge_override.items():
            if ha in index and hb in index:
                override.setdefault(index[ha], {})[index[hb]] = None if x is None else int(round(x * scale))
        for b in range(limit + 1):
            for u in buckets[b]:
                if dist[u] != b:
                    continue
                if u != s and u in stop:
                    continue
                edges = adj[u]
                if u in override:
                    ov = override[u]
                    edges = tuple((v, c) for v, c in edges if v not in ov) + tuple(
                        (v, c) for v, c in ov.items() if c is not None)
                for v, c in edges:
                    if v in blocked:
                        continue
                    if extra:
                        c += extra.get(v, 0)
                    if u == s and first is not None:
                        fc = first(start, hexes[v], c / scale)
                        if fc is None:
                            continue
                        c = _units(fc, scale, "first_step")
                    nd = b + c
                    if nd <= limit and nd < get(v, _BIG):
                        dist[v] = nd
                        prev[v] = u
                        buckets[nd].append(v)
    if len(prev) == 1:
        spent = {graph.hexes[s]: dist[s] / scale}
    else:
        # itemgetter picks many items in one C call, cheaper than a comprehension per hex
        pick = itemgetter(*prev)
        spent = dict(zip(pick(graph.hexes), [d / scale for d in pick(dist)], strict=True))
    return Reach(start, allowance, spent, prev, graph.hexes, graph.index)


# -- large searches in compiled code ---------------------------------------------------------------
# Without numba: the bucket queue above is the fastest way to answer the common question (a unit's move: tens to a
# few thousand hexes) because it has no fixed cost per call. For a search that may reach tens of
# thousands of hexes (a 200 x 200 map and a long allowance along roads) the per-edge cost of Python
# dominates, and scipy's compiled Dijkstra over the same edges wins despite its fixed cost per call
# (docs/benchmarks.md, "Movement"). Both give the same costs; the tests compare them.
COMPILED_SEARCH_MIN_HEXES = 8000  # estimated hexes in reach above which the compiled search is used


_numpy: Any = None  # numpy, imported when the first graph is compiled (not with the kernel)


class _CompiledGraph:
    """MovementGraph.adj as CSR arrays (costs in 1/scale MP) for the numba-compiled search and, as a
    scipy.sparse matrix built on first use (`matrix`), for scipy.sparse.csgraph: scipy is imported
    only by a search that uses it."""

    def __init__(self, adj: list[tuple[tuple[int, int], ...]]) -> None:
        global _numpy
        import numpy as np

        _numpy = np

        n = len(adj)
        counts = np.fromiter((len(a) for a in adj), dtype=np.int64, count=n)
        indptr = np.zeros(n + 1, dtype=np.int64)
        np.cumsum(counts, out=indptr[1:])
        flat = [e for a in adj for e in a]
        pairs = np.array(flat, dtype=np.int64).reshape(-1, 2) if flat else np.zeros((0, 2), dtype=np.int64)
        self.n = n
        self.edges = len(pairs)
        # indptr, the edges' target hexes and their costs in one array (fastdial._dial reads it so)
        self.packed = np.concatenate([indptr, pairs[:, 0], pairs[:, 1]])
        self.indptr = self.packed[:n + 1]
        self.indices = self.packed[n + 1:n + 1 + self.edges]
        self.costs = self.packed[n + 1 + self.edges:]
        self.data = pairs[:, 1].astype(np.float64)
        self.scratch = fastdial.DialArrays(n, len(pairs))
        self.rows = np.repeat(np.arange(n, dtype=np.int64), counts)
        self.min_cost = int(pairs[:, 1].min()) if len(pairs) else 0
        self._matrix: Any = None
        # the hooks as graph indices, kept for the next calls: rules pass the same collections again
        # and again (a side's enemy hexes and zones of control while no unit moves)
        self._marks: dict[tuple[object, ...], Any] = {}
        self._maps: dict[int, tuple[Any, Any]] = {}
        # KeptHooks by identity: (the hooks, their marks, their overrides or None)
        self.kept_hooks: dict[int, tuple[MovementHooks, Any, _Overrides | None]] = {}

    def __getstate__(self) -> dict[str, Any]:
        """What is kept by identity stays behind when pickled (a game sent to a balance study's workers):
        its keys name objects of this process only, and kept hooks may hold a function made for one move."""
        return {**self.__dict__, "_maps": {}, "kept_hooks": {}}

    def marks(self, hooks: MovementHooks, index: dict[Hex, int], scale: int) -> Any:
        """blocked, stop and enter_extra packed for the compiled search (fastdial._dial's `marks`):
        nb, ns, nx, the blocked hexes, the stop hexes, the hexes with an extra cost (graph indices)
        and their extra costs in 1/scale MP. Kept for the next calls, keyed by the hooks' values: a
        frozenset as it is, a set as a frozenset of it, a small dict as a frozenset of its items; a
        large dict (slow to hash) by its identity while it holds the same items."""
        blocked, stop, costs = hooks.blocked, hooks.stop, hooks.enter_extra
        if not (blocked or stop or costs):
            return self.scratch.no_marks
        key = (blocked if type(blocked) is frozenset else frozenset(blocked),
               stop if type(stop) is frozenset else frozenset(stop),
               frozenset(costs.items()) if len(costs) < 16 else self._version(costs))
        got = self._marks.get(key)
        if got is None:
            if len(self._marks) >= 512:
                self._marks.clear()
            b = _indices(key[0], index)
            st = _indices(key[1], index)
            x_hexes, x_units = _extra_units(costs.items(), index, scale)
            got = self._marks[key] = _numpy.array([len(b), len(st), len(x_hexes), *b, *st, *x_hexes, *x_units],
                                                  _numpy.int64)
        return got

    def _version(self, mapping: dict[Any, Any]) -> object:
        """A token for what a dict holds now: the same token while it holds the same items in the same
        order (checked item by item: the dict may have changed since)."""
        items, got = self._kept("version", mapping)
        if got is None:
            got = object()
            self._keep(mapping, items, "version", got)
        return got

    def _kept(self, what: str, mapping: dict[Any, Any]) -> tuple[tuple[Any, ...], Any]:
        """The kept conversion of a hook's dict if it holds what it held then: the same keys with the
        same values in the same order (checked item by item, the dict may have changed); a FrozenHook
        dict cannot change, so it is found by identity."""
        if type(mapping) is FrozenHook:
            got = self._maps.get(id(mapping))
            if got is not None and got[0] is mapping and got[1][0] == what:
                return (), got[1][1]
            return (), None
        items = tuple(mapping.items())
        got = self._maps.get(id(mapping))
        if got is not None and got[1][0] == what and got[0] == items:
            return items, got[1][1]
        return items, None

    def _keep(self, mapping: dict[Any, Any], items: tuple[Any, ...], what: str, value: Any) -> None:
        if len(self._maps) >= 512:
            self._maps.clear()
        # a FrozenHook is kept itself (so that its id stays its own), another dict by its items
        self._maps[id(mapping)] = (mapping if type(mapping) is FrozenHook else items, (what, value))

    def overrides(self, override: dict[tuple[Hex, Hex], float | None], index: dict[Hex, int],
                  scale: int) -> _Overrides:
        """edge_override as the compiled search reads it (_Overrides)."""
        items, got = self._kept("override", override)
        if got is None:
            rows: dict[int, dict[int, int | None]] = {}
            for (ha, hb), x in items or override.items():
                ia, ib = index.get(ha), index.get(hb)
                if ia is not None and ib is not None:
                    rows.setdefault(ia, {})[ib] = None if x is None else int(round(x * scale))
            made = _Overrides(rows)
            self._keep(override, items, "override", made)
            return made
        overrides: _Overrides = got
        return overrides

    @property
    def matrix(self) -> Any:
        """The edges as a scipy.sparse.csr_matrix (float costs in 1/scale MP)."""
        if self._matrix is None:
            from scipy.sparse import csr_matrix

            self._matrix = csr_matrix((self.data, self.indices, self.indptr), shape=(self.n, self.n))
        return self._matrix


def _indices(hexes: Iterable[Hex], index: dict[Hex, int]) -> list[int]:
    """The graph indices of the hexes that are on the graph's map."""
    return [i for i in map(index.get, hexes) if i is not None]


def _extra_units(items: Iterable[tuple[Hex, float]], index: dict[Hex, int], scale: int) -> tuple[list[int], list[int]]:
    """enter_extra's hexes on the map (graph indices) and their extra costs in 1/scale MP."""
    hexes: list[int] = []
    units: list[int] = []
    done: dict[float, int] = {}  # each cost converted once (a rules family's extra costs share a few values)
    for h, x in items:
        i = index.get(h)
        if i is not None:
            hexes.append(i)
            k = done.get(x)
            if k is None:
                u = x * scale
                k = round(u)
                if abs(k - u) > 1e-9:
                    k = _units(x, scale, "enter_extra")  # raises
                done[x] = k
            units.append(k)
    return hexes, units


class _Overrides:
    """Edge overrides for the compiled search, in the Python loop's reading: `rows` maps a hex to the
    hexes its overridden edges go to, with their cost in 1/scale MP (None: may not cross), in the
    order given; `packed`, as the compiled search reads them."""

    def __init__(self, rows: dict[int, dict[int, int | None]]) -> None:
        self.rows = rows
        v: list[int] = []
        c: list[int] = []
        ptr = [0]
        for row in rows.values():
            v += row
            c += [-1 if x is None else x for x in row.values()]
            ptr.append(len(v))
        self.edges = len(v)
        # packed for the compiled search (fastdial._dial's `overrides`): rows, edges, u, ptr, v, c
        self.packed = _numpy.array([len(rows), len(v), *rows, *ptr, *v, *c], _numpy.int64)


def _reachable_fast(dial: Callable[..., int], graph: MovementGraph, start: Hex, s: int, allowance: float,
                    limit: int, hooks: MovementHooks | None) -> Reach:
    """reachable() through the numba-compiled bucket queue (fastdial.py): same results, same order,
    with every hook, edge overrides included (their edges are handed over as small arrays)."""
    csr = graph._csr or graph.compiled()
    a = csr.scratch
    scale = graph.scale
    hexes, index = graph.hexes, graph.index
    if hooks is None:
        if a.capacity <= limit:
            a.room(limit + 1)
        n_t = dial(csr.packed, a.work, a.queue, a.out_spent, s, limit, scale, False, False,
                   a.no_marks, a.no_overrides, a.no_starts)
    else:
        kept: tuple[MovementHooks, Any, _Overrides | None] | None = (
            csr.kept_hooks.get(id(hooks)) if type(hooks) is KeptHooks else None)
        if kept is None or kept[0] is not hooks:
            kept = (hooks, csr.marks(hooks, index, scale),
                    csr.overrides(hooks.edge_override, index, scale) if hooks.edge_override else None)
            if type(hooks) is KeptHooks:
                if len(csr.kept_hooks) >= 512:
                    csr.kept_hooks.clear()
                csr.kept_hooks[id(hooks)] = kept  # the hooks themselves kept too: their id stays theirs
        marks = kept[1]
        first = hooks.first_step
        overrides, starts, extra_edges = a.no_overrides, a.no_starts, 0
        start_ov = None
        ov = kept[2]
        if ov is not None:
            overrides, extra_edges = ov.packed, ov.edges
            start_ov = ov.rows.get(s)
        if first is not None:  # the start's edges with every hook applied, as the Python loop tries them
            starts = _first_steps(graph, start, s, hooks, start_ov)
            extra_edges += int(starts[0])
        if a.capacity <= limit or (extra_edges and a.capacity <= csr.edges + extra_edges):
            a.room(max(limit, csr.edges + extra_edges) + 1)
        n_t = dial(csr.packed, a.work, a.queue, a.out_spent, s, limit, scale, True, first is not None,
                   marks, overrides, starts)
    touched = a.order[:n_t].tolist()
    # Reach(start, allowance, spent, {}, hexes, index, (touched, prev)) with `spent` made when first read
    # (Reach.__getattr__) from a copy of the raw MP (the scratch arrays are the next search's)
    reach = object.__new__(Reach)
    d = reach.__dict__
    d["start"] = start
    d["allowance"] = allowance
    d["_prev"] = {}
    d["_hexes"] = hexes
    d["_index"] = index
    d["_pending"] = (touched, a.out_prev[:n_t].tolist())
    d["_touched"] = touched
    d["_raw_spent"] = bytes(a.spent[:n_t])
    return reach


def _first_steps(graph: MovementGraph, start: Hex, s: int, hooks: MovementHooks,
                 override: dict[int, int | None] | None) -> Any:
    """The start hex's edges (graph indices, costs in 1/scale MP) as the Python loop of reachable()
    tries them: the map's edges, overridden ones replaced, blocked hexes left out, extra costs added,
    then `first_step` applied; packed for the compiled search (fastdial._dial's `starts`: k, the k
    hexes, the k costs)."""
    scale, hexes = graph.scale, graph.hexes
    first = hooks.first_step
    assert first is not None
    edges: Iterable[tuple[int, int | None]] = graph.adj[s]
    if override is not None:
        edges = [(v, c) for v, c in edges if v not in override] + list(override.items())
    out_v: list[int] = []
    out_c: list[int] = []
    for v, c in edges:
        h = hexes[v]
        if c is None or h in hooks.blocked:
            continue
        x = hooks.enter_extra.get(h)
        if x is not None:
            c += _units(x, scale, "enter_extra")
        fc = first(start, h, c / scale)
        if fc is not None:
            out_v.append(v)
            out_c.append(_units(fc, scale, "first_step"))
    return _numpy.array([len(out_v), *out_v, *out_c], _numpy.int64)


def _use_compiled_search(graph: MovementGraph, limit: int, hooks: MovementHooks | None) -> bool:
    n = len(graph.hexes)
    if n < COMPILED_SEARCH_MIN_HEXES or (hooks is not None and hooks.edge_override):
        return False
    try:
        import scipy.sparse.csgraph  # noqa: F401
    except ImportError:  # pragma: no cover - scipy is a dependency; stay correct without it
        return False
    csr = graph.compiled()
    if csr.min_cost <= 0:  # zero-cost edges: the compiled search would read them as missing
        return False
    radius = limit // csr.min_cost
    return min(n, 3 * radius * (radius + 1) + 1) >= COMPILED_SEARCH_MIN_HEXES


def _reachable_compiled(graph: MovementGraph, start: Hex, s: int, allowance: float, limit: int,
                        hooks: MovementHooks | None) -> Reach:
    """reachable() with scipy's Dijkstra over the compiled edges; the hooks become edge weights
    (a blocked hex's in-edges and a stop hex's out-edges are removed, extra costs are added)."""
    import numpy as np
    from scipy.sparse import csr_matrix
    from scipy.sparse.csgraph import dijkstra

    csr = graph.compiled()
    scale = graph.scale
    matrix = csr.matrix
    if hooks is not None:
        index, hexes = graph.index, graph.hexes
        data = csr.data.copy()
        if hooks.enter_extra:
            extra = np.zeros(csr.n, dtype=np.float64)
            for h, x in hooks.enter_extra.items():
                if h in index:
                    extra[index[h]] = _units(x, scale, "enter_extra")
            data += extra[csr.indices]
        if hooks.blocked:
            blocked = np.zeros(csr.n, dtype=bool)
            blocked[[index[h] for h in hooks.blocked if h in index]] = True
            data[blocked[csr.indices]] = np.inf
        if hooks.stop:
            stop = np.zeros(csr.n, dtype=bool)
            stop[[index[h] for h in hooks.stop if h in index]] = True
            stop[s] = False
            data[stop[csr.rows]] = np.inf
        if hooks.first_step is not None:
            for k in range(int(csr.indptr[s]), int(csr.indptr[s + 1])):
                if np.isinf(data[k]):
                    continue
                fc = hooks.first_step(start, hexes[int(csr.indices[k])], float(data[k]) / scale)
                data[k] = np.inf if fc is None else _units(fc, scale, "first_step")
        matrix = csr_matrix((data, csr.indices, csr.indptr), shape=(csr.n, csr.n))
    dist, pred = dijkstra(matrix, directed=True, indices=s, limit=limit + 0.5, return_predecessors=True)
    reached = np.flatnonzero(dist <= limit)
    order = reached[np.argsort(dist[reached], kind="stable")]
    pred_r = pred[order]
    pred_r[pred_r < 0] = -1
    prev = dict(zip(order.tolist(), pred_r.tolist(), strict=True))
    hexes = graph.hexes
    pick = itemgetter(*order.tolist())
    picked = pick(hexes) if len(order) > 1 else (hexes[int(order[0])],)
    spent = dict(zip(picked, (dist[order] / scale).tolist(), strict=True))
    return Reach(start, allowance, spent, prev, hexes, graph.index)


def path_cost(graph: MovementGraph, path: Iterable[Hex]) -> float | None:
    """MP to move along `path` (start hex first), or None if a step is impossible."""
    steps = list(path)
    total = 0.0
    for a, b in zip(steps, steps[1:], strict=False):
        c = graph.cost(a, b)
        if c is None:
            return None
        total += c
    return total
