"""Room for the map (app/editor/workspace.py, counter_lod.py, the canvas drawn by the export's painter):
map-only mode with Tab, panels tabbed together, a layout kept per task, counters by their size on the
screen, and the canvas showing what the export prints."""

from __future__ import annotations

from pathlib import Path

import numpy as np
from hexwright.app.kindbase.counter_lod import FULL_PX, VALUES_PX, detail_level, lod_paint, values_text
from hexwright.app.render.export import render_to_image
from hexwright.app.render.mapdraw import RenderOptions
from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QImage, QPainter
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QDockWidget, QToolBar

from tests.app.test_editor_scenario import _open, _scenario
from tests.app.test_editor_support import make_window, small_map


def _shown(win) -> set[str]:
    return {d.objectName() for d in win.findChildren(QDockWidget) if d.parent() is win and d.isVisible()}


def test_tab_in_the_map_toggles_map_only_and_back(qtbot, tmp_path) -> None:
    win = make_window(qtbot, tmp_path, small_map())
    before = _shown(win)
    assert before and win.view.hasFocus()
    width = win.view.width()
    QTest.keyClick(win.view, Qt.Key.Key_Tab)
    qtbot.waitUntil(lambda: not _shown(win))
    assert win.workspace.map_only and win.workspace.act_map_only.isChecked()
    assert not any(tb.isVisible() for tb in win.findChildren(QToolBar) if tb.parent() is win)
    qtbot.waitUntil(lambda: win.view.width() > width)
    QTest.keyClick(win.view, Qt.Key.Key_Tab)
    qtbot.waitUntil(lambda: _shown(win) == before)
    assert not win.workspace.map_only


def test_layout_is_saved_with_the_panels_shown_even_in_map_only(qtbot, tmp_path) -> None:
    win = make_window(qtbot, tmp_path, small_map())
    before = _shown(win)
    win.workspace.set_map_only(True)
    win.save_layout()
    assert not win.workspace.map_only and _shown(win) == before
    assert win.settings.value("layouts/editing") is not None


def test_a_layout_per_task(qtbot, tmp_path) -> None:
    win = _open(qtbot, tmp_path, _scenario())
    qtbot.waitUntil(lambda: "oobDock" in _shown(win))
    assert win.workspace.task == "setup"  # a scenario opens in the set-up layout
    assert {"oobDock", "designerDock"} <= _shown(win)
    win.dock_layers.hide()  # the designer changes the set-up layout
    win.workspace.switch("editing")
    assert win.workspace.task == "editing"
    assert "oobDock" not in _shown(win) and "paletteDock" in _shown(win)
    win.workspace.switch("setup")  # the set-up layout comes back as it was left
    assert "layersDock" not in _shown(win) and "oobDock" in _shown(win)


def test_tab_panels_together_leaves_one_tab_group_per_side(qtbot, tmp_path) -> None:
    win = make_window(qtbot, tmp_path, small_map())
    for d in (win.dock_layers, win.dock_overview):  # side by side first
        win.splitDockWidget(win.dock_palette, d, Qt.Orientation.Vertical)
        d.show()
    assert not win.tabifiedDockWidgets(win.dock_palette)
    win.workspace.act_tabs.trigger()
    assert win.tabifiedDockWidgets(win.dock_palette)  # the right side's panels share one tab group
    assert set(win.tabifiedDockWidgets(win.dock_palette)) >= {win.dock_layers, win.dock_overview}


def test_counter_level_of_detail_by_its_size_on_screen(qapp) -> None:
    sc = _scenario()
    unit = sc.units["g1"]
    assert detail_level(FULL_PX) == "full" and detail_level(FULL_PX - 1) == "values"
    assert detail_level(VALUES_PX) == "values" and detail_level(VALUES_PX - 1) == "chip"
    assert values_text(unit, sc) == "2-2-7"
    rect = QRectF(-48, -48, 96, 96)
    for scale, drawn in ((1.0, False), (0.3, True), (0.12, True)):
        img = QImage(100, 100, QImage.Format.Format_ARGB32_Premultiplied)
        img.fill(QColor("white"))
        p = QPainter(img)
        p.translate(50, 50)
        p.scale(scale, scale)
        assert lod_paint(p, rect, unit, sc) is drawn
        p.end()
        if drawn:  # the chip is filled in the side's colour
            assert img.pixelColor(50, 50 - round(40 * scale)) != QColor("white")


def test_counters_on_the_map_draw_as_chips_zoomed_out(qtbot, tmp_path) -> None:
    win = _open(qtbot, tmp_path, _scenario())
    item = win.counter_layer.items["g1"]
    assert item.unit is not None and item.scenario is not None
    win.view.set_zoom(0.2)
    img = win.view.grab().toImage()
    assert not img.isNull()


def test_canvas_draws_what_the_export_prints(qtbot, tmp_path) -> None:
    """The canvas at 100 % and the PNG export at scale 1 give the same pixels over the map's middle
    (one painter, two targets), textures, towns and names included."""
    m = small_map()
    win = make_window(qtbot, tmp_path, m)
    for layer in ("counters", "regions", "underlay"):
        win.set_layer_visible(layer, False)
    win.view.set_zoom(1.0)
    centre = m.layout().hex_to_pixel(m.hexes[len(m.hexes) // 2])
    win.view.centerOn(*centre)
    qtbot.wait(50)
    vp = win.view.viewport()
    shot = QImage(vp.size(), QImage.Format.Format_ARGB32_Premultiplied)
    shot.fill(QColor("white"))
    p = QPainter(shot)
    win.view.render(p, QRectF(0, 0, vp.width(), vp.height()), vp.rect())
    p.end()
    export = render_to_image(m, 1.0, RenderOptions(regions=False))
    top_left = win.view.mapToScene(0, 0)
    ox, oy = round(top_left.x()), round(top_left.y())
    diffs = []
    for x in range(40, min(vp.width(), export.width() - ox) - 40, 7):
        for y in range(40, min(vp.height(), export.height() - oy) - 40, 7):
            a, b = shot.pixelColor(x, y), export.pixelColor(x + ox, y + oy)
            diffs.append(abs(a.red() - b.red()) + abs(a.green() - b.green()) + abs(a.blue() - b.blue()))
    assert len(diffs) > 100
    distinct = {(shot.pixelColor(x, y).name()) for x in range(40, 400, 7) for y in range(40, 300, 7)}
    assert len(distinct) > 20  # a real map picture (terrain, textures, grid), not a plain background
    # antialiased edges differ by a pixel's rounding; the bulk is the same picture
    assert np.median(diffs) <= 6, np.percentile(diffs, [50, 90])
    assert np.mean(np.array(diffs) > 60) < 0.1


def test_remember_layout_keeps_a_windows_layout_across_opens(qtbot, tmp_path) -> None:
    """The playtest window's layout (remember_layout): kept when it closes, restored when shown again."""
    from hexwright.app.editor.workspace import remember_layout
    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QLabel, QMainWindow

    settings = QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)

    def window() -> tuple[QMainWindow, QDockWidget]:
        w = QMainWindow()
        w.setCentralWidget(QLabel("board"))
        d = QDockWidget("Game log", w)
        d.setObjectName("logDock")
        d.setWidget(QLabel("log"))
        w.addDockWidget(Qt.DockWidgetArea.BottomDockWidgetArea, d)
        qtbot.addWidget(w)
        remember_layout(w, settings, "playtest")
        return w, d

    w, d = window()
    w.show()
    qtbot.waitExposed(w)
    w.removeDockWidget(d)
    w.addDockWidget(Qt.DockWidgetArea.LeftDockWidgetArea, d)
    d.show()
    w.close()
    assert settings.value("layouts/playtest") is not None
    w2, d2 = window()
    w2.show()
    qtbot.waitExposed(w2)
    assert w2.dockWidgetArea(d2) == Qt.DockWidgetArea.LeftDockWidgetArea


def test_bottom_panels_stay_one_tab_group_after_new_and_new_scenario_and_reopening(qtbot, tmp_path) -> None:
    """Issue 33's journey: a scenario open, File > New, New Scenario from this Map, the scenario opened
    again: the set-up layout's bottom panels are one tab group, the width of the window, never side by side."""
    from hexwright.app.editor.kinds import HEX
    from hexwright.app.editor.scenario_panels import NewScenarioDialog
    from PySide6.QtWidgets import QApplication

    def bottom(win) -> list[QDockWidget]:
        QApplication.processEvents()
        return [d for d in win.findChildren(QDockWidget) if d.parent() is win and d.isVisible()
                and win.dockWidgetArea(d) == Qt.DockWidgetArea.BottomDockWidgetArea]

    def one_group(win) -> None:
        docks = bottom(win)
        assert len(docks) >= 8, [d.objectName() for d in docks]
        group = set(win.tabifiedDockWidgets(docks[0])) | {docks[0]}
        assert group == set(docks)  # tabbed together, not in columns
        shown = [d for d in docks if not d.visibleRegion().isEmpty()]
        assert len(shown) == 1 and shown[0].width() > win.width() * 0.8, [(d.objectName(), d.width()) for d in shown]

    win = _open(qtbot, tmp_path, _scenario())
    path = win.document.path
    one_group(win)
    win.set_document(HEX.empty_document())  # File > New
    win.kind_editor.new_scenario_from_map(NewScenarioDialog(win.document.map.name, win).build(win.document.map))
    assert win.scenario_panels is not None
    one_group(win)
    win.document.undo_stack.setClean()
    assert win.open_path(path, ask_save=False)
    assert win.scenario_panels is not None
    one_group(win)


def test_a_layout_kept_with_the_bottom_panels_in_columns_is_tabbed_again(qtbot, tmp_path) -> None:
    """A set-up layout saved with the bottom panels side by side (eight columns too narrow to read, as
    issue 33 saw after opening a scenario again) is regrouped into one tab group when it is restored; two
    groups a person put side by side stay."""
    from hexwright.app.editor.workspace import regroup_crowded
    from PySide6.QtWidgets import QApplication

    win = _open(qtbot, tmp_path, _scenario())
    path = win.document.path
    first = win.dock_diagnostics
    docks = [d for d in win.findChildren(QDockWidget) if d.parent() is win and d.isVisible()
             and win.dockWidgetArea(d) == Qt.DockWidgetArea.BottomDockWidgetArea and d is not first]
    assert len(docks) >= 7
    for d in docks:
        win.removeDockWidget(d)
        win.addDockWidget(Qt.DockWidgetArea.BottomDockWidgetArea, d, Qt.Orientation.Horizontal)
        d.show()
    QApplication.processEvents()
    assert not win.tabifiedDockWidgets(first)  # columns
    win.workspace.save_current()  # the set-up layout kept so
    win.document.undo_stack.setClean()
    assert win.open_path(path, ask_save=False)  # the scenario again: its panels placed by the kept layout
    QApplication.processEvents()
    bottom = [d for d in win.findChildren(QDockWidget) if d.parent() is win and d.isVisible()
              and win.dockWidgetArea(d) == Qt.DockWidgetArea.BottomDockWidgetArea]
    assert set(win.tabifiedDockWidgets(bottom[0])) | {bottom[0]} == set(bottom)
    designer = win.scenario_panels.docks["designerDock"]
    assert not designer.visibleRegion().isEmpty()  # the kind's main bottom panel in front
    # two groups side by side are a person's choice: kept
    win.removeDockWidget(designer)
    win.addDockWidget(Qt.DockWidgetArea.BottomDockWidgetArea, designer, Qt.Orientation.Horizontal)
    designer.show()
    QApplication.processEvents()
    assert regroup_crowded(win) == []



def test_a_columns_layout_kept_is_tabbed_again_when_the_editor_starts_on_the_scenario(qtbot, tmp_path) -> None:
    """The layouts a real session of the editor kept (tests/fixtures/layout-bottom-columns.ini: its set-up
    layout has the scenario's panels side by side) read by a new window opening F&M Scenario 1: the
    scenario's panels are shown after the layout that places them is restored, and they end up in one tab
    group, not eight columns."""
    import shutil

    from PySide6.QtWidgets import QApplication

    from tests.conftest import SCENARIOS

    fixtures = Path(__file__).resolve().parents[1] / "fixtures"
    shutil.copyfile(fixtures / "layout-bottom-columns.ini", tmp_path / "settings.ini")
    win = make_window(qtbot, tmp_path)
    assert win.open_path(SCENARIOS / "fm-arnhem" / "scenario-1-historical.yaml", ask_save=False)
    for _ in range(3):
        QApplication.processEvents()
    bottom = [d for d in win.findChildren(QDockWidget) if d.parent() is win and d.isVisibleTo(win)
              and win.dockWidgetArea(d) == Qt.DockWidgetArea.BottomDockWidgetArea]
    assert len(bottom) >= 7
    assert set(win.tabifiedDockWidgets(bottom[0])) | {bottom[0]} == set(bottom)
