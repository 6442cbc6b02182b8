"""Shared set-up for the map editor tests: a small map, a main window with its settings in a temp
dir, and mouse helpers that click the real view at hex centres."""

from __future__ import annotations

from hexwright.engine.hexgrid import Hex
from hexwright.engine.model.hexmap import GridSpec, HexMap, HexsideInfo, Place, Region
from hexwright.engine.model.terrain import default_terrain_table
from PySide6.QtCore import QPoint, QSettings, QStandardPaths, Qt
from PySide6.QtTest import QTest


def small_map(columns: int = 12, rows: int = 10) -> HexMap:
    """A map with some of everything: terrain, a village, a river with a bridge, a road, a place,
    a region and an elevation."""
    m = HexMap(GridSpec(columns, rows), default_terrain_table(), "clear", name="test map")
    off = m.grid.offset
    h = off.to_hex
    m.set_terrain({h(2, 2): "woods", h(3, 2): "woods", h(5, 5): "marsh"})
    m.set_features({h(4, 4): ("village",)})
    m.set_elevation({h(6, 6): 1})
    from hexwright.engine.hexgrid import hexside_between

    m.set_hexsides({hexside_between(h(7, 3), h(7, 4)): HexsideInfo(("river",), "highway")})
    m.link_path(h(1, 1), h(1, 2), "road")
    m.set_places([Place("Oosterbeek", h(4, 4), "town")])
    m.set_region(Region("drop zone X", "drop_zone", {h(8, 8), h(9, 8)}, color="#3050d0"))
    return m


def make_window(qtbot, tmp_path, hexmap: HexMap | None = None):
    from hexwright.app.editor.document import MapDocument
    from hexwright.app.editor.window import EditorWindow
    from hexwright.app.editor_main import install_launchers

    install_launchers()  # what the program's entry does: Play > Playtest and Balance Lab open their windows
    QStandardPaths.setTestModeEnabled(True)
    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    win = EditorWindow(settings=settings)
    # closing asks about unsaved changes; tests that check that do it themselves
    qtbot.addWidget(win, before_close_func=lambda w: w.document.undo_stack.setClean())
    win.resize(1100, 750)
    win.show()
    qtbot.waitExposed(win)
    win.activateWindow()  # keyboard shortcuts need the active window
    qtbot.waitUntil(win.isActiveWindow)
    win.view.setFocus()
    if hexmap is not None:
        win.set_document(MapDocument(hexmap))
    qtbot.wait(5)  # the view fits the map once the window has its size
    win.view.zoom_actual()
    return win


def hex_point(win, h: Hex) -> QPoint:
    """The viewport position of a hex centre, after scrolling it into view."""
    c = win.canvas.geometry.centre(h)
    win.view.centerOn(c)
    return win.view.mapFromScene(c)


def viewport_point(win, h: Hex) -> QPoint:
    return win.view.mapFromScene(win.canvas.geometry.centre(h))


def click(win, h: Hex, button=Qt.MouseButton.LeftButton, modifiers=Qt.KeyboardModifier.NoModifier) -> None:
    p = hex_point(win, h)
    QTest.mousePress(win.view.viewport(), button, modifiers, p)
    QTest.mouseRelease(win.view.viewport(), button, modifiers, p)


def drag(win, hexes: list[Hex], button=Qt.MouseButton.LeftButton, modifiers=Qt.KeyboardModifier.NoModifier) -> None:
    """Press on the first hex, move across the others, release on the last (the view does not scroll
    during the drag, so the hexes must all be on screen)."""
    vp = win.view.viewport()
    hex_point(win, hexes[len(hexes) // 2])
    QTest.mousePress(vp, button, modifiers, viewport_point(win, hexes[0]))
    for h in hexes[1:]:
        QTest.mouseMove(vp, viewport_point(win, h))
    QTest.mouseRelease(vp, button, modifiers, viewport_point(win, hexes[-1]))
