"""A study's report counts losses and combats where they happened, in hexes or in areas, and names the
decided turn as the game prints it (issue 33: The Crossing's report said "units lost: 0 in 0 hexes" beside
9.56 units lost a game, and "decided on: GT 7" in a game whose turns are A, B, 1-5)."""

from __future__ import annotations

import json

from hexwright.engine.balance import run_study, scenario_for
from hexwright.engine.balance.report import html_report, json_report, text_report
from hexwright.engine.balance.summary import summary_from_dict

from tests.conftest import SCENARIOS

CROSSING = str(SCENARIOS / "storm-arnhem" / "the-crossing.yaml")
TARGET = str(SCENARIOS / "target-arnhem" / "target-arnhem.yaml")
FM_1 = str(SCENARIOS / "fm-arnhem" / "scenario-1-historical.yaml")


def _line(text: str, start: str) -> str:
    return next(line.strip() for line in text.splitlines() if line.strip().startswith(start))


def test_an_area_map_study_counts_losses_and_combats_in_areas_and_names_its_turns():
    s = run_study(CROSSING, 2, ["heuristic"], seed=7)
    lost = sum(r.mean_units_lost for r in s.sides) * s.games
    assert lost > 0
    areas = set(scenario_for(CROSSING).area_map.areas)
    assert set(s.lost_places) <= areas and set(s.combat_places) <= areas
    placed = sum(s.lost_places.values())
    # the 9th SS Recon's units eliminated on the bridge (3.42-3.44) are lost in no area
    assert 0 < placed < round(lost)
    text = text_report(s)
    units = _line(text, "units lost:")
    assert units.startswith(f"units lost: {round(lost)}, {placed} of them in {len(s.lost_places)} areas "
                            f"({round(lost) - placed} in none")
    assert f"combats: {sum(s.combat_places.values())} in {len(s.combat_places)} areas" in units
    assert " 0 in 0 " not in units and "hexes" not in units
    decided = _line(text, "decided on:")
    assert "GT" not in decided and "Turn 5" in decided  # the seventh turn of A, B, 1-5 is Turn 5
    assert "Areas where most units were lost" in html_report(s, png=b"")
    again = summary_from_dict(json.loads(json_report(s)))
    assert text_report(again) == text
    assert again.lost_places == s.lost_places and again.turn_labels == s.turn_labels


def test_combat_places_are_places_on_the_map():
    """Target Arnhem's `fire +bomb` resolves the declared attack: it names no hex, and is no combat place."""
    s = run_study(TARGET, 1, ["heuristic"], seed=7, options={"max_turns": 3})
    sc = scenario_for(TARGET)
    labels = {sc.map.label(h) for h in sc.map.hexes}
    assert s.combat_places and set(s.combat_places) <= labels
    assert sum(s.combat_places.values()) == int(s.combat_heat.sum())
    assert sum(s.lost_places.values()) == int(s.lost_heat.sum())
    assert "GT 3" in _line(text_report(s), "decided on:")


def test_a_report_written_before_places_were_kept_reads_its_hexes_from_the_heat_maps():
    s = run_study(FM_1, 1, ["random"], seed=7, options={"max_turns": 2})
    d = json.loads(json_report(s))
    del d["places"], d["turn_labels"]
    old = summary_from_dict(d, scenario_for(FM_1))
    assert old.combat_places == s.combat_places and old.lost_places == s.lost_places
    assert _line(text_report(old), "units lost:") == _line(text_report(s), "units lost:")
