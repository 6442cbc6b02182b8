"""Operations (Koenig 7.0-7.2, 8.4), fire combat in play (9.0-9.2.3), close combat (10.0-10.3) and
retreats (11.0-11.2) on the Arnhem Bridge map (002_fe1216aa5df94854.txt)."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hexwright.engine.rules.koenig.actions import act, roll
from hexwright.engine.rules.protocol import CHANCE, IllegalAction

from tests.engine.rules.koenig.conftest import refresh


def texts(state) -> list[str]:
    return [a.text() for a in state.legal_actions()]


def do(s, *actions: str) -> None:
    for a in actions:
        s.apply_checked(a)


# -- operations -------------------------------------------------------------------------------------
def test_firing_in_concert_only_with_the_same_operation(make_position):
    s = make_position({"B-1Para": "0307", "B-2Para": "0408", "B-3Para": "0309", "G-19/9-1": "0308"}, "1PB", "allied")
    t = texts(s)
    assert "fire B-1Para,B-2Para 0308" in t and "mfire B-1Para,B-2Para 0308" in t
    do(s, "cmove B-3Para 0209")
    t = texts(s)
    # B-3Para is mid-Combined: it may fire Mobile with other Combined units, or end; nothing else (7.1, 8.4.1)
    assert "end B-3Para" in t and "mfire B-1Para,B-3Para 0308" in t
    assert not any(x.startswith(("fire ", "move ")) for x in t)
    with pytest.raises(IllegalAction, match="7.1.1"):
        s.apply_checked("fire B-1Para,B-3Para 0308")


def test_combined_fire_then_move_half_ma_and_no_move_fire_move(make_position):
    s = make_position({"B-1Para": "0307", "G-19/9-1": "0308"}, "1PB", "allied")
    do(s, "mfire B-1Para 0308", "roll 6")  # AF = halve(3) + 1 clear = 3: miss
    assert s.hits("B-1Para") == 0
    t = texts(s)
    assert set(t) >= {"end B-1Para", "cmove B-1Para 0306", "cmove B-1Para 0606"}
    assert "cmove B-1Para 0706" not in t  # half of MA 6 is 3
    do(s, "cmove B-1Para 0306")
    assert s.has_operated("B-1Para") and "done" in texts(s)


def test_sixteenth_battalion_activates_with_any_german_hq_once_per_turn(make_position):
    s = make_position({"G-16": "0606", "G-19/9-1": "0208", "B-1Para": "0102"}, "19/9", "german")
    assert any(t.startswith("move G-16 ") for t in texts(s))
    do(s, "move G-16 0607")
    s.active, s.active_side = "21/10", "german"
    refresh(s)
    assert not any("G-16" in t for t in texts(s))
    s.active, s.active_side = "1PB", "allied"
    refresh(s)
    assert not any("G-16" in t for t in texts(s))


def test_moving_beyond_ma_is_refused_with_the_rule(make_position):
    s = make_position({"B-1Para": "0307"}, "1PB", "allied")
    with pytest.raises(IllegalAction, match="8.1"):
        s.apply_checked("move B-1Para 1010")


# -- fire combat ------------------------------------------------------------------------------------
def test_full_fire_attack_factor_and_active_player_chooses_the_hit(make_position):
    s = make_position({"B-1Para": "0307", "B-2Para": "0408", "G-19/9-1": "0308", "G-19/9-2": "0308"},
                      "1PB", "allied")
    do(s, "fire B-1Para,B-2Para 0308")
    assert s.current_player == CHANCE and s.current_af() == 3 + 3 + 1
    assert s.result_distribution()["hit"] == 1
    do(s, "roll 6")
    assert s.current_player == "allied" and texts(s) == ["hit G-19/9-1", "hit G-19/9-2"]  # 9.2.2
    do(s, "hit G-19/9-2")
    assert s.hits("G-19/9-2") == 1
    assert s.current_player == "german"  # may retreat after Fire (9.2.3)
    assert "stay G-19/9-2" in texts(s) and "retreat G-19/9-2 0309" in texts(s)
    do(s, "retreat G-19/9-2 0309")
    assert s.hex_label("G-19/9-2") == "0309" and s.battle is None


def test_exchange_hits_both_sides_and_support_net(make_position):
    s = make_position({"B-1Para": "0307", "G-19/9-1": "0308"}, "1PB", "allied",
                      points={"allied": 3, "german": 2})
    do(s, "fire B-1Para 0308")
    assert s.current_player == "german" and texts(s) == ["support 0", "support 1"]  # one Artillery point
    do(s, "support 1")
    assert texts(s) == ["support 0", "support 1", "support 2"]  # up to two Allied Support points
    do(s, "support 1")
    assert s.current_af() == 3 + 1 - 1 + 1
    do(s, "roll 4")  # equal: Exchange
    assert s.hits("G-19/9-1") == 1 and s.hits("B-1Para") == 1
    assert s.points == {"allied": 2, "german": 1}
    do(s, "stay G-19/9-1", "stay B-1Para")
    assert s.battle is None


def test_mobile_fire_halves_and_two_hits_cost_one_after_halving(make_position):
    s = make_position({"B-1Para": "0307", "G-19/9-1": "0308"}, "1PB", "allied")
    s.position.set_steps_lost("B-1Para", 2)
    do(s, "mfire B-1Para 0308")
    assert s.current_af() == (2 - 1) + 1  # halve(3) = 2, -1 CS, +1 clear


def test_third_hit_eliminates(make_position):
    s = make_position({"B-1Para": "0307", "G-19/9-1": "0308"}, "1PB", "allied")
    s.position.set_steps_lost("G-19/9-1", 2)
    do(s, "fire B-1Para 0308", "roll 1")
    assert s.status("G-19/9-1") == "eliminated"


def test_arnhem_bridge_full_fire_at_half_strength_only(make_position):
    s = make_position({"B-1Para": "1005", "G-19/9-1": "1105"}, "1PB", "allied")
    t = texts(s)
    assert "fire B-1Para 1105" in t and "mfire B-1Para 1105" not in t
    do(s, "fire B-1Para 1105")
    assert s.current_af() == 2 - 1  # halve(3), town -1
    s2 = make_position({"B-1Para": "1006", "G-19/9-1": "1005"}, "1PB", "allied")
    assert not any(x.startswith(("fire", "mfire")) for x in texts(s2))  # across the Lower Rhine (9.1)


# -- close combat -----------------------------------------------------------------------------------
def test_close_combat_defender_fires_first_then_attacker(make_position):
    s = make_position({"B-2Para": "0307", "G-19/9-1": "0308"}, "1PB", "allied")
    do(s, "move B-2Para 0308")
    assert s.battle is not None and s.battle.kind == "close"
    assert s.current_af() == 3  # full strength, terrain ignored (10.1)
    do(s, "roll 5")  # defensive miss
    assert not s.battle.defensive_round
    do(s, "roll 2")  # offensive hit: the defender must retreat
    assert s.current_player == "german" and not any(t.startswith("stay") for t in texts(s))
    do(s, "retreat G-19/9-1 0309")
    assert s.battle is None and s.has_operated("B-2Para") and s.hex_label("B-2Para") == "0308"
    assert not any("B-2Para" in t for t in texts(s))  # 10.3: the initiator's turn is over


def test_close_combat_defensive_hit_forces_the_attacker_back(make_position):
    s = make_position({"B-2Para": "0307", "G-19/9-1": "0308"}, "1PB", "allied")
    do(s, "move B-2Para 0308", "roll 1")
    assert s.hits("B-2Para") == 1 and s.current_player == "allied"
    assert "stay B-2Para" not in texts(s) and "capture B-2Para" not in texts(s)
    do(s, "retreat B-2Para 0307")
    assert s.battle is None


def test_both_miss_then_either_may_retreat_or_fight_another_round(make_position):
    s = make_position({"B-2Para": "0307", "G-19/9-1": "0308"}, "1PB", "allied")
    do(s, "move B-2Para 0308", "roll 6", "roll 6")
    assert s.current_player == "german" and "stay G-19/9-1" in texts(s)
    do(s, "stay G-19/9-1", "stay B-2Para")
    assert s.current_player == CHANCE and s.battle.defensive_round


def test_capture_after_an_exchange_by_an_undamaged_attacker(make_position):
    s = make_position({"B-2Para": "0307", "G-19/9-1": "0308"}, "1PB", "allied")
    do(s, "move B-2Para 0308", "roll 6", "roll 3")  # offensive Exchange
    do(s, "retreat G-19/9-1 0309")  # the defender retreats first (9.2.3)
    assert "capture B-2Para" in texts(s)
    do(s, "capture B-2Para")
    assert s.hits("B-2Para") == 2 and s.hex_label("B-2Para") == "0308"


def test_support_net_applies_every_close_combat_round(make_position):
    s = make_position({"B-2Para": "0307", "G-19/9-1": "0308"}, "1PB", "allied", points={"allied": 2, "german": 0})
    do(s, "move B-2Para 0308", "support 2")
    assert s.current_af() == 3 - 2  # the German defensive fire
    do(s, "roll 6")
    assert s.current_af() == 3 + 2


def test_unable_to_retreat_is_eliminated_and_off_map_retreat_is_not(make_position):
    s = make_position({"B-1Para": "0307", "G-19/9-1": "0308", "B-2Para": "0409", "B-3Para": "0209",
                       "B-1PBHvy": "0409", "B-Recce": "0208", "B-10Para": "0408", "B-11Para": "0309"},
                      "1PB", "allied")
    do(s, "move B-2Para 0308", "roll 6", "roll 1")  # the defender must retreat: all around is Allied-held
    assert s.status("G-19/9-1") == "eliminated"
    e = make_position({"B-1Para": "0110", "G-19/9-1": "0210"}, "19/9", "german")
    do(e, "fire G-19/9-1 0110", "roll 1", "retreat B-1Para off")
    assert e.status("B-1Para") == "retreated_off"


def test_stacking_limits_close_combat_entry(make_position):
    s = make_position({"B-2Para": "0307", "G-19/9-1": "0308", "G-19/9-2": "0308"}, "1PB", "allied")
    assert "move B-2Para 0308" not in texts(s)  # 8.2: a full hex cannot be entered


def test_exact_distribution_matches_faces(make_position):
    s = make_position({"B-1Para": "0307", "G-19/9-1": "0308"}, "1PB", "allied")
    do(s, "fire B-1Para 0308")
    assert s.result_distribution() == {"hit": Fraction(1, 2), "exchange": Fraction(1, 6), "miss": Fraction(1, 3)}
    assert [a for a, _ in s.chance_outcomes()] == [roll(f) for f in range(1, 7)]
    assert act("roll", "4") in [a for a, _ in s.chance_outcomes()]


def test_rejections_name_the_rule(make_position):
    s = make_position({"B-1Para": "0307", "B-2Para": "0408", "G-19/9-1": "0308", "G-19/9-2": "0308"},
                      "1PB", "allied")
    with pytest.raises(IllegalAction, match="4.0"):
        s.apply_checked("redeploy B-1Para 0306")
    do(s, "fire B-1Para,B-2Para 0308", "roll 6")
    with pytest.raises(IllegalAction, match="9.2.2"):
        s.apply_checked("hit B-1Para")
    do(s, "hit G-19/9-1")
    with pytest.raises(IllegalAction, match="11.0"):
        s.apply_checked("retreat G-19/9-1 0307")


def test_reinforcement_attacking_its_blocked_entry_hex_and_forced_back_never_arrives(make_position):
    """8.3.1: a blocked entry hex: enter next to it, or Close Combat against the blocker; forced to retreat,
    the reinforcement never arrives (11.1)."""
    s = make_position({"G-16": "0104"}, "1PB", "allied")
    s.position.set_status("B-2Para", "pending")
    t = texts(s)
    assert "move B-2Para 0104" in t and "move B-2Para 0204" in t
    do(s, "move B-2Para 0104", "roll 1")  # the defender's Close Fire hits
    assert s.current_player == "allied"
    # its only retreat is off the map (8.3.1, 11.1): no on-map hex is offered, and one is refused with the rule
    assert texts(s) == ["retreat B-2Para off"]
    with pytest.raises(IllegalAction, match=r"retreat B-2Para 0204: B-2Para entered its blocked entry hex from off "
                                            r"the map; forced to retreat, it leaves the map and never arrives "
                                            r"\(retreat B-2Para off\) \(Koenig 8.3.1, 11.1\)"):
        s.apply_checked("retreat B-2Para 0204")
    do(s, "retreat B-2Para off")
    assert s.status("B-2Para") == "retreated_off" and s.battle is None
    assert any(t.startswith("B-2Para is forced back from its entry hex: it never arrives") for _, t in s.events)
