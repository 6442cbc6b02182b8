"""The Start state panel's "Turn and state" tab (app/scenario/start_play.py): the turn, the phase, the
family's own start fields and the units not on the map, each edit one undo step, bad values refused in
the loader's words, and the result saved as the scenario file writes it (read back the same)."""

from __future__ import annotations

from pathlib import Path

import pytest
from hexwright.app.scenario.document import ScenarioDocument
from hexwright.app.scenario.start_play import PlayStartPage
from hexwright.app.scenario.start_state import StartStateEditor
from hexwright.engine.formats import dump_scenario, load_document, load_scenario

SCENARIOS = Path(__file__).resolve().parents[2] / "scenarios"
TA = SCENARIOS / "target-arnhem" / "target-arnhem.yaml"


@pytest.fixture
def doc(qapp):
    result = load_scenario(TA)
    assert result.scenario is not None
    return ScenarioDocument(result.scenario)


def _choose(combo, data) -> None:
    combo.setCurrentIndex(combo.findData(data))
    combo.activated.emit(combo.currentIndex())


def test_turn_phase_and_fields_are_undoable_edits(doc, qtbot) -> None:
    page = PlayStartPage(doc)
    qtbot.addWidget(page)
    before = dump_scenario(doc.scenario)
    _choose(page.turn_combo, 4)
    _choose(page.phase_combo, "german-impulse-2")
    edit = page.field_edits["supply_points"]
    edit.setText("{SS: 3}")
    edit.editingFinished.emit()
    start = doc.scenario.start
    assert (start.turn, start.phase, start.family) == (4, "german-impulse-2", {"supply_points": {"SS": 3}})
    assert doc.undo_stack.count() == 3
    text = dump_scenario(doc.scenario)
    assert "start:\n  turn: 4\n  phase: german-impulse-2\n  supply_points: {SS: 3}\n" in text
    again = load_document(text, str(TA), TA.parent)
    assert again.ok and again.scenario.start.family == {"supply_points": {"SS": 3}}
    for _ in range(3):
        doc.undo_stack.undo()
    assert dump_scenario(doc.scenario) == before
    assert page.turn_combo.currentData() is None and page.field_edits["supply_points"].text() == ""


def test_a_bad_field_is_refused_in_the_loaders_words(doc, qtbot) -> None:
    page = PlayStartPage(doc)
    qtbot.addWidget(page)
    edit = page.field_edits["supply_points"]
    edit.setText("{Luftwaffe: 2}")
    edit.editingFinished.emit()
    assert "no supply pool 'Luftwaffe'" in page.message.text()
    assert doc.undo_stack.count() == 0 and not doc.scenario.start.family


def test_units_off_the_map_and_the_problems_shown(doc, qtbot) -> None:
    page = PlayStartPage(doc)
    qtbot.addWidget(page)
    page.unit_pick.setEditText("G-59-1")
    page.where_pick.setCurrentText("off-board area P")
    page.set_unit()
    page.unit_pick.setEditText("G-FJ2")
    page.where_pick.setCurrentText("eliminated")
    page.set_unit()
    start = doc.scenario.start
    assert start.offboard == {"G-59-1": "P"} and start.out_of_play == {"G-FJ2": "eliminated"}
    assert [page.units.text(r, 1) for r in range(page.units.rowCount())] == ["eliminated", "off-board area P"]
    page.unit_pick.setEditText("G-FJ6")  # set up on the map
    page.set_unit()
    assert "G-FJ6 is set up at 0203" in page.message.text()
    _choose(page.turn_combo, 3)  # reinforcements of turns 1-2 have not come: validation says so
    assert "due before the start turn" in page.problems.toPlainText()
    page.units.selectRow(0)
    page.clear_units()
    assert start.out_of_play == {} and start.offboard == {"G-59-1": "P"}
    doc.undo_stack.undo()
    assert doc.scenario.start.out_of_play == {"G-FJ2": "eliminated"}


def test_the_start_state_panel_has_the_tab(doc, qtbot) -> None:
    panel = StartStateEditor(doc)
    qtbot.addWidget(panel)
    assert panel.tabs.tabText(panel.tabs.count() - 1) == "Turn and state"
    _choose(panel.play.turn_combo, 2)
    assert "This scenario starts mid-game (turn 2)" in panel.summary.text()
