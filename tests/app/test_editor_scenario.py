"""The scenario designer inside the editor window: the scenario docks on the map document's undo stack,
set-up counters on the map (drop from the order of battle, drag, remove, stacks and their warnings,
set-up zone marks), selection kept in step between the map, the order of battle and the designer,
diagnostics that follow the edits and jump to the culprit, and the whole "new user" flow from an
empty map to a saved scenario that `hexwright validate` passes."""

from __future__ import annotations

from pathlib import Path

from hexwright.app.cli import main as cli_main
from hexwright.app.editor.counter_layer import CounterItem
from hexwright.app.scenario.commands import ChangeUnit, EditTurnTrack, EditVictory
from hexwright.engine.formats import dump_scenario, load_scenario, save_scenario
from hexwright.engine.model import (
    Entry,
    MarkerDef,
    Reinforcement,
    Scenario,
    SetupZone,
    Side,
    TurnInfo,
    UnitDef,
    VictoryCondition,
    ZoneRule,
)
from hexwright.engine.rules.fm.family import FAMILY as FM_FAMILY
from hexwright.engine.rules.koenig.family import FAMILY as KOENIG_FAMILY
from hexwright.engine.rules.storm_over_arnhem.family import FAMILY as SOA_FAMILY
from hexwright.engine.rules.target_arnhem.family import FAMILY as TA_FAMILY
from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QDragEnterEvent, QDragMoveEvent, QDropEvent
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QDockWidget

from tests.app.test_editor_support import make_window, small_map


def _scenario(stacking_limit: int = 1) -> Scenario:
    m = small_map()
    sc = Scenario("Test scenario", FM_FAMILY.id, m, map_file=None,
                  sides=[Side("allied", "Allied", "#c9b98b"), Side("german", "German", "#8f9a9e")],
                  first_player="german")
    sc.stacking_limit = stacking_limit
    sc.turns = [TurnInfo(1), TurnInfo(2), TurnInfo(3)]
    for uid, side in (("a1", "allied"), ("a2", "allied"), ("a3", "allied"), ("g1", "german"), ("g2", "german")):
        sc.units[uid] = UnitDef(uid, uid, side, formation="1st" if side == "allied" else "9SS",
                                unit_type="infantry", size="battalion",
                                values={"attack": 2, "defense": 2, "movement": 7}, flags=["leg"])
    sc.placements = {"g1": "0606", "g2": "0707"}
    sc.reinforcements = [Reinforcement(2, "allied", ["a1", "a2", "a3"], Entry(hex="0106"))]
    return sc


def _open(qtbot, tmp_path, sc: Scenario, name: str = "scenario.yaml"):
    path = tmp_path / name
    save_scenario(sc, path)
    win = make_window(qtbot, tmp_path)
    assert win.open_path(path)
    assert win.scenario_panels is not None
    return win


def _hex_pos(win, label: str) -> QPointF:
    return win.canvas.geometry.centre(win.document.map.hex_at(label))


def _view_point(win, scene_pos: QPointF) -> QPoint:
    win.view.centerOn(scene_pos)
    return win.view.mapFromScene(scene_pos)


def _oob_mime(win, *unit_ids: str):
    oob = win.scenario_panels.oob
    return oob.tree.mimeData([oob.unit_items[u] for u in unit_ids])


def _drop(win, mime, label: str) -> bool:
    """A drag from the order of battle entering the map view and dropped on a hex, as Qt delivers it."""
    pos = QPointF(_view_point(win, _hex_pos(win, label)))
    vp = win.view.viewport()
    action = Qt.DropAction.CopyAction | Qt.DropAction.MoveAction
    enter = QDragEnterEvent(pos.toPoint(), action, mime, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier)
    QApplication.sendEvent(vp, enter)
    if not enter.isAccepted():
        return False
    move = QDragMoveEvent(pos.toPoint(), action, mime, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier)
    QApplication.sendEvent(vp, move)
    drop = QDropEvent(pos, action, mime, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier)
    QApplication.sendEvent(vp, drop)
    if drop.isAccepted():
        assert drop.dropAction() == Qt.DropAction.CopyAction  # the tree keeps the unit's row
    return drop.isAccepted()


def test_scenario_docks_share_the_map_documents_undo_stack(qtbot, tmp_path):
    win = _open(qtbot, tmp_path, _scenario())
    panels = win.scenario_panels
    for panel in (panels.oob, panels.designer, panels.reinforcements, panels.turn_track, panels.victory,
                  panels.tables, panels.markers):
        assert panel.document is win.document
    titles = [a.text() for a in win.scenario_menu.actions()]
    assert "Order of battle" in titles and "Counter designer" in titles and "Markers and pools" in titles
    assert win.act_sheets.isEnabled() and not win.act_new_scenario.isEnabled()
    win.document.push(ChangeUnit(win.document, "g1", "name", "Kampfgruppe"))
    assert win.document.undo_stack.count() == 1 and win.isWindowModified()
    assert panels.oob.unit_items["g1"].text(0).endswith("Kampfgruppe")
    win.document.undo_stack.undo()
    assert win.document.scenario.units["g1"].name == "g1"


def test_drop_from_the_order_of_battle_sets_a_unit_up_in_one_undo_step(qtbot, tmp_path):
    sc = _scenario(stacking_limit=2)
    sc.reinforcements = []
    win = _open(qtbot, tmp_path, sc)
    stack = win.document.undo_stack
    assert "a1" not in win.counter_layer.items
    assert _drop(win, _oob_mime(win, "a1"), "0303")
    assert win.document.scenario.placements["a1"] == "0303"
    assert stack.count() == 1
    item = win.counter_layer.items["a1"]
    assert isinstance(item, CounterItem) and item.parentItem() is win.canvas.counters
    assert win.document.map.hex_at("0303") == win.canvas.geometry.hex_at(item.scenePos())
    assert "set up at 0303" in win.scenario_panels.oob.status_text("a1")
    stack.undo()
    assert "a1" not in win.document.scenario.placements and "a1" not in win.counter_layer.items
    stack.redo()
    assert win.document.scenario.placements["a1"] == "0303" and "a1" in win.counter_layer.items
    # two units in one drag: still one undo step
    assert _drop(win, _oob_mime(win, "a2", "a3"), "0404")
    assert stack.count() == 2
    stack.undo()
    assert "a2" not in win.document.scenario.placements and "a3" not in win.document.scenario.placements


def test_drop_is_refused_when_the_counters_layer_is_locked(qtbot, tmp_path):
    sc = _scenario()
    sc.reinforcements = []
    win = _open(qtbot, tmp_path, sc)
    win.layers_panel.lock_boxes["counters"].setChecked(True)
    assert not _drop(win, _oob_mime(win, "a1"), "0303")
    assert "a1" not in win.document.scenario.placements


def test_drag_a_counter_to_move_it_and_delete_removes_it(qtbot, tmp_path):
    win = _open(qtbot, tmp_path, _scenario())
    vp = win.view.viewport()
    start = _view_point(win, win.counter_layer.items["g1"].scenePos())
    QTest.mousePress(vp, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, start)
    assert win.selected_unit == "g1"
    target = win.view.mapFromScene(_hex_pos(win, "0609"))
    QTest.mouseMove(vp, (start + target) / 2)
    QTest.mouseMove(vp, target)
    QTest.mouseRelease(vp, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, target)
    assert win.document.scenario.placements["g1"] == "0609"
    assert win.document.undo_stack.count() == 1
    assert win.document.map.hex_at("0609") == win.canvas.geometry.hex_at(win.counter_layer.items["g1"].scenePos())
    win.view.setFocus()
    QTest.keyClick(win.view, Qt.Key.Key_Delete)
    assert "g1" not in win.document.scenario.placements and "g1" not in win.counter_layer.items
    win.document.undo_stack.undo()
    assert win.document.scenario.placements["g1"] == "0609"
    # a plain click selects without moving
    p = _view_point(win, win.counter_layer.items["g2"].scenePos())
    QTest.mouseClick(vp, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, p)
    assert win.selected_unit == "g2" and win.document.scenario.placements["g2"] == "0707"
    assert win.document.undo_stack.count() == 2


def test_stacking_over_the_limit_shows_a_warning_on_the_hex(qtbot, tmp_path):
    sc = _scenario(stacking_limit=2)
    sc.reinforcements = []
    win = _open(qtbot, tmp_path, sc)
    layer = win.counter_layer
    assert not layer.warnings
    assert _drop(win, _oob_mime(win, "a1"), "0606")
    assert not layer.warnings and "0606" in layer.badges  # two units: a stack, within the limit
    a1, g1 = layer.items["a1"].scenePos(), layer.items["g1"].scenePos()
    assert a1 != g1  # stacked counters are offset
    # a third unit is refused in set-up, with the rule in the status bar
    assert not _drop(win, _oob_mime(win, "a2"), "0606")
    assert "a2" not in win.document.scenario.placements and "0606" not in layer.warnings
    assert "stacking limit is 2" in layer.last_refusal and "F&M 5.3" in win.statusBar().currentMessage()
    # a file already over the limit (written by hand) still shows the warning on the hex
    sc2 = _scenario(stacking_limit=2)
    sc2.reinforcements = []
    sc2.placements.update({"a1": "0606", "a2": "0606"})
    win2 = _open(qtbot, tmp_path / "over", sc2) if (tmp_path / "over").mkdir() is None else None
    warn = win2.counter_layer.warnings["0606"]
    assert warn.isVisible() and warn.parentItem() is win2.canvas.counters
    assert warn.pen().color().red() > 200 and "stacking limit of 2" in warn.toolTip()
    assert "F&M 5.3" in warn.toolTip()
    win2.counter_layer.remove_unit("a2")
    assert "0606" not in win2.counter_layer.warnings


def test_selection_follows_between_the_order_of_battle_the_map_and_the_designer(qtbot, tmp_path):
    win = _open(qtbot, tmp_path, _scenario())
    panels = win.scenario_panels
    panels.oob.tree.setCurrentItem(panels.oob.unit_items["g2"])
    assert win.selected_unit == "g2" and win.counter_layer.selected == "g2"
    assert win.counter_layer.items["g2"].select_mark is not None
    assert win.view.visible_scene_rect().contains(win.counter_layer.items["g2"].scenePos())
    assert panels.designer.unit_id == "g2"
    # click the other counter on the map
    p = _view_point(win, win.counter_layer.items["g1"].scenePos())
    QTest.mouseClick(win.view.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, p)
    assert win.selected_unit == "g1"
    assert panels.oob.tree.currentItem() is panels.oob.unit_items["g1"]
    assert panels.designer.unit_id == "g1"
    assert win.counter_layer.items["g2"].select_mark is None
    assert win.counter_layer.items["g1"].select_mark is not None


def test_set_up_zone_violation_marks_the_counter(qtbot, tmp_path):
    sc = _scenario()
    sc.setup_zones = [SetupZone("west", "german", [], [ZoneRule(hexes=["0606", "0607"])], "the west woods")]
    win = _open(qtbot, tmp_path, sc)
    win.revalidate()
    assert win.counter_layer.items["g1"].zone_mark is None
    assert win.counter_layer.items["g2"].zone_mark is not None
    assert "set-up zone" in win.counter_layer.items["g2"].toolTip()
    win.counter_layer.move_unit("g2", "0607")
    qtbot.waitUntil(lambda: win.counter_layer.items["g2"].zone_mark is None, timeout=3000)


def test_broken_scenario_shows_diagnostics_that_jump_to_the_hex_and_unit(qtbot, tmp_path):
    sc = _scenario()
    sc.placements["a1"] = "0606"  # stacking over the F&M limit of one
    sc.reinforcements = [Reinforcement(2, "allied", ["a2", "a3"], Entry(hex="0505"))]  # not on an edge
    win = _open(qtbot, tmp_path, sc)
    qtbot.waitUntil(lambda: win.diagnostics.list.count() > 0, timeout=3000)
    texts = [win.diagnostics.list.item(i).text() for i in range(win.diagnostics.list.count())]
    assert any("[stacking]" in t for t in texts) and any("[entry-not-on-edge]" in t for t in texts)
    assert "0606" in win.counter_layer.warnings

    def activate(code: str):
        row = next(i for i, t in enumerate(texts) if f"[{code}]" in t)
        win.diagnostics.list.itemDoubleClicked.emit(win.diagnostics.list.item(row))

    activate("entry-not-on-edge")
    assert win.selected_hex == win.document.map.hex_at("0505")
    activate("stacking")
    assert win.selected_hex == win.document.map.hex_at("0606")
    assert win.selected_unit == "a1"
    assert win.scenario_panels.oob.tree.currentItem() is win.scenario_panels.oob.unit_items["a1"]
    # fixing it updates the list by itself (debounced validation after each command)
    win.counter_layer.move_unit("a1", "0303")
    qtbot.waitUntil(lambda: not any("[stacking]" in win.diagnostics.list.item(i).text()
                                    for i in range(win.diagnostics.list.count())), timeout=3000)


def test_new_scenario_from_a_map_is_one_undo_step(qtbot, tmp_path):
    from hexwright.app.editor.scenario_panels import new_scenario

    win = make_window(qtbot, tmp_path, small_map())
    assert win.scenario_panels is None and win.act_new_scenario.isEnabled()
    win.new_scenario_from_map(new_scenario(win.document.map, "Bridge", KOENIG_FAMILY.id, ("Allied", "German")))
    sc = win.document.scenario
    assert sc is not None and sc.stacking_limit == 2 and [s.id for s in sc.sides] == ["allied", "german"]
    assert win.scenario_panels is not None and "(scenario)" in win.windowTitle()
    win.document.undo_stack.undo()
    assert win.document.scenario is None and win.scenario_panels is None
    assert "(map)" in win.windowTitle()


def test_a_new_scenario_takes_the_family_s_side_ids_and_stacking_limit_from_its_entry():
    from hexwright.app.editor.scenario_panels import new_scenario
    from hexwright.engine.validation import validate_scenario

    sc = new_scenario(small_map(), "Crossing", SOA_FAMILY.id, ("British", "German"))
    assert [s.id for s in sc.sides] == list(SOA_FAMILY.side_ids) and sc.stacking_limit == SOA_FAMILY.stacking_limit
    assert not [d for d in validate_scenario(sc) if d.code == "sides"]
    fm = new_scenario(small_map(), "Corridor", FM_FAMILY.id, ("Red Army", "Blue"))  # F&M names no side ids
    assert [s.id for s in fm.sides] == ["red_army", "blue"] and fm.stacking_limit == 1


def test_new_user_builds_saves_validates_and_reopens_a_scenario(qtbot, tmp_path, capsys):
    from hexwright.app.editor.scenario_panels import new_scenario

    win = make_window(qtbot, tmp_path, small_map(14, 12))
    doc = win.document
    win.new_scenario_from_map(new_scenario(doc.map, "Little bridge", FM_FAMILY.id, ("Allied", "German")))
    panels = win.scenario_panels
    designer = panels.designer
    # a dozen counters, six a side, made with the designer's New and its field edits
    ids: dict[str, list[str]] = {"allied": [], "german": []}
    for side in ("allied", "german"):
        for i in range(6):
            uid = designer.new_unit()
            doc.push(ChangeUnit(doc, uid, "side", side))
            doc.push(ChangeUnit(doc, uid, "formation", "1st" if side == "allied" else "9SS"))
            doc.push(ChangeUnit(doc, uid, "unit_type", "parachute" if side == "allied" else "infantry"))
            doc.push(ChangeUnit(doc, uid, "values", {"attack": 2 + i % 2, "defense": 2, "movement": 7}))
            doc.push(ChangeUnit(doc, uid, "flags", ["leg"]))
            ids[side].append(uid)
    assert len(doc.scenario.units) == 12
    # set up: the Germans in the middle, three Allied units on the map, by drops from the tree
    hexes = ["0505", "0605", "0705", "0506", "0606", "0706"]
    for uid, lab in zip(ids["german"], hexes, strict=True):
        assert _drop(win, _oob_mime(win, uid), lab)
    for uid, lab in zip(ids["allied"][:3], ["0909", "1009", "1109"], strict=True):
        assert _drop(win, _oob_mime(win, uid), lab)
    assert len(win.counter_layer.items) == 9
    # three reinforcement entries, on the turn track of four turns, and a victory condition
    doc.push(EditTurnTrack(doc, [TurnInfo(1), TurnInfo(2), TurnInfo(3, night=True), TurnInfo(4)], "german"))
    rein = panels.reinforcements
    rein.add_entry(Reinforcement(2, "allied", [ids["allied"][3]], Entry(hex="0111")))
    rein.add_entry(Reinforcement(3, "allied", [ids["allied"][4]], Entry(edge_range=("1401", "1405"))))
    rein.add_entry(Reinforcement(4, "allied", [ids["allied"][5]], Entry(hex="0101")))
    doc.push(EditVictory(doc, 0, VictoryCondition("occupy", "allied", "win", "end", ["0606"], 1,
                                                  description="Allied hold the bridge"), insert=True))
    assert len(doc.scenario.reinforcements) == 3 and panels.reinforcements.grid.rowCount() == 3
    win.revalidate()
    errors = [win.diagnostics.list.item(i).text() for i in range(win.diagnostics.list.count())
              if "error[" in win.diagnostics.list.item(i).text()]
    assert errors == []
    # save (the map inline), validate with the command line, reopen
    path = tmp_path / "little-bridge.yaml"
    assert win._save_to(path)
    assert not win.isWindowModified()
    saved = dump_scenario(doc.scenario)
    capsys.readouterr()
    assert cli_main(["validate", str(path)]) == 0, capsys.readouterr().out
    reloaded = load_scenario(path).scenario
    assert reloaded is not None and dump_scenario(reloaded) == saved
    win2 = make_window(qtbot, tmp_path / "second")
    assert win2.open_path(path)
    assert dump_scenario(win2.document.scenario) == saved
    assert len(win2.counter_layer.items) == 9


def test_context_menu_removes_a_counter(qtbot, tmp_path):
    win = _open(qtbot, tmp_path, _scenario())
    p = _view_point(win, win.counter_layer.items["g2"].scenePos())
    assert win.counter_layer.context_menu(p, win.view.viewport().mapToGlobal(p))
    menu = win.counter_layer.context_menu_widget
    assert win.selected_unit == "g2"
    action = menu.actions()[0]
    assert "g2" in action.text()
    menu.close()
    action.trigger()
    assert "g2" not in win.document.scenario.placements
    assert win.document.undo_stack.undoText().startswith("Remove g2")


def test_closing_or_opening_another_file_replaces_the_scenario_panels(qtbot, tmp_path):
    win = _open(qtbot, tmp_path, _scenario())
    first = win.scenario_panels
    other = _scenario()
    other.title = "Other"
    path = tmp_path / "other.yaml"
    save_scenario(other, path)
    assert win.open_path(path)
    assert win.scenario_panels is not None and win.scenario_panels is not first
    assert win.scenario_panels.oob.document is win.document
    assert len(win.findChildren(QDockWidget, "oobDock")) == 1
    win.close_document()
    assert win.scenario_panels is None and not win.counter_layer.items
    assert win.findChildren(QDockWidget, "oobDock") == []


def test_markers_are_drawn_in_their_hex_and_dragged_to_another(qtbot, tmp_path):
    sc = _scenario()
    sc.markers["dz1"] = MarkerDef("dz1", "drop_zone", "allied", "DZ X", "0303")
    sc.markers["sup"] = MarkerDef("sup", "supply", "allied", "Supply", None)
    win = _open(qtbot, tmp_path, sc)
    layer = win.counter_layer
    assert set(layer.marker_items) == {"dz1"}  # a marker with no hex is placed during play
    item = layer.marker_items["dz1"]
    assert win.canvas.geometry.hex_at(item.scenePos()) == win.document.map.hex_at("0303")
    vp = win.view.viewport()
    start = _view_point(win, item.scenePos())
    target = win.view.mapFromScene(_hex_pos(win, "0308"))
    QTest.mousePress(vp, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, start)
    QTest.mouseMove(vp, (start + target) / 2)
    QTest.mouseMove(vp, target)
    QTest.mouseRelease(vp, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, target)
    assert win.document.scenario.markers["dz1"].hex == "0308"
    assert win.canvas.geometry.hex_at(layer.marker_items["dz1"].scenePos()) == win.document.map.hex_at("0308")
    win.document.undo_stack.undo()
    assert win.document.scenario.markers["dz1"].hex == "0303"


def test_scenario_menu_new_scenario_dialog_and_counter_sheets(qtbot, tmp_path, monkeypatch):
    from hexwright.app.counters.sheets_dialog import SheetsDialog
    from hexwright.app.editor.scenario_panels import NewScenarioDialog

    win = make_window(qtbot, tmp_path, small_map())
    assert not win.act_sheets.isEnabled()

    def accept(dlg):
        dlg.title_edit.setText("Bridgehead")
        dlg.rules_combo.setCurrentIndex(dlg.rules_combo.findData(TA_FAMILY.id))
        dlg.side_a.setText("British")
        dlg.side_b.setText("German")
        return NewScenarioDialog.DialogCode.Accepted

    monkeypatch.setattr(NewScenarioDialog, "exec", accept)
    win.act_new_scenario.trigger()
    sc = win.document.scenario
    assert sc is not None and sc.title == "Bridgehead" and sc.rules == TA_FAMILY.id and sc.stacking_limit == 3
    # the names as typed; the ids Target Arnhem's rules name (its entry's side_ids), so the scenario validates
    assert [s.name for s in sc.sides] == ["British", "German"] and sc.first_player == TA_FAMILY.side_ids[0]
    assert [s.id for s in sc.sides] == list(TA_FAMILY.side_ids)
    # issue 33: the turn track started with 0 turns; the dialog offers 10 and the track has them
    assert [t.number for t in sc.turns] == list(range(1, 11))
    assert win.scenario_panels.turn_track.turns_spin.value() == 10
    assert win.document.path is None and win.act_sheets.isEnabled()
    win.act_sheets.trigger()
    assert isinstance(win.sheets_dialog, SheetsDialog) and win.sheets_dialog.scenario is sc
    win.sheets_dialog.close()


def test_counters_follow_a_change_of_hex_size(qtbot, tmp_path):
    from dataclasses import replace

    from hexwright.app.editor.commands import ResizeGrid

    win = _open(qtbot, tmp_path, _scenario())
    m = win.document.map
    win.document.push(ResizeGrid(m, replace(m.grid, hex_size=m.grid.hex_size * 2)))
    item = win.counter_layer.items["g1"]
    assert item.scenePos() == win.canvas.geometry.centre(m.hex_at("0606"))


def test_the_map_shows_the_start_state_s_demolished_bridges_and_ferries(qtbot, tmp_path):
    """A scenario that starts mid-game (Start state panel): its demolished bridge and ferry in operation are
    drawn on their hexsides in the editor as on the playtest board, and follow undo."""
    from hexwright.app.scenario.start_commands import SetHexsideState

    mid = load_scenario(Path(__file__).resolve().parent.parent / "fixtures" / "valid" / "mid_game.yaml")
    assert mid.ok
    win = _open(qtbot, tmp_path, mid.scenario)
    marks = win.counter_layer.start_marks
    assert set(marks) == {"0605/0606", "0305/0306"}
    assert "bridge demolished" in marks["0605/0606"].toolTip() and "ferry" in marks["0305/0306"].toolTip()
    line = win.canvas.geometry.side_line(win.document.map.hexside_at("0605/0606"))
    assert marks["0605/0606"].boundingRect().contains(line.center())
    win.document.undo_stack.push(SetHexsideState(win.document, "0305/0306", None))
    assert set(win.counter_layer.start_marks) == {"0605/0606"}
    win.document.undo_stack.undo()
    assert set(win.counter_layer.start_marks) == {"0605/0606", "0305/0306"}
