"""The Hexwright file format: lossless and deterministic round trips of maps and scenarios, one-line
diffs, safe loading, positioned errors, format versions and migrations, atomic saves."""

from __future__ import annotations

import difflib
import os
from dataclasses import asdict
from pathlib import Path

import pytest
import yaml
from hexwright.engine.formats import (
    FORMAT_VERSION,
    atomic_write_text,
    dump_map,
    dump_scenario,
    load_document,
    load_map,
    load_scenario,
    save_map,
    save_scenario,
    versions,
)
from hexwright.engine.hexgrid import LabelScheme, hexside_between, hexside_of
from hexwright.engine.hexgrid.labels import ASL_LETTERS
from hexwright.engine.model import (
    Entry,
    GridSpec,
    HexMap,
    HexsideInfo,
    Location,
    MarkerDef,
    Place,
    Region,
    Reinforcement,
    Scenario,
    SetupZone,
    Side,
    StartState,
    SupportMarker,
    Table,
    TurnInfo,
    Underlay,
    UnitDef,
    VictoryCondition,
    ZoneRule,
)
from hexwright.engine.model.terrain import TerrainType, default_terrain_table
from hexwright.engine.rules.fm.family import FAMILY as FM_FAMILY
from hexwright.engine.validation import Severity
from hypothesis import given, settings
from hypothesis import strategies as st


# -- builders ---------------------------------------------------------------------------------------
def arnhem_like_map() -> HexMap:
    """An XXYY map with everything a F&M map has: terrain, features, elevation, rivers, bridges,
    ferries, roads and trails, an off-map edge hexside, places, regions, edges and an underlay."""
    table = default_terrain_table()
    table.terrain["polder"] = TerrainType("polder", "Polder: 'wet' ground", "#a0c0a0", "dots",
                                          {"leg": 2, "mobile": 2.5}, {"mobile": ["road"]}, {"row": "polder"})
    m = HexMap(GridSpec(12, 10, "flat", "odd", LabelScheme("xxyy", 1, 1, 2), 40.0), table, "clear",
               name="Arnhem (test)")
    m.notes = "Test map.\nSecond line: with a colon # and a hash.\n"
    at = m.hex_at
    m.set_terrain({at("0203"): "woods", at("0204"): "marsh", at("0505"): "polder", at("1210"): "water"})
    m.set_features({at("0506"): ("village",), at("0507"): ("village", "fortification")})
    m.set_elevation({at("0808"): 2, at("0809"): -1})
    m.set_hexsides({
        hexside_between(at("0305"), at("0306")): HexsideInfo(("river",)),
        hexside_between(at("0306"), at("0406")): HexsideInfo(("river",), "highway", ("road",)),
        hexside_between(at("0405"), at("0406")): HexsideInfo(("river", "ferry")),
        hexside_between(at("0101"), at("0102")): HexsideInfo(paths=("road", "trail")),
        hexside_of(at("0103"), 3): HexsideInfo(("stream",)),  # off-map, west of 0103
    })
    m.link_path(at("0102"), at("0202"), "road")
    m.edges.update({"south": "bottom", "north": "top", "west": "left"})
    m.set_places([Place("Arnhem", at("0808"), "city", 1.5, 0.25, -0.5), Place("Hell's Highway", None, "label"),
                  Place("Nijmegen", at("0110"), "town")])
    m.set_region(Region("DZ X", "drop_zone", {at("0202"), at("0203"), at("0303")}, color="#ffcc00", label="X"))
    m.set_region(Region("offboard south", "offboard", set(), label="South"))
    m.set_region(Region("area P", "area", {at("1001")}, [(0.0, 0.0), (100.5, 0.0), (50.0, 80.0)], ["area Q"]))
    m.set_region(Region("area Q", "area", set(), [(100.5, 0.0), (200.0, 0.0), (150.0, 80.0)], ["area P"]))
    m.set_underlay(Underlay("scans/arnhem.png", (0.5, 0.01, -0.01, 0.5, 12.0, -3.5), 0.4, False))
    return m


def asl_bridge_map() -> HexMap:
    """ASL Arnhem Bridge (004_09a6f3be713b811c.txt 1.1, 1.12): bridge hexes R15-R23 with a Level 1
    location above the Level 0 one, and rowhouse hexsides beneath the bridge at Level 0."""
    table = default_terrain_table()
    table.terrain["bridge"] = TerrainType("bridge", "Bridge", "#909090", move={"leg": 1, "mobile": 1})
    table.terrain["building"] = TerrainType("building", "Stone building", "#a08070", move={"leg": 2, "mobile": None})
    table.hexside_features["rowhouse"] = table.hexside_features["slope"].__class__(
        "rowhouse", "Rowhouse wall", "#202020", 0.1, {"leg": None, "mobile": None})
    table.hexside_features["cliff"] = table.hexside_features["slope"].__class__(
        "cliff", "Cliff", "#504030", 0.1, {"leg": None, "mobile": None})
    m = HexMap(GridSpec(33, 24, "flat", "odd", LabelScheme("letter_number", 1, 1, 2, ASL_LETTERS)), table, "clear",
               name="ASL Arnhem Bridge")
    locs = {}
    for n in range(15, 24):
        h = m.hex_at(f"R{n}")
        assert h is not None
        locs[h] = (Location(1, "bridge"),)
    m.set_locations(locs)
    m.set_terrain({m.hex_at("R17"): "building", m.hex_at("S17"): "building"})
    m.set_hexsides({hexside_between(m.hex_at("R17"), m.hex_at("S17")): HexsideInfo(("rowhouse",), level=0),
                    hexside_between(m.hex_at("Q17"), m.hex_at("Q18")): HexsideInfo(("cliff",))})
    m.set_elevation({m.hex_at("AA5"): 1})
    return m


def full_scenario(m: HexMap, map_file: str | None = None) -> Scenario:
    at = m.label
    sc = Scenario("Test scenario: 'quotes' & colons", FM_FAMILY.id, m, map_file)
    sc.source = "Arnhem: The Farthest Bridge 12.0"
    sc.description = "Two lines\nof description.\n"
    sc.sides = [Side("allied", "Allied", "#4060c0", ["british", "polish"],
                     {"british": [SupportMarker(2, 3, "british"),
                                  SupportMarker(4, 1, "british", "airpower", "anywhere")]}),
                Side("german", "German", "#606060", ["german"])]
    sc.first_player = "allied"
    sc.stacking_limit = 1
    sc.units = {
        "1/1": UnitDef("1/1", "1st Bn", "allied", "british", "1AB", "parachute", "battalion",
                       {"attack": 4, "defense": 5, "movement": 6}, {"attack": 2, "defense": 3, "movement": 6}, 2,
                       ("leg", "airborne"), "A", "#c0c0ff", "lands turn 1"),
        "9SS/Recon": UnitDef("9SS/Recon", "9SS/Recon", "german", "german", "9SS", "armored_recon", "battalion",
                             {"attack": 3, "defense": 2, "movement": 12}, None, 1, ("mobile",)),
        "KG Spindler": UnitDef("KG Spindler", "KG Spindler", "german", "german", "", "infantry", "regiment",
                               {"attack": 5, "defense": 6, "movement": 5}, steps=3),
    }
    sc.markers = {"dz1": MarkerDef("dz1", "drop_zone", "allied", "DZ 1", at(m.hexes[5]), {"scatter": 2})}
    sc.placements = {"9SS/Recon": at(m.hexes[30]), "KG Spindler": at(m.hexes[31])}
    sc.setup_zones = [SetupZone("German set-up", "german", ["KG Spindler"],
                                [ZoneRule(edge="north", within=3), ZoneRule(terrain="village", within=2, negate=True)],
                                "F&M 12.0")]
    sc.reinforcements = [
        Reinforcement(1, "allied", ["1/1"], Entry(marker="dz1", within=2), True, "drop"),
        Reinforcement(2, "german", [], Entry(edge_range=(at(m.hexes[0]), at(m.hexes[3])))),
        Reinforcement(3, "german", [], Entry(offboard="offboard south", description="south edge")),
    ]
    sc.turns = [TurnInfo(1, False, {"allied": "8/9"}, ["drop"], "17 Sep AM"), TurnInfo(2, True), TurnInfo(3)]
    sc.victory = [VictoryCondition("occupy", "allied", "win", "end", [at(m.hexes[7])], 1, {"flags_not": ["airborne"]}),
                  VictoryCondition("vp", "german", points={"occupied_hex": 2, "unit_on_map": 1}),
                  VictoryCondition("default", "", "draw")]
    # a table of the scenario's own (a rules table such as F&M's 'crt' is checked for what the rules read)
    sc.tables = {"odds": Table("odds", ["1-2", "1-1", "2-1"], {"clear": ["AE", "EX", "DR"], "town": ["AE", "-", 1.5]},
                              "Combat Results", True, "000 9.0", "reconstructed: the printed body is truncated", "-")}
    sc.options = {"fog": False, "seed": 7, "variants": ["a", "b"], "nested": {"x": 1}}
    # a game that starts mid-way: 1/1 depleted, a bridge blown, a ferry in place, the drop zone shifted
    bridged = [side for side, info in m.hexsides.items() if info.bridge]
    sc.start = StartState({"1/1": 1, "KG Spindler": 2},
                          {m.hexside_label(side): "demolished" for side in bridged[:1]} | {"0305/0306": "ferry"},
                          {"dz1": at(m.hexes[6])})
    return sc


def map_state(m: HexMap) -> dict:
    """Everything a map holds, as plain data, to compare two maps field by field."""
    return {
        "name": m.name, "notes": m.notes, "grid": asdict(m.grid), "default": m.default_terrain,
        "table": asdict(m.terrain_table), "terrain": dict(m.terrain), "features": dict(m.features),
        "elevation": dict(m.elevation), "locations": dict(m.locations), "hexsides": dict(m.hexsides),
        "edges": dict(m.edges), "places": list(m.places),
        "regions": {k: asdict(v) for k, v in m.regions.items()},
        "underlay": asdict(m.underlay) if m.underlay else None,
    }


def scenario_state(sc: Scenario) -> dict:
    d = {k: v for k, v in vars(sc).items() if k != "map"}
    d = {k: ([asdict(x) for x in v] if isinstance(v, list) else v) for k, v in d.items()}
    d["units"] = {k: asdict(v) for k, v in sc.units.items()}
    d["markers"] = {k: asdict(v) for k, v in sc.markers.items()}
    d["tables"] = {k: asdict(v) for k, v in sc.tables.items()}
    d["map"] = map_state(sc.map)
    return d


def errors(diags) -> list:
    return [d for d in diags if d.severity is Severity.ERROR]


def load_map_ok(text: str, name: str = "map.yaml") -> HexMap:
    diags: list = []
    m = load_map(text, name, diags)
    assert m is not None and not errors(diags), [d.format() for d in diags]
    return m


# -- round trips --------------------------------------------------------------------------------------
@pytest.mark.parametrize("build", [arnhem_like_map, asl_bridge_map])
def test_map_round_trip_is_lossless_and_deterministic(build):
    m = build()
    text = dump_map(m)
    assert text == dump_map(m)  # same map, same bytes
    m2 = load_map_ok(text)
    assert map_state(m2) == map_state(m)
    assert dump_map(m2) == text  # load -> save reproduces the file byte for byte
    assert yaml.safe_load(text)["format_version"] == FORMAT_VERSION  # plain YAML any tool can read


def test_asl_bridge_levels_survive():
    m = load_map_ok(dump_map(asl_bridge_map()))
    for n in range(15, 24):
        assert m.locations[m.hex_at(f"R{n}")] == (Location(1, "bridge"),)
    side = hexside_between(m.hex_at("R17"), m.hex_at("S17"))
    assert m.hexsides[side] == HexsideInfo(("rowhouse",), level=0)
    assert m.hexsides[side].level == 0  # level 0 is kept, not dropped as "empty"


def test_off_map_edge_hexside_is_written_by_direction():
    m = arnhem_like_map()
    text = dump_map(m)
    assert "'0103:NW': {features: [stream]}" in text or "0103:NW: {features: [stream]}" in text
    m2 = load_map_ok(text)
    assert m2.hexsides[hexside_of(m2.hex_at("0103"), 3)].features == ("stream",)


def test_hexside_written_with_labels_in_either_order_is_the_same_hexside():
    m = arnhem_like_map()
    text = dump_map(m).replace("0305/0306", "0306/0305")
    assert "0306/0305" in text
    m2 = load_map_ok(text)
    assert m2.hexsides == m.hexsides


def test_scenario_round_trip_with_inline_map(tmp_path):
    sc = full_scenario(arnhem_like_map())
    text = dump_scenario(sc)
    assert text == dump_scenario(sc)
    result = load_document(text, str(tmp_path / "s.yaml"), tmp_path)
    assert result.ok, [d.format() for d in result.diagnostics]
    assert scenario_state(result.scenario) == scenario_state(sc)
    assert dump_scenario(result.scenario) == text


def test_scenario_round_trip_with_separate_map_file(tmp_path):
    sc = full_scenario(asl_bridge_map(), "maps/bridge.yaml")
    (tmp_path / "maps").mkdir()
    save_scenario(sc, tmp_path / "s.yaml")
    assert (tmp_path / "maps" / "bridge.yaml").exists()
    text = (tmp_path / "s.yaml").read_text()
    assert "map: maps/bridge.yaml" in text and "terrain_table" not in text
    result = load_scenario(tmp_path / "s.yaml")
    assert result.ok, [d.format() for d in result.diagnostics]
    assert result.scenario.map_file == "maps/bridge.yaml"
    assert scenario_state(result.scenario) == scenario_state(sc)
    # saving again rewrites both files byte for byte
    before = {p: p.read_bytes() for p in tmp_path.rglob("*.yaml")}
    save_scenario(result.scenario, tmp_path / "s.yaml")
    assert {p: p.read_bytes() for p in tmp_path.rglob("*.yaml")} == before
    # the separate map file is not inlined unless asked
    inline = dump_scenario(result.scenario, inline_map=True)
    again = load_document(inline, str(tmp_path / "inline.yaml"), tmp_path)
    assert again.ok and map_state(again.scenario.map) == map_state(sc.map)


def test_a_one_hex_terrain_change_is_a_one_line_diff():
    m = arnhem_like_map()
    before = dump_map(m).splitlines()
    m.set_terrain({m.hex_at("0707"): "rough"})
    after = dump_map(m).splitlines()
    changed = [line for line in difflib.unified_diff(before, after, lineterm="", n=0)
               if line[:1] in "+-" and not line.startswith(("+++", "---"))]
    assert changed == ["-  '0707': clear", "+  '0707': rough"]


def test_a_one_unit_change_in_a_scenario_is_a_one_line_diff():
    sc = full_scenario(arnhem_like_map())
    before = dump_scenario(sc).splitlines()
    sc.placements["KG Spindler"] = sc.map.label(sc.map.hexes[40])
    after = dump_scenario(sc).splitlines()
    changed = [line for line in difflib.unified_diff(before, after, lineterm="", n=0)
               if line[:1] in "+-" and not line.startswith(("+++", "---"))]
    assert len(changed) == 2 and changed[0].startswith("-  KG Spindler:")


def test_labels_that_look_like_numbers_stay_text():
    """'0103' must not be read back as the number 103, nor 'on'/'no'/'1e3' as booleans or floats."""
    m = HexMap(GridSpec(3, 3), name="0103")
    m.set_places([Place("no", m.hexes[0]), Place("1e3", m.hexes[1]), Place("on", m.hexes[2]), Place("null")])
    text = dump_map(m)
    assert "name: '0103'" in text
    m2 = load_map_ok(text)
    assert m2.name == "0103"
    assert [p.text for p in m2.places] == ["no", "1e3", "on", "null"]


def test_number_like_text_is_quoted_for_every_yaml_reader():
    """'0904' is text to PyYAML but the number 904 to YAML 1.2 readers: the writer quotes it."""
    sc = full_scenario(arnhem_like_map())
    sc.placements["KG Spindler"] = "0904"
    sc.options = {"version": "1e3", "time": "12:30", "hexnum": "0x1F"}
    text = dump_scenario(sc)
    assert "KG Spindler: '0904'" in text
    assert "'1e3'" in text and "'12:30'" in text and "'0x1F'" in text
    loaded = yaml.load(text, Loader=yaml.SafeLoader)
    assert loaded["setup"]["KG Spindler"] == "0904"
    assert loaded["options"] == {"version": "1e3", "time": "12:30", "hexnum": "0x1F"}


def test_strings_with_awkward_characters_round_trip():
    texts = ["a: b", "#hash", "- dash", "quote's", 'double "q"', "back\\slash", "tab\there", "ünïcödé",
             "  lead", "trail ", "[x]", "{y}", "&anchor", "*alias", "!tag", "%pct", "@at", "`tick`", "", "~",
             "multi\nline"]
    m = HexMap(GridSpec(2, 2))
    m.set_places([Place(t) for t in texts])
    m2 = load_map_ok(dump_map(m))
    assert [p.text for p in m2.places] == texts


# -- safe loading and positioned errors ----------------------------------------------------------------
def test_python_tags_do_not_execute(tmp_path):
    marker = tmp_path / "pwned"
    base = dump_map(HexMap(GridSpec(2, 2)))
    line = base.count("\n") + 1
    for evil in (f"!!python/object/apply:os.system ['touch {marker}']",
                 f"!!python/object/apply:os.system {{args: ['touch {marker}']}}",
                 "!!python/name:os.system", f"!!python/object/new:os.system ['touch {marker}']"):
        diags: list = []
        m = load_map(base + f"notes: {evil}\n", "evil.yaml", diags)
        assert not marker.exists()
        tagged = [d for d in diags if d.code == "yaml-tag"]
        assert tagged and tagged[0].line == line and "python" in tagged[0].message, evil
        assert m is not None and isinstance(m.notes, str)  # read as plain data, never constructed
    scenario_text = ("format_version: 1\nkind: hexwright-scenario\n"
                     f"title: !!python/object/apply:os.system ['touch {marker}']\nrules: fm\nsides: []\nmap: x.yaml\n")
    result = load_document(scenario_text, str(tmp_path / "evil.yaml"), tmp_path)
    assert not marker.exists()
    assert any(d.code == "yaml-tag" and d.line == 3 for d in result.diagnostics)


def test_standard_yaml_types_are_read_as_text_without_complaint():
    base = dump_map(HexMap(GridSpec(2, 2)))
    m = load_map_ok(base + "notes: 2024-09-17\n")
    assert m.notes == "2024-09-17"


def test_malformed_yaml_reports_file_line_and_column():
    text = "format_version: 1\nkind: hexwright-map\ngrid: {columns: 3, rows: 3\nhexes:\n  '0101': clear\n"
    diags: list = []
    assert load_map(text, "bad.yaml", diags) is None
    (d,) = diags
    assert d.code == "yaml-syntax" and d.file == "bad.yaml"
    assert d.line in (3, 4) and d.column > 0
    assert d.format().startswith(f"bad.yaml:{d.line}:{d.column}: error[yaml-syntax]: malformed YAML")


def test_tab_indentation_is_reported_at_its_line():
    text = "format_version: 1\nkind: hexwright-map\ngrid:\n\tcolumns: 3\n"
    diags: list = []
    assert load_map(text, "tab.yaml", diags) is None
    assert diags[0].code == "yaml-syntax" and diags[0].line == 4


def test_unknown_keys_report_their_line_and_suggest_the_near_key():
    text = dump_map(HexMap(GridSpec(3, 3)))
    lines = text.splitlines()
    i = next(i for i, line in enumerate(lines) if line.startswith("default_terrain:"))
    lines[i] = lines[i].replace("default_terrain", "default_terain")
    diags: list = []
    load_map("\n".join(lines) + "\n", "typo.yaml", diags)
    (d,) = [d for d in diags if d.code == "unknown-key"]
    assert d.line == i + 1 and d.column == 1
    assert "'default_terain'" in d.message and "did you mean 'default_terrain'" in d.message


def test_unknown_key_inside_a_record_is_reported_at_its_line():
    sc = full_scenario(arnhem_like_map())
    lines = dump_scenario(sc).splitlines()
    i = next(i for i, line in enumerate(lines) if line.startswith("  - {id: 1/1"))
    lines[i] = lines[i].replace("nationality:", "nationalty:")
    result = load_document("\n".join(lines) + "\n", "s.yaml", Path("."))
    (d,) = [d for d in result.diagnostics if d.code == "unknown-key"]
    assert d.line == i + 1 and "did you mean 'nationality'" in d.message


def test_duplicate_keys_are_reported_not_overwritten():
    text = dump_map(HexMap(GridSpec(3, 3))).replace("  '0102': clear\n", "  '0102': clear\n  '0102': woods\n")
    diags: list = []
    load_map(text, "dup.yaml", diags)
    assert any(d.code == "duplicate-key" and "'0102'" in d.message for d in diags)


def test_newer_format_version_is_refused_clearly():
    text = dump_map(HexMap(GridSpec(3, 3))).replace(f"format_version: {FORMAT_VERSION}",
                                                    f"format_version: {FORMAT_VERSION + 1}")
    diags: list = []
    assert load_map(text, "new.yaml", diags) is None
    (d,) = diags
    assert d.code == "format-version" and d.line == 1
    assert "newer" in d.message and "update Hexwright" in d.message


@pytest.mark.parametrize("header,code", [
    ("kind: hexwright-map\n", "missing-key"),
    ("format_version: one\nkind: hexwright-map\n", "bad-value"),
    ("format_version: 1\nkind: hexwright-scenario\n", "bad-value"),
])
def test_bad_headers_are_reported(header, code):
    body = dump_map(HexMap(GridSpec(2, 2))).split("\n", 2)[2]
    diags: list = []
    assert load_map(header + body, "h.yaml", diags) is None
    assert diags and diags[0].code == code


def test_empty_and_non_mapping_files_are_reported():
    for text in ("", "# only a comment\n", "- a\n- b\n", "just text\n"):
        diags: list = []
        assert load_map(text, "e.yaml", diags) is None
        assert errors(diags), text
        result = load_document(text, "e.yaml", Path("."))
        assert result.scenario is None and errors(result.diagnostics)


@pytest.fixture
def old_version_migration(monkeypatch):
    """Pretend the current format is one newer than it is, with a migration from the real version
    that renames `grid.size` to `grid.hex_size`; MIGRATIONS and FORMAT_VERSION are restored after."""
    old = versions.FORMAT_VERSION
    new = old + 1

    def rename(doc):
        grid = doc.get("grid") if "grid" in doc else doc.get("map", {}).get("grid")
        if isinstance(grid, dict) and "size" in grid:
            grid["hex_size"] = grid.pop("size")
        doc["format_version"] = new
        return doc

    monkeypatch.setitem(versions.MIGRATIONS, old, rename)
    monkeypatch.setattr(versions, "FORMAT_VERSION", new)
    import hexwright.engine.formats.mapfile as mapfile
    import hexwright.engine.formats.scenariofile as scenariofile

    monkeypatch.setattr(mapfile, "FORMAT_VERSION", new)
    monkeypatch.setattr(scenariofile, "FORMAT_VERSION", new)
    yield old, new


def test_old_files_are_migrated_with_a_warning(old_version_migration):
    old, new = old_version_migration
    m = HexMap(GridSpec(3, 3, hex_size=55.0))
    text = dump_map(m)
    assert text.startswith(f"format_version: {new}\n")
    old_text = text.replace(f"format_version: {new}", f"format_version: {old}").replace("hex_size:", "size:")
    diags: list = []
    m2 = load_map(old_text, "old.yaml", diags)
    assert m2 is not None and m2.grid.hex_size == 55.0
    (d,) = diags
    assert d.code == "migrated" and d.severity is Severity.WARNING and d.line == 1
    assert f"from format_version {old} to {new}" in d.message
    assert dump_map(m2).startswith(f"format_version: {new}\n")


def test_migrations_are_restored_after_the_test():
    assert versions.MIGRATIONS == {} or all(k < versions.FORMAT_VERSION for k in versions.MIGRATIONS)
    assert versions.FORMAT_VERSION == FORMAT_VERSION


def test_a_missing_migration_step_is_reported(monkeypatch):
    monkeypatch.setattr(versions, "FORMAT_VERSION", FORMAT_VERSION + 1)
    diags: list = []
    assert load_map(dump_map(HexMap(GridSpec(2, 2))), "gap.yaml", diags) is None
    assert diags[0].code == "format-version" and "no migration" in diags[0].message


# -- atomic saves ------------------------------------------------------------------------------------
def test_atomic_save_keeps_the_original_when_the_rename_fails(tmp_path, monkeypatch):
    target = tmp_path / "map.yaml"
    m = arnhem_like_map()
    save_map(m, target)
    original = target.read_bytes()
    m.set_terrain({m.hex_at("0101"): "woods"})

    def boom(src, dst):
        raise OSError("disk full")

    monkeypatch.setattr(os, "replace", boom)
    with pytest.raises(OSError, match="disk full"):
        save_map(m, target)
    assert target.read_bytes() == original
    assert sorted(p.name for p in tmp_path.iterdir()) == ["map.yaml"]


def test_atomic_save_keeps_the_original_when_the_write_fails(tmp_path, monkeypatch):
    target = tmp_path / "s.yaml"
    sc = full_scenario(arnhem_like_map())
    save_scenario(sc, target)
    original = target.read_bytes()

    def boom(fd):
        raise OSError("I/O error")

    monkeypatch.setattr(os, "fsync", boom)
    with pytest.raises(OSError, match="I/O error"):
        save_scenario(sc, target)
    assert target.read_bytes() == original
    assert sorted(p.name for p in tmp_path.iterdir()) == ["s.yaml"]


def test_atomic_write_creates_and_keeps_permissions(tmp_path):
    target = tmp_path / "new.txt"
    atomic_write_text(target, "one\n")
    assert target.read_text() == "one\n"
    os.chmod(target, 0o600)
    atomic_write_text(target, "two\n")
    assert target.read_text() == "two\n"
    assert target.stat().st_mode & 0o777 == 0o600
    assert sorted(p.name for p in tmp_path.iterdir()) == ["new.txt"]


# -- hostile and sloppy input ------------------------------------------------------------------------
def test_aliases_cannot_blow_up_or_loop():
    """A "billion laughs" file and a self-referencing alias are refused quickly, with a diagnostic."""
    base = dump_map(HexMap(GridSpec(2, 2)))
    first = base.count("\n") + 1
    laughs = "places: &a1 [l, l, l, l, l, l, l, l, l, l]\n" + "".join(
        f"x{i}: &a{i} [{', '.join([f'*a{i - 1}'] * 10)}]\n" for i in range(2, 12))
    diags: list = []
    load_map(base + laughs, "laughs.yaml", diags)
    alias = [d for d in diags if d.code == "yaml-alias"]
    assert alias and alias[0].line == first
    assert len(diags) < 50
    diags = []
    m = load_map(base + "notes: &r [*r]\n", "loop.yaml", diags)
    assert m is not None and any(d.code == "yaml-alias" for d in diags)


def test_scalar_aliases_are_harmless_and_allowed():
    base = dump_map(HexMap(GridSpec(2, 2)))
    m = load_map_ok(base + "name: &n Arnhem\nnotes: *n\n")
    assert m.name == m.notes == "Arnhem"


@pytest.mark.parametrize("nesting", ["flow", "block"])
def test_absurd_nesting_is_reported_not_crashed(nesting):
    base = dump_map(HexMap(GridSpec(2, 2)))
    if nesting == "flow":
        extra = "notes: " + "[" * 5000 + "]" * 5000 + "\n"
    else:
        extra = "notes:\n" + "".join(" " * (i + 1) + f"k{i}:\n" for i in range(3000))
    diags: list = []
    assert load_map(base + extra, "deep.yaml", diags) is None
    assert diags[0].code == "yaml-syntax" and diags[0].line > 0


def test_labels_written_without_quotes_keep_their_leading_zeros():
    """YAML reads an unquoted 0101 as a number (octal even); a hand-written file means the hex."""
    base = dump_map(HexMap(GridSpec(3, 3))).replace("'0102': clear", "0102: woods")
    text = base + "places:\n  - {text: X, hex: 0101}\nregions:\n  r: {hexes: [0101, 0102, 0201, '0202']}\n"
    m = load_map_ok(text)
    at = m.hex_at
    assert m.terrain[at("0102")] == "woods"
    assert m.places[0].hex == at("0101")
    assert m.regions["r"].hexes == {at("0101"), at("0102"), at("0201"), at("0202")}
    sc_text = dump_scenario(full_scenario(arnhem_like_map())).replace("KG Spindler: '0402'", "KG Spindler: 0107")
    assert "KG Spindler: 0107" in sc_text
    result = load_document(sc_text, "s.yaml", Path("."))
    assert result.scenario.placements["KG Spindler"] == "0107"


def test_a_grid_too_big_to_build_is_refused():
    text = dump_map(HexMap(GridSpec(3, 3))).replace("columns: 3, rows: 3", "columns: 40000, rows: 40000")
    diags: list = []
    assert load_map(text, "huge.yaml", diags) is None
    d = errors(diags)[0]
    assert d.code == "bad-value" and d.line == 3 and "1,600,000,000 hexes" in d.message


def test_a_resized_map_saves_a_file_that_loads_cleanly():
    m = arnhem_like_map()
    m.resize(GridSpec(6, 6, labels=m.grid.labels))
    assert all(h in m.hexes for r in m.regions.values() for h in r.hexes)
    assert all(p.hex is None or m.contains(p.hex) for p in m.places)
    m2 = load_map_ok(dump_map(m))
    assert map_state(m2) == map_state(m)


# -- property-based round trips ---------------------------------------------------------------------------
texts = st.text(st.characters(blacklist_categories=("Cs",)), max_size=12)
floats = st.floats(allow_nan=False, allow_infinity=False, width=64)


@settings(max_examples=80, deadline=None)
@given(st.lists(st.tuples(texts, floats, floats), min_size=1, max_size=4), texts, texts)
def test_any_text_and_number_round_trips(places, name, region):
    m = HexMap(GridSpec(3, 2), name=name)
    m.notes = name + "\n" + region
    m.set_places([Place(t, m.hexes[i % len(m.hexes)], "label", 1.0, dx, dy) for i, (t, dx, dy) in enumerate(places)])
    m.set_region(Region(region or "r", "zone", {m.hexes[0]}, [(dx, dy) for _, dx, dy in places], label=name))
    text = dump_map(m)
    m2 = load_map_ok(text)
    assert map_state(m2) == map_state(m)
    assert dump_map(m2) == text


@settings(max_examples=40, deadline=None)
@given(st.lists(texts.filter(lambda s: s.strip() != ""), min_size=1, max_size=5, unique=True), texts)
def test_any_unit_ids_and_titles_round_trip(ids, title):
    sc = full_scenario(arnhem_like_map())
    sc.title = title
    sc.units = {uid: UnitDef(uid, uid, "german", values={"attack": 1, "defense": 1, "movement": 1}) for uid in ids}
    sc.placements = {uid: sc.map.label(sc.map.hexes[i]) for i, uid in enumerate(ids)}
    sc.setup_zones = []
    sc.reinforcements = []
    text = dump_scenario(sc)
    result = load_document(text, "s.yaml", Path("."))
    assert not errors(result.diagnostics), [d.format() for d in result.diagnostics]
    assert scenario_state(result.scenario) == scenario_state(sc)
    assert dump_scenario(result.scenario) == text


@pytest.mark.parametrize("orientation", ["flat", "pointy"])
@pytest.mark.parametrize("stagger", ["odd", "even"])
def test_every_hexside_of_a_grid_round_trips(orientation, stagger):
    """Interior hexsides are written 'AAAA/BBBB', map-edge hexsides 'AAAA:DIR'; all of them come back."""
    m = HexMap(GridSpec(4, 3, orientation, stagger))
    sides = {hexside_of(h, d) for h in m.hexes for d in range(6)}
    m.set_hexsides({s: HexsideInfo(("river",)) for s in sides})
    text = dump_map(m)
    assert sum(1 for line in text.splitlines() if ": {features: [river]}" in line) == len(sides)
    m2 = load_map_ok(text)
    assert set(m2.hexsides) == sides
    assert dump_map(m2) == text


@pytest.mark.parametrize("cost,ok", [("0.5", True), ("0.25", True), ("0.3333333333333333", True), ("12", True),
                                     ("prohibited", True), ("0.15", False), (".inf", False), (".nan", False),
                                     ("-1", False), ("two", False)])
def test_terrain_costs_must_be_whole_or_simple_fractions(cost, ok):
    """The movement kernel counts in whole fractions of an MP (F&M 5.4.1, the road's 1/2 MP): a cost it
    cannot count exactly, infinite or negative is refused at its line instead of breaking movement."""
    m = HexMap(GridSpec(3, 3))
    lines = dump_map(m).splitlines()
    i = next(i for i, line in enumerate(lines) if line.strip().startswith("woods:"))
    lines[i] = lines[i].replace("leg: 2,", f"leg: {cost},")
    diags: list = []
    m2 = load_map("\n".join(lines) + "\n", "costs.yaml", diags)
    assert m2 is not None
    if ok:
        assert not errors(diags)
    else:
        (d,) = errors(diags)
        assert d.code == "bad-value" and d.line == i + 1
        assert m2.terrain_table.terrain["woods"].move["leg"] is None  # unusable, so prohibited
    from hexwright.engine.movement import MovementGraph, reachable

    m2.set_terrain({m2.hex_at("0202"): "woods"})
    reachable(MovementGraph(m2, "leg"), m2.hex_at("0101"), 5)  # never raises


@pytest.mark.parametrize("size", ["0", "-3", ".nan", ".inf"])
def test_hex_size_must_be_positive(size):
    text = dump_map(HexMap(GridSpec(3, 3))).replace("hex_size: 32", f"hex_size: {size}")
    diags: list = []
    m = load_map(text, "size.yaml", diags)
    (d,) = errors(diags)
    assert d.code == "bad-value" and d.line == 3 and m.grid.hex_size == 32.0
    m.layout().hex_to_pixel(m.hexes[0])


def test_old_scenarios_with_inline_maps_are_migrated(old_version_migration, tmp_path):
    old, new = old_version_migration
    sc = full_scenario(arnhem_like_map())
    text = dump_scenario(sc)
    old_text = text.replace(f"format_version: {new}", f"format_version: {old}").replace("hex_size:", "size:")
    result = load_document(old_text, str(tmp_path / "old.yaml"), tmp_path)
    assert result.scenario is not None and not errors(result.diagnostics)
    assert [d.code for d in result.diagnostics] == ["migrated"]
    assert result.scenario.map.grid.hex_size == 40.0
    assert dump_scenario(result.scenario) == text


def test_problems_in_a_separate_map_file_point_at_the_map_file(tmp_path):
    sc = full_scenario(asl_bridge_map(), "bridge.yaml")
    save_scenario(sc, tmp_path / "s.yaml")
    map_path = tmp_path / "bridge.yaml"
    lines = map_path.read_text().splitlines()
    i = next(i for i, line in enumerate(lines) if line.startswith("  'R17':"))
    lines[i] = "  'R17': lava"
    map_path.write_text("\n".join(lines) + "\n")
    result = load_scenario(tmp_path / "s.yaml")
    (d,) = errors(result.diagnostics)
    assert d.code == "unknown-terrain" and d.file == str(map_path) and d.line == i + 1 and d.hex == "R17"


def _pretend_newer(monkeypatch, migration):
    """Make the current format one newer than the real one, with `migration` from the real version."""
    import hexwright.engine.formats.mapfile as mapfile
    import hexwright.engine.formats.scenariofile as scenariofile

    old, new = versions.FORMAT_VERSION, versions.FORMAT_VERSION + 1
    monkeypatch.setitem(versions.MIGRATIONS, old, migration)
    for module in (versions, mapfile, scenariofile):
        monkeypatch.setattr(module, "FORMAT_VERSION", new)
    return old, new


def test_a_migration_may_build_a_new_plain_document(monkeypatch):
    """Migrations written as plain dict code (copying, not editing in place) still load, and later
    problems are still reported at a line."""
    import copy

    def rebuild(doc):
        plain = copy.deepcopy(dict(doc))
        plain = {k: (dict(v) if isinstance(v, dict) else v) for k, v in plain.items()}
        grid = dict(plain["grid"])
        grid["hex_size"] = grid.pop("size")
        plain["grid"] = grid
        plain["kind"] = "hexwright-map"  # version-old files had no kind
        plain["format_version"] += 1
        return plain

    old, new = _pretend_newer(monkeypatch, rebuild)
    m = arnhem_like_map()
    text = dump_map(m).replace("hex_size:", "size:").replace(f"format_version: {new}", f"format_version: {old}")
    text = text.replace("kind: hexwright-map\n", "")
    diags: list = []
    m2 = load_map(text, "old.yaml", diags)
    assert [d.code for d in diags] == ["migrated"]
    assert map_state(m2) == map_state(m)
    diags = []
    load_map(text.replace("'0707': clear", "'0707': lava"), "old.yaml", diags)
    (d,) = errors(diags)
    assert d.code == "unknown-terrain" and d.line > 0


def test_a_failing_migration_is_reported_not_raised(monkeypatch):
    def broken(doc):
        return doc["no such key"]

    old, _ = _pretend_newer(monkeypatch, broken)
    text = dump_map(HexMap(GridSpec(2, 2))).replace(f"format_version: {old + 1}", f"format_version: {old}")
    diags: list = []
    assert load_map(text, "old.yaml", diags) is None
    (d,) = diags
    assert d.code == "format-version" and d.line == 1 and "KeyError" in d.message


# -- the start state (a scenario that starts mid-game) ------------------------------------------------
START_TEXT = """start:
  steps_lost:
    2/406: 1
    KG Spindler: 0
  hexsides:
    1422/1423: demolished
    0305/0306: ferry
  markers:
    dz-1: '3717'
"""


def test_start_state_is_written_one_entry_per_line_and_read_back():
    sc = full_scenario(arnhem_like_map())
    sc.start = StartState({"2/406": 1, "KG Spindler": 0}, {"1422/1423": "demolished", "0305/0306": "ferry"},
                          {"dz-1": "3717"})
    text = dump_scenario(sc)
    assert START_TEXT in text
    assert text.index("setup:") < text.index("start:") < text.index("setup_zones:")
    result = load_document(text, "s.yaml", Path("."))
    assert not errors(result.diagnostics), [d.format() for d in result.diagnostics]
    assert result.scenario.start == sc.start
    assert list(result.scenario.start.hexsides) == ["1422/1423", "0305/0306"]  # the order as written
    assert dump_scenario(result.scenario) == text
    # every entry is anchored to its own line, for validation's diagnostics
    lines = text.splitlines()
    for anchor, needle in ((("start", "steps_lost", "2/406"), "    2/406: 1"),
                           (("start", "hexsides", "0305/0306"), "    0305/0306: ferry"),
                           (("start", "markers", "dz-1"), "    dz-1: '3717'")):
        assert result.source_map.get(anchor).line == lines.index(needle) + 1


def test_an_empty_start_state_is_not_written():
    sc = full_scenario(arnhem_like_map())
    sc.start = StartState()
    text = dump_scenario(sc)
    assert "start" not in text.split("map:")[0]
    assert load_document(text, "s.yaml", Path(".")).scenario.start.is_empty()
    sc.start = StartState(markers={"dz1": "0101"})  # a part left empty is left out too
    text = dump_scenario(sc)
    assert "start:\n  markers:\n    dz1: '0101'\n" in text and "steps_lost" not in text


def test_a_one_step_change_in_the_start_state_is_a_one_line_diff():
    sc = full_scenario(arnhem_like_map())
    before = dump_scenario(sc).splitlines()
    sc.start.steps_lost["KG Spindler"] = 1
    after = dump_scenario(sc).splitlines()
    changed = [line for line in difflib.unified_diff(before, after, lineterm="", n=0)
               if line[:1] in "+-" and not line.startswith(("+++", "---"))]
    assert changed == ["-    KG Spindler: 2", "+    KG Spindler: 1"]


def _with_start(section: str) -> str:
    text = dump_scenario(full_scenario(arnhem_like_map()))
    head, _, tail = text.partition("start:\n")
    rest = tail[tail.index("setup_zones:"):]
    return head + section + rest


@pytest.mark.parametrize("section, line, words", [
    ("start:\n  steps_lost:\n    1/1: -1\n", 3, "must be 0 or more, not -1"),
    ("start:\n  steps_lost:\n    1/1: one\n", 3, "must be a whole number, not 'one'"),
    ("start:\n  steps_lost:\n    1/1: 1.5\n", 3, "must be a whole number, not 1.5"),
    ("start:\n  steps_lost:\n    1/1: true\n", 3, "must be a whole number, not True"),
    ("start:\n  steps_lost: [1/1]\n", 2, "'steps_lost' must be a mapping"),
    ("start:\n  hexsides:\n    0305/0306: blown\n", 3, "must be demolished or ferry, not 'blown'"),
    ("start:\n  hexsides:\n    0305/0306: [ferry]\n", 3, "must be demolished or ferry"),
    ("start:\n  hexsides:\n    0305/0306:\n", 3, "must be demolished or ferry, not None"),
    ("start:\n  markers:\n    dz1: {hex: '0101'}\n", 3, "must be given a hex label"),
    ("start:\n  markers:\n    dz1:\n", 3, "must be given a hex label"),
    ("start:\n  ferries:\n    0305/0306: ferry\n", 2, "unknown key 'ferries' in start"),
    ("start: demolished\n", 1, "'start' must be a mapping"),
    ("start:\n  steps_lost:\n    1/1: 1\n    1/1: 0\n", 4, "appears twice"),
])
def test_malformed_start_state_is_reported_at_its_line_not_raised(section, line, words):
    text = _with_start(section)
    start_line = text.splitlines().index(section.splitlines()[0]) + 1
    result = load_document(text, "s.yaml", Path("."))
    errs = errors(result.diagnostics)
    assert errs, "the malformed entry must be reported"
    hits = [d for d in errs if words in d.message]
    assert hits, [d.format() for d in errs]
    assert hits[0].file == "s.yaml" and hits[0].line == start_line + line - 1
    assert result.scenario is not None  # the rest of the scenario still loads


def test_a_bare_start_key_is_an_empty_start_state():
    text = _with_start("start:\n")
    result = load_document(text, "s.yaml", Path("."))
    assert not errors(result.diagnostics) and result.scenario.start.is_empty()


@settings(max_examples=40, deadline=None)
@given(st.dictionaries(texts.filter(lambda s: s.strip() != ""), st.integers(0, 5), max_size=4),
       st.dictionaries(texts.filter(lambda s: s.strip() != ""), texts.filter(lambda s: s.strip() != ""),
                       max_size=3))
def test_any_start_state_round_trips(steps, markers):
    sc = full_scenario(arnhem_like_map())
    sc.start = StartState(dict(steps), {"0305/0306": "ferry"}, dict(markers))
    text = dump_scenario(sc)
    result = load_document(text, "s.yaml", Path("."))
    assert not errors(result.diagnostics), [d.format() for d in result.diagnostics]
    assert result.scenario.start == sc.start
    assert dump_scenario(result.scenario) == text
