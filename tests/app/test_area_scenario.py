"""A scenario on an area map in the editor: opened from the main editor window (and File > New Area
Map…), units set up in areas (panel and counter drag, one undo step each) and laid out inside them, saved
and read back."""

from __future__ import annotations

import shutil

import pytest
from hexwright.app.areamap.document import AreaMapDocument
from hexwright.app.editor.kinds import AREA
from hexwright.app.editor.window import EditorWindow
from PySide6.QtCore import QPointF, QSettings, Qt
from shapely.geometry import Point

from tests.conftest import SCENARIOS

CROSSING_DIR = SCENARIOS / "storm-arnhem"


@pytest.fixture
def crossing(tmp_path):
    for f in CROSSING_DIR.glob("the-crossing*.yaml"):
        shutil.copy(f, tmp_path / f.name)
    return tmp_path / "the-crossing.yaml"


@pytest.fixture
def win(qtbot, crossing):
    doc, diags = AreaMapDocument.open(crossing)
    assert doc is not None, [d.format() for d in diags]
    w = EditorWindow(doc)
    w.ask_to_save = False
    qtbot.addWidget(w)
    w.show()
    return w


def inside(win, uid: str) -> bool:
    doc = win.document
    item = win.map_layers().counter_items[uid]
    return doc.area_map.geometry(doc.scenario.placements[uid]).contains(Point(item.pos().x(), item.pos().y()))


def test_the_editor_opens_a_scenario_on_an_area_map_in_the_area_editor(qtbot, tmp_path, crossing):

    main = EditorWindow(settings=QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(main, before_close_func=lambda w: w.document.undo_stack.setClean())
    assert main.act_new_area in main.menuBar().actions()[0].menu().actions()
    assert main.open_path(crossing)
    area_win = main.opened_windows[-1]
    area_win.ask_to_save = False
    qtbot.addWidget(area_win)
    assert isinstance(area_win, EditorWindow) and area_win.kind is AREA
    assert area_win.document.scenario is not None and len(area_win.document.area_map.areas) >= 20
    assert area_win.dock_units.isVisibleTo(area_win)


def test_every_placed_unit_is_drawn_inside_its_area(win):
    placed = [u for u, a in win.document.scenario.placements.items() if a in win.document.area_map.areas]
    assert placed
    assert all(inside(win, uid) for uid in placed)


def test_place_units_from_the_panel_is_one_undo_step_and_saves(win, crossing):
    doc = win.document
    sc = doc.scenario
    unplaced = [u for u in sc.units if u not in sc.placements][:3]
    assert unplaced, "The Crossing has units set up during play"
    target = "24"
    win.select_areas([target])
    for i in range(win.units.list.count()):
        item = win.units.list.item(i)
        item.setSelected(item.data(Qt.ItemDataRole.UserRole) in unplaced)
    n = doc.undo_stack.count()
    win.units.place.click()
    assert doc.undo_stack.count() == n + 1
    assert all(sc.placements[u] == target for u in unplaced)
    assert all(inside(win, u) for u in unplaced)
    centres = {(round(win.map_layers().counter_items[u].pos().x()), round(win.map_layers().counter_items[u].pos().y()))
               for u, a in sc.placements.items() if a == target}
    assert len(centres) == len([u for u, a in sc.placements.items() if a == target])  # none on top of another
    doc.undo_stack.undo()
    assert not any(u in sc.placements for u in unplaced)
    doc.undo_stack.redo()
    assert win._save_to(crossing)
    again, diags = AreaMapDocument.open(crossing)
    assert again is not None, [d.format() for d in diags]
    assert all(again.scenario.placements[u] == target for u in unplaced)


def test_drag_a_counter_to_another_area(win):
    doc = win.document
    sc = doc.scenario
    uid, start = next((u, a) for u, a in sc.placements.items() if a in doc.area_map.areas)
    target = next(a for a in doc.area_map.neighbours(start))
    win.set_tool("select")
    sel = win.tools["select"]
    pos = win.map_layers().counter_items[uid].pos()
    sel.press(pos, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier)
    dest = QPointF(*doc.area_map.centroid(target))
    sel.move(dest, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier)
    sel.release(dest, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier)
    assert sc.placements[uid] == target and inside(win, uid)
    doc.undo_stack.undo()
    assert sc.placements[uid] == start


def test_renumbering_an_area_carries_its_units(win):
    doc = win.document
    sc = doc.scenario
    uid, area = next((u, a) for u, a in sc.placements.items() if a in doc.area_map.areas)
    doc.renumber(area, "99")
    assert sc.placements[uid] == "99" and "99" in doc.area_map.areas
    doc.undo_stack.undo()
    assert sc.placements[uid] == area


def test_playtest_from_the_area_editor_plays_a_copy_on_an_area_board(qtbot, win):
    from hexwright.app.playtest import open_playtest
    from hexwright.app.playtest.area_board import AreaBoardView
    from hexwright.app.playtest.session import HUMAN

    sc = win.document.scenario
    pt = open_playtest(win, seats={s.id: HUMAN for s in sc.sides}, seed=5)
    assert pt is not None
    qtbot.addWidget(pt)
    assert isinstance(pt.board, AreaBoardView)
    assert pt.session.scenario is not sc and pt.session.scenario.area_map is not win.document.area_map
    pt.close()


def test_new_area_map_dialog_takes_the_scan_size(qtbot, tmp_path):
    from hexwright.app.editor.dialogs.new_area_map import NewAreaMapDialog
    from PySide6.QtGui import QColor, QImage

    img = QImage(640, 480, QImage.Format.Format_RGB32)
    img.fill(QColor("white"))
    scan = tmp_path / "scan.png"
    img.save(str(scan))
    dlg = NewAreaMapDialog()
    qtbot.addWidget(dlg)
    dlg.name.setText("Arnhem bridge")
    dlg.set_scan(str(scan))
    m = dlg.build_map()
    assert (m.name, m.width, m.height) == ("Arnhem bridge", 640.0, 480.0)
    assert m.underlay is not None and m.underlay.image == str(scan)


def test_autosave_of_an_area_scenario_is_offered_back_and_recovered(qtbot, tmp_path, crossing, monkeypatch):
    import os
    import time

    from hexwright.app.editor import window_files
    from hexwright.app.editor.autosave import side_path

    doc, _ = AreaMapDocument.open(crossing)
    w = EditorWindow(doc)
    w.ask_to_save = False
    qtbot.addWidget(w)
    uid = next(u for u in doc.scenario.units if u not in doc.scenario.placements)
    doc.place_units({uid: "24"})
    doc.set_area_properties("24", name="Recovered name")
    old = time.time() - 60
    os.utime(crossing, (old, old))  # the file is older than its side file
    side = w.autosaver.autosave_now()
    assert side == side_path(crossing) and side.exists()
    w.autosaver.stop()  # as if the editor had crashed: the side file stays
    w.autosaver = None

    monkeypatch.setattr(window_files, "_ask_recovery", lambda *a, **k: "recover")
    main = EditorWindow(settings=QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(main, before_close_func=lambda m: m.document.undo_stack.setClean())
    assert main.open_path(crossing)
    rec = main.opened_windows[-1]
    rec.ask_to_save = False
    qtbot.addWidget(rec)
    assert rec.document.path == crossing and rec.document.modified
    assert rec.document.scenario.placements[uid] == "24"
    assert rec.document.area_map.areas["24"].name == "Recovered name"
    assert rec._save_to(crossing)
    assert not side.exists()  # saving removes the side file
    again, _ = AreaMapDocument.open(crossing)
    assert again.area_map.areas["24"].name == "Recovered name"
    assert (crossing.parent / "the-crossing-map.yaml").read_text().count("Recovered name") == 1


def test_an_area_document_is_told_from_its_kind_and_map_line_without_loading_it(tmp_path):
    """The editor routes a file to the area-map window from its `kind:` line, or for a scenario from its
    `map:` (the named map file's kind line, or an inline map with `areas:`), without reading the scenario."""
    from hexwright.app.areamap.files import file_is_area_document

    from tests.conftest import SCENARIOS

    assert file_is_area_document(SCENARIOS / "storm-arnhem" / "the-crossing.yaml")
    assert file_is_area_document(SCENARIOS / "storm-arnhem" / "the-crossing-map.yaml")
    assert not file_is_area_document(SCENARIOS / "fm-arnhem" / "scenario-1-historical.yaml")
    assert not file_is_area_document(SCENARIOS / "fm-arnhem" / "arnhem-corridor.map.yaml")
    inline = tmp_path / "inline.yaml"
    inline.write_text("format_version: 1\nkind: hexwright-scenario\nmap:\n  name: x\n  areas:\n  - id: '1'\n")
    assert file_is_area_document(inline)
    hexes = tmp_path / "hexes.yaml"
    hexes.write_text("format_version: 1\nkind: hexwright-scenario\nmap:\n  name: x\n  grid: {columns: 2}\n"
                     "units: {}\n")
    assert not file_is_area_document(hexes)
    missing = tmp_path / "missing.yaml"
    missing.write_text("format_version: 1\nkind: hexwright-scenario\nmap: nowhere.yaml\n")
    assert not file_is_area_document(missing)
