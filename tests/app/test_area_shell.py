"""Area maps in the editor shell: what hex maps have works on areas too (Layers and Overview panels,
painting terrain with a brush, copy and paste, autosave and recovery of untitled documents, the shared
File menu), a scenario on an area map opens in one window, and a split carries the designer's borders
to the part that touches the neighbour (the Area panel's neighbours and Merge follow)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys

import pytest
from hexwright.app.areamap.document import AreaMapDocument
from hexwright.app.editor.kinds import AREA
from hexwright.app.editor.window import EditorWindow
from hexwright.engine.model.areamap import AreaBorder, AreaMap
from PySide6.QtCore import QPointF, QSettings, Qt

from tests.conftest import SCENARIOS

L = Qt.MouseButton.LeftButton
NO = Qt.KeyboardModifier.NoModifier


@pytest.fixture
def win(qtbot, tmp_path):
    settings = QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
    w = EditorWindow(AreaMapDocument(AreaMap(name="t", width=400, height=300)), settings=settings)
    qtbot.addWidget(w)
    w.show()
    w.ask_to_save = False
    return w


def three_areas(doc: AreaMapDocument) -> None:
    doc.add_area([(0, 0), (100, 0), (100, 100), (0, 100)])  # 1
    doc.add_area([(100, 0), (200, 0), (200, 100), (100, 100)])  # 2
    doc.add_area([(200, 0), (300, 0), (300, 100), (200, 100)])  # 3


def test_the_area_window_has_the_shell_file_menu_layers_and_overview(win):
    file_menu = win.menuBar().actions()[0].menu()
    texts = [a.text() for a in file_menu.actions()]
    for wanted in ("&New Hex Map…", "New &Area Map…", "&Open…", "Open &Recent", "&Save", "Save &As…", "&Quit"):
        assert wanted in texts
    assert win.dock_layers.widget() is win.layers_panel and win.dock_overview.widget() is win.overview
    assert set(win.layers_panel.visible_boxes) == {"underlay", "areas", "borders", "labels", "counters"}
    assert win.overview.scene is win.view.scene()


def test_layers_hide_and_lock_the_areas(win):
    three_areas(win.document)
    win.layers_panel.visible_boxes["areas"].setChecked(False)
    assert not any(item.isVisible() for item in win.map_layers().area_items.values())
    win.document.set_area_properties("1", name="Hidden still")  # a rebuild keeps the layer hidden
    assert not any(item.isVisible() for item in win.map_layers().area_items.values())
    win.layers_panel.visible_boxes["areas"].setChecked(True)
    assert all(item.isVisible() for item in win.map_layers().area_items.values())
    win.layers_panel.lock_boxes["areas"].setChecked(True)
    win.choose_terrain("park")
    tool = win.tools["paint"]
    before = win.document.undo_stack.count()
    tool.press(QPointF(50, 50), L, NO)
    tool.release(QPointF(50, 50), L, NO)
    assert win.document.undo_stack.count() == before and win.document.area_map.areas["1"].terrain != "park"


def test_the_brush_paints_area_terrain_in_one_undo_step_per_drag(win):
    doc = win.document
    three_areas(doc)
    old = {aid: a.terrain for aid, a in doc.area_map.areas.items()}
    assert "park" in doc.area_map.terrain_table.terrain
    win.choose_terrain("park")
    assert win.tool is win.tools["paint"]
    tool = win.tools["paint"]
    before = doc.undo_stack.count()
    tool.press(QPointF(50, 50), L, NO)
    tool.move(QPointF(150, 50), L, NO)
    tool.move(QPointF(160, 60), L, NO)  # the same area again: nothing more
    tool.release(QPointF(160, 60), L, NO)
    assert [doc.area_map.areas[a].terrain for a in ("1", "2", "3")] == ["park", "park", old["3"]]
    assert doc.undo_stack.count() == before + 1
    doc.undo_stack.undo()
    assert {aid: a.terrain for aid, a in doc.area_map.areas.items()} == old
    tool.press(QPointF(250, 50), L, NO)  # a second drag is a second step
    tool.release(QPointF(250, 50), L, NO)
    assert doc.undo_stack.count() == before + 1 and doc.area_map.areas["3"].terrain == "park"


def test_copy_and_paste_areas(win):
    doc = win.document
    three_areas(doc)
    doc.set_area_properties("2", name="Farm", terrain="park")
    win.select_areas(["2"])
    assert win.clipboard.copy() == 1
    before = doc.undo_stack.count()
    new = win.clipboard.paste()
    assert new == ["4"] and doc.undo_stack.count() == before + 1
    pasted, original = doc.area_map.areas["4"], doc.area_map.areas["2"]
    assert (pasted.name, pasted.terrain) == ("Farm", "park")
    assert pasted.polygon[0] == (original.polygon[0][0] + 20, original.polygon[0][1] + 20)  # clear of it
    doc.undo_stack.undo()
    assert set(doc.area_map.areas) == {"1", "2", "3"}
    win.select_areas(["3"])
    assert win.clipboard.cut() == 1 and set(doc.area_map.areas) == {"1", "2"}
    assert win.clipboard.paste() == ["3"]  # back where it was: its place is free
    assert doc.area_map.areas["3"].polygon[0] == (200.0, 0.0)


def test_a_split_carries_an_edited_border_to_the_part_that_touches_the_neighbour(win):
    doc = win.document
    doc.add_area([(0, 0), (100, 0), (100, 100), (0, 100)])  # 1
    doc.add_area([(100, 0), (350, 0), (350, 100), (100, 100)])  # 2, across a bridge from 1
    doc.set_border_kind("1", "2", "bridge")
    new = doc.split_area("2", [(150, -20), (150, 120)])  # the part next to 1 is the smaller: the new one
    amap = doc.area_map
    assert new == "3"
    assert amap.border("1", "3") == AreaBorder("1", "3", "bridge", True)
    assert amap.border("1", "2") is None and amap.neighbours("2") == ["3"]
    win.select_areas(["2"])
    assert win.inspector.neighbours.text() == "3"
    win.select_areas(["1", "3"])
    win.merge_selected()
    assert set(amap.areas) == {"1", "2"} and amap.neighbours("2") == ["1"]
    doc.undo_stack.undo()
    doc.undo_stack.undo()
    assert amap.border("1", "2") == AreaBorder("1", "2", "bridge", True) and set(amap.areas) == {"1", "2"}


def test_a_scenario_on_an_area_map_opens_in_one_window(qtbot, tmp_path):
    """A blank hex window that opens a Storm over Arnhem scenario gives way to the area window: no empty
    "Untitled (map)" editor stays behind it."""

    for f in (SCENARIOS / "storm-arnhem").glob("the-crossing*.yaml"):
        shutil.copy(f, tmp_path / f.name)
    main = EditorWindow(settings=QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(main)
    main.show()
    assert main.open_path(tmp_path / "the-crossing.yaml")
    area = main.opened_windows[-1]
    qtbot.addWidget(area)
    area.ask_to_save = False
    assert isinstance(area, EditorWindow) and area.kind is AREA and area.isVisible()
    assert not main.isVisible()
    assert area.document.scenario is not None
    assert str((tmp_path / "the-crossing.yaml").resolve()) in area.recent_files()


def test_an_untitled_area_map_is_autosaved_and_recovered(qtbot, tmp_path, monkeypatch):
    from hexwright.app.editor import autosave as autosave_mod
    from hexwright.app.editor import window_files

    folder = tmp_path / "AppData" / "autosave"
    monkeypatch.setattr(autosave_mod, "autosave_dir", lambda: folder)
    settings = QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
    w = EditorWindow(AreaMapDocument(AreaMap(name="t", width=400, height=300)), settings=settings)
    qtbot.addWidget(w)
    three_areas(w.document)
    side = w.autosaver.autosave_now()
    assert side is not None and side.parent == folder and side.name.startswith("untitled-")
    w.autosaver.stop()  # as if the editor had crashed: the side file stays
    w.autosaver = None
    w.document.undo_stack.setClean()

    monkeypatch.setattr(window_files, "_ask_recovery", lambda *a, **k: "recover")
    main = EditorWindow(settings=settings)
    qtbot.addWidget(main)
    main.show()
    assert main.offer_untitled_recovery()
    rec = main.opened_windows[-1]
    qtbot.addWidget(rec)
    rec.ask_to_save = False
    assert isinstance(rec, EditorWindow) and rec.kind is AREA and not main.isVisible()
    assert rec.document.path is None and rec.document.modified
    assert set(rec.document.area_map.areas) == {"1", "2", "3"}
    assert rec._save_to(tmp_path / "areas.yaml")
    assert not list(folder.glob("untitled-*.yaml"))  # saving removes the autosave


def test_each_file_opens_in_the_window_of_its_kind(qtbot, tmp_path):
    from hexwright.app.editor.kinds import AREA, HEX, kind_of, make_window

    assert kind_of(SCENARIOS / "storm-arnhem" / "the-crossing.yaml") is AREA
    assert kind_of(SCENARIOS / "storm-arnhem" / "the-crossing-map.yaml") is AREA
    assert kind_of(SCENARIOS / "fm-arnhem" / "scenario-1-historical.yaml") is HEX
    settings = QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
    area, hexes = make_window(AREA, settings), make_window(HEX, settings)
    qtbot.addWidget(area)
    qtbot.addWidget(hexes)
    assert isinstance(area, EditorWindow) and area.kind is AREA and area.document.path is None and area.is_blank()
    assert isinstance(hexes, EditorWindow) and hexes.kind is HEX and hexes.is_blank()


def test_quitting_after_a_copy_ends_cleanly(tmp_path):
    """Qt deletes the clipboard's data in an exit handler of its own, after Python has finished: data made in
    Python crashed the process there (a segmentation fault at exit after every copy of areas or hexes)."""
    script = tmp_path / "copy_and_quit.py"
    script.write_text(
        "import sys\n"
        "from PySide6.QtCore import QMimeData\n"
        "from PySide6.QtWidgets import QApplication\n"
        "from hexwright.app.kindbase.clipboard import put_on_clipboard\n"
        "app = QApplication(sys.argv)\n"
        "mime = QMimeData()\n"
        "mime.setData('application/x-test', b'x')\n"
        "mime.setText('three areas')\n"
        "put_on_clipboard(mime)\n"
        "print(app.clipboard().text())\n", encoding="utf-8")
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    done = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, env=env, timeout=60)
    assert (done.returncode, done.stdout.strip()) == (0, "three areas"), done.stderr
