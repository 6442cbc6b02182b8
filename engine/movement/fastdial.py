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
module), on the first search that asks for it (`get_dial()`), not when the movement kernel is
imported: a command that never searches (`hexwright validate`) does not pay numba's import (nor
numpy's: the arrays are made when a graph is first searched). Set
`enabled = False` (or the environment variable HEXWRIGHT_PURE_MOVEMENT=1 before the first search)
to run the pure-Python loop instead, as an installation without numba does.
"""

from __future__ import annotations

import importlib.util
import os
from collections.abc import Callable
from typing import Any

BIG = 1 << 40

# numba is a dependency; the kernel works without it (pure-Python loop)
HAVE_NUMBA = importlib.util.find_spec("numba") is not None

# whether kernel.reachable() may use the compiled search (False: always the pure-Python loop)
enabled: bool = HAVE_NUMBA and os.environ.get("HEXWRIGHT_PURE_MOVEMENT", "") in ("", "0")

_compiled: Callable[..., int] | None = None


def _dial(indptr, indices, costs, s, limit, dist, prev, order, ent_node, ent_next, head, tail,
          blocked, stop, extra, ov_row, use_hooks,
          blocked_idx, stop_idx, extra_idx, extra_val,
          ov_u, ov_ptr, ov_v, ov_c, start_v, start_c, use_start, scale, out_prev, out_spent):  # pragma: no cover
    """Search the hexes within `limit` (1/scale MP) of `s`; returns how many were touched. The first n
    of `order` are the touched hexes in the order first touched, `out_prev` their predecessors (-1 at
    the start) and `out_spent` their cost in MP; `dist` and `prev` are left reset for the next call.

    The hooks come as lists of graph indices and are spread over the per-graph masks `blocked`,
    `stop` (0/1 per hex), `extra` (added to the cost of entering a hex) and `ov_row` (-1, or the
    row of a hex's overriding edges), which are cleared again before returning. Overrides: row r
    belongs to hex ov_u[r]; its edges are ov_v/ov_c[ov_ptr[r]:ov_ptr[r + 1]] (cost -1: may not
    cross); the map's edges to those hexes are dropped. head/tail hold the buckets' queues (at least
    limit + 1 long). With `use_start`, the start hex's edges are
    start_v/start_c, final costs (blocked hexes, extra costs and the first-step rule already
    applied by the caller)."""
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
                lo = indptr[u]
                n1 = indptr[u + 1] - lo
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
                            v = indices[lo + t]
                            c = costs[lo + t]
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
    (kernel.reachable() then runs its pure-Python loop)."""
    global _compiled
    if not enabled:
        return None
    if _compiled is None:
        from numba import njit

        _compiled = njit(cache=True, nogil=True)(_dial)
    return _compiled


class DialArrays:
    """Per-graph scratch arrays for the compiled search (kept between calls, reset after each)."""

    def __init__(self, n: int, edges: int) -> None:
        import numpy as np

        self.dist = np.full(n, BIG, np.int64)
        self.prev = np.full(n, -1, np.int64)
        self.order = np.empty(n, np.int64)
        self.out_prev = np.empty(n, np.int64)
        self.out_spent = np.empty(n, np.float64)
        self.blocked = np.zeros(n, np.int8)
        self.stop = np.zeros(n, np.int8)
        self.extra = np.zeros(n, np.int64)
        self.ov_row = np.full(n, -1, np.int64)
        self.ent_node = np.empty(edges + 1, np.int64)
        self.ent_next = np.empty(edges + 1, np.int64)
        self.head = np.empty(64, np.int64)
        self.tail = np.empty(64, np.int64)
        self.empty: Any = np.zeros(0, np.int64)

    def entries(self, edges: int) -> None:
        """Room for `edges` + 1 queue entries (a search pushes at most one per edge it relaxes, plus
        the start)."""
        if self.ent_node.shape[0] < edges + 1:
            import numpy as np

            self.ent_node = np.empty(edges + 1, np.int64)
            self.ent_next = np.empty(edges + 1, np.int64)

    def buckets(self, limit: int) -> None:
        """Room for the buckets of costs 0 to `limit`."""
        if self.head.shape[0] < limit + 1:
            import numpy as np

            self.head = np.empty(limit + 1, np.int64)
            self.tail = np.empty(limit + 1, np.int64)
