"""The rules kit's Position on an area map (engine/rules/kit/position.py), as the Storm over Arnhem family
uses it (003_6afad32bba8815b2.txt): units stand in areas, by the scenario's set-up {area: '4'}."""

from __future__ import annotations

import copy

from hexwright.engine.rules.kit import Position, UnitStatus

from tests.engine.rules.storm_over_arnhem.board_fixtures import scenario


def test_a_scenario_on_an_area_map_starts_its_units_in_their_areas():
    pos = Position.from_scenario(scenario())
    assert pos.area_of("G-Pillbox") == "4" and pos.status("G-Pillbox") == UnitStatus.ON_MAP
    assert pos.units_in_area("23") == ("G-Gar1", "G-Gar2", "G-GarHQ")
    assert pos.hex_of("G-Pillbox") is None and pos.is_on_map("G-Pillbox")
    assert pos.status("B-A1") == UnitStatus.WAITING and pos.area_of("B-A1") is None


def test_moving_removing_and_copying_units_in_areas():
    pos = Position.from_scenario(scenario())
    rev = pos.revision
    pos.place_in_area("B-A1", "22")
    assert pos.revision > rev and pos.area_occupancy()["22"] == ("B-A1",)
    twin = copy.deepcopy(pos)
    assert twin.key() == pos.key()
    pos.place_in_area("B-A1", "18")
    assert pos.units_in_area("22") == () and twin.area_of("B-A1") == "22" and twin.key() != pos.key()
    pos.remove("B-A1")
    assert pos.area_of("B-A1") is None and pos.status("B-A1") == UnitStatus.ELIMINATED and "B-A1" not in pos.areas
