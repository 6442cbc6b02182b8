"""Can I see that: line of sight between locations (ASL Arnhem Bridge, 004_09a6f3be713b811c.txt, 1.1,
1.12, 1.3, 1.31), drawn with shapely from hex centre to hex centre over the map's obstacles.

What blocks and what hinders is the map's data (`los:` in a terrain's, feature's or hexside feature's
`combat:`, see locations.py). Each obstacle or hindrance spans levels [base, base + height]: a
terrain's base is its location's level, a hexside's is its `level` (or the higher of the two hexes'
elevations), the ground of a hex at elevation e is an obstacle spanning [0, e - 1]. A location's
feature stops below the next location up in its hex (beneath the bridge ends under the deck).

The level rule (reconstructed: ASL's own LOS chapter, A6, is not in the source): an obstacle or
hindrance affects a LOS when it reaches the level of the higher endpoint, i.e. base <= max <= top,
and, when it stops under another location, when the lower endpoint is below that location. This
gives every statement of the source: the rowhouse hexside R17/R18 (Level 0, height 0) blocks R18 to
Q17 at ground level (1.12 EX) but not the bridge above it; ground-level rubble beneath the bridge
blocks Q16 to the ground level of T16 but not Q16 to Level 1 of T16 (1.31 EX); the location beneath
the bridge is a one-level hindrance (height 1) that hinders both (1.3, 1.31 EX). Blind hexes (A6.4)
are not modelled.

Geometry: hex obstacles are hex polygons shrunk by a millionth, so a LOS running along a hexside or
through a vertex does not enter the hexes on either side; hexside obstacles are the full hexside,
lengthened by a millionth at both ends, so a LOS through its end vertex is blocked (1.12: "the
entire length of the hexside"). Obstacles and hindrances in the two endpoints' own hexes do not
count; hexsides of those hexes do (the 1.12 example's R17/R18).

The index is a shapely STRtree queried with the LOS cut into pieces about two hexes long, so only
obstacles near the line are tested; `brute_force=True` tests the line against every obstacle (the
benchmark's baseline, docs/benchmarks.md).
"""

from __future__ import annotations

import math
import weakref
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import shapely
from shapely.geometry import LineString, Polygon

from ...hexgrid import Hex, Hexside
from ...model.hexmap import HexMap
from .locations import (
    LocationRef,
    bridge_kind,
    feature_data,
    hexside_feature_data,
    location_at,
    location_label,
    locations_of,
    rule_of,
    terrain_data,
)

SHRINK = 1e-6
_EXTEND = 2.0 ** -20
PIECE = 8.0  # lattice units: the index is queried with the line cut in pieces about two hexes long
NEAR_LINE = 4.0  # lattice units: an index for one line reads the hexes whose centres are this near it
_FLAT_CORNERS = ((2, 0), (1, 1), (-1, 1), (-2, 0), (-1, -1), (1, -1))
_POINTY_CORNERS = ((1, 1), (0, 2), (-1, 1), (-1, -1), (0, -2), (1, -1))
SSR_1_1 = "ASL Arnhem Bridge SSR 1.1"
SSR_1_31 = "ASL Arnhem Bridge SSR 1.31"


@dataclass(frozen=True)
class LosFeature:
    """One obstacle or hindrance: where it is, the levels it spans, what it is and the rule."""

    kind: str  # "obstacle" or "hindrance"
    lo: float
    hi: float
    cap: float | None  # the level of the next location above in its hex (exclusive)
    drm: int
    what: str
    rule: str
    hex: Hex | None = None
    hexside: Hexside | None = None

    def affects(self, zmin: float, zmax: float) -> bool:
        return self.lo <= zmax <= self.hi and (self.cap is None or zmin < self.cap)


@dataclass(frozen=True)
class LosHit:
    kind: str
    what: str
    rule: str
    drm: int = 0
    hex: str | None = None
    hexside: str | None = None

    def text(self) -> str:
        s = self.what + (f" +{self.drm}" if self.kind == "hindrance" and self.drm else "")
        return s + (f" ({self.rule})" if self.rule else "")


# ASL A6.7 (the ASL rulebook, not in the source): a LOS hindered by +6 or more is blocked; not modelled
BLOCKING_HINDRANCE = 6


@dataclass(frozen=True)
class LosAnswer:
    """The answer to "can A see B": clear or blocked, by what, and the hindrances counted."""

    a: str
    b: str
    clear: bool
    blocked_by: tuple[LosHit, ...] = ()
    hindrances: tuple[LosHit, ...] = ()
    line: tuple[tuple[float, float], tuple[float, float]] = ((0.0, 0.0), (0.0, 0.0))
    notes: tuple[str, ...] = field(default=())

    @property
    def hindrance_total(self) -> int:
        return sum(h.drm for h in self.hindrances)

    @property
    def blocks_under_a6_7(self) -> bool:
        """Whether the hindrances add up to what blocks the LOS under the ASL rulebook's A6.7 (+6 or more):
        the special rules (004_09a6f3be713b811c.txt) do not say when hindrances block, so the answer stays
        "clear" and says so."""
        return self.clear and self.hindrance_total >= BLOCKING_HINDRANCE

    def text(self) -> str:
        if not self.clear:
            return f"{self.a} -> {self.b}: no LOS: " + "; ".join(h.text() for h in self.blocked_by)
        s = f"{self.a} -> {self.b}: clear LOS"
        if self.hindrances:
            s += f", hindered +{self.hindrance_total}"
            if self.blocks_under_a6_7:
                s += f" (+{self.hindrance_total}: blocks under the ASL rulebook's A6.7, which is not modelled)"
            s += ": " + "; ".join(h.text() for h in self.hindrances)
        else:
            s += ", no hindrance"
        return s

    def to_dict(self) -> dict[str, Any]:
        def hit(h: LosHit) -> dict[str, Any]:
            d: dict[str, Any] = {"kind": h.kind, "what": h.what, "rule": h.rule}
            if h.hex:
                d["hex"] = h.hex
            if h.hexside:
                d["hexside"] = h.hexside
            if h.kind == "hindrance":
                d["drm"] = h.drm
            return d

        return {"from": self.a, "to": self.b, "los": self.clear,
                "blocked_by": [hit(h) for h in self.blocked_by], "hindrances": [hit(h) for h in self.hindrances],
                "hindrance_drm": self.hindrance_total, "blocks_under_asl_a6_7": self.blocks_under_a6_7,
                "text": self.text()}


def side_label(m: HexMap, side: Hexside) -> str:
    """`R17/R18` as the rules name a hexside: the two labels in board order."""
    def key(lab: str) -> tuple[str, int]:
        letters = lab.rstrip("0123456789-")
        digits = lab[len(letters):]
        return letters, int(digits) if digits.lstrip("-").isdigit() else 0
    return "/".join(sorted(m.hexside_label(side).split("/"), key=key))


def _los_entries(data: dict[str, Any]) -> list[tuple[str, float, int]]:
    """(kind, height, drm) of a `los:` entry."""
    los = data.get("los")
    if not isinstance(los, dict):
        return []
    out: list[tuple[str, float, int]] = []
    if "obstacle" in los:
        out.append(("obstacle", float(los["obstacle"]), 0))
    if "hindrance" in los:
        out.append(("hindrance", float(los.get("height", 0)), int(los["hindrance"])))
    return out


class LosIndex:
    """Every obstacle and hindrance of a map with its geometry, in a shapely STRtree; or, given `near`, only
    those near the centre-to-centre line between those two hexes: one line's answer (the `los` command)
    then reads the hexes along it, not the whole map, and is the same as the whole map's index gives."""

    def __init__(self, m: HexMap, near: tuple[Hex, Hex] | None = None) -> None:
        self.map = m
        self.revision = m.revision
        self.layout = m.layout()
        self.flat = m.grid.orientation == "flat"
        corridor = self._corridor(m, near) if near is not None else None
        feats: list[LosFeature] = []
        self._polys: dict[Hex, Polygon] = {}
        table = m.terrain_table
        in_terrain = {code for code in table.terrain if _los_entries(terrain_data(m, code))}
        in_features = {code for code in table.features if _los_entries(feature_data(m, code))}
        terrain, elevation, features, extra = m.terrain, m.elevation, m.features, m.locations
        for h in (m.hexes if corridor is None else [h for h in m.hexes if h in corridor]):
            if (terrain[h] not in in_terrain and not elevation.get(h) and h not in extra
                    and not in_features.intersection(features.get(h, ()))):
                continue  # nothing in this hex blocks or hinders (most hexes of a map)
            found: list[LosFeature] = []
            lab = m.label(h)
            e = m.elevation_at(h)
            if e >= 1:
                found.append(LosFeature("obstacle", 0, e - 1, None, 0, f"hill {lab} (Level {e})", "", h))
            locs = locations_of(m, h)
            for i, loc in enumerate(locs):
                cap = float(locs[i + 1].ref.level) if i + 1 < len(locs) else None
                base = float(loc.ref.level)
                tname = table.terrain[loc.terrain].name if loc.terrain in table.terrain else loc.terrain
                where = location_label(m, loc.ref)
                sources = [(terrain_data(m, loc.terrain), f"{where}: {tname}")]
                sources += [(feature_data(m, f), f"{where}: {table.features[f].name.lower()}")
                            for f in loc.features if f in table.features]
                for data, what in sources:
                    for kind, height, drm in _los_entries(data):
                        found.append(LosFeature(kind, base, base + height, cap, drm, what, rule_of(data), h))
            feats.extend(found)
        for side, info in m.hexsides.items():
            ha, hb = side.hexes()
            if corridor is not None and ha not in corridor and hb not in corridor:
                continue
            base = float(info.level if info.level is not None else max(m.elevation_at(ha), m.elevation_at(hb)))
            for code in info.features:
                data = hexside_feature_data(m, code)
                for kind, height, drm in _los_entries(data):
                    name = table.hexside_features[code].name.lower() if code in table.hexside_features else code
                    label = side_label(m, side)
                    where = " beneath the bridge" if info.level is not None and any(
                        bridge_kind(m, x) == "beneath" for h2 in (ha, hb) for x in locations_of(m, h2)) else ""
                    feats.append(LosFeature(kind, base, base + height, None, drm, f"{name} hexside {label}{where}",
                                            rule_of(data), None, side))
        self.features = feats
        self.anchors = [self._anchor(f) for f in feats]
        self._hits: dict[int, LosHit] = {}
        self.geoms = self._geometries(feats)
        self.tree = shapely.STRtree(self.geoms)

    def _geometries(self, feats: list[LosFeature]) -> np.ndarray:
        """The features' shapes, made in two vectorised calls: hex polygons and hexside segments."""
        geoms = np.empty(len(feats), dtype=object)
        hex_rows = [i for i, f in enumerate(feats) if f.hex is not None]
        side_rows = [i for i, f in enumerate(feats) if f.hex is None]
        offs = np.array(_FLAT_CORNERS if self.flat else _POINTY_CORNERS, dtype=np.float64) * (1.0 - SHRINK)
        if hex_rows:
            hexes = [f.hex for f in feats if f.hex is not None]
            centres = np.array([self.lattice_centre(h) for h in hexes], dtype=np.float64)
            rings = centres[:, None, :] + offs[None, :, :]
            geoms[hex_rows] = shapely.polygons(np.concatenate([rings, rings[:, :1]], axis=1))
        if side_rows:
            sides = [f.hexside for f in feats if f.hex is None and f.hexside is not None]
            ends = np.array([self._side_ends(s) for s in sides], dtype=np.float64)
            geoms[side_rows] = shapely.linestrings(ends)
        return geoms

    def _corridor(self, m: HexMap, near: tuple[Hex, Hex]) -> set[Hex]:
        """The hexes whose centres lie within NEAR_LINE lattice units of the line between the centres of
        `near`: every hex whose shape, and every hexside whose line, the line can touch (a hex's corners
        are 2 units from its centre, a hexside's ends are its hexes' corners lengthened by _EXTEND)."""
        hexes = m.hexes
        if not hexes:
            return set()
        (x1, y1), (x2, y2) = self.lattice_centre(near[0]), self.lattice_centre(near[1])
        q = np.array([h.q for h in hexes], dtype=np.float64)
        r = np.array([h.r for h in hexes], dtype=np.float64)
        cx, cy = (3 * q, 2 * r + q) if self.flat else (2 * q + r, 3 * r)
        dx, dy = x2 - x1, y2 - y1
        length2 = dx * dx + dy * dy
        t = np.clip(((cx - x1) * dx + (cy - y1) * dy) / length2, 0.0, 1.0) if length2 else np.zeros_like(cx)
        dist2 = (cx - (x1 + t * dx)) ** 2 + (cy - (y1 + t * dy)) ** 2
        return {hexes[i] for i in np.flatnonzero(dist2 <= NEAR_LINE * NEAR_LINE)}

    # -- geometry ------------------------------------------------------------------------------------
    # Obstacles and lines live on an integer lattice, an affine image of the map (predicates such as
    # "intersects" survive affine maps): a flat-top hex (q, r) is centred at (3q, 2r + q) with corners
    # at (+-2, 0) and (+-1, +-1) from it; a pointy-top one at (2q + r, 3r) with corners at (0, +-2) and
    # (+-1, +-1). Exact coordinates make a LOS that runs along a wall or through a vertex give the same
    # answer however the line is cut (the index's pieces are cut at dyadic fractions, also exact).
    def centre(self, h: Hex) -> tuple[float, float]:
        """The hex's centre on the screen (scene coordinates), for drawing the line."""
        return self.layout.hex_to_pixel(h)

    def lattice_centre(self, h: Hex) -> tuple[int, int]:
        if self.flat:
            return 3 * h.q, 2 * h.r + h.q
        return 2 * h.q + h.r, 3 * h.r

    def lattice_corners(self, h: Hex) -> list[tuple[int, int]]:
        cx, cy = self.lattice_centre(h)
        offs = _FLAT_CORNERS if self.flat else _POINTY_CORNERS
        return [(cx + dx, cy + dy) for dx, dy in offs]

    def _anchor(self, f: LosFeature) -> tuple[float, float]:
        """Where a feature lies along a line, for listing hits from the viewer outwards."""
        if f.hex is not None:
            return self.lattice_centre(f.hex)
        assert f.hexside is not None
        (x1, y1), (x2, y2) = self.lattice_centre(f.hexside.hex), self.lattice_centre(f.hexside.other)
        return (x1 + x2) / 2, (y1 + y2) / 2

    def hit(self, i: int) -> LosHit:
        h = self._hits.get(i)
        if h is None:
            h = self._hits[i] = _hit(self.map, self.features[i])
        return h

    def hex_polygon(self, h: Hex) -> Polygon:
        poly = self._polys.get(h)
        if poly is None:
            cx, cy = self.lattice_centre(h)
            k = 1.0 - SHRINK
            poly = self._polys[h] = Polygon([(cx + (x - cx) * k, cy + (y - cy) * k)
                                             for x, y in self.lattice_corners(h)])
        return poly

    def _side_ends(self, side: Hexside) -> tuple[tuple[float, float], tuple[float, float]]:
        a, b = side.hexes()
        shared = sorted(set(self.lattice_corners(a)) & set(self.lattice_corners(b)))
        (x1, y1), (x2, y2) = shared
        e = _EXTEND  # a power of two: the lengthened ends stay exactly on the hexside's line
        return (x1 - (x2 - x1) * e, y1 - (y2 - y1) * e), (x2 + (x2 - x1) * e, y2 + (y2 - y1) * e)

    def hexside_line(self, side: Hexside) -> LineString:
        return LineString(self._side_ends(side))

    # -- queries -------------------------------------------------------------------------------------
    def candidates(self, a: Hex, b: Hex, brute_force: bool = False) -> list[int]:
        """Indices of the obstacles the centre-to-centre line from `a` to `b` touches."""
        (x1, y1), (x2, y2) = self.lattice_centre(a), self.lattice_centre(b)
        if brute_force:
            line = LineString([(x1, y1), (x2, y2)])
            return [int(i) for i in np.flatnonzero(shapely.intersects(line, self.geoms))]
        # pieces about two hexes long (a hex is 4 lattice units across), a power of two of them
        pieces = 1 << max(0, math.ceil(math.log2(max(1.0, math.hypot(x2 - x1, y2 - y1) / PIECE))))
        ts = np.arange(pieces + 1, dtype=float) / pieces
        xs, ys = x1 + (x2 - x1) * ts, y1 + (y2 - y1) * ts
        coords = np.stack([np.stack([xs[:-1], ys[:-1]], 1), np.stack([xs[1:], ys[1:]], 1)], 1)
        segs = shapely.linestrings(coords)
        hits = self.tree.query(segs, predicate="intersects")
        return sorted({int(i) for i in hits[1]})

    def affecting(self, a: Hex, b: Hex, zmin: float, zmax: float, brute_force: bool = False) -> list[int]:
        """Indices of the obstacles and hindrances that affect a LOS from `a` to `b` at these levels."""
        out = []
        feats = self.features
        for i in self.candidates(a, b, brute_force):
            f = feats[i]
            if f.hex is not None and (f.hex == a or f.hex == b):
                continue
            if f.affects(zmin, zmax):
                out.append(i)
        return out


_CACHE: weakref.WeakKeyDictionary[HexMap, LosIndex] = weakref.WeakKeyDictionary()


def los_index(m: HexMap) -> LosIndex:
    """The map's LOS index, rebuilt when the map has changed."""
    idx = _CACHE.get(m)
    if idx is None or idx.revision != m.revision:
        idx = _CACHE[m] = LosIndex(m)
    return idx


def line_of_sight(m: HexMap, a: LocationRef, b: LocationRef, rubble: Iterable[LocationRef] = (),
                  index: LosIndex | None = None, brute_force: bool = False) -> LosAnswer:
    """Can a unit in location `a` see location `b`? `rubble` holds the locations with rubble in play
    (falling rubble beneath the bridge, 1.31: an obstacle at its level, of no height). `brute_force`
    tests the line against every obstacle of the map instead of those the index finds near it."""
    idx = index or los_index(m)
    la, lb = location_at(m, a), location_at(m, b)
    if la is None or lb is None:
        raise ValueError("both ends of a LOS must be locations of the map")
    na, nb = location_label(m, a), location_label(m, b)
    line = (idx.centre(a.hex), idx.centre(b.hex))
    kinds = {bridge_kind(m, la), bridge_kind(m, lb)}
    if kinds == {"deck", "beneath"}:
        deck, low = (na, nb) if bridge_kind(m, la) == "deck" else (nb, na)
        hit = LosHit("obstacle", f"{deck} is on the Arnhem Bridge at Level 1 and {low} is beneath it at Level 0",
                     SSR_1_1)
        return LosAnswer(na, nb, False, (hit,), (), line)
    if a.hex == b.hex:
        return LosAnswer(na, nb, True, (), (), line)
    zmin, zmax = float(min(a.level, b.level)), float(max(a.level, b.level))
    (x1, y1), (x2, y2) = idx.lattice_centre(a.hex), idx.lattice_centre(b.hex)
    dx, dy = x2 - x1, y2 - y1
    found: list[tuple[float, LosHit]] = []
    for i in idx.affecting(a.hex, b.hex, zmin, zmax, brute_force):
        ax, ay = idx.anchors[i]
        found.append(((ax - x1) * dx + (ay - y1) * dy, idx.hit(i)))
    for r in rubble:
        if r.hex in (a.hex, b.hex):
            continue
        f = LosFeature("obstacle", r.level, r.level, None, 0, f"{location_label(m, r)}: rubble at Level {r.level}",
                       SSR_1_31, r.hex)
        if f.affects(zmin, zmax) and LineString([(x1, y1), (x2, y2)]).intersects(idx.hex_polygon(r.hex)):
            ax, ay = idx.lattice_centre(r.hex)
            found.append(((ax - x1) * dx + (ay - y1) * dy, _hit(m, f)))
    found.sort(key=lambda x: x[0])
    blocks = tuple(h for _, h in found if h.kind == "obstacle")
    hinders = tuple(h for _, h in found if h.kind == "hindrance")
    return LosAnswer(na, nb, not blocks, blocks, hinders, line)


def _hit(m: HexMap, f: LosFeature) -> LosHit:
    return LosHit(f.kind, f.what, f.rule, f.drm, m.label(f.hex) if f.hex is not None else None,
                  side_label(m, f.hexside) if f.hexside is not None else None)
