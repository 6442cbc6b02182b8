"""Every scenario undo command: redo, undo, redo gives the same scenario (compared as saved text)."""

import copy

import pytest
from hexwright.app.scenario.commands import (
    AddUnit,
    ChangeUnit,
    EditMarker,
    EditReinforcement,
    EditSupportPool,
    EditTable,
    EditTurnTrack,
    EditVictory,
    PlaceUnit,
    RemovePlacement,
    RemoveUnit,
    ReplaceTable,
)
from hexwright.app.scenario.demo import demo_scenario
from hexwright.app.scenario.document import ScenarioDocument
from hexwright.engine.formats import dump_scenario
from hexwright.engine.model import (
    Entry,
    MarkerDef,
    Reinforcement,
    SupportMarker,
    Table,
    TurnInfo,
    UnitDef,
    VictoryCondition,
)
from PySide6.QtGui import QUndoCommand


@pytest.fixture
def doc(qapp):
    sc = demo_scenario()
    sc.map_file = "demo.map.yaml"
    return ScenarioDocument(sc)


def text(doc) -> str:
    return dump_scenario(doc.scenario)


def new_turns(doc):
    turns = copy.deepcopy(doc.scenario.turns)[:8]
    turns[2].night = True
    turns[3].allotments = {"german": 4, "allied": 9}
    turns[4].events = ["Bridge demolition attempts"]
    return turns


CASES = {
    "add unit": lambda d: AddUnit(d, UnitDef("3/406", "3/406", "german", formation="406",
                                             values={"attack": 2, "defense": 2, "movement": 7}), 1, "1010"),
    "remove unit": lambda d: RemoveUnit(d, "1/1AB"),  # also in a reinforcement
    "remove placed unit": lambda d: RemoveUnit(d, "BrDf"),
    "change name": lambda d: ChangeUnit(d, "Krft", "name", "Kampfgruppe Krafft"),
    "change value": lambda d: ChangeUnit(d, "Krft", "values.attack", 4),
    "add reduced value": lambda d: ChangeUnit(d, "Krft", "reduced.attack", 1),
    "change flags": lambda d: ChangeUnit(d, "Krft", "flags", ("leg", "no_zoc")),
    "rename": lambda d: ChangeUnit(d, "1/1AB", "id", "1/1Para"),
    "rename placed": lambda d: ChangeUnit(d, "2/406", "id", "2/406b"),
    "place": lambda d: PlaceUnit(d, "1/406", "1212"),
    "move": lambda d: PlaceUnit(d, "2/406", "2026"),
    "remove placement": lambda d: RemovePlacement(d, "BrDf"),
    "add reinforcement": lambda d: EditReinforcement(d, 1, Reinforcement(3, "german", ["1/406"],
                                                                          Entry(edge_range=("0101", "0106"))), True),
    "change reinforcement": lambda d: EditReinforcement(d, 0, Reinforcement(2, "german", ["1/9SS"], Entry(hex="4020"))),
    "remove reinforcement": lambda d: EditReinforcement(d, 2, None),
    "turn track": lambda d: EditTurnTrack(d, new_turns(d), "allied"),
    "add victory": lambda d: EditVictory(d, 0, VictoryCondition("vp", "german", points={"per_unit": 1}), True),
    "change victory": lambda d: EditVictory(d, 1, VictoryCondition("default", "allied", result="draw")),
    "remove victory": lambda d: EditVictory(d, 0, None),
    "table cell": lambda d: EditTable(d, "crt", "3", 2, "DR"),
    "add table": lambda d: ReplaceTable(d, "tec", Table("tec", ["leg", "mobile"], {"clear": [1, 1]})),
    "remove table": lambda d: ReplaceTable(d, "crt", None),
    "add marker": lambda d: EditMarker(d, "dz-82", MarkerDef("dz-82", "drop_zone", "allied", "82nd US AB", "2323")),
    "move marker": lambda d: EditMarker(d, "dz-1AB", MarkerDef("dz-1AB", "drop_zone", "allied", "1st British AB",
                                                                "3718")),
    "remove marker": lambda d: EditMarker(d, "dz-101", None),
    "support pool": lambda d: EditSupportPool(d, "german", "german", [SupportMarker(2, 6, "german")]),
    "new pool": lambda d: EditSupportPool(d, "allied", "polish", [SupportMarker(1, 2, "polish")]),
}


@pytest.mark.parametrize("name", list(CASES))
def test_redo_undo_redo_gives_the_same_scenario(doc, name):
    before = text(doc)
    changes = []
    doc.scenario_changed.connect(changes.append)
    cmd: QUndoCommand = CASES[name](doc)
    doc.undo_stack.push(cmd)
    after = text(doc)
    assert after != before, "the command changed nothing"
    assert changes, "no scenario_changed signal"
    doc.undo_stack.undo()
    assert text(doc) == before
    doc.undo_stack.redo()
    assert text(doc) == after
    doc.undo_stack.undo()
    assert text(doc) == before


def test_remove_unit_takes_it_out_of_reinforcements_and_set_up(doc):
    doc.undo_stack.push(RemoveUnit(doc, "1/1AB"))
    sc = doc.scenario
    assert "1/1AB" not in sc.units and all("1/1AB" not in r.units for r in sc.reinforcements)
    doc.undo_stack.push(RemoveUnit(doc, "2/406"))
    assert "2/406" not in sc.placements


def test_rename_follows_the_unit_everywhere(doc):
    doc.undo_stack.push(ChangeUnit(doc, "2/406", "id", "2/406b"))
    sc = doc.scenario
    assert list(sc.units)[0] == "2/406b" and sc.units["2/406b"].id == "2/406b" and sc.placements["2/406b"] == "2025"
    with pytest.raises(ValueError):
        ChangeUnit(doc, "1/406", "id", "Krft")


def test_typing_in_one_field_is_one_undo_step(doc):
    for partial in ("K", "Ka", "Kam", "Kampfgruppe"):
        doc.undo_stack.push(ChangeUnit(doc, "Krft", "name", partial))
    doc.undo_stack.push(ChangeUnit(doc, "Krft", "values.attack", 5))
    assert doc.undo_stack.count() == 2
    doc.undo_stack.undo()
    doc.undo_stack.undo()
    assert doc.scenario.units["Krft"].name == "Krft"


def test_typing_in_one_table_cell_is_one_undo_step(doc):
    for v in ("D", "DE"):
        doc.undo_stack.push(EditTable(doc, "crt", "1", 0, v))
    assert doc.undo_stack.count() == 1


def test_bad_edits_are_refused_before_they_reach_the_stack(doc):
    with pytest.raises(ValueError):
        ChangeUnit(doc, "Krft", "unit_type", "submarine")
    with pytest.raises(ValueError):
        AddUnit(doc, UnitDef("Krft"))
    with pytest.raises(KeyError):
        PlaceUnit(doc, "nope", "0101")
    with pytest.raises(IndexError):
        EditReinforcement(doc, 99, None)
    assert doc.undo_stack.count() == 0


def test_turn_track_renumbers_turns(doc):
    turns = [TurnInfo(7), TurnInfo(9, night=True)]
    doc.undo_stack.push(EditTurnTrack(doc, turns))
    assert [t.number for t in doc.scenario.turns] == [1, 2]
