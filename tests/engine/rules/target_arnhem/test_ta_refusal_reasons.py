"""Every kind of illegal move or attack click in a Target Arnhem impulse is refused with the one rule that
forbids it and the hex clicked (001_69d92a61f68ed4f9.txt: Sequence of Play, Impulse 1-3, Movement, Attack),
never the bare "cannot move there now". The shipped map: Hell's Highway 0103-1504, the Wilhelmina canal
between columns 04 and 05 (bridged 0403/0503), the Maas between 08 and 09 (bridged 0803/0904), forest at
0206, off-board area P along the top edge of columns 01-04."""

from __future__ import annotations

import pytest
from hexwright.engine.rules.presentation import presenter_for
from hexwright.engine.rules.protocol import IllegalAction
from hexwright.engine.rules.target_arnhem.actions import Attack, Move

from tests.engine.rules.target_arnhem.test_ta_sequence import impulse


def refused(st, action) -> str:
    assert action not in st.legal_actions()
    with pytest.raises(IllegalAction) as why:
        st.apply_checked(action)
    text = str(why.value)
    assert "cannot move there now" not in text
    return text


def test_a_unit_of_the_other_side_or_that_has_acted_names_the_sequence_of_play(board):
    board.put("A-GrenGds", "0105")
    board.put("G-59-1", "0705")
    st = impulse(board)
    assert refused(st, Move("G-59-1", "0605")) == (
        "move G-59-1 0605: G-59-1 is a German unit: in the Allied impulse only Allied units act "
        "(Target Arnhem: Sequence of Play)")
    st.apply_checked(Move("A-GrenGds", "0305"))
    assert refused(st, Move("A-GrenGds", "0306")).endswith(
        "A-GrenGds has already acted this impulse: each unit can do ONE of Move, Attack or Re-Supply "
        "(Target Arnhem: Impulse 1)")


def test_too_far_names_the_hexes_and_why_there_is_no_road_movement(board):
    board.put("A-GrenGds", "0105")
    st = impulse(board)
    assert refused(st, presenter_for(st).move_action(st, "A-GrenGds", ["0105", "0205", "0305", "0405"])) == (
        "move A-GrenGds 0405: A-GrenGds cannot reach 0405, 3 hexes away: units move 2 hexes over open ground, and "
        "A-GrenGds began the impulse off the road, so it has no road movement (Target Arnhem: Movement)")


def test_a_stop_in_rough_terrain_a_river_a_canal_and_an_enemy_hex(board):
    board.put("A-GrenGds", "0106")
    board.put("A-IrishGds", "0804")
    board.put("A-CldmGds", "0404")
    board.put("G-59-1", "0405")
    st = impulse(board)
    # forest 0206 is the only way from 0106 to 0307 (area C's edge below): "Stop when you enter rough terrain"
    assert refused(st, Move("A-GrenGds", "0307")).endswith(
        "A-GrenGds cannot reach 0307: it must stop on entering 0206, rough terrain (Target Arnhem: Movement)")
    assert refused(st, Move("A-IrishGds", "0905")).endswith(
        "A-IrishGds cannot cross the river into 0905: you can never cross a river without a bridge "
        "(Target Arnhem: Movement)")
    assert refused(st, Move("A-CldmGds", "0604")).endswith(
        "A-CldmGds cannot reach 0604: an unbridged canal is crossed only as a move of 1 hex (Target Arnhem: Movement)")
    assert refused(st, Move("A-CldmGds", "0405")).endswith(
        "0405 holds G-59-1: you can never share a hex with an enemy unit (Target Arnhem: Movement)")


def test_off_board_areas_are_for_german_units(board):
    board.put("A-GrenGds", "0101")
    st = impulse(board)
    assert refused(st, Move("A-GrenGds", "P")).endswith(
        "only German units can enter an off-board area (Target Arnhem: Movement)")


def test_an_attack_without_an_adjacent_unit_or_on_an_empty_hex(board):
    board.put("A-GrenGds", "0105")
    board.put("G-59-1", "0705")
    st = impulse(board)
    assert refused(st, Attack("0705")) == ("attack 0705: no Allied unit is adjacent to 0705: attacks are only ever "
                                           "with adjacent on-board units (Target Arnhem: Attack)")
    assert refused(st, Attack("0305")) == "attack 0305: 0305 holds no enemy unit to attack (Target Arnhem: Attack)"


def test_a_re_supply_names_its_one_reason(board):
    """Re-Supply: repair one damage point of an in-supply unit for one supply point."""
    from hexwright.engine.rules.target_arnhem.actions import Resupply

    board.put("A-GrenGds", "0105")
    st = impulse(board)
    assert refused(st, Resupply("A-GrenGds")) == ("resupply A-GrenGds: A-GrenGds has no damage to repair "
                                                  "(Target Arnhem: Re-Supply)")
