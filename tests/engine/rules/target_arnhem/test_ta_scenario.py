"""The shipped Target Arnhem scenario (001_69d92a61f68ed4f9.txt): it validates, the committed files are what
scenarios/tools/build_target_arnhem.py writes, and it holds the source's facts."""

from __future__ import annotations

import importlib.util
from pathlib import Path

from hexwright.engine.formats import dump_map, dump_scenario
from hexwright.engine.validation import Severity, validate_scenario

ROOT = Path(__file__).resolve().parents[4]
BUILDER = ROOT / "scenarios" / "tools" / "build_target_arnhem.py"


def test_scenario_validates_without_errors_or_warnings(scenario):
    diags = validate_scenario(scenario)
    assert not [d for d in diags if d.severity in (Severity.ERROR, Severity.WARNING)], diags


def test_committed_files_are_what_the_builder_makes():
    spec = importlib.util.spec_from_file_location("build_target_arnhem", BUILDER)
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    built = mod.build_scenario()
    folder = ROOT / "scenarios" / "target-arnhem"
    assert dump_scenario(built) == (folder / "target-arnhem.yaml").read_text(encoding="utf-8")
    assert dump_map(built.map) == (folder / "target-arnhem-map.yaml").read_text(encoding="utf-8")


def test_source_facts(scenario):
    m = scenario.map
    road = m.regions["Hell's Highway"]
    assert len(road.hexes) == 15 and m.hex_at("0103") in road.hexes and m.hex_at("1504") in road.hexes
    assert "P" in m.regions and m.regions["P"].kind == "offboard"
    bridges = [s for s, info in m.hexsides.items() if info.bridge]
    assert len(bridges) == 6  # Across 6 Bridges
    stripes = {u.supply for u in scenario.units.values()}
    assert stripes == {"", "gold", "red", "maroon", "yellow", "light_green"}
    assert {mk.values["stripe"] for mk in scenario.markers.values() if mk.kind == "para_supply"} == {
        "maroon", "yellow", "light_green"}
    assert scenario.stacking_limit == 3 and len(scenario.turns) == 9
