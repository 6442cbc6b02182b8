"""Target Arnhem's supply stripes, para supply markers and off-board areas in the editor
(app/scenario/supply_areas.py, app/scenario/offboard.py; 001_69d92a61f68ed4f9.txt Supply Points, Re-Supply,
Movement): each kind of edit made through the panel's widgets and keyboard, undone and redone back to the
same saved files, the problems validation finds shown on the row, and the dock shown only for a scenario
that needs it."""

from __future__ import annotations

import copy

import pytest
from hexwright.app.scenario.document import ScenarioDocument
from hexwright.app.scenario.offboard import EditOffboardArea
from hexwright.app.scenario.supply_areas import (
    A_ADJACENT,
    A_HEXES,
    A_NAME,
    A_PROBLEMS,
    M_HEX,
    M_PROBLEMS,
    M_STRIPE,
    S_PROBLEMS,
    S_STRIPE,
    S_UNIT,
    SupplyAreasEditor,
    shows_supply_areas,
)
from hexwright.engine.formats import dump_map, dump_scenario, load_scenario, save_scenario
from hexwright.engine.model import Region
from hexwright.engine.validation import Severity, validate_scenario
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QAbstractItemView, QComboBox

from tests.conftest import SCENARIOS

TARGET_ARNHEM = SCENARIOS / "target-arnhem" / "target-arnhem.yaml"


@pytest.fixture(scope="module")
def shipped():
    result = load_scenario(TARGET_ARNHEM)
    assert result.scenario is not None
    return result.scenario


@pytest.fixture
def doc(qapp, shipped):
    return ScenarioDocument(copy.deepcopy(shipped))


@pytest.fixture
def panel(qtbot, doc):
    p = SupplyAreasEditor(doc)
    qtbot.addWidget(p)
    p.resize(1100, 320)
    p.show()
    return p


def files(doc) -> tuple[str, str]:
    return dump_scenario(doc.scenario), dump_map(doc.scenario.map)


def undo_redo_round_trip(doc, before: tuple[str, str]) -> tuple[str, str]:
    """Undo gives the files back as they were; redo gives the edit's files again."""
    after = files(doc)
    assert after != before
    doc.undo_stack.undo()
    assert files(doc) == before
    doc.undo_stack.redo()
    assert files(doc) == after
    return after


def row_of(grid, key: str) -> int:
    for r in range(grid.rowCount()):
        if grid.item(r, 0).data(Qt.ItemDataRole.UserRole) == key:
            return r
    raise AssertionError(f"no row {key}")


def errors(sc) -> list[str]:
    return [d.message for d in validate_scenario(sc) if d.severity is Severity.ERROR]


def saved(doc, tmp_path):
    path = tmp_path / "ta.yaml"
    doc.scenario.map_file = "ta-map.yaml"
    save_scenario(doc.scenario, path)
    result = load_scenario(path)
    assert result.scenario is not None, [d.format() for d in result.diagnostics]
    return result.scenario


# -- supply stripes --------------------------------------------------------------------------------------
def test_a_stripe_is_chosen_in_the_table_with_the_keyboard(qtbot, panel, doc, tmp_path):
    before = files(doc)
    g = panel.stripes
    row = row_of(g, "A-1AL")
    g.setFocus()
    g.setCurrentCell(row, S_STRIPE)
    QTest.keyClick(g, Qt.Key.Key_F2)
    editor = g.findChild(QComboBox)
    assert editor is not None and g.state() == QAbstractItemView.State.EditingState
    editor.setCurrentIndex(editor.findData("yellow"))
    QTest.keyClick(editor, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: g.state() != QAbstractItemView.State.EditingState)  # the delegate commits queued
    assert doc.scenario.units["A-1AL"].supply == "yellow"
    assert doc.undo_stack.count() == 1 and "supply" in doc.undo_stack.text(0)
    assert "yellow" in g.item(row_of(g, "A-1AL"), S_STRIPE).text()
    undo_redo_round_trip(doc, before)
    assert saved(doc, tmp_path).units["A-1AL"].supply == "yellow"


def test_several_units_get_a_stripe_in_one_undo_step(qtbot, panel, doc):
    before = files(doc)
    g = panel.stripes
    g.setSelectionMode(QAbstractItemView.SelectionMode.MultiSelection)
    for uid in ("G-59-1", "G-59-2", "G-59-3"):
        g.selectRow(row_of(g, uid))
    panel.stripe_combo.setCurrentIndex(panel.stripe_combo.findData("red"))
    panel.set_stripe_button.click()
    assert [doc.scenario.units[u].supply for u in ("G-59-1", "G-59-2", "G-59-3")] == ["red"] * 3
    assert doc.undo_stack.count() == 1 and "3 units" in doc.undo_stack.text(0)
    undo_redo_round_trip(doc, before)


def test_a_stripe_of_the_other_side_is_shown_on_the_unit_s_row(qtbot, panel, doc):
    panel.set_stripe(["A-GrenGds"], "gold")
    g = panel.stripes
    assert "stripe 'gold' is for german units" in g.item(row_of(g, "A-GrenGds"), S_PROBLEMS).text()
    assert g.item(row_of(g, "A-IrishGds"), S_PROBLEMS).text() == ""
    assert g.item(row_of(g, "A-GrenGds"), S_UNIT).text() == "A-GrenGds"


# -- para supply markers ---------------------------------------------------------------------------------
def test_a_para_supply_marker_is_moved_by_typing_its_hex(qtbot, panel, doc, tmp_path):
    before = files(doc)
    g = panel.markers
    row = row_of(g, "para-82")
    g.item(row, M_HEX).setText("1104")
    assert doc.scenario.markers["para-82"].hex == "1104"
    undo_redo_round_trip(doc, before)
    assert saved(doc, tmp_path).markers["para-82"].hex == "1104"
    g.item(row_of(g, "para-82"), M_HEX).setText("3030")
    assert "hex 3030 is not on the map" in g.item(row_of(g, "para-82"), M_PROBLEMS).text()


def test_a_para_supply_marker_s_stripe_is_chosen_and_a_duplicate_is_shown(qtbot, panel, doc):
    before = files(doc)
    g = panel.markers
    row = row_of(g, "para-1")
    g.setFocus()
    g.setCurrentCell(row, M_STRIPE)
    QTest.keyClick(g, Qt.Key.Key_F2)
    editor = g.findChild(QComboBox)
    assert editor is not None and editor.count() == 3  # the airborne divisions' stripes only
    editor.setCurrentIndex(editor.findData("yellow"))
    QTest.keyClick(editor, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: g.state() != QAbstractItemView.State.EditingState)  # the delegate commits queued
    assert doc.scenario.markers["para-1"].values == {"stripe": "yellow"}
    assert "already has marker para-101" in g.item(row_of(g, "para-1"), M_PROBLEMS).text()
    undo_redo_round_trip(doc, before)


def test_para_supply_markers_are_added_and_removed(qtbot, panel, doc):
    before = files(doc)
    del doc.scenario.markers["para-82"]
    doc.scenario_changed.emit("markers")
    base = files(doc)
    panel.add_marker_button.click()
    mk = doc.scenario.markers["para-light_green"]
    assert mk.kind == "para_supply" and mk.values == {"stripe": "light_green"} and mk.side == "allied"
    assert doc.scenario.map.hex_at(mk.hex) is not None and not [e for e in errors(doc.scenario) if "para-l" in e]
    undo_redo_round_trip(doc, base)
    g = panel.markers
    g.selectRow(row_of(g, "para-101"))
    panel.remove_marker_button.click()
    assert "para-101" not in doc.scenario.markers
    assert doc.undo_stack.count() == 2
    doc.undo_stack.undo()
    doc.undo_stack.undo()
    assert files(doc) == base != before


# -- off-board areas -------------------------------------------------------------------------------------
def test_an_area_is_added_along_an_edge_from_the_form(qtbot, panel, doc, tmp_path):
    before = files(doc)
    m = doc.scenario.map
    panel.tabs.setCurrentIndex(2)
    panel.edge_combo.setCurrentIndex(panel.edge_combo.findData("left"))
    panel.first_spin.setValue(2)
    panel.last_spin.setValue(4)
    QTest.keyClicks(panel.area_name, "F")
    QTest.keyClick(panel.area_name, Qt.Key.Key_Return)
    area = m.regions["F"]
    assert area.kind == "offboard" and area.hexes == set(m.edge_side_hexes("left")[1:4])
    assert panel.areas.item(row_of(panel.areas, "F"), A_HEXES).text() == "0102, 0103, 0104"
    assert not errors(doc.scenario)
    undo_redo_round_trip(doc, before)
    back = saved(doc, tmp_path)
    assert back.map.regions["F"].kind == "offboard" and len(back.map.regions["F"].hexes) == 3


def test_renaming_an_area_follows_into_adjacent_areas_and_reinforcements(qtbot, panel, doc, tmp_path):
    before = files(doc)
    g = panel.areas
    g.item(row_of(g, "E"), A_NAME).setText("Emmerich")
    sc = doc.scenario
    assert "E" not in sc.map.regions and sc.map.regions["Emmerich"].kind == "offboard"
    assert sc.map.regions["D"].adjacent == ["C", "Emmerich"]
    assert [rf.entry.offboard for rf in sc.reinforcements if rf.side == "german"][:2] == ["Emmerich", "Emmerich"]
    assert list(sc.map.regions).index("Emmerich") == list(sc.map.regions).index("D") + 1  # in its place
    assert not errors(sc)
    undo_redo_round_trip(doc, before)
    assert saved(doc, tmp_path).reinforcements[8].entry.offboard == "Emmerich"


def test_an_area_s_hexes_and_adjacent_areas_are_typed_and_checked(qtbot, panel, doc):
    before = files(doc)
    g = panel.areas
    g.item(row_of(g, "C"), A_HEXES).setText("0107 0207 0307")
    m = doc.scenario.map
    assert {m.label(h) for h in m.regions["C"].hexes} == {"0107", "0207", "0307"}
    after = undo_redo_round_trip(doc, before)
    g.item(row_of(g, "C"), A_HEXES).setText("0107, 0504")
    assert "0504 not on the map's edge" in g.item(row_of(g, "C"), A_PROBLEMS).text()
    doc.undo_stack.undo()
    assert files(doc) == after
    g.item(row_of(g, "C"), A_ADJACENT).setText("D, X")
    assert "adjacent area 'X' is not an off-board area" in g.item(row_of(g, "C"), A_PROBLEMS).text()
    g.item(row_of(g, "C"), A_HEXES).setText("0107, 9999")  # not a hex: refused, nothing changes
    assert "9999 is not a hex of the map" in panel.message.text()
    assert {m.label(h) for h in m.regions["C"].hexes} == {"0107", "0207", "0307"}


def test_an_area_named_like_a_hex_or_with_a_space_is_refused(qtbot, panel, doc):
    before = files(doc)
    assert not panel.add_area("0105", "top", 1, 2)
    assert "is a hex label of the map" in panel.message.text()
    assert not panel.add_area("Area X", "top", 1, 2)
    assert "has a space" in panel.message.text()
    g = panel.areas
    g.item(row_of(g, "A"), A_NAME).setText("B")
    assert "already has a region 'B'" in panel.message.text()
    assert files(doc) == before and doc.undo_stack.count() == 0
    assert g.item(row_of(g, "A"), A_NAME).text() == "A"


def test_removing_an_area_takes_it_out_of_the_adjacent_lists(qtbot, panel, doc):
    before = files(doc)
    g = panel.areas
    g.selectRow(row_of(g, "P"))
    panel.remove_area_button.click()
    m = doc.scenario.map
    assert "P" not in m.regions and m.regions["A"].adjacent == ["B"]
    assert any("no off-board area 'P'" in e for e in errors(doc.scenario))  # the 59th still enters there
    undo_redo_round_trip(doc, before)


def test_a_region_painted_on_the_map_shows_in_the_table(qtbot, panel, doc):
    m = doc.scenario.map
    m.set_region_hexes("B", add=[m.hex_at("1601")])
    qtbot.waitUntil(lambda: "1601" in panel.areas.item(row_of(panel.areas, "B"), A_HEXES).text())
    panel.detach()


def test_edit_offboard_area_refuses_what_is_not_an_area(doc):
    with pytest.raises(KeyError):
        EditOffboardArea(doc, "Hell's Highway", None)
    with pytest.raises(ValueError):
        EditOffboardArea(doc, None, None)
    with pytest.raises(ValueError):
        EditOffboardArea(doc, None, Region("Z", "offboard", {doc.scenario.map.hex_at("0101")._replace(q=99)}))


# -- the dock ----------------------------------------------------------------------------------------------
def test_the_dock_is_shown_for_a_scenario_that_needs_it(shipped):
    from hexwright.app.scenario.demo import demo_scenario

    assert shows_supply_areas(shipped)
    assert not shows_supply_areas(demo_scenario())
