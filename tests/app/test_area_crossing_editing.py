"""Editing The Crossing in the area-map editor as a designer does: the Units panel says how each unit comes
on (its turn by the variant's name), placing a unit that arrives as a reinforcement sets it up instead (one
undo step, so validation does not refuse it as placed twice), and the view fits the map once it is shown."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from hexwright.app.areamap.document import AreaMapDocument
from hexwright.app.editor.window import EditorWindow
from hexwright.engine.validation import validate_scenario

CROSSING = Path("scenarios/storm-arnhem")


@pytest.fixture
def win(qtbot, tmp_path):
    for f in ("the-crossing.yaml", "the-crossing-map.yaml"):
        shutil.copy(CROSSING / f, tmp_path / f)
    doc, diags = AreaMapDocument.open(tmp_path / "the-crossing.yaml")
    assert doc is not None, [d.format() for d in diags]
    w = EditorWindow(doc)
    qtbot.addWidget(w)
    w.ask_to_save = False
    return w


def rows(win) -> dict[str, str]:
    lst = win.units.list
    return {lst.item(i).text().split(" ")[0]: lst.item(i).text() for i in range(lst.count())}


def test_the_units_panel_says_when_and_where_each_unit_arrives(win):
    r = rows(win)
    assert r["B-A1"].endswith("arrives Turn A, zone D or E")
    assert r["B-B1"].endswith("arrives Turn B, zone E")
    assert r["G-10R1"].endswith("arrives Turn B, zone A, B or C")
    assert r["G-PSW1"].endswith("arrives Turn B at area 4")
    assert r["G-Boc1"].endswith("arrives Turn 1, zone A or B")
    assert r["G-Pillbox"].endswith("area 4") and r["G-RInf1"].endswith("not placed")


def test_placing_a_reinforcement_unit_sets_it_up_instead_in_one_undo_step(win):
    doc = win.document
    sc = doc.scenario
    before = [list(rf.units) for rf in sc.reinforcements]
    win.select_areas(["24"])
    win.units.select("B-A1")
    win.units.place.click()
    assert sc.placements["B-A1"] == "24"
    assert all("B-A1" not in rf.units for rf in sc.reinforcements)
    assert "B-A1 no longer a reinforcement" in win.statusBar().currentMessage()
    assert not [d for d in validate_scenario(sc) if d.severity == "error"]
    assert rows(win)["B-A1"].endswith("area 24")
    doc.undo_stack.undo()
    assert "B-A1" not in sc.placements and [list(rf.units) for rf in sc.reinforcements] == before
    # a whole reinforcement placed: its entries go (no entry is left without units)
    win.select_areas(["1"])
    for uid in ("B-B1", "B-B2", "B-B3"):
        win.units.select(uid)
        win.units.place.click()
    assert not [rf for rf in sc.reinforcements if not rf.units]
    assert not any(set(rf.units) & {"B-B1", "B-B2", "B-B3"} for rf in sc.reinforcements)


def test_the_map_is_fitted_again_once_the_window_is_shown_and_resized(win, qtbot):
    win.view.fit_map()  # as the playtest window does before it is shown
    win.resize(1400, 900)
    win.show()
    qtbot.waitExposed(win)
    z = win.view.zoom()
    vp = win.view.viewport().size()
    assert z > 0.5 * min(vp.width() / 1240, vp.height() / 800)  # the map fills the view, not a dot
    win.view.set_zoom(2.0)  # the user's zoom is kept on a resize
    win.resize(1300, 850)
    qtbot.wait(50)
    assert win.view.zoom() == pytest.approx(2.0)


def test_a_scan_beside_the_map_is_saved_relative_and_found_again(qtbot, tmp_path):
    from hexwright.engine.model.areamap import AreaMap
    from PySide6.QtGui import QColor, QImage

    img = QImage(400, 300, QImage.Format.Format_RGB32)
    img.fill(QColor("#d8c8a0"))
    folder = tmp_path / "maps"
    folder.mkdir()
    assert img.save(str(folder / "scan.png"))
    w = EditorWindow(AreaMapDocument(AreaMap(name="t", width=400, height=300)))
    qtbot.addWidget(w)
    w.ask_to_save = False
    w.set_underlay(str(folder / "scan.png"))
    w.document.add_area(((0, 0), (100, 0), (100, 100), (0, 100)))
    assert w._save_to(folder / "areas.yaml")
    assert "image: scan.png" in (folder / "areas.yaml").read_text(encoding="utf-8")
    moved = tmp_path / "moved"
    shutil.move(str(folder), str(moved))
    doc, diags = AreaMapDocument.open(moved / "areas.yaml")
    assert doc is not None, [d.format() for d in diags]
    w2 = EditorWindow(doc)
    qtbot.addWidget(w2)
    w2.ask_to_save = False
    assert not w2.map_layers().underlay.pixmap().isNull()


def test_area_labels_keep_clear_of_the_counters_in_their_area(win):
    layers = win.map_layers()
    win.select_areas(["23"])
    for uid in ("G-PSW1", "G-PSW2"):  # five counters in area 23 now
        win.units.select(uid)
        win.units.place.click()

    def overlaps():
        out = []
        for uid, item in layers.counter_items.items():
            where = win.document.scenario.placements.get(uid)
            label = layers.label_items.get(where)
            if label is None:
                continue
            inter = label.sceneBoundingRect().intersected(item.sceneBoundingRect())
            if inter.width() * inter.height() > 4:
                out.append((uid, where))
        return out

    assert layers.counter_items and not overlaps()
    win.document.undo_stack.undo()
    assert not overlaps()


def test_zoom_in_from_the_menu_keeps_the_middle_of_the_view(win, qtbot):
    win.resize(1400, 900)
    win.show()
    qtbot.waitExposed(win)
    view = win.view
    view.fit_map()
    before, z0 = view.mapToScene(view.viewport().rect().center()), view.zoom()
    view.zoom_in()
    after = view.mapToScene(view.viewport().rect().center())
    assert view.zoom() == pytest.approx(z0 * 1.25)
    assert abs(after.x() - before.x()) < 5 and abs(after.y() - before.y()) < 5
