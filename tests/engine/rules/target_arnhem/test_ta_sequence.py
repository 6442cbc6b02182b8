"""The Sequence of Play, attacks, damage, stacking, re-supply, reinforcements and victory (Target Arnhem:
Adjustment, Impulses 1-3, Attack, Modifiers, Concentrated Bombardment, Fortifications, Damage, Advance,
Re-Supply, Reinforcements, Victory Conditions; 001_69d92a61f68ed4f9.txt)."""

from __future__ import annotations

import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest
from hexwright.engine.rules.protocol import IllegalAction, new_game
from hexwright.engine.rules.target_arnhem.actions import parse_action
from hexwright.engine.rules.target_arnhem.adjustment import AdjustmentPhase
from hexwright.engine.rules.target_arnhem.board import ELIMINATED, Stage
from hexwright.engine.rules.target_arnhem.combat import attack_part, odds
from hexwright.engine.rules.target_arnhem.decisions import (
    Act,
    AdvanceChoice,
    Excess,
    Reinforce,
    SupplyRoll,
    TakeDamage,
)
from hexwright.engine.rules.target_arnhem.victory import winner

ROOT = Path(__file__).resolve().parents[4]


def impulse(board, side="allied", n=1):
    st = board.state
    st.stage = Stage.of_impulse(side, n)
    st.begun = True
    st.queue = []
    st.acted = set()
    st.ask(Act(side, n))
    st.invalidate()
    return st


def texts(st):
    return [a.text() for a in st.legal_actions()]


def test_every_action_reads_back_from_its_text():
    for text in ("roll 4", "enter G-9SS-1 E", "move A-GrenGds 0503", "attack 0604", "with A-GrenGds", "fire",
                 "fire +bomb", "resupply A-502PIR", "damage G-FJ6", "advance A-GrenGds", "stay",
                 "eliminate A-129", "done", "pass"):
        assert parse_action(text).text() == text
    with pytest.raises(ValueError):
        parse_action("charge 0604")


def test_the_adjustment_gives_supply_points_and_damages_units_out_of_supply(board):
    st = board.state
    board.put("G-59-1", "0503")
    for uid, lab in zip(["A-GrenGds", "A-IrishGds", "A-CldmGds", "A-129", "A-130", "A-214"],
                        ["0402", "0403", "0502", "0504", "0602", "0603"], strict=True):
        board.put(uid, lab)
    st.points = {}
    AdjustmentPhase().run(st)
    assert st.damage("G-59-1") == 1  # "Each out-of-supply unit receives 1 point of endurance damage"
    assert st.points == {"SS": 1, "1st Para": 1, "101st": 1, "82nd": 1}  # "each receive 1 supply point"
    assert isinstance(st.pending_decision(), SupplyRoll)
    st.apply_checked("roll 5")  # "half of 1d6 die roll, fractions rounded up"
    assert st.points["German"] == 3


@pytest.mark.parametrize("die, points", [(1, 1), (2, 1), (3, 2), (4, 2), (5, 3), (6, 3)])
def test_the_wehrmacht_die_gives_half_rounded_up(scenario, die, points):
    st = new_game(scenario, 1)
    assert isinstance(st.pending_decision(), SupplyRoll)
    st.apply_checked(f"roll {die}")
    assert st.points["German"] == points


def test_attack_modifiers_halve_cumulatively(board):
    st = board.state
    board.put("G-59-1", "0203")  # cuts the Allied road
    board.put("G-59-2", "0504")
    board.put("A-GrenGds", "0404")  # across the unbridged canal and out of supply
    part = attack_part(st, "A-GrenGds", board.hex("0504"))
    assert part.strength == Fraction(6, 4) and len(part.modifiers) == 2
    board.put("G-59-3", "0503")
    board.put("A-IrishGds", "0403")  # across the Son bridge: bridged water
    assert attack_part(st, "A-IrishGds", board.hex("0503")).strength == Fraction(6, 4)


def test_a_city_shifts_left_and_bombardment_right(board):
    st = board.state
    board.put("G-59-1", "0303")  # Eindhoven, a city
    board.put("A-GrenGds", "0203")
    o = odds(st, ("A-GrenGds",), board.hex("0303"), False)
    assert (o.attack, o.defense, o.shift, o.result.column) == (6, 3, -1, "1.5:1")
    assert odds(st, ("A-GrenGds",), board.hex("0303"), True).result.column == "2:1"


def test_an_attack_never_crosses_an_unbridged_river(board):
    board.put("A-GrenGds", "0804")
    board.put("G-59-1", "0904")
    st = impulse(board)
    assert "attack 0904" not in texts(st)
    with pytest.raises(IllegalAction, match="Attack"):
        st.apply_checked("attack 0904")


def test_a_fortified_unit_absorbs_the_first_point_then_takes_damage(board):
    board.put("A-GrenGds", "0103")
    board.put("A-IrishGds", "0103")
    board.put("G-FJ6", "0203")
    st = impulse(board)
    st.fortified.add("G-FJ6")
    for t in ("attack 0203", "with A-GrenGds", "with A-IrishGds", "fire"):  # 12 vs 3: 4:1
        st.apply_checked(t)
    d = st.pending_decision()
    assert isinstance(d, TakeDamage) and d.player == "german" and d.points == 2
    st.apply_checked("damage G-FJ6")
    assert not st.is_fortified("G-FJ6") and st.damage("G-FJ6") == 0
    st.apply_checked("damage G-FJ6")
    assert st.damage("G-FJ6") == 1 and isinstance(st.pending_decision(), Act)
    assert {"A-GrenGds", "A-IrishGds"} <= st.acted


def test_a_unit_moving_is_unfortified_for_good(board):
    board.put("G-FJ6", "0405")
    st = impulse(board, "german")
    st.fortified.add("G-FJ6")
    st.apply_checked("move G-FJ6 0406")
    assert not st.is_fortified("G-FJ6")


def test_excess_damage_is_ignored_and_the_attacker_may_advance(board):
    board.put("A-GrenGds", "0103")
    board.put("A-IrishGds", "0103")
    board.put("G-FJ6", "0203")
    st = impulse(board)
    st.position.set_steps_lost("G-FJ6", 2)
    for t in ("attack 0203", "with A-GrenGds", "with A-IrishGds", "fire", "damage G-FJ6"):
        st.apply_checked(t)
    assert st.status("G-FJ6") == ELIMINATED
    assert isinstance(st.pending_decision(), AdvanceChoice)
    st.apply_checked("advance A-GrenGds")
    assert st.hex_label("A-GrenGds") == "0203"


def test_more_than_three_units_at_the_end_of_an_impulse_lose_the_excess_by_owner_s_choice(board):
    for uid in ("A-GrenGds", "A-IrishGds", "A-CldmGds", "A-129"):
        board.put(uid, "0105")
    st = impulse(board)
    phase = st.phase
    st.apply_checked("pass")
    d = st.pending_decision()
    assert isinstance(d, Excess) and d.player == "allied" and d.hex == "0105" and st.phase == phase
    st.apply_checked("eliminate A-129")
    assert len(st.units_at(board.hex("0105"))) == 3 and st.status("A-129") == ELIMINATED


def test_only_mechanized_units_act_in_impulse_3(board):
    board.put("A-GrenGds", "0105")
    board.put("A-502PIR", "0506")
    st = impulse(board, "allied", 3)
    units = {a.unit for a in st.legal_actions() if hasattr(a, "unit")}
    assert "A-GrenGds" in units and "A-502PIR" not in units


def test_each_unit_acts_once_an_impulse(board):
    board.put("A-GrenGds", "0105")
    st = impulse(board)
    st.apply_checked("move A-GrenGds 0104")
    assert not any(getattr(a, "unit", "") == "A-GrenGds" for a in st.legal_actions())


def test_re_supply_repairs_one_point_for_one_supply_point(board):
    board.put("A-GrenGds", "0103")
    board.put("A-502PIR", "0505")
    st = impulse(board)
    st.position.set_steps_lost("A-GrenGds", 2)
    st.position.set_steps_lost("A-502PIR", 1)
    st.points["101st"] = 0
    st.invalidate()
    assert "resupply A-GrenGds" in texts(st)  # XXX Corps: unlimited points from 0103
    assert "resupply A-502PIR" not in texts(st)  # no 101st point left
    st.apply_checked("resupply A-GrenGds")
    assert st.damage("A-GrenGds") == 1
    st.points["101st"] = 1
    st.invalidate()
    st.apply_checked("resupply A-502PIR")
    assert st.damage("A-502PIR") == 0 and st.points["101st"] == 0


def test_paradrops_land_within_two_hexes_of_their_marker_or_at_0103(board):
    st = impulse(board)
    legal = texts(st)
    assert "enter A-502PIR 0504" in legal and "enter A-502PIR 0103" in legal
    assert "enter A-502PIR 1504" not in legal
    st.turn = 5
    st.invalidate()
    assert "enter A-PolPB-1 1203" in texts(st)  # Polish Para: any non-enemy hex
    assert not any(t.startswith("enter") for t in texts(impulse(board, "allied", 3)))


def test_ground_reinforcements_arrive_in_the_adjustment_and_may_be_delayed(board):
    st = board.state
    st.turn, st.stage, st.queue = 3, Stage.ADJUSTMENT, []
    st.ask(Reinforce("allied"))
    st.invalidate()
    assert "enter A-129 0103" in texts(st)  # XXX Corps on or after turn 3 at 0103
    st.apply_checked("enter A-129 0103")
    assert st.hex_label("A-129") == "0103"
    board.put("A-GrenGds", "0103")
    board.put("A-IrishGds", "0103")
    assert "enter A-130 0103" not in texts(st)  # three units there already
    st.apply_checked("done")  # the rest are delayed
    assert st.status("A-130") == "waiting"
    assert isinstance(st.pending_decision(), Reinforce) and st.pending_decision().player == "german"


def test_german_reinforcements_arrive_in_their_off_board_area(board):
    st = board.state
    st.stage, st.queue = Stage.ADJUSTMENT, []
    st.ask(Reinforce("german"))
    st.invalidate()
    st.apply_checked("enter G-9SS-1 E")
    assert st.area_of("G-9SS-1") == "E" and st.status("G-9SS-1") == "off-board"


def test_victory_needs_arnhem_and_a_clear_hell_s_highway(scenario):
    assert winner(scenario, {"1504": "allied"})[0] == "allied"
    assert winner(scenario, {"1504": "allied", "0603": "german"})[0] == "german"
    assert winner(scenario, {"0603": "allied"})[0] == "german"
    assert len(scenario.map.regions["Hell's Highway"].hexes) == 15


def test_player_text_cites_the_rulebook_by_title_and_names_sides(scenario):
    st = new_game(scenario, 2)
    while not st.is_terminal() and len(st.history()) < 300:
        st.apply(st.sample_chance() if st.current_player == "chance" else st.legal_actions()[-1])
    text = "\n".join(t for _, t in st.events)
    assert "(Target Arnhem: " in text and ".txt" not in text and " allied " not in text


def test_hexwright_play_plays_the_scenario_headless():
    cmd = [str(Path(sys.executable).parent / "hexwright"), "play",
           str(ROOT / "scenarios/target-arnhem/target-arnhem.yaml"),
           "--seed", "1", "--bots", "random"]
    out = subprocess.run(cmd, capture_output=True, text=True, timeout=300, cwd=ROOT)
    assert out.returncode == 0, out.stderr
    assert "result: German wins" in out.stdout or "result: Allied wins" in out.stdout


def test_concentrated_bombardment_needs_an_in_supply_mechanized_attacker_and_costs_a_point(board):
    """Concentrated Bombardment: "Attacker must have at least one in-supply Mechanized unit attacking the
    target hex. Attacker spends one supply point." Infantry alone cannot call it, nor a mechanized unit whose
    pools (SS, then Wehrmacht) are empty."""
    board.put("A-502PIR", "0502")
    board.put("G-59-1", "0501")  # infantry, gold (Wehrmacht); 0501 adjoins off-board area A: in supply
    board.put("G-9SS-1", "0601")  # armor, mechanized, red (SS)
    st = impulse(board, "german")
    st.points["SS"], st.points["German"] = 1, 0
    st.invalidate()
    st.apply_checked("attack 0502")
    st.apply_checked("with G-59-1")
    assert "fire" in texts(st) and "fire +bomb" not in texts(st)  # no mechanized attacker yet
    st.apply_checked("with G-9SS-1")
    assert "fire +bomb" in texts(st)
    st.points["SS"] = 0
    st.invalidate()
    assert "fire +bomb" not in texts(st)  # no point left in the SS pool
    st.points["SS"] = 1
    st.invalidate()
    st.apply_checked("fire +bomb")
    assert st.points["SS"] == 0
