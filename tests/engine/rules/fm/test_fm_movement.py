"""Movement (F&M 5.x), zones of control (6.x), marsh (10.5), canal-trail crossings (10.6.1) and railroad
bridges (10.6.2) with the Arnhem TEC (000_e5c3deafb2cea4af.txt)."""

from __future__ import annotations

import pytest
from hexwright.engine.rules.fm.actions import Move, Pass
from hexwright.engine.rules.fm.decisions import MoveChoice
from hexwright.engine.rules.fm.reach import path_cost_of, path_problem, unit_reach
from hexwright.engine.rules.protocol import IllegalAction, new_game

from ..synthetic import H, blank_map, line_of, pass_until, road, scenario, side_of, unit, water_between_columns


def one_unit(flags=(), ma=7, terrain=None, extra_units=(), placements=None, m=None, unit_type="infantry"):
    m = m or blank_map()
    for lab, t in (terrain or {}).items():
        m.set_terrain({H(m, lab): t})
    units = [unit("A", "allies", 4, 4, ma, *flags, unit_type=unit_type)] + list(extra_units)
    pl = {"A": "0206"}
    pl.update(placements or {})
    st = new_game(scenario(m, units, pl), 0)
    assert isinstance(st.pending_decision(), MoveChoice) and st.pending_decision().player == "allies"
    return st, m


TEC = [  # (terrain, leg, mobile) from the Arnhem Terrain Effects Chart
    ("mixed", 2, 2), ("woods", 2, 3), ("broken", 3, 3), ("rough", 4, 5), ("marsh", 4, None), ("city", 1, 1),
    ("town", 1, 1),
]


@pytest.mark.parametrize("terrain,leg,mobile", TEC)
def test_terrain_effects_chart_costs(terrain, leg, mobile):
    """5.4 and the TEC: the MP to enter each terrain, leg and mobile."""
    for cls, cost in (("leg", leg), ("mobile", mobile)):
        st, m = one_unit(flags=(cls,), ma=10, terrain={"0306": terrain})
        reach = unit_reach(st, "A")
        target = H(m, "0306")
        if cost is None:
            assert target not in reach  # 10.5: mobile units enter marsh only along a road or trail
        else:
            assert reach.spent[target] == cost


@pytest.mark.parametrize("cls,cost", [("leg", 3.0), ("mobile", 4.0)])
def test_a_ditch_is_crossed_at_its_terrain_table_cost(cls, cost):
    """5.4: a ditch hexside (8.2.2) adds the MP its terrain table gives (here +1 leg, +2 mobile): unlike an
    unbridged river or canal (10.6) it may be crossed."""
    m = blank_map()
    side_of(m, "0206", "0306", "ditch")
    st, _ = one_unit(flags=(cls,), ma=10, m=m)
    assert unit_reach(st, "A").spent[H(m, "0306")] == cost  # mixed 2 + the ditch


def test_road_costs_half_and_trail_one_regardless_of_terrain():
    """5.4.1, 5.4.2: road 1/2 MP, trail 1 MP between path hexes through path hexsides."""
    m = blank_map()
    hexes = line_of(m, "0106", 0, 12)
    for lab in hexes[1:]:
        m.set_terrain({H(m, lab): "rough"})
    road(m, *hexes[:8])
    road(m, hexes[7], hexes[11], kind="trail")
    st, _ = one_unit(ma=7, m=m, placements={"A": hexes[0]})
    reach = unit_reach(st, "A")
    assert reach.spent[H(m, hexes[7])] == 3.5
    assert reach.spent[H(m, hexes[10])] == 6.5
    assert H(m, hexes[11]) not in reach  # 7.5 MP: more than the MA (5.2 a)


def test_ma_limit_and_no_partial_hex():
    """5.2 a, c: a unit with MA 7 crosses three mixed hexes (6 MP) and cannot pay 2 MP for a fourth."""
    st, m = one_unit(ma=7)
    path = line_of(m, "0206", 0, 5)
    st.apply_checked(Move("A", tuple(path[:4])))
    st2, _ = one_unit(ma=7)
    with pytest.raises(IllegalAction, match=fr"A cannot reach {path[-1]}: this path costs 8 MP, more than its MA of 7 "
                                            r"\(F&M 5.2 a, c"):
        st2.apply_checked(Move("A", tuple(path)))


def test_cannot_leave_the_map_or_enter_an_enemy_hex():
    m = blank_map()
    a, g = line_of(m, "0106", 0, 2)
    st, _ = one_unit(extra_units=[unit("G", "germans", 2, 2, 7)], placements={"A": a, "G": g}, m=m)
    off = m.label(next(h for h in [H(m, a)._replace(q=H(m, a).q - 1)] if not m.contains(h)))
    with pytest.raises(IllegalAction, match=r"5.2 f"):
        st.apply_checked(f"move A {a}-{off}")
    with pytest.raises(IllegalAction, match=r"enemy-occupied \(F&M 5.2 d"):
        st.apply_checked(Move("A", (a, g)))


def test_friends_may_be_passed_through_but_not_stacked_with():
    """5.3: a unit may move through friendly units; it cannot end its move stacked."""
    m = blank_map()
    path = line_of(m, "0206", 0, 3)
    st, _ = one_unit(extra_units=[unit("B", "allies", 1, 1, 7)], placements={"B": path[1]}, m=m)
    with pytest.raises(IllegalAction, match=r"units cannot stack \(F&M 5.3"):
        st.apply_checked(Move("A", tuple(path[:2])))
    st.apply_checked(Move("A", tuple(path)))
    assert st.unit_hex("A") == H(m, path[2])


def test_a_unit_moves_once_per_phase():
    """5.2: a unit that has completed its movement may not move again that turn."""
    st, m = one_unit()
    st.apply_checked(Move("A", ("0206", "0306")))
    with pytest.raises(IllegalAction, match="completed its movement"):
        st.apply_checked(Move("A", ("0306", "0406")))


def ezoc_setup(flags=(), ma=7, start="0206"):
    m = blank_map()
    g_hex = line_of(m, "0206", 0, 4)[3]  # three hexes east of 0206
    st, _ = one_unit(flags=flags, ma=ma, extra_units=[unit("G", "germans", 2, 2, 7)],
                     placements={"A": start, "G": g_hex}, m=m)
    return st, m, H(m, g_hex)


def test_leg_unit_stops_on_entering_enemy_zoc():
    """6.1: a leg unit entering an EZOC must stop, whatever MP it has left."""
    st, m, g = ezoc_setup(ma=12)
    ezoc = st.enemy_zoc("allies")
    reach = unit_reach(st, "A")
    beyond = [h for h in reach.spent if h not in ezoc]
    for h in beyond:  # no hex beyond the zone is reached through a hex of it
        assert not any(x in ezoc for x in reach.path(h)[1:-1])
    entered = next(h for h in ezoc if h in reach)
    path = reach.path(entered)
    further = next(n for n in ezoc if n not in path and abs(n.q - entered.q) + abs(n.r - entered.r) <= 2
                   and n in set(m.neighbors_on_map(entered)))
    with pytest.raises(IllegalAction, match=r"must stop .*\(F&M 6.1"):
        st.apply_checked(Move("A", tuple(m.label(h) for h in path + [further])))


def test_leg_unit_moves_ezoc_to_ezoc_by_spending_its_whole_ma():
    """6.1: a leg unit beginning in an EZOC may move directly into another EZOC hex by expending all of
    its printed MA."""
    m = blank_map()
    g = line_of(m, "0206", 0, 4)[3]
    gh = H(m, g)
    ring = sorted(m.neighbors_on_map(gh))
    start = ring[0]
    nxt = next(h for h in ring if h in m.neighbors_on_map(start))
    st, _ = one_unit(ma=7, extra_units=[unit("G", "germans", 2, 2, 7)], placements={"A": m.label(start), "G": g}, m=m)
    assert path_problem(st, "A", [start, nxt]) is None
    st.apply_checked(Move("A", (m.label(start), m.label(nxt))))
    assert st.mp_spent("A") == 7  # the whole printed MA, though the hex costs 2


def test_leaving_an_ezoc_costs_nothing_extra():
    """6.1: any unit beginning in an EZOC may move into a hex not in an EZOC at the normal cost."""
    m = blank_map()
    g = line_of(m, "0506", 0, 1)[0]
    start = line_of(m, "0506", 3, 2)[1]
    away = line_of(m, "0506", 3, 3)[2]
    st, _ = one_unit(ma=7, extra_units=[unit("G", "germans", 2, 2, 7)], placements={"A": start, "G": g}, m=m)
    assert unit_reach(st, "A").spent[H(m, away)] == 2


def test_mobile_unit_with_ma_7_pays_3_to_enter_an_ezoc():
    """6.1: 'a unit with MA of 7 would expend three movement points to enter an EZOC' (plus terrain)."""
    st, m, g = ezoc_setup(flags=("mobile",), ma=7)
    ezoc = st.enemy_zoc("allies")
    reach = unit_reach(st, "A")
    first = min((h for h in ezoc if h in reach), key=lambda h: reach.spent[h])
    steps = len(reach.path(first)) - 1
    assert reach.spent[first] == 2 * steps + 3


def test_mobile_unit_with_ma_12_pays_6_and_is_not_stopped():
    """6.1: half of MA 12 is 6; a mobile unit is not stopped by the zone and may move on."""
    m = blank_map()
    g = "0506"
    a, e = line_of(m, g, 3, 3)[2], line_of(m, g, 3, 2)[1]
    st, _ = one_unit(flags=("mobile",), ma=12, extra_units=[unit("G", "germans", 2, 2, 7)],
                     placements={"A": a, "G": g}, m=m)
    ezoc = st.enemy_zoc("allies")
    f = next(h for h in m.neighbors_on_map(H(m, e)) if h not in ezoc and h != H(m, a) and h != H(m, g))
    assert path_problem(st, "A", [H(m, a), H(m, e), f]) is None
    assert path_cost_of(st, "A", [H(m, a), H(m, e), f]) == 2 + 6 + 2


def test_units_marked_without_zoc_exert_none():
    """6.0: units marked with a black hexagon exert no zone of control."""
    m = blank_map()
    g = line_of(m, "0206", 0, 3)[2]
    st, _ = one_unit(ma=7, extra_units=[unit("G", "germans", 2, 2, 7, "no_zoc")], placements={"G": g}, m=m)
    assert st.enemy_zoc("allies") == set()


def test_no_ezoc_to_ezoc_into_a_fortification_hex():
    """6.1 exception: not from EZOC to EZOC to enter a fortification hex; a commando may (6.1)."""
    from hexwright.engine.model import FeatureType

    m = blank_map()
    g = line_of(m, "0506", 0, 1)[0]
    ring = sorted(m.neighbors_on_map(H(m, g)))
    start = ring[0]
    nxt = next(h for h in ring if h in m.neighbors_on_map(start))
    m.terrain_table.features["fortification"] = FeatureType("fortification", "Fortification", mode="add",
                                                            move={"leg": 0, "mobile": 0},
                                                            combat={"fortification": True})
    m.set_features({nxt: ("fortification",)})
    st, _ = one_unit(ma=7, extra_units=[unit("G", "germans", 2, 2, 7)], placements={"A": m.label(start), "G": g}, m=m)
    assert unit_reach(st, "A").path(nxt) != [start, nxt]  # only around, out of the zone and back in
    with pytest.raises(IllegalAction, match=r"directly into .*\(F&M 6.1"):
        st.apply_checked(Move("A", (m.label(start), m.label(nxt))))
    st2, _ = one_unit(flags=("commando",), ma=7, extra_units=[unit("G", "germans", 2, 2, 7)],
                      placements={"A": m.label(start), "G": g}, m=m)
    assert unit_reach(st2, "A").path(nxt) == [start, nxt]


@pytest.mark.parametrize("cls", ["leg", "mobile"])
def test_a_commando_by_unit_type_alone_ignores_ezoc_costs(cls):
    """6.1 exception: a unit whose type is commando (no `commando` flag) may move from EZOC to EZOC into a
    fortification hex and never pays extra MP to enter or leave an EZOC: the hex's terrain cost only, not all
    its printed MA (a leg unit) nor half of it (a mobile unit)."""
    from hexwright.engine.model import FeatureType

    m = blank_map()
    g = line_of(m, "0506", 0, 1)[0]
    ring = sorted(m.neighbors_on_map(H(m, g)))
    start = ring[0]
    nxt = next(h for h in ring if h in m.neighbors_on_map(start))
    m.terrain_table.features["fortification"] = FeatureType("fortification", "Fortification", mode="add",
                                                            move={"leg": 0, "mobile": 0},
                                                            combat={"fortification": True})
    m.set_features({nxt: ("fortification",)})
    flags = ("mobile",) if cls == "mobile" else ()
    st, _ = one_unit(flags=flags, ma=10, unit_type="commando", extra_units=[unit("G", "germans", 2, 2, 7)],
                     placements={"A": m.label(start), "G": g}, m=m)
    assert st.game.is_commando("A") and not st.game.units["A"].has("commando")
    reach = unit_reach(st, "A")
    assert reach.path(nxt) == [start, nxt] and reach.spent[nxt] == 2.0  # mixed: 2 MP, nothing for the EZOC
    plain, _ = one_unit(flags=flags, ma=10, extra_units=[unit("G", "germans", 2, 2, 7)],
                        placements={"A": m.label(start), "G": g}, m=m)
    assert not plain.game.is_commando("A") and unit_reach(plain, "A").spent.get(nxt) != 2.0


def test_no_ezoc_to_ezoc_across_a_minefield_hexside():
    """6.1 exception: not from EZOC to EZOC across a minefield hexside."""
    m = blank_map()
    g = line_of(m, "0506", 0, 1)[0]
    gh = H(m, g)
    ring = sorted(m.neighbors_on_map(gh))
    start = ring[0]
    nxt = next(h for h in ring if h in m.neighbors_on_map(start))
    side_of(m, m.label(start), m.label(nxt), "minefield")
    st, _ = one_unit(ma=7, extra_units=[unit("G", "germans", 2, 2, 7)], placements={"A": m.label(start), "G": g}, m=m)
    with pytest.raises(IllegalAction, match=r"directly into .*\(F&M 6.1"):
        st.apply_checked(Move("A", (m.label(start), m.label(nxt))))


def test_mobile_movement_phase_rules():
    """5.5 and 4.1: mobile units that moved in the Movement Phase cannot move in the Mobile Movement
    Phase; leg units never move in it; a mobile unit that did not move may."""
    m = blank_map()
    units = [unit("M1", "allies", 4, 3, 10, "mobile"), unit("M2", "allies", 4, 3, 10, "mobile"),
             unit("L", "allies", 3, 3, 7)]
    st = new_game(scenario(m, units, {"M1": "0206", "M2": "0208", "L": "0210"}), 0)
    st.apply_checked("move M1 0206-0306")
    st.apply_checked(Pass())
    pass_until(st, MoveChoice, "allies")
    assert st.pending_decision().mobile is True
    with pytest.raises(IllegalAction, match=r"cannot move in the Mobile Movement Phase \(F&M 5.5"):
        st.apply_checked("move M1 0306-0406")
    with pytest.raises(IllegalAction, match=r"leg units cannot move in the Mobile Movement Phase \(F&M 5.5"):
        st.apply_checked("move L 0210-0310")
    st.apply_checked("move M2 0208-0308")


def test_marsh_only_along_road_for_mobile_units():
    """10.5: mobile units may enter and exit marsh only along a road or trail."""
    m = blank_map()
    path = line_of(m, "0206", 0, 4)
    for lab in path[1:3]:
        m.set_terrain({H(m, lab): "marsh"})
    st, _ = one_unit(flags=("mobile",), ma=10, m=m)
    with pytest.raises(IllegalAction, match=r"10.5"):
        st.apply_checked(Move("A", tuple(path[:2])))
    road(m, *path)
    st2, _ = one_unit(flags=("mobile",), ma=10, m=m)
    assert unit_reach(st2, "A").spent[H(m, path[3])] == 1.5


def canal_crossing_map():
    """The 10.6.1 example: a canal between 0507 and 0606 with a trail leading to it on both sides."""
    m = blank_map()
    water_between_columns(m, 5, "canal")
    side_of(m, "0507", "0606", "canal", "ferry")
    road(m, "0606", "0706", kind="trail")
    road(m, "0408", "0507", kind="trail")
    return m


@pytest.mark.parametrize("flags,cost", [((), 4), (("mobile",), 5)])
def test_canal_trail_crossing_costs_ferry_then_trail(flags, cost):
    """10.6.1: 'A leg unit would expend three MP to cross the canal from hex 0507 to 0606 and one MP
    (total of four MP) for the trail in hex 0606. A mobile unit ... a total of five MP.'"""
    m = canal_crossing_map()
    st, _ = one_unit(flags=flags, ma=10, m=m, placements={"A": "0507"})
    assert unit_reach(st, "A").spent[H(m, "0606")] == cost


def test_railroad_bridge_costs_the_terrain_and_bars_mobile_units_from_marsh():
    """10.6.2: crossing a railroad bridge costs the terrain of the hex entered (no road rate); the
    example: a mobile unit cannot cross the railroad bridge 2412/2413 into marsh with no road or trail."""
    m = blank_map(28, 16)
    m.set_terrain({H(m, "2412"): "marsh", H(m, "2413"): "marsh"})
    for h in m.neighbors_on_map(H(m, "2412")):
        if m.label(h) != "2413":
            side_of(m, "2412", m.label(h), "river")
    side_of(m, "2412", "2413", "river", bridge="railroad", paths=())
    road(m, "2413", m.label(next(h for h in m.neighbors_on_map(H(m, "2413")) if m.label(h) != "2412")))
    st, _ = one_unit(flags=("mobile",), ma=12, m=m, placements={"A": "2413"})
    assert H(m, "2412") not in unit_reach(st, "A")
    st2, _ = one_unit(ma=7, m=m, placements={"A": "2413"})
    assert unit_reach(st2, "A").spent[H(m, "2412")] == 4


# 10.6.2: "Units using printed ferries are treated as Leg units for movement into and out of EZOC (6.1)."
def ferry_line(ma=8, flags=("mobile",), german=True, start_index=1):
    """A line of hexes L0..L5 going east from 0206 across a river between columns 03 and 04 with a printed
    ferry on the hexside L1/L2; a German unit on L3, so L2 is in its zone and L1 is not."""
    m = blank_map()
    line = line_of(m, "0206", 0, 6)
    water_between_columns(m, 3, "river")
    side_of(m, line[1], line[2], "river", "ferry")
    extra = [unit("G", "germans", 2, 2, 7)] if german else []
    placements = {"A": line[start_index]}
    if german:
        placements["G"] = line[3]
    st, _ = one_unit(flags=flags, ma=ma, extra_units=extra, placements=placements, m=m)
    return st, m, line


def test_mobile_unit_crossing_a_printed_ferry_into_an_ezoc_moves_as_a_leg_unit():
    """10.6.2 with 6.1: across the printed ferry into an EZOC a mobile unit pays what it would pay without
    the zone (no half MA extra, like a leg unit) and stops there."""
    free, m, line = ferry_line(german=False)
    ferry_cost = unit_reach(free, "A").spent[H(m, line[2])]
    assert unit_reach(free, "A").path(H(m, line[2])) == [H(m, line[1]), H(m, line[2])]
    st, _, _ = ferry_line()
    reach = unit_reach(st, "A")
    target = H(m, line[2])
    assert target in st.enemy_zoc("allies") and H(m, line[1]) not in st.enemy_zoc("allies")
    assert reach.spent[target] == ferry_cost
    assert reach.path(target) == [H(m, line[1]), target]
    move = Move("A", (line[1], line[2]))
    assert move in st.legal_actions()
    assert path_problem(st, "A", [H(m, line[1]), target]) is None
    beyond = [h for h in reach.spent if int(m.label(h)[:2]) >= 4]
    assert beyond == [target]  # nothing past the ferry: the unit stops in the first EZOC hex
    with pytest.raises(IllegalAction,
                       match=r"must stop in .*printed ferry.*\(Arnhem: The Farthest Bridge 10.6.2; F&M 6.1\)"):
        st.apply_checked(Move("A", (line[1], line[2], m.label(next(
            h for h in m.neighbors_on_map(target) if h != H(m, line[1]) and h != H(m, line[3]))))))
    st.apply_checked(move)
    assert st.mp_spent("A") == ferry_cost
    assert st.activity("A").moved  # it stopped: its move is over


def test_a_leg_unit_crossing_the_printed_ferry_is_unchanged():
    """10.6.2 changes nothing for leg units: across the ferry into the EZOC they pay the ferry and stop."""
    free, m, line = ferry_line(flags=(), german=False)
    st, _, _ = ferry_line(flags=())
    assert unit_reach(st, "A").spent[H(m, line[2])] == unit_reach(free, "A").spent[H(m, line[2])]
    assert [h for h in unit_reach(st, "A").spent if int(m.label(h)[:2]) >= 4] == [H(m, line[2])]


def test_mobile_unit_ferries_from_ezoc_to_ezoc_only_at_the_start_by_spending_its_whole_ma():
    """10.6.2 with 6.1: a leg unit that begins in an EZOC may move directly into another EZOC hex by
    expending all its printed MA; a mobile unit crossing a printed ferry does the same. One that entered
    the zone during this move may not go on across the ferry into another EZOC hex."""
    m = blank_map()
    g = line_of(m, "0506", 0, 1)[0]
    ring = sorted(m.neighbors_on_map(H(m, g)))
    a, b = ring[0], next(h for h in ring if h in m.neighbors_on_map(ring[0]))
    side_of(m, m.label(a), m.label(b), "river", "ferry")
    # MA 6: overland (out of the zone and back in) would cost 2 + 2 + 3 = 7, so only the ferry reaches b
    st, _ = one_unit(flags=("mobile",), ma=6, extra_units=[unit("G", "germans", 2, 2, 7)],
                     placements={"A": m.label(a), "G": g}, m=m)
    assert a in st.enemy_zoc("allies") and b in st.enemy_zoc("allies")
    reach = unit_reach(st, "A")
    assert reach.spent[b] == 6 and reach.path(b) == [a, b]
    st.apply_checked(Move("A", (m.label(a), m.label(b))))
    assert st.mp_spent("A") == 6
    outside = next(h for h in m.neighbors_on_map(a) if h not in st.enemy_zoc("allies"))
    st2, _ = one_unit(flags=("mobile",), ma=20, extra_units=[unit("G", "germans", 2, 2, 7)],
                      placements={"A": m.label(outside), "G": g}, m=m)
    assert b not in unit_reach(st2, "A") or unit_reach(st2, "A").path(b)[-2] != a
    with pytest.raises(IllegalAction, match=r"printed ferry .* from one enemy zone of control into another.*"
                                            r"\(Arnhem: The Farthest Bridge 10.6.2; F&M 6.1\)"):
        st2.apply_checked(Move("A", (m.label(outside), m.label(a), m.label(b))))


def test_leaving_an_ezoc_across_a_printed_ferry_costs_the_normal_mp():
    """10.6.2 with 6.1: any unit beginning in an EZOC may move into a hex not in an EZOC at the normal cost,
    across a printed ferry too, and move on."""
    free, m, line = ferry_line(german=False, start_index=2)
    ferry_cost = unit_reach(free, "A").spent[H(m, line[1])]
    st, _, _ = ferry_line(start_index=2)
    assert H(m, line[2]) in st.enemy_zoc("allies") and H(m, line[1]) not in st.enemy_zoc("allies")
    reach = unit_reach(st, "A")
    assert reach.spent[H(m, line[1])] == ferry_cost
    assert reach.path(H(m, line[1])) == [H(m, line[2]), H(m, line[1])]
    assert reach.spent[H(m, line[0])] == ferry_cost + 2  # and it moves on


def test_the_canal_trail_crossings_are_not_printed_ferries():
    """10.6.1: there a unit "expends the MP as if a ferry exists"; it is not a printed ferry, so a mobile
    unit crossing into an EZOC pays the 6.1 extra as usual."""
    m = canal_crossing_map()
    g = m.label(next(h for h in m.neighbors_on_map(H(m, "0606")) if m.label(h)[:2] == "07"))
    st, _ = one_unit(flags=("mobile",), ma=10, m=m, placements={"A": "0507", "G": g},
                     extra_units=[unit("G", "germans", 2, 2, 7)])
    assert st.game.printed_ferries == []
    assert unit_reach(st, "A").spent.get(H(m, "0606")) in (None, 5 + 5)


def test_a_move_by_another_legal_path_is_accepted_and_stands_for_the_listed_cheapest_one():
    """5.1: a unit may take any legal path; the legal list names one move per destination, the cheapest
    (a road at 1/2 MP, 5.4.1). A move to the same hex across open ground (2 MP a hex) is accepted too, and
    `listed_equivalent` names the listed road move it stands for; a path the MA cannot pay (5.2 a) is
    refused and stands for nothing."""
    from hexwright.engine.hexgrid import hex_neighbor

    m = blank_map()
    row = line_of(m, "0206", 0, 4)
    bend = hex_neighbor(H(m, "0206"), 1)
    detour = [m.label(bend), m.label(hex_neighbor(bend, 0))]
    for a, b in zip(["0206", *detour], [*detour, row[2]], strict=True):  # the road bends; open ground runs straight
        m.link_path(H(m, a), H(m, b), "road")
    st, _ = one_unit(ma=7, m=m)
    straight = Move("A", tuple(row[:3]))
    listed = [a for a in st.legal_actions() if isinstance(a, Move) and a.path[-1] == row[2]]
    assert len(listed) == 1 and listed[0] != straight
    assert path_cost_of(st, "A", [H(m, x) for x in listed[0].path]) < path_cost_of(st, "A", [H(m, x) for x in row[:3]])
    assert straight not in st.legal_actions() and st.is_legal(straight)
    assert st.listed_equivalent(straight) == listed[0]
    assert st.listed_equivalent(listed[0]) == listed[0]
    too_far = Move("A", tuple(line_of(m, "0206", 0, 5)))
    assert not st.is_legal(too_far) and st.listed_equivalent(too_far) is None
    st.apply_checked(straight)
    assert st.unit_hex("A") == H(m, row[2])
