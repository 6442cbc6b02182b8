"""The area map file (engine/formats/areamapfile.py): reading with errors at file:line:column, writing
deterministically and atomically, round trips; scenarios placing units in areas; validation of the
drawing and of the placements at their lines; `hexwright validate` and `info` on area maps; the
shipped map of The Crossing."""

from __future__ import annotations

from pathlib import Path

import pytest
from hexwright.app.cli import main
from hexwright.engine.formats import load_scenario, save_scenario
from hexwright.engine.formats.areamapfile import (
    dump_area_map,
    load_any_map,
    load_area_map,
    read_area_map_file,
    save_area_map,
)
from hexwright.engine.model import HexMap
from hexwright.engine.model.areamap import AreaBorder, AreaMap
from hexwright.engine.validation import SourceMap, has_errors, validate_area_map, validate_scenario

from tests.conftest import SCENARIOS

CROSSING_MAP = SCENARIOS / "storm-arnhem" / "the-crossing-map.yaml"

MAP = """\
format_version: 1
kind: hexwright-area-map
name: Three areas
size: {width: 300, height: 200}
areas:
  - {id: '1', name: West, polygon: [[0, 0], [100, 0], [100, 100], [0, 100]], vp: 2, zone: D}
  - {id: '2', polygon: [[100, 0], [200, 0], [200, 100], [100, 100]], terrain: open, stacking: 3}
  - {id: '3', polygon: [[200, 0], [300, 0], [300, 100], [200, 100]], tags: [perimeter]}
borders:
  - {between: ['2', '1'], kind: bridge}
"""

SCENARIO = """\
format_version: 1
kind: hexwright-scenario
title: Area test
rules: none
map: map.yaml
stacking_limit: 2
sides:
  - {id: british}
  - {id: german}
units:
  - {id: a, side: british}
  - {id: b, side: british}
  - {id: c, side: german}
  - {id: d, side: german}
setup:
  a: {area: '1'}
  b: '1'
  c: {area: '9'}
  d: {area: '2'}
"""


def load(text: str, sm: SourceMap | None = None):
    diags: list = []
    m = load_area_map(text, "map.yaml", diags, sm)
    return m, diags


def test_reads_areas_borders_and_derives_the_rest():
    m, diags = load(MAP)
    assert diags == []
    assert list(m.areas) == ["1", "2", "3"]
    a1 = m.areas["1"]
    assert (a1.name, a1.vp, a1.zone, a1.terrain, a1.polygon[1]) == ("West", 2, "D", "open", (100.0, 0.0))
    assert m.areas["2"].stacking == 3 and m.areas["3"].tags == frozenset({"perimeter"})
    assert m.border("1", "2") == AreaBorder("1", "2", "bridge", edited=True)
    assert m.border("2", "3") == AreaBorder("2", "3", "open", edited=False)
    assert m.border("1", "3") is None
    assert m.revision == 0


def test_round_trip_is_byte_for_byte_and_writes_only_edited_borders(tmp_path):
    m, _ = load(MAP)
    text = dump_area_map(m)
    assert "between: ['1', '2']" in text and "'2', '3'" not in text
    again, diags = load(text)
    assert diags == [] and dump_area_map(again) == text
    target = tmp_path / "out.yaml"
    save_area_map(again, target)
    assert target.read_text(encoding="utf-8") == text
    assert [p.name for p in tmp_path.iterdir()] == ["out.yaml"]  # no temporary file left behind
    assert read_area_map_file(target).border("1", "2").kind == "bridge"


@pytest.mark.parametrize("bad, code, line, words", [
    ("  - {id: '2', polygon: [[100, 0], [200, 0]]}", "bad-value", 7, "at least 3 points"),
    ("  - {id: '2', polygon: [[100, 0], [200, x], [1, 1]]}", "bad-value", 7, "point 2 must be [x, y]"),
    ("  - {id: '1', polygon: [[100, 0], [200, 0], [1, 1]]}", "duplicate-id", 7, "first on line 6"),
    ("  - {id: '2', polygon: [[100, 0], [200, 0], [1, 1]], terrain: lava}", "unknown-terrain", 7, "'lava'"),
    ("  - {id: '2', polygon: [[100, 0], [200, 0], [1, 1]], vp: many}", "bad-value", 7, "whole number"),
    ("  - {id: '2', polygon: [[100, 0], [200, 0], [1, 1]], colour: red}", "unknown-key", 7, "colour"),
    ("  - {polygon: [[100, 0], [200, 0], [1, 1]]}", "missing-key", 7, "needs 'id'"),
])
def test_bad_areas_are_reported_at_their_line(bad, code, line, words):
    lines = MAP.splitlines()
    lines[6] = bad
    _, diags = load("\n".join(lines) + "\n")
    hits = [d for d in diags if d.code == code]
    assert hits, diags
    assert hits[0].file == "map.yaml" and hits[0].line == line and words in hits[0].message


@pytest.mark.parametrize("bad, code, words", [
    ("  - {between: ['2', '7'], kind: bridge}", "unknown-reference", "no area '7'"),
    ("  - {between: ['2', '2'], kind: bridge}", "bad-value", "two different areas"),
    ("  - {between: ['2', '1'], kind: moat}", "bad-value", "kind must be one of"),
])
def test_bad_borders_are_reported_at_their_line(bad, code, words):
    text = MAP.replace("  - {between: ['2', '1'], kind: bridge}", bad)
    _, diags = load(text)
    hit = next(d for d in diags if d.code == code)
    assert hit.line == 10 and words in hit.message


def test_a_border_given_twice_is_refused():
    _, diags = load(MAP + "  - {between: ['1', '2'], kind: river}\n")
    assert [(d.code, d.line) for d in diags] == [("duplicate-key", 11)]


def test_missing_size_and_wrong_kind():
    _, diags = load(MAP.replace("size: {width: 300, height: 200}\n", ""))
    assert any(d.code == "missing-key" and "'size'" in d.message for d in diags)
    _, diags = load(MAP.replace("kind: hexwright-area-map", "kind: hexwright-map"))
    assert any(d.code == "bad-value" and d.line == 2 for d in diags)


def test_load_any_map_tells_a_hex_map_from_an_area_map():
    diags: list = []
    assert isinstance(load_any_map(MAP, "m.yaml", diags), AreaMap)
    hexmap = (SCENARIOS / "target-arnhem" / "target-arnhem-map.yaml").read_text(encoding="utf-8")
    assert isinstance(load_any_map(hexmap, "h.yaml", diags), HexMap)
    assert not has_errors(diags)


def test_drawing_problems_are_diagnostics_at_the_area_line():
    text = MAP.replace("[[200, 0], [300, 0], [300, 100], [200, 100]]", "[[190, 0], [300, 0], [300, 100], [190, 100]]")
    sm = SourceMap()
    m, diags = load(text, sm)
    assert diags == []
    found = validate_area_map(m, sm)
    overlap = next(d for d in found if d.code == "overlap")
    assert (overlap.file, overlap.line, overlap.severity.value) == ("map.yaml", 7, "error")
    assert "areas 2 and 3 overlap (1000.0 square units) at (" in overlap.message


def write_pair(tmp_path: Path, scenario: str = SCENARIO, amap: str = MAP) -> Path:
    (tmp_path / "map.yaml").write_text(amap, encoding="utf-8")
    path = tmp_path / "scenario.yaml"
    path.write_text(scenario, encoding="utf-8")
    return path


def test_a_scenario_places_units_in_areas(tmp_path):
    result = load_scenario(write_pair(tmp_path, SCENARIO.replace("  c: {area: '9'}\n", "")))
    sc = result.scenario
    assert result.ok, result.diagnostics
    assert sc.on_areas and sc.area_map is not None and sc.area_map.name == "Three areas"
    assert sc.placements == {"a": "1", "b": "1", "d": "2"}
    # rules 'none' is no family: the only error; placements in areas are fine
    assert [d.code for d in validate_scenario(sc, result.source_map) if d.severity.value == "error"] == [
        "unknown-rules"]


def test_placements_in_unknown_areas_and_over_the_area_stacking_limit(tmp_path):
    text = SCENARIO.replace("  d: {area: '2'}\n", "  d: {area: '2'}\n  e: {area: '1'}\n").replace(
        "  - {id: d, side: german}\n", "  - {id: d, side: german}\n  - {id: e, side: german}\n")
    result = load_scenario(write_pair(tmp_path, text))
    diags = validate_scenario(result.scenario, result.source_map)
    off = next(d for d in diags if d.code == "unit-off-map")
    assert off.line == 19 and "area '9'" in off.message
    stack = next(d for d in diags if d.code == "stacking")
    assert stack.line == 21 and "3 units set up in area 1" in stack.message and "limit is 2" in stack.message


def test_an_area_setup_that_is_not_an_area_is_refused_at_its_line(tmp_path):
    result = load_scenario(write_pair(tmp_path, SCENARIO.replace("a: {area: '1'}", "a: {hex: '0101'}")))
    hit = next(d for d in result.diagnostics if d.code in ("unknown-key", "missing-key"))
    assert hit.line == 16


def test_set_up_zones_on_an_area_map_read_the_area_zone(tmp_path):
    text = SCENARIO.replace("  c: {area: '9'}\n", "") + (
        "setup_zones:\n  - {name: Zone D, side: british, rules: [{region: D}]}\n"
        "  - {name: Nowhere, side: german, rules: [{region: Q}]}\n")
    text = text.replace("b: '1'", "b: '2'")
    result = load_scenario(write_pair(tmp_path, text))
    diags = validate_scenario(result.scenario, result.source_map)
    zone = [d for d in diags if d.code == "setup-zone"]
    assert [(d.line, "b in area 2" in d.message) for d in zone] == [(17, True)]
    assert any(d.code == "unknown-reference" and "'Q'" in d.message for d in diags)


def test_saving_a_scenario_on_an_area_map_writes_both_files(tmp_path):
    result = load_scenario(write_pair(tmp_path))
    sc = result.scenario
    sc.area_map.set_border(AreaBorder.between("2", "3", "river", edited=True))
    out = tmp_path / "out"
    out.mkdir()
    save_scenario(sc, out / "scenario.yaml")
    text = (out / "scenario.yaml").read_text(encoding="utf-8")
    assert "  a: {area: '1'}\n" in text and "map: map.yaml\n" in text
    again = load_scenario(out / "scenario.yaml")
    assert again.scenario.area_map.border("2", "3").kind == "river"
    assert again.scenario.placements == sc.placements


def test_the_shipped_crossing_map_has_the_variants_areas_and_bridge_borders():
    sm = SourceMap()
    diags: list = []
    m = read_area_map_file(CROSSING_MAP, diags, sm)
    assert diags == [] and validate_area_map(m, sm) == []
    for aid in ("2", "4", "5", "17", "18", "22", "23", "28"):
        assert aid in m.areas
    bridges = {(b.a, b.b) for b in m.borders_of_kind("bridge")}
    assert bridges == {("4", "5"), ("17", "18"), ("22", "23")}  # The Crossing 3.42-3.44
    assert {"22", "23"} <= set(m.neighbours("28"))  # 3.45: off the ramp into 22, 23 and/or 28
    assert sorted({a.zone for a in m.areas.values() if a.zone}) == ["A", "B", "C", "D", "E"]  # 2.1-2.3
    assert m.tagged("perimeter")  # 3.2
    assert "APPROXIMATION" in m.notes


def test_validate_and_info_on_an_area_map(tmp_path, capsys):
    assert main(["validate", str(CROSSING_MAP)]) == 0
    assert "ok (0 errors, 0 warnings)" in capsys.readouterr().err
    assert main(["info", str(CROSSING_MAP)]) == 0
    out = capsys.readouterr().out
    assert "areas: 33" in out and "bridge 3" in out and "perimeter zones: P1, P2, P3, P4" in out
    bad = tmp_path / "bad.yaml"
    bad.write_text(MAP.replace("[[200, 0], [300, 0]", "[[150, 0], [300, 0]"), encoding="utf-8")
    assert main(["validate", str(bad)]) == 1
    out = capsys.readouterr().out
    assert f"{bad}:7:5: error[overlap]: areas 2 and 3 overlap" in out


def test_the_map_builder_writes_exactly_the_shipped_bytes():
    import importlib.util

    spec = importlib.util.spec_from_file_location("build_the_crossing_map",
                                                  SCENARIOS / "tools" / "build_the_crossing_map.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    built = module.build()
    assert built.problems() == []
    assert dump_area_map(built) == CROSSING_MAP.read_text(encoding="utf-8")


def test_reinforcements_on_an_area_map_enter_by_area_or_zone(tmp_path):
    text = SCENARIO.replace("  c: {area: '9'}\n", "").replace("  d: {area: '2'}\n", "") + (
        "turns:\n  - {turn: 1}\n  - {turn: 2}\n"
        "reinforcements:\n"
        "  - {turn: 2, side: german, units: [c], entry: {zone: D}}\n"
        "  - {turn: 2, side: german, units: [d], entry: {area: '3'}}\n")
    path = write_pair(tmp_path, text)
    result = load_scenario(path)
    assert result.ok, result.diagnostics
    entries = [rf.entry for rf in result.scenario.reinforcements]
    assert [(e.zone, e.area) for e in entries] == [("D", None), (None, "3")]
    diags = validate_scenario(result.scenario, result.source_map)
    assert [d.code for d in diags if d.severity.value == "error"] == ["unknown-rules"]
    assert not any(d.code == "not-placed" for d in diags)
    # saved and read back the same
    save_scenario(result.scenario, path)
    assert "entry: {zone: D}" in path.read_text(encoding="utf-8")
    # a zone or area the map does not have, and a hex on an area map
    bad = text.replace("entry: {zone: D}", "entry: {zone: Q}").replace("entry: {area: '3'}", "entry: {hex: '0101'}")
    result = load_scenario(write_pair(tmp_path, bad))
    diags = validate_scenario(result.scenario, result.source_map)
    found = {(d.code, d.line) for d in diags if d.severity.value == "error"}
    assert ("unknown-reference", 22) in found and ("bad-value", 23) in found


def test_an_area_entry_on_a_hex_map_is_refused(tmp_path):
    from tests.conftest import FIXTURES

    valid = FIXTURES / "valid"
    for name in ("scenario.yaml", "map.yaml"):
        (tmp_path / name).write_text((valid / name).read_text(encoding="utf-8"), encoding="utf-8")
    path = tmp_path / "scenario.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace("entry: {hex: '0610'}", "entry: {zone: E}"),
                    encoding="utf-8")
    result = load_scenario(path)
    diags = validate_scenario(result.scenario, result.source_map)
    hit = next(d for d in diags if d.code == "bad-value" and "for area maps" in d.message)
    assert hit.line == 50


def test_a_scenario_may_hold_its_area_map_inline(tmp_path):
    from hexwright.engine.formats import dump_scenario, load_document

    sc = load_scenario(write_pair(tmp_path)).scenario
    sc.map_file = None
    text = dump_scenario(sc)
    assert "map:\n  name: Three areas\n  size: {width: 300, height: 200}\n" in text
    again = load_document(text, str(tmp_path / "inline.yaml"))
    assert not has_errors(again.diagnostics)
    assert again.scenario.area_map is not None and list(again.scenario.area_map.areas) == ["1", "2", "3"]
    assert again.scenario.area_map.border("1", "2").kind == "bridge"
    assert dump_scenario(again.scenario) == text


def test_a_map_that_does_not_read_cleanly_is_not_checked_again_as_a_drawing():
    sm = SourceMap()
    m, diags = load(MAP.replace("[200, 100], [100, 100]]", "[200, x], [100, 100]]"), sm)
    assert [(d.code, d.line) for d in diags] == [("bad-value", 7)]  # area 2's line
    assert m.read_errors == 1
    found = validate_area_map(m, sm)
    assert [(d.code, d.severity.value) for d in found] == [("not-checked", "info")]
    m.read_errors = 0  # once fixed (the editor's model), the drawing is checked
    assert any(d.code == "invalid-polygon" for d in validate_area_map(m, sm))


def test_units_a_family_brings_on_by_its_rules_are_not_reported_as_not_placed(tmp_path, monkeypatch):
    """The Crossing 1.3: the 9th SS Recon infantry enter by substitution in play; the family names them."""
    from hexwright.engine.rules.storm_over_arnhem import design

    text = SCENARIO.replace("rules: none", "rules: storm_over_arnhem").replace("  d: {area: '2'}\n", "")
    result = load_scenario(write_pair(tmp_path, text))

    def not_placed() -> set:
        return {d.unit for d in validate_scenario(result.scenario, result.source_map) if d.code == "not-placed"}

    monkeypatch.setattr(design, "placed_in_play", lambda sc: set(), raising=False)
    assert not_placed() == {"d"}
    monkeypatch.setattr(design, "placed_in_play", lambda sc: {"d"}, raising=False)
    assert not_placed() == set()
