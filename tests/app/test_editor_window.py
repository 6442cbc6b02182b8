"""The main window: files (open, save, reopen, malformed files, unsaved changes), recent files,
new map, zoom and navigation, diagnostics."""

from __future__ import annotations

from pathlib import Path

import pytest
from hexwright.app.editor.document import MapDocument
from hexwright.engine.formats import dump_map, load_scenario, read_map_file, save_map, save_scenario
from hexwright.engine.model.scenario import Scenario, Side
from hexwright.engine.rules.fm.family import FAMILY as FM_FAMILY
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QFileDialog, QMessageBox

from tests.app.test_editor_support import click, drag, make_window, small_map


def _h(win, c, r):
    return win.document.map.grid.offset.to_hex(c, r)


@pytest.fixture
def map_file(tmp_path) -> Path:
    p = tmp_path / "board.yaml"
    save_map(small_map(), p)
    return p


def test_open_edit_save_reopen_gives_the_same_map(qtbot, tmp_path, map_file):
    win = make_window(qtbot, tmp_path)
    assert win.open_path(map_file)
    assert win.windowTitle().startswith("board.yaml")
    assert not win.isWindowModified()
    win.brush.terrain = "woods"
    drag(win, [_h(win, c, 8) for c in range(1, 5)])
    win.choose("path", "road")
    drag(win, [_h(win, 2, r) for r in range(3, 7)])
    assert win.isWindowModified()
    edited = dump_map(win.document.map)
    assert win.save()
    assert not win.isWindowModified()
    assert read_map_file(map_file) is not None
    assert dump_map(read_map_file(map_file)) == edited
    win2 = make_window(qtbot, tmp_path / "second")
    assert win2.open_path(map_file)
    assert dump_map(win2.document.map) == edited


def test_save_as_writes_a_new_file_and_retitles(qtbot, tmp_path, map_file, monkeypatch):
    win = make_window(qtbot, tmp_path)
    win.open_path(map_file)
    target = tmp_path / "copy.yaml"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(target), ""))
    assert win.save_as()
    assert target.exists() and win.document.path == target
    assert win.windowTitle().startswith("copy.yaml")


def test_malformed_file_opens_nothing_and_reports_the_line(qtbot, tmp_path, map_file, monkeypatch):
    win = make_window(qtbot, tmp_path)
    win.open_path(map_file)
    before = win.document
    lines = map_file.read_text().splitlines()
    i = next(n for n, line in enumerate(lines) if line.strip().startswith("'0101'"))
    lines[i] = lines[i].split(":")[0] + ": [unclosed"
    bad = tmp_path / "broken.yaml"
    bad.write_text("\n".join(lines) + "\n")
    shown = []
    monkeypatch.setattr(QMessageBox, "exec", lambda box: shown.append(box.text() + box.detailedText()) or 0)
    assert not win.open_path(bad)
    assert win.document is before
    assert shown and "broken.yaml:" in shown[0]
    assert any(f"broken.yaml:{n}" in shown[0] for n in range(i, i + 4))


def test_unknown_terrain_code_is_reported_with_its_line(qtbot, tmp_path, map_file, monkeypatch):
    text = map_file.read_text().replace("'0303': woods", "'0303': jungle")
    bad = tmp_path / "jungle.yaml"
    bad.write_text(text)
    doc, diags = MapDocument.open(bad)
    assert doc is None
    line = next(n for n, t in enumerate(text.splitlines(), start=1) if "jungle" in t)
    assert any(d.line == line for d in diags)


def test_a_byte_that_is_not_utf8_is_reported_at_its_line_when_opened(qtbot, tmp_path, map_file):
    lines = map_file.read_bytes().split(b"\n")
    lines[5] = lines[5] + b" # caf\xe9"
    bad = tmp_path / "latin1.yaml"
    bad.write_bytes(b"\n".join(lines))
    doc, diags = MapDocument.open(bad)
    assert doc is None
    assert [(d.code, d.line) for d in diags] == [("encoding", 6)]


def test_closing_with_unsaved_changes_asks(qtbot, tmp_path, map_file, monkeypatch):
    win = make_window(qtbot, tmp_path)
    win.open_path(map_file)
    win.brush.terrain = "water"
    click(win, _h(win, 1, 1))
    asked = []
    answer = QMessageBox.StandardButton.Cancel
    monkeypatch.setattr(QMessageBox, "question", lambda *a, **k: asked.append(a) or answer)
    assert not win.close()
    assert win.isVisible() and len(asked) == 1
    answer = QMessageBox.StandardButton.Save
    assert win.close()
    assert len(asked) == 2
    assert read_map_file(map_file).terrain[_h(win, 1, 1)] == "water"


def test_closing_and_discarding_keeps_the_file(qtbot, tmp_path, map_file, monkeypatch):
    win = make_window(qtbot, tmp_path)
    win.open_path(map_file)
    before = map_file.read_text()
    win.brush.terrain = "water"
    click(win, _h(win, 1, 1))
    monkeypatch.setattr(QMessageBox, "question", lambda *a, **k: QMessageBox.StandardButton.Discard)
    assert win.close()
    assert map_file.read_text() == before


def test_clean_document_closes_without_asking(qtbot, tmp_path, map_file, monkeypatch):
    win = make_window(qtbot, tmp_path)
    win.open_path(map_file)

    def fail(*a, **k):
        raise AssertionError("must not ask")

    monkeypatch.setattr(QMessageBox, "question", fail)
    assert win.close()


def test_recent_files_and_layout_are_remembered(qtbot, tmp_path, map_file):
    win = make_window(qtbot, tmp_path)
    win.open_path(map_file)
    assert win.recent_files()[0] == str(map_file.resolve())
    assert [a.text() for a in win.recent_menu.actions()] == ["board.yaml"]
    win.close()
    win2 = make_window(qtbot, tmp_path)  # the same settings file
    assert win2.recent_files()[0] == str(map_file.resolve())
    assert win2.settings.value("window/geometry") is not None


def test_scenario_file_edits_its_map_and_saves_both(qtbot, tmp_path):
    m = small_map()
    sc = Scenario("Test scenario", FM_FAMILY.id, m, map_file="scenario-map.yaml",
                  sides=[Side("allied", "Allied"), Side("german", "German")])
    path = tmp_path / "scenario.yaml"
    save_scenario(sc, path)
    assert load_scenario(path).scenario is not None
    win = make_window(qtbot, tmp_path)
    assert win.open_path(path)
    assert win.document.scenario is not None
    assert "(scenario)" in win.windowTitle()
    win.brush.terrain = "rough"
    click(win, _h(win, 0, 0))
    assert win.save()
    reloaded = load_scenario(path).scenario
    assert reloaded is not None and reloaded.map.terrain[_h(win, 0, 0)] == "rough"
    assert read_map_file(tmp_path / "scenario-map.yaml").terrain[_h(win, 0, 0)] == "rough"


def test_new_map_dialog_builds_the_grid_asked_for(qtbot, tmp_path, map_file):
    from hexwright.app.editor.dialogs.new_map import NewMapDialog

    dlg = NewMapDialog()
    qtbot.addWidget(dlg)
    dlg.columns.setValue(15)
    dlg.rows.setValue(12)
    dlg.orientation.setCurrentIndex(dlg.orientation.findData("pointy"))
    dlg.scheme.setCurrentIndex(dlg.scheme.findData("letter_number"))
    dlg.letters.setCurrentIndex(dlg.letters.findData("spreadsheet"))
    assert dlg.load_table(map_file)
    m = dlg.build_map()
    assert (m.grid.columns, m.grid.rows, m.grid.orientation) == (15, 12, "pointy")
    assert m.label(m.grid.offset.to_hex(0, 0)) == "A1"
    assert set(m.terrain_table.terrain) == set(small_map().terrain_table.terrain)
    dlg.columns.setValue(150)
    dlg.scheme.setCurrentIndex(dlg.scheme.findData("xxyy"))
    assert dlg.digits.value() == 3  # widened to fit column 150


def test_new_map_from_the_menu_replaces_the_document(qtbot, tmp_path, monkeypatch):
    from hexwright.app.editor.dialogs.new_map import NewMapDialog

    def accept(dlg):
        dlg.columns.setValue(9)
        dlg.rows.setValue(7)
        return NewMapDialog.DialogCode.Accepted

    monkeypatch.setattr(NewMapDialog, "exec", accept)
    win = make_window(qtbot, tmp_path)
    assert win.new_map()
    assert len(win.document.map.hexes) == 63
    assert win.windowTitle().startswith("Untitled")


def test_zoom_keys_and_fit(qtbot, tmp_path):
    win = make_window(qtbot, tmp_path, small_map(60, 50))
    z = win.view.zoom()
    QTest.keySequence(win, "Ctrl+=")
    assert win.view.zoom() > z
    QTest.keySequence(win, "Ctrl+-")
    QTest.keySequence(win, "Ctrl+-")
    assert win.view.zoom() < z
    QTest.keySequence(win, "Ctrl+0")
    visible = win.view.visible_scene_rect()
    assert visible.contains(win.canvas.geometry.map_rect.adjusted(1, 1, -1, -1))
    assert win.zoom_label.text().endswith("%")


def test_wheel_zooms_around_the_cursor(qtbot, tmp_path):
    from PySide6.QtCore import QPoint, QPointF
    from PySide6.QtGui import QWheelEvent

    win = make_window(qtbot, tmp_path, small_map(60, 50))
    vp = win.view.viewport()
    pos = QPointF(vp.width() * 0.3, vp.height() * 0.4)
    under = win.view.mapToScene(pos.toPoint())
    ev = QWheelEvent(pos, vp.mapToGlobal(pos), QPoint(), QPoint(0, 240), Qt.MouseButton.NoButton,
                     Qt.KeyboardModifier.NoModifier, Qt.ScrollPhase.NoScrollPhase, False)
    z = win.view.zoom()
    win.view.wheelEvent(ev)
    assert win.view.zoom() > z
    after = win.view.mapToScene(pos.toPoint())
    assert abs(after.x() - under.x()) < 3 and abs(after.y() - under.y()) < 3


def test_middle_drag_and_arrow_keys_pan(qtbot, tmp_path):
    win = make_window(qtbot, tmp_path, small_map(60, 50))
    bar = win.view.horizontalScrollBar()
    bar.setValue(bar.maximum() // 2)
    start = bar.value()
    vp = win.view.viewport()
    c = vp.rect().center()
    QTest.mousePress(vp, Qt.MouseButton.MiddleButton, Qt.KeyboardModifier.NoModifier, c)
    QTest.mouseMove(vp, c + type(c)(100, 0))
    QTest.mouseRelease(vp, Qt.MouseButton.MiddleButton, Qt.KeyboardModifier.NoModifier, c + type(c)(100, 0))
    assert bar.value() < start
    v = bar.value()
    QTest.keyClick(win.view, Qt.Key.Key_Right)
    assert bar.value() > v


def test_overview_click_moves_the_main_view(qtbot, tmp_path):
    win = make_window(qtbot, tmp_path, small_map(60, 50))
    win.dock_overview.show()
    win.dock_overview.raise_()
    qtbot.wait(10)
    ov = win.overview
    target = win.canvas.geometry.map_rect.bottomRight()
    QTest.mouseClick(ov, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier,
                     ov._target().bottomRight().toPoint() - type(ov.rect().center())(3, 3))
    centre = win.view.mapToScene(win.view.viewport().rect().center())
    assert centre.x() > target.x() * 0.6 and centre.y() > target.y() * 0.6


def test_diagnostics_double_click_jumps_to_the_hex(qtbot, tmp_path):
    from hexwright.engine.validation import Diagnostic, Severity

    win = make_window(qtbot, tmp_path, small_map(40, 40))
    label = win.document.map.label(_h(win, 30, 30))
    win.diagnostics.set_diagnostics([Diagnostic("test", Severity.ERROR, "something wrong", "x.yaml", 3,
                                                hex=label)])
    item = win.diagnostics.list.item(0)
    assert "x.yaml:3" in item.text()
    win.diagnostics.list.itemDoubleClicked.emit(item)
    assert win.selected_hex == _h(win, 30, 30)
    assert win.view.visible_scene_rect().contains(win.canvas.geometry.centre(_h(win, 30, 30)))


def test_diagnostics_double_click_on_a_hexside_selects_the_hexside(qtbot, tmp_path):
    from hexwright.engine.hexgrid import hexside_between
    from hexwright.engine.validation import Diagnostic, Severity

    win = make_window(qtbot, tmp_path, small_map(40, 40))
    a, b = _h(win, 30, 30), _h(win, 30, 31)
    label = f"{win.document.map.label(a)}/{win.document.map.label(b)}"
    win.diagnostics.set_diagnostics([Diagnostic("test", Severity.ERROR, "a hexside problem", "x.yaml", 3,
                                                hex=label)])
    win.diagnostics.list.itemDoubleClicked.emit(win.diagnostics.list.item(0))
    assert win.selected_side == hexside_between(a, b) and win.selected_hex is None
    assert win.view.visible_scene_rect().contains(win.canvas.geometry.side_line(win.selected_side).center())
    win.jump_to_label("9999/9998")
    assert "No hexside 9999/9998" in win.statusBar().currentMessage()


def test_undo_redo_actions_and_history(qtbot, tmp_path):
    win = make_window(qtbot, tmp_path, small_map())
    win.brush.terrain = "rough"
    click(win, _h(win, 1, 1))
    click(win, _h(win, 3, 3))
    assert win.history.model().rowCount() == 3  # <opened> and two steps
    win.act_undo.trigger()
    assert win.document.map.terrain[_h(win, 3, 3)] == "clear"
    win.act_redo.trigger()
    assert win.document.map.terrain[_h(win, 3, 3)] == "rough"


def test_underlay_opacity_slider_is_one_undo_step(qtbot, tmp_path):
    from hexwright.app.editor.commands import SetUnderlay
    from hexwright.engine.model.hexmap import Underlay
    from PySide6.QtGui import QColor, QImage

    img = QImage(200, 150, QImage.Format.Format_RGB32)
    img.fill(QColor("#c0b080"))
    img.save(str(tmp_path / "scan.png"))
    win = make_window(qtbot, tmp_path, small_map())
    m = win.document.map
    win.document.push(SetUnderlay(m, Underlay(str(tmp_path / "scan.png"), (2, 0, 0, 2, 0, 0), 0.5)))
    assert not win.canvas.underlay.pixmap().isNull()
    n = win.document.undo_stack.count()
    for v in (40, 30, 20):
        win.layers_panel.opacity.setValue(v)
    win.layers_panel.opacityReleased.emit()
    assert m.underlay.opacity == pytest.approx(0.2)
    assert win.canvas.underlay.opacity() == pytest.approx(0.2)
    assert win.document.undo_stack.count() == n + 1
    win.layers_panel.visible_boxes["underlay"].setChecked(False)
    assert not win.canvas.underlay.isVisible()


def test_map_properties_resize_is_undoable(qtbot, tmp_path, monkeypatch):
    from hexwright.app.editor.dialogs.new_map import MapPropertiesDialog

    def accept(dlg):
        dlg.columns.setValue(8)
        dlg.name.setText("smaller")
        return MapPropertiesDialog.DialogCode.Accepted

    monkeypatch.setattr(MapPropertiesDialog, "exec", accept)
    win = make_window(qtbot, tmp_path, small_map())
    original = dump_map(win.document.map)
    win.map_properties()
    assert win.document.map.grid.columns == 8 and win.document.map.name == "smaller"
    assert win.document.undo_stack.count() == 1
    win.document.undo_stack.undo()
    assert dump_map(win.document.map) == original


def test_hexwright_file_opens_the_editor_on_that_file(qtbot, tmp_path, map_file, monkeypatch):
    from hexwright.app import cli
    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QApplication

    QSettings.setPath(QSettings.Format.IniFormat, QSettings.Scope.UserScope, str(tmp_path / "config"))
    opened = []

    def fake_exec(*args):
        win = next(w for w in QApplication.topLevelWidgets() if type(w).__name__ == "EditorWindow" and w.isVisible())
        opened.append((win.document.path, win.document.map.name))
        win.close()
        return 0

    monkeypatch.setattr(QApplication, "exec", fake_exec)
    assert cli.main([str(map_file)]) == 0
    assert opened == [(map_file, "test map")]
    assert cli.main([]) == 0  # no argument: an untitled map
    assert opened[-1][0] is None


def test_hexside_tool_highlights_the_edge_under_the_cursor(qtbot, tmp_path):
    from hexwright.engine.hexgrid import hexside_between

    win = make_window(qtbot, tmp_path, small_map())
    win.choose("hexside_feature", "river")
    side = hexside_between(_h(win, 4, 6), _h(win, 4, 7))
    mid = win.canvas.geometry.side_midpoint(side)
    win.view.centerOn(mid)
    QTest.mouseMove(win.view.viewport(), win.view.mapFromScene(mid))
    qtbot.waitUntil(lambda: not win.view.side_preview.path().isEmpty())
    line = win.canvas.geometry.side_line(side)
    path = win.view.side_preview.path()
    ends = {(round(path.elementAt(i).x, 3), round(path.elementAt(i).y, 3)) for i in range(2)}
    assert ends == {(round(line.x1(), 3), round(line.y1(), 3)), (round(line.x2(), 3), round(line.y2(), 3))}
    win.set_tool("brush")
    assert win.view.side_preview.path().isEmpty()


def test_opening_offers_to_recover_a_newer_autosave(qtbot, tmp_path, map_file, monkeypatch):
    import os

    m = small_map()
    m.set_terrain({m.grid.offset.to_hex(0, 0): "water"})
    side = map_file.with_name(map_file.name + ".autosave")
    side.write_text(dump_map(m))
    st = map_file.stat()
    os.utime(side, (st.st_atime + 10, st.st_mtime + 10))
    asked = []
    monkeypatch.setattr(QMessageBox, "question", lambda *a, **k: asked.append(a) or QMessageBox.StandardButton.Yes)
    win = make_window(qtbot, tmp_path)
    assert win.open_path(map_file, ask_save=False)
    assert len(asked) == 1
    assert win.document.path == map_file
    assert win.document.map.terrain[m.grid.offset.to_hex(0, 0)] == "water"
    assert win.isWindowModified()  # the recovered edits are not in the file yet
    assert win.save()
    assert not side.exists()  # a normal save discards the side file


def test_new_map_can_take_a_shipped_game_terrain_table(qtbot):
    from hexwright.app.editor.dialogs.new_map import NewMapDialog, shipped_maps

    maps = shipped_maps()
    if not maps:
        pytest.skip("no shipped scenario maps in this checkout")
    dlg = NewMapDialog()
    qtbot.addWidget(dlg)
    index = dlg.shipped.findData(str(maps[0]))
    dlg.shipped.setCurrentIndex(index)
    dlg.shipped.activated.emit(index)
    expected = read_map_file(maps[0]).terrain_table
    assert set(dlg.build_map().terrain_table.terrain) == set(expected.terrain)


def _scenario_file(tmp_path) -> Path:
    from hexwright.engine.model import Region

    m = small_map()
    m.set_region(Region("allied setup", "setup_zone", set(m.hexes[:6]), color="#ff0000"))
    sc = Scenario("Start test", FM_FAMILY.id, m, map_file="start-map.yaml",
                  sides=[Side("allied", "Allied"), Side("german", "German")])
    path = tmp_path / "start.yaml"
    save_scenario(sc, path)
    return path


def test_scenario_docks_are_built_after_the_first_paint_or_when_asked_for(qtbot, tmp_path):
    """`hexwright scenario.yaml` shows the window and opens the file before the first paint: the
    scenario docks wait for the map view's first paint, then come with their menu entries."""
    from hexwright.app.editor.window import EditorWindow
    from PySide6.QtCore import QSettings

    path = _scenario_file(tmp_path)
    win = EditorWindow(settings=QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(win, before_close_func=lambda w: w.document.undo_stack.setClean())
    win.show()  # as application.main does: shown, then the file opened, no event processed between
    assert win.open_path(path, ask_save=False)
    assert win._panels_pending and win._scenario_panels is None
    assert win.act_sheets.isEnabled()
    qtbot.waitUntil(lambda: win._scenario_panels is not None, timeout=5000)
    assert win.view._painted
    panels = win.scenario_panels
    assert panels.document is win.document
    menu = [a.text() for a in win.scenario_menu.actions()]
    assert any(a.text() in menu for a in panels.toggle_actions())
    # a window never painted (a script) gets the docks as soon as it asks for them
    other = EditorWindow(settings=QSettings(str(tmp_path / "t.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(other, before_close_func=lambda w: w.document.undo_stack.setClean())
    other.show()
    assert other.open_path(path, ask_save=False)
    assert other._scenario_panels is None
    assert other.scenario_panels is not None and not other._panels_pending
    # and closing the scenario before the first paint builds nothing
    third = EditorWindow(settings=QSettings(str(tmp_path / "u.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(third, before_close_func=lambda w: w.document.undo_stack.setClean())
    third.show()
    assert third.open_path(path, ask_save=False)
    third.set_document(MapDocument(small_map()))
    qtbot.wait(50)
    assert third.scenario_panels is None


def test_overview_picture_is_drawn_a_moment_after_the_map_is_set(qtbot, tmp_path):
    win = make_window(qtbot, tmp_path, small_map(30, 20))
    win.dock_overview.show()
    win.dock_overview.raise_()
    win.set_document(MapDocument(small_map(20, 15)))
    assert win.overview.image is None  # not drawn while the window opens the map
    qtbot.waitUntil(lambda: win.overview.image is not None, timeout=5000)


def test_region_tint_follows_the_region_hexes(qtbot, tmp_path):
    """Regions are drawn from a shape kept per region, rebuilt when the region's hexes change."""
    from hexwright.engine.model import Region
    from PySide6.QtCore import QRectF
    from PySide6.QtGui import QColor, QImage, QPainter

    m = small_map()
    m.set_region(Region("zone", "setup_zone", {m.hexes[0]}, color="#0000ff"))
    win = make_window(qtbot, tmp_path, m)
    g, scene = win.canvas.geometry, win.view.scene()

    def colour_at(h) -> QColor:
        img = QImage(40, 40, QImage.Format.Format_ARGB32_Premultiplied)
        img.fill(QColor("white"))
        c = g.centre(h)
        p = QPainter(img)
        scene.render(p, QRectF(0, 0, 40, 40), QRectF(c.x() - 2, c.y() - 2, 4, 4))
        p.end()
        return img.pixelColor(20, 20)

    inside, outside = m.hexes[0], m.hexes[-1]
    before = colour_at(outside)
    assert colour_at(inside).blue() - colour_at(inside).red() > before.blue() - before.red()
    win.document.map.set_region_hexes("zone", add=[outside])
    win.view.viewport().repaint()
    after = colour_at(outside)
    assert after.blue() - after.red() > before.blue() - before.red()


def test_editor_start_loads_numpy_with_one_blas_thread_and_leaves_the_environment():
    """`hexwright` loads numpy before the editor with OpenBLAS limited to one thread (no thread per
    core started), and the processes it starts later get the environment as it was."""
    import os
    import subprocess
    import sys

    code = ("import os\n"
            "before = len(os.listdir('/proc/self/task'))\n"
            "from hexwright.app.editor_main import load_numpy_with_one_blas_thread\n"
            "load_numpy_with_one_blas_thread()\n"
            "import sys\n"
            "print('numpy' in sys.modules, len(os.listdir('/proc/self/task')) - before,"
            " 'OPENBLAS_NUM_THREADS' in os.environ)\n")
    if not Path("/proc/self/task").is_dir():
        pytest.skip("counts threads through /proc")
    env = {k: v for k, v in os.environ.items() if k != "OPENBLAS_NUM_THREADS"}
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True)
    assert out.stdout.split() == ["True", "0", "False"]


def test_new_map_dialog_refuses_a_grid_over_the_hex_bound(qtbot, monkeypatch):
    """999 x 999 was accepted (the loader's bound was then 1,000,000 hexes): a map the editor made that the
    loader refuses could not be opened again."""
    from hexwright.app.editor.dialogs import new_map
    from hexwright.engine.model.bounds import MAX_HEXES

    warned: list[str] = []
    monkeypatch.setattr(new_map.QMessageBox, "warning", lambda parent, title, text: warned.append(text))
    dlg = new_map.NewMapDialog()
    qtbot.addWidget(dlg)
    dlg.columns.setValue(300)
    dlg.rows.setValue(201)
    dlg.accept()
    assert dlg.result() != dlg.DialogCode.Accepted
    assert warned == [f"300 x 201 = 60,300 hexes is more than a map may have ({MAX_HEXES:,})."]
    dlg.rows.setValue(200)
    dlg.accept()
    assert dlg.result() == dlg.DialogCode.Accepted
