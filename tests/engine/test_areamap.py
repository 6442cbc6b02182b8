"""The area map model (engine/model/areamap.py) and its geometry (engine/model/areageom.py): borders
derived from shared polygon edges, edited borders kept, problems found (invalid outlines, overlaps,
gaps, slivers, isolated areas, outside the map), and the snapping, split and merge helpers."""

from __future__ import annotations

import pytest
from hexwright.engine.model.areageom import (
    AreaGeometryError,
    insert_vertex,
    merge_areas,
    polygon_of,
    snap_point,
    split_area,
)
from hexwright.engine.model.areamap import Area, AreaBorder, AreaMap


def square(x: float, y: float, s: float = 100.0) -> tuple[tuple[float, float], ...]:
    return ((x, y), (x + s, y), (x + s, y + s), (x, y + s))


def grid_map(cols: int = 3, rows: int = 2) -> AreaMap:
    """Areas '1'..'n' in a grid of 100-unit squares, numbered row by row."""
    m = AreaMap("grid", cols * 100.0, rows * 100.0)
    n = 1
    for r in range(rows):
        for c in range(cols):
            m.set_area(Area(str(n), polygon=square(c * 100.0, r * 100.0)))
            n += 1
    m.derive_borders()
    return m


def codes(m: AreaMap) -> list[tuple[str, tuple[str, ...]]]:
    return [(p.code, p.areas) for p in m.problems()]


def test_areas_sharing_an_edge_are_neighbours_and_corners_are_not():
    m = grid_map()
    # 1 2 3 / 4 5 6: 1 touches 5 only at a corner
    assert m.neighbours("1") == ["2", "4"]
    assert m.neighbours("5") == ["2", "4", "6"]
    assert not m.adjacent("1", "5")
    assert len(m.borders) == 7
    assert all(b.kind == "open" and not b.edited for b in m.borders.values())


def test_a_partly_shared_edge_makes_neighbours_without_a_common_vertex():
    m = AreaMap("t", 300, 300)
    m.set_area(Area("big", polygon=((0, 0), (200, 0), (200, 100), (0, 100))))
    m.set_area(Area("small", polygon=((50, 100), (150, 100), (150, 200), (50, 200))))  # T-junction
    m.derive_borders()
    assert m.neighbours("big") == ["small"]
    assert m.shared_border("big", "small").length == pytest.approx(100.0)


def test_border_keys_are_ordered_and_an_area_cannot_border_itself():
    b = AreaBorder.between("5", "4", "bridge")
    assert (b.a, b.b) == ("4", "5")
    with pytest.raises(ValueError):
        AreaBorder.between("4", "4")


def test_edited_borders_survive_derivation_and_derived_ones_follow_the_geometry():
    m = grid_map()
    m.set_border(AreaBorder.between("1", "2", "river", edited=True))
    m.set_border(AreaBorder.between("1", "6", "bridge", edited=True))  # not touching: set by hand
    m.set_border(AreaBorder.between("2", "5", "none", edited=True))  # touching, but not adjacent
    m.derive_borders()
    assert m.border("2", "1").kind == "river"
    assert m.adjacent("1", "6") and "6" in m.neighbours("1")
    assert not m.adjacent("2", "5") and "5" not in m.neighbours("2")
    # moving area 3 away removes its derived borders
    m.set_polygon("3", square(1000, 1000))
    m.derive_borders()
    assert m.border("2", "3") is None and m.border("3", "6") is None


def test_deleting_an_area_drops_its_edited_borders_on_derivation():
    m = grid_map()
    m.set_border(AreaBorder.between("1", "2", "river", edited=True))
    old = m.set_area(None, "2")
    assert old is not None and old.id == "2"
    m.derive_borders()
    assert all("2" not in key for key in m.borders)


def test_edits_return_what_they_replaced_and_notify():
    m = grid_map()
    seen = []
    m.subscribe(seen.append)
    old = m.set_polygon("1", square(0, 0, 90))
    assert old == square(0, 0)
    assert m.geometry("1").area == pytest.approx(8100)  # the cache follows the edit
    m.rename_area("1", "1a")
    assert list(m.areas)[0] == "1a" and m.areas["1a"].id == "1a"
    assert [c.kind for c in seen] == ["areas", "areas"]


def test_renaming_keeps_borders_and_refuses_a_used_id():
    m = grid_map()
    m.set_border(AreaBorder.between("1", "2", "bridge", edited=True))
    m.rename_area("2", "20")
    assert m.border("1", "20").kind == "bridge"
    with pytest.raises(ValueError):
        m.rename_area("1", "3")


def test_area_at_and_centroid():
    m = grid_map()
    assert m.area_at(150, 50) == "2"
    assert m.area_at(150, 150) == "5"
    assert m.area_at(-5, 50) is None
    x, y = m.centroid("2")
    assert 100 < x < 200 and 0 < y < 100
    # an L-shaped area: the label point is inside it though the centroid is not
    m.set_area(Area("L", polygon=((0, 300), (300, 300), (300, 330), (30, 330), (30, 600), (0, 600))))
    lx, ly = m.centroid("L")
    assert polygon_of(m.areas["L"].polygon).contains(polygon_of(square(lx - 0.5, ly - 0.5, 1)))


def test_a_clean_grid_has_no_problems():
    assert grid_map().problems() == []


def test_overlapping_areas_are_reported_with_both_ids_and_where():
    m = grid_map()
    m.set_polygon("2", ((90, 0), (200, 0), (200, 100), (90, 100)))  # 10 units into area 1
    m.derive_borders()
    found = [p for p in m.problems() if p.code == "overlap"]
    assert [(p.areas, p.severity) for p in found] == [(("1", "2"), "error")]
    assert "1000.0 square units" in found[0].message
    x, y = found[0].at
    assert 90 <= x <= 100 and 0 <= y <= 100


def test_a_hole_between_areas_is_a_gap():
    m = grid_map(3, 3)
    m.set_area(None, "5")  # the middle one: a hole in the union
    m.derive_borders()
    gaps = [p for p in m.problems() if p.code == "gap"]
    assert len(gaps) == 1
    assert set(gaps[0].areas) >= {"2", "4", "6", "8"}
    assert gaps[0].at == (150.0, 150.0)


def test_areas_that_nearly_meet_leave_a_crack():
    m = AreaMap("t", 300, 100)
    m.set_area(Area("1", polygon=square(0, 0)))
    m.set_area(Area("2", polygon=((101, 0), (201, 0), (201, 100), (101, 100))))
    m.derive_borders()
    got = codes(m)
    assert ("gap", ("1", "2")) in got
    assert ("isolated", ("1",)) in got and ("isolated", ("2",)) in got
    # a border set by hand makes them adjacent: no crack reported, not isolated
    m.set_border(AreaBorder.between("1", "2", "bridge", edited=True))
    assert codes(m) == []


def test_slivers_and_tiny_areas_are_warned():
    m = grid_map()
    m.set_area(Area("thin", polygon=((0, 200), (300, 200), (300, 202), (0, 202))))
    m.set_area(Area("tiny", polygon=((0, 202), (3, 202), (3, 205))))
    m.derive_borders()
    slivers = {p.areas[0]: p.severity for p in m.problems() if p.code == "sliver"}
    assert slivers == {"thin": "warning", "tiny": "warning"}


def test_invalid_outlines_are_reported_and_do_not_stop_the_other_checks():
    m = grid_map()
    m.set_area(Area("bow", polygon=((0, 300), (100, 400), (100, 300), (0, 400))))  # self-crossing
    m.set_area(Area("two", polygon=((0, 500), (10, 500))))
    m.derive_borders()
    got = codes(m)
    assert ("invalid-polygon", ("bow",)) in got
    assert ("invalid-polygon", ("two",)) in got
    msg = next(p.message for p in m.problems() if p.areas == ("bow",) and p.code == "invalid-polygon")
    assert "Self-intersection" in msg


def test_areas_outside_the_map_unknown_terrain_and_unknown_border_areas():
    m = grid_map()
    m.set_area(Area("off", polygon=((300, 0), (400, 0), (400, 100), (300, 100)), terrain="lava"))
    m.borders[frozenset(("1", "ghost"))] = AreaBorder.between("1", "ghost", "river", edited=True)
    got = codes(m)
    assert ("outside-map", ("off",)) in got
    assert ("unknown-terrain", ("off",)) in got
    assert ("unknown-border-area", ("1", "ghost")) in got


def test_a_single_area_is_not_isolated():
    m = AreaMap("t", 100, 100)
    m.set_area(Area("1", polygon=square(0, 0)))
    m.derive_borders()
    assert m.problems() == []


def test_queries_for_the_rules():
    m = grid_map()
    m.set_area(Area("1", polygon=square(0, 0), vp=2, zone="D", tags=frozenset({"perimeter"}), stacking=6))
    m.set_border(AreaBorder.between("4", "5", "bridge", edited=True))
    assert m.vp_areas() == ["1"]
    assert m.zone_areas("D") == ["1"]
    assert m.tagged("perimeter") == ["1"]
    assert [(b.a, b.b) for b in m.borders_of_kind("bridge")] == [("4", "5")]


# -- drawing helpers ------------------------------------------------------------------------------
def test_snap_prefers_a_vertex_then_an_edge_within_the_tolerance():
    outlines = {"1": square(0, 0), "2": square(100, 0)}
    s = snap_point(outlines, 103, 4, tolerance=6)
    assert (s.kind, s.point, s.distance) == ("vertex", (100, 0), pytest.approx(5.0))
    s = snap_point(outlines, 104, 50, tolerance=6)
    assert (s.kind, s.point) == ("edge", (100.0, 50.0))
    assert snap_point(outlines, 150, 50, tolerance=6) is None
    assert snap_point(outlines, 104, 50, tolerance=6, exclude=("1", "2")) is None


def test_insert_vertex_puts_a_snapped_point_into_the_edge_it_lies_on():
    out = insert_vertex(square(0, 0), (100, 40))
    assert out == ((0, 0), (100, 0), (100, 40), (100, 100), (0, 100))
    assert insert_vertex(square(0, 0), (100, 0)) == square(0, 0)  # already a vertex
    assert insert_vertex(square(0, 0), (50, 50)) == square(0, 0)  # on no edge


def test_split_gives_two_areas_sharing_the_cut_exactly():
    a, b = split_area(square(0, 0), [(40, -10), (40, 110)])
    pa, pb = polygon_of(a), polygon_of(b)
    assert pa.area + pb.area == pytest.approx(10_000)
    assert sorted([pa.area, pb.area]) == [pytest.approx(4000), pytest.approx(6000)]
    m = AreaMap("t", 100, 100)
    m.set_area(Area("a", polygon=a))
    m.set_area(Area("b", polygon=b))
    m.derive_borders()
    assert m.adjacent("a", "b") and m.shared_border("a", "b").length == pytest.approx(100)
    with pytest.raises(AreaGeometryError):
        split_area(square(0, 0), [(40, -10), (40, 50)])  # does not cross


def test_merge_joins_two_neighbours_into_one_outline_without_the_shared_edge():
    merged = merge_areas(square(0, 0), square(100, 0))
    p = polygon_of(merged)
    assert p.area == pytest.approx(20_000)
    # the shared border's ends stay (a neighbour above or below may have its corner there)
    assert sorted(merged) == [(0, 0), (0, 100), (100, 0), (100, 100), (200, 0), (200, 100)]
    m = AreaMap("t", 200, 200)
    m.set_area(Area("ab", polygon=merged))
    m.set_area(Area("c", polygon=((0, 100), (100, 100), (100, 200), (0, 200))))
    m.set_area(Area("d", polygon=((100, 100), (200, 100), (200, 200), (100, 200))))
    m.derive_borders()
    assert m.neighbours("ab") == ["c", "d"]
    with pytest.raises(AreaGeometryError):
        merge_areas(square(0, 0), square(300, 0))


def brute_force_pairs(m: AreaMap) -> list[tuple[str, str]]:
    """Every pair tested with shapely's DE-9IM: the boundaries meet in a line."""
    import shapely

    ids = list(m.areas)
    out = []
    for i, a in enumerate(ids):
        for b in ids[i + 1:]:
            if shapely.relate_pattern(m.geometry(a), m.geometry(b), "****1****"):
                out.append((a, b) if a < b else (b, a))
    return sorted(out)


def test_derived_pairs_match_the_de9im_test_on_welded_and_brick_layouts():
    import random

    rng = random.Random(3)
    # welded: a jittered grid whose neighbours share their vertices
    welded = AreaMap("w", 800, 800)
    v = {(i, j): (i * 100 + (rng.uniform(-30, 30) if 0 < i < 8 and 0 < j < 8 else 0),
                  j * 100 + (rng.uniform(-30, 30) if 0 < i < 8 and 0 < j < 8 else 0))
         for i in range(9) for j in range(9)}
    for r in range(8):
        for c in range(8):
            welded.set_area(Area(f"{r}.{c}", polygon=(v[(c, r)], v[(c + 1, r)], v[(c + 1, r + 1)], v[(c, r + 1)])))
    # brick: each row offset by half a brick, so every horizontal border is shared only in part
    brick = AreaMap("b", 900, 400)
    for r in range(4):
        off = 50 if r % 2 else 0
        for c in range(8):
            x = off + c * 100
            brick.set_area(Area(f"{r}.{c}", polygon=((x, r * 100), (x + 100, r * 100), (x + 100, r * 100 + 100),
                                                     (x, r * 100 + 100))))
    for m in (welded, brick):
        m.derive_borders()
        assert sorted((b.a, b.b) for b in m.borders.values()) == brute_force_pairs(m)
    assert brick.neighbours("1.0") == ["0.0", "0.1", "1.1", "2.0", "2.1"]


def test_the_adjacency_benchmark_runs_at_a_small_size_and_checks_its_maps():
    from benchmarks.area_adjacency import area_adjacency_benchmark, brick_map, welded_map
    from benchmarks.core import Settings

    rows = area_adjacency_benchmark(Settings(quick=True, repeat=1, warmup=0))
    assert [r.max_ratio for r in rows] == [2.0, None, None, None, None, None]
    assert all(r.subject_value > 0 and r.baseline_value > 0 for r in rows)
    welded = welded_map(4, 3)
    assert all(len(a.polygon) == 8 for a in welded.areas.values())
    welded.derive_borders()
    assert len(welded.borders) == 3 * 3 + 4 * 2  # horizontal and vertical neighbours, no corners
    bricks = brick_map(4, 3)
    bricks.derive_borders()
    assert brute_force_pairs(bricks) == sorted((b.a, b.b) for b in bricks.borders.values())


def test_borders_shared_in_part_along_slanted_lines_match_the_de9im_test():
    """Rows of areas between slanted lines, the rows' vertices at different places along each line:
    every border between rows is shared in part only (no edge is the same in two outlines)."""
    import random

    rng = random.Random(5)
    slopes = [0.0, 1 / 32, -1 / 32, 1 / 64, 0.0]  # the lines never cross: rows stay valid polygons

    def line_y(r: int, x: float) -> float:
        return r * 100 + slopes[r] * x

    m = AreaMap("slanted", 1000, 500)
    for r in range(4):
        xs = sorted({0.0, 960.0} | {float(rng.randrange(1, 120) * 8) for _ in range(6)})
        for c, (x0, x1) in enumerate(zip(xs, xs[1:], strict=False)):
            m.set_area(Area(f"{r}.{c}", polygon=((x0, line_y(r, x0)), (x1, line_y(r, x1)),
                                                 (x1, line_y(r + 1, x1)), (x0, line_y(r + 1, x0)))))
    m.derive_borders()
    assert all(m.geometry(a).is_valid for a in m.areas)
    assert sorted((b.a, b.b) for b in m.borders.values()) == brute_force_pairs(m)
    assert sum(b.a[0] != b.b[0] for b in m.borders.values()) >= 10  # borders between rows were found


def test_edits_replace_area_records_so_a_record_kept_for_undo_is_unchanged():
    m = grid_map()
    kept = m.areas["1"]
    m.set_polygon("1", square(0, 0, 50))
    m.rename_area("1", "one")
    assert kept.id == "1" and kept.polygon == square(0, 0)
    assert m.areas["one"].polygon == square(0, 0, 50)


def test_a_hole_among_areas_that_are_not_welded_is_found_too():
    """Bricks (borders shared in part) are no exact coverage: the gap check falls back to the general
    union and still finds the hole a missing brick leaves."""
    from benchmarks.area_adjacency import brick_map

    m = brick_map(6, 5)
    m.set_area(None, "15")  # a brick in the middle row
    m.derive_borders()
    gaps = [p for p in m.problems() if p.code == "gap"]
    assert len(gaps) == 1 and "1600.0 square units" in gaps[0].message
    assert {"14", "16"} <= set(gaps[0].areas)
