"""The variant's rules other than the bridge entry (Storm over Arnhem: The Crossing, 003_6afad32bba8815b2.txt),
each with the rulebook's wording and numbers: turns A and B before turn 1, the set-up zones (2.1-2.3), the
Tactical Advantage and its switch at turn 3 (introduction), the pillbox (1.1), the Arnhem Garrison (1.2),
the 9th SS Recon infantry (1.3), British MF on turn A (3.1), perimeter zones on turn A (3.2), perimeter
control counters (3.5) and the German VP marker at -2 (3.7)."""

from __future__ import annotations

import pytest
from hexwright.engine.rules.presentation import presenter_for
from hexwright.engine.rules.protocol import IllegalAction
from hexwright.engine.rules.storm_over_arnhem.board import REPLACED
from hexwright.engine.rules.storm_over_arnhem.closecombat import CloseCombatPhase
from hexwright.engine.rules.storm_over_arnhem.decisions import (
    Casualties,
    ContinueTurn,
    Designate,
    FireRoll,
    Impulse,
    PlacePerimeter,
    PlaceUnit,
    Substitute,
)
from hexwright.engine.rules.storm_over_arnhem.fire import PLATOON_INTEGRITY, make_volley
from hexwright.engine.rules.storm_over_arnhem.game import BRITISH, GERMAN, arrivals_of
from hexwright.engine.rules.storm_over_arnhem.movement import movement_factors, reach
from hexwright.engine.rules.storm_over_arnhem.setup import AskPerimeter, AskSubstitute, ScoreTurn, place_areas
from hexwright.engine.rules.storm_over_arnhem.state import Stage
from hexwright.engine.rules.storm_over_arnhem.tables import FIRE_TABLE, FIRE_TERRAIN, FireTable

from tests.engine.rules.storm_over_arnhem.board_fixtures import Board, fresh, scenario

ZONE_D, ZONE_E = {"1", "2", "24", "25"}, {"6", "12", "13", "16", "19"}


def run(b: Board, *tasks) -> None:  # tasks: the kit's Tasks
    """Run `tasks` at the end of the board's turn (what follows them is the next turn)."""
    st = b.state
    st.stage = Stage.END
    st.queue = list(tasks)
    st.ask(None)
    st.advance()


# -- the turn track, the set-up and arrivals ---------------------------------------------------------------
def test_the_game_starts_on_turn_a_then_b_before_turn_1():
    st = fresh()
    assert st.game.labels[:3] == ("A", "B", "1")
    assert st.label() == "A"


def test_turn_a_british_set_up_in_zones_d_and_e_except_company_b_and_the_germans_in_4_and_23():
    st = fresh()
    assert st.area_of("G-Pillbox") == "4"
    assert {st.area_of(u) for u in ("G-Gar1", "G-Gar2", "G-GarHQ")} == {"23"}
    d = st.pending_decision()
    assert isinstance(d, PlaceUnit) and d.player == BRITISH and d.zones == ("D", "E")
    asked = set()
    while isinstance(st.pending_decision(), PlaceUnit):
        asked.add(st.pending_decision().unit)
        areas = {a.dest for a in st.legal_actions()}
        assert areas <= ZONE_D | ZONE_E
        st.apply(st.legal_actions()[0])
    assert not asked & {"B-B1", "B-B2", "B-B3"}, "Company B comes on in turn B (2.1, 2.2)"
    assert "B-AT1" in asked and st.label() == "A"


def arrival_summary(arrivals) -> list[tuple]:
    return [(a.label, a.side, len(a.units), a.units[0], a.zones, a.limit, a.rule) for a in arrivals]


EXPECTED_ARRIVALS = [
    ("A", BRITISH, 12, "B-A1", ("D", "E"), 0, "2.1"),
    ("B", BRITISH, 3, "B-B1", ("E",), 0, "2.2"),
    ("B", GERMAN, 8, "G-10R1", ("A", "B", "C"), 11, "2.2"),
    ("1", GERMAN, 4, "G-Boc1", ("A", "B"), 0, "2.3"),
]


def test_arrivals_read_from_the_scenarios_reinforcements_as_2_1_to_2_3_say():
    sc = scenario()
    game = fresh().game
    assert arrival_summary(game.arrivals) == EXPECTED_ARRIVALS
    assert "B-B1" not in game.arrivals[0].units  # every British unit but Company B on turn A (2.1)
    sc.reinforcements = []  # without any, the variant's own list gives the same
    assert arrival_summary(arrivals_of(sc, game.labels)) == EXPECTED_ARRIVALS


def test_arrivals_of_turns_b_and_1_and_the_limit_of_eleven_10th_ss_units_a_zone():
    b = Board("B")
    st = b.state
    b.put("G-10R1", "3")
    b.put("G-10R2", "21")
    areas = place_areas(st, "G-10R3", ("A", "B"), 2)  # a zone holding the limit takes no more
    assert areas and not set(areas) & {"3", "21", "27", "29"}
    assert set(place_areas(st, "G-10R3", ("A", "B"), 11)) >= {"3", "21", "27", "29"}


# -- victory points and control ------------------------------------------------------------------------------
def test_the_german_vp_marker_starts_at_minus_2_and_the_germans_control_every_vp_area():
    st = fresh()
    assert st.vp == -2
    assert {a: st.controller(a) for a in st.areas.vp_areas()} == {a: GERMAN for a in st.areas.vp_areas()}
    assert any(m.text.startswith("German VP -2") for m in presenter_for(st).markers(st))


def test_vp_for_the_areas_the_germans_still_control_at_the_end_of_turn_a():
    b = Board("A")
    b.put("B-A1", "22")  # British alone in 22: British control
    b.put("B-A2", "4")  # with the pillbox: still German (1.1: the pillbox counts for control)
    b.put("G-Pillbox", "4")
    st = b.state
    st.update_control()
    assert st.controller("22") == BRITISH and st.controller("4") == GERMAN
    run(b, ScoreTurn())
    assert st.vp == -2 + 6  # 4, 5, 17, 18, 23, 28 (1 VP each on this map)


# -- the Tactical Advantage ------------------------------------------------------------------------------------
def test_the_british_hold_the_tactical_advantage_and_it_switches_to_the_germans_at_turn_3():
    st = fresh()
    assert st.ta == BRITISH
    b = Board("2")
    st = b.state
    st.stage = Stage.END
    run(b)  # the end of turn 2: turn 3 starts
    assert st.label() == "3" and st.ta == GERMAN


def test_no_automatic_switch_at_turn_3_when_the_british_have_used_it():
    b = Board("2")
    st = b.state
    st.ta_used = {BRITISH, GERMAN}
    st.stage = Stage.END
    run(b)
    assert st.label() == "3" and st.ta == BRITISH


def test_two_passes_in_a_row_end_the_turn_unless_the_holder_uses_the_tactical_advantage():
    b = Board("1")
    b.put("B-A1", "22")
    b.put("G-Boc1", "20")
    b.start(GERMAN)
    st = b.state
    b.do("pass", "pass")
    assert isinstance(st.pending_decision(), ContinueTurn) and st.pending_decision().player == BRITISH
    b.do("use-ta")
    assert st.ta == GERMAN and isinstance(st.pending_decision(), Impulse) and st.pending_decision().player == BRITISH
    b.do("pass", "pass")
    assert isinstance(st.pending_decision(), ContinueTurn) and st.pending_decision().player == GERMAN
    b.do("end-turn")
    assert st.label() == "2", "turn 1 is over"


# -- 3.1, 3.2 -------------------------------------------------------------------------------------------------
def test_british_units_have_one_more_mf_on_turn_a_and_at_units_6():
    a, later = Board("A").state, Board("B").state
    assert (movement_factors(a, "B-A1"), movement_factors(later, "B-A1")) == (6, 5)
    assert (movement_factors(a, "B-AT1"), movement_factors(later, "B-AT1")) == (6, 2)
    assert movement_factors(a, "G-Gar1") == 5, "German units have their normal MF"


def test_no_unit_enters_a_perimeter_zone_on_turn_a():
    a = Board("A")
    a.put("B-A1", "6")
    assert not {"P1", "P3"} & set(reach(a.state, "B-A1"))
    a.start(BRITISH)
    with pytest.raises(IllegalAction, match=r"perimeter zone during turn A \(Storm over Arnhem 3.2\)"):
        a.do("move B-A1 P1")
    b = Board("B")
    b.put("B-A1", "6")
    assert {"P1", "P3"} <= set(reach(b.state, "B-A1"))


# -- 1.2 the Arnhem Garrison -----------------------------------------------------------------------------------
def test_the_garrison_does_not_affect_enemy_movement_costs_on_turn_a_only():
    for turn, cost in (("A", 2), ("B", 3)):
        b = Board(turn)
        for uid in ("G-Gar1", "G-Gar2", "G-GarHQ"):
            b.put(uid, "23")
        b.put("B-A1", "19")
        assert reach(b.state, "B-A1")["22"][0] == cost, turn  # buildings 2, +1 next to the garrison (8.22 B)


def test_platoon_integrity_plus_1_when_all_three_garrison_units_fire_together():
    b = Board("1")
    for uid in ("G-Gar1", "G-Gar2", "G-GarHQ"):
        b.put(uid, "23")
    b.put("B-A1", "22")
    st = b.state
    three = make_volley(st, GERMAN, ("G-Gar1", "G-Gar2", "G-GarHQ"), ("B-A1",), "22", "", "")
    two = make_volley(st, GERMAN, ("G-Gar1", "G-Gar2"), ("B-A1",), "22", "", "")
    assert three.drm == two.drm + 1 and PLATOON_INTEGRITY in three.modifiers
    b.start(GERMAN)
    b.do("fire 23 22", "with G-Gar1", "with G-Gar2", "with G-GarHQ", "resolve", "roll 3")
    # strength 3+3+2 = 8 (column 7-9), roll 3 -1 (buildings) +1 = 3: 2 casualty points
    assert isinstance(st.pending_decision(), Casualties) and st.pending_decision().points == 2


# -- 1.1 the pillbox -----------------------------------------------------------------------------------------------
def test_the_pillbox_affects_neither_movement_nor_stacking_and_is_not_fired_at_outside_close_combat():
    b = Board("1")
    b.put("G-Pillbox", "4")
    b.put("B-A1", "2")
    st = b.state
    got = reach(st, "B-A1")
    assert got["4"][0] == 2, "no 8.22 B cost for the pillbox"
    assert "18" in got, "a move through area 4 goes on: the pillbox does not stop it"
    assert st.room("4", GERMAN) == st.stacking_limit("4")
    b.start(BRITISH)
    assert not [t for t in b.legal() if t.startswith("fire")], "the pillbox is attacked only in Close Combat"


def test_close_combat_the_british_designate_first_and_the_pillbox_fires_only_at_its_attackers():
    b = Board("1")
    b.put("G-Pillbox", "4")
    b.put("G-Boc1", "4")
    for uid in ("B-A1", "B-A2", "B-AT1"):
        b.put(uid, "4")
    st = b.state
    st.ta = GERMAN  # regardless of who holds the Tactical Advantage
    run(b, CloseCombatPhase())
    d = st.pending_decision()
    assert isinstance(d, Designate) and (d.player, d.target) == (BRITISH, "pillbox")
    assert b.legal() == ["hold", "with B-A1", "with B-A2"], "no AT gun against the pillbox (3.47)"
    b.do("with B-A1", "resolve")
    d = st.pending_decision()
    assert isinstance(d, Designate) and (d.player, d.target) == (BRITISH, "units")
    b.do("with B-A2", "resolve")
    assert isinstance(st.pending_decision(), Designate) and st.pending_decision().player == GERMAN
    b.do("with G-Boc1", "resolve")
    assert isinstance(st.pending_decision(), FireRoll)
    b.do("roll 6", "roll 6", "roll 1", "roll 1")  # B-A1 at the pillbox, the pillbox at B-A1, B-A2, G-Boc1
    # British 4 at the pillbox: row 5 of 3-4: 2 points; the pillbox 4 at B-A1: 2 points; the rest 0
    d = st.pending_decision()
    assert isinstance(d, Casualties) and d.player == GERMAN and d.points == 2
    assert b.legal() == ["eliminate G-Pillbox"], "the pillbox takes its own attackers' points"
    b.do("eliminate G-Pillbox")
    d = st.pending_decision()
    assert isinstance(d, Casualties) and d.player == BRITISH
    assert {a.unit for a in st.legal_actions()} == {"B-A1"}, "the pillbox fired only at the unit attacking it"


def test_the_pillbox_counts_for_control_of_a_victory_point_area():
    b = Board("1")
    b.put("G-Pillbox", "4")
    st = b.state
    st.control["4"] = BRITISH
    st.update_control()
    assert st.controller("4") == GERMAN


# -- 1.3 the 9th SS Recon infantry --------------------------------------------------------------------------------
def test_a_halftrack_may_be_replaced_by_a_recon_infantry_counter_for_good():
    b = Board("B")
    b.put("G-SPW1", "28")
    b.put("G-PSW1", "28")
    st = b.state
    st.recon_entered = True
    run(b, AskSubstitute())
    assert isinstance(st.pending_decision(), Substitute)
    assert b.legal() == ["done", "replace G-SPW1"], "halftracks only, not the armoured cars"
    b.do("replace G-SPW1")
    assert st.status("G-SPW1") == REPLACED and st.area_of("G-RInf1") == "28"
    assert not isinstance(st.pending_decision(), Substitute), "no halftrack left to replace: the turn goes on"
    with pytest.raises(IllegalAction):
        b.do("replace G-RInf1")
    assert st.status("G-SPW1") == REPLACED, "the substitution is never reversed"


# -- 3.5 perimeter control counters -------------------------------------------------------------------------------
def test_perimeter_counters_go_on_british_areas_first_never_vp_areas_and_2_vp_for_each_not_placed():
    b = Board("1")
    for uid, area in (("B-A1", "19"), ("B-A2", "25"), ("B-A3", "22"), ("B-RE1", "24"), ("G-Boc1", "24")):
        b.put(uid, area)
    st = b.state
    st.transit["16"] = BRITISH  # last transited by the British, now empty
    run(b, AskPerimeter())
    d = st.pending_decision()
    assert isinstance(d, PlacePerimeter) and d.player == GERMAN and d.left == 6
    assert b.legal() == ["perimeter 19", "perimeter 25"], "British alone first; 22 is a VP area"
    b.do("perimeter 19", "perimeter 25")
    assert b.legal() == ["perimeter 24"], "then an area shared with German units"
    b.do("perimeter 24")
    assert b.legal() == ["perimeter 16"], "then an unoccupied area last transited by the British"
    before = st.vp
    b.do("perimeter 16")
    assert st.perimeter == {"19", "25", "24", "16"}
    assert st.vp == before + 2 * 2, "2 VP for each of the two counters not placed"


def test_never_more_than_six_perimeter_areas():
    b = Board("1")
    for i, area in enumerate(("1", "2", "6", "12", "13", "16", "19", "24")):
        b.put(f"B-{['A1', 'A2', 'A3', 'RE1', 'RE2', 'RE3', '3P', 'Recce'][i]}", area)
    st = b.state
    run(b, AskPerimeter())
    for _ in range(6):
        b.do(st.legal_actions()[0].text())
    assert len(st.perimeter) == 6 and not isinstance(st.pending_decision(), PlacePerimeter)
    assert st.vp == -2


# -- the reconstructed tables --------------------------------------------------------------------------------------
def test_the_fire_table_and_terrain_modifiers_are_shipped_as_reconstructed_data():
    sc = scenario()
    assert sc.tables[FIRE_TABLE].reconstructed and sc.tables[FIRE_TERRAIN].reconstructed
    t = FireTable.of(sc)
    assert t.reconstructed
    assert t.casualties(17, 4) == 5 and t.casualties(3, 0) == 0 and t.casualties(40, 99) == 8
    assert t.drm_of("buildings") == -1 and t.drm_of("unknown") == 0
