"""Order of battle view and unit duplication (engine/model/oob.py)."""

import pytest
from hexwright.engine.formats import dump_scenario
from hexwright.engine.model import Entry, HexMap, Reinforcement, Scenario, Side, UnitDef
from hexwright.engine.model.oob import (
    ARRIVING,
    NOT_PLACED,
    SET_UP,
    describe_entry,
    duplicate_unit,
    order_of_battle,
    unit_status,
    unused_unit_id,
)
from hexwright.engine.rules.fm.family import FAMILY as FM_FAMILY


def small_scenario() -> Scenario:
    sc = Scenario("Test", FM_FAMILY.id, HexMap(), map_file="test.map.yaml")
    sc.sides = [Side("allied", "Allied"), Side("german", "German")]
    for uid, side, formation in [("2/406", "german", "406"), ("1/406", "german", "406"), ("Krft", "german", ""),
                                 ("1/1AB", "allied", "1AB"), ("2/1AB", "allied", "1AB"), ("1/Pol", "allied", "Pol")]:
        sc.units[uid] = UnitDef(uid, uid, side, formation=formation,
                                values={"attack": 2, "defense": 2, "movement": 7})
    sc.placements = {"2/406": "0305", "Krft": "0410"}
    sc.reinforcements = [
        Reinforcement(1, "allied", ["1/1AB", "2/1AB"], Entry(marker="dz-1", within=3)),
        Reinforcement(5, "allied", ["1/Pol"], Entry(edge_range=("0101", "0105"))),
    ]
    return sc


def test_oob_groups_by_side_then_formation_in_scenario_order():
    oob = order_of_battle(small_scenario())
    assert [s.side_id for s in oob] == ["allied", "german"]
    german = oob[1]
    assert [f.name for f in german.formations] == ["406", ""]
    assert german.formations[1].title == "Independent"
    assert [u.unit.id for u in german.formations[0].units] == ["2/406", "1/406"]
    assert [f.name for f in oob[0].formations] == ["1AB", "Pol"]


def test_status_set_up_arriving_not_placed():
    sc = small_scenario()
    assert unit_status(sc, "2/406").kind == SET_UP and unit_status(sc, "2/406").hex == "0305"
    st = unit_status(sc, "1/Pol")
    assert (st.kind, st.turn, st.reinforcement) == (ARRIVING, 5, 1)
    assert st.text() == "arrives turn 5 (0101 to 0105)"
    assert unit_status(sc, "1/1AB").text() == "arrives turn 1 (within 3 hexes of dz-1)"
    assert unit_status(sc, "1/406").kind == NOT_PLACED
    assert unit_status(sc, "1/406").text() == "not placed"


def test_units_of_an_undefined_side_are_listed_last():
    sc = small_scenario()
    sc.units["x"] = UnitDef("x", side="soviet")
    oob = order_of_battle(sc)
    assert oob[-1].side_id == "soviet" and not oob[-1].known
    assert sum(len(s.units) for s in oob) == len(sc.units)


def test_describe_entry_kinds():
    assert describe_entry(Entry(hex="3925")) == "hex 3925"
    assert describe_entry(Entry(offboard="Nijmegen box")) == "from Nijmegen box"
    assert describe_entry(Entry()) == "no entry given"


def test_duplicate_unit_copies_values_independently():
    sc = small_scenario()
    sc.units["2/406"].flags = ("leg",)
    dup = duplicate_unit(sc, "2/406", "3/406")
    assert dup.id == "3/406" and dup.name == "3/406"
    assert dup.values == sc.units["2/406"].values and dup.values is not sc.units["2/406"].values
    dup.values["attack"] = 9
    assert sc.units["2/406"].values["attack"] == 2
    assert "3/406" not in sc.units  # the caller adds it


def test_duplicate_unit_next_free_id_and_errors():
    sc = small_scenario()
    assert duplicate_unit(sc, "Krft").id == "Krft-2"
    sc.units["Krft-2"] = duplicate_unit(sc, "Krft")
    assert unused_unit_id(sc, "Krft-2") == "Krft-3"
    with pytest.raises(KeyError):
        duplicate_unit(sc, "nope")
    with pytest.raises(ValueError):
        duplicate_unit(sc, "Krft", "1/406")


def test_duplicated_unit_survives_the_file_format():
    sc = small_scenario()
    dup = duplicate_unit(sc, "2/406", "3/406")
    sc.units[dup.id] = dup
    assert "id: 3/406" in dump_scenario(sc)
