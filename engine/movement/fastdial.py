"""The bucket-queue search of kernel.reachable() compiled with numba, when numba is installed.

The same algorithm as the pure-Python loop in kernel.py, step for step: buckets are processed in
cost order and each bucket first-in first-out (a hex pushed into the bucket being processed, by a
zero-cost edge, is processed in that same bucket), a hex is expanded once at its final cost, the
edges of a hex are tried in the Python loop's order (the map's edges without the overridden ones,
then the overriding edges in the order given) and the hexes are reported in the order first
touched, so results, dict order and the path chosen among equal-cost paths are identical
(tests/engine/test_movement.py compares them). Compiled, it is several times faster than the Python
loop (docs/benchmarks.md, "Movement").

numba is imported, and the search compiled (or loaded from numba's on-disk cache beside this
module), only when it pays: importing numba and loading the compiled search costs a fresh process
about a second of CPU (docs/benchmarks.md, "Cold start"), several random F&M games' worth, while the
compiled search saves some tens of microseconds a search. So kernel.reachable() runs the pure-Python
loop while the process is young and times those searches (`pure_seconds`); once they have taken as
long as the compiled search costs to load (`COMPILE_AFTER_SECONDS`, the rent-or-buy rule: never more
than twice the best choice made in hindsight) it loads the compiled search and uses it from then on.
A process that plays one game, or the first games of a study, never pays numba; a search bot or a long
study pays it once, early. `prepare()` loads it at once (a worker that knows it will search a lot, the
benchmarks' warm runs). A command that never searches (`hexwright validate`) pays neither numba's
import nor numpy's. Set `enabled = False` (or the environment variable HEXWRIGHT_PURE_MOVEMENT=1
before the first search) to run the pure-Python loop always, as an installation without numba does.
Which loop ran never changes a result (tests/engine/test_movement.py compares them).
"""

from __future__ import annotations

import importlib.util
import os
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import numpy as np

BIG = 1 << 40

# numba is a dependency; the kernel works without it (pure-Python loop)
HAVE_NUMBA = importlib.util.find_spec("numba") is not None

# whether kernel.reachable() may use the compiled search (False: always the pure-Python loop)
enabled: bool = HAVE_NUMBA and os.environ.get("HEXWRIGHT_PURE_MOVEMENT", "") in ("", "0")

_compiled: Callable[..., int] | None = None

# CPU seconds of pure-Python searches after which the compiled search is loaded (about what loading it
# costs a fresh process: numba's import and its cache, measured 0.7 to 1.5 s on the 2-core machine)
COMPILE_AFTER_SECONDS = 3.0
pure_seconds = 0.0  # the pure-Python searches' time so far in this process (kernel.reachable adds to it)


# rows of DialArrays.work
DIST, PREV, ORDER, BLOCKED, STOP, EXTRA, OV_ROW, OUT_PREV = range(8)


def _dial(graph: np.ndarray, work: np.ndarray, queue: np.ndarray, out_spent: np.ndarray, s: int, limit: int,
          scale: int, use_hooks: bool, use_start: bool, marks: np.ndarray, overrides: np.ndarray,
          starts: np.ndarray) -> int:  # pragma: no cover - compiled
    """Search the hexes within `limit` (1/scale MP) of `s`; returns how many were touched, n.

    `graph` is the CSR graph in one array: indptr (n_hexes + 1), then the edges' target hexes, then
    their costs in 1/scale MP. `work` (DialArrays.work) holds per hex the distance (BIG: not
    reached), the predecessor, the hook masks (0/1 blocked and stop, the extra cost of entering,
    the row of the hex's overriding edges or -1) and the results: the first n of row ORDER are the
    hexes touched in the order first touched, of row OUT_PREV their predecessors (-1 at the start),
    of `out_spent` their cost in MP. Everything else is left reset for the next call. `queue` holds
    the bucket queue: entries (hex, next entry) and per cost the first and last entry.

    The hooks come as lists of graph indices, each packed in one array with its counts first (few
    arguments: the compiled code unboxes every argument of every call). `marks`: nb, ns, nx, then nb
    blocked hexes, ns stop hexes, nx hexes with an extra cost and their nx extra costs. `overrides`:
    rows, edges, then the rows' hexes ov_u, their edge ranges ov_ptr (rows + 1), the edges' target
    hexes ov_v and costs ov_c (-1: may not cross); row r's edges are ov_ptr[r]:ov_ptr[r + 1], and
    the map's edges from ov_u[r] to those hexes are dropped. `starts`: k, then the start hex's k
    target hexes and k costs, used instead of its edges with `use_start`: final costs (blocked hexes,
    extra costs and the first-step rule already applied by the caller)."""
    nb = marks[0]
    ns = marks[1]
    nx = marks[2]
    blocked_idx = marks[3:3 + nb]
    stop_idx = marks[3 + nb:3 + nb + ns]
    extra_idx = marks[3 + nb + ns:3 + nb + ns + nx]
    extra_val = marks[3 + nb + ns + nx:3 + nb + ns + 2 * nx]
    n_rows = overrides[0]
    n_ov = overrides[1]
    ov_u = overrides[2:2 + n_rows]
    ov_ptr = overrides[2 + n_rows:3 + 2 * n_rows]
    ov_v = overrides[3 + 2 * n_rows:3 + 2 * n_rows + n_ov]
    ov_c = overrides[3 + 2 * n_rows + n_ov:3 + 2 * n_rows + 2 * n_ov]
    k_start = starts[0]
    start_v = starts[1:1 + k_start]
    start_c = starts[1 + k_start:1 + 2 * k_start]
    n_hexes = work.shape[1]
    n_edges = graph[n_hexes]
    indices_at = n_hexes + 1
    costs_at = indices_at + n_edges
    dist = work[0]
    prev = work[1]
    order = work[2]
    blocked = work[3]
    stop = work[4]
    extra = work[5]
    ov_row = work[6]
    out_prev = work[7]
    ent_node = queue[0]
    ent_next = queue[1]
    head = queue[2]
    tail = queue[3]
    if use_hooks:
        for i in range(blocked_idx.shape[0]):
            blocked[blocked_idx[i]] = 1
        for i in range(stop_idx.shape[0]):
            stop[stop_idx[i]] = 1
        for i in range(extra_idx.shape[0]):
            extra[extra_idx[i]] = extra_val[i]
        for r in range(ov_u.shape[0]):
            ov_row[ov_u[r]] = r
    for b in range(limit + 1):
        head[b] = -1
        tail[b] = -1
    dist[s] = 0
    prev[s] = -1
    order[0] = s
    n_t = 1
    ent_node[0] = s
    ent_next[0] = -1
    head[0] = 0
    tail[0] = 0
    ne = 1
    for b in range(limit + 1):
        e = head[b]
        while e >= 0:
            u = ent_node[e]
            if dist[u] == b and not (use_hooks and u != s and stop[u]):
                lo = graph[u]
                n1 = graph[u + 1] - lo
                r = -1
                olo = 0
                n2 = 0
                from_start = use_start and u == s
                if from_start:
                    n1 = start_v.shape[0]
                elif use_hooks:
                    r = ov_row[u]
                    if r >= 0:
                        olo = ov_ptr[r]
                        n2 = ov_ptr[r + 1] - olo
                for t in range(n1 + n2):
                    if from_start:
                        v = start_v[t]
                        c = start_c[t]
                    else:
                        if t < n1:
                            v = graph[indices_at + lo + t]
                            c = graph[costs_at + lo + t]
                            if r >= 0:
                                replaced = False
                                for j in range(olo, olo + n2):
                                    if ov_v[j] == v:
                                        replaced = True
                                        break
                                if replaced:
                                    continue
                        else:
                            v = ov_v[olo + t - n1]
                            c = ov_c[olo + t - n1]
                            if c < 0:
                                continue
                        if use_hooks:
                            if blocked[v]:
                                continue
                            c += extra[v]
                    nd = b + c
                    if nd <= limit and nd < dist[v]:
                        if dist[v] == BIG:
                            order[n_t] = v
                            n_t += 1
                        dist[v] = nd
                        prev[v] = u
                        ent_node[ne] = v
                        ent_next[ne] = -1
                        if tail[nd] >= 0:
                            ent_next[tail[nd]] = ne
                        else:
                            head[nd] = ne
                        tail[nd] = ne
                        ne += 1
            # read after expanding u: an entry it appended to this bucket (zero cost) comes next
            e = ent_next[e]
    for i in range(n_t):
        v = order[i]
        out_prev[i] = prev[v]
        out_spent[i] = dist[v] / scale
        dist[v] = BIG
        prev[v] = -1
    if use_hooks:
        for i in range(blocked_idx.shape[0]):
            blocked[blocked_idx[i]] = 0
        for i in range(stop_idx.shape[0]):
            stop[stop_idx[i]] = 0
        for i in range(extra_idx.shape[0]):
            extra[extra_idx[i]] = 0
        for r in range(ov_u.shape[0]):
            ov_row[ov_u[r]] = -1
    return n_t


def get_dial() -> Callable[..., int] | None:
    """The compiled search, compiling it on first use; None when numba is missing or `enabled` is off
    (kernel.reachable() then runs its pure-Python loop).

    It is compiled for one signature (`_signature`: the arrays the kernel makes, all C-contiguous
    int64 but `out_spent`), and what is returned is that compilation's own entry point
    (`CompileResult.entry_point`, numba's wrapper that unboxes the arguments and runs the machine
    code) rather than the dispatcher: the dispatcher would check every argument's type again on
    every call, which costs about as much as the search itself in the small searches of a game
    (docs/benchmarks.md, "Movement"). The entry point checks no types, so only kernel.py calls it,
    with arrays it made itself. Where a numba version has no such attribute, the dispatcher is used."""
    global _compiled
    if not enabled:
        return None
    if _compiled is None:
        from numba import njit

        signature = _signature()
        dispatcher = njit(signature, cache=True, nogil=True)(_dial)
        try:
            _compiled = dispatcher.overloads[signature.args].entry_point
        except (AttributeError, KeyError):  # pragma: no cover - another numba's internals
            _compiled = dispatcher
    return _compiled


def prepare() -> bool:
    """Load the compiled search now rather than when the pure-Python searches have paid for it; True
    when it is there (False: numba missing or `enabled` off)."""
    return get_dial() is not None


def worth_compiling(seconds: float) -> Callable[..., int] | None:
    """Count `seconds` more of pure-Python searching; the compiled search once the total reaches
    COMPILE_AFTER_SECONDS (loading it then), else None."""
    global pure_seconds
    pure_seconds += seconds
    if pure_seconds < COMPILE_AFTER_SECONDS:
        return None
    return get_dial()


def _signature() -> Any:
    from numba import types

    vec = types.Array(types.int64, 1, "C")
    rows = types.Array(types.int64, 2, "C")
    return types.int64(vec, rows, rows, types.Array(types.float64, 1, "C"), types.int64, types.int64,
                       types.int64, types.boolean, types.boolean, vec, vec, vec)


class DialArrays:
    """Per-graph scratch arrays for the compiled search (kept between calls, reset after each): `work`
    (8 rows of one int64 per hex, see _dial), `queue` (4 rows: the entries of the bucket queue, at
    least one per edge plus one, and the first and last entry per cost, at least limit + 1) and
    `out_spent`. Few arrays, because the compiled code unboxes every argument of every call. The
    results are read through memoryviews (`order`, `out_prev`, `spent`), whose slices turn into lists
    faster than numpy's for the few dozen hexes of a move; they are made again after a copy."""

    def __init__(self, n: int, edges: int) -> None:
        import numpy as np

        self.work = np.zeros((8, n), np.int64)
        self.work[DIST] = BIG
        self.work[PREV] = -1
        self.work[OV_ROW] = -1
        self.out_spent = np.empty(n, np.float64)
        self.queue = np.empty((4, max(edges + 1, 64)), np.int64)
        self.capacity = self.queue.shape[1]
        self.no_marks: Any = np.zeros(3, np.int64)
        self.no_overrides: Any = np.zeros(2, np.int64)
        self.no_starts: Any = np.zeros(1, np.int64)
        self._views()

    def _views(self) -> None:
        self.order = self.work[ORDER].data
        self.out_prev = self.work[OUT_PREV].data
        self.spent = self.out_spent.data

    def __getstate__(self) -> dict[str, Any]:
        return {k: v for k, v in self.__dict__.items() if not isinstance(v, memoryview)}

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)
        self._views()

    def room(self, entries: int) -> None:
        """Room for `entries` queue entries, or buckets."""
        if self.capacity < entries:
            import numpy as np

            self.queue = np.empty((4, entries), np.int64)
            self.capacity = entries
