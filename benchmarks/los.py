"""Line of sight (ASL Arnhem Bridge, issue 15): the engine's LOS against the plain baseline.

The issue's target: on a 200x200 map with walls, the median time of one LOS query is at least 5x
shorter than testing the centre-to-centre line with shapely's `intersects` against every obstacle of
the map, with identical answers on 10,000 random pairs.

Both sides are `engine.rules.asl.los.line_of_sight` on the same `LosIndex` (obstacle and hindrance
hexes as polygons, walls as hexside segments, levels): ours finds the obstacles near the line with the
index's STRtree, queried with the line cut in pieces about two hexes long; the baseline
(`brute_force=True`) calls `shapely.intersects(line, every_obstacle)` (the predicate over the whole
array in one vectorised call, which is faster than a Python loop of `LineString.intersects`). Both then
apply the same level rule and build the same answer; the benchmark checks the answers are equal
(obstacles, hindrances, their order and the text) for every pair before reporting times. Each query is
timed on its own, the two sides alternating pair by pair (order rotated); the figure is the median over
the pairs of each side's time.
"""

from __future__ import annotations

import random
import time

from hexwright.engine.hexgrid import Hex, LabelScheme, hexes_within, hexside_of
from hexwright.engine.model import GridSpec, HexMap, HexsideInfo
from hexwright.engine.model.terrain import HexsideFeatureType, TerrainTable, TerrainType
from hexwright.engine.rules.asl.locations import LocationRef
from hexwright.engine.rules.asl.los import LosIndex, line_of_sight

from .core import Row, Settings, median, register

CASE = (200, 200, 10_000)
QUICK_CASE = (60, 60, 500)


def build_los_map(columns: int, rows: int, seed: int = 15) -> HexMap:
    """A map with stone buildings (obstacles), orchards (+1 hindrances), hills (Level 1 and 2) and
    rowhouse walls on about 6% of the hexsides."""
    rng = random.Random(seed)
    t = TerrainTable(name="los bench", movement_classes=["infantry"])
    t.terrain["open"] = TerrainType("open", "Open ground", move={"infantry": 1})
    t.terrain["building"] = TerrainType("building", "Stone building", move={"infantry": 2},
                                        combat={"los": {"obstacle": 1}})
    t.terrain["orchard"] = TerrainType("orchard", "Orchard", move={"infantry": 1},
                                       combat={"los": {"hindrance": 1, "height": 1}})
    t.hexside_features["rowhouse"] = HexsideFeatureType("rowhouse", "Rowhouse", move={"infantry": None},
                                                        combat={"los": {"obstacle": 0}})
    digits = max(2, len(str(max(columns, rows))))
    m = HexMap(GridSpec(columns, rows, "flat", "odd", LabelScheme("xxyy", 1, 1, digits)), t, "open",
               name=f"los bench {columns}x{rows}")
    terrain, elevation = dict(m.terrain), {}
    for h in m.hexes:
        x = rng.random()
        if x < 0.08:
            terrain[h] = "building"
        elif x < 0.14:
            terrain[h] = "orchard"
    for _ in range(len(m.hexes) // 400):  # hills
        c = rng.choice(m.hexes)
        level = rng.choice((1, 2))
        for h in hexes_within(c, rng.randint(1, 3)):
            if m.contains(h):
                elevation[h] = level
    m.set_terrain(terrain)
    m.set_elevation(elevation)
    sides = {}
    for h in m.hexes:
        for d in range(3):
            s = hexside_of(h, d)
            if m.contains(s.other) and rng.random() < 0.06:
                sides[s] = HexsideInfo(("rowhouse",))
    m.set_hexsides(sides)
    return m


def run_case(columns: int, rows: int, pairs: int, settings: Settings) -> Row:
    m = build_los_map(columns, rows)
    idx = LosIndex(m)
    rng = random.Random(2026)
    queries = []
    for _ in range(pairs):
        a, b = rng.choice(m.hexes), rng.choice(m.hexes)
        queries.append((LocationRef(Hex(*a), m.elevation_at(a)), LocationRef(Hex(*b), m.elevation_at(b))))
    sides = {
        "ours": lambda q: line_of_sight(m, q[0], q[1], index=idx),
        "baseline": lambda q: line_of_sight(m, q[0], q[1], index=idx, brute_force=True),
    }
    for q in queries[: max(1, settings.warmup) * 20]:
        for fn in sides.values():
            fn(q)
    times: dict[str, list[float]] = {k: [] for k in sides}
    names = list(sides)
    clock = time.perf_counter
    mismatches = blocked = 0
    for k, q in enumerate(queries):
        answers = {}
        for name in names[k % 2:] + names[: k % 2]:
            t0 = clock()
            answers[name] = sides[name](q)
            times[name].append(clock() - t0)
        if answers["ours"] != answers["baseline"]:
            mismatches += 1
        blocked += not answers["ours"].clear
    ours, base = median(times["ours"]), median(times["baseline"])
    notes = [f"{len(idx.features):,} obstacles and hindrances ({sum(1 for f in idx.features if f.hexside):,} "
             f"walls); {pairs:,} random pairs, {blocked:,} blocked; answers identical: "
             f"{'yes' if mismatches == 0 else f'NO, {mismatches} differ'}"]
    row = Row("los", f"{columns}x{rows}, median of {pairs:,} queries", "STRtree pieces", ours,
              "shapely.intersects vs every obstacle", base, 1 / 5, "5x faster, identical answers", notes=notes)
    if mismatches:
        row.max_ratio = 0.0  # a different answer fails the target whatever the times
    return row


@register("los")
def bench_los(settings: Settings) -> list[Row]:
    columns, rows, pairs = QUICK_CASE if settings.quick else CASE
    return [run_case(columns, rows, pairs, settings)]
