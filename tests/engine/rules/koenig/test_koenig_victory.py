"""Every line of the Arnhem Bridge Victory Point schedule (exclusive 12.0, 002_fe1216aa5df94854.txt)."""

from __future__ import annotations

from hexwright.engine.rules.koenig.victory import UnitSnapshot as U
from hexwright.engine.rules.koenig.victory import victory_lines, victory_points

RECON = "G-Recon9"


def base(scenario):
    """Every unit off the map and not eliminated, the Recon/9th exited: zero points everywhere."""
    units = {uid: U(u.side, "pending") for uid, u in scenario.units.items()}
    units[RECON] = U("german", "exited")
    return units


def test_nothing_scores_nothing(scenario):
    assert victory_points(scenario, base(scenario)) == {"allied": 0, "german": 0}
    assert len(victory_lines(scenario, base(scenario))) == 11


def test_objective_city_2_and_town_1_for_the_occupier(scenario):
    u = base(scenario)
    u["B-1Para"] = U("allied", "map", "1004")  # objective city
    u["B-2Para"] = U("allied", "map", "0404", 1)  # objective town (damaged: no unit VP)
    u["G-16"] = U("german", "map", "0904")  # objective city
    vp = victory_points(scenario, u)
    assert vp["allied"] == 2 + 1 + 1  # city, town, one undamaged unit on the map
    assert vp["german"] == 2 + 1  # city and one unit on the map


def test_both_ends_of_the_bridge_add_5(scenario):
    u = base(scenario)
    u["B-1Para"] = U("allied", "map", "1005", 2)
    u["B-2Para"] = U("allied", "map", "1105", 2)
    assert victory_points(scenario, u)["allied"] == 2 + 1 + 5  # city 1005, town 1105, both ends
    u["B-2Para"] = U("allied", "map", "1106", 2)
    assert victory_points(scenario, u)["allied"] == 2


def test_eliminated_enemy_units_score_1(scenario):
    u = base(scenario)
    u["B-1Para"] = U("allied", "eliminated")
    u["G-19/9-1"] = U("german", "eliminated")
    u["G-19/9-2"] = U("german", "eliminated")
    assert victory_points(scenario, u) == {"allied": 2, "german": 1}


def test_retreated_off_and_never_arrived_units_are_not_eliminated(scenario):
    u = base(scenario)
    u["B-1Para"] = U("allied", "retreated_off")  # 11.1
    u["B-10Para"] = U("allied", "lost")  # landing roll of 6 (exclusive 4.0)
    assert victory_points(scenario, u) == {"allied": 0, "german": 0}


def test_german_units_on_map_regardless_of_hits_allied_only_undamaged(scenario):
    u = base(scenario)
    u["G-16"] = U("german", "map", "0602", 2)
    u["G-19/9-1"] = U("german", "map", "0603", 1)
    u["B-1Para"] = U("allied", "map", "0308", 0)
    u["B-2Para"] = U("allied", "map", "0309", 1)  # damaged Allied units are worth 0
    assert victory_points(scenario, u) == {"allied": 1, "german": 2}


def test_recon_not_exited_gives_the_allies_10(scenario):
    u = base(scenario)
    u[RECON] = U("german", "map", "0808")
    assert victory_points(scenario, u) == {"allied": 10, "german": 1}
    u[RECON] = U("german", "retreated_off")  # exiting by Retreat does not count
    assert victory_points(scenario, u)["allied"] == 10
    u[RECON] = U("german", "eliminated")
    assert victory_points(scenario, u)["allied"] == 11
    u[RECON] = U("german", "exited")
    assert victory_points(scenario, u)["allied"] == 0
