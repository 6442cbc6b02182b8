"""Geometry of area drawing for the editor's tools, on the engine's shapely helpers
(engine/model/areageom.py: snapping, inserting a point into an edge, splitting, merging): what the engine
does not have lives here: welding a new polygon to its neighbours so that a shared border has the same
vertices on both sides, moving, inserting and deleting a vertex with the areas that share it, and laying
counters out inside an area.

No Qt here: the editor's tools and commands (app/areamap/tools.py, commands.py) call these functions
with plain tuples and get plain tuples back. A polygon is an open ring: ((x, y), ...), no repeated
closing point, at least three vertices.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from hexwright.engine.model import areageom
from hexwright.engine.model.areageom import AreaGeometryError
from shapely.geometry import Point, Polygon

Pt = tuple[float, float]
Ring = tuple[Pt, ...]

EPS = 1e-6  # two vertices closer than this are the same vertex
WELD = 2e-3  # a point this close to an edge lies on it (the files keep 1/1000 of a map unit)


def open_ring(points: Iterable[Iterable[float]]) -> Ring:
    """The points as an open ring of float pairs, consecutive duplicates and the closing point removed."""
    out: list[Pt] = []
    for p in points:
        x, y = p
        q = (float(x), float(y))
        if not out or _dist(out[-1], q) > EPS:
            out.append(q)
    while len(out) > 1 and _dist(out[0], out[-1]) <= EPS:
        out.pop()
    return tuple(out)


def polygon_of(ring: Ring) -> Polygon:
    return Polygon(ring)


def _dist(a: Pt, b: Pt) -> float:
    return math.hypot(a[0] - b[0], a[1] - b[1])


def ring_of(poly) -> Ring:
    """The exterior of a shapely Polygon as an open ring (as the files keep it)."""
    return areageom.outline_of(poly)


def check_polygon(ring: Ring, what: str = "The area") -> Ring:
    """The ring if it makes a valid polygon (three vertices at least, not crossing itself, some area)."""
    ring = open_ring(ring)
    if len(ring) < 3:
        raise AreaGeometryError(f"{what} needs three vertices at least (it has {len(ring)})")
    poly = Polygon(ring)
    if not poly.is_valid:
        from shapely.validation import explain_validity

        raise AreaGeometryError(f"{what} crosses itself ({explain_validity(poly)})")
    if poly.area <= EPS:
        raise AreaGeometryError(f"{what} has no area")
    return ring


# -- snapping ---------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Snap:
    point: Pt
    kind: str  # "vertex", "edge" or "" (no snap)
    area: str | None = None


def snap_point(polygons: Mapping[str, Ring], p: Pt, tolerance: float, exclude: Iterable[str] = ()) -> Snap:
    """`p` snapped to the nearest vertex of another area within `tolerance` (vertices first), else to the
    nearest point on an edge within `tolerance` (areageom.snap_point), else `p` itself."""
    s = areageom.snap_point(polygons, p[0], p[1], tolerance, tuple(exclude))
    if s is None:
        return Snap(p, "", None)
    return Snap((float(s.point[0]), float(s.point[1])), s.kind, s.area)


# -- welding shared borders -------------------------------------------------------------------------
def insert_points_on_edges(ring: Ring, points: Iterable[Pt], tolerance: float = WELD) -> Ring:
    """`ring` with each of `points` that lies on one of its edges (not at a vertex) inserted there, so a
    neighbour's vertex on this border becomes a vertex here too (areageom.insert_vertex for each)."""
    out = tuple(ring)
    for p in points:
        out = areageom.insert_vertex(out, (float(p[0]), float(p[1])), tolerance)
    return out


def weld(polygons: Mapping[str, Ring], changed: Iterable[str]) -> dict[str, Ring]:
    """The rings that welding changes: every vertex of a changed area lying on a neighbour's edge is
    inserted in that neighbour, and every neighbour vertex on a changed area's edge is inserted in the
    changed area. Returns {area id: new ring} for the rings that changed (the changed areas included)."""
    rings = {k: tuple(v) for k, v in polygons.items()}
    changed = [c for c in changed if c in rings]
    out: dict[str, Ring] = {}
    for cid in changed:
        cpoly = Polygon(rings[cid])
        for aid, ring in rings.items():
            if aid == cid or len(ring) < 3:
                continue
            if Polygon(ring).distance(cpoly) > WELD:
                continue
            new_other = insert_points_on_edges(ring, rings[cid])
            if new_other != ring:
                rings[aid] = out[aid] = new_other
            new_self = insert_points_on_edges(rings[cid], rings[aid])
            if new_self != rings[cid]:
                rings[cid] = out[cid] = new_self
    return out


# -- split and merge --------------------------------------------------------------------------------
def split_ring(ring: Ring, line: Iterable[Pt]) -> tuple[Ring, Ring]:
    """The two areas a drawn line cuts `ring` into, the larger first (areageom.split_area); the line's ends
    are extended a little so a line snapped onto the border cuts cleanly."""
    pts = list(open_ring(line))
    if len(pts) < 2:
        raise AreaGeometryError("a split line needs two points at least")
    pts[0] = _extend(pts[1], pts[0])
    pts[-1] = _extend(pts[-2], pts[-1])
    return areageom.split_area(ring, pts)


def _extend(a: Pt, b: Pt, by: float = 1e-3) -> Pt:
    """`b` moved a little further along the direction a -> b."""
    d = _dist(a, b)
    if d <= EPS:
        return b
    return (b[0] + (b[0] - a[0]) / d * by, b[1] + (b[1] - a[1]) / d * by)


def merge_rings(a: Ring, b: Ring) -> Ring:
    """One area of two that share a border (areageom.merge_areas), checked valid."""
    return check_polygon(areageom.merge_areas(a, b), "The merged area")


# -- vertices ---------------------------------------------------------------------------------------
def move_vertex(polygons: Mapping[str, Ring], at: Pt, to: Pt) -> dict[str, Ring]:
    """Every area's vertex at `at` moved to `to` (a shared vertex moves in all the areas that share it,
    so their border stays shared). Returns the changed rings; raises if one becomes invalid."""
    out: dict[str, Ring] = {}
    for aid, ring in polygons.items():
        if any(_dist(v, at) <= EPS for v in ring):
            new = tuple((float(to[0]), float(to[1])) if _dist(v, at) <= EPS else v for v in ring)
            out[aid] = check_polygon(new, f"Area {aid}")
    return out


def insert_vertex(polygons: Mapping[str, Ring], p: Pt, tolerance: float) -> dict[str, Ring]:
    """A vertex inserted at the point of the nearest edge to `p` (within `tolerance`), in every area whose
    border runs there (both sides of a shared border)."""
    snap = snap_point(polygons, p, tolerance)
    if snap.kind != "edge":
        raise AreaGeometryError("Click on an area's border to insert a vertex there")
    out: dict[str, Ring] = {}
    for aid, ring in polygons.items():
        new = insert_points_on_edges(ring, [snap.point], tolerance=1e-4)
        if new != ring:
            out[aid] = new
    return out


def delete_vertex(polygons: Mapping[str, Ring], at: Pt) -> dict[str, Ring]:
    """The vertex at `at` removed from every area that has it; refused if an area would keep fewer than
    three vertices or become invalid."""
    out: dict[str, Ring] = {}
    for aid, ring in polygons.items():
        if any(_dist(v, at) <= EPS for v in ring):
            new = tuple(v for v in ring if _dist(v, at) > EPS)
            out[aid] = check_polygon(new, f"Area {aid}")
    if not out:
        raise AreaGeometryError("There is no vertex there")
    return out


def nearest_vertex(polygons: Mapping[str, Ring], p: Pt, tolerance: float) -> Pt | None:
    best: tuple[float, Pt] | None = None
    for ring in polygons.values():
        for v in ring:
            d = _dist(v, p)
            if d <= tolerance and (best is None or d < best[0]):
                best = (d, v)
    return best[1] if best is not None else None


def area_at(polygons: Mapping[str, Ring], p: Pt) -> str | None:
    """The area containing `p` (the smallest if several overlap)."""
    pt = Point(p)
    hits = [(Polygon(r).area, aid) for aid, r in polygons.items() if len(r) >= 3 and Polygon(r).covers(pt)]
    return min(hits)[1] if hits else None


# -- counters inside an area ------------------------------------------------------------------------
def counter_layout(ring: Ring, n: int, side: float, gap: float = 0.08) -> tuple[list[Pt], float]:
    """Centres for `n` counters laid out in rows inside the area around its pole of inaccessibility (the
    point farthest from the border), and the counter side to draw them at: `side`, or smaller when the
    area's widest inner circle cannot hold the block at full size."""
    from shapely.ops import polylabel

    if n <= 0:
        return [], side
    poly = Polygon(ring)
    centre = polylabel(poly, tolerance=max(0.5, math.sqrt(poly.area) / 100))
    radius = max(poly.exterior.distance(centre), 1.0)
    cols = math.ceil(math.sqrt(n))
    rows = math.ceil(n / cols)
    pitch = side * (1 + gap)
    block = math.hypot(cols * pitch, rows * pitch)
    if block > 2 * radius:  # shrink to fit the inner circle, but never below a third of full size
        scale = max(1 / 3, 2 * radius / block)
        side *= scale
        pitch = side * (1 + gap)
    out: list[Pt] = []
    for i in range(n):
        r, c = divmod(i, cols)
        in_row = min(cols, n - r * cols)
        x = centre.x + (c - (in_row - 1) / 2) * pitch
        y = centre.y + (r - (rows - 1) / 2) * pitch
        out.append((x, y))
    return out, side


def label_point(ring: Ring) -> Pt:
    """The area's pole of inaccessibility (the point farthest from its border): paths and markers."""
    return areageom.label_point(areageom.polygon_of(ring))


def number_point(ring: Ring, counters: bool) -> Pt:
    """Where an area's number is printed: at the pole, or above it when counters are laid out there
    (moved up by up to 60 % of the inner circle's radius, so the counters do not cover it)."""
    x, y = label_point(ring)
    if not counters:
        return (x, y)
    r = Polygon(ring).exterior.distance(Point(x, y))
    return (x, y - min(r * 0.6, 40.0))
