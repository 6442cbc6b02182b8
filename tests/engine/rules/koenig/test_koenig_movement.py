"""Movement (Koenig 8.0-8.3.1, 10.0, 14.2; exclusive 8.5 and 12.0; 002_fe1216aa5df94854.txt) over the kernel."""

from __future__ import annotations

from hexwright.engine.hexgrid import hexside_between
from hexwright.engine.model import HexsideInfo
from hexwright.engine.movement.kernel import MovementGraph
from hexwright.engine.rules.koenig.movement import destinations, entry_destinations, movement_hooks


def texts(state) -> list[str]:
    return [a.text() for a in state.legal_actions()]

SIDES = {"B": "allied", "B2": "allied", "G": "german", "G2": "german"}


def test_close_combat_cost_example_of_8_1(tec_map):
    """8.1: Close Combat (+2) in a hilltop hex (3 MP) across a slope (+1): 6 MP; with 3 MP it cannot."""
    m = tec_map()
    start, hill = m.hex_at("0303"), m.hex_at("0403")
    m.set_terrain({hill: "hilltop"})
    m.set_hexsides({hexside_between(start, hill): HexsideInfo(features=("slope",))})
    g = MovementGraph(m, "ground")
    hooks = movement_hooks(g, {hill: ["G"], start: ["B"]}, SIDES, "allied")
    assert destinations(g, start, 6, hooks)[hill] == 6
    assert hill not in destinations(g, start, 3, hooks)
    assert hill not in destinations(g, start, 5, hooks)


def test_entering_an_enemy_hex_stops_the_unit(tec_map):
    m = tec_map()
    a, b = m.hex_at("0303"), m.hex_at("0403")
    g = MovementGraph(m, "ground")
    hooks = movement_hooks(g, {b: ["G"]}, SIDES, "allied")
    reach = destinations(g, a, 10, hooks)
    assert reach[b] == 3
    beyond = m.hex_at("0503")
    assert reach[beyond] == 2  # around, not through, the enemy hex


def test_no_zones_of_control(tec_map):
    """8.3: units need not stop next to enemy units."""
    m = tec_map()
    g = MovementGraph(m, "ground")
    a = m.hex_at("0101")
    hooks = movement_hooks(g, {m.hex_at("0303"): ["G"]}, SIDES, "allied")
    assert max(destinations(g, a, 6, hooks).values()) == 6
    assert m.hex_at("0302") in destinations(g, a, 6, hooks)


def test_stacking_two_units_of_both_sides_together(tec_map):
    """8.2: a hex with two units cannot be entered, by friend (even in passing) or foe (no Close Combat)."""
    m = tec_map()
    g = MovementGraph(m, "ground")
    a, b = m.hex_at("0303"), m.hex_at("0403")
    full = movement_hooks(g, {b: ["B", "B2"]}, SIDES, "allied")
    assert b not in destinations(g, a, 4, full)
    one = movement_hooks(g, {b: ["B2"]}, SIDES, "allied")
    assert destinations(g, a, 4, one)[b] == 1
    enemy_full = movement_hooks(g, {b: ["G", "G2"]}, SIDES, "allied")
    assert b not in destinations(g, a, 4, enemy_full)


def test_rivers_only_at_bridges_and_roads_at_1_mp(tec_map):
    m = tec_map()
    a, b = m.hex_at("0303"), m.hex_at("0403")
    m.set_terrain({b: "city"})
    g = MovementGraph(m, "ground")
    assert destinations(g, a, 4, movement_hooks(g, {}, SIDES, "allied"))[b] == 2
    m.set_hexsides({hexside_between(a, b): HexsideInfo(features=("stream",))})
    assert destinations(g, a, 4, movement_hooks(g, {}, SIDES, "allied"))[b] == 3  # hexside costs add (8.1)
    m.set_hexsides({hexside_between(a, b): HexsideInfo(features=("stream",), paths=("road",))})
    assert destinations(g, a, 4, movement_hooks(g, {}, SIDES, "allied"))[b] == 1  # 8.1.2
    m.set_hexsides({hexside_between(a, b): HexsideInfo(features=("river",))})
    assert destinations(g, a, 1.5, movement_hooks(g, {}, SIDES, "allied")).get(b) is None  # 8.1.1
    m.set_hexsides({hexside_between(a, b): HexsideInfo(features=("river",), bridge="road_bridge", paths=("road",))})
    assert destinations(g, a, 4, movement_hooks(g, {}, SIDES, "allied"))[b] == 1


def test_interdiction_costs_two_to_enter_and_two_to_exit(tec_map):
    """14.2: an interdicted hex costs +2 MP to enter or exit."""
    m = tec_map()
    g = MovementGraph(m, "ground")
    a, x, c = m.hex_at("0303"), m.hex_at("0403"), m.hex_at("0503")
    hooks = movement_hooks(g, {}, SIDES, "allied", interdicted=[x])
    assert destinations(g, a, 10, hooks)[x] == 3
    assert destinations(g, x, 10, hooks)[c] == 3  # leaving it
    assert destinations(g, a, 2, hooks)[c] == 2  # around it


def test_blocked_entry_hex_8_3_1(tec_map):
    """8.3.1: a reinforcement whose entry hex is enemy-held enters an adjacent hex or attacks the blocker."""
    m = tec_map()
    g = MovementGraph(m, "ground")
    e = m.hex_at("0104")
    occ = {e: ["G"]}
    hooks = movement_hooks(g, occ, SIDES, "allied")
    reach = entry_destinations(g, [e], 6, hooks, occ, SIDES, "allied")
    assert reach[e] == 3  # 1 MP along the road, +2 for Close Combat
    for n in m.neighbors_on_map(e):
        assert reach[n] == 1
    free = entry_destinations(g, [e], 6, movement_hooks(g, {}, SIDES, "allied"), {}, SIDES, "allied")
    assert free[e] == 1


def test_scenario_turn_1_entry_roads_and_recon_exit(make_position):
    """Exclusive 8.5: the GT1 units enter by the four western roads north of the Lower Rhine; 12.0: the
    Recon/9th exits from a road hex on the bottom edge for 1 MP."""
    s = make_position({}, "1PB", "allied")
    s.position.set_status("B-2Para", "pending")
    assert sorted(s.map.label(h) for h in s.entry_hexes("B-2Para")) == ["0101", "0102", "0104", "0105"]
    assert sorted(s.map.label(h) for h in s.entry_hexes("G-10/9-Pz")) == ["1601", "1602", "1604", "1607"]
    assert [s.map.label(h) for h in s.entry_hexes("G-Recon9")] == ["0104"]
    assert "move B-2Para 0104" in texts(s)
    assert not any(t.startswith("move B-2Para 07") for t in texts(s))
    r = make_position({"G-Recon9": "1109"}, "Recon/9", "german")
    assert "move G-Recon9 off" in texts(r) and "cmove G-Recon9 off" in texts(r)
    r2 = make_position({"G-Recon9": "0309", "G-19/9-1": "1109"}, "19/9", "german")
    assert not any(t.endswith(" off") for t in texts(r2))  # only the Recon/9th exits


def test_bridge_crossing_in_the_scenario(scenario):
    m = scenario.map
    north, south = m.hex_at("1005"), m.hex_at("1105")
    g = MovementGraph(m, "ground")
    assert g.cost(north, south) == 1
    assert g.cost(north, m.hex_at("1006")) is None  # the Lower Rhine
