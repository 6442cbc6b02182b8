"""The start state of a scenario that starts mid-game (Scenario.start) in the editor: its undo commands
(redo, undo, redo gives the same saved text; a spin box's steps merge into one undo step), the commands
that carry it along when a unit or marker is renamed or removed, and the Start state panel driven
through its widgets, down to the saved file."""

from __future__ import annotations

from pathlib import Path

import pytest
from hexwright.app.scenario.commands import ChangeUnit, EditMarker, RemoveUnit
from hexwright.app.scenario.demo import demo_scenario
from hexwright.app.scenario.document import ScenarioDocument
from hexwright.app.scenario.start_commands import SetHexsideState, SetStartMarker, SetStepsLost
from hexwright.app.scenario.start_state import (
    H_LABEL,
    H_PROBLEMS,
    H_STATE,
    M_PROBLEMS,
    M_START,
    U_PROBLEMS,
    U_STEPS,
    U_UNIT,
    StartStateEditor,
    start_candidates,
)
from hexwright.engine.formats import dump_scenario, load_document, load_scenario, save_scenario
from hexwright.engine.model import MarkerDef
from hexwright.engine.model.scenario import StartState
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QAbstractItemView, QComboBox, QSpinBox

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"
MID_GAME = FIXTURES / "valid" / "mid_game.yaml"


@pytest.fixture
def doc(qapp):
    sc = demo_scenario()
    sc.map_file = "demo.map.yaml"
    sc.start = StartState({"2/9SS": 1}, {}, {"dz-1AB": "3716"})
    return ScenarioDocument(sc)


@pytest.fixture
def mid(qapp):
    """The mid-game fixture: a map with a bridge (0605/0606, demolished) and a river (ferry at 0305/0306)."""
    result = load_scenario(MID_GAME)
    assert result.ok
    return ScenarioDocument(result.scenario)


def text(doc) -> str:
    return dump_scenario(doc.scenario)


# -- commands ------------------------------------------------------------------------------------------
CASES = {
    "set steps lost": lambda d: SetStepsLost(d, "2107/107", 1),
    "change steps lost": lambda d: SetStepsLost(d, "2/9SS", 0),
    "demolish a bridge": lambda d: SetHexsideState(d, "2025/2026", "demolished"),
    "start a marker elsewhere": lambda d: SetStartMarker(d, "dz-101", "1008"),
    "clear a marker's start hex": lambda d: SetStartMarker(d, "dz-1AB", None),
    "remove a unit with steps lost": lambda d: RemoveUnit(d, "2/9SS"),
    "rename a unit with steps lost": lambda d: ChangeUnit(d, "2/9SS", "id", "II/9SS"),
    "rename a moved marker": lambda d: EditMarker(d, "dz-1AB", MarkerDef("dz-1", "drop_zone", "allied", "1st AB",
                                                                         "3717")),
    "remove a moved marker": lambda d: EditMarker(d, "dz-1AB", None),
}


@pytest.mark.parametrize("name", list(CASES))
def test_redo_undo_redo_gives_the_same_scenario(doc, name):
    before = text(doc)
    changes: list[str] = []
    doc.scenario_changed.connect(changes.append)
    doc.undo_stack.push(CASES[name](doc))
    after = text(doc)
    assert after != before, "the command changed nothing"
    assert "start" in changes
    doc.undo_stack.undo()
    assert text(doc) == before
    doc.undo_stack.redo()
    assert text(doc) == after
    doc.undo_stack.undo()
    assert text(doc) == before


def test_removing_or_renaming_carries_the_start_entries(doc):
    sc = doc.scenario
    doc.undo_stack.push(ChangeUnit(doc, "2/9SS", "id", "II/9SS"))
    assert sc.start.steps_lost == {"II/9SS": 1}
    doc.undo_stack.push(RemoveUnit(doc, "II/9SS"))
    assert sc.start.steps_lost == {}
    doc.undo_stack.push(EditMarker(doc, "dz-1AB", MarkerDef("dz-1", "drop_zone", "allied", "1st AB", "3717")))
    assert sc.start.markers == {"dz-1": "3716"}
    doc.undo_stack.push(EditMarker(doc, "dz-1", None))
    assert sc.start.markers == {}
    for _ in range(4):
        doc.undo_stack.undo()
    assert sc.start == StartState({"2/9SS": 1}, {}, {"dz-1AB": "3716"})


def test_spin_steps_on_one_unit_are_one_undo_step_and_back_to_start_is_none(doc):
    stack = doc.undo_stack
    for n in (1, 2, 1, 2):
        stack.push(SetStepsLost(doc, "2107/107", n))
    assert stack.count() == 1 and doc.scenario.start.steps_lost["2107/107"] == 2
    stack.push(SetStepsLost(doc, "1/9SS", 1))  # another unit: a step of its own
    assert stack.count() == 2
    stack.undo()
    stack.undo()
    assert "2107/107" not in doc.scenario.start.steps_lost and stack.count() == 2
    stack.clear()
    stack.push(SetStepsLost(doc, "2/9SS", 0))
    stack.push(SetStepsLost(doc, "2/9SS", 1))  # back where it began: no step left on the stack
    assert stack.count() == 0 and stack.isClean()


def test_bad_start_edits_are_refused_before_they_reach_the_stack(doc):
    with pytest.raises(KeyError):
        SetStepsLost(doc, "ghost", 1)
    with pytest.raises(ValueError):
        SetStepsLost(doc, "2/9SS", -1)
    with pytest.raises(ValueError):
        SetHexsideState(doc, "2025/2026", "blown")
    with pytest.raises(KeyError):
        SetHexsideState(doc, "2025/2026", None)  # nothing to clear
    with pytest.raises(KeyError):
        SetStartMarker(doc, "dz-nowhere", "0101")
    assert doc.undo_stack.count() == 0


def test_entries_of_unknown_units_and_markers_can_be_cleared(doc):
    sc = doc.scenario
    sc.start.steps_lost["ghost"] = 1
    sc.start.markers["dz-ghost"] = "0101"
    doc.undo_stack.push(SetStepsLost(doc, "ghost", 0))
    doc.undo_stack.push(SetStartMarker(doc, "dz-ghost", None))
    assert "ghost" not in sc.start.steps_lost and "dz-ghost" not in sc.start.markers


# -- the panel -----------------------------------------------------------------------------------------
def row_of(grid, key: str, col: int = 0) -> int:
    for r in range(grid.rowCount()):
        if grid.item(r, col).data(Qt.ItemDataRole.UserRole) == key:
            return r
    raise KeyError(key)


def test_panel_lists_the_start_state_with_its_problems(mid, qtbot):
    w = StartStateEditor(mid)
    qtbot.addWidget(w)
    assert "starts mid-game" in w.summary.text() and "1 bridge demolished" in w.summary.text()
    assert [w.tabs.tabText(i) for i in range(3)] == ["Steps lost (1)", "Hexsides (2)", "Markers (1)"]
    r = row_of(w.units, "1/1AB")
    assert w.units.item(r, U_STEPS).data(Qt.ItemDataRole.EditRole) == 1
    assert w.units.text(r, U_PROBLEMS) == ""
    assert w.hexsides.text(row_of(w.hexsides, "0605/0606"), 1) == "highway bridge over river"
    assert w.hexsides.text(row_of(w.hexsides, "0305/0306"), H_STATE) == "ferry"
    assert w.markers.text(row_of(w.markers, "dz-x"), M_START) == "0103"
    # a bad entry in the data shows the validation problem on its row
    mid.scenario.start.steps_lost["2/1AB"] = 1
    mid.scenario_changed.emit("start")
    problem = w.units.text(row_of(w.units, "2/1AB"), U_PROBLEMS)
    assert "no reduced side" in problem and "(F&M 8.2.4)" in problem


def test_spin_box_edits_steps_lost_as_one_undo_step_and_saves(mid, qtbot, tmp_path):
    w = StartStateEditor(mid)
    qtbot.addWidget(w)
    w.show()
    sc = mid.scenario
    sc.units["3/1AB"].reduced = {"attack": 1, "defense": 2, "movement": 6}
    sc.units["3/1AB"].steps = 2
    mid.scenario_changed.emit("units")
    w.units.setCurrentCell(row_of(w.units, "3/1AB"), U_UNIT)
    assert w.steps_spin.isEnabled() and w.steps_spin.maximum() == 1 and "3/1AB" in w.steps_label.text()
    w.steps_spin.setFocus()
    qtbot.keyClick(w.steps_spin, Qt.Key.Key_Up)
    assert sc.start.steps_lost["3/1AB"] == 1
    qtbot.keyClick(w.steps_spin, Qt.Key.Key_Down)
    qtbot.keyClick(w.steps_spin, Qt.Key.Key_Up)
    assert mid.undo_stack.count() == 1
    save_scenario(sc, tmp_path / "s.yaml", save_map_file=False)
    saved = (tmp_path / "s.yaml").read_text()
    assert "  steps_lost:\n    1/1AB: 1\n    3/1AB: 1\n" in saved
    mid.undo_stack.undo()
    assert "3/1AB" not in sc.start.steps_lost and w.steps_spin.value() == 0
    mid.undo_stack.redo()
    assert w.steps_spin.value() == 1
    # a one-step unit cannot start depleted: its spin box stops at 0
    w.units.setCurrentCell(row_of(w.units, "2/1AB"), U_UNIT)
    assert w.steps_spin.maximum() == 0 and not w.steps_spin.isEnabled()
    assert "no reduced side" in w.steps_why.text()


def test_steps_are_edited_in_the_table_with_the_keyboard(mid, qtbot):
    w = StartStateEditor(mid)
    qtbot.addWidget(w)
    w.show()
    r = row_of(w.units, "1/1AB")
    w.units.setFocus()
    w.units.setCurrentCell(r, U_STEPS)
    qtbot.keyClick(w.units, Qt.Key.Key_F2)
    editor = w.units.focusWidget()
    assert isinstance(editor, QSpinBox) and editor.maximum() == 1
    qtbot.keyClick(editor, Qt.Key.Key_Down)
    qtbot.keyClick(editor, Qt.Key.Key_Return)  # the delegate commits on the next turn of the event loop
    qtbot.waitUntil(lambda: "1/1AB" not in mid.scenario.start.steps_lost)
    assert w.units.state() != QAbstractItemView.State.EditingState
    mid.undo_stack.undo()
    assert mid.scenario.start.steps_lost["1/1AB"] == 1


def test_filter_and_only_units_with_steps_lost(mid, qtbot):
    w = StartStateEditor(mid)
    qtbot.addWidget(w)
    w.only_lost.setChecked(True)
    shown = [w.units.text(r, U_UNIT) for r in range(w.units.rowCount()) if not w.units.isRowHidden(r)]
    assert shown == ["1/1AB"]
    w.only_lost.setChecked(False)
    w.filter_edit.setText("german")
    shown = [w.units.text(r, U_UNIT) for r in range(w.units.rowCount()) if not w.units.isRowHidden(r)]
    assert shown and all(mid.scenario.units[u].side == "german" for u in shown)


def test_hexsides_are_picked_or_typed_changed_and_removed_with_undo(mid, qtbot, tmp_path):
    w = StartStateEditor(mid)
    qtbot.addWidget(w)
    w.show()
    sc = mid.scenario
    assert start_candidates(sc)[0] == ("0605/0606", "highway bridge over river")
    # remove the demolished bridge, then pick it from the list: a bridge is offered demolished
    w.hexsides.setCurrentCell(row_of(w.hexsides, "0605/0606"), H_LABEL)
    qtbot.mouseClick(w.remove_hexside_button, Qt.MouseButton.LeftButton)
    assert list(sc.start.hexsides) == ["0305/0306"]
    w.hexside_pick.setCurrentIndex(0)
    assert w.state_combo.currentText() == "demolished"
    qtbot.mouseClick(w.add_hexside_button, Qt.MouseButton.LeftButton)
    assert sc.start.hexsides == {"0305/0306": "ferry", "0605/0606": "demolished"}
    # typed in either order, a known hexside changes the entry it already has
    w.hexside_pick.setEditText("0306/0305")
    w.state_combo.setCurrentText("demolished")
    assert w.add_hexside()
    assert sc.start.hexsides["0305/0306"] == "demolished" and len(sc.start.hexsides) == 2
    assert "no bridge to be demolished" in w.hexsides.text(row_of(w.hexsides, "0305/0306"), H_PROBLEMS)
    # a label that is no hexside of the map is refused with the reason
    w.hexside_pick.setEditText("0101/0303")
    assert not w.add_hexside()
    assert "not a hexside of the map" in w.message.text() and len(sc.start.hexsides) == 2
    # the state is edited in the table with a combo box
    w.hexsides.setFocus()
    w.hexsides.setCurrentCell(row_of(w.hexsides, "0305/0306"), H_STATE)
    qtbot.keyClick(w.hexsides, Qt.Key.Key_F2)
    combo = w.hexsides.focusWidget()
    assert isinstance(combo, QComboBox)
    combo.setCurrentText("ferry")
    qtbot.keyClick(combo, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: sc.start.hexsides["0305/0306"] == "ferry")
    assert w.hexsides.text(row_of(w.hexsides, "0305/0306"), H_PROBLEMS) == ""
    save_scenario(sc, tmp_path / "s.yaml", save_map_file=False)
    assert "  hexsides:\n    0305/0306: ferry\n    0605/0606: demolished\n" in (tmp_path / "s.yaml").read_text()
    for _ in range(4):
        mid.undo_stack.undo()
    assert sc.start.hexsides == {"0605/0606": "demolished", "0305/0306": "ferry"}


def test_marker_start_hex_is_typed_and_cleared(mid, qtbot):
    w = StartStateEditor(mid)
    qtbot.addWidget(w)
    sc = mid.scenario
    r = row_of(w.markers, "dz-x")
    w.markers.item(r, M_START).setText("9999")
    assert sc.start.markers["dz-x"] == "9999"
    assert "not on the map" in w.markers.text(row_of(w.markers, "dz-x"), M_PROBLEMS)
    w.markers.setCurrentCell(row_of(w.markers, "dz-x"), M_START)
    qtbot.mouseClick(w.clear_marker_button, Qt.MouseButton.LeftButton)
    assert sc.start.markers == {} and w.tabs.tabText(2) == "Markers (0)"
    mid.undo_stack.undo()
    mid.undo_stack.undo()
    assert sc.start.markers == {"dz-x": "0103"}
    before = dump_scenario(sc)
    assert load_document(before, str(MID_GAME), MID_GAME.parent).scenario.start == sc.start


def test_a_scenario_without_a_start_state_says_so(doc, qtbot):
    doc.scenario.start = StartState()
    w = StartStateEditor(doc)
    qtbot.addWidget(w)
    assert "printed set-up" in w.summary.text()
    assert w.tabs.tabText(0) == "Steps lost (0)" and w.hexsides.rowCount() == 0


# -- in the editor window --------------------------------------------------------------------------------
def test_start_state_dock_edits_on_the_windows_undo_stack_and_saves(qtbot, tmp_path):
    import shutil

    from tests.app.test_editor_support import make_window

    for name in ("mid_game.yaml", "map.yaml"):
        shutil.copy(FIXTURES / "valid" / name, tmp_path / name)
    win = make_window(qtbot, tmp_path)
    assert win.open_path(tmp_path / "mid_game.yaml")
    panels = win.scenario_panels
    assert "startStateDock" in panels.docks and panels.start_state.document is win.document
    assert "Start state" in [a.text() for a in win.scenario_menu.actions()]
    panel = panels.start_state
    assert panel.add_hexside("0205/0206", "demolished")  # a river without a bridge: an error
    assert win.isWindowModified() and win.document.undo_stack.count() == 1
    qtbot.waitUntil(lambda: any("[start-no-bridge]" in win.diagnostics.list.item(i).text()
                                for i in range(win.diagnostics.list.count())), timeout=3000)
    win.document.undo_stack.undo()
    assert panel.set_marker_hex("dz-x", "0102")
    assert win.save()
    saved = load_scenario(tmp_path / "mid_game.yaml")
    assert saved.ok and saved.scenario.start.markers == {"dz-x": "0102"}
    assert saved.scenario.start.hexsides == {"0605/0606": "demolished", "0305/0306": "ferry"}
