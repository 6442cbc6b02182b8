"""One editor window class for every map kind: the document's kind supplies the view, tools, panels,
menus and clipboard (app/editor/kind_editor.py); the window owns the menus, panels and file operations
both kinds share (app/editor/window.py)."""

from __future__ import annotations

import pytest
from hexwright.app.areamap.document import AreaMapDocument
from hexwright.app.areamap.view import AreaView
from hexwright.app.editor.area_kind import AreaKindEditor
from hexwright.app.editor.document import MapDocument
from hexwright.app.editor.hex_kind import HexKindEditor
from hexwright.app.editor.kinds import AREA, HEX, kind_of_document
from hexwright.app.editor.mapview import MapView
from hexwright.app.editor.window import EditorWindow
from hexwright.engine.model.areamap import AreaMap
from hexwright.engine.model.hexmap import GridSpec, HexMap
from PySide6.QtCore import QSettings

from tests.conftest import SCENARIOS


@pytest.fixture
def settings(tmp_path):
    return QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)


def window(qtbot, settings, document=None, **kw) -> EditorWindow:
    w = EditorWindow(document, settings=settings, **kw)
    w.ask_to_save = False
    qtbot.addWidget(w)
    return w


def menu_titles(w: EditorWindow) -> list[str]:
    return [a.text() for a in w.menuBar().actions()]


def submenu(w: EditorWindow, title: str) -> list[str]:
    menu = next(a.menu() for a in w.menuBar().actions() if a.text() == title)
    return [a.text() for a in menu.actions() if a.text()]


def test_one_window_class_shows_either_kind_with_the_kinds_view_and_tools(qtbot, settings):
    hexes = window(qtbot, settings, MapDocument(HexMap(GridSpec(6, 5), name="h")))
    areas = window(qtbot, settings, AreaMapDocument(AreaMap(name="a", width=400, height=300)))
    assert type(hexes) is type(areas) is EditorWindow
    assert hexes.kind is HEX and isinstance(hexes.kind_editor, HexKindEditor) and isinstance(hexes.view, MapView)
    assert areas.kind is AREA and isinstance(areas.kind_editor, AreaKindEditor) and isinstance(areas.view, AreaView)
    assert hexes.centralWidget() is hexes.view and areas.centralWidget() is areas.view
    assert "brush" in hexes.tools and "draw" in areas.tools and "draw" not in hexes.tools
    assert kind_of_document(hexes.document) is HEX and kind_of_document(areas.document) is AREA
    # with no document: an untitled one of the kind asked for (a hex map by default)
    assert window(qtbot, settings).kind is HEX
    blank = window(qtbot, settings, kind=AREA)
    assert blank.kind is AREA and blank.is_blank() and blank.document.area_map.areas == {}


def test_what_every_kind_shares_is_the_windows(qtbot, settings):
    hexes = window(qtbot, settings)
    areas = window(qtbot, settings, kind=AREA)
    for w in (hexes, areas):
        titles = menu_titles(w)
        assert titles[:3] == ["&File", "&Edit", "&View"] and titles[-1] == "&Help"
        assert "&Play" in titles and "&Map" in titles and "&Tools" in titles
        assert "&Preferences…" in submenu(w, "&Edit") and "&Undo" in submenu(w, "&Edit")
        assert {"&Layers", "&Panels", "&Fit to Window"} <= set(submenu(w, "&View"))
        assert w.dock_layers.widget() is w.layers_panel and w.dock_overview.widget() is w.overview
        assert w.dock_history.widget() is w.history and w.history.group() is w.undo_group
        assert w.undo_group.activeStack() is w.document.undo_stack
    assert set(hexes.layers_panel.visible_boxes) != set(areas.layers_panel.visible_boxes)  # the kind's layers
    assert hexes.map_layers() is hexes.canvas and areas.map_layers() is areas.area_layers
    # the kind's own entries go into the shared menus
    assert "&Export" in submenu(hexes, "&File") and "&Export…" in submenu(areas, "&File")
    assert "&Merge Selected Areas" in submenu(areas, "&Edit") and "Actual &Size" in submenu(hexes, "&View")
    for w in (hexes, areas):  # the kind's menus around the window's Play menu, in one order
        assert menu_titles(w) == ["&File", "&Edit", "&View", "&Map", "&Scenario", "&Play", "&Tools", "&Help"]
        assert "&Print Counter Sheets…" in submenu(w, "&Scenario") and not w.act_sheets.isEnabled()


def test_undo_is_the_windows_for_both_kinds(qtbot, settings):
    areas = window(qtbot, settings, kind=AREA)
    areas.document.add_area([(0, 0), (100, 0), (100, 100), (0, 100)])
    assert areas.act_undo.isEnabled() and areas.act_undo.text().startswith("&Undo ")  # "&Undo <the edit>"
    areas.act_undo.trigger()
    assert areas.document.area_map.areas == {} and not areas.act_undo.isEnabled()
    assert areas.history.model().rowCount() == 2  # <opened> and the area drawn


def test_a_document_of_the_other_kind_is_refused_not_mixed_in(qtbot, settings):
    hexes = window(qtbot, settings)
    doc = AreaMapDocument(AreaMap(name="a"))
    with pytest.raises(ValueError, match="area map opens in an editor window of its own"):
        hexes.set_document(doc)
    assert hexes.kind is HEX and isinstance(hexes.document, MapDocument)
    with pytest.raises(ValueError, match="area map document in a hex map's window"):
        EditorWindow(doc, kind=HEX, settings=settings)
    with pytest.raises(AttributeError, match="hex kind has no attribute 'select_areas'"):
        hexes.select_areas(["1"])


def test_new_area_map_from_a_hex_window_opens_the_same_window_class(qtbot, settings, monkeypatch):
    hexes = window(qtbot, settings)
    hexes.show()
    made = AreaMapDocument(AreaMap(name="made", width=300, height=200))
    monkeypatch.setattr(AREA, "new_document", lambda *a, **k: made)
    assert hexes.new_area_map()
    other = hexes.opened_windows[-1]
    qtbot.addWidget(other)
    other.ask_to_save = False
    assert type(other) is EditorWindow and other.kind is AREA and other.document is made
    assert not hexes.isVisible()  # the blank hex window gave way: one document, one window


def test_a_scenario_of_either_kind_opens_in_the_one_window_class(qtbot, settings, tmp_path):
    import shutil

    for f in (SCENARIOS / "storm-arnhem").glob("the-crossing*.yaml"):
        shutil.copy(f, tmp_path / f.name)
    w = window(qtbot, settings)
    w.show()
    assert w.open_path(SCENARIOS / "fm-arnhem" / "scenario-1-historical.yaml")
    assert w.kind is HEX and w.document.scenario is not None and w.scenario_panels is not None
    assert w.open_path(tmp_path / "the-crossing.yaml")
    area = w.opened_windows[-1]
    qtbot.addWidget(area)
    area.ask_to_save = False
    assert type(area) is EditorWindow and area.kind is AREA and area.document.scenario is not None
    assert area.dock_units.isVisibleTo(area)


def test_an_area_window_keeps_its_layout_and_each_files_view_as_a_hex_window_does(qtbot, settings, tmp_path):
    path = tmp_path / "areas.yaml"
    doc = AreaMapDocument(AreaMap(name="a", width=400, height=300))
    doc.add_area([(0, 0), (100, 0), (100, 100), (0, 100)])
    doc.save(path)
    first = window(qtbot, settings, kind=AREA)
    first.show()
    assert first.open_path(path)
    first.dock_problems.hide()
    first.view.set_zoom(2.0)
    first.view.centerOn(50, 50)
    first.close()  # keeps the layout and the file's view
    assert settings.contains("areaWindow/state") and not settings.contains("window/state")
    again = window(qtbot, settings, kind=AREA)
    again.show()
    assert not again.dock_problems.isVisibleTo(again) and again.dock_borders.isVisibleTo(again)
    assert again.open_path(path)
    assert again.view.zoom() == pytest.approx(2.0)
    centre = again.view.mapToScene(again.view.viewport().rect().center())
    assert abs(centre.x() - 50) < 2 and abs(centre.y() - 50) < 2
    hexes = window(qtbot, settings)  # a hex window keeps a layout of its own
    hexes.show()
    assert hexes.dock_diagnostics.isVisibleTo(hexes)


def test_the_play_menu_is_the_windows_and_refuses_an_area_scenario_with_errors(qtbot, settings, tmp_path,
                                                                               monkeypatch):
    import shutil

    from PySide6.QtWidgets import QMessageBox

    for f in (SCENARIOS / "storm-arnhem").glob("the-crossing*.yaml"):
        shutil.copy(f, tmp_path / f.name)
    w = window(qtbot, settings, kind=AREA)
    w.show()
    assert w.open_path(tmp_path / "the-crossing.yaml")
    assert submenu(w, "&Play") == ["&Playtest…", "&Balance Lab…"]
    uid = next(iter(w.document.scenario.placements))
    w.document.scenario.placements[uid] = "99"  # no such area on the map
    warned: list[str] = []
    monkeypatch.setattr(QMessageBox, "warning", lambda *a, **k: warned.append(a[2]))
    w.act_playtest.trigger()
    assert w.playtest_window is None
    assert warned and "error" in warned[0] and "Problems panel" in warned[0] and "99" in warned[0]
    listed = [w.problems.item(i).text() for i in range(w.problems.count())]
    assert any("99" in t for t in listed)


def test_map_only_and_task_layouts_work_in_an_area_window_with_layouts_of_its_own(qtbot, settings, tmp_path):
    import shutil

    for f in (SCENARIOS / "storm-arnhem").glob("the-crossing*.yaml"):
        shutil.copy(f, tmp_path / f.name)
    w = window(qtbot, settings, kind=AREA)
    w.show()
    assert {"&Map Only", "&Tab Panels Together", "Layout for &Task"} <= set(submenu(w, "&View"))
    assert w.workspace.task == "editing" and not w.dock_units.isVisibleTo(w)
    w.workspace.set_map_only(True)
    assert not any(d.isVisibleTo(w) for d in (w.dock_area, w.dock_borders, w.dock_layers, w.dock_problems))
    w.workspace.set_map_only(False)
    assert w.dock_area.isVisibleTo(w) and w.dock_problems.isVisibleTo(w)
    assert w.open_path(tmp_path / "the-crossing.yaml")
    assert w.workspace.task == "setup" and w.dock_units.isVisibleTo(w)  # a scenario opens in the set-up layout
    assert settings.contains("areaLayouts/editing") and not settings.contains("layouts/editing")


def test_the_next_session_opens_an_area_scenario_with_its_units_panel_again(qtbot, settings, tmp_path):
    """The set-up layout kept when a session ends with a scenario open, then left for the blank map a new
    window starts with, still shows the Units panel when the next scenario opens."""
    import shutil

    for f in (SCENARIOS / "storm-arnhem").glob("the-crossing*.yaml"):
        shutil.copy(f, tmp_path / f.name)
    for _session in range(2):
        w = window(qtbot, settings, kind=AREA)
        w.show()
        assert w.workspace.task == "editing" and not w.dock_units.isVisibleTo(w)
        assert w.open_path(tmp_path / "the-crossing.yaml")
        assert w.workspace.task == "setup" and w.dock_units.isVisibleTo(w)
        w.close()


def test_an_area_scenarios_counters_print_as_sheets_from_its_scenario_menu(qtbot, settings, tmp_path):
    w = window(qtbot, settings, kind=AREA)
    assert w.open_path(SCENARIOS / "storm-arnhem" / "the-crossing.yaml")
    assert w.act_sheets.isEnabled()
    w.act_sheets.trigger()
    dlg = w.sheets_dialog
    qtbot.addWidget(dlg)
    report = dlg.export(tmp_path / "sheets.pdf")
    assert report is not None and report.pages >= 1 and report.counters == len(w.document.scenario.units)
    assert (tmp_path / "sheets.pdf").read_bytes().startswith(b"%PDF")
