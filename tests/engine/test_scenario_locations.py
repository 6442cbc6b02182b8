"""Units set up in a location of their hex, not just the hex (ASL Arnhem Bridge SSR 1.1: each bridge hex has
a Level 1 location on the bridge and a Level 0 one beneath it): `setup: {u: 'R18:1'}` in a scenario file,
validated at its line, written back, and loaded into the kit's Position."""

from __future__ import annotations

from pathlib import Path

from hexwright.engine.formats import dump_scenario, load_scenario
from hexwright.engine.formats.scenariofile import load_document, split_location
from hexwright.engine.rules.kit.position import Position
from hexwright.engine.validation.checks import validate_scenario

ROOT = Path(__file__).resolve().parents[2]
# kept out of scenarios/: it validates but is not a game (the ASL family has no rules engine to play it)
SCENARIO = ROOT / "docs" / "examples" / "asl-bridge-locations.yaml"


def _load(text: str):
    return load_document(text, str(SCENARIO), SCENARIO.parent)


def _errors(result):
    """The reader's and the validator's errors, as `hexwright validate` reports them."""
    diags = list(result.diagnostics)
    if result.scenario is not None:
        diags += validate_scenario(result.scenario, result.source_map)
    return [d for d in diags if d.severity.name == "ERROR"]


def test_split_location_reads_a_level_after_the_hex_label():
    assert split_location("R18:1") == ("R18", 1)
    assert split_location("R18") == ("R18", None)
    assert split_location("0101:-1") == ("0101", -1)
    assert split_location("R18:x") == ("R18:x", None)
    assert split_location(":1") == (":1", None)


def test_the_shipped_scenario_puts_one_unit_on_the_bridge_and_one_beneath_it():
    result = load_scenario(SCENARIO)
    assert result.ok and not _errors(result), [d.format() for d in result.diagnostics]
    sc = result.scenario
    assert sc.placements == {"B-648": "R18", "G-467": "R19"}
    assert sc.placement_levels == {"B-648": 1}
    pos = Position.from_scenario(sc)
    r18, r19 = sc.map.hex_at("R18"), sc.map.hex_at("R19")
    assert pos.location_of("B-648") == (r18, 1)
    assert pos.location_of("G-467") == (r19, None)  # the ground location, beneath the bridge
    assert pos.units_in_location(r18, 1) == ("B-648",) and pos.units_in_location(r18, None) == ()


def test_the_level_is_written_back_and_reads_the_same():
    sc = load_scenario(SCENARIO).scenario
    text = dump_scenario(sc)
    assert "B-648: 'R18:1'" in text and "G-467: R19\n" in text
    again = _load(text)
    assert not _errors(again)
    assert again.scenario.placements == sc.placements and again.scenario.placement_levels == {"B-648": 1}
    assert dump_scenario(again.scenario) == text


def test_a_level_the_hex_does_not_have_is_an_error_at_its_line():
    text = SCENARIO.read_text().replace("G-467: R19", "G-467: 'R19:2'")
    line = text.splitlines().index("  G-467: 'R19:2'") + 1
    errors = _errors(_load(text))
    assert [(d.code, d.line) for d in errors] == [("unknown-location", line)]
    assert "R19 has no location at Level 2; it has R19, R19:1" in errors[0].message


def test_a_level_on_a_hex_without_extra_locations_is_an_error():
    text = SCENARIO.read_text().replace("G-467: R19", "G-467: 'Q19:1'")
    errors = _errors(_load(text))
    assert [d.code for d in errors] == ["unknown-location"]
    assert "Q19 has no location at Level 1; it has Q19" in errors[0].message


def test_a_colon_without_a_level_is_an_error_at_its_line():
    text = SCENARIO.read_text().replace("G-467: R19", "G-467: 'R19:top'")
    line = text.splitlines().index("  G-467: 'R19:top'") + 1
    errors = _errors(_load(text))
    assert [(d.code, d.line) for d in errors] == [("bad-value", line)]
    assert "'R18:1' for the location at Level 1" in errors[0].message


def test_the_ground_level_written_out_is_the_ground_location():
    text = SCENARIO.read_text().replace("G-467: R19", "G-467: 'R19:0'")
    result = _load(text)
    assert not _errors(result)
    pos = Position.from_scenario(result.scenario)
    assert pos.location_of("G-467") == (result.scenario.map.hex_at("R19"), None)
