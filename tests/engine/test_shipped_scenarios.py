"""The shipped scenarios: every file under scenarios/ validates; the F&M Arnhem files put the rulebook's
hexes where its rules need them (000_e5c3deafb2cea4af.txt 10.6, 11.0, 11.5, 12.0); the generator
writes exactly the committed bytes."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path

import pytest
from hexwright.engine.formats import load_scenario, read_map_file
from hexwright.engine.formats.areamapfile import AREA_MAP_KIND, read_area_map_file
from hexwright.engine.formats.mapfile import MAP_KIND
from hexwright.engine.hexgrid import hex_neighbor, hexside_of
from hexwright.engine.model import HexMap, Scenario
from hexwright.engine.rules.fm.family import FAMILY as FM_FAMILY
from hexwright.engine.validation import Severity, SourceMap, validate_area_map, validate_scenario
from hexwright.engine.validation.checks import hex_prohibited, movement_class_of, zone_rule_holds

from tests.conftest import SCENARIOS

ARNHEM = SCENARIOS / "fm-arnhem"
GENERATOR = SCENARIOS / "tools" / "build_fm_arnhem.py"
SHIPPED = sorted(p for p in SCENARIOS.rglob("*.yaml"))


def _kind(path: Path) -> str | None:
    for line in path.read_text(encoding="utf-8").splitlines()[:20]:
        if line.startswith("kind:"):
            return line.split(":", 1)[1].strip()
    return None


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: str(p.relative_to(SCENARIOS)))
def test_every_shipped_file_validates_without_errors(path: Path):
    if _kind(path) == MAP_KIND:
        diags: list = []
        m = read_map_file(path, diags)
        assert m is not None
    elif _kind(path) == AREA_MAP_KIND:  # Storm over Arnhem: the drawing's problems count too
        diags = []
        sm = SourceMap()
        area_map = read_area_map_file(path, diags, sm)
        assert area_map is not None
        diags += validate_area_map(area_map, sm)
    else:
        result = load_scenario(path)
        assert result.scenario is not None, [d.format() for d in result.diagnostics]
        diags = list(result.diagnostics) + validate_scenario(result.scenario, result.source_map)
    errors = [d.format() for d in diags if d.severity is Severity.ERROR]
    assert not errors


def test_something_is_shipped():
    names = {p.name for p in SHIPPED}
    assert {"arnhem-corridor.map.yaml", "scenario-1-historical.yaml", "scenario-2-free-deployment.yaml"} <= names


@pytest.fixture(scope="module")
def scenario_1() -> Scenario:
    result = load_scenario(ARNHEM / "scenario-1-historical.yaml")
    assert result.scenario is not None
    return result.scenario


@pytest.fixture(scope="module")
def scenario_2() -> Scenario:
    result = load_scenario(ARNHEM / "scenario-2-free-deployment.yaml")
    assert result.scenario is not None
    return result.scenario


@pytest.fixture(scope="module")
def arnhem(scenario_1: Scenario) -> HexMap:
    return scenario_1.map


def _side(m: HexMap, key: str):
    info = m.hexside_between(m.hex_at(key[:4]), m.hex_at(key[5:]))
    assert info is not None, f"nothing on hexside {key}"
    return info


def test_both_scenarios_name_the_map_file(scenario_1, scenario_2):
    assert scenario_1.map_file == scenario_2.map_file == "arnhem-corridor.map.yaml"


def test_grid_and_edges(arnhem):
    g = arnhem.grid
    assert (g.columns, g.rows, g.orientation) == (39, 26, "flat")
    assert arnhem.label(arnhem.hexes[0]) == "0101" and arnhem.label(arnhem.hexes[-1]) == "3926"
    assert arnhem.edges == {"south": "left", "north": "right", "west": "top", "east": "bottom"}
    assert "APPROXIMATION" in arnhem.notes


def test_arnhem_hexes_are_city(arnhem, scenario_1):
    """11.5: the three Arnhem hexes."""
    for lab in ("3423", "3523", "3524"):
        assert arnhem.terrain[arnhem.hex_at(lab)] == "city"
    occupy = [v for v in scenario_1.victory if v.kind == "occupy"]
    assert {(v.result, v.when, v.count) for v in occupy} == {("win", "immediate", 2), ("draw", "end", 1)}
    assert all(v.hexes == ["3423", "3523", "3524"] and v.units == {"flags_not": ["airborne"]} for v in occupy)
    assert any(v.kind == "default" and v.side == "german" for v in scenario_1.victory)


def test_drop_zone_markers(scenario_1):
    """11.0: 1st British AB 3717, 101st US AB 1007, 82nd US AB 2323."""
    dz = {mk.label: mk.hex for mk in scenario_1.markers.values() if mk.kind == "drop_zone"}
    assert dz == {"1st British AB": "3717", "101st US AB": "1007", "82nd US AB": "2323"}


def test_canal_bridges_for_demolition(arnhem):
    """10.6.3: the bridges at hexsides 1422/1423 and 3325/3424 are canal bridges."""
    for key in ("1422/1423", "3325/3424"):
        info = _side(arnhem, key)
        assert info.bridge == "canal"
        assert set(info.features) & {"river", "canal"}
        assert "road" in info.paths


def test_railroad_bridge_between_marsh_hexes(arnhem):
    """10.6.2: a mobile unit cannot cross the RR bridge 2412/2413: marsh both sides, no road or trail."""
    info = _side(arnhem, "2412/2413")
    assert info.bridge == "railroad"
    assert not {"road", "trail"} & set(info.paths)
    assert arnhem.terrain[arnhem.hex_at("2412")] == arnhem.terrain[arnhem.hex_at("2413")] == "marsh"
    assert arnhem.terrain_table.terrain["marsh"].only_along == {"mobile": ["road", "trail"]}


def test_canal_trail_crossings(arnhem):
    """10.6.1: trails lead to the canal at 0507/0606, 0508/0608 and 0710/0711; the crossing costs as a
    ferry (leg 3, mobile 4 by the example's arithmetic) and no trail crosses the canal itself."""
    ferry = arnhem.terrain_table.hexside_features["ferry"]
    assert ferry.permits_crossing and ferry.move == {"leg": 3, "mobile": 4}
    for key in ("0507/0606", "0508/0608", "0710/0711"):
        info = _side(arnhem, key)
        assert set(info.features) == {"canal", "ferry"} and info.bridge is None and not info.paths
        for lab in (key[:4], key[5:]):
            h = arnhem.hex_at(lab)
            assert any("trail" in (arnhem.hexside(hexside_of(h, d)) or _Empty).paths for d in range(6)), lab


class _Empty:
    paths: tuple = ()


def test_no_road_crosses_water_without_a_bridge(arnhem):
    for side, info in arnhem.hexsides.items():
        if {"river", "canal"} & set(info.features) and info.paths:
            assert info.bridge is not None, arnhem.hexside_label(side)


def test_south_entry_hexes_and_the_road_leaving_the_map(arnhem, scenario_1):
    """11.3: remaining reinforcements arrive between 0103 and 0106, on the south edge, by the road."""
    south = set(arnhem.edge_hexes("south"))
    entry = [arnhem.hex_at(f"01{r:02d}") for r in range(3, 7)]
    assert all(h in south for h in entry)
    leaving = [h for h in entry for d in range(6)
               if not arnhem.contains(hex_neighbor(h, d))
               and "road" in (arnhem.hexside(hexside_of(h, d)) or _Empty).paths]
    assert leaving, "no road leaves the map between 0103 and 0106"
    ranges = {r.entry.edge_range for r in scenario_1.reinforcements if r.side == "allied" and not r.airborne}
    assert ranges == {("0103", "0106")}


def test_german_setup_hexes(arnhem, scenario_1):
    """11.0: the German set-up, each unit on terrain it may occupy."""
    assert scenario_1.placements == {"2/406": "2025", "1/406": "2325", "BrDf": "2621", "Krft": "3722",
                                     "2/9SS": "3724", "9/9SS": "3322", "Grsn": "0702"}
    for uid, lab in scenario_1.placements.items():
        u = scenario_1.units[uid]
        assert not hex_prohibited(arnhem, arnhem.hex_at(lab), movement_class_of(arnhem, u.flags)), uid
    assert "mobile" in scenario_1.units["9/9SS"].flags  # 2-2-12 (10.2)


def test_scenario_1_basics(scenario_1):
    assert scenario_1.rules == FM_FAMILY.id and scenario_1.source == "Arnhem: The Farthest Bridge (Fire & Movement)"
    assert scenario_1.first_player == "allied" and scenario_1.stacking_limit == 1 and scenario_1.turn_count == 10
    allied = scenario_1.side("allied")
    assert allied is not None and set(allied.nationalities) == {"british", "us", "polish"}
    assert {"british", "us"} <= set(allied.support_pools)
    for t in scenario_1.turns:
        assert "assumed" in t.label and set(t.allotments) == {"allied", "german"}
    engineers = [u for u in scenario_1.units.values() if "engineer" in u.flags]
    assert len(engineers) == 1 and "not given by the source" in engineers[0].notes
    # every airborne reinforcement lands within 3 hexes of a drop zone marker
    for r in scenario_1.reinforcements:
        if r.airborne:
            assert r.entry.marker in scenario_1.markers and r.entry.within == 3
    assert all(scenario_1.units[u].has("mobile") == (scenario_1.units[u].values["movement"] >= 10)
               for u in scenario_1.units)


def test_garbled_rows_say_so(scenario_1):
    notes = [r.note for r in scenario_1.reinforcements if r.note]
    assert sum("garbled" in n for n in notes) >= 3
    assert "garbled" in scenario_1.description.lower() or "Garbled" in scenario_1.description


def test_scenario_2_zones_hold_for_the_default_setup(scenario_2):
    """12.0: German a) not within two hexes of a city except the BrDf, b) not within five of the south
    edge; the named areas; the drop zone markers likewise."""
    sc = scenario_2
    m = sc.map
    assert sc.setup_zones
    for zone in sc.setup_zones:
        for uid in zone.units:
            lab = sc.placements.get(uid) or sc.markers[uid].hex
            for rule in zone.rules:
                assert zone_rule_holds(sc, rule, m.hex_at(lab)), (zone.name, uid, lab)
    brdf_rules = [r for z in sc.setup_zones if "BrDf" in z.units for r in z.rules]
    assert not any(r.terrain == "city" for r in brdf_rules)
    assert any(r.region == "nijmegen" for r in brdf_rules)
    # the rules bite: a hex next to Arnhem or on the south edge breaks them
    near_city = next(r for z in sc.setup_zones if "Krft" in z.units for r in z.rules if r.terrain == "city")
    assert not zone_rule_holds(sc, near_city, m.hex_at("3522"))
    near_south = next(r for z in sc.setup_zones if "Grsn" in z.units for r in z.rules if r.edge == "south")
    assert not zone_rule_holds(sc, near_south, m.hex_at("0502"))
    assert zone_rule_holds(sc, near_south, m.hex_at("0602"))


def _without_tables(text: str) -> str:
    """The file without its `tables:` block, which the generator copies from the F&M rules family."""
    return re.sub(r"^tables:\n(?:[ ].*\n)*", "", text, flags=re.MULTILINE)


def test_generator_is_deterministic(tmp_path):
    """The committed files are what the generator writes (run it again after changing it). The tables
    come from hexwright.engine.rules.fm.tables and are compared by name only, so that editing those
    tables does not break this test before the files are written again."""
    spec = importlib.util.spec_from_file_location("build_fm_arnhem", GENERATOR)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    written = module.build(tmp_path)
    assert len(written) == 3
    for p in written:
        new, old = p.read_text(encoding="utf-8"), (ARNHEM / p.name).read_text(encoding="utf-8")
        assert _without_tables(new) == _without_tables(old), (
            f"{p.name} differs from what scenarios/tools/build_fm_arnhem.py writes: run it again")
    again = module.build(tmp_path / "again")
    assert [p.read_bytes() for p in again] == [p.read_bytes() for p in written]


def test_tables_come_from_the_rules_family(scenario_1, scenario_2):
    try:
        from hexwright.engine.rules.fm.tables import fm_tables
    except ImportError:
        pytest.skip("the F&M rules family has no tables module")
    names = set(fm_tables())
    assert set(scenario_1.tables) == set(scenario_2.tables) == names
    assert scenario_1.tables["crt"].reconstructed


def test_the_movement_kernel_reads_the_map_as_the_rules_say(arnhem):
    """The map's data through the shared movement kernel: 10.6.2 (the RR bridge 2412/2413 costs a leg
    unit the marsh it enters, a mobile unit cannot cross), 10.6 (no crossing an unbridged river),
    5.4.1 (road 1/2 MP over the Nijmegen bridge), 10.5 (mobile units along the road into marsh)."""
    from hexwright.engine.movement.kernel import edge_cost

    def cost(a: str, b: str, cls: str):
        return edge_cost(arnhem, arnhem.hex_at(a), arnhem.hex_at(b), cls)

    assert cost("2412", "2413", "leg") == 4 and cost("2413", "2412", "leg") == 4
    assert cost("2412", "2413", "mobile") is None
    unbridged = next(s for s, i in arnhem.hexsides.items() if i.features == ("river",) and not i.bridge
                     and arnhem.contains(s.hex) and arnhem.contains(s.other))
    assert edge_cost(arnhem, unbridged.hex, unbridged.other, "leg") is None
    assert cost("2621", "2721", "mobile") == 0.5 and cost("3325", "3424", "leg") == 0.5
    marsh_on_road = next(h for h in arnhem.hexes if arnhem.terrain[h] == "marsh" and any(
        "road" in (arnhem.hexside_between(h, n) or _Empty).paths for n in arnhem.neighbors_on_map(h)))
    n = next(n for n in arnhem.neighbors_on_map(marsh_on_road)
             if "road" in (arnhem.hexside_between(marsh_on_road, n) or _Empty).paths)
    assert edge_cost(arnhem, n, marsh_on_road, "mobile") == 0.5
    off_road = [x for x in arnhem.neighbors_on_map(marsh_on_road)
                if not (arnhem.hexside_between(marsh_on_road, x) or _Empty).paths]
    assert off_road and all(edge_cost(arnhem, x, marsh_on_road, "mobile") is None for x in off_road)


def test_what_a_designer_reads_names_the_rulebooks_never_their_files():
    """Every shipped scenario and map file (its source, description, notes, tables' sources and notes, as
    the editor's panels show them) and the rules families' own tables cite the rulebooks by title or system
    and section, never by the file names of the rule sources."""
    from hexwright.engine.rules.fm.tables import fm_tables
    from hexwright.engine.rules.storm_over_arnhem.tables import default_fire_table

    file_name = re.compile(r"\d{3}_[0-9a-f]{16}")
    for path in sorted(SCENARIOS.glob("*/*.yaml")):
        hit = file_name.search(path.read_text(encoding="utf-8"))
        assert hit is None, f"{path.relative_to(SCENARIOS)} names {hit.group(0)}"
    tables = [*fm_tables().values(), default_fire_table()]
    for t in tables:
        for text in (t.title, t.source, t.notes):
            assert not file_name.search(text or ""), (t.name, text)
