"""Moving units between the set-up and the reinforcement schedule in the editor: a reinforcement
dropped on the map leaves the schedule in the same undo step, units dropped on the turn track are
scheduled, set-ups over the stacking limit are refused, and a diagnostic about an entry made in the
app points at the unit's line, not at the top of the file."""

from __future__ import annotations

from hexwright.app.scenario.scheduling import schedule_units, set_up_units
from hexwright.engine.model.placement import stacking_refusal
from hexwright.engine.validation import validate_scenario
from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QDragEnterEvent, QDropEvent
from PySide6.QtWidgets import QApplication

from tests.app.test_editor_scenario import _drop, _oob_mime, _open, _scenario


def test_reinforcement_dropped_on_the_map_moves_from_the_schedule_in_one_step(qtbot, tmp_path):
    win = _open(qtbot, tmp_path, _scenario())
    sc, stack = win.document.scenario, win.document.undo_stack
    assert _drop(win, _oob_mime(win, "a1"), "0303")
    assert sc.placements["a1"] == "0303"
    assert sc.reinforcements[0].units == ["a2", "a3"]  # no longer arriving on turn 2
    assert stack.count() == 1 and "from the reinforcement schedule" in stack.text(0)
    assert "set up at 0303" in win.scenario_panels.oob.status_text("a1")
    win.revalidate()
    assert not [d for d in win.diagnostics.shown if d.code == "placed-twice"]
    stack.undo()
    assert "a1" not in sc.placements and sc.reinforcements[0].units == ["a1", "a2", "a3"]
    # the whole entry: the entry goes when its last unit is set up
    assert _drop(win, _oob_mime(win, "a1", "a2", "a3"), "0303") is False  # stacking limit 1
    assert _drop(win, _oob_mime(win, "a1"), "0301") and _drop(win, _oob_mime(win, "a2"), "0302")
    assert _drop(win, _oob_mime(win, "a3"), "0303")
    assert sc.reinforcements == []
    assert win.scenario_panels.reinforcements.grid.rowCount() == 0


def test_units_dropped_on_the_turn_track_are_scheduled(qtbot, tmp_path):
    sc0 = _scenario()
    sc0.reinforcements = []
    win = _open(qtbot, tmp_path, sc0)
    sc, stack = win.document.scenario, win.document.undo_stack
    track = win.scenario_panels.turn_track
    grid = track.grid
    track.show()
    qtbot.waitExposed(track)
    mime = _oob_mime(win, "g1", "a1")
    pos = grid.visualItemRect(grid.item(2, 1)).center()  # turn 3's row
    action = Qt.DropAction.CopyAction
    enter = QDragEnterEvent(pos, action, mime, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier)
    QApplication.sendEvent(grid.viewport(), enter)
    assert enter.isAccepted()
    drop = QDropEvent(QPointF(pos), action, mime, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier)
    QApplication.sendEvent(grid.viewport(), drop)
    assert drop.isAccepted() and drop.dropAction() == Qt.DropAction.CopyAction  # the tree keeps its rows
    assert "g1" not in sc.placements  # it was set up; now it arrives
    assert sorted((rf.turn, rf.side, tuple(rf.units)) for rf in sc.reinforcements) == [
        (3, "allied", ("a1",)), (3, "german", ("g1",))]
    assert stack.count() == 1 and "turn 3" in stack.text(0)
    assert "g1" not in win.counter_layer.items
    stack.undo()
    assert sc.placements["g1"] == "0606" and sc.reinforcements == []
    # a unit already scheduled moves to the new turn; a turn off the track is refused
    stack.redo()
    assert schedule_units(win.document, ["a1"], 1) is None
    assert [(rf.turn, rf.units) for rf in sc.reinforcements if rf.side == "allied"] == [(1, ["a1"])]
    assert schedule_units(win.document, ["a1"], 9) == "turn 9 is not on the turn track"


def test_set_up_over_the_stacking_limit_is_refused(qtbot, tmp_path):
    win = _open(qtbot, tmp_path, _scenario(stacking_limit=1))
    sc, stack = win.document.scenario, win.document.undo_stack
    reason = set_up_units(win.document, ["a1"], "0606")
    assert reason is not None and "g1 already there" in reason and "F&M 5.3" in reason
    assert stack.count() == 0 and "a1" not in sc.placements
    # dragging a counter onto an occupied hex is refused too, and it goes back
    assert not win.counter_layer.move_unit("g2", "0606")
    assert sc.placements["g2"] == "0707"
    assert stacking_refusal(sc, ["g1"], "0606") is None  # a unit does not stack with itself
    # while dragging from the order of battle, the hex that would refuse is outlined red with the reason
    layer = win.counter_layer
    layer.drag_over(win.canvas.geometry.centre(win.document.map.hex_at("0606")), _oob_mime(win, "a1"))
    assert layer._drop_preview.pen().color().red() > 200 and layer._drop_preview.pen().color().green() < 50
    assert "stacking limit is 1" in win.statusBar().currentMessage()
    layer.drag_over(win.canvas.geometry.centre(win.document.map.hex_at("0303")), _oob_mime(win, "a1"))
    assert layer._drop_preview.pen().color().green() > 150  # the yellow of a drop that will be taken


def test_diagnostic_of_an_entry_made_in_the_app_points_at_the_units_line(qtbot, tmp_path):
    win = _open(qtbot, tmp_path, _scenario())
    doc = win.document
    from hexwright.app.scenario.commands import PlaceUnit

    doc.push(PlaceUnit(doc, "a1", "0303"))  # set up but still scheduled: placed twice
    twice = [d for d in validate_scenario(doc.scenario, doc.source_map) if d.code == "placed-twice"]
    assert len(twice) == 1
    unit_line = doc.source_map.get(("unit", "a1")).line
    assert unit_line > 1 and twice[0].line == unit_line


def test_a_unit_scheduled_for_a_side_with_no_entry_yet_gets_none_and_is_reported(qtbot, tmp_path):
    """Issue 33: a unit dragged onto GT 3 for a side with no other reinforcement got hex 0101 (a map
    corner) silently. Now its entry is left unset: the turn track's GT 3 row says so, validation reports
    it at the entry, the file keeps it (entry: {}) and reads it back with the same report."""
    sc0 = _scenario()
    sc0.reinforcements = []
    win = _open(qtbot, tmp_path, sc0)
    doc = win.document
    assert schedule_units(doc, ["g1"], 3) is None
    rf = doc.scenario.reinforcements[0]
    assert (rf.turn, rf.units, rf.entry.hex, rf.entry.edge_range) == (3, ["g1"], None, None)
    track = win.scenario_panels.turn_track
    arrives = track.grid.text(2, track.grid.columnCount() - 1)
    assert arrives == "g1 (no entry given)"
    found = [d for d in validate_scenario(doc.scenario, doc.source_map) if d.code == "no-entry"]
    assert len(found) == 1 and "reinforcement 1 (turn 3: g1) has no entry" in found[0].message
    from hexwright.engine.formats import dump_scenario, load_document

    text = dump_scenario(doc.scenario)
    assert "entry: {}" in text
    again = load_document(text, str(tmp_path / "s.yaml"), tmp_path)
    assert again.scenario is not None
    assert [d.code for d in validate_scenario(again.scenario, again.source_map) if d.code == "no-entry"] == ["no-entry"]
    # a second unit of the side for GT 2 enters where the side's other reinforcement does: still unset
    assert schedule_units(doc, ["g2"], 2) is None
    assert doc.scenario.reinforcements[1].entry.hex is None
