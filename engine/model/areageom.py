"""Geometry of area maps, with shapely: outlines as polygons, which areas share a border (edges two
outlines have in common, and an STRtree for borders shared in part), what is wrong with a drawing
(invalid outlines, overlaps, gaps, slivers, areas outside the map), and the pure functions the editor's commands call
to draw areas whose borders are shared exactly: snapping a point to the nearest vertex or edge of
the neighbouring areas, inserting a snapped vertex into the outline it lies on, splitting an area by
a polyline, merging two areas.

Functions here take and return plain data (area id -> outline or shapely polygon); the AreaMap
(engine/model/areamap.py) calls them and keeps the results.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

import numpy as np
import shapely
from shapely.geometry import LineString, Polygon
from shapely.ops import polylabel, split
from shapely.strtree import STRtree
from shapely.validation import explain_validity

Point = tuple[float, float]
Outline = tuple[Point, ...]

# tolerances in map units (pixels of the map at 100 %)
OVERLAP_MIN_AREA = 1.0  # overlaps smaller than this are rounding, not a drawing error
GAP_MIN_AREA = 1.0  # an enclosed hole smaller than this is rounding
NEAR_MISS = 3.0  # areas closer than this that share no border leave a crack between them
SLIVER_COMPACTNESS = 0.05  # 4 pi A / P^2 (1 for a circle, 0.785 for a square) below this: a sliver
SLIVER_MIN_AREA = 25.0  # an area smaller than this (5 x 5 units) is a sliver whatever its shape
SHARES_A_LINE = "****1****"  # DE-9IM: the two boundaries meet in a line


class AreaGeometryError(ValueError):
    """An edit that would give an invalid outline; the message says why."""


@dataclass(frozen=True)
class AreaProblem:
    """Something wrong with an area map: `code` (invalid-polygon, overlap, gap, sliver, isolated,
    outside-map, unknown-terrain, unknown-border-area, geometry), a message, the areas concerned, a point to
    show, and the severity (error or warning)."""

    code: str
    message: str
    areas: tuple[str, ...] = ()
    at: Point | None = None
    severity: str = "error"

    @property
    def kind(self) -> str:
        return self.code

    def __str__(self) -> str:
        return self.message


# ---------------------------------------------------------------------------------------------
# outlines
# ---------------------------------------------------------------------------------------------
def polygon_of(points: Sequence[Point]) -> Polygon:
    """The shapely polygon of an outline (the first point is not repeated at the end); empty when
    there are fewer than three points."""
    pts = list(points)
    if len(pts) >= 2 and pts[0] == pts[-1]:
        pts = pts[:-1]
    if len(pts) < 3:
        return Polygon()
    return Polygon(pts)


def polygons_of(outlines: Sequence[Sequence[Point]]) -> list[Polygon]:
    """polygon_of for many outlines at once: one vectorised shapely call for all the rings."""
    rings: list[list[Point]] = []
    where: list[int] = []
    out: list[Polygon] = [Polygon()] * len(outlines)
    for k, pts in enumerate(outlines):
        ring = list(pts)
        if len(ring) >= 2 and ring[0] == ring[-1]:
            ring = ring[:-1]
        if len(ring) >= 3:
            rings.append(ring + [ring[0]])
            where.append(k)
    if rings:
        coords = np.array([p for ring in rings for p in ring], dtype=float)
        indices = np.repeat(np.arange(len(rings)), [len(r) for r in rings])
        built = shapely.polygons(shapely.linearrings(coords, indices=indices))
        for k, g in zip(where, built.tolist(), strict=True):
            out[k] = g
    return out


def outline_of(polygon: Polygon) -> Outline:
    """The outline of a polygon as the files keep it: exterior points, not closed, counter-clockwise
    in map units with y down (shapely's orientation), rounded to 1/1000 of a unit."""
    coords = list(shapely.geometry.polygon.orient(polygon).exterior.coords)[:-1]
    return tuple((round(x, 3), round(y, 3)) for x, y in coords)


def covers(g: Polygon, x: float, y: float) -> bool:
    try:
        return not g.is_empty and bool(g.covers(shapely.Point(x, y)))
    except shapely.errors.GEOSException:  # an invalid outline GEOS cannot test: validation reports it
        return False


def label_point(g: Polygon) -> Point:
    """A point well inside the polygon (its pole of inaccessibility), for its number and counters."""
    if g.is_empty:
        return (0.0, 0.0)
    try:
        p = polylabel(g, tolerance=max(1.0, math.sqrt(g.area) / 50)) if g.is_valid else g.representative_point()
    except Exception:  # shapely refuses some degenerate outlines: any point inside will do
        p = g.representative_point()
    return (round(p.x, 2), round(p.y, 2))


def shared_line(a: Polygon, b: Polygon) -> shapely.Geometry:
    """The line two areas share (empty when they only meet at a point or not at all)."""
    try:
        line = shapely.intersection(a.boundary, b.boundary)
    except shapely.errors.GEOSException:  # an invalid outline: validation reports it; draw nothing
        return LineString()
    if isinstance(line, shapely.GeometryCollection) and not isinstance(line, shapely.MultiLineString):
        parts = [g for g in line.geoms if g.geom_type in ("LineString", "MultiLineString")]
        line = shapely.union_all(parts) if parts else LineString()
    return shapely.line_merge(line) if isinstance(line, shapely.MultiLineString) else line


# ---------------------------------------------------------------------------------------------
# adjacency
# ---------------------------------------------------------------------------------------------
def touching_pairs(geoms: Mapping[str, Polygon]) -> list[tuple[str, str]]:
    """Pairs of areas (a < b) whose polygons share a border of positive length; two areas meeting
    at a corner only are not adjacent.

    Areas drawn with snapping share their borders vertex for vertex, so most shared borders are
    edges that appear, identically, in two outlines: those are matched by sorting every edge of
    every outline once (numpy, on shapely's coordinates). A border shared only in part (a vertex of
    one area in the middle of an edge of the other) leaves edges that match no other; each such
    edge is looked up in a shapely STRtree of the areas and tested against the edges of the areas
    it meets: collinear, and overlapping for a positive length (`_collinear_overlaps`). Two areas
    that overlap each other (an error validation reports) may miss a border shared in part with a
    third area along the overlap."""
    ids = [aid for aid in geoms]
    if len(ids) < 2:
        return []
    arr = np.array([geoms[aid] for aid in ids], dtype=object)
    present = arr.copy()
    present[shapely.is_empty(arr)] = None  # an empty outline has no edges and is in no pair
    coords, owner = shapely.get_coordinates(shapely.get_exterior_ring(present), return_index=True)
    same = owner[:-1] == owner[1:]
    p, q, own = coords[:-1][same], coords[1:][same], owner[:-1][same]
    swap = (p[:, 0] > q[:, 0]) | ((p[:, 0] == q[:, 0]) & (p[:, 1] > q[:, 1]))
    lo, hi = np.where(swap[:, None], q, p), np.where(swap[:, None], p, q)
    proper = np.any(lo != hi, axis=1)  # a repeated vertex makes an edge of no length
    edges = np.column_stack([lo[proper], hi[proper]])  # in outline order, so grouped by area
    own = own[proper]
    order = np.lexsort((edges[:, 3], edges[:, 2], edges[:, 1], edges[:, 0]))
    keys, key_own = edges[order], own[order]
    equal = np.all(keys[1:] == keys[:-1], axis=1)
    first, second = key_own[:-1][equal], key_own[1:][equal]
    differ = first != second
    n = len(ids)
    codes = np.minimum(first, second)[differ].astype(np.int64) * n + np.maximum(first, second)[differ]
    # edges matched by no other outline: a border shared in part, or the map's edge
    matched = np.zeros(len(keys), dtype=bool)
    matched[:-1] |= equal
    matched[1:] |= equal
    if not matched.all():
        loose, loose_own = keys[~matched], key_own[~matched]
        tree = STRtree(present)
        line_i, poly_j = tree.query(shapely.linestrings(np.stack([loose[:, 0:2], loose[:, 2:4]], axis=1)))
        other = poly_j != loose_own[line_i]
        line_i, poly_j = line_i[other], poly_j[other]
        scale = max(1.0, float(np.abs(coords).max())) if len(coords) else 1.0
        hit = _collinear_overlaps(loose[line_i], edges, own, poly_j, 1e-9 * scale)
        a, b = loose_own[line_i][hit], poly_j[hit]
        codes = np.concatenate([codes, np.minimum(a, b).astype(np.int64) * n + np.maximum(a, b)])
    codes = np.unique(codes)
    names = np.array(ids, dtype=object)
    first_ids, second_ids = names[codes // n], names[codes % n]
    flip = second_ids < first_ids
    lo_ids = np.where(flip, second_ids, first_ids).tolist()
    hi_ids = np.where(flip, first_ids, second_ids).tolist()
    return list(zip(lo_ids, hi_ids, strict=True))


def _collinear_overlaps(segments: np.ndarray, edges: np.ndarray, edge_area: np.ndarray, areas: np.ndarray,
                        tolerance: float) -> np.ndarray:
    """For each segment k ([x1, y1, x2, y2]) and area areas[k]: does the segment lie along one of
    the area's edges for a positive length? `edges` are grouped by area (`edge_area` ascending).
    Both ends of the edge within `tolerance` of the segment's line, and the two overlapping along it
    by more than `tolerance`."""
    if not len(segments):
        return np.zeros(0, dtype=bool)
    starts = np.searchsorted(edge_area, areas, "left")
    counts = np.searchsorted(edge_area, areas, "right") - starts
    pair = np.repeat(np.arange(len(segments)), counts)
    edge = np.arange(int(counts.sum())) - np.repeat(np.cumsum(counts) - counts, counts) + np.repeat(starts, counts)
    seg = segments[pair]
    px, py = seg[:, 0], seg[:, 1]
    dx, dy = seg[:, 2] - px, seg[:, 3] - py
    length = np.hypot(dx, dy)
    e = edges[edge]
    off1 = np.abs(dx * (e[:, 1] - py) - dy * (e[:, 0] - px)) / length
    off2 = np.abs(dx * (e[:, 3] - py) - dy * (e[:, 2] - px)) / length
    t1 = ((e[:, 0] - px) * dx + (e[:, 1] - py) * dy) / length
    t2 = ((e[:, 2] - px) * dx + (e[:, 3] - py) * dy) / length
    overlap = np.minimum(np.maximum(t1, t2), length) - np.maximum(np.minimum(t1, t2), 0.0)
    along = (off1 <= tolerance) & (off2 <= tolerance) & (overlap > tolerance)
    out = np.zeros(len(segments), dtype=bool)
    out[pair[along]] = True
    return out


# ---------------------------------------------------------------------------------------------
# problems
# ---------------------------------------------------------------------------------------------
def _pt(g: shapely.Geometry) -> Point:
    p = g.representative_point() if not g.is_empty else shapely.Point(0, 0)
    return (round(p.x, 1), round(p.y, 1))


def _fault_point(reason: str, g: Polygon) -> Point:
    """The point GEOS names in its validity reason ("Self-intersection[10 20]"), else the outline's first point."""
    found = re.search(r"\[(-?[\d.eE+-]+) (-?[\d.eE+-]+)\]", reason)
    if found:
        try:
            x, y = float(found.group(1)), float(found.group(2))
            if math.isfinite(x) and math.isfinite(y):
                return (round(x, 1), round(y, 1))
        except ValueError:
            pass
    x, y = g.exterior.coords[0]
    return (round(x, 1), round(y, 1))


def geometry_problems(geoms: Mapping[str, Polygon], point_counts: Mapping[str, int], width: float, height: float,
                      adjacent: Callable[[str, str], bool]) -> list[AreaProblem]:
    """Invalid outlines, areas outside the map, slivers, overlapping areas, areas that nearly meet
    without sharing a border, and holes the areas enclose; in map order, then by pair."""
    out: list[AreaProblem] = []
    valid: list[str] = []
    names = list(geoms)
    arr = np.array([geoms[a] for a in names], dtype=object)
    empty = shapely.is_empty(arr)
    is_valid = shapely.is_valid(arr)
    bounds = shapely.bounds(arr)
    area = shapely.area(arr)
    length = shapely.length(arr)
    for k, aid in enumerate(names):
        g = arr[k]
        n = point_counts.get(aid, 0)
        if n < 3 or empty[k]:
            out.append(AreaProblem("invalid-polygon", f"area {aid}: an outline needs at least 3 points, it has {n}",
                                   (aid,)))
            continue
        if not is_valid[k]:
            # where GEOS found the fault ("Self-intersection[x y]"); not g.buffer(0), which takes seconds and
            # a gigabyte on an outline of a few thousand crossing points
            reason = explain_validity(g)
            out.append(AreaProblem("invalid-polygon", f"area {aid}: the outline is not a simple polygon "
                                   f"({reason})", (aid,), _fault_point(reason, g)))
            continue
        minx, miny, maxx, maxy = bounds[k]
        if minx < 0 or miny < 0 or maxx > width or maxy > height:
            out.append(AreaProblem("outside-map", f"area {aid}: the outline reaches outside the map "
                                   f"(0, 0)-({width:g}, {height:g})", (aid,), _pt(g), "warning"))
        compact = 4 * math.pi * area[k] / (length[k] ** 2) if length[k] else 0.0
        if area[k] < SLIVER_MIN_AREA or compact < SLIVER_COMPACTNESS:
            out.append(AreaProblem("sliver", f"area {aid} is a sliver ({area[k]:.1f} square units, compactness "
                                   f"{compact:.3f}): a stray outline, or two vertices that should be one",
                                   (aid,), _pt(g), "warning"))
        valid.append(aid)
    if len(valid) >= 2:
        try:
            pair_problems, overlapping = _pair_problems(geoms, valid, adjacent)
            out.extend(pair_problems)
            out.extend(_holes(geoms, valid, overlapping))
        except shapely.errors.GEOSException as exc:  # GEOS gave up on valid outlines (extreme coordinates)
            out.append(AreaProblem("geometry", f"overlaps and gaps could not be checked: {exc}", (), None,
                                   "warning"))
    return out


def _pair_problems(geoms: Mapping[str, Polygon], ids: list[str],
                   adjacent: Callable[[str, str], bool]) -> tuple[list[AreaProblem], bool]:
    """Overlaps and near misses, and whether any two areas overlap at all. One DE-9IM matrix per
    pair whose boxes (grown by NEAR_MISS) meet: interiors meeting in an area is an overlap (its area
    measured); disjoint areas closer than NEAR_MISS that share no border leave a crack."""
    arr = np.array([geoms[a] for a in ids], dtype=object)
    tree = STRtree(arr)
    grown = shapely.buffer(shapely.envelope(arr), NEAR_MISS, cap_style="square", join_style="mitre")
    left, right = tree.query(grown)
    keep = left < right
    left, right = left[keep], right[keep]
    out: list[AreaProblem] = []
    overlapping = False
    if not len(left):
        return out, overlapping
    matrices = shapely.relate(arr[left], arr[right]).tolist()
    for k, (i, j) in enumerate(zip(left.tolist(), right.tolist(), strict=True)):
        de9im = matrices[k]
        a, b = ids[i], ids[j]
        if de9im[0] == "2":  # the interiors meet in an area
            inter = shapely.intersection(arr[i], arr[j])
            if inter.area >= OVERLAP_MIN_AREA:
                overlapping = True
                out.append(AreaProblem("overlap", f"areas {a} and {b} overlap ({inter.area:.1f} square units)",
                                       (a, b), _pt(inter)))
            elif inter.area > 0:
                overlapping = True  # rounding, not reported, but the union must not be taken as a coverage
        elif de9im[:2] == "FF" and de9im[3:5] == "FF" and not adjacent(a, b):  # disjoint
            gap = shapely.shortest_line(arr[i], arr[j])
            if 0 < gap.length < NEAR_MISS:
                out.append(AreaProblem("gap", f"areas {a} and {b} nearly meet ({gap.length:.1f} units apart) but "
                                       "share no border: snap their vertices together or set the border by hand",
                                       (a, b), _pt(gap.centroid), "warning"))
    return out, overlapping


def _union(polys: list[Polygon], coverage: bool) -> shapely.Geometry:
    """The union of the areas: GEOS's coverage union (fast) when the areas may form a coverage, checked
    (a valid result covering the sum of the areas), else the general union."""
    if coverage:
        try:
            u = shapely.coverage_union_all(polys)
            total = float(np.sum(shapely.area(np.array(polys, dtype=object))))
            if u.is_valid and abs(u.area - total) <= 1e-9 * max(1.0, total):
                return u
        except shapely.errors.GEOSException:
            pass
    return shapely.union_all(polys)


def _holes(geoms: Mapping[str, Polygon], ids: list[str], overlapping: bool) -> list[AreaProblem]:
    """Holes the areas enclose: interior rings of their union that no area fills."""
    polys = [geoms[a] for a in ids]
    union = _union(polys, coverage=not overlapping)
    parts = list(union.geoms) if hasattr(union, "geoms") else [union]
    tree = STRtree(np.array(polys, dtype=object))
    out = []
    for part in parts:
        if part.geom_type != "Polygon":
            continue
        for ring in part.interiors:
            hole = Polygon(ring)
            if hole.area < GAP_MIN_AREA:
                continue
            around = [ids[i] for i in sorted(set(tree.query(hole, predicate="dwithin", distance=NEAR_MISS).tolist()))]
            out.append(AreaProblem("gap", f"a gap of {hole.area:.1f} square units between areas "
                                   f"{', '.join(around)} is in no area", tuple(around), _pt(hole)))
    return out


# ---------------------------------------------------------------------------------------------
# drawing helpers for the editor: snapping, splitting, merging
# ---------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Snap:
    """Where a point snapped to: a vertex of an area (`index` of the vertex) or an edge (`index` of
    the edge's first vertex), with the snapped point and its distance from the cursor."""

    point: Point
    area: str
    kind: str  # "vertex" or "edge"
    index: int
    distance: float


def snap_point(outlines: Mapping[str, Sequence[Point]], x: float, y: float, tolerance: float,
               exclude: Sequence[str] = ()) -> Snap | None:
    """The nearest vertex within `tolerance` of (x, y) among the areas' outlines, else the nearest
    point on an edge within it, else None. Vertices win over edges so shared corners stay one point."""
    best: Snap | None = None
    for aid, pts in outlines.items():
        if aid in exclude:
            continue
        for i, (px, py) in enumerate(pts):
            d = math.hypot(px - x, py - y)
            if d <= tolerance and (best is None or d < best.distance):
                best = Snap((px, py), aid, "vertex", i, d)
    if best is not None:
        return best
    for aid, pts in outlines.items():
        if aid in exclude or len(pts) < 2:
            continue
        n = len(pts)
        for i in range(n):
            (ax, ay), (bx, by) = pts[i], pts[(i + 1) % n]
            dx, dy = bx - ax, by - ay
            seg = dx * dx + dy * dy
            t = 0.0 if seg == 0 else max(0.0, min(1.0, ((x - ax) * dx + (y - ay) * dy) / seg))
            qx, qy = ax + t * dx, ay + t * dy
            d = math.hypot(qx - x, qy - y)
            if d <= tolerance and (best is None or d < best.distance):
                best = Snap((round(qx, 3), round(qy, 3)), aid, "edge", i, d)
    return best


def insert_vertex(outline: Sequence[Point], point: Point, tolerance: float = 1e-6) -> Outline:
    """The outline with `point` inserted into the edge it lies on (within `tolerance`); unchanged when
    it is already a vertex or lies on no edge. A neighbour's snapped vertex put into this outline
    keeps the border shared vertex for vertex."""
    pts = list(outline)
    if any(math.hypot(px - point[0], py - point[1]) <= tolerance for px, py in pts):
        return tuple(pts)
    n = len(pts)
    for i in range(n):
        seg = LineString([pts[i], pts[(i + 1) % n]])
        if seg.distance(shapely.Point(point)) <= tolerance:
            return tuple(pts[: i + 1] + [point] + pts[i + 1:])
    return tuple(pts)


def split_area(outline: Sequence[Point], cut: Sequence[Point]) -> tuple[Outline, Outline]:
    """Split an outline in two by a polyline crossing it from border to border; the two outlines
    share the cut exactly. AreaGeometryError when the cut does not divide it in two."""
    poly = polygon_of(outline)
    if poly.is_empty or not poly.is_valid:
        raise AreaGeometryError("the area's outline is not a valid polygon; fix it before splitting")
    if len(cut) < 2:
        raise AreaGeometryError("a cut needs at least two points")
    line = LineString(cut)
    pieces = [g for g in split(poly, line).geoms if g.geom_type == "Polygon" and g.area > 0]
    if len(pieces) != 2:
        raise AreaGeometryError(f"the cut must cross the area from one border to another once; it gives "
                                f"{len(pieces)} piece{'s' if len(pieces) != 1 else ''}")
    pieces.sort(key=lambda g: (-g.area, g.bounds))
    return outline_of(pieces[0]), outline_of(pieces[1])


def merge_areas(a: Sequence[Point], b: Sequence[Point]) -> Outline:
    """One outline for two areas that share a border; AreaGeometryError when they do not, or when
    the result would have a hole (two areas meeting on both sides of a third). Every vertex of the
    two outlines off the removed border stays, also where it is now in the middle of a straight
    edge: a neighbour may have a corner there, and keeps sharing its border vertex for vertex."""
    pa, pb = polygon_of(a), polygon_of(b)
    if not shapely.relate_pattern(pa, pb, SHARES_A_LINE):
        raise AreaGeometryError("only two areas that share a border can be merged")
    union = shapely.union(pa, pb)
    if union.geom_type != "Polygon":
        raise AreaGeometryError("the two areas do not make one polygon")
    if union.interiors:
        raise AreaGeometryError("merging would leave a hole inside the new area")
    return outline_of(union)
