"""Paratroop Landing (Koenig 5.0, exclusive 4.0) and Support (6.1, 6.2, 9.0) tables, from the scenario's data
and the printed defaults (002_fe1216aa5df94854.txt)."""

from __future__ import annotations

import pytest
from hexwright.engine.model.scenario import Scenario
from hexwright.engine.rules.koenig.tables import landing_result, support_per_battle, support_points


@pytest.mark.parametrize("die,arrives,hits", [(1, True, 0), (2, True, 0), (3, True, 1), (4, True, 1), (5, True, 2),
                                              (6, False, 0)])
def test_paratroop_landing_table(scenario, die, arrives, hits):
    res = landing_result(scenario, die)
    assert (res.arrives, res.hits) == (arrives, hits)
    bare = Scenario("x", "koenig", scenario.map)  # without the table: the printed defaults
    assert landing_result(bare, die) == res


@pytest.mark.parametrize("die,points", [(1, 1), (2, 1), (3, 2), (4, 2), (5, 3), (6, 3)])
def test_artillery_and_allied_support_points(scenario, die, points):
    assert support_points(scenario, "german", die) == points  # 6.1
    assert support_points(scenario, "allied", die) == points  # 6.2


def test_support_points_per_battle(scenario):
    assert support_per_battle(scenario, "german") == 1  # one Artillery point
    assert support_per_battle(scenario, "allied") == 2  # two Allied Support points


def test_tables_are_editable_data(scenario):
    import copy

    sc = copy.deepcopy(scenario)
    sc.tables["paratroop_landing"].rows["6"] = [2, "yes"]
    assert landing_result(sc, 6).arrives and landing_result(sc, 6).hits == 2
