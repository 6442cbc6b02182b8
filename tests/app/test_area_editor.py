"""The area-map editor window: drawing with the tools (snapping, Enter/double-click to close, Esc),
split and merge from the tools, vertex drags, panels editing as one undo step, problems listed and
highlighted, save and reopen, units placed in areas and laid out inside them."""

from __future__ import annotations

import pytest
from hexwright.app.areamap.document import AreaMapDocument
from hexwright.app.editor.window import EditorWindow
from hexwright.engine.model.areamap import AreaMap
from PySide6.QtCore import QPointF, Qt

L = Qt.MouseButton.LeftButton
NO = Qt.KeyboardModifier.NoModifier


@pytest.fixture
def win(qtbot):
    w = EditorWindow(AreaMapDocument(AreaMap(name="test", width=400, height=300)))
    qtbot.addWidget(w)
    w.show()
    w.view.resetTransform()  # 100 %: the snapping distance is 9 map units
    w.view.set_zoom(1.0)
    w.ask_to_save = False
    return w


def click(tool, x, y, mods=NO):
    p = QPointF(x, y)
    tool.press(p, L, mods)
    tool.release(p, L, mods)


def draw(win, pts, finish="enter"):
    win.set_tool("draw")
    tool = win.tools["draw"]
    for x, y in pts:
        tool.move(QPointF(x, y), Qt.MouseButton.NoButton, NO)
        click(tool, x, y)
    if finish == "enter":
        tool.key(Qt.Key.Key_Return, NO)
    elif finish == "double":
        tool.double_click(QPointF(*pts[-1]), L, NO)
    return tool


def test_draw_closes_with_enter_and_snaps_to_the_neighbour(win):
    draw(win, [(0, 0), (100, 0), (100, 100), (0, 100)])
    # the second area's corners are clicked a few pixels off area 1's corners: they snap onto them
    draw(win, [(104, -3), (200, 0), (200, 100), (97, 104)], finish="double")
    amap = win.document.area_map
    assert set(amap.areas) == {"1", "2"}
    assert (100.0, 0.0) in amap.areas["2"].polygon and (100.0, 100.0) in amap.areas["2"].polygon
    assert amap.neighbours("2") == ["1"]
    assert win.document.undo_stack.count() == 2
    assert win.selected == ["2"]


def test_escape_cancels_and_backspace_takes_back_a_vertex(win):
    tool = draw(win, [(0, 0), (100, 0), (100, 100)], finish=None)
    tool.key(Qt.Key.Key_Backspace, NO)
    assert len(tool.points) == 2
    tool.key(Qt.Key.Key_Escape, NO)
    assert tool.points == []
    tool.key(Qt.Key.Key_Return, NO)
    assert win.document.area_map.areas == {} and win.document.undo_stack.count() == 0


def test_split_tool_and_merge_action(win):
    draw(win, [(0, 0), (200, 0), (200, 100), (0, 100)])
    win.set_tool("split")
    split = win.tools["split"]
    click(split, 80, -20)
    click(split, 80, 120)
    split.key(Qt.Key.Key_Enter, NO)
    amap = win.document.area_map
    assert set(amap.areas) == {"1", "2"} and amap.neighbours("1") == ["2"]
    win.set_tool("select")
    sel = win.tools["select"]
    click(sel, 150, 50)
    click(sel, 40, 50, Qt.KeyboardModifier.ShiftModifier)
    assert win.selected == ["1", "2"] and win.act_merge.isEnabled()
    win.act_merge.trigger()
    assert list(amap.areas) == ["1"] and amap.geometry("1").area == pytest.approx(20000)
    win.document.undo_stack.undo()
    assert set(amap.areas) == {"1", "2"}


def test_dragging_a_shared_vertex_keeps_the_border_shared(win):
    draw(win, [(0, 0), (100, 0), (100, 100), (0, 100)])
    draw(win, [(100, 0), (200, 0), (200, 100), (100, 100)])
    win.set_tool("select")
    sel = win.tools["select"]
    sel.press(QPointF(101, 99), L, NO)
    sel.move(QPointF(130, 140), L, NO)
    sel.release(QPointF(130, 140), L, NO)
    amap = win.document.area_map
    assert (130.0, 140.0) in amap.areas["1"].polygon and (130.0, 140.0) in amap.areas["2"].polygon
    assert not [p for p in amap.problems() if p.code in ("overlap", "gap")]
    sel.double_click(QPointF(50, 1), L, NO)  # insert a vertex on area 1's top edge
    assert (50.0, 0.0) in amap.areas["1"].polygon
    assert win.document.undo_stack.count() == 4


def test_inspector_and_border_panel_edits_are_undo_steps(win):
    draw(win, [(0, 0), (100, 0), (100, 100), (0, 100)])
    draw(win, [(100, 0), (200, 0), (200, 100), (100, 100)])
    win.select_areas(["1"])
    ins = win.inspector
    ins.vp.setValue(2)
    ins.vp.editingFinished.emit()
    ins.zone.setCurrentIndex(3)
    ins.zone.activated.emit(3)
    ins.number.setText("17")
    ins.number.editingFinished.emit()
    amap = win.document.area_map
    assert "17" in amap.areas and amap.areas["17"].vp == 2 and amap.areas["17"].zone == "C"
    win.select_areas(["17"])
    assert win.borders.table.rowCount() == 1
    win.borders.set_kind("2", "bridge")
    assert amap.border("2", "17").kind == "bridge" and amap.border("2", "17").edited
    assert win.borders.table.item(0, 2).text() == "edited"
    n = win.document.undo_stack.count()
    for _ in range(4):
        win.document.undo_stack.undo()
    assert set(amap.areas) == {"1", "2"} and amap.areas["1"].vp == 0
    assert win.document.undo_stack.count() == n


def test_problems_are_listed_and_highlighted(win):
    draw(win, [(0, 0), (100, 0), (100, 100), (0, 100)])
    draw(win, [(300, 0), (350, 0), (350, 50), (300, 50)])  # touches nothing: isolated
    win.document.add_area(((50, 50), (150, 50), (150, 150), (50, 150)))  # overlaps area 1
    win.refresh_problems()
    texts = [win.problems.item(i).text() for i in range(win.problems.count())]
    assert any("overlap" in t.lower() for t in texts), texts
    assert any("neighbour" in t.lower() or "isolated" in t.lower() for t in texts), texts
    assert not win.map_layers().problem_item.path().isEmpty()


def test_save_and_reopen_an_area_map(win, tmp_path):
    draw(win, [(0, 0), (100, 0), (100, 100), (0, 100)])
    draw(win, [(100, 0), (200, 0), (200, 100), (100, 100)])
    win.document.set_border_kind("1", "2", "river")
    path = tmp_path / "areas.yaml"
    assert win._save_to(path)
    assert not win.document.modified
    doc, diags = AreaMapDocument.open(path)
    assert doc is not None, [d.format() for d in diags]
    assert set(doc.area_map.areas) == {"1", "2"}
    assert doc.area_map.border("1", "2").kind == "river"
    png = tmp_path / "areas.png"
    win.export_png(png)
    assert png.stat().st_size > 1000
    for name in ("map.png", "map.svg", "map.pdf"):
        win.export(tmp_path / name)
        assert (tmp_path / name).stat().st_size > 500


def test_scan_underlay_is_one_undo_step_and_is_drawn(win, tmp_path):
    from PySide6.QtGui import QColor, QImage

    img = QImage(400, 300, QImage.Format.Format_RGB32)
    img.fill(QColor("#d8c8a0"))
    scan = tmp_path / "scan.png"
    assert img.save(str(scan))
    win.set_underlay(str(scan))
    assert win.document.area_map.underlay is not None
    assert not win.map_layers().underlay.pixmap().isNull()
    assert win.document.undo_stack.count() == 1
    win.document.undo_stack.undo()
    assert win.document.area_map.underlay is None and win.map_layers().underlay.pixmap().isNull()


def test_double_click_on_a_problem_selects_its_areas(win):
    draw(win, [(0, 0), (100, 0), (100, 100), (0, 100)])
    draw(win, [(300, 0), (350, 0), (350, 50), (300, 50)])
    win.refresh_problems()
    item = next(win.problems.item(i) for i in range(win.problems.count())
                if win.problems.item(i).data(Qt.ItemDataRole.UserRole))
    win.problems.itemDoubleClicked.emit(item)
    assert win.selected and set(win.selected) <= set(item.data(Qt.ItemDataRole.UserRole))


def test_drawing_with_real_mouse_and_key_events_on_the_view(qtbot, win):
    from PySide6.QtTest import QTest

    win.set_tool("draw")
    vp = win.view.viewport()
    win.view.setFocus()

    def at(x, y):
        return win.view.mapFromScene(QPointF(x, y))

    for x, y in [(0, 0), (100, 0), (100, 100)]:
        QTest.mouseMove(vp, at(x, y))
        QTest.mouseClick(vp, L, NO, at(x, y))
    QTest.mouseDClick(vp, L, NO, at(0, 100))  # the fourth vertex; the double click closes the polygon
    amap = win.document.area_map
    assert list(amap.areas) == ["1"] and len(amap.areas["1"].polygon) == 4
    for x, y in [(150, 0), (250, 0)]:
        QTest.mouseClick(vp, L, NO, at(x, y))
    QTest.keyClick(win.view, Qt.Key.Key_Escape)
    assert win.tools["draw"].points == []
    for x, y in [(100, 0), (200, 0), (200, 100), (100, 100)]:
        QTest.mouseClick(vp, L, NO, at(x, y))
    QTest.keyClick(win.view, Qt.Key.Key_Return)
    assert set(amap.areas) == {"1", "2"} and amap.neighbours("1") == ["2"]
    assert win.document.undo_stack.count() == 2
