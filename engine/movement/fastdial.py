"""The bucket-queue search of kernel.reachable() compiled with numba, when numba is installed.

The same algorithm as the pure-Python loop in kernel.py, step for step: buckets are processed in
cost order and each bucket first-in first-out, a hex is expanded once at its final cost, and the
hexes are reported in the order first touched, so results, dict order and the path chosen among
equal-cost paths are identical (tests/engine/test_movement.py compares them). Compiled, it is
several times faster than the Python loop (docs/benchmarks.md, "Movement"). The compiled code is
cached on disk beside this module after the first use.
"""

from __future__ import annotations

import importlib.util
from collections.abc import Callable

import numpy as np

# numba is a dependency; the kernel works without it (pure-Python loop)
HAVE_NUMBA = importlib.util.find_spec("numba") is not None

BIG = 1 << 40

if HAVE_NUMBA:
    from numba import njit

    @njit(cache=True, nogil=True)
    def _dial(indptr, indices, costs, s, limit, dist, prev, order, ent_node, ent_next,
             blocked, stop, extra, first_costs):  # pragma: no cover - compiled
        """Fill dist/prev for hexes within `limit`; returns how many hexes were touched (listed in
        `order`). blocked/stop are 0/1 per hex, extra is added to entering a hex, first_costs
        replaces the costs of the start's out-edges (-1: not allowed) when it is not empty."""
        head = np.full(limit + 1, -1, np.int64)
        tail = np.full(limit + 1, -1, np.int64)
        n_t = 0
        ne = 0
        dist[s] = 0
        prev[s] = -1
        order[0] = s
        n_t = 1
        ent_node[0] = s
        ent_next[0] = -1
        head[0] = 0
        tail[0] = 0
        ne = 1
        use_hooks = blocked.shape[0] > 0
        for b in range(limit + 1):
            e = head[b]
            while e >= 0:
                u = ent_node[e]
                e = ent_next[e]
                if dist[u] != b:
                    continue
                if use_hooks and u != s and stop[u]:
                    continue
                start_row = indptr[u]
                for k in range(start_row, indptr[u + 1]):
                    v = indices[k]
                    c = costs[k]
                    if use_hooks:
                        if blocked[v]:
                            continue
                        c += extra[v]
                        if u == s and first_costs.shape[0] > 0:
                            c = first_costs[k - start_row]
                            if c < 0:
                                continue
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
        return n_t

# the compiled search, None without numba (kernel.reachable then runs its pure-Python loop)
dial: Callable[..., int] | None = _dial if HAVE_NUMBA else None


class DialArrays:
    """Per-graph scratch arrays for the compiled search (kept between calls, reset after each)."""

    def __init__(self, n: int, edges: int) -> None:
        self.dist = np.full(n, BIG, np.int64)
        self.prev = np.full(n, -1, np.int64)
        self.order = np.empty(n, np.int64)
        self.ent_node = np.empty(edges + 1, np.int64)
        self.ent_next = np.empty(edges + 1, np.int64)
        self.empty_i8 = np.zeros(0, np.int8)
        self.empty_i64 = np.zeros(0, np.int64)
