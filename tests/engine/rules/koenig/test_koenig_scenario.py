"""The shipped "Arnhem Bridge" scenario (Koenig, 002_fe1216aa5df94854.txt): valid, built by its script,
with the source's facts (bridge ends 1005/1105, entry roads, 0104, night turns 3 and 7, VP schedule, tables)
and every value the source does not give marked reconstructed."""

from __future__ import annotations

import importlib.util
from pathlib import Path

from hexwright.engine.formats import dump_map, dump_scenario
from hexwright.engine.validation import Severity, validate_scenario

ROOT = Path(__file__).resolve().parents[4]
BUILDER = ROOT / "scenarios" / "tools" / "build_koenig_arnhem_bridge.py"


def test_scenario_validates_without_errors_or_warnings(scenario):
    diags = validate_scenario(scenario)
    assert not [d for d in diags if d.severity in (Severity.ERROR, Severity.WARNING)], diags


def test_committed_files_are_what_the_builder_makes(scenario):
    spec = importlib.util.spec_from_file_location("build_koenig_arnhem_bridge", BUILDER)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    built = mod.build_scenario()
    folder = ROOT / "scenarios" / "koenig-arnhem-bridge"
    assert dump_scenario(built) == (folder / "arnhem-bridge.yaml").read_text(encoding="utf-8")
    assert dump_map(built.map) == (folder / "arnhem-bridge-map.yaml").read_text(encoding="utf-8")


def test_source_facts(scenario):
    m = scenario.map
    side = m.hexside_between(m.hex_at("1005"), m.hex_at("1105"))
    assert side is not None and side.bridge == "road_bridge" and "river" in side.features
    assert [t.number for t in scenario.turns if t.night] == [3, 7] and len(scenario.turns) == 10
    assert scenario.stacking_limit == 2
    arrivals = {(r.turn, r.side): len(r.units) for r in scenario.reinforcements}
    assert arrivals == {(1, "allied"): 5, (2, "german"): 1, (3, "german"): 6, (6, "allied"): 8, (7, "german"): 3}
    assert [r.airborne for r in scenario.reinforcements] == [False, False, False, True, False]
    assert next(r for r in scenario.reinforcements if r.turn == 2).entry.hex == "0104"
    assert set(m.regions["objective_cities"].hexes) >= {m.hex_at("1005")}
    assert set(m.regions["objective_towns"].hexes) >= {m.hex_at("1105")}
    assert {"paratroop_landing", "artillery_points", "allied_support_points"} <= set(scenario.tables)
    assert not any(t.reconstructed for t in scenario.tables.values())  # the source prints these


def test_values_the_source_does_not_give_are_marked(scenario):
    assert all("reconstructed" in u.notes for u in scenario.units.values())
    assert "RECONSTRUCTED" in scenario.description and "reconstructed" in scenario.map.notes
    assert scenario.units["G-16"].has("independent")
    assert scenario.options == {"leadership": False, "interdiction": False, "indirect_fire": False,
                                "overruns": False}
