"""Support fire markers (F&M 7.x, 10.7), bombardment (8.1), ground combat (8.2, 8.2.1-8.2.4) and the CRT
read from the scenario's tables (000_e5c3deafb2cea4af.txt)."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

import pytest
from hexwright.engine.hexgrid import hex_distance
from hexwright.engine.model import MarkerDef, SupportMarker, Table
from hexwright.engine.rules.chance import ScriptedSampler, combat_odds
from hexwright.engine.rules.fm import fm_tables
from hexwright.engine.rules.fm.actions import Attack, Bombard, Commit, Deplete, MarkerId, Pass, Retreat, Stiff
from hexwright.engine.rules.fm.crt import column_for
from hexwright.engine.rules.fm.decisions import (
    AttackChoice,
    BombardChoice,
    DrawSplitChoice,
    MarkerDraw,
    MoveChoice,
    RetreatChoice,
    StepLossChoice,
)
from hexwright.engine.rules.fm.support import allotment
from hexwright.engine.rules.protocol import CHANCE, IllegalAction, make_game

from ..synthetic import H, blank_map, depleted, line_of, pass_until, scenario, side_of, unit, water_between_columns

D = "0506"  # the defender's hex in these tests


def ring(m, lab=D):
    return [m.label(h) for h in sorted(m.neighbors_on_map(H(m, lab)))]


def uniform_crt(result: str) -> Table:
    t = fm_tables()["crt"]
    return Table("crt", t.columns, {k: [result] * 12 for k in t.rows}, reconstructed=True)


def battle_state(attackers=2, defender=(2, 3, 8), attacker=(4, 4, 10), pools=None, allot=None, crt=None,
                 m=None, extra=(), placements=None, rolls=None, options=None, first="allies"):
    m = m or blank_map()
    r = ring(m)
    units = [unit(f"A{i + 1}", "allies", *attacker, "mobile", reduced=(2, 2, 10)) for i in range(attackers)]
    units.append(unit("G", "germans", *defender, reduced=(1, 1, 8)))
    units += list(extra)
    pl = {"G": D, **{f"A{i + 1}": r[i] for i in range(attackers)}}
    pl.update(placements or {})
    sc = scenario(m, units, pl)
    sc.first_player = first
    if pools:
        sc.sides[0].support_pools = pools.get("allies", {})
        sc.sides[1].support_pools = pools.get("germans", {})
    for t in sc.turns:
        t.allotments = dict(allot or {})
    if crt:
        sc.tables["crt"] = uniform_crt(crt)
    sc.options = dict(options or {})
    sampler = ScriptedSampler(rolls) if rolls is not None else None
    st = make_game(sc).new_initial_state(0, sampler) if sampler else make_game(sc).new_initial_state(0)
    return st, m


def to_combat(st, player="allies"):
    return pass_until(st, AttackChoice, player)


# -- support fire markers (7.1, 7.2, 10.7) -------------------------------------------------------------

def test_turn_track_allotment_first_and_second_player():
    """7.1: '8/9' in a GT box: the first player has 8 markers, the second 9."""
    st, _ = battle_state(allot={"sfm": "8/9"})
    g = st.game
    assert allotment(g, 1, "allies") == (8, False)
    assert allotment(g, 1, "germans") == (9, False)


def test_lowest_valued_markers_first_when_the_rule_says_so():
    """7.1: with fewer markers allotted than the pool holds, select from the lowest-valued up."""
    pools = {"germans": {"german": [SupportMarker(6, 1, "german"), SupportMarker(2, 3, "german"),
                                    SupportMarker(4, 2, "german")]}}
    st, _ = battle_state(pools=pools, allot={"germans": 4}, options={"sfm_selection": "lowest_first"})
    assert sorted(m.value for m in st.markers_available("germans")) == [2, 2, 2, 4]


def test_random_draw_is_a_chance_node_weighted_by_the_pool():
    """10.7: each player randomly picks the allotted number from his pool."""
    pools = {"germans": {"german": [SupportMarker(2, 3, "german"), SupportMarker(4, 1, "german")]}}
    sc_st, _ = battle_state(pools=pools, allot={"germans": 2}, rolls=[])
    st = make_game(sc_st.game.scenario).new_initial_state(0)
    assert st.current_player == CHANCE and isinstance(st.pending_decision(), MarkerDraw)
    dist = dict((a.text(), p) for a, p in st.chance_outcomes())
    assert dist == {"draw +2:german": Fraction(3, 4), "draw +4:german": Fraction(1, 4)}
    st.apply_checked("draw +4:german")
    assert dict((a.text(), p) for a, p in st.chance_outcomes()) == {"draw +2:german": Fraction(1)}


def test_allied_player_splits_the_draw_between_british_and_us_pools():
    """10.7: the Allied player may pick from either pool; the total may not exceed the GTRT number."""
    pools = {"allies": {"british": [SupportMarker(3, 3, "british")], "us": [SupportMarker(3, 3, "us")]}}
    st, _ = battle_state(pools=pools, allot={"allies": 4})
    assert isinstance(st.pending_decision(), DrawSplitChoice)
    texts = [a.text() for a in st.legal_actions()]
    assert texts == ["draw-split british 1, us 3", "draw-split british 2, us 2", "draw-split british 3, us 1"]
    st.apply_checked("draw-split british 3, us 1")
    while st.current_player == CHANCE:
        st.apply(st.sample_chance())
    assert Counter(m.nationality for m in st.markers_available("allies")) == {"british": 3, "us": 1}


def test_thirteen_marker_turn_gives_every_marker_and_rolls_for_airpower():
    """10.7 a), b): all non-airpower markers, and the Airpower SFMs Available Table (6: two British and
    one US)."""
    pools = {"allies": {"british": [SupportMarker(3, 3, "british"), SupportMarker(6, 3, "british", "priest", "2")],
                        "us": [SupportMarker(3, 3, "us")],
                        "airpower": [SupportMarker(6, 2, "british", "airpower", "anywhere"),
                                     SupportMarker(6, 1, "us", "airpower", "anywhere")]}}
    st, _ = battle_state(pools=pools, allot={"allies": 13}, rolls=[6])
    st.apply(st.sample_chance())
    tokens = Counter(m.token() for m in st.markers_available("allies"))
    assert tokens == {"+3:british": 3, "+6:british:priest": 3, "+3:us": 3, "+6:british:airpower": 2,
                      "+6:us:airpower": 1}


@pytest.mark.parametrize("die,british,us", [(1, 0, 0), (2, 0, 1), (3, 1, 0), (4, 1, 1), (5, 2, 0), (6, 2, 1)])
def test_airpower_table_rows(die, british, us):
    pools = {"allies": {"british": [SupportMarker(3, 1, "british")],
                        "airpower": [SupportMarker(6, 2, "british", "airpower"),
                                     SupportMarker(6, 1, "us", "airpower")]}}
    st, _ = battle_state(pools=pools, allot={"allies": 13}, rolls=[die])
    st.apply(st.sample_chance())
    air = Counter(m.nationality for m in st.markers_available("allies") if m.airpower)
    assert air["british"] == british and air["us"] == us


def dz_scenario_pools():
    return {"allies": {"british": [SupportMarker(3, 3, "british"), SupportMarker(6, 3, "british", "priest", "2"),
                                   SupportMarker(2, 1, "british")],
                       "us": [SupportMarker(3, 3, "us"), SupportMarker(2, 3, "us")]}}


def test_pool_reductions_for_drop_zones_held_by_germans():
    """10.7.2 a), b): a German unit on the British drop zone costs three British +3 markers; on a US drop
    zone three US +3 markers (all markers allotted, so the pools are seen whole)."""
    st, m = battle_state(pools=dz_scenario_pools(), allot={"allies": 12})
    st.game.scenario.markers.update({
        "1st": MarkerDef("1st", "drop_zone", "allies", "1st British AB", D, {"nationality": "british"}),
        "82nd": MarkerDef("82nd", "drop_zone", "allies", "82nd US AB", D, {"nationality": "us"})})
    st = make_game(st.game.scenario).new_initial_state(0)
    values = Counter(m.token() for m in st.markers_available("allies"))
    assert values["+3:british"] == 0 and values["+3:us"] == 0
    assert values["+6:british:priest"] == 3 and values["+2:us"] == 3


def test_pool_reduction_when_british_units_cannot_trace_to_the_south_road():
    """10.7.2 c): three British non-airborne units unable to trace to the south map edge road hex cost
    three +6 British markers."""
    m = blank_map()
    road_hex = "0106"
    from ..synthetic import road
    road(m, road_hex, "0206")
    # a wall of German units cuts columns 04+ from the south (left) edge
    walls = [m.label(h) for h in m.hexes if m.label(h).startswith("03")]
    extra = [unit(f"W{i}", "germans", 1, 1, 7) for i in range(len(walls))]
    extra += [unit(f"B{i}", "allies", 3, 3, 7) for i in range(3)]
    pl = {f"W{i}": lab for i, lab in enumerate(walls)}
    pl.update({"B0": "0802", "B1": "0804", "B2": "0806"})
    st, _ = battle_state(attackers=0, pools=dz_scenario_pools(), allot={"allies": 12}, m=m, extra=extra,
                         placements={**pl, "G": "1010"})
    assert Counter(x.token() for x in st.markers_available("allies"))["+6:british:priest"] == 0


def test_seven_two_example_two_4_4_10_plus_2_plus_2_against_2_3_8_plus_6_is_12_vs_9():
    """7.2: two 4-4-10 attacking a 2-3-8 total 8; two +2 markers make 12; one +6 for the defender makes 9."""
    pools = {"allies": {"british": [SupportMarker(2, 2, "british")]},
             "germans": {"german": [SupportMarker(6, 1, "german")]}}
    st, m = battle_state(pools=pools, allot={"allies": 2, "germans": 1})
    to_combat(st)
    r = ring(m)
    st.apply_checked(Attack((r[0], r[1]), D))
    order = []
    for marker in ("+2:british", "+6:german", "+2:british"):
        order.append(st.current_player)
        st.apply_checked(Commit(marker))
    assert order == ["allies", "germans", "allies"]  # 8.2.1 b: attacker, defender, attacker (defender has none)
    c = st.combat_in_progress()
    assert (c.attack_total, c.defense_total, c.differential) == (12, 9, 3)
    assert st.current_player == CHANCE


def test_commitment_order_is_attacker_defender_attacker_defender_and_hidden():
    """8.2.1 b: four steps, each player may decline, nobody sees the other's value until all are placed."""
    pools = {"allies": {"british": [SupportMarker(2, 2, "british")]},
             "germans": {"german": [SupportMarker(3, 2, "german")]}}
    st, m = battle_state(pools=pools, allot={"allies": 2, "germans": 2})
    to_combat(st)
    st.apply_checked(Attack((ring(m)[0],), D))
    seen = []
    for _ in range(4):
        seen.append(st.current_player)
        st.apply_checked(Commit(None) if len(seen) == 1 else st.legal_actions()[-1])
    assert seen == ["allies", "germans", "allies", "germans"]
    assert st.history()[-1].action.public_text() == "sfm (face down)"


def test_markers_are_used_once_per_game_turn_and_not_carried_over():
    """7.2: a used marker is not available again that GT; unused markers return at the end of the GT."""
    pools = {"allies": {"british": [SupportMarker(2, 2, "british")]}}
    st, m = battle_state(pools=pools, allot={"allies": 2}, crt="•")
    to_combat(st)
    st.apply_checked(Attack((ring(m)[0],), D))
    st.apply_checked(Commit("+2:british"))
    st.apply_checked(Commit(None))  # step 3: the attacker keeps his second marker
    st.apply(st.sample_chance())
    assert [x.token() for x in st.markers_available("allies")] == ["+2:british"]
    pass_until(st, MoveChoice, "germans")
    assert st.markers_available("allies") == [MarkerId(2, "british")]
    while st.turn == 1:
        st.apply(st.sample_chance() if st.current_player == CHANCE else Pass())
    assert [x.token() for x in st.markers_available("allies")] == ["+2:british", "+2:british"]


def test_nationality_british_markers_support_british_and_polish_not_us():
    """10.7.1: British markers support British and Polish units; US markers US units."""
    pools = {"allies": {"british": [SupportMarker(2, 1, "british")], "us": [SupportMarker(3, 1, "us")]}}
    us = unit("US1", "allies", 2, 2, 7, nationality="us")
    pol = unit("P1", "allies", 2, 2, 7, nationality="polish")
    m = blank_map()
    r = ring(m)
    st, _ = battle_state(attackers=0, pools=pools, allot={"allies": 2}, extra=[us, pol], m=m,
                         placements={"US1": r[0], "P1": r[1]})
    to_combat(st)
    st.apply_checked(Attack((r[0],), D))
    assert [a.text() for a in st.legal_actions()] == ["sfm none", "sfm +3:us"]
    with pytest.raises(IllegalAction, match="10.7.1"):
        st.apply_checked("sfm +2:british")


def test_a_marker_step_is_asked_whenever_the_side_holds_a_marker_none_its_only_choice():
    """8.2.1 b: each player "may select" a marker at his steps, so a side that holds markers is asked even when
    none may support this combat (10.7.1): "sfm none" is then its only choice. Whether it is asked does not
    depend on which markers it holds, which the other player may not know (7.2)."""
    pools = {"allies": {"us": [SupportMarker(3, 1, "us")]}}
    pol = unit("P1", "allies", 2, 2, 7, nationality="polish")
    m = blank_map()
    r = ring(m)
    st, _ = battle_state(attackers=0, pools=pools, allot={"allies": 1}, extra=[pol], m=m, placements={"P1": r[0]})
    to_combat(st)
    st.apply_checked(Attack((r[0],), D))
    assert st.markers_available("allies") == [MarkerId(3, "us")]
    assert [a.text() for a in st.legal_actions()] == ["sfm none"]  # asked, not skipped
    st.apply_checked("sfm none")


def test_bombardment_ranges_adjacent_priest_and_airpower():
    """10.7.1: markers under +6 only next to friendly units; the +6 priests two hexes from a non-airborne
    British unit; airpower anywhere."""
    pools = {"allies": {"british": [SupportMarker(3, 1, "british"), SupportMarker(6, 1, "british", "priest", "2")],
                        "airpower": [SupportMarker(6, 1, "british", "airpower", "anywhere")]}}
    m = blank_map()
    two_away = line_of(m, D, 3, 3)[2]
    st, _ = battle_state(attackers=0, pools=pools, allot={"allies": 13}, rolls=[3], m=m,
                         extra=[unit("B", "allies", 3, 3, 7)], placements={"B": two_away})
    pass_until(st, BombardChoice, "allies")
    singles = {a.markers for a in st.legal_actions() if isinstance(a, Bombard) and len(a.markers) == 1}
    assert singles == {("+6:british:priest",), ("+6:british:airpower",)}


def test_bombardment_at_most_two_markers_and_no_attacker_results():
    """8.1: at most two markers on a hex; 8.1.3: Ae, A1-A3 and Ex are no result in a bombardment."""
    pools = {"allies": {"airpower": [SupportMarker(6, 3, "british", "airpower", "anywhere")]}}
    st, m = battle_state(attackers=1, pools=pools, allot={"allies": 13}, rolls=[6, 1], crt="Ex",
                         placements={"A1": "1010"})
    pass_until(st, BombardChoice, "allies")
    assert max(len(a.markers) for a in st.legal_actions() if isinstance(a, Bombard)) == 2
    st.apply_checked(Bombard(D, ("+6:british:airpower", "+6:british:airpower")))
    st.apply_checked("roll 1")
    assert st.unit_hex("G") is not None and not st.is_depleted("G") and st.combat_in_progress() is None


def test_bombardment_friendly_fire_only_with_a_unit_adjacent():
    """8.1.3: (A) applies only if a friendly unit is adjacent to the bombarded hex."""
    pools = {"allies": {"airpower": [SupportMarker(6, 2, "british", "airpower", "anywhere")]}}
    st, m = battle_state(attackers=1, pools=pools, allot={"allies": 13}, rolls=[6, 2], crt="(A)")
    pass_until(st, BombardChoice, "allies")
    st.apply_checked(Bombard(D, ("+6:british:airpower",)))
    st.apply_checked("roll 2")
    assert isinstance(st.pending_decision(), StepLossChoice) and st.legal_actions() == [Deplete("A1")]
    st.apply_checked("deplete A1")
    assert st.is_depleted("A1")


def test_bombardment_retreat_goes_away_from_the_closest_enemy():
    """8.1.5: the retreating unit must, if possible, retreat farther from the closest enemy unit."""
    pools = {"allies": {"airpower": [SupportMarker(6, 2, "british", "airpower", "anywhere")]}}
    st, m = battle_state(attackers=1, pools=pools, allot={"allies": 13}, rolls=[6, 2], crt="D2",
                         placements={"A1": line_of(m := blank_map(), D, 0, 3)[2]}, m=m)
    pass_until(st, BombardChoice, "allies")
    st.apply_checked(Bombard(D, ("+6:british:airpower",)))
    st.apply_checked("roll 2")
    enemy = st.unit_hex("A1")
    for a in st.legal_actions():
        if isinstance(a, Retreat):
            assert hex_distance(H(m, a.path[-1]), enemy) > hex_distance(H(m, D), enemy)


# -- ground combat (8.2) ---------------------------------------------------------------------------

@pytest.mark.parametrize("terrain,line", [("mixed", "Clear"), ("woods", "Woods"), ("city", "City, Rough, River"),
                                          ("rough", "City, Rough, River"), ("town", "Woods")])
def test_crt_line_from_the_defenders_terrain(terrain, line):
    m = blank_map()
    m.set_terrain({H(m, D): terrain})
    st, _ = battle_state(attackers=1, m=m)
    to_combat(st)
    st.apply_checked(Attack((ring(m)[0],), D))
    assert st.combat_in_progress().line == line


def river_ring_map(bridge_on: int | None = None):
    m = blank_map()
    water_between_columns(m, 4, "river")  # the defender in column 05 has the river on its west sides
    west = [lab for lab in ring(m) if lab.startswith("04")]
    if bridge_on is not None:
        side_of(m, west[bridge_on], D, "river", bridge="highway", paths=("road",))
    return m, west


def test_river_line_only_when_every_attacker_is_across_the_river():
    """8.2.2: defenders benefit from a river hexside only if all attackers attack across it."""
    m, west = river_ring_map()
    east = [lab for lab in ring(m) if not lab.startswith("04")]
    st, _ = battle_state(attackers=2, m=m, placements={"A1": west[0], "A2": west[1]})
    to_combat(st)
    st.apply_checked(Attack((west[0], west[1]), D))
    assert st.combat_in_progress().line == "City, Rough, River"
    st2, _ = battle_state(attackers=2, m=m, placements={"A1": west[0], "A2": east[0]})
    to_combat(st2)
    st2.apply_checked(Attack(tuple(sorted((west[0], east[0]))), D))
    assert st2.combat_in_progress().line == "Clear"


def test_bridge_line_when_one_attacker_crosses_a_bridge_unless_a_higher_line_applies():
    """8.2.2, 10.6: one attacker across a bridge uses the Bridge line, unless the hex's terrain calls for a
    higher one."""
    m, west = river_ring_map(bridge_on=0)
    st, _ = battle_state(attackers=2, m=m, placements={"A1": west[0], "A2": west[1]})
    to_combat(st)
    st.apply_checked(Attack((west[0], west[1]), D))
    assert st.combat_in_progress().line == "Bridge"
    east = [lab for lab in ring(m) if not lab.startswith("04")]
    st3, _ = battle_state(attackers=2, m=m, placements={"A1": west[0], "A2": east[0]})
    to_combat(st3)
    st3.apply_checked(Attack(tuple(sorted((west[0], east[0]))), D))
    assert st3.combat_in_progress().line == "Bridge"  # 10.6: at least one attacker across a bridge
    m.set_terrain({H(m, D): "city"})
    st2, _ = battle_state(attackers=2, m=m, placements={"A1": west[0], "A2": west[1]})
    to_combat(st2)
    st2.apply_checked(Attack((west[0], west[1]), D))
    assert st2.combat_in_progress().line == "City, Rough, River"


def ditch_ring_map(feature: str = "ditch"):
    """A ditch on the defender's west hexsides (column 04 to 05)."""
    m = blank_map()
    water_between_columns(m, 4, feature)
    west = [lab for lab in ring(m) if lab.startswith("04")]
    east = [lab for lab in ring(m) if not lab.startswith("04")]
    return m, west, east


def attack_line(m, placements, attackers):
    st, _ = battle_state(attackers=len(attackers), m=m, placements=placements)
    to_combat(st)
    st.apply_checked(Attack(tuple(sorted(attackers)), D))
    return st.combat_in_progress().line


@pytest.mark.parametrize("feature", ["ditch", "tank_ditch"])
def test_river_line_when_every_attacker_is_across_a_ditch(feature):
    """8.2.2: a ditch hexside is a river hexside for the defender's line: the River line when all the attackers
    attack across it (a feature marked `combat: {ditch: true}`, or named so; the crt_lines table has no
    ditch row, so the River line: a reading)."""
    m, west, _ = ditch_ring_map(feature)
    if feature != "ditch":
        m.terrain_table.hexside_features.pop("ditch", None)
    assert attack_line(m, {"A1": west[0], "A2": west[1]}, (west[0], west[1])) == "City, Rough, River"


def test_no_ditch_benefit_when_one_attacker_is_not_across_it():
    """8.2.2: one attacker not across the ditch: the line of the terrain in the defender's hex."""
    m, west, east = ditch_ring_map()
    assert attack_line(m, {"A1": west[0], "A2": east[0]}, (west[0], east[0])) == "Clear"
    m.set_terrain({H(m, D): "woods"})
    assert attack_line(m, {"A1": west[0], "A2": east[0]}, (west[0], east[0])) == "Woods"


def test_river_line_when_attackers_are_across_a_ditch_and_an_unbridged_river():
    """8.2.2: 'across a non-bridged river or ditch hexside': one attacker across each, all across: River line."""
    m, west, east = ditch_ring_map()
    river_side = next(lab for lab in east if lab.startswith("06"))
    side_of(m, river_side, D, "river")
    assert attack_line(m, {"A1": west[0], "A2": river_side}, (west[0], river_side)) == "City, Rough, River"


def test_bombardment_ignores_a_ditch_hexside():
    """8.1.2: a bombardment uses the line of the terrain in the defender's hex, not its hexsides."""
    pools = {"allies": {"airpower": [SupportMarker(6, 2, "british", "airpower", "anywhere")]}}
    m, west, _ = ditch_ring_map()
    st, _ = battle_state(attackers=1, pools=pools, allot={"allies": 13}, rolls=[6], m=m, placements={"A1": west[0]})
    pass_until(st, BombardChoice, "allies")
    st.apply_checked(Bombard(D, ("+6:british:airpower",)))
    assert st.combat_in_progress().line == "Clear"


def test_columns_below_the_lowest_and_above_plus_ten():
    """CRT notes: below the lowest differential use the lowest; above +10 use +10."""
    t = fm_tables()["crt_terrain"]
    assert column_for(t, "Mountain", -5) == "6"
    assert column_for(t, "Mountain", 3) == "8"
    assert column_for(t, "Mountain", 15) == "12"
    assert column_for(t, "City, Rough, River", -9) == "1"
    assert column_for(t, "Woods", -9) == "2"


def test_fortification_doubles_defense_and_halves_attacker_markers():
    """8.2.3: printed defense doubled; an attacker's marker halved (round down); the defender's not."""
    from hexwright.engine.model import FeatureType

    m = blank_map()
    m.terrain_table.features["fortification"] = FeatureType("fortification", "Fortification", mode="add",
                                                            move={"leg": 0, "mobile": 0},
                                                            combat={"fortification": True})
    m.set_features({H(m, D): ("fortification",)})
    pools = {"allies": {"british": [SupportMarker(3, 1, "british")]},
             "germans": {"german": [SupportMarker(3, 1, "german")]}}
    st, _ = battle_state(attackers=1, m=m, pools=pools, allot={"allies": 1, "germans": 1})
    to_combat(st)
    st.apply_checked(Attack((ring(m)[0],), D))
    st.apply_checked("sfm +3:british")
    st.apply_checked("sfm +3:german")
    c = st.combat_in_progress()
    assert c.attack_total == 4 + 1 and c.defense_total == 3 * 2 + 3


def test_combat_odds_sum_over_the_six_faces():
    st, m = battle_state(attackers=2)
    to_combat(st)
    a = Attack((ring(m)[0], ring(m)[1]), D)
    odds = combat_odds(st, a)
    assert sum(odds.values()) == 1
    t = fm_tables()["crt"]
    col = t.columns.index("12") if False else None  # noqa: F841 - the column comes from the line
    st.apply_checked(a)
    column = st.combat_in_progress().column
    expected = Counter(t.cell(str(d), column) for d in range(1, 7))
    assert odds == {r: Fraction(n, 6) for r, n in expected.items()}


@pytest.mark.parametrize("result", ["De", "Ae", "•"])
def test_rules_follow_whatever_the_scenario_crt_says(result):
    """The CRT is data: a scenario whose every cell is `result` gets `result` on any die."""
    st, m = battle_state(attackers=2, crt=result)
    to_combat(st)
    st.apply_checked(Attack((ring(m)[0], ring(m)[1]), D))
    st.apply(st.sample_chance())
    if result == "De":
        assert st.unit_hex("G") is None and st.is_eliminated("G")
    elif result == "Ae":
        assert st.is_eliminated("A1") and st.is_eliminated("A2") and st.unit_hex("G") is not None
    else:
        assert set(st.position.hexes) == {"A1", "A2", "G"} and not depleted(st)


def test_exchange_attacker_chooses_which_unit_depletes():
    """8.2.4 Ex: the defender and one attacking unit, chosen by the attacker, are depleted."""
    st, m = battle_state(attackers=2, crt="Ex")
    to_combat(st)
    st.apply_checked(Attack((ring(m)[0], ring(m)[1]), D))
    st.apply(st.sample_chance())
    assert st.is_depleted("G")
    assert st.current_player == "allies" and st.legal_actions() == [Deplete("A1"), Deplete("A2")]
    st.apply_checked("deplete A2")
    assert depleted(st) == {"G", "A2"}


def test_attacker_loss_result_reduces_one_attacker_of_his_choice():
    st, m = battle_state(attackers=2, crt="(A)")
    to_combat(st)
    st.apply_checked(Attack((ring(m)[0], ring(m)[1]), D))
    st.apply(st.sample_chance())
    st.apply_checked("deplete A1")
    assert depleted(st) == {"A1"}


def test_one_step_and_depleted_units_are_eliminated_by_a_step_loss():
    st, m = battle_state(attackers=1, defender=(2, 3, 8), crt="Ex")
    st.game.units["G"].reduced = None
    st.game.units["G"].steps = 1
    to_combat(st)
    st.apply_checked(Attack((ring(m)[0],), D))
    st.apply(st.sample_chance())
    assert st.is_eliminated("G") and st.is_depleted("A1")


def test_one_attack_per_defender_and_per_attacker_each_phase():
    """8.0: a defender suffers one attack per phase; 8.2: a unit attacks once per phase."""
    m = blank_map()
    r = ring(m)
    r0 = r[0]
    r1 = next(x for x in r if H(m, x) in m.neighbors_on_map(H(m, r0)))
    x = next(m.label(h) for h in m.neighbors_on_map(H(m, r0))
             if h in m.neighbors_on_map(H(m, r1)) and m.label(h) != D)
    st, _ = battle_state(attackers=2, crt="•", extra=[unit("G2", "germans", 1, 1, 7)],
                         placements={"A1": r0, "A2": r1, "G2": x}, m=m)
    to_combat(st)
    st.apply_checked(Attack((r0,), D))
    st.apply(st.sample_chance())
    with pytest.raises(IllegalAction, match="already attacked this phase"):
        st.apply_checked(Attack((r1,), D))
    with pytest.raises(IllegalAction, match="already attacked this phase"):
        st.apply_checked(Attack((r0,), x))
    st.apply_checked(Attack((r1,), x))


def test_mobile_units_do_not_attack_in_both_combat_phases_and_leg_units_not_in_mobile_combat():
    """4.1, 8.2: a mobile unit that attacked in the Combat Phase cannot attack in the Mobile Combat Phase;
    only mobile units attack in the Mobile Combat Phase."""
    m = blank_map()
    r = ring(m)
    st, _ = battle_state(attackers=2, crt="•", extra=[unit("L", "allies", 3, 3, 7)], placements={"L": r[2]}, m=m)
    to_combat(st)
    st.apply_checked(Attack((r[0],), D))
    st.apply(st.sample_chance())
    st.apply_checked(Pass())
    pass_until(st, AttackChoice, "allies")
    assert st.phase.name == "Mobile Combat Phase"
    with pytest.raises(IllegalAction, match=r"cannot attack again this player turn"):
        st.apply_checked(Attack((r[0],), D))
    with pytest.raises(IllegalAction, match=r"only mobile units attack in the Mobile Combat Phase"):
        st.apply_checked(Attack((r[2],), D))
    st.apply_checked(Attack((r[1],), D))


def test_defender_retreat_result_is_the_defenders_decision():
    st, m = battle_state(attackers=1, crt="D2")
    to_combat(st)
    st.apply_checked(Attack((ring(m)[0],), D))
    st.apply(st.sample_chance())
    assert st.current_player == "germans" and isinstance(st.pending_decision(), RetreatChoice)
    assert Stiff("G") in st.legal_actions()
    assert all(len(a.path) == 3 for a in st.legal_actions() if isinstance(a, Retreat))


def test_attacker_retreat_results_retreat_every_attacker():
    st, m = battle_state(attackers=2, crt="A1")
    to_combat(st)
    st.apply_checked(Attack((ring(m)[0], ring(m)[1]), D))
    st.apply(st.sample_chance())
    moved = []
    while isinstance(st.pending_decision(), RetreatChoice):
        moved.append(st.pending_decision().unit)
        st.apply_checked(next(a for a in st.legal_actions() if isinstance(a, Retreat)))
    assert moved == ["A1", "A2"]
    assert all(hex_distance(st.unit_hex(u), H(m, D)) == 2 for u in moved)
