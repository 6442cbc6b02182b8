"""What validation refuses in a Storm over Arnhem scenario before the rules read it (engine/formats/ruledata.py;
003_6afad32bba8815b2.txt): the reconstructed Fire Table and terrain modifiers must be numbers the family can
read, refused at their line; fractional printed factors are read as whole numbers."""

from __future__ import annotations

import shutil

import pytest
from hexwright.engine.formats import load_scenario
from hexwright.engine.rules.protocol import new_game
from hexwright.engine.validation import validate_scenario

from tests.engine.rules.storm_over_arnhem.board_fixtures import SCENARIO, Board


def _load_with(tmp_path, old: str, new: str):
    shutil.copy(SCENARIO.parent / "the-crossing-map.yaml", tmp_path / "the-crossing-map.yaml")
    text = SCENARIO.read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / "the-crossing.yaml"
    path.write_text(text.replace(old, new), encoding="utf-8")
    line = next(i for i, ln in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if new in ln)
    return load_scenario(path), line


def test_a_fire_table_cell_that_is_not_a_whole_number_is_refused_at_its_line(tmp_path):
    result, line = _load_with(tmp_path, "'7': [2, 3, 4, 5, 6, 7, 8]", "'7': [2, 3, 4, 5, 6, 7, 1e308]")
    errors = [d for d in result.diagnostics if d.severity == "error"]
    assert errors and errors[0].line == line and "fire_table" in errors[0].message


def test_a_fire_table_column_that_is_not_a_range_is_refused(tmp_path):
    result, _ = _load_with(tmp_path, "'17+'", "'lots'")
    assert any("range of attack strengths" in d.message for d in result.diagnostics if d.severity == "error")


def test_a_terrain_modifier_that_is_not_a_whole_number_is_refused(tmp_path):
    result, line = _load_with(tmp_path, "buildings: [-1]", "buildings: [-1.5]")
    errors = [d for d in result.diagnostics if d.severity == "error"]
    assert errors and errors[0].line == line and "drm" in errors[0].message


def test_a_fractional_printed_factor_is_read_rounded_down():
    st = Board("1").state
    st.sc.units["B-A1"].values["attack"] = 0.0001
    try:
        assert st.attack("B-A1") == 0
    finally:
        st.sc.units["B-A1"].values["attack"] = 4


def test_a_map_without_an_area_the_variant_names_is_refused_and_no_game_is_made(tmp_path):
    shutil.copy(SCENARIO, tmp_path / "the-crossing.yaml")
    text = (SCENARIO.parent / "the-crossing-map.yaml").read_text(encoding="utf-8")
    text = text.replace("{id: '17',", "{id: '170',").replace("between: ['17', '18']", "between: ['170', '18']")
    (tmp_path / "the-crossing-map.yaml").write_text(text, encoding="utf-8")
    result = load_scenario(tmp_path / "the-crossing.yaml")
    assert result.scenario is not None
    errors = [d.message for d in validate_scenario(result.scenario) if d.severity == "error"]
    assert any("has no area 17" in m and "Storm over Arnhem 3.42-3.45" in m for m in errors), errors
    with pytest.raises(ValueError, match="no area 17"):
        new_game(result.scenario, 1)


def test_the_sides_must_be_british_and_german(tmp_path):
    result, _ = _load_with(tmp_path, "{id: british, name: British", "{id: allies, name: British")
    assert result.scenario is not None
    assert any("must have the ids british and german" in d.message for d in validate_scenario(result.scenario))


def test_the_shipped_scenario_lists_every_arrival_and_validate_says_nothing_else():
    from hexwright.engine.rules.storm_over_arnhem.design import placed_in_play

    result = load_scenario(SCENARIO)
    sc = result.scenario
    diags = validate_scenario(sc, result.source_map)
    assert not [d for d in diags if d.severity in ("error", "warning")]
    assert not diags, [d.format() for d in diags]  # not even info: every unit is set up, arrives or substitutes
    assert placed_in_play(sc) == {"G-RInf1", "G-RInf2", "G-RInf3", "G-RInf4"}
    recon = [rf for rf in sc.reinforcements if rf.entry.area is not None]
    assert len(recon) == 1 and recon[0].entry.area == "4" and sc.turns[recon[0].turn - 1].label == "B"


def test_an_arrival_by_area_other_than_the_9th_ss_at_the_bridge_on_turn_b_is_refused_at_its_line(tmp_path):
    old = "units: [B-B1, B-B2, B-B3], entry: {zone: 'E'"
    result, line = _load_with(tmp_path, old, "units: [B-B1, B-B2, B-B3], entry: {area: '5'")
    diags = validate_scenario(result.scenario, result.source_map)
    bad = [d for d in diags if d.code == "bad-value" and "only the 9th SS Recon enters by an area" in d.message]
    assert bad and bad[0].line == line
    result, line = _load_with(tmp_path, "entry: {area: '4',", "entry: {area: '23',")
    diags = validate_scenario(result.scenario, result.source_map)
    bad = [d for d in diags if "enters at the bridge (area 4 or 5) on turn B" in d.message]
    assert bad and bad[0].line == line
