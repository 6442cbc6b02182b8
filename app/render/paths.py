"""QPainterPaths from numpy arrays in one go, and the line work's chains and groups.

Building a QPainterPath element by element from Python costs about a microsecond a call, which is
most of a second for the 40,000 hexes of a 200 x 200 map. Instead the paths are written in
QPainterPath's own QDataStream form (element count, then type/x/y per element, big-endian) with
numpy and read back by Qt in C++: tens of milliseconds for the same map. Segments are joined into
chains and rings here, and chains grouped by map block so that a tile and the whole map stroke the
same groups (geometry.py builds the arrays; mapdraw.py and regions.py draw them).
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
from PySide6.QtCore import QByteArray, QDataStream, QIODevice, QRectF
from PySide6.QtGui import QPainterPath

_MOVE, _LINE = 0, 1
_RECORD = np.dtype([("t", ">i4"), ("x", ">f8"), ("y", ">f8")])


def _path_from_records(rec: np.ndarray, winding: bool = False) -> QPainterPath:
    path = QPainterPath()
    n = len(rec)
    if n == 0:
        return path
    last_move = int(np.flatnonzero(rec["t"] == _MOVE)[-1]) if n else 0
    fill_rule = 1 if winding else 0  # Qt::WindingFill / Qt::OddEvenFill
    data = np.array([n], ">i4").tobytes() + rec.tobytes() + np.array([last_move, fill_rule], ">i4").tobytes()
    buffer = QByteArray(data)  # kept alive while the stream reads it
    stream = QDataStream(buffer, QIODevice.OpenModeFlag.ReadOnly)
    stream >> path  # QDataStream's operator>> fills `path`
    return path


def polygons_path(polys: np.ndarray) -> QPainterPath:
    """One path of closed polygons from an (n, k, 2) array (each ring closed back to its first point),
    filled by the winding rule so polygons that overlap stay filled where they overlap."""
    polys = np.asarray(polys, dtype=float)
    if polys.size == 0:
        return QPainterPath()
    n, k, _ = polys.shape
    rec = np.zeros((n, k + 1), dtype=_RECORD)
    rec["t"] = _LINE
    rec["t"][:, 0] = _MOVE
    rec["x"][:, :k] = polys[..., 0]
    rec["y"][:, :k] = polys[..., 1]
    rec["x"][:, k] = polys[:, 0, 0]
    rec["y"][:, k] = polys[:, 0, 1]
    return _path_from_records(rec.reshape(-1), winding=True)  # overlapping polygons stay filled


def polylines_path(lines: np.ndarray) -> QPainterPath:
    """One path of open polylines from an (n, k, 2) array (segments when k == 2)."""
    lines = np.asarray(lines, dtype=float)
    if lines.size == 0:
        return QPainterPath()
    n, k, _ = lines.shape
    rec = np.zeros((n, k), dtype=_RECORD)
    rec["t"] = _LINE
    rec["t"][:, 0] = _MOVE
    rec["x"] = lines[..., 0]
    rec["y"] = lines[..., 1]
    return _path_from_records(rec.reshape(-1))


def chains_path(chains: list[np.ndarray]) -> QPainterPath:
    """One path of open polylines of any lengths (each an (k, 2) array)."""
    chains = [c for c in chains if len(c) >= 2]
    if not chains:
        return QPainterPath()
    pts = np.concatenate(chains).astype(float)
    rec = np.zeros(len(pts), dtype=_RECORD)
    rec["t"] = _LINE
    starts = np.cumsum([0] + [len(c) for c in chains[:-1]])
    rec["t"][starts] = _MOVE
    rec["x"] = pts[:, 0]
    rec["y"] = pts[:, 1]
    return _path_from_records(rec)


SMOOTH_STEPS = 8  # line pieces per curve segment (Qt dashes and strokes curves very slowly)


def smooth_chains(chains: list[np.ndarray], steps: int = SMOOTH_STEPS) -> list[np.ndarray]:
    """Chains of hex centres as smooth curves, sampled as polylines: each chain runs from its first point
    through the midpoints of its links (the hexsides it crosses) to its last point, as a Catmull-Rom
    spline. A road that zigzags from centre to centre across a flat-top grid has collinear link
    midpoints, so it comes out as the straight line the printed map shows; where it turns it rounds the
    corner inside the hex it turns in."""
    t = np.linspace(0.0, 1.0, steps + 1)[1:, None]  # (steps, 1)
    b0, b1, b2, b3 = (1 - t) ** 3, 3 * (1 - t) ** 2 * t, 3 * (1 - t) * t ** 2, t ** 3
    out = []
    for c in chains:
        c = np.asarray(c, dtype=float)
        if len(c) < 3:
            out.append(c)
            continue
        q = np.concatenate([c[:1], (c[:-1] + c[1:]) / 2.0, c[-1:]])
        prev = np.concatenate([q[:1], q[:-2]])  # q[i-1] (q[0] at the start)
        nxt2 = np.concatenate([q[2:], q[-1:]])  # q[i+2] (the last point at the end)
        p0, p3 = q[:-1], q[1:]
        p1 = p0 + (p3 - prev) / 6.0
        p2 = p3 - (nxt2 - p0) / 6.0
        pts = (b0[None] * p0[:, None] + b1[None] * p1[:, None] + b2[None] * p2[:, None] + b3[None] * p3[:, None])
        out.append(np.concatenate([q[:1], pts.reshape(-1, 2)]))
    return out


def smooth_chains_path(chains: list[np.ndarray]) -> QPainterPath:
    """`smooth_chains` as one path of polylines."""
    return chains_path(smooth_chains(chains))


def chain_segments(segs: np.ndarray, digits: int = 3) -> list[np.ndarray]:
    """Join segments that share end points into polylines, so a river or a road is stroked with
    smooth joins rather than capped piece by piece. Where three or more meet, a chain ends."""
    segs = np.asarray(segs, dtype=float)
    if len(segs) == 0:
        return []
    keys = [tuple(pt) for pt in np.round(segs.reshape(-1, 2), digits).tolist()]
    ends: dict[tuple, list[int]] = {}
    for i, k in enumerate(keys):
        ends.setdefault(k, []).append(i)  # i: 2 * segment + end
    used = np.zeros(len(segs), dtype=bool)
    chains: list[np.ndarray] = []

    def extend(seg: int, end: int, out: list[int]) -> None:
        # walk from `end` of `seg` through points where exactly two segment ends meet
        while True:
            k = keys[2 * seg + end]
            nxt = [j for j in ends[k] if j // 2 != seg and not used[j // 2]]
            if len(ends[k]) != 2 or not nxt:
                return
            j = nxt[0]
            seg, end = j // 2, 1 - (j % 2)
            used[seg] = True
            out.append(2 * seg + end)

    for s0 in range(len(segs)):
        if used[s0]:
            continue
        used[s0] = True
        forward: list[int] = []
        extend(s0, 1, forward)
        backward: list[int] = []
        extend(s0, 0, backward)
        pts = [segs[j // 2, j % 2] for j in reversed(backward)]
        pts += [segs[s0, 0], segs[s0, 1]]
        pts += [segs[j // 2, j % 2] for j in forward]
        chains.append(np.array(pts))
    return chains


def closed_rings(segs: np.ndarray, digits: int = 3) -> list[np.ndarray]:
    """Directed segments (n, 2, 2) that close up, every point left by as many segments as reach it (the
    sides of a set of hexes that face outward, each turned the same way round its own hex), joined into
    closed polylines, first point repeated last. Filled, they cover what the hexes cover, with a handful of
    edges for the rasterizer instead of six a hex."""
    segs = np.asarray(segs, dtype=float)
    starts = [tuple(p) for p in np.round(segs[:, 0], digits).tolist()]
    stops = [tuple(p) for p in np.round(segs[:, 1], digits).tolist()]
    leaving: dict[tuple, list[int]] = {}
    for n, k in enumerate(starts):
        leaving.setdefault(k, []).append(n)
    used = [False] * len(segs)
    rings: list[np.ndarray] = []
    for first in range(len(segs)):
        if used[first]:
            continue
        pts = [segs[first, 0]]
        at: int | None = first
        while at is not None and not used[at]:
            used[at] = True
            pts.append(segs[at, 1])
            at = next((j for j in leaving.get(stops[at], ()) if not used[j]), None)
        rings.append(np.array(pts))
    return rings


@dataclass
class Group:
    """Lines drawn together: always the same members whatever part of the map is drawn, so a tile
    and the whole map stroke (and antialias, and dash) them identically."""

    bounds: tuple[float, float, float, float]  # x0, y0, x1, y1
    chains: list[np.ndarray]
    _paths: dict = field(default_factory=dict, repr=False, compare=False)

    def path(self, kind: str = "chains") -> QPainterPath:
        """The group as one path, built once: "chains" (polylines), "smooth" (smooth_chains_path) or
        "segments" (each member a segment)."""
        p = self._paths.get(kind)
        if p is None:
            if kind == "smooth":
                p = smooth_chains_path(self.chains)
            elif kind == "segments":
                p = polylines_path(np.array(self.chains))
            else:
                p = chains_path(self.chains)
            self._paths[kind] = p
        return p

    def intersects(self, rect: QRectF | None, margin: float) -> bool:  # one group; see groups_near
        if rect is None:
            return True
        x0, y0, x1, y1 = self.bounds
        return not (x1 + margin < rect.left() or x0 - margin > rect.right()
                    or y1 + margin < rect.top() or y0 - margin > rect.bottom())


_BOUNDS: dict[int, tuple[list, np.ndarray]] = {}


def _group_bounds(groups: list[Group]) -> np.ndarray:
    """The (n, 4) bounds of a cached list of groups, kept while that list lives."""
    entry = _BOUNDS.get(id(groups))
    if entry is not None and entry[0] is groups:
        return entry[1]
    b = np.array([g.bounds for g in groups])
    if len(_BOUNDS) > 64:
        _BOUNDS.clear()
    _BOUNDS[id(groups)] = (groups, b)
    return b


def groups_near(groups: list[Group], rect: QRectF | None, margin: float) -> list[Group]:
    """The groups whose bounds come within `margin` of `rect` (all when None), tested with numpy."""
    if rect is None or not groups:
        return groups
    b = _group_bounds(groups)
    near = ((b[:, 2] + margin >= rect.left()) & (b[:, 0] - margin <= rect.right())
            & (b[:, 3] + margin >= rect.top()) & (b[:, 1] - margin <= rect.bottom()))
    return [groups[i] for i in np.flatnonzero(near)]


def group_chains(chains: list[np.ndarray], block: float) -> list[Group]:
    """Chains grouped by the map block (block x block scene units) their first point lies in."""
    by_block: dict[tuple[int, int], list[np.ndarray]] = {}
    for c in chains:
        by_block.setdefault((int(c[0, 0] // block), int(c[0, 1] // block)), []).append(c)
    groups = []
    for key in sorted(by_block):
        cs = by_block[key]
        pts = np.concatenate(cs)
        lo, hi = pts.min(axis=0), pts.max(axis=0)
        groups.append(Group((float(lo[0]), float(lo[1]), float(hi[0]), float(hi[1])), cs))
    return groups
