"""ASL Arnhem Bridge special rules (004_09a6f3be713b811c.txt, 1.1-1.4) on the shipped map fragment:
every worked example of the source, and each rule's statements, as the engine answers them."""

from __future__ import annotations

from pathlib import Path

import pytest
from hexwright.engine.formats import read_map_file
from hexwright.engine.model import HexMap
from hexwright.engine.rules.asl import (
    LocationError,
    LocationRef,
    Mover,
    cheapest_path,
    falling_rubble_hex,
    line_of_sight,
    location_label,
    locations_of,
    open_topped_pbf,
    parse_location,
    pbf_and_case_l_apply,
    place_falling_rubble,
    reachable,
    rubble_locations,
    step,
)
from hexwright.engine.rules.kit import Position

MAP = Path(__file__).resolve().parents[4] / "scenarios" / "asl-arnhem-bridge" / "arnhem-bridge-fragment.map.yaml"
INFANTRY, TRACKED, WHEELED = Mover("infantry"), Mover("tracked"), Mover("non_tracked")
COMMANDO = Mover("infantry", commando=True)


@pytest.fixture(scope="module")
def m() -> HexMap:
    return read_map_file(MAP)


def loc(m: HexMap, text: str) -> LocationRef:
    return parse_location(m, text)


def see(m: HexMap, a: str, b: str, rubble: tuple[str, ...] = ()):
    return line_of_sight(m, loc(m, a), loc(m, b), [loc(m, r) for r in rubble])


# -- 1.1 the bridge hexes and their two locations ---------------------------------------------------
def test_bridge_hexes_r15_to_r23_have_a_level_1_and_a_level_0_location(m):
    for n in range(15, 24):
        levels = [x.ref.level for x in locations_of(m, m.hex_at(f"R{n}"))]
        assert levels == [0, 1], f"R{n}"
    assert [x.ref.level for x in locations_of(m, m.hex_at("R14"))] == [1]  # the ramp, not a bridge hex


def test_location_labels_parse_and_refuse_with_what_the_hex_has(m):
    assert location_label(m, loc(m, "R18:1")) == "R18:1"
    assert location_label(m, loc(m, "R18")) == "R18"
    assert loc(m, "r18:0") == loc(m, "R18")
    with pytest.raises(LocationError, match="R18 has no location at Level 2; it has R18, R18:1"):
        loc(m, "R18:2")
    with pytest.raises(LocationError, match="not a hex"):
        loc(m, "A1")


@pytest.mark.parametrize("a,b", [("R18:1", "R17"), ("R15:1", "R23"), ("R20:1", "R20"), ("R16", "R22:1")])
def test_level_1_bridge_locations_have_no_los_to_level_0_bridge_locations(m, a, b):
    answer = see(m, a, b)
    assert not answer.clear
    assert answer.blocked_by[0].rule == "ASL Arnhem Bridge SSR 1.1"


def test_bridge_deck_sees_along_the_deck_over_the_pillars(m):
    answer = see(m, "R16:1", "R22:1")
    assert answer.clear and not answer.hindrances


def test_only_commandos_scale_a_bridge_hex(m):
    refused = step(m, loc(m, "R18"), loc(m, "R18:1"), INFANTRY)
    assert not refused.allowed and "ASL Arnhem Bridge SSR 1.1" in refused.reason
    scaled = step(m, loc(m, "R18"), loc(m, "R18:1"), COMMANDO)
    assert scaled.allowed and "Scaling" in scaled.reason


# -- 1.12 rowhouse hexsides along the pillars ---------------------------------------------------
def test_1_12_example_r18_cannot_enter_r17_directly_beneath_the_bridge(m):
    direct = step(m, loc(m, "R18"), loc(m, "R17"), INFANTRY)
    assert not direct.allowed
    assert direct.reason == ("Rowhouse hexside R17/R18 blocks movement beneath the bridge "
                             "(ASL Arnhem Bridge SSR 1.12)")


def test_1_12_example_r18_reaches_r17_through_q18_or_s18(m):
    path = cheapest_path(m, loc(m, "R18"), loc(m, "R17"), INFANTRY)
    assert len(path.path) == 3
    assert m.label(path.path[1].hex) in ("Q18", "S18")
    # both ways of the example (the blue arrows in Q18, and S18) are legal steps
    for via in ("Q18", "S18"):
        assert step(m, loc(m, "R18"), loc(m, via), INFANTRY).allowed
        assert step(m, loc(m, via), loc(m, "R17"), INFANTRY).allowed
    # entering R17 beneath the bridge costs the 1.3 rate: 1 MF into Q18 + 2 MF into R17
    assert path.cost == 3


def test_pillar_hexsides_do_not_stop_movement_on_the_bridge_above(m):
    answer = step(m, loc(m, "R18:1"), loc(m, "R17:1"), TRACKED)
    assert answer.allowed


def test_1_12_example_rowhouse_hexside_blocks_los_from_r18_to_q17(m):
    answer = see(m, "R18", "Q17")
    assert not answer.clear
    assert [h.hexside for h in answer.blocked_by] == ["R17/R18"]
    assert answer.blocked_by[0].rule == "ASL Arnhem Bridge SSR 1.12"
    assert answer.text() == ("R18 -> Q17: no LOS: rowhouse hexside R17/R18 beneath the bridge "
                             "(ASL Arnhem Bridge SSR 1.12)")


def test_bypass_in_hexes_next_to_the_bridge_is_not_affected(m):
    # Q18 to S18 is not adjacent; around the pillars, Q18 -> Q17 and S18 -> S17 are plain steps
    assert step(m, loc(m, "Q18"), loc(m, "Q17"), INFANTRY).allowed
    assert step(m, loc(m, "S18"), loc(m, "S17"), INFANTRY).allowed


# -- 1.13 cliffs -----------------------------------------------------------------------------------
@pytest.mark.parametrize("side", ["Q15", "S15"])
def test_1_13_cliff_hexsides_are_crossed_only_by_scaling_commandos(m, side):
    for mover in (INFANTRY, TRACKED, WHEELED):
        answer = step(m, loc(m, side), loc(m, "R15"), mover)
        assert not answer.allowed
        assert "only by Scaling" in answer.reason and "ASL Arnhem Bridge SSR 1.13" in answer.reason
    assert step(m, loc(m, side), loc(m, "R15"), COMMANDO).allowed
    assert step(m, loc(m, "R15"), loc(m, side), COMMANDO).allowed


# -- 1.3 beneath the bridge --------------------------------------------------------------------------
@pytest.mark.parametrize("mover,cost", [(INFANTRY, 2), (TRACKED, 3), (WHEELED, 5)])
def test_1_3_entering_beneath_the_bridge_costs(m, mover, cost):
    answer = step(m, loc(m, "S17"), loc(m, "R17"), mover)
    assert answer.allowed and answer.cost == cost and answer.reason == "ASL Arnhem Bridge SSR 1.3"


@pytest.mark.parametrize("mover,cost", [(INFANTRY, 1), (TRACKED, 0.5), (WHEELED, 0.5)])
def test_1_3_entering_r15_from_s16_along_the_road_pays_the_road_rate(m, mover, cost):
    answer = step(m, loc(m, "S16"), loc(m, "R15"), mover)
    assert answer.allowed and answer.cost == cost


def test_1_3_rubble_beneath_the_bridge_costs_the_normal_rubble_rate(m):
    rubble = [loc(m, "R17")]
    table = m.terrain_table.features["rubble"].move
    for mover in (INFANTRY, TRACKED):
        answer = step(m, loc(m, "S17"), loc(m, "R17"), mover, rubble)
        assert answer.allowed and answer.cost == table[mover.movement_class]
    assert not step(m, loc(m, "S17"), loc(m, "R17"), WHEELED, rubble).allowed


def test_1_3_level_0_beneath_the_bridge_is_a_one_level_hindrance(m):
    answer = see(m, "Q17", "S18")
    assert answer.clear
    assert [(h.hex, h.drm, h.rule) for h in answer.hindrances] == [("R17", 1, "ASL Arnhem Bridge SSR 1.3")]


# -- 1.4 pedestrian access ------------------------------------------------------------------------
def test_1_4_r20_infantry_moves_between_levels_as_by_a_stairwell(m):
    up = step(m, loc(m, "R20"), loc(m, "R20:1"), INFANTRY)
    down = step(m, loc(m, "R20:1"), loc(m, "R20"), INFANTRY)
    assert up.allowed and down.allowed and "ASL Arnhem Bridge SSR 1.4" in up.reason
    assert not step(m, loc(m, "R20"), loc(m, "R20:1"), TRACKED).allowed
    assert not step(m, loc(m, "R19"), loc(m, "R19:1"), INFANTRY).allowed


def test_r20_is_the_only_bridge_hex_with_pedestrian_access(m):
    for n in range(15, 24):
        answer = step(m, loc(m, f"R{n}"), loc(m, f"R{n}:1"), INFANTRY)
        assert answer.allowed == (n == 20), f"R{n}: {answer.reason}"


def test_the_deck_is_reached_from_beneath_through_r20_or_up_the_ramp(m):
    best = reachable(m, loc(m, "R18"), INFANTRY)
    path = [loc(m, "R18:1")]
    while best[path[-1]][1] is not None:
        path.append(best[path[-1]][1])  # type: ignore[arg-type]
    path.reverse()
    ups = [(a, b) for a, b in zip(path, path[1:], strict=False) if b.level > a.level]
    assert len(ups) == 1
    a, b = ups[0]
    assert (m.label(a.hex), m.label(b.hex)) in (("R20", "R20"), ("R13", "R14"), ("Q14", "R14"), ("S14", "R14"))


# -- 1.2x fire -------------------------------------------------------------------------------------
def test_1_21_pbf_and_case_l_na_from_lower_elevation(m):
    assert not pbf_and_case_l_apply(m, loc(m, "Q17"), loc(m, "R17:1"))
    assert pbf_and_case_l_apply(m, loc(m, "Q17:1"), loc(m, "R17:1"))
    assert pbf_and_case_l_apply(m, loc(m, "Q17"), loc(m, "R17"))


def test_1_22_example_halftrack_on_r17_fired_on_from_level_1_of_q17(m):
    fire = open_topped_pbf(m, loc(m, "R17:1"), [loc(m, "Q17:1")], normal_ce_drm=2)
    assert fire.applies and fire.crew_vulnerable  # vulnerable even though BU
    assert fire.ce_drm == 1 and fire.unarmored  # the reduced CE DRM: considered unarmored (D5.311)
    assert open_topped_pbf(m, loc(m, "R17:1"), [loc(m, "Q17:1")], normal_ce_drm=1).ce_drm == 1  # minimum +1
    assert not open_topped_pbf(m, loc(m, "R17:1"), [loc(m, "Q17")], normal_ce_drm=2).applies  # firer at Level 0
    assert not open_topped_pbf(m, loc(m, "R17"), [loc(m, "Q17:1")], normal_ce_drm=2).applies  # beneath


# -- 1.31 falling rubble ---------------------------------------------------------------------------
def test_1_31_example_falling_rubble_from_q17_lands_beneath_the_bridge_in_r16(m):
    into = falling_rubble_hex(m, m.hex_at("Q17"), white_dr=2)
    assert into is not None and m.label(into) == "R16"
    pos = Position()
    placed = place_falling_rubble(pos, m, into)
    assert location_label(m, placed) == "R16"  # ground level, i.e. beneath the bridge
    assert rubble_locations(pos, m) == [placed]
    rubble = tuple(location_label(m, r) for r in rubble_locations(pos, m))
    # blocks LOS from Q16 to the ground level of T16 ...
    ground = see(m, "Q16", "T16", rubble)
    assert not ground.clear and ground.blocked_by[0].rule == "ASL Arnhem Bridge SSR 1.31"
    # ... but not the +1 hindrance from Q16 to Level 1 of T16
    upper = see(m, "Q16", "T16:1", rubble)
    assert upper.clear and upper.hindrance_total == 1
    assert upper.hindrances[0].rule == "ASL Arnhem Bridge SSR 1.3"
    # and the hindrance status of the location beneath stays (1.31): without rubble, +1 both ways
    assert see(m, "Q16", "T16").hindrance_total == 1
    # no effect on the Level 1 location of R16: the deck is entered at its normal cost
    assert step(m, loc(m, "R15:1"), loc(m, "R16:1"), TRACKED, [placed]).cost == 0.5


# -- the kit's position: units in locations ----------------------------------------------------
def test_position_keeps_a_unit_in_a_location_of_its_hex(m):
    pos = Position()
    r17 = m.hex_at("R17")
    pos.place("SPW", r17, 1)
    pos.place("6-4-8", r17)
    assert pos.location_of("SPW") == (r17, 1) and pos.level_of("6-4-8") is None
    assert pos.units_in_location(r17, 1) == ("SPW",) and pos.units_in_location(r17, None) == ("6-4-8",)
    assert pos.units_at(r17) == ("SPW", "6-4-8")
    import copy

    clone = copy.deepcopy(pos)
    assert clone.key() == pos.key()
    clone.place("SPW", r17)
    assert clone.key() != pos.key()
    pos.remove("SPW")
    assert pos.level_of("SPW") is None


def test_position_key_of_a_one_location_family_is_unchanged():
    from hexwright.engine.hexgrid import Hex

    pos = Position()
    pos.place("u", Hex(1, 1))
    pos.set_marker("dz", Hex(2, 2))
    assert pos.key() == ((("u", Hex(1, 1)),), (("u", "on map"),), (), (("dz", Hex(2, 2)),), ())


def test_the_shipped_map_is_what_its_build_script_writes():
    import importlib.util

    from hexwright.engine.formats import dump_map

    script = MAP.parents[1] / "tools" / "build_asl_arnhem_bridge.py"
    spec = importlib.util.spec_from_file_location("build_asl_arnhem_bridge", script)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    assert dump_map(module.build_map()) == MAP.read_text(encoding="utf-8")


def test_wrong_los_and_scaling_data_is_refused_at_its_line():
    from hexwright.engine.formats import load_map

    text = MAP.read_text(encoding="utf-8")
    bad = (text.replace("los: {hindrance: 1, height: 1}", "los: {hindrance: lots, height: 1}")
               .replace("scaling: {by: British Commando, cost: 4, rule: ASL Arnhem Bridge SSR 1.13",
                        "scaling: {by: British Commando, cost: -4, rule: ASL Arnhem Bridge SSR 1.13")
               .replace("bridge: deck", "bridge: upstairs"))
    diags: list = []
    m = load_map(bad, "bad.map.yaml", diags)
    messages = [d.format() for d in diags]
    assert any("combat.los must be" in x and "'lots'" in x for x in messages)
    assert any("combat.scaling must be" in x for x in messages)
    assert any("combat.bridge must be 'deck' or 'beneath', not 'upstairs'" in x for x in messages)
    assert all(x.startswith("bad.map.yaml:") for x in messages)
    # the wrong entries are left out: queries on what was read still answer
    assert see(m, "Q16", "T16").clear


def test_los_is_symmetric_and_the_index_answers_as_the_brute_force_on_every_pair(m):
    from hexwright.engine.rules.asl import los_index

    idx = los_index(m)
    refs = [x.ref for h in m.hexes for x in locations_of(m, h)]
    assert len(refs) == len(m.hexes) + 9 + 8  # the bridge's nine Level 1 locations and eight upper floors
    for i, a in enumerate(refs):
        for b in refs[i + 1::7]:  # every 7th partner: about 2,200 pairs, each direction
            ab = line_of_sight(m, a, b, index=idx)
            assert ab == line_of_sight(m, a, b, index=idx, brute_force=True)
            ba = line_of_sight(m, b, a, index=idx)
            assert ab.clear == ba.clear
            assert sorted(h.text() for h in ab.blocked_by) == sorted(h.text() for h in ba.blocked_by)
            assert ab.hindrance_total == ba.hindrance_total


def test_1_12_rowhouse_hexsides_are_not_affected_by_rubble_in_either_hex(m):
    rubble = [loc(m, "R17"), loc(m, "R18")]
    assert not step(m, loc(m, "R18"), loc(m, "R17"), INFANTRY, rubble).allowed
    answer = see(m, "R18", "Q17", ("R17", "R18"))
    assert [h.hexside for h in answer.blocked_by] == ["R17/R18"]


def test_1_3_beneath_the_bridge_carries_its_tem_and_terrain_status_as_data(m):
    data = m.terrain_table.terrain["beneath_bridge"].combat
    assert data["tem"] == 1 and data["concealment_terrain"] is True and data["burnable"] is False


def test_the_index_answers_as_the_brute_force_on_pointy_and_flat_maps():
    import random

    from hexwright.engine.hexgrid import LabelScheme, hexside_of
    from hexwright.engine.model import GridSpec, HexsideInfo
    from hexwright.engine.model.terrain import HexsideFeatureType, TerrainTable, TerrainType
    from hexwright.engine.rules.asl import LosIndex

    for orientation in ("pointy", "flat"):
        rng = random.Random(7)
        t = TerrainTable(name="t", movement_classes=["infantry"])
        t.terrain["open"] = TerrainType("open", "Open", move={"infantry": 1})
        t.terrain["wood"] = TerrainType("wood", "Woods", move={"infantry": 2}, combat={"los": {"obstacle": 1}})
        t.terrain["grain"] = TerrainType("grain", "Grain", move={"infantry": 1},
                                         combat={"los": {"hindrance": 1, "height": 0}})
        t.hexside_features["wall"] = HexsideFeatureType("wall", "Wall", combat={"los": {"obstacle": 0}})
        grid = HexMap(GridSpec(16, 14, orientation, "odd", LabelScheme("xxyy", 1, 1, 2)), t, "open")
        grid.set_terrain({h: rng.choice(["open", "open", "open", "wood", "grain"]) for h in grid.hexes})
        grid.set_elevation({h: 1 for h in rng.sample(grid.hexes, 20)})
        sides = {hexside_of(h, d): HexsideInfo(("wall",)) for h in grid.hexes for d in range(3)
                 if rng.random() < 0.08 and grid.contains(hexside_of(h, d).other)}
        grid.set_hexsides(sides)
        idx = LosIndex(grid)
        seen = set()
        for _ in range(400):
            a, b = rng.choice(grid.hexes), rng.choice(grid.hexes)
            la, lb = LocationRef(a, grid.elevation_at(a)), LocationRef(b, grid.elevation_at(b))
            answer = line_of_sight(grid, la, lb, index=idx)
            assert answer == line_of_sight(grid, la, lb, index=idx, brute_force=True)
            assert answer == line_of_sight(grid, la, lb, index=LosIndex(grid, near=(a, b)))  # one line's index
            seen.add((answer.clear, bool(answer.hindrances)))
        assert {(True, False), (True, True), (False, False)} <= seen or {(True, True), (False, True)} <= seen


def test_an_index_of_the_hexes_along_one_line_answers_as_the_whole_maps(m):
    """The `los` command indexes only what lies near its one line (LosIndex(near=...)): the same answer as
    the whole map's index, blocks and hindrances in the same order, for pairs across the shipped map, its
    bridge's upper locations and rowhouse hexsides included."""
    import random

    from hexwright.engine.rules.asl import LosIndex, los_index

    whole = los_index(m)
    refs = [x.ref for h in m.hexes for x in locations_of(m, h)]
    rng = random.Random(29)
    kinds = set()
    for _ in range(300):
        a, b = rng.choice(refs), rng.choice(refs)
        answer = line_of_sight(m, a, b, index=whole)
        assert line_of_sight(m, a, b, index=LosIndex(m, near=(a.hex, b.hex))) == answer
        kinds.add((answer.clear, bool(answer.hindrances)))
    assert {(True, False), (False, False)} <= kinds
