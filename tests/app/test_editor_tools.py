"""The real tools driven by mouse events on the map view's viewport."""

from __future__ import annotations

from hexwright.app.editor.hex_kind import stamp_brush
from hexwright.engine.formats import dump_map
from hexwright.engine.hexgrid import hexside_between
from PySide6.QtCore import QRectF, Qt
from PySide6.QtTest import QTest

from tests.app.test_editor_support import click, drag, make_window, small_map, viewport_point


def _h(win, c, r):
    return win.document.map.grid.offset.to_hex(c, r)


def test_brush_drag_paints_hexes_as_one_undo_step(qtbot, tmp_path):
    win = make_window(qtbot, tmp_path, small_map())
    m = win.document.map
    original = dump_map(m)
    win.brush.terrain = "rough"
    QTest.keyClick(win.view, Qt.Key.Key_B)
    assert win.view.tool.name == "brush"
    hexes = [_h(win, c, 6) for c in range(1, 7)]
    drag(win, hexes)
    assert all(m.terrain[h] == "rough" for h in hexes)
    stack = win.document.undo_stack
    assert stack.count() == 1
    assert stack.text(0).startswith("Paint ") and stack.text(0).endswith("hexes")
    assert win.isWindowModified()
    stack.undo()
    assert dump_map(m) == original
    assert not win.isWindowModified()


def test_brush_radius_keys_and_stamp_size(qtbot, tmp_path):
    win = make_window(qtbot, tmp_path, small_map())
    m = win.document.map
    win.set_tool("brush")
    win.brush.terrain = "water"
    QTest.keyClick(win.view, Qt.Key.Key_BracketRight)
    assert win.brush.radius == 1
    assert "radius 1" in win.tool_label.text()
    click(win, _h(win, 5, 6))
    assert sum(t == "water" for t in m.terrain.values()) == 7
    QTest.keyClick(win.view, Qt.Key.Key_BracketLeft)
    QTest.keyClick(win.view, Qt.Key.Key_BracketLeft)
    assert win.brush.radius == 0


def test_flood_fill_fills_the_connected_area_only(qtbot, tmp_path):
    win = make_window(qtbot, tmp_path, small_map())
    m = win.document.map
    win.set_tool("fill")
    win.brush.terrain = "rough"
    click(win, _h(win, 2, 2))  # the two woods hexes
    assert m.terrain[_h(win, 2, 2)] == "rough" and m.terrain[_h(win, 3, 2)] == "rough"
    assert sum(t == "rough" for t in m.terrain.values()) == 2
    assert win.document.undo_stack.count() == 1


def test_overlay_brush_adds_and_right_button_removes_a_feature(qtbot, tmp_path):
    win = make_window(qtbot, tmp_path, small_map())
    m = win.document.map
    win.choose("feature", "fortification")
    assert win.view.tool.name == "overlay"
    h = _h(win, 3, 3)
    click(win, h)
    assert m.features_at(h) == ("fortification",)
    click(win, h, Qt.MouseButton.RightButton)
    assert m.features_at(h) == ()


def test_hexside_tool_click_near_an_edge_toggles_a_river_and_a_bridge(qtbot, tmp_path):
    win = make_window(qtbot, tmp_path, small_map())
    m = win.document.map
    a, b = _h(win, 4, 6), _h(win, 4, 7)
    side = hexside_between(a, b)
    win.choose("hexside_feature", "river")
    g = win.canvas.geometry
    mid = g.side_midpoint(side)
    win.view.centerOn(mid)
    p = win.view.mapFromScene(mid)
    QTest.mouseClick(win.view.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, p)
    assert m.hexside(side).features == ("river",)
    win.choose("bridge", "highway")
    QTest.mouseClick(win.view.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, p)
    assert m.hexside(side).bridge == "highway"
    win.choose("hexside_feature", "river")
    QTest.mouseClick(win.view.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, p)
    assert m.hexside(side).features == ()
    assert win.document.undo_stack.count() == 3


def test_hexside_tool_ignores_a_click_at_a_hex_centre(qtbot, tmp_path):
    win = make_window(qtbot, tmp_path, small_map())
    win.choose("hexside_feature", "stream")
    before = dump_map(win.document.map)
    click(win, _h(win, 5, 5))
    assert dump_map(win.document.map) == before


def test_path_tool_drag_lays_a_road_and_right_drag_erases_it(qtbot, tmp_path):
    win = make_window(qtbot, tmp_path, small_map())
    m = win.document.map
    win.choose("path", "railroad")
    QTest.keyClick(win.view, Qt.Key.Key_R)
    hexes = [_h(win, 6, r) for r in range(2, 8)]
    drag(win, hexes)
    assert len(m.path_links("railroad")) == 5
    assert win.document.undo_stack.count() == 1
    drag(win, hexes[:3], Qt.MouseButton.RightButton)
    assert len(m.path_links("railroad")) == 3
    drag(win, hexes[2:], Qt.MouseButton.LeftButton, Qt.KeyboardModifier.AltModifier)  # Alt erases too
    assert len(m.path_links("railroad")) == 0
    assert win.document.undo_stack.count() == 3
    win.document.undo_stack.undo()
    assert len(m.path_links("railroad")) == 3


def test_region_tool_creates_a_region_and_paints_hexes_into_it(qtbot, tmp_path, monkeypatch):
    from hexwright.app.editor.tools.annotate import RegionTool

    monkeypatch.setattr(RegionTool, "ask_name", staticmethod(lambda parent, suggestion: "area P"))
    win = make_window(qtbot, tmp_path, small_map())
    m = win.document.map
    QTest.keyClick(win.view, Qt.Key.Key_G)
    assert win.view.tool.name == "region"
    hexes = [_h(win, c, 1) for c in range(2, 6)]
    drag(win, hexes)
    assert m.regions["area P"].hexes == set(hexes)
    click(win, hexes[0], Qt.MouseButton.RightButton)
    assert m.regions["area P"].hexes == set(hexes[1:])
    stack = win.document.undo_stack
    assert stack.count() == 3  # create, paint (one drag), remove
    while stack.canUndo():
        stack.undo()
    assert "area P" not in m.regions


def test_label_tool_adds_renames_and_removes_a_place(qtbot, tmp_path, monkeypatch):
    from hexwright.app.editor.tools.annotate import LabelTool

    answers = iter(["Nijmegen", "Nijmegen bridge", ""])
    monkeypatch.setattr(LabelTool, "ask_text", staticmethod(lambda parent, current: next(answers)))
    win = make_window(qtbot, tmp_path, small_map())
    m = win.document.map
    QTest.keyClick(win.view, Qt.Key.Key_T)
    h = _h(win, 7, 7)
    click(win, h)
    assert [p.text for p in m.places if p.hex == h] == ["Nijmegen"]
    click(win, h)
    assert [p.text for p in m.places if p.hex == h] == ["Nijmegen bridge"]
    click(win, h)
    assert [p.text for p in m.places if p.hex == h] == []
    assert win.document.undo_stack.count() == 3


def test_elevation_tool_raises_and_lowers(qtbot, tmp_path):
    win = make_window(qtbot, tmp_path, small_map())
    m = win.document.map
    QTest.keyClick(win.view, Qt.Key.Key_H)
    h = _h(win, 2, 7)
    click(win, h)
    click(win, h)
    assert m.elevation_at(h) == 2
    click(win, h, Qt.MouseButton.RightButton)
    assert m.elevation_at(h) == 1


def test_eraser_resets_terrain_and_features_in_one_step(qtbot, tmp_path):
    win = make_window(qtbot, tmp_path, small_map())
    m = win.document.map
    QTest.keyClick(win.view, Qt.Key.Key_X)
    drag(win, [_h(win, 2, 2), _h(win, 3, 2)])
    click(win, _h(win, 4, 4))
    assert m.terrain[_h(win, 2, 2)] == "clear" and m.terrain[_h(win, 3, 2)] == "clear"
    assert m.features_at(_h(win, 4, 4)) == ()
    assert win.document.undo_stack.count() == 2


def test_eyedropper_and_alt_click_pick_terrain(qtbot, tmp_path):
    win = make_window(qtbot, tmp_path, small_map())
    m = win.document.map
    QTest.keyClick(win.view, Qt.Key.Key_I)
    click(win, _h(win, 5, 5))
    assert win.brush.terrain == "marsh"
    win.set_tool("brush")
    before = dump_map(m)
    click(win, _h(win, 2, 2), modifiers=Qt.KeyboardModifier.AltModifier)
    assert win.brush.terrain == "woods"
    assert dump_map(m) == before  # Alt+click picks, it does not paint


def test_select_tool_shows_hex_and_hexside_properties(qtbot, tmp_path):
    win = make_window(qtbot, tmp_path, small_map())
    QTest.keyClick(win.view, Qt.Key.Key_S)
    click(win, _h(win, 4, 4))
    text = win.properties.toPlainText()
    assert win.document.map.label(_h(win, 4, 4)) in text and "village" in text and "Oosterbeek" in text
    side = hexside_between(_h(win, 7, 3), _h(win, 7, 4))
    mid = win.canvas.geometry.side_midpoint(side)
    win.view.centerOn(mid)
    QTest.mouseClick(win.view.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier,
                     win.view.mapFromScene(mid))
    text = win.properties.toPlainText()
    assert "river" in text and "highway bridge" in text


def test_locked_layer_refuses_edits_and_hidden_layer_is_not_drawn(qtbot, tmp_path):
    win = make_window(qtbot, tmp_path, small_map())
    m = win.document.map
    win.layers_panel.lock_boxes["terrain"].setChecked(True)
    win.set_tool("brush")
    win.brush.terrain = "water"
    before = dump_map(m)
    click(win, _h(win, 1, 1))
    assert dump_map(m) == before
    assert "locked" in win.statusBar().currentMessage()
    win.layers_panel.lock_boxes["terrain"].setChecked(False)
    click(win, _h(win, 1, 1))
    assert m.terrain[_h(win, 1, 1)] == "water"
    win.layers_panel.visible_boxes["grid"].setChecked(False)
    assert not win.canvas.items["grid"].isVisible()
    win.layers_panel.visible_boxes["terrain"].setChecked(False)
    assert not win.canvas.items["terrain"].isVisible() and not win.canvas.features.isVisible()


def test_status_bar_shows_label_terrain_and_hexsides_under_the_cursor(qtbot, tmp_path):
    win = make_window(qtbot, tmp_path, small_map())
    m = win.document.map
    h = _h(win, 7, 3)
    win.view.centerOn(win.canvas.geometry.centre(h))
    QTest.mouseMove(win.view.viewport(), viewport_point(win, h))
    qtbot.waitUntil(lambda: win.hex_label.text().startswith(m.label(h)))
    text = win.hex_label.text()
    assert "Clear" in text and "river" in text and "highway bridge" in text


def test_a_brush_stamp_repaints_only_the_touched_area(qtbot, tmp_path):
    win = make_window(qtbot, tmp_path, small_map(40, 40))
    win.set_tool("brush")
    win.brush.terrain = "woods"
    h = _h(win, 20, 20)
    win.view.centerOn(win.canvas.geometry.centre(h))
    qtbot.wait(20)
    exposed = []
    layer = win.canvas.terrain
    real_draw = layer.draw

    def recording_draw(painter, rect, lod):
        exposed.append(QRectF(rect))
        real_draw(painter, rect, lod)

    layer.draw = recording_draw
    stamp_brush(win, h)
    qtbot.waitUntil(lambda: bool(exposed))
    assert win.document.map.terrain[h] == "woods"
    size = win.canvas.geometry.size
    assert all(r.width() < 6 * size and r.height() < 6 * size for r in exposed), exposed


def test_properties_panel_edits_the_selected_hex(qtbot, tmp_path):
    win = make_window(qtbot, tmp_path, small_map())
    m = win.document.map
    h = _h(win, 6, 2)
    assert not win.hex_editor.isEnabled()
    win.set_tool("select")
    click(win, h)
    assert win.hex_editor.isEnabled()
    combo = win.hex_editor.terrain
    combo.setCurrentIndex(combo.findData("marsh"))
    combo.activated.emit(combo.currentIndex())
    assert m.terrain[h] == "marsh"
    win.hex_editor.elevation.setValue(3)
    assert m.elevation_at(h) == 3
    stack = win.document.undo_stack
    assert stack.count() == 2
    stack.undo()
    stack.undo()
    assert m.terrain[h] == "clear" and m.elevation_at(h) == 0
    assert win.hex_editor.elevation.value() == 0  # the panel follows undo
