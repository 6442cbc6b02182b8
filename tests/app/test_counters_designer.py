"""The counter designer widget: edits go through the undo stack and the preview follows them."""

import pytest
from hexwright.app.scenario.counter_designer import CounterDesigner
from hexwright.app.scenario.demo import demo_scenario
from hexwright.app.scenario.document import ScenarioDocument
from hexwright.engine.formats import dump_scenario
from hexwright.engine.rules.fm.family import FAMILY as FM_FAMILY
from PySide6.QtCore import Qt


@pytest.fixture
def designer(qtbot):
    sc = demo_scenario()
    sc.map_file = "demo.map.yaml"
    doc = ScenarioDocument(sc)
    w = CounterDesigner(doc)
    qtbot.addWidget(w)
    w.select_unit("Krft")
    return w


def test_value_fields_follow_the_rules_family(designer):
    assert list(designer.value_spins) == ["attack", "defense", "movement"]
    assert designer.value_spins["attack"].value() == 3


def test_typing_a_name_is_one_undo_step(designer, qtbot):
    designer.name_edit.clear()
    qtbot.keyClicks(designer.name_edit, "KG Krafft")
    doc = designer.document
    assert doc.scenario.units["Krft"].name == "KG Krafft"
    assert doc.undo_stack.count() == 1
    doc.undo_stack.undo()
    assert doc.scenario.units["Krft"].name == "Krft"
    assert designer.name_edit.text() == "Krft"


def test_spin_box_changes_the_value_and_the_preview(designer):
    before = designer.preview_image()
    designer.value_spins["attack"].setValue(6)
    assert designer.document.scenario.units["Krft"].values["attack"] == 6
    assert designer.preview_image() != before
    designer.document.undo_stack.undo()
    assert designer.value_spins["attack"].value() == 3


def test_type_flags_and_reduced_side(designer):
    doc = designer.document
    i = designer.type_combo.findData("parachute")
    designer.type_combo.setCurrentIndex(i)
    designer.type_combo.activated.emit(i)
    assert doc.scenario.units["Krft"].unit_type == "parachute"
    designer.flag_checks["airborne"].setChecked(True)
    assert "airborne" in doc.scenario.units["Krft"].flags and "leg" in doc.scenario.units["Krft"].flags
    designer.reduced_check.setChecked(True)
    u = doc.scenario.units["Krft"]
    assert u.reduced == u.values and u.steps == 2
    designer.reduced_spins["attack"].setValue(1)
    assert u.reduced["attack"] == 1 and u.values["attack"] == 3
    doc.undo_stack.undo()
    doc.undo_stack.undo()  # the reduced side and its steps in one step
    assert doc.scenario.units["Krft"].reduced is None and doc.scenario.units["Krft"].steps == 1


def test_rename_duplicate_new_delete(designer):
    doc = designer.document
    designer.id_edit.setText("KGK")
    designer.id_edit.editingFinished.emit()
    assert "KGK" in doc.scenario.units and doc.scenario.placements["KGK"] == "3722"
    designer.id_edit.setText("2/406")
    designer.id_edit.editingFinished.emit()
    assert "KGK" in doc.scenario.units and "already used" in designer.message.text()
    dup = designer.duplicate()
    assert dup == "KGK-2" and list(doc.scenario.units).index("KGK-2") == list(doc.scenario.units).index("KGK") + 1
    assert designer.unit_id == "KGK-2"
    new = designer.new_unit()
    assert doc.scenario.units[new].values == {"attack": 1, "defense": 1, "movement": 1}
    designer.delete()
    assert new not in doc.scenario.units
    text = dump_scenario(doc.scenario)
    while doc.undo_stack.canUndo():
        doc.undo_stack.undo()
    assert "KGK" not in doc.scenario.units
    while doc.undo_stack.canRedo():
        doc.undo_stack.redo()
    assert dump_scenario(doc.scenario) == text


def test_import_csv_adds_a_good_table_in_one_step_and_rejects_a_bad_one_whole(designer, tmp_path):
    """Issue 33: the designer imported the good rows of a bad table while `hexwright counters import`
    refused it whole. Now both refuse it whole, naming each problem's line."""
    path = tmp_path / "more.csv"
    path.write_text("id,side,type,size,attack,defense,movement\n"
                    "1/59,german,infantry,battalion,3,3,7\n"
                    "2/59,german,infantry,battalion,3,3,7\n"
                    "Krft,german,infantry,battalion,3,3,7\n", encoding="utf-8")
    doc = designer.document
    before = dump_scenario(doc.scenario)
    result = designer.import_csv(path, update=False)
    assert not result.ok and doc.undo_stack.count() == 0 and dump_scenario(doc.scenario) == before
    assert "more.csv was not imported" in designer.message.text() and "more.csv:4" in designer.message.text()
    assert "import in update mode to replace it" in designer.message.text()
    path.write_text("id,side,type,size,attack,defense,movement\n"
                    "1/59,german,infantry,battalion,3,3,7\n"
                    "2/59,german,infantry,battalion,3,3,7\n", encoding="utf-8")
    result = designer.import_csv(path, update=False)
    assert [u.id for u in result.units] == ["1/59", "2/59"]
    assert doc.undo_stack.count() == 1 and "1/59" in doc.scenario.units
    assert "Imported more.csv: 2 units added, 0 updated." in designer.message.text()
    doc.undo_stack.undo()
    assert "1/59" not in doc.scenario.units


def test_reimporting_an_edited_table_updates_units_in_one_step(designer, tmp_path):
    """Issue 33: CSV import was add-only (every row of a re-imported table a duplicate id). In update
    mode the rows of units the scenario has replace them; a summary says what was added and updated."""
    doc = designer.document
    sc = doc.scenario
    path = tmp_path / "units.csv"
    designer.export_csv(path)
    rows = path.read_text(encoding="utf-8").splitlines()
    header = rows[0].split(",")
    krft = next(i for i, r in enumerate(rows) if r.startswith("Krft,"))
    cells = rows[krft].split(",")
    cells[header.index("attack")] = "9"
    rows[krft] = ",".join(cells)
    rows.append("NEW1,New,german,german,,infantry,battalion,3,3,7" + "," * (len(header) - 10))
    path.write_text("\n".join(rows) + "\n", encoding="utf-8")
    placed = dict(sc.placements)
    designer.update_check.setChecked(True)
    result = designer.import_csv(path)
    assert result.ok and sc.units["Krft"].values["attack"] == 9 and "NEW1" in sc.units
    assert sc.placements == placed  # the set-up stays
    n = len(result.updated)
    assert f"1 unit added, 1 updated ({n - 1} unchanged)" in designer.message.text()
    assert doc.undo_stack.count() == 1
    doc.undo_stack.undo()
    assert sc.units["Krft"].values["attack"] != 9 and "NEW1" not in sc.units


def test_the_new_and_import_buttons_are_above_the_unit_list(designer):
    """Issue 33: New and Import CSV sat under the list, below the fold of a short dock."""
    designer.resize(900, 300)
    designer.show()
    list_top = designer.unit_list.geometry().top()
    for b in (designer.new_button, designer.import_button):
        assert b.isVisible() and b.geometry().bottom() < list_top


def test_selecting_in_the_list_emits_unit_selected(designer, qtbot):
    item = designer.unit_list.item(0)
    uid = item.data(Qt.ItemDataRole.UserRole)
    with qtbot.waitSignal(designer.unit_selected) as sig:
        designer.unit_list.setCurrentItem(item)
    assert sig.args == [uid] and designer.id_edit.text() == uid


def test_unit_problems_are_shown_while_editing(designer):
    assert designer.unit_problems("Krft") == []
    designer.flag_checks["no_zoc"].setChecked(True)
    assert designer.unit_problems("Krft") == []
    designer.steps_spin.setValue(1)
    designer.reduced_check.setChecked(True)
    designer.steps_spin.setValue(1)  # a reduced side on a one-step unit
    assert any("reduced side" in d.message for d in designer.unit_problems("Krft"))
    assert "reduced side" in designer.problems.text()


def test_export_csv_reads_back_to_the_same_units(designer, tmp_path):
    from hexwright.engine.formats.csv_units import read_units_csv_file

    path = tmp_path / "units.csv"
    designer.export_csv(path)
    back = read_units_csv_file(str(path), FM_FAMILY.id)
    assert back.ok and back.units == list(designer.document.scenario.units.values())
