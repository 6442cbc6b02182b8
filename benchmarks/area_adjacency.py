"""Deriving an area map's adjacency for 500 areas against shapely's own STRtree query on the same
polygons.

The issue's target: deriving adjacency for 500 areas takes at most 2x shapely's own STRtree query
time for the same polygons, measured in the same run.

The map: 500 areas (25 x 20) of a jittered grid whose borders have a vertex in their middle too, so
outlines have 8 vertices and irregular shapes, drawn as the editor draws them: neighbours share
their border vertex for vertex (snapping welds them). Our side is `AreaMap.derive_borders()`: every
pair of areas sharing a border of positive length found, corner-only contacts left out, edited
borders kept, the AreaBorder records built. The baseline is what a caller of shapely would write for
"which polygons touch which": build an STRtree of the same polygons and query it with all of them
(`predicate="intersects"`), which finds corner contacts too and builds nothing. Both start from the
shapely polygons (built once); a reference row builds the polygons from the outlines inside the timing.

A second map, for reference (no target): 500 areas laid like bricks, each row offset by half an
area, so that every border between rows is shared only in part (a vertex of one area in the middle
of the other's edge): the case the editor's snapping avoids, where every edge that matches no other
is tested against the edges of the areas around it.
"""

from __future__ import annotations

import random

import numpy as np
from hexwright.engine.model.areamap import Area, AreaMap
from shapely.strtree import STRtree

from .core import Row, Settings, measure_round_robin, register

COLUMNS, ROWS = 25, 20  # 500 areas
QUICK = (8, 6)
CELL = 40.0


def welded_map(columns: int, rows: int, seed: int = 1) -> AreaMap:
    """A jittered grid with a vertex in the middle of every border, shared by both areas."""
    rng = random.Random(seed)
    j = CELL / 3

    def jitter(inner: bool) -> tuple[float, float]:
        return (rng.uniform(-j, j), rng.uniform(-j, j)) if inner else (0.0, 0.0)

    corner = {}
    for i in range(columns + 1):
        for k in range(rows + 1):
            dx, dy = jitter(0 < i < columns and 0 < k < rows)
            corner[(i, k)] = (round(i * CELL + dx, 3), round(k * CELL + dy, 3))

    def middle(p, q, inner: bool):
        dx, dy = jitter(inner)
        return (round((p[0] + q[0]) / 2 + dx / 3, 3), round((p[1] + q[1]) / 2 + dy / 3, 3))

    horizontal = {(i, k): middle(corner[(i, k)], corner[(i + 1, k)], 0 < k < rows)
                  for i in range(columns) for k in range(rows + 1)}
    vertical = {(i, k): middle(corner[(i, k)], corner[(i, k + 1)], 0 < i < columns)
                for i in range(columns + 1) for k in range(rows)}
    m = AreaMap("benchmark", columns * CELL, rows * CELL)
    n = 0
    for k in range(rows):
        for i in range(columns):
            n += 1
            outline = (corner[(i, k)], horizontal[(i, k)], corner[(i + 1, k)], vertical[(i + 1, k)],
                       corner[(i + 1, k + 1)], horizontal[(i, k + 1)], corner[(i, k + 1)], vertical[(i, k)])
            m.areas[str(n)] = Area(str(n), polygon=outline)
    return m


def brick_map(columns: int, rows: int) -> AreaMap:
    """Rows of areas offset by half an area: borders between rows are shared in part only."""
    m = AreaMap("bricks", (columns + 1) * CELL, rows * CELL)
    n = 0
    for k in range(rows):
        off = CELL / 2 if k % 2 else 0.0
        for i in range(columns):
            n += 1
            x, y = off + i * CELL, k * CELL
            m.areas[str(n)] = Area(str(n), polygon=((x, y), (x + CELL, y), (x + CELL, y + CELL), (x, y + CELL)))
    return m


def check(m: AreaMap) -> None:
    """Derived borders are exactly the pairs whose boundaries meet in a line (DE-9IM), on a sample."""
    import shapely

    m.derive_borders()
    ids = list(m.areas)
    rng = random.Random(2)
    for a in rng.sample(ids, min(40, len(ids))):
        for b in ids:
            if a != b:
                line = bool(shapely.relate_pattern(m.geometry(a), m.geometry(b), "****1****"))
                assert line == m.adjacent(a, b), f"areas {a} and {b}: derived {m.adjacent(a, b)}, DE-9IM {line}"


def _rows(case: str, m: AreaMap, settings: Settings, target: bool) -> list[Row]:
    ids = list(m.areas)
    polys = np.array([m.geometry(a) for a in ids], dtype=object)
    tree = STRtree(polys)
    outlines_map = AreaMap(m.name, m.width, m.height)
    outlines_map.areas = dict(m.areas)

    def ours() -> None:
        m.derive_borders()

    def ours_from_outlines() -> None:
        outlines_map._geometry.clear()
        outlines_map.derive_borders()

    def baseline() -> None:
        STRtree(polys).query(polys, predicate="intersects")

    def baseline_query_only() -> None:
        tree.query(polys, predicate="intersects")

    t = measure_round_robin({"ours": ours, "outlines": ours_from_outlines, "baseline": baseline,
                             "query": baseline_query_only}, settings)
    n = len(ids)
    pairs = len(m.borders)
    left, right = tree.query(polys, predicate="intersects")
    notes = [f"{n} areas, {pairs} borders derived; the STRtree query returns {int((left < right).sum())} "
             "intersecting pairs (corner contacts included)"]
    return [
        Row("area-adjacency", f"{case}, {n} areas", "derive_borders", t["ours"],
            "STRtree build + query(intersects)", t["baseline"], max_ratio=2.0 if target else None,
            target="at most 2x shapely's STRtree query" if target else "", notes=notes),
        Row("area-adjacency", f"{case}, {n} areas, tree prebuilt", "derive_borders", t["ours"],
            "STRtree query(intersects) only", t["query"]),
        Row("area-adjacency", f"{case}, {n} areas, polygons built too", "derive_borders from outlines",
            t["outlines"], "STRtree build + query(intersects)", t["baseline"]),
    ]


@register("area-adjacency")
def area_adjacency_benchmark(settings: Settings) -> list[Row]:
    columns, rows = QUICK if settings.quick else (COLUMNS, ROWS)
    welded = welded_map(columns, rows)
    bricks = brick_map(columns, rows)
    check(welded)
    check(bricks)
    return _rows("welded (drawn with snapping)", welded, settings, target=True) + \
        _rows("bricks (borders shared in part)", bricks, settings, target=False)
