"""The Arnhem exclusive rules (000_e5c3deafb2cea4af.txt 10.0-12.0): bridge demolition (10.6.3) and repair
(10.6.4) with their die ranges, the engineer ferry (10.6.5) and replacement (10.6.6), reinforcements
(11.1), the airborne landing procedure and drop table (11.4), victory (11.5), free deployment (12.0)."""

from __future__ import annotations

import pytest
from hexwright.engine.hexgrid import hexside_between
from hexwright.engine.model import Entry, MarkerDef, Reinforcement, SetupZone, VictoryCondition, ZoneRule
from hexwright.engine.rules.chance import ScriptedSampler
from hexwright.engine.rules.fm.actions import Attack, Demolish, Enter, Ferry, Land, Move, Pass, Repair, Setup
from hexwright.engine.rules.fm.decisions import (
    AttackChoice,
    DemolitionChoice,
    DropZoneShift,
    EngineerChoice,
    GoOn,
    LandingChoice,
    MoveChoice,
)
from hexwright.engine.rules.fm.losses import eliminate
from hexwright.engine.rules.fm.reach import edge_overrides, unit_reach
from hexwright.engine.rules.fm.retreat import retreat_paths
from hexwright.engine.rules.protocol import CHANCE, IllegalAction, make_game

from ..synthetic import H, blank_map, line_of, pass_until, road, scenario, side_of, unit, water_between_columns
from .test_fm_combat import uniform_crt


def state(sc, rolls=None):
    g = make_game(sc)
    return g.new_initial_state(0, ScriptedSampler(rolls)) if rolls is not None else g.new_initial_state(0)


def bridge_setup(feature="river", bridge="highway", rolls=(1,), german_at="1206", extra=(), placements=None):
    """Water between columns 06 and 07, one bridge 0606/07xx; an Allied unit two hexes west of it."""
    m = blank_map()
    water_between_columns(m, 6, feature)
    b = next(m.label(h) for h in m.neighbors_on_map(H(m, "0606")) if m.label(h).startswith("07"))
    side_of(m, "0606", b, feature, bridge=bridge)
    start = line_of(m, "0606", 3, 3)[2]
    units = [unit("A", "allies", 3, 3, 7), unit("G", "germans", 2, 2, 7), *extra]
    sc = scenario(m, units, {"A": start, "G": german_at, **(placements or {})})
    return state(sc, list(rolls)), m, b, start


@pytest.mark.parametrize("feature,bridge,kind,success,failure", [
    ("canal", "highway", "canal", 3, 4), ("river", "railroad", "railroad", 2, 3), ("river", "highway", "highway", 1, 2),
])
def test_demolition_die_ranges(feature, bridge, kind, success, failure):
    """10.6.3: canal bridge 1-3, railroad bridge 1-2, highway bridge 1."""
    for roll, demolished in ((success, True), (failure, False)):
        st, m, b, start = bridge_setup(feature, bridge, rolls=[roll])
        side = hexside_between(H(m, "0606"), H(m, b))
        assert st.game.bridge_kind(side) == kind
        path = line_of(m, start, 0, 3)
        assert path[-1] == "0606"
        st.apply_checked(Move("A", tuple(path)))
        assert isinstance(st.pending_decision(), DemolitionChoice) and st.current_player == "germans"
        st.apply_checked(Demolish(f"0606/{b}"))
        st.apply(st.sample_chance())
        assert (side in st.demolished()) is demolished
        assert st.current_player == "allies" and isinstance(st.pending_decision(), GoOn)
        reach = unit_reach(st, "A")
        assert (H(m, b) in reach) is (not demolished)  # a demolished bridge is a river/canal hexside again


def test_the_printed_canal_bridges_are_canal_bridges_for_demolition():
    """10.6.3: the bridges at hexsides 1422/1423 and 3325/3424 are canal bridges."""
    m = blank_map(16, 24)
    side_of(m, "1422", "1423", "river", bridge="highway", paths=("road",))
    sc = scenario(m, [unit("A", "allies", 1, 1, 7), unit("G", "germans", 1, 1, 7)], {"A": "0101", "G": "1601"})
    g = make_game(sc)
    assert g.bridge_kind(hexside_between(H(m, "1422"), H(m, "1423"))) == "canal"


def test_no_demolition_without_a_german_unit_in_range():
    """10.6.3: a German unit must be within its printed MA (in hexes) of a hex adjoining the bridge."""
    st, m, b, start = bridge_setup(german_at="1412")
    st.apply_checked(Move("A", tuple(line_of(m, start, 0, 3))))
    assert isinstance(st.pending_decision(), MoveChoice)


def test_no_demolition_where_an_allied_unit_began_the_phase():
    """10.6.3 Important: not if an Allied unit begins its movement in a hex adjoining the bridge."""
    st, m, b, start = bridge_setup(extra=[unit("B", "allies", 1, 1, 7)], placements={"B": "0606"})
    path = line_of(m, start, 0, 2)
    st.apply_checked(Move("A", tuple(path)))
    st.apply_checked(Move("B", ("0606", line_of(m, "0606", 5, 2)[1])))
    assert isinstance(st.pending_decision(), MoveChoice)


def test_one_demolition_attempt_per_bridge_per_game_turn():
    st, m, b, start = bridge_setup(rolls=[6])
    path = line_of(m, start, 0, 3)
    st.apply_checked(Move("A", tuple(path)))
    st.apply_checked(Demolish(f"0606/{b}"))
    st.apply(st.sample_chance())
    back = line_of(m, "0606", 3, 2)
    st.apply_checked(Move("A", tuple(back)))
    assert isinstance(st.pending_decision(), MoveChoice)


def engineer_setup(rolls, demolished=True, german_at="1410"):
    m = blank_map()
    water_between_columns(m, 6, "river")
    b = next(m.label(h) for h in m.neighbors_on_map(H(m, "0606")) if m.label(h).startswith("07"))
    side_of(m, "0606", b, "river", bridge="highway", paths=("road",))
    units = [unit("E", "allies", 1, 1, 7, "engineer", unit_type="engineer"), unit("A", "allies", 3, 3, 7),
             unit("G", "germans", 2, 2, 7)]
    sc = scenario(m, units, {"E": "0406", "A": "0605", "G": german_at})
    if demolished:  # the game starts with the bridge demolished (Scenario.start)
        sc.start.hexsides[f"0606/{b}"] = "demolished"
    st = state(sc, rolls)
    assert isinstance(st.pending_decision(), EngineerChoice)
    side = hexside_between(H(m, "0606"), H(m, b))
    assert (side in st.demolished()) is demolished
    return st, m, b, side


@pytest.mark.parametrize("bridge_kind,succeeds", [("highway", (4, 5, 6)), ("railroad", (5, 6)), ("canal", (5, 6))])
def test_repair_die_ranges(bridge_kind, succeeds):
    """10.6.4: canal or railroad bridge 5-6; highway bridge 4-6."""
    for roll in range(1, 7):
        st, m, b, side = engineer_setup([roll])
        info = m.hexsides[side]
        from dataclasses import replace
        m.set_hexsides({side: replace(info, bridge=bridge_kind)})
        if bridge_kind == "canal":
            st.game.options["canal_bridges"] = [st.game.hexside_label(side)]
        st.apply_checked(Repair(st.game.hexside_label(side)))
        st.apply(st.sample_chance())
        assert (side not in st.demolished()) is (roll in succeeds)


def test_engineer_may_not_move_after_a_repair_attempt():
    st, m, b, side = engineer_setup([1])
    st.apply_checked(Repair(st.game.hexside_label(side)))
    st.apply(st.sample_chance())
    st.apply_checked(Pass())
    with pytest.raises(IllegalAction, match="10.6.4"):
        st.apply_checked(Move("E", ("0406", line_of(m, "0406", 3, 2)[1])))


def test_no_repair_next_to_a_german_unit_or_its_zoc():
    """10.6.4 exception: not a bridge adjoining a German-occupied hex or a hex in a German ZOC."""
    st, m, b, side = engineer_setup([6])
    assert Repair(st.game.hexside_label(side)) in st.legal_actions()
    st.edit_place("G", H(m, line_of(m, b, 0, 2)[1]))
    assert Repair(st.game.hexside_label(side)) not in st.legal_actions()


def test_engineer_ferry_lets_allied_units_cross_and_not_germans():
    """10.6.5: the ferry hexside is a bridge for Allied movement; German units cannot use it; a German unit
    in an adjoining hex cancels it."""
    st, m, b, side = engineer_setup([], demolished=False)
    cross = next(m.label(h) for h in m.neighbors_on_map(H(m, "0605")) if m.label(h).startswith("07"))
    hs = st.game.hexside_label(hexside_between(H(m, "0605"), H(m, cross)))
    assert Ferry(hs) in st.legal_actions()
    st.apply_checked(Ferry(hs))
    st.apply_checked(Move("A", ("0605", cross)))
    a_side = hexside_between(H(m, "0605"), H(m, cross))
    assert st.active_ferry() == a_side
    assert (H(m, "0605"), H(m, cross)) not in edge_overrides(st, "germans", "leg")
    st.edit_place("G", H(m, "0605"))
    assert st.active_ferry() is None


def test_a_ferry_cancelled_by_a_german_unit_stays_cancelled_after_it_leaves():
    """10.6.5: "if a German unit occupies either adjoining hex, the ferry operations immediately is canceled":
    for the rest of the GT. The Germans move first here (the ferry is in operation from the start, Scenario.start):
    G steps next to the ferry, attacks across the river and is eliminated (Ae); the ferry stays cancelled: an
    Allied unit may neither retreat nor move across it."""
    m = blank_map()
    water_between_columns(m, 6, "river")
    w = "0605"
    x = next(m.label(h) for h in m.neighbors_on_map(H(m, w)) if m.label(h).startswith("07"))
    approach = line_of(m, x, 1, 3) if line_of(m, x, 1, 3)[2].startswith("09") else line_of(m, x, 0, 3)
    units = [unit("E", "allies", 1, 1, 7, "engineer", unit_type="engineer"), unit("A", "allies", 3, 3, 7),
             unit("G", "germans", 2, 2, 7)]
    sc = scenario(m, units, {"E": "0405", "A": w, "G": approach[2]})
    sc.first_player = "germans"
    sc.options = {"allied_side": "allies", "friendly_edges": {"allies": "north"}}  # 8.3: retreat east if possible
    sc.start.hexsides[f"{w}/{x}"] = "ferry"
    sc.tables["crt"] = uniform_crt("Ae")
    st = state(sc)
    ferry = hexside_between(H(m, w), H(m, x))
    assert isinstance(st.pending_decision(), MoveChoice) and st.pending_decision().player == "germans"
    assert st.active_ferry() == ferry
    assert (w, x) in [tuple(m.label(h) for h in p) for p in retreat_paths(st, "A", 1)]  # a retreat may cross it

    st.apply_checked(Move("G", tuple(reversed(approach))))
    assert st.declared_ferry() is None and st.active_ferry() is None
    assert any("cancelled" in t and "(Arnhem: The Farthest Bridge 10.6.5)" in t for _i, t in st.events)
    pass_until(st, AttackChoice, "germans")
    st.apply_checked(Attack((x,), w))
    pass_until(st, MoveChoice, "allies")
    assert st.is_eliminated("G") and not st.position.hexes.keys() & {"G"}
    assert st.declared_ferry() is None and st.active_ferry() is None  # gone for the GT
    assert all(p[1] != H(m, x) for p in retreat_paths(st, "A", 1))
    with pytest.raises(IllegalAction, match="10.6"):
        st.apply_checked(Move("A", (w, x)))


def test_the_ferry_works_only_while_the_engineer_is_in_range():
    """10.6.5: the engineer "continue[s] providing ferry operations if [it] remains within its movement range
    of the designated hexside": out of range the ferry carries no one, back in range it does again."""
    st, m, b, side = engineer_setup([], demolished=False)
    cross = next(m.label(h) for h in m.neighbors_on_map(H(m, "0605")) if m.label(h).startswith("07"))
    st.apply_checked(Ferry(st.game.hexside_label(hexside_between(H(m, "0605"), H(m, cross)))))
    ferry = hexside_between(H(m, "0605"), H(m, cross))
    assert st.active_ferry() == ferry
    st.edit_place("E", H(m, "0112"))
    assert st.active_ferry() is None and st.declared_ferry() == ferry
    with pytest.raises(IllegalAction, match="10.6"):
        st.apply_checked(Move("A", ("0605", cross)))
    st.edit_place("E", H(m, "0406"))
    assert st.active_ferry() == ferry
    st.apply_checked(Move("A", ("0605", cross)))


def test_engineer_replacement_returns_next_turn_on_a_south_edge_road_hex():
    """10.6.6: an eliminated engineer may return in the Movement Phase of the next GT on a south map edge
    road hex."""
    m = blank_map()
    road(m, "0106", "0306")
    road(m, "0102", "0302", kind="railroad")  # a railroad is not a road
    sc = scenario(m, [unit("E", "allies", 1, 1, 7, "engineer", unit_type="engineer"), unit("G", "germans", 1, 1, 7)],
                  {"E": "0806", "G": "1410"})
    st = state(sc)
    eliminate(st, "E")
    arr = st.arrival("E")
    assert arr is not None and arr.turn == 2 and H(m, "0106") in arr.hexes and not st.is_eliminated("E")
    assert H(m, "0102") not in arr.hexes


def reinforcement_state(flags=(), entry=None, german_at="1410", road_out=False):
    m = blank_map()
    if road_out:
        road(m, "0106", "0206")
        m.link_path(H(m, "0106"), H(m, "0106")._replace(q=-1), "road")
    units = [unit("R", "allies", 3, 3, 10 if "mobile" in flags else 7, *flags), unit("G", "germans", 1, 1, 7),
             unit("X", "allies", 1, 1, 10, "mobile")]
    sc = scenario(m, units, {"G": german_at, "X": "1401"})
    sc.reinforcements = [Reinforcement(1, "allies", ["R"], entry or Entry(hex="0106"))]
    return state(sc), m


def test_reinforcement_pays_the_entry_hex_or_the_road_rate():
    """11.1: units pay the MP of the edge hex entered, or the road rate where a road leaves the map there."""
    st, m = reinforcement_state()
    st.apply_checked(Enter("R", "0106"))
    assert st.mp_spent("R") == 2
    st2, _ = reinforcement_state(road_out=True)
    st2.apply_checked(Enter("R", "0106"))
    assert st2.mp_spent("R") == 0.5
    assert max(len(a.path) for a in st2.legal_actions() if isinstance(a, Move) and a.unit == "R") >= 4


def test_entry_cost_is_what_entering_charges_with_the_mobile_ezoc_extra():
    """11.1 with 6.1: a mobile reinforcement entering an EZOC hex pays the entry hex and half its MA (round
    down) more; `entry_cost` gives what `Enter` charges."""
    for flags, german_at, expected in (((), "1410", 2), (("mobile",), "1410", 2), (("mobile",), "0206", 2 + 5)):
        st, m = reinforcement_state(flags=flags, german_at=german_at)
        assert st.entry_cost("R", H(m, "0106")) == expected
        st.apply_checked(Enter("R", "0106"))
        assert st.mp_spent("R") == expected


def test_leg_reinforcements_enter_in_the_movement_phase_mobile_ones_also_in_mobile_movement():
    st, m = reinforcement_state()
    st.apply_checked(Pass())
    pass_until(st, MoveChoice, "allies")
    assert st.pending_decision().mobile and not any(isinstance(a, Enter) for a in st.legal_actions())
    st2, _ = reinforcement_state(flags=("mobile",))
    st2.apply_checked(Pass())
    pass_until(st2, MoveChoice, "allies")
    assert Enter("R", "0106") in st2.legal_actions()


def test_blocked_arrival_waits_a_turn_then_may_shift_three_hexes_per_turn_of_delay():
    """11.1: an enemy-occupied arrival hex: no arrival this GT; later the unit may shift its arrival hex by
    three hexes along the map edge for each GT of delay."""
    st, m = reinforcement_state(german_at="0106")
    assert not any(isinstance(a, Enter) for a in st.legal_actions())
    while st.turn == 1:
        st.apply(st.sample_chance() if st.current_player == CHANCE else Pass())
    pass_until(st, MoveChoice, "allies")
    entries = {a.hex for a in st.legal_actions() if isinstance(a, Enter)}
    assert entries == {"0103", "0104", "0105", "0107", "0108", "0109"}


DROP = [  # (terrain, die, glider, german adjacent, result) from the Airborne Drop Table (11.4)
    ("mixed", 6, False, False, "No Effect"), ("mixed", 6, True, False, "Depleted"),
    ("mixed", 6, True, True, "Depleted"), ("broken", 5, False, False, "No Effect"),
    ("broken", 5, True, False, "Depleted"), ("broken", 6, True, True, "Eliminated"),
    ("woods", 4, False, False, "No Effect"), ("woods", 5, False, False, "Depleted"),
    ("woods", 6, True, False, "Eliminated"), ("town", 3, False, False, "No Effect"),
    ("rough", 4, False, False, "Depleted"), ("rough", 6, False, True, "Eliminated"),
    ("city", 2, False, False, "No Effect"), ("city", 3, False, False, "Depleted"),
    ("city", 5, True, False, "Eliminated"),
]


@pytest.mark.parametrize("terrain,die,glider,adjacent,result", DROP)
def test_airborne_drop_table_with_modifiers(terrain, die, glider, adjacent, result):
    """11.4: place within three hexes of the drop zone marker, roll, add +1 glider and +1 German adjacent,
    read the landing hex's terrain line."""
    m = blank_map()
    for h in m.hexes:
        m.set_terrain({h: terrain})
    flags = ("airborne", "glider") if glider else ("airborne",)
    units = [unit("P", "allies", 2, 2, 7, *flags, reduced=(1, 1, 7)), unit("G", "germans", 1, 1, 7)]
    land = line_of(m, "0706", 0, 3)[2]
    g_hex = line_of(m, land, 0, 2)[1] if adjacent else "1410"
    units.append(unit("X", "allies", 1, 1, 7))
    sc = scenario(m, units, {"G": g_hex, "X": "0101"})
    sc.markers = {"dz": MarkerDef("dz", "drop_zone", "allies", "DZ", "0706")}
    sc.reinforcements = [Reinforcement(1, "allies", ["P"], Entry(marker="dz", within=3), airborne=True)]
    st = state(sc, [die])
    assert isinstance(st.pending_decision(), LandingChoice)
    st.apply_checked(Land("P", land))
    st.apply(st.sample_chance())
    if result == "Eliminated":
        assert st.is_eliminated("P")
    elif result == "Depleted":
        assert st.is_depleted("P") and st.activity("P").cannot_move  # 11.4 a: depleted units do not move
        assert not any(isinstance(a, Move) and a.unit == "P" for a in st.legal_actions())
    else:
        assert st.unit_hex("P") is not None and not st.is_depleted("P")
        assert st.mp_spent("P") == st.game.map.terrain_table.terrain[terrain].move["leg"]  # 11.4 b


def test_an_airborne_unit_landing_in_woods_spends_the_tecs_two_mp():
    """11.4 b: a landing unit expends the movement cost of the terrain in the landing hex. The TEC gives woods
    2 MP for leg units (airborne units are leg units); the rule's example says three, the woods cost of a
    mobile unit: the TEC governs (a reading). A unit with MA 6 has 4 MP left: two more woods hexes (with 3 MP
    spent it would have one), not three."""
    m = blank_map()
    for h in m.hexes:
        m.set_terrain({h: "woods"})
    land = line_of(m, "0706", 0, 3)[2]
    units = [unit("P", "allies", 2, 2, 6, "airborne", unit_type="parachute"), unit("G", "germans", 1, 1, 7)]
    sc = scenario(m, units, {"G": "1410"})
    sc.markers = {"dz": MarkerDef("dz", "drop_zone", "allies", "DZ", "0706")}
    sc.reinforcements = [Reinforcement(1, "allies", ["P"], Entry(marker="dz", within=3), airborne=True)]
    st = state(sc, [1])
    st.apply_checked(Land("P", land))
    st.apply(st.sample_chance())
    assert st.game.movement_class("P") == "leg" and st.mp_spent("P") == 2.0
    onwards = line_of(m, land, 2, 4)  # the landing hex and three woods hexes in a line
    reach = unit_reach(st, "P")
    assert reach.spent[H(m, onwards[2])] == 4.0 and H(m, onwards[3]) not in reach


def test_landing_only_within_three_hexes_of_the_drop_zone():
    m = blank_map()
    units = [unit("P", "allies", 2, 2, 7, "airborne"), unit("G", "germans", 1, 1, 7)]
    sc = scenario(m, units, {"G": "1410"})
    sc.markers = {"dz": MarkerDef("dz", "drop_zone", "allies", "DZ", "0706")}
    sc.reinforcements = [Reinforcement(1, "allies", ["P"], Entry(marker="dz", within=3), airborne=True)]
    st = state(sc)
    from hexwright.engine.hexgrid import hex_distance
    assert all(hex_distance(H(m, a.hex), H(m, "0706")) <= 3 for a in st.legal_actions())
    assert len(st.legal_actions()) == 37


def victory_scenario(placements):
    m = blank_map()
    units = [unit("M", "allies", 4, 3, 10, "mobile"), unit("N", "allies", 4, 3, 10, "mobile"),
             unit("P", "allies", 2, 2, 7, "airborne"), unit("G", "germans", 1, 1, 7)]
    sc = scenario(m, units, placements, turns=1)
    arnhem = ["1105", "1205", "1206"]
    sc.victory = [
        VictoryCondition("occupy", "allies", "win", "immediate", arnhem, 2, {"flags_not": ["airborne"]}),
        VictoryCondition("occupy", "allies", "draw", "end", arnhem, 1, {"flags_not": ["airborne"]}),
        VictoryCondition("default", "germans", "win", "end"),
    ]
    return sc


def test_allied_victory_is_immediate_with_two_arnhem_hexes_held_by_non_airborne_units():
    """11.5: the Allied player wins immediately if two of 3423, 3523, 3524 are occupied by non-airborne units."""
    st = state(victory_scenario({"M": "1105", "N": "1005", "P": "1206", "G": "0101"}))
    assert not st.is_terminal()  # an airborne unit does not count
    st.apply_checked(Move("N", ("1005", "1105", "1205")) if False else next(
        a for a in st.legal_actions() if isinstance(a, Move) and a.unit == "N" and a.path[-1] == "1205"))
    assert st.is_terminal() and st.outcome().winner == "allies"


def test_draw_with_one_arnhem_hex_at_the_end_and_german_win_otherwise():
    st = state(victory_scenario({"M": "1105", "N": "0101", "P": "1206", "G": "1410"}))
    while not st.is_terminal():
        st.apply(st.sample_chance() if st.current_player == CHANCE else Pass())
    assert st.outcome().draw
    st2 = state(victory_scenario({"M": "0205", "N": "0101", "P": "1206", "G": "1410"}))
    while not st2.is_terminal():
        st2.apply(st2.sample_chance() if st2.current_player == CHANCE else Pass())
    assert st2.outcome().winner == "germans"


def free_deployment():
    m = blank_map()
    units = [unit("G1", "germans", 2, 2, 7), unit("G2", "germans", 2, 2, 7), unit("A", "allies", 2, 2, 7)]
    sc = scenario(m, units, {})
    sc.markers = {"dz": MarkerDef("dz", "drop_zone", "allies", "DZ")}
    sc.setup_zones = [
        SetupZone("germans east", "germans", ["G1", "G2"], [ZoneRule(edge="south", within=10, negate=True)]),
        SetupZone("dz", "allies", ["dz"], [ZoneRule(edge="south", within=10, negate=True)]),
    ]
    sc.reinforcements = [Reinforcement(2, "allies", ["A"], Entry(hex="0106"))]
    return sc


def test_free_deployment_is_secret_simultaneous_and_within_the_zones():
    """12.0: each player records his set-up secretly within the placement limits (stacking applies); both
    then place at once."""
    st = state(free_deployment())
    assert st.phase.name == "Set-up" and st.current_player == "germans"
    hexes = [a.hex for a in st.legal_actions()]
    assert hexes and all(int(h[:2]) >= 11 for h in hexes)
    st.apply_checked(Setup("G1", "1205"))
    assert Setup("G2", "1205") not in st.legal_actions()  # stacking limits apply
    assert st.history()[-1].action.public_text() == "setup G1 (recorded secretly, Arnhem: The Farthest Bridge 12.0)"
    assert st.unit_hex("G1") is None  # nothing is placed until both have recorded
    st.apply_checked(Setup("G2", "1206"))
    assert st.current_player == "allies"
    st.apply_checked(Setup("dz", "1305"))
    assert st.unit_hex("G1") == H(st.game.map, "1205") and st.drop_zone("dz") == H(st.game.map, "1305")


def test_a_drop_zone_set_up_on_a_german_unit_moves_to_an_adjacent_eligible_hex():
    st = state(free_deployment())
    st.apply_checked(Setup("G1", "1205"))
    st.apply_checked(Setup("G2", "1206"))
    st.apply_checked(Setup("dz", "1205"))
    assert isinstance(st.pending_decision(), DropZoneShift) and st.current_player == "allies"
    m = st.game.map
    from hexwright.engine.hexgrid import hex_distance
    assert all(hex_distance(H(m, a.hex), H(m, "1205")) == 1 and a.hex != "1206" for a in st.legal_actions())


def test_set_up_zone_hexes_match_validation():
    """12.0 placement limits: the engine's zone hexes are exactly those validation's zone_rule_holds
    accepts."""
    from pathlib import Path

    from hexwright.engine.formats import load_scenario
    from hexwright.engine.model.placement import zone_rule_holds

    scenarios = [free_deployment()]
    shipped = Path(__file__).resolve().parents[4] / "scenarios" / "fm-arnhem" / "scenario-2-free-deployment.yaml"
    if shipped.exists():
        scenarios.append(load_scenario(shipped).scenario)
    for sc in scenarios:
        g = make_game(sc)
        for z in sc.setup_zones:
            for r in z.rules:
                assert g.zone_rule_hexes(r) == {h for h in sc.map.hexes if zone_rule_holds(sc, r, h)}


def test_a_unit_stopped_for_a_demolition_in_a_friends_hex_must_move_on():
    """10.6.3 with 5.3: a unit passing through a friend when the German player may demolish a bridge
    stops there for the attempt, but may not end its move stacked."""
    st, m, b, start = bridge_setup(extra=[unit("B", "allies", 1, 1, 7)], placements={"B": line_of(
        blank_map(), "0606", 5, 2)[1]})
    st.apply_checked(Move("B", (st.game.label(st.unit_hex("B")), "0606")))
    assert isinstance(st.pending_decision(), DemolitionChoice)
    st.apply_checked(Pass())
    st.apply_checked("halt B")
    path = line_of(m, start, 0, 3)
    beyond = next(m.label(h) for h in m.neighbors_on_map(H(m, "0606"))
                  if m.label(h) not in path and not m.label(h).startswith("07") and st.occupant(h) is None)
    st.apply_checked(Move("A", tuple(path) + (beyond,)))
    assert isinstance(st.pending_decision(), DemolitionChoice)
    st.apply_checked(Pass())
    assert isinstance(st.pending_decision(), GoOn) and st.unit_hex("A") == st.unit_hex("B")
    with pytest.raises(IllegalAction):
        st.apply_checked("halt A")
    st.apply_checked(Move("A", ("0606", beyond)))
    assert st.unit_hex("A") == H(m, beyond)
