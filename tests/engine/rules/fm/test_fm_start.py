"""F&M games that start mid-way (Scenario.start: steps lost, demolished bridges, a ferry in operation,
marker hexes), the typed queries and edit methods of the position, and the decisions the state takes
for a player when his only choice is to do nothing (000_e5c3deafb2cea4af.txt)."""

from __future__ import annotations

from hexwright.engine.hexgrid import hexside_between
from hexwright.engine.model import Entry, MarkerDef, Reinforcement
from hexwright.engine.rules.chance import ScriptedSampler
from hexwright.engine.rules.fm.actions import Ferry, Move, Pass, Repair
from hexwright.engine.rules.fm.decisions import AttackChoice, BombardChoice, EngineerChoice, LandingChoice, MoveChoice
from hexwright.engine.rules.fm.reach import unit_reach
from hexwright.engine.rules.presentation import presenter_for
from hexwright.engine.rules.protocol import make_game, new_game

from ..synthetic import H, blank_map, pass_until, scenario, side_of, unit, water_between_columns


def river_scenario(bridge: bool = True):
    """A river between columns 06 and 07, bridged at 0606 (a road), an engineer and a unit to cross."""
    m = blank_map()
    water_between_columns(m, 6, "river")
    b = next(m.label(h) for h in m.neighbors_on_map(H(m, "0606")) if m.label(h).startswith("07"))
    if bridge:
        side_of(m, "0606", b, "river", bridge="highway", paths=("road",))
    units = [unit("E", "allies", 1, 1, 7, "engineer", unit_type="engineer"),
             unit("A", "allies", 3, 3, 7, reduced=(2, 2, 7)), unit("G", "germans", 2, 2, 7)]
    sc = scenario(m, units, {"E": "0406", "A": "0606", "G": "1410"})
    return sc, m, b


def test_a_unit_may_start_depleted():
    """Scenario.start steps_lost: one step lost is a depleted unit (8.2.4) with its reduced values."""
    sc, m, _ = river_scenario()
    sc.start.steps_lost["A"] = 1
    st = new_game(sc, 0)
    assert st.steps_lost("A") == 1 and st.is_depleted("A") and not st.is_depleted("G")
    assert st.current_values("A")["attack"] == 2
    view = {u.id: u for u in presenter_for(st).units(st)}["A"]
    assert "depleted" in view.flags and view.values.endswith("(depleted)")


def test_a_bridge_may_start_demolished():
    """Scenario.start hexsides "demolished": the bridge is a river hexside again (10.6.3) and the engineer
    may try to repair it (10.6.4)."""
    sc, m, b = river_scenario()
    side = hexside_between(H(m, "0606"), H(m, b))
    open_state = new_game(sc, 0)
    assert H(m, b) in unit_reach(open_state, "A")
    sc.start.hexsides[f"0606/{b}"] = "demolished"
    st = new_game(sc, 0)
    assert st.demolished() == frozenset({side})
    assert isinstance(st.pending_decision(), EngineerChoice)
    assert Repair(st.game.hexside_label(side)) in st.legal_actions()
    st.apply_checked(Pass())
    assert H(m, b) not in unit_reach(st, "A")


def test_a_ferry_may_start_in_operation():
    """Scenario.start hexsides "ferry": the engineer's ferry is in operation on GT 1 (10.6.5): Allied units
    cross as by a bridge, the engineer has made his one operation of the GT, and the ferry ends with the
    GT."""
    sc, m, b = river_scenario(bridge=False)
    cross = next(m.label(h) for h in m.neighbors_on_map(H(m, "0605")) if m.label(h).startswith("07"))
    sc.placements["A"] = "0605"
    sc.start.hexsides[f"0605/{cross}"] = "ferry"
    st = new_game(sc, 0)
    side = hexside_between(H(m, "0605"), H(m, cross))
    assert st.declared_ferry() == side and st.active_ferry() == side
    # the engineer decision had nothing to offer but "pass": it was taken for the player, and said so
    assert isinstance(st.pending_decision(), MoveChoice)
    assert any(isinstance(s.decision, EngineerChoice) for s in st.skipped)
    assert not any(isinstance(a, (Ferry, Repair)) for a in st.legal_actions())
    st.apply_checked(Move("A", ("0605", cross)))
    assert st.unit_hex("A") == H(m, cross)
    while st.turn == 1:  # to GT 2
        st.apply(st.sample_chance() if st.current_player == "chance" else Pass())
    assert st.declared_ferry() is None


def test_a_ferry_set_up_beside_a_german_unit_is_cancelled_at_once():
    """10.6.5: a German unit occupying an adjoining hex cancels the ferry, from the set-up on."""
    sc, m, b = river_scenario(bridge=False)
    cross = next(m.label(h) for h in m.neighbors_on_map(H(m, "0605")) if m.label(h).startswith("07"))
    sc.placements.update({"A": "0605", "G": cross})
    sc.start.hexsides[f"0605/{cross}"] = "ferry"
    st = new_game(sc, 0)
    assert st.declared_ferry() is None and st.active_ferry() is None
    assert any(f"ferry across 0605/{cross} is cancelled" in t for _i, t in st.events)


def test_a_drop_zone_may_start_elsewhere():
    """Scenario.start markers: a drop zone marker already shifted (12.0) stands in its start hex, and the
    airborne units land around it (11.4)."""
    m = blank_map()
    sc = scenario(m, [unit("P", "allies", 2, 2, 7, "airborne", unit_type="parachute"), unit("G", "germans", 1, 1, 7)],
                  {"G": "1410"})
    sc.markers = {"dz": MarkerDef("dz", "drop_zone", "allies", "DZ", "0505")}
    sc.reinforcements = [Reinforcement(1, "allies", ["P"], Entry(marker="dz", within=1), airborne=True)]
    sc.start.markers["dz"] = "0909"
    st = make_game(sc).new_initial_state(0, ScriptedSampler([3]))
    assert st.drop_zone("dz") == H(m, "0909")
    assert isinstance(st.pending_decision(), LandingChoice)
    around = {m.label(h) for h in [H(m, "0909"), *m.neighbors_on_map(H(m, "0909"))]}
    assert {a.hex for a in st.legal_actions()} <= around


def test_a_decision_with_nothing_to_do_is_taken_and_logged():
    """A Bombardment Phase without support fire markers, or a Combat Phase with no enemy unit adjacent, has
    only "pass": the state passes for the player and records it (skipped, and a line of the log)."""
    sc = scenario(units=[unit("A", "allies", 2, 2, 7), unit("G", "germans", 2, 2, 7)],
                  placements={"A": "0206", "G": "1310"})
    st = new_game(sc, 0)
    assert isinstance(st.pending_decision(), MoveChoice)
    st.apply_checked(Pass())
    kinds = [type(s.decision) for s in st.skipped]
    assert BombardChoice in kinds and AttackChoice in kinds
    skipped = next(s for s in st.skipped if isinstance(s.decision, BombardChoice))
    assert skipped.action == Pass() and skipped.decision.player == "allies"
    lines = st.events_since(0)
    assert "Allies: declare a bombardment or pass: nothing to decide (F&M 8.1)" in lines


def test_edits_of_the_position_are_seen_by_the_rules():
    """The edit methods change the position outside the rules and the caches follow (no stale reach)."""
    sc, m, b = river_scenario()
    st = new_game(sc, 0)
    pass_until(st, MoveChoice)
    assert H(m, b) in unit_reach(st, "A")
    before = [a for a in st.legal_actions() if isinstance(a, Move) and a.unit == "A" and a.path[-1] == b]
    assert before
    st.edit_hexside(f"0606/{b}", "demolished")
    assert not [a for a in st.legal_actions() if isinstance(a, Move) and a.unit == "A" and a.path[-1] == b]
    st.edit_steps_lost("A", 1)
    assert st.is_depleted("A")
    st.edit_place("G", H(m, b))
    assert st.occupant(H(m, b)) == "G" and st.unit_hex("G") == H(m, b)
