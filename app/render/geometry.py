"""Vectorised map geometry for drawing: hex centres, corners, hexside segments and path links as numpy
arrays in the scene coordinates of `HexMap.layout()`, and QPainterPaths built from them in one go.

Building a QPainterPath element by element from Python costs about a microsecond a call, which is
most of a second for the 40,000 hexes of a 200 x 200 map. Instead the paths are written in
QPainterPath's own QDataStream form (element count, then type/x/y per element, big-endian) with
numpy and read back by Qt in C++: tens of milliseconds for the same map (paths.py, which also joins
segments into chains and groups lines by map block).
"""

from __future__ import annotations

import weakref
from dataclasses import dataclass, field
from itertools import chain

import numpy as np
from hexwright.engine.hexgrid import DIRECTIONS, Hex, Hexside
from hexwright.engine.model import HexMap
from hexwright.engine.model.hexmap import MapChange
from PySide6.QtCore import QRectF

from .paths import Group, chain_segments, group_chains, polygons_path

__all__ = ["Group", "HexsideGeometry", "MapGeometry", "polygons_path"]

class _GeometryListener:
    """Forwards a map's changes to its geometry without keeping the geometry alive."""

    def __init__(self, geom: MapGeometry) -> None:
        self._geom = weakref.ref(geom)

    def __call__(self, change: MapChange) -> None:
        geom = self._geom()
        if geom is not None:
            geom.apply(change)


@dataclass
class HexsideGeometry:
    """Every hexside with something on it: its key, corners, centres of the hexes it separates."""

    keys: list[Hexside] = field(default_factory=list)
    a: np.ndarray = field(default_factory=lambda: np.zeros((0, 2)))  # first corner
    b: np.ndarray = field(default_factory=lambda: np.zeros((0, 2)))  # second corner
    c1: np.ndarray = field(default_factory=lambda: np.zeros((0, 2)))  # centre of side.hex
    c2: np.ndarray = field(default_factory=lambda: np.zeros((0, 2)))  # centre of side.other
    on_map1: np.ndarray = field(default_factory=lambda: np.zeros(0, bool))
    on_map2: np.ndarray = field(default_factory=lambda: np.zeros(0, bool))

    @property
    def mid(self) -> np.ndarray:
        return (self.a + self.b) / 2.0


class MapGeometry:
    """Scene geometry of one map at one revision. Use `MapGeometry.of(m)` for the cached copy."""

    _cache: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()

    def __init__(self, m: HexMap) -> None:
        # a weak reference: the cache maps each map to its geometry, which must not keep the map alive
        self._map = weakref.ref(m)
        self.layout = m.layout()
        self.size = self.layout.size_x
        self.hexes: list[Hex] = list(m.hexes)
        # np.fromiter over the flattened coordinates: np.array of 40,000 tuples costs ten times as much
        self.qr = np.fromiter(chain.from_iterable(self.hexes), dtype=np.int64,
                              count=2 * len(self.hexes)).reshape(-1, 2)
        self.centers = self.layout.hexes_to_pixels(self.qr.astype(float))
        self.corner_offsets = np.array([self.layout.corner_offset(i) for i in range(6)])
        self.index = {h: i for i, h in enumerate(self.hexes)}
        w, h = m.grid.pixel_size()
        self.extent = QRectF(0.0, 0.0, w, h)
        # which two corners bound side d of a hex (as offsets from its centre)
        side_offsets = []
        for d in range(6):
            (ax, ay), (bx, by) = self.layout.hexside_corners(Hex(0, 0), d)
            ox, oy = self.layout.hex_to_pixel(Hex(0, 0))
            side_offsets.append(((ax - ox, ay - oy), (bx - ox, by - oy)))
        self.side_offsets = np.array(side_offsets)  # (6, 2, 2)
        self.terrain_codes = sorted(set(m.terrain.values()) | set(m.terrain_table.terrain))
        code_index = {c: i for i, c in enumerate(self.terrain_codes)}
        terrain = m.terrain
        self.terrain_index = np.fromiter((code_index[terrain[h]] for h in self.hexes), dtype=np.int32,
                                         count=len(self.hexes))
        self._grid: tuple[np.ndarray, np.ndarray] | None = None
        self._grid_groups: list[Group] | None = None
        self._grid_bounds: np.ndarray | None = None
        self._off_map: np.ndarray | None = None
        self._feature_symbols: dict[tuple[str, str], np.ndarray] | None = None
        self._outline: np.ndarray | None = None
        self._labels: tuple[str, ...] | None = None
        self._outline_chains: list[np.ndarray] | None = None
        self._side_groups: dict[tuple[str, str], list[Group]] = {}
        self._present: tuple[frozenset[str], frozenset[str]] | None = None
        self._crossings: tuple[dict[str, np.ndarray], np.ndarray] | None = None
        self._by_x: tuple[np.ndarray, np.ndarray] | None = None
        self.placed: object | None = None  # label placement (mapdraw), computed when first drawn
        self.synced = -1  # the map revision this geometry shows
        self.grid = m.grid
        self._listener: _GeometryListener | None = None
        self.sides = self._hexsides()

    @property
    def map(self) -> HexMap:
        m = self._map()
        if m is None:
            raise ReferenceError("the map of this geometry no longer exists")
        return m

    @classmethod
    def of(cls, m: HexMap) -> MapGeometry:
        """The map's geometry at its current revision. The cached copy follows the map's edits (its
        MapChange events) in place where it can: a brush stroke updates the terrain of the hexes it
        painted instead of rebuilding 40,000 hexes, so the editor's canvas draws with this geometry
        at every stroke."""
        entry = cls._cache.get(m)
        if entry is not None:
            geom = entry[1]
            if geom.synced == m.revision and geom.grid == m.grid:
                return geom
            geom.detach()
        geom = cls(m)
        geom.synced = m.revision
        geom.grid = m.grid
        cls._cache[m] = (None, geom)
        geom._listener = _GeometryListener(geom)
        m.subscribe(geom._listener)
        return geom

    def detach(self) -> None:
        m = self._map()
        listener = getattr(self, "_listener", None)
        if m is not None and listener is not None:
            m.unsubscribe(listener)
        self._listener = None

    def apply(self, change: MapChange) -> None:
        """Follow one edit of the map; what cannot be followed in place leaves the geometry stale
        (`of` then builds a new one)."""
        m = self._map()
        if m is None or self.synced != m.revision - 1:
            return
        kind = change.kind
        if kind == "terrain":
            codes = {c: i for i, c in enumerate(self.terrain_codes)}
            terrain = m.terrain
            for h in change.hexes:
                i = self.index.get(h)
                if i is None:
                    continue
                ci = codes.get(terrain.get(h, ""))
                if ci is None:  # a code new to this geometry: rebuild
                    return
                self.terrain_index[i] = ci
        elif kind in ("features", "locations"):
            self._feature_symbols = None
        elif kind == "hexside":
            self.sides = self._hexsides()
            self._side_groups.clear()
            self._present = None
            self._crossings = None
        elif kind == "places":
            self.placed = None
        elif kind == "regions":
            self.placed = None  # names keep clear of objective markers
        elif kind in ("elevation", "underlay", "edges"):
            pass
        else:  # the grid or anything else: rebuild
            return
        self.synced = m.revision

    # -- hexes ----------------------------------------------------------------------------------
    def labels(self) -> tuple[str, ...] | None:
        """The printed label of every hex, in `hexes` order; None if the numbering cannot label them."""
        if self._labels is None:
            m = self.map
            try:
                self._labels = tuple(m.label(h) for h in self.hexes)
            except ValueError:
                self._labels = ()
        return self._labels or None

    def feature_symbols(self) -> dict[tuple[str, str], np.ndarray]:
        """(symbol, colour) of the in-hex features -> indices of the hexes that show it (in the map's
        order of features), the keys sorted: the order they are drawn in."""
        if self._feature_symbols is None:
            m = self.map
            table = m.terrain_table.features
            by_symbol: dict[tuple[str, str], list[int]] = {}
            for h, feats in m.features.items():
                i = self.index.get(h)
                if i is None:
                    continue
                for f in feats:
                    ft = table.get(f)
                    if ft is not None:
                        by_symbol.setdefault((ft.symbol, ft.color), []).append(i)
            self._feature_symbols = {k: np.array(v, dtype=np.int64) for k, v in sorted(by_symbol.items())}
        return self._feature_symbols

    def visible(self, exposed: QRectF | None) -> np.ndarray:
        """Indices (ascending) of hexes whose outline may intersect `exposed` (all when None), found
        from the centres sorted by x: a brush stamp's repaint looks at its few columns, not the map."""
        if exposed is None:
            return np.arange(len(self.hexes))
        s = self.size
        if self._by_x is None:
            order = np.argsort(self.centers[:, 0], kind="stable")
            self._by_x = (order, self.centers[order, 0])
        order, xs = self._by_x
        lo, hi = np.searchsorted(xs, [exposed.left() - s, exposed.right() + s], side="left")
        hi = np.searchsorted(xs, exposed.right() + s, side="right")
        cand = order[lo:hi]
        y = self.centers[cand, 1]
        return np.sort(cand[(y >= exposed.top() - s) & (y <= exposed.bottom() + s)])

    def polygons(self, idx: np.ndarray, scale: float = 1.0) -> np.ndarray:
        """(n, 6, 2) hex outlines (optionally shrunk about the centre) of the hexes `idx`."""
        return self.centers[idx][:, None, :] + self.corner_offsets[None, :, :] * scale

    def off_map(self) -> np.ndarray:
        """(n, 6) booleans: whether each hex's neighbour in direction d lies off the map."""
        if self._off_map is None:
            qr = self.qr
            if len(qr) == 0:
                self._off_map = np.zeros((0, 6), dtype=bool)
                return self._off_map
            lo = qr.min(axis=0) - 1
            hi = qr.max(axis=0) + 1
            on = np.zeros((int(hi[0] - lo[0]) + 1, int(hi[1] - lo[1]) + 1), dtype=bool)  # the box around the map
            on[qr[:, 0] - lo[0], qr[:, 1] - lo[1]] = True
            steps = np.array([DIRECTIONS[d] for d in range(6)], dtype=np.int64)
            nb = qr[:, None, :] + steps[None, :, :] - lo
            self._off_map = ~on[nb[..., 0], nb[..., 1]]
        return self._off_map

    def grid_segments(self) -> tuple[np.ndarray, np.ndarray]:
        """Every hex edge once: (k, 2, 2) segments and the index of the hex each belongs to."""
        if self._grid is None:
            segs, owner = [], []
            n = len(self.hexes)
            for d in range(3):
                segs.append(self.centers[:, None, :] + self.side_offsets[d][None, :, :])
                owner.append(np.arange(n))
            # sides 3-5 only where the neighbour is off the map (the map's outline)
            off = self.off_map()
            for d in range(3, 6):
                idx = np.flatnonzero(off[:, d])
                segs.append(self.centers[idx][:, None, :] + self.side_offsets[d][None, :, :])
                owner.append(idx)
            self._grid = (np.concatenate(segs), np.concatenate(owner))
        return self._grid

    def grid_segments_near(self, rect: QRectF, margin: float) -> np.ndarray:
        """The grid's edges whose bounds come within `margin` of `rect`, as (k, 2, 2) segments."""
        segs, _ = self.grid_segments()
        if self._grid_bounds is None:
            self._grid_bounds = np.concatenate([segs.min(axis=1), segs.max(axis=1)], axis=1)  # x0, y0, x1, y1
        b = self._grid_bounds
        near = ((b[:, 0] <= rect.right() + margin) & (b[:, 2] >= rect.left() - margin)
                & (b[:, 1] <= rect.bottom() + margin) & (b[:, 3] >= rect.top() - margin))
        return segs[near]

    def outline_segments(self) -> np.ndarray:
        """The map's outline: every hex side whose neighbour is off the map, as (k, 2, 2) segments."""
        if self._outline is not None:
            return self._outline
        off = self.off_map()
        segs = []
        for d in range(6):
            idx = np.flatnonzero(off[:, d])
            segs.append(self.centers[idx][:, None, :] + self.side_offsets[d][None, :, :])
        self._outline = np.concatenate(segs)
        return self._outline

    def outline_chains(self) -> list[np.ndarray]:
        """The map's outline joined into polylines (for a frame drawn with clean corners)."""
        if self._outline_chains is None:
            chains = chain_segments(self.outline_segments())
            for c in chains:
                # a ring's two ends are computed from different hexes and may differ in the last bit;
                # made equal, Qt strokes every ring with a join where it closes (at any scale)
                if len(c) > 2 and np.allclose(c[0], c[-1], rtol=0.0, atol=1e-6 * self.size):
                    c[-1] = c[0]
            self._outline_chains = chains
        return self._outline_chains

    def outline_chains_near(self, rect: QRectF | None, margin: float) -> list[np.ndarray]:
        """The parts of the outline chains whose segments come within `margin` of `rect` (all of them
        when None). A chain is cut only at points farther than `margin` from `rect`, so with a margin
        wider than the pen's joins and caps the stroke inside `rect` is the whole outline's; stroking
        the whole outline for every band of a large export cost seconds."""
        chains = self.outline_chains()
        if rect is None:
            return chains
        x0, y0 = rect.left() - margin, rect.top() - margin
        x1, y1 = rect.right() + margin, rect.bottom() + margin
        out: list[np.ndarray] = []
        for c in chains:
            a, b = c[:-1], c[1:]
            near = ((np.minimum(a[:, 0], b[:, 0]) <= x1) & (np.maximum(a[:, 0], b[:, 0]) >= x0)
                    & (np.minimum(a[:, 1], b[:, 1]) <= y1) & (np.maximum(a[:, 1], b[:, 1]) >= y0))
            if near.all():
                out.append(c)
                continue
            if len(c) > 2 and np.array_equal(c[0], c[-1]):
                # a closed ring is stroked with a join where it closes: start it after a far segment so
                # that no run is cut at the closing point
                k = int(np.flatnonzero(~near)[0]) + 1
                ring = np.roll(c[:-1], -k, axis=0)
                c = np.concatenate([ring, ring[:1]])
                near = np.roll(near, -k)
            # runs of consecutive near segments: segment i joins points i and i + 1
            edges = np.diff(np.concatenate(([0], near.astype(np.int8), [0])))
            for start, stop in zip(np.flatnonzero(edges == 1).tolist(), np.flatnonzero(edges == -1).tolist(),
                                   strict=True):
                out.append(c[start:stop + 1])
        return out

    def grid_groups(self) -> list[Group]:
        """The grid's edges in blocks of about 8 x 8 hex sizes (one stroked path each)."""
        if self._grid_groups is None:
            segs, owner = self.grid_segments()
            block = 8.0 * self.size
            keys = np.floor(self.centers[owner] / block).astype(np.int64)
            order = np.lexsort((keys[:, 1], keys[:, 0]))
            groups = []
            keys, segs = keys[order], segs[order]
            cuts = np.flatnonzero(np.any(np.diff(keys, axis=0) != 0, axis=1)) + 1
            for part in np.split(np.arange(len(segs)), cuts):
                if len(part) == 0:
                    continue
                pts = segs[part].reshape(-1, 2)
                lo, hi = pts.min(axis=0), pts.max(axis=0)
                groups.append(Group((float(lo[0]), float(lo[1]), float(hi[0]), float(hi[1])), list(segs[part])))
            self._grid_groups = groups
        return self._grid_groups

    def feature_groups(self, code: str) -> list[Group]:
        """Hexside feature `code` (a river, a canal...) along its hexsides, joined into chains."""
        key = ("feature", code)
        if key not in self._side_groups:
            sides = self.sides
            sel = np.array([i for i, k in enumerate(sides.keys) if code in self.map.hexsides[k].features], dtype=int)
            chains = chain_segments(np.stack([sides.a[sel], sides.b[sel]], axis=1)) if len(sel) else []
            self._side_groups[key] = group_chains(chains, 8.0 * self.size)
        return self._side_groups[key]

    def path_groups(self, code: str) -> list[Group]:
        """Path `code` (road, trail, railroad) from hex centre to hex centre through each linked hexside;
        a link to a hex off the map runs to the hexside, the map edge."""
        key = ("path", code)
        if key not in self._side_groups:
            sides = self.sides
            sel = np.array([i for i, k in enumerate(sides.keys) if code in self.map.hexsides[k].paths], dtype=int)
            chains: list[np.ndarray] = []
            if len(sel):
                start = np.where(sides.on_map1[sel][:, None], sides.c1[sel], sides.mid[sel])
                end = np.where(sides.on_map2[sel][:, None], sides.c2[sel], sides.mid[sel])
                chains = chain_segments(np.stack([start, end], axis=1))
            self._side_groups[key] = group_chains(chains, 8.0 * self.size)
        return self._side_groups[key]

    def present(self) -> tuple[frozenset[str], frozenset[str]]:
        """The hexside feature codes and the path codes that appear on the map."""
        if self._present is None:
            hs = self.map.hexsides.values()
            self._present = (frozenset(f for info in hs for f in info.features),
                             frozenset(p for info in hs for p in info.paths))
        return self._present

    def crossings(self) -> tuple[dict[str, np.ndarray], np.ndarray]:
        """The hexsides (indices into `sides`) with a bridge, by bridge kind in the order the kinds first
        appear, and those with a ferry (a hexside feature that permits crossing) and no bridge."""
        if self._crossings is None:
            m = self.map
            crossing = {f for f, ft in m.terrain_table.hexside_features.items() if ft.permits_crossing}
            by_kind: dict[str, list[int]] = {}
            ferries: list[int] = []
            hexsides = m.hexsides
            for i, k in enumerate(self.sides.keys):
                info = hexsides[k]
                if info.bridge is not None:
                    by_kind.setdefault(info.bridge, []).append(i)
                elif crossing and not crossing.isdisjoint(info.features):
                    ferries.append(i)
            self._crossings = ({kind: np.array(v, dtype=np.int64) for kind, v in by_kind.items()},
                               np.array(ferries, dtype=np.int64))
        return self._crossings

    # -- hexsides -------------------------------------------------------------------------------
    def _hexsides(self) -> HexsideGeometry:
        m = self._map()
        assert m is not None
        keys = list(m.hexsides)
        if not keys:
            return HexsideGeometry()
        arr = np.fromiter(chain.from_iterable(keys), dtype=float, count=3 * len(keys)).reshape(-1, 3)
        qr1 = arr[:, :2]
        dirs = arr[:, 2].astype(int)
        dq = np.array([DIRECTIONS[d] for d in range(3)], dtype=float)
        qr2 = qr1 + dq[dirs]
        c1 = self.layout.hexes_to_pixels(qr1)
        c2 = self.layout.hexes_to_pixels(qr2)
        offs = self.side_offsets[dirs]
        on = self.index
        on1 = np.fromiter((Hex(k.q, k.r) in on for k in keys), dtype=bool, count=len(keys))
        on2 = np.fromiter((k.other in on for k in keys), dtype=bool, count=len(keys))
        return HexsideGeometry(keys, c1 + offs[:, 0], c1 + offs[:, 1], c1, c2, on1, on2)

    def sides_visible(self, exposed: QRectF | None) -> np.ndarray:
        sides = self.sides
        if exposed is None or not sides.keys:
            return np.arange(len(sides.keys))
        s = self.size
        mid = sides.mid
        x, y = mid[:, 0], mid[:, 1]
        mask = ((x >= exposed.left() - s) & (x <= exposed.right() + s)
                & (y >= exposed.top() - s) & (y <= exposed.bottom() + s))
        return np.flatnonzero(mask)
