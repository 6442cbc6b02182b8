"""Validation: the well-formed fixture scenario validates clean, and every broken fixture reports its
expected diagnostic code at its expected line. Each file in tests/fixtures/broken/ starts with
`# expect: CODE line N`."""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

import pytest
from hexwright.engine.formats import load_scenario
from hexwright.engine.formats.areamapfile import AREA_MAP_KIND, read_area_map_file
from hexwright.engine.formats.mapfile import MAP_KIND, read_map_file
from hexwright.engine.hexgrid import hexside_between
from hexwright.engine.model import HexsideInfo, Location
from hexwright.engine.movement import entry_cost
from hexwright.engine.rules.fm.family import FAMILY as FM_FAMILY
from hexwright.engine.validation import Severity, SourceMap, has_errors, validate_area_map, validate_scenario
from hexwright.engine.validation.checks import hex_prohibited

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"
VALID = FIXTURES / "valid" / "scenario.yaml"
BROKEN = sorted((FIXTURES / "broken").glob("*.yaml"))
EXPECT = re.compile(r"^# expect: (?P<code>[a-z-]+) line (?P<line>\d+)\s*$")


def diagnose(path: Path) -> list:
    """Everything `hexwright validate` would say about a file: loading, then validation."""
    text = path.read_text(encoding="utf-8")
    if re.search(rf"^kind: {MAP_KIND}$", text, re.M):
        diags: list = []
        read_map_file(path, diags, SourceMap())
        return diags
    if re.search(rf"^kind: {AREA_MAP_KIND}$", text, re.M):  # an area map: its drawing's problems too
        diags = []
        sm = SourceMap()
        area_map = read_area_map_file(path, diags, sm)
        return diags + (validate_area_map(area_map, sm) if area_map is not None else [])
    result = load_scenario(path)
    diags = list(result.diagnostics)
    if result.scenario is not None:
        diags += validate_scenario(result.scenario, result.source_map)
    return diags


def load_valid():
    result = load_scenario(VALID)
    assert result.ok, [d.format() for d in result.diagnostics]
    return result


# -- the well-formed scenario --------------------------------------------------------------------------
def test_valid_fixture_has_no_errors_or_warnings():
    diags = diagnose(VALID)
    assert [d.format() for d in diags if d.severity is not Severity.INFO] == []


def test_valid_fixture_has_what_the_scenario_needs():
    sc = load_valid().scenario
    assert sc.rules == FM_FAMILY.id and [s.id for s in sc.sides] == ["allied", "german"]
    assert sc.first_player == "allied"
    assert len(sc.units) == 12
    assert len(sc.reinforcements) == 3 and len(sc.placements) >= 7
    assert sc.turn_count == 6 and any(t.night for t in sc.turns)
    assert sc.victory and sc.tables
    assert sc.map_file == "map.yaml" and len(sc.map) == 120
    # every unit is set up or arrives, none twice
    placed, arriving = set(sc.placements), {u for r in sc.reinforcements for u in r.units}
    assert placed | arriving == set(sc.units) and not placed & arriving


# -- the broken fixtures ---------------------------------------------------------------------------------
def test_there_is_a_broken_fixture_for_every_problem():
    codes = {EXPECT.match(p.read_text().splitlines()[0]).group("code") for p in BROKEN}
    assert {"yaml-syntax", "unknown-key", "unknown-terrain", "duplicate-id", "unit-off-map", "prohibited-terrain",
            "stacking", "reinforcement-turn", "entry-not-on-edge", "victory-hex-off-map", "table-hole",
            "unknown-reference", "missing-file"} <= codes
    assert len(BROKEN) >= 16


@pytest.mark.parametrize("path", BROKEN, ids=[p.stem for p in BROKEN])
def test_broken_fixture_reports_the_expected_code_at_the_expected_line(path):
    m = EXPECT.match(path.read_text(encoding="utf-8").splitlines()[0])
    assert m, f"{path.name} must start with '# expect: CODE line N'"
    code, line = m.group("code"), int(m.group("line"))
    diags = diagnose(path)
    errors = [d for d in diags if d.severity is Severity.ERROR]
    hits = [d for d in errors if d.code == code and d.line == line]
    assert hits, f"expected {code} at line {line}; got: {[d.format() for d in diags]}"
    d = hits[0]
    assert Path(d.file).resolve() == path.resolve()
    assert d.column >= 1
    assert d.format().startswith(f"{d.file}:{line}:{d.column}: error[{code}]: ")
    # one problem per file: no other errors
    assert {e.code for e in errors} == {code}, [e.format() for e in errors]


# -- checks beyond the fixtures ----------------------------------------------------------------------------
def test_validation_returns_diagnostics_and_does_not_raise_on_nonsense():
    result = load_valid()
    sc = result.scenario
    sc.placements["ghost"] = "0101"
    sc.placements["KG Krafft"] = "not a hex"
    sc.reinforcements[0].entry.marker = None
    sc.reinforcements[0].entry.offboard = "nowhere"
    sc.victory[0].count = 5
    sc.first_player = "swiss"
    sc.turns[0].allotments["swiss"] = 3
    diags = validate_scenario(sc, result.source_map)
    codes = [d.code for d in diags if d.severity is Severity.ERROR]
    assert codes.count("unknown-reference") >= 4
    assert "unit-off-map" in codes and "bad-value" in codes
    assert has_errors(diags)


def test_unit_set_up_and_arriving_is_reported():
    result = load_valid()
    sc = result.scenario
    sc.placements["3/1AB"] = "0401"
    diags = validate_scenario(sc, result.source_map)
    (d,) = [d for d in diags if d.code == "placed-twice"]
    assert d.unit == "3/1AB" and d.line > 0


def test_setup_zone_is_enforced():
    result = load_valid()
    sc = result.scenario
    sc.placements["2/1AB"] = "1001"  # outside the Oosterbeek region
    diags = validate_scenario(sc, result.source_map)
    (d,) = [d for d in diags if d.code == "setup-zone"]
    assert d.unit == "2/1AB" and d.hex == "1001" and "Oosterbeek" in d.message


def test_prohibited_set_up_agrees_with_the_movement_kernel():
    """A unit may be set up only where its movement class may be (F&M 5.2 e): the validator and the
    movement kernel read the same costs."""
    sc = load_valid().scenario
    m = sc.map
    at = m.hex_at
    assert hex_prohibited(m, at("0805"), "leg")  # water
    assert not hex_prohibited(m, at("0203"), "mobile")  # woods
    # marsh: mobile units only along a road or trail (F&M 10.5); 0508 and 0509 have a trail
    assert not hex_prohibited(m, at("0508"), "mobile")
    assert not hex_prohibited(m, at("0508"), "leg")
    m.set_terrain({at("0707"): "marsh"})
    assert hex_prohibited(m, at("0707"), "mobile") and not hex_prohibited(m, at("0707"), "leg")
    # a prohibited in-hex feature prohibits the hex
    m.terrain_table.features["minefield"] = type(m.terrain_table.features["village"])(
        "minefield", "Minefield", move={"leg": None, "mobile": None})
    m.set_features({at("0102"): ("minefield",)})
    assert entry_cost(m, at("0102"), "leg") is None
    assert hex_prohibited(m, at("0102"), "leg")
    # a class the terrain gives no cost for may not enter (as in the kernel)
    m.terrain_table.terrain["swamp"] = type(m.terrain_table.terrain["clear"])("swamp", "Swamp", move={"leg": 3})
    m.set_terrain({at("0103"): "swamp"})
    assert entry_cost(m, at("0103"), "mobile") is None
    assert hex_prohibited(m, at("0103"), "mobile") and not hex_prohibited(m, at("0103"), "leg")


def test_mobile_unit_set_up_in_marsh_without_a_road_is_reported():
    result = load_valid()
    sc = result.scenario
    sc.map.set_terrain({sc.map.hex_at("0402"): "marsh"})
    diags = validate_scenario(sc, result.source_map)
    (d,) = [d for d in diags if d.code == "prohibited-terrain"]
    assert d.unit == "1AB Recon" and "F&M 5.2 e" in d.message and ".txt" not in d.message


def test_table_rows_of_the_wrong_length_are_reported():
    result = load_valid()
    sc = result.scenario
    sc.tables["tec"].rows["woods"] = [2, 3]
    diags = validate_scenario(sc, result.source_map)
    (d,) = [d for d in diags if d.code == "table-shape"]
    assert d.line > 0 and "woods" in d.message


def test_map_levels_and_level_hexsides_do_not_upset_validation():
    result = load_valid()
    sc = result.scenario
    m = sc.map
    m.set_locations({m.hex_at("0605"): (Location(1, "clear"),)})
    m.set_hexsides({hexside_between(m.hex_at("0101"), m.hex_at("0102")): HexsideInfo(("slope",), level=0)})
    assert not has_errors(validate_scenario(sc, result.source_map))


def test_zone_rules_count_hexes_as_the_f_and_m_free_deployment_does():
    """F&M 12.0 (000_e5c3deafb2cea4af.txt): "within five hexes (inclusive) of the south map edge" counts
    the edge hex itself as the first of the five; "within two hexes (one intervening hex) of a city hex"
    is a distance of at most two."""
    from hexwright.engine.model import ZoneRule
    from hexwright.engine.validation.checks import zone_rule_holds

    sc = load_valid().scenario
    at = sc.map.hex_at
    south5 = ZoneRule(edge="south", within=5)
    assert zone_rule_holds(sc, south5, at("0610"))  # on the south edge (row 10)
    assert zone_rule_holds(sc, south5, at("0606"))  # the fifth row counting the edge row
    assert not zone_rule_holds(sc, south5, at("0605"))
    assert zone_rule_holds(sc, ZoneRule(edge="south", within=5, negate=True), at("0605"))
    near_village = ZoneRule(terrain="village", within=2)  # villages at 0606, 1003, 0403
    assert zone_rule_holds(sc, near_village, at("0606"))
    assert zone_rule_holds(sc, near_village, at("0608"))  # one intervening hex
    assert not zone_rule_holds(sc, near_village, at("0609"))
    assert zone_rule_holds(sc, ZoneRule(hexes=["0101", "0102"]), at("0102"))
    assert not zone_rule_holds(sc, ZoneRule(region="Oosterbeek"), at("0606"))
    assert not zone_rule_holds(sc, ZoneRule(region="no such region"), at("0606"))


def test_without_its_map_a_scenario_reports_the_missing_file_not_the_stand_in(tmp_path):
    """When the map file is missing, hex checks are skipped (as the no-map warning says) instead of
    reporting every hex as off an empty stand-in map; checks that need no map still run."""
    text = VALID.read_text(encoding="utf-8").replace("map: map.yaml", "map: gone.yaml")
    text = text.replace("KG Spindler: '0904'", "KG Spindler: '2520'")  # off any stand-in grid
    text = text.replace("side: german, units: [KG Brinkmann", "side: german, units: [KG Nobody, KG Brinkmann")
    path = tmp_path / "scenario.yaml"
    path.write_text(text, encoding="utf-8")
    diags = diagnose(path)
    errs = [d for d in diags if d.severity is Severity.ERROR]
    assert sorted(d.code for d in errs) == ["missing-file", "unknown-reference"], [d.format() for d in errs]
    assert any(d.code == "no-map" and d.severity is Severity.WARNING for d in diags)


def test_a_unit_both_set_up_off_the_map_and_arriving_is_reported_twice():
    result = load_valid()
    sc = result.scenario
    sc.placements["3/1AB"] = "9999"
    codes = sorted(d.code for d in validate_scenario(sc, result.source_map) if d.unit == "3/1AB")
    assert codes == ["placed-twice", "unit-off-map"]


# -- the start state (Scenario.start: a scenario that starts mid-game) ------------------------------------
MID_GAME = FIXTURES / "valid" / "mid_game.yaml"
KOENIG = Path(__file__).resolve().parents[2] / "scenarios" / "koenig-arnhem-bridge" / "arnhem-bridge.yaml"


def test_mid_game_fixture_validates_clean():
    diags = diagnose(MID_GAME)
    assert [d.format() for d in diags if d.severity is not Severity.INFO] == []
    start = load_scenario(MID_GAME).scenario.start
    assert start.steps_lost == {"1/1AB": 1}
    assert start.hexsides == {"0605/0606": "demolished", "0305/0306": "ferry"}
    assert start.markers == {"dz-x": "0103"}


def start_codes(sc, source_map=None) -> list[tuple[str, str | None, str | None]]:
    return sorted((d.code, d.unit, d.hex) for d in validate_scenario(sc, source_map)
                  if d.severity is not Severity.INFO and (d.code.startswith("start") or "start:" in d.message))


def test_steps_lost_must_leave_the_unit_in_play_by_each_familys_rule():
    """F&M: one step for a unit with a reduced side, none for a one-step unit (8.2.4); Koenig: two
    Hits whatever `steps` says, a third eliminates (002_fe1216aa5df94854.txt 9.2)."""
    result = load_valid()
    sc = result.scenario
    sc.start.steps_lost.update({"1/1AB": 1, "2/1AB": 0})
    assert start_codes(sc) == []
    sc.start.steps_lost.update({"1/1AB": 2, "2/1AB": 1})
    diags = [d for d in validate_scenario(sc, result.source_map) if d.code == "start-steps"]
    assert sorted(d.unit for d in diags) == ["1/1AB", "2/1AB"]
    one_step = next(d for d in diags if d.unit == "2/1AB")
    assert "no reduced side" in one_step.message and "(F&M 8.2.4)" in one_step.message
    koenig = load_scenario(KOENIG).scenario
    unit = next(iter(koenig.placements))
    koenig.units[unit].steps = 1  # Hits do not count against `steps` in Koenig
    koenig.start.steps_lost[unit] = 2
    assert start_codes(koenig) == []
    koenig.start.steps_lost[unit] = 3
    (d,) = [d for d in validate_scenario(koenig) if d.code == "start-steps"]
    assert d.unit == unit and "3 Hits (at most 2)" in d.message and "(Koenig 9.2)" in d.message


def test_steps_lost_on_a_unit_not_in_play_is_a_warning():
    """Set up, arriving as a reinforcement or in a set-up zone (free deployment): the steps lost count.
    Any other unit never comes into play, so its entry has no effect."""
    result = load_valid()
    sc = result.scenario
    sc.units["1/1AB"].steps = 2
    sc.units["3/1AB"].reduced = {"attack": 1, "defense": 2, "movement": 6}  # a reinforcement
    sc.units["3/1AB"].steps = 2
    sc.start.steps_lost.update({"1/1AB": 1, "3/1AB": 1})
    assert start_codes(sc) == []
    del sc.placements["1/1AB"]  # still in the British landing area set-up zone
    assert start_codes(sc) == []
    sc.setup_zones.clear()
    diags = [d for d in validate_scenario(sc, result.source_map) if d.code == "start-not-in-play"]
    assert [(d.unit, d.severity) for d in diags] == [("1/1AB", Severity.WARNING)]


def test_a_hexside_named_twice_in_either_order_is_reported():
    sc = load_valid().scenario
    sc.start.hexsides.update({"0605/0606": "demolished", "0606/0605": "demolished"})
    assert start_codes(sc) == [("duplicate-hexside", None, "0606/0605")]


def test_start_checks_cite_rules_by_title_never_by_file_name():
    sc = load_valid().scenario
    sc.start.steps_lost.update({"2/1AB": 1, "ghost": 1})
    sc.start.hexsides.update({"0601/0602": "demolished", "0602/0603": "ferry", "0605/0606": "ferry", "x": "ferry"})
    sc.start.markers.update({"dz-x": "9999", "dz-q": "0101"})
    diags = [d for d in validate_scenario(sc) if "start:" in d.message]
    assert len(diags) == 8
    assert not [d.message for d in diags if ".txt" in d.message]
    bridges = [d.message for d in diags if d.code in ("start-no-bridge", "start-ferry")]
    assert len(bridges) == 3 and all("Arnhem: The Farthest Bridge 10.6." in text for text in bridges), bridges


def test_start_checks_skip_hex_tests_without_the_map(tmp_path):
    text = MID_GAME.read_text(encoding="utf-8").replace("map: map.yaml", "map: gone.yaml")
    path = tmp_path / "scenario.yaml"
    path.write_text(text, encoding="utf-8")
    errs = [d.code for d in diagnose(path) if d.severity is Severity.ERROR]
    assert errs == ["missing-file"]


def _play(state, actions: int, seed: int) -> int:
    import random

    rng = random.Random(seed)
    done = 0
    while done < actions and not state.is_terminal():
        if state.is_chance_node():
            state.apply(state.sample_chance())
        else:
            legal = state.legal_actions()
            assert legal, "a live game always has a legal action"
            state.apply_checked(rng.choice(legal))
        done += 1
    return done


@pytest.mark.parametrize("path, steps", [(MID_GAME, {}), (KOENIG, {"G-16": 2})],
                         ids=["fm-mid-game", "koenig-arnhem-bridge"])
def test_a_scenario_with_a_valid_start_state_starts_and_plays(path, steps):
    """What `validate` accepts never makes the engine raise: a mid-game start plays legal actions."""
    from hexwright.engine.rules.protocol import new_game

    result = load_scenario(path)
    sc = result.scenario
    sc.start.steps_lost.update(steps)
    assert not has_errors(validate_scenario(sc, result.source_map))
    state = new_game(sc, seed=5)
    assert _play(state, 40, seed=5) > 0


def test_a_game_starts_from_the_scenarios_start_state():
    from hexwright.engine.rules.protocol import new_game

    sc = load_scenario(MID_GAME).scenario
    state = new_game(sc, seed=1)
    pos = state.position
    m = sc.map
    assert pos.steps_lost("1/1AB") == 1
    assert pos.hexside_state(m.hexside_at("0605/0606")) == "demolished"
    assert pos.hexside_state(m.hexside_at("0305/0306")) == "ferry"
    assert pos.marker_hex("dz-x") == m.hex_at("0103")


def test_a_ferry_set_up_beside_a_german_unit_is_reported_as_cancelled_at_once():
    """Arnhem: The Farthest Bridge 10.6.5: a German unit in either adjoining hex cancels the ferry at once."""
    sc = load_scenario(MID_GAME).scenario
    assert start_codes(sc) == []  # 0305/0306: no German unit beside it
    side = sc.map.hexside_at("0605/0606")
    info = sc.map.hexsides[side]
    sc.map.set_hexsides({side: replace(info, bridge=None)})  # an unbridged river beside 9SS Recon in 0606
    sc.start.hexsides["0605/0606"] = "ferry"
    diags = [d for d in validate_scenario(sc) if d.code == "start-ferry-cancelled"]
    assert len(diags) == 1 and diags[0].severity is Severity.WARNING
    assert "German unit 9SS Recon" in diags[0].message and "(Arnhem: The Farthest Bridge 10.6.5)" in diags[0].message
