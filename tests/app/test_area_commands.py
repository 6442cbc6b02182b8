"""Area-map editing commands: every edit is one undo step, borders stay shared exactly (snapping and
welding), split and merge, vertex edits, border kinds, renumbering, units placed in areas."""

from __future__ import annotations

import pytest
from hexwright.app.areamap import geometry as geo
from hexwright.app.areamap.document import AreaMapDocument
from hexwright.app.areamap.geometry import AreaGeometryError
from hexwright.engine.model.areamap import AreaMap

SQ_A = ((0, 0), (100, 0), (100, 100), (0, 100))
SQ_B = ((100, 0), (200, 0), (200, 100), (100, 100))


@pytest.fixture
def doc(qapp):
    return AreaMapDocument(AreaMap(name="test", width=400, height=300))


def two_areas(doc) -> tuple[str, str]:
    a = doc.add_area(SQ_A)
    b = doc.add_area(SQ_B)
    return a, b


def test_drawing_an_area_is_one_undo_step_and_derives_adjacency(doc):
    a, b = two_areas(doc)
    assert (a, b) == ("1", "2")
    assert doc.undo_stack.count() == 2
    assert doc.area_map.neighbours("1") == ["2"]
    doc.undo_stack.undo()
    assert list(doc.area_map.areas) == ["1"]
    assert doc.area_map.neighbours("1") == []
    doc.undo_stack.redo()
    assert doc.area_map.neighbours("1") == ["2"]
    assert doc.modified


def test_a_new_area_touching_a_border_mid_edge_shares_the_vertex(doc):
    doc.add_area(SQ_A)
    # a taller area whose corner (100, 50) lies on the middle of area 1's right edge
    doc.add_area(((100, 50), (200, 50), (200, 200), (100, 200)))
    assert (100.0, 50.0) in doc.area_map.areas["1"].polygon  # welded into the neighbour
    assert (100.0, 100.0) in doc.area_map.areas["2"].polygon  # the neighbour's corner welded in
    assert doc.area_map.neighbours("2") == ["1"]
    assert doc.undo_stack.count() == 2  # the weld is part of the one step
    doc.undo_stack.undo()
    assert (100.0, 50.0) not in doc.area_map.areas["1"].polygon


def test_snapping_prefers_vertices_then_edges_within_tolerance():
    rings = {"1": SQ_A}
    assert geo.snap_point(rings, (97, 103), 5).point == (100, 100)
    s = geo.snap_point(rings, (103, 40), 5)
    assert (s.kind, s.point) == ("edge", (100.0, 40.0))
    assert geo.snap_point(rings, (120, 40), 5).kind == ""
    assert geo.snap_point(rings, (97, 103), 5, exclude=("1",)).kind == ""


def test_invalid_polygons_are_refused_and_push_nothing(doc):
    with pytest.raises(AreaGeometryError, match="crosses itself"):
        doc.add_area(((0, 0), (100, 100), (100, 0), (0, 100)))
    with pytest.raises(AreaGeometryError, match="three vertices"):
        doc.add_area(((0, 0), (10, 10)))
    assert doc.undo_stack.count() == 0


def test_split_by_a_line_gives_two_neighbours_in_one_step(doc):
    doc.add_area(SQ_A)
    doc.set_area_properties("1", terrain="buildings", vp=2, zone="A")
    new = doc.split_area("1", [(30, -10), (30, 110)])
    amap = doc.area_map
    assert new == "2"
    assert set(amap.areas) == {"1", "2"}
    assert amap.geometry("1").area == pytest.approx(7000)  # the larger part keeps the number
    assert amap.geometry("2").area == pytest.approx(3000)
    assert amap.areas["2"].terrain == "buildings" and amap.areas["2"].vp == 0 and amap.areas["2"].zone == "A"
    assert amap.neighbours("1") == ["2"]
    n = doc.undo_stack.count()
    doc.undo_stack.undo()
    assert set(amap.areas) == {"1"} and amap.geometry("1").area == pytest.approx(10000)
    assert doc.undo_stack.count() == n


def test_split_line_that_does_not_cross_is_refused(doc):
    doc.add_area(SQ_A)
    with pytest.raises(AreaGeometryError, match="must cross the area"):
        doc.split_area("1", [(30, -10), (30, 50)])


def test_split_keeps_the_new_border_shared_with_a_third_area(doc):
    a, b = two_areas(doc)
    doc.split_area(b, [(150, -10), (150, 110)])
    amap = doc.area_map
    assert sorted(amap.neighbours("2")) == ["1", "3"] or sorted(amap.neighbours("3")) == ["1", "2"]
    assert not [p for p in amap.problems() if p.code in ("overlap", "gap")]


def test_merge_two_neighbours_adds_vp_and_moves_units(doc):
    a, b = two_areas(doc)
    doc.set_area_properties(a, vp=1)
    doc.set_area_properties(b, vp=2, tags=frozenset({"perimeter"}))
    doc.merge_areas(a, b)
    amap = doc.area_map
    assert list(amap.areas) == ["1"]
    assert amap.areas["1"].vp == 3 and "perimeter" in amap.areas["1"].tags
    assert amap.geometry("1").area == pytest.approx(20000)
    doc.undo_stack.undo()
    assert set(amap.areas) == {"1", "2"} and amap.neighbours("1") == ["2"]


def test_merge_of_areas_that_do_not_touch_is_refused(doc):
    doc.add_area(SQ_A)
    doc.add_area(((300, 0), (350, 0), (350, 50)))
    with pytest.raises(AreaGeometryError, match="share a border"):
        doc.merge_areas("1", "2")


def test_moving_a_shared_vertex_moves_it_in_both_areas(doc):
    two_areas(doc)
    doc.move_vertex((100, 100), (120, 130))
    amap = doc.area_map
    assert (120.0, 130.0) in amap.areas["1"].polygon and (120.0, 130.0) in amap.areas["2"].polygon
    assert amap.neighbours("1") == ["2"]
    assert doc.undo_stack.count() == 3
    doc.undo_stack.undo()
    assert (100.0, 100.0) in amap.areas["1"].polygon and (100, 100) in amap.areas["2"].polygon


def test_insert_and_delete_a_vertex_on_a_shared_border(doc):
    two_areas(doc)
    doc.insert_vertex((101, 40), tolerance=3)
    amap = doc.area_map
    assert (100.0, 40.0) in amap.areas["1"].polygon and (100.0, 40.0) in amap.areas["2"].polygon
    doc.move_vertex((100.0, 40.0), (110, 40))
    assert amap.neighbours("1") == ["2"]
    assert not [p for p in amap.problems() if p.code in ("overlap", "gap")]
    doc.delete_vertex((110, 40))
    assert len(amap.areas["1"].polygon) == 4
    with pytest.raises(AreaGeometryError, match="no vertex"):
        doc.delete_vertex((500, 500))
    doc.add_area(((300, 0), (350, 0), (350, 50)))
    with pytest.raises(AreaGeometryError, match="three vertices"):
        doc.delete_vertex((300, 0))


def test_border_kind_edit_and_back_to_derived(doc):
    two_areas(doc)
    doc.set_border_kind("2", "1", "bridge")
    br = doc.area_map.border("1", "2")
    assert br is not None and br.kind == "bridge" and br.edited
    new = doc.split_area("1", [(50, -10), (50, 110)])  # a later geometry edit keeps the edited border,
    toucher = next(a for a in ("1", new) if "2" in doc.area_map.neighbours(a))  # on the part next to 2
    assert doc.area_map.border(toucher, "2").kind == "bridge"
    doc.undo_stack.undo()
    doc.set_border_kind("1", "2", None)
    assert doc.area_map.border("1", "2").kind == "open" and not doc.area_map.border("1", "2").edited
    doc.undo_stack.undo()
    assert doc.area_map.border("1", "2").kind == "bridge"


def test_renumber_carries_edited_borders(doc):
    two_areas(doc)
    doc.set_border_kind("1", "2", "river")
    doc.renumber("2", "17")
    amap = doc.area_map
    assert set(amap.areas) == {"1", "17"} and amap.areas["17"].id == "17"
    assert amap.border("1", "17").kind == "river"
    with pytest.raises(AreaGeometryError, match="already"):
        doc.renumber("1", "17")
    doc.undo_stack.undo()
    assert set(amap.areas) == {"1", "2"} and amap.border("1", "2").kind == "river"


def test_properties_edit_is_one_step(doc):
    doc.add_area(SQ_A)
    doc.set_area_properties("1", name="Bridge ramp", vp=2, zone="B", stacking=3, tags=frozenset({"pillbox"}))
    a = doc.area_map.areas["1"]
    assert (a.name, a.vp, a.zone, a.stacking, a.tags) == ("Bridge ramp", 2, "B", 3, frozenset({"pillbox"}))
    doc.undo_stack.undo()
    assert doc.area_map.areas["1"].vp == 0 and doc.area_map.areas["1"].name == ""


def test_counter_layout_stays_inside_the_area():
    from shapely.geometry import Point, Polygon

    ring = ((0, 0), (120, 0), (120, 60), (0, 60))
    centres, side = geo.counter_layout(ring, 7, 40)
    assert len(centres) == 7 and side < 40
    poly = Polygon(ring)
    assert all(poly.contains(Point(c)) for c in centres)
    assert len({(round(x), round(y)) for x, y in centres}) == 7  # no two on the same spot
