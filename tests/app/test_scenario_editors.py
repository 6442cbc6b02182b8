"""The scenario panels, driven through their widgets: each edit lands in the scenario as one undo
step, undo puts it back, and the panel shows the result."""

import pytest
from hexwright.app.scenario.demo import demo_scenario
from hexwright.app.scenario.document import ScenarioDocument
from hexwright.app.scenario.markers import P_COUNT, MarkersEditor
from hexwright.app.scenario.oob_panel import UNIT_MIME, OobPanel
from hexwright.app.scenario.reinforcements import ENTRY, TURN, UNITS, ReinforcementsEditor, parse_entry
from hexwright.app.scenario.tables import RECONSTRUCTED_BANNER, TablesEditor
from hexwright.app.scenario.turn_track import TurnTrackEditor
from hexwright.app.scenario.victory import COUNT, HEXES, KIND, VictoryEditor
from hexwright.app.scenario.victory import UNITS as V_UNITS
from hexwright.engine.formats import dump_scenario
from hexwright.engine.model import Entry
from hexwright.engine.model.oob import describe_entry
from PySide6.QtCore import QMimeData, QPointF, Qt
from PySide6.QtGui import QDropEvent


@pytest.fixture
def doc(qapp):
    sc = demo_scenario()
    sc.map_file = "demo.map.yaml"
    return ScenarioDocument(sc)


def edit(grid, row, col, text):
    grid.item(row, col).setText(text)


# -- order of battle ---------------------------------------------------------------------------
def test_oob_tree_by_side_and_formation_with_status(doc, qtbot):
    w = OobPanel(doc)
    qtbot.addWidget(w)
    top = [w.tree.topLevelItem(i).text(0) for i in range(w.tree.topLevelItemCount())]
    assert top == ["Allied", "German"]
    german = w.tree.topLevelItem(1)
    assert [german.child(i).text(0) for i in range(german.childCount())] == ["406", "Independent", "9SS", "10SS",
                                                                             "107"]
    assert w.status_text("2/406") == "set up at 2025"
    assert w.status_text("1/Pol") == "arrives turn 5 (within 3 hexes of dz-1AB)"
    assert w.status_text("HQ/XXX") == "not placed"
    assert w.unit_items["2/9SS"].text(1) == "4-4-7"


def test_oob_selection_signal_and_refresh_on_edit(doc, qtbot):
    from hexwright.app.scenario.commands import PlaceUnit

    w = OobPanel(doc)
    qtbot.addWidget(w)
    with qtbot.waitSignal(w.unit_selected) as sig:
        w.tree.setCurrentItem(w.unit_items["Krft"])
    assert sig.args == ["Krft"]
    doc.undo_stack.push(PlaceUnit(doc, "HQ/XXX", "0105"))
    assert w.status_text("HQ/XXX") == "set up at 0105"
    assert w.selected_unit == "Krft" and w.tree.currentItem().data(0, Qt.ItemDataRole.UserRole) == "Krft"
    doc.undo_stack.undo()
    assert w.status_text("HQ/XXX") == "not placed"
    with qtbot.assertNotEmitted(w.unit_selected):
        w.select_unit("2/406")
    assert w.tree.currentItem().data(0, Qt.ItemDataRole.UserRole) == "2/406"


def test_oob_filter_and_drag_payload(doc, qtbot):
    w = OobPanel(doc)
    qtbot.addWidget(w)
    w.filter_edit.setText("arrives turn 5")
    visible = [uid for uid, item in w.unit_items.items() if not item.isHidden()]
    assert visible == ["1/Pol"]
    data = w.tree.mimeData([w.unit_items["1/Pol"]])
    assert bytes(data.data(UNIT_MIME).data()) == b"1/Pol"


# -- reinforcements ------------------------------------------------------------------------------
@pytest.mark.parametrize("entry", [Entry(hex="3925"), Entry(edge_range=("0103", "0106")),
                                   Entry(marker="dz-1AB", within=3), Entry(offboard="Nijmegen box")])
def test_entry_text_round_trips(entry):
    assert parse_entry(describe_entry(entry)) == entry


def test_reinforcement_edits_go_through_the_undo_stack(doc, qtbot):
    w = ReinforcementsEditor(doc)
    qtbot.addWidget(w)
    assert w.grid.rowCount() == len(doc.scenario.reinforcements)
    before = dump_scenario(doc.scenario)
    edit(w.grid, 0, TURN, "3")
    edit(w.grid, 0, ENTRY, "3907 to 3916")
    r = doc.scenario.reinforcements[0]
    assert r.turn == 3 and r.entry == Entry(edge_range=("3907", "3916"))
    assert doc.undo_stack.count() == 2
    doc.undo_stack.undo()
    doc.undo_stack.undo()
    assert dump_scenario(doc.scenario) == before
    assert w.grid.text(0, TURN) == "1"


def test_reinforcement_problems_are_shown_on_their_row(doc, qtbot):
    w = ReinforcementsEditor(doc)
    qtbot.addWidget(w)
    assert w.row_problems(0) == ""
    edit(w.grid, 0, ENTRY, "2012")  # inside the map, not on an edge
    assert "not on a map edge" in w.row_problems(0)
    edit(w.grid, 1, UNITS, "10/10SS, 1/1AB")
    assert "belongs to allied" in w.row_problems(1)
    edit(w.grid, 2, TURN, "12")
    assert "turns 1-10" in w.row_problems(2)
    edit(w.grid, 2, ENTRY, "somewhere over the rainbow")
    assert "cannot read the entry" in w.row_problems(2)
    assert doc.undo_stack.count() == 3  # the unreadable entry changed nothing


def test_add_remove_and_drop_units(doc, qtbot):
    w = ReinforcementsEditor(doc)
    qtbot.addWidget(w)
    n = len(doc.scenario.reinforcements)
    w.add_entry()
    assert len(doc.scenario.reinforcements) == n + 1 and w.grid.rowCount() == n + 1
    w.add_units(n, ["HQ/XXX", "nope"])
    assert doc.scenario.reinforcements[n].units == ["HQ/XXX"]
    w.add_units(-1, ["Eng/XXX"])  # dropped below the rows: a new entry for its side
    assert doc.scenario.reinforcements[-1].units == ["Eng/XXX"] and doc.scenario.reinforcements[-1].side == "allied"
    w.grid.setCurrentCell(0, 0)
    w.remove_selected()
    assert len(doc.scenario.reinforcements) == n + 1


def test_dropping_order_of_battle_units_on_a_row(doc, qtbot):
    w = ReinforcementsEditor(doc)
    qtbot.addWidget(w)
    w.resize(900, 400)
    w.show()
    md = QMimeData()
    md.setData(UNIT_MIME, b"HQ/XXX\nEng/XXX")
    pos = QPointF(w.grid.visualItemRect(w.grid.item(3, TURN)).center())
    event = QDropEvent(pos, Qt.DropAction.CopyAction, md, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier)
    w.grid.dropEvent(event)
    assert doc.scenario.reinforcements[3].units[-2:] == ["HQ/XXX", "Eng/XXX"]
    assert doc.undo_stack.count() == 1


# -- turn track ------------------------------------------------------------------------------------
def test_turn_track_edits(doc, qtbot):
    w = TurnTrackEditor(doc)
    qtbot.addWidget(w)
    assert w.grid.rowCount() == 10 and w.allotment_text(1) == "8/9"
    w.grid.item(0, 0).setCheckState(Qt.CheckState.Checked)
    assert doc.scenario.turns[0].night
    german_col = 2 + [s.id for s in doc.scenario.sides].index("german")
    edit(w.grid, 0, german_col, "6")
    assert doc.scenario.turns[0].allotments["german"] == 6 and w.allotment_text(1) == "6/9"
    edit(w.grid, 1, w.grid.columnCount() - 2, "Bridge blown; Weather clears")
    assert doc.scenario.turns[1].events == ["Bridge blown", "Weather clears"]
    w.set_turn_count(12)
    assert len(doc.scenario.turns) == 12 and doc.scenario.turns[11].allotments == doc.scenario.turns[9].allotments
    w.first_combo.setCurrentIndex(w.first_combo.findData("allied"))
    w.first_combo.activated.emit(w.first_combo.currentIndex())
    assert doc.scenario.first_player == "allied" and w.allotment_text(1) == "9/6"
    assert doc.undo_stack.count() == 5
    for _ in range(5):
        doc.undo_stack.undo()
    assert len(doc.scenario.turns) == 10 and not doc.scenario.turns[0].night and w.grid.rowCount() == 10


# -- victory -------------------------------------------------------------------------------------
def test_victory_edits_and_inline_problems(doc, qtbot):
    w = VictoryEditor(doc)
    qtbot.addWidget(w)
    assert w.grid.rowCount() == 2 and w.row_problems(0) == ""
    edit(w.grid, 0, HEXES, "2012 2013 9999")
    assert doc.scenario.victory[0].hexes == ["2012", "2013", "9999"]
    assert "9999 is not on the map" in w.row_problems(0)
    edit(w.grid, 0, COUNT, "5")
    assert "needs 5 of 3 hexes" in w.row_problems(0)
    edit(w.grid, 0, V_UNITS, "flags_not: [airborne, glider]")
    assert doc.scenario.victory[0].units == {"flags_not": ["airborne", "glider"]}
    kind = w.combo(1, KIND)
    kind.setCurrentIndex(kind.findData("vp"))
    kind.activated.emit(kind.currentIndex())
    assert doc.scenario.victory[1].kind == "vp"
    w.add_condition()
    assert len(doc.scenario.victory) == 3
    n = doc.undo_stack.count()
    edit(w.grid, 0, V_UNITS, "flags_not: [")
    assert doc.undo_stack.count() == n and "Condition 1" in w.message.text()
    while doc.undo_stack.canUndo():
        doc.undo_stack.undo()
    assert doc.scenario.victory[0].hexes == ["2012", "2013"] and len(doc.scenario.victory) == 2


# -- tables --------------------------------------------------------------------------------------
def test_tables_editor_marks_reconstructed_tables_and_edits_cells(doc, qtbot):
    w = TablesEditor(doc)
    qtbot.addWidget(w)
    w.show()
    assert w.banner.isVisible() and RECONSTRUCTED_BANNER in w.banner.text()
    assert "truncated" in w.notes.text()
    assert w.grid.rowCount() == 6 and w.grid.columnCount() == 7
    edit(w.grid, 2, 3, "DE")
    assert doc.scenario.tables["crt"].rows["3"][3] == "DE"
    w.reconstructed_check.setChecked(False)
    assert not doc.scenario.tables["crt"].reconstructed and not w.banner.isVisible()
    w.add_row("7")
    w.add_column("+6")
    t = doc.scenario.tables["crt"]
    assert t.rows["7"] == ["-"] * 8 and t.columns[-1] == "+6" and w.grid.columnCount() == 8
    edit(w.grid, 0, 0, "")
    assert t.rows["1"][0] is None  # a hole: validation reports it
    assert doc.undo_stack.count() == 5
    while doc.undo_stack.canUndo():
        doc.undo_stack.undo()
    assert doc.scenario.tables["crt"].reconstructed and w.banner.isVisible() and w.grid.columnCount() == 7


# -- markers -----------------------------------------------------------------------------------
def test_markers_and_support_pools(doc, qtbot):
    w = MarkersEditor(doc)
    qtbot.addWidget(w)
    assert w.markers.rowCount() == 2
    edit(w.markers, 0, 4, "3718")
    assert doc.scenario.markers["dz-1AB"].hex == "3718"
    edit(w.markers, 0, 0, "dz-1Para")
    assert list(doc.scenario.markers)[0] == "dz-1Para"
    edit(w.markers, 1, 4, "9999")
    assert "not on the map" in w.markers.text(1, 6)
    new = w.add_marker()
    assert doc.scenario.markers[new].kind == "drop_zone"
    w.side_combo.setCurrentIndex(w.side_combo.findData("allied"))
    w.pool_combo.setCurrentIndex(w.pool_combo.findText("british"))
    assert w.pool.rowCount() == len(doc.scenario.side("allied").support_pools["british"])
    edit(w.pool, 1, P_COUNT, "9")
    assert doc.scenario.side("allied").support_pools["british"][1].count == 9
    edit(w.pool, 1, P_COUNT, "many")
    assert "whole numbers" in w.message.text()
    w.add_support_marker()
    assert len(doc.scenario.side("allied").support_pools["british"]) == 5
    w.pool.setCurrentCell(0, 0)
    w.remove_support_marker()
    assert doc.scenario.side("allied").support_pools["british"][0].value == 3
    while doc.undo_stack.canUndo():
        doc.undo_stack.undo()
    assert dump_scenario(doc.scenario) == dump_scenario(_fresh())


def _fresh():
    sc = demo_scenario()
    sc.map_file = "demo.map.yaml"
    return sc
