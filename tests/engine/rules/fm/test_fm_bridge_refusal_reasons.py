"""A refused bridge demolition or repair names its one reason, with the hexside and the figures the player
sees (000_e5c3deafb2cea4af.txt 10.6.3 Bridge Demolition, 10.6.4 Bridge Repair, 10.6.5 Engineer Ferry), never
every requirement at once."""

from __future__ import annotations

import pytest
from hexwright.engine.rules.fm.actions import Demolish, Ferry, Move, Repair
from hexwright.engine.rules.fm.decisions import DemolitionChoice, EngineerChoice
from hexwright.engine.rules.protocol import IllegalAction

from ..synthetic import H, line_of
from .test_fm_exclusive import bridge_setup, engineer_setup

BOOK = "Arnhem: The Farthest Bridge"


def refusal(st, action) -> str:
    assert not st.is_legal(action)
    with pytest.raises(IllegalAction) as refused:
        st.apply_checked(action)
    return str(refused.value)


def test_a_refused_demolition_names_the_hexside_and_its_one_reason():
    st, m, b, start = bridge_setup(rolls=[6])
    st.apply_checked(Move("A", tuple(line_of(m, start, 0, 3))))  # A enters 0606 beside the bridge 0606/<b>
    assert isinstance(st.pending_decision(), DemolitionChoice)
    assert refusal(st, Demolish("0606/0607")) == f"demolish 0606/0607: 0606/0607 has no bridge ({BOOK} 10.6.3)"
    assert refusal(st, Demolish("0101/0909")) == (
        f"demolish 0101/0909: 0101/0909 is not a hexside between two adjacent map hexes ({BOOK} 10.6.3)")


def test_a_demolition_outside_the_instant_of_entry_says_when_it_may_be_tried():
    st, m, b, start = bridge_setup(german_at="1412")  # no German unit within range: no attempt offered
    st.apply_checked(Move("A", tuple(line_of(m, start, 0, 3))))
    assert refusal(st, Demolish(f"0606/{b}")) == (
        f"demolish 0606/{b}: a demolition is attempted only the instant an Allied unit enters a hex adjoining the "
        f"bridge with a German unit within range of it ({BOOK} 10.6.3)")


def test_a_refused_repair_names_the_hexside_and_its_one_reason():
    st, m, b, side = engineer_setup([1])
    lab = st.game.hexside_label(side)
    assert refusal(st, Repair("0101/0102")) == f"repair 0101/0102: 0101/0102 has no bridge ({BOOK} 10.6.4)"
    intact, *_ = engineer_setup([], demolished=False)
    assert refusal(intact, Repair(lab)) == f"repair {lab}: the bridge {lab} is not demolished ({BOOK} 10.6.4)"
    st.edit_place("G", H(m, line_of(m, b, 0, 2)[1]))  # next to 0707: its ZOC covers it
    assert refusal(st, Repair(lab)) == (f"repair {lab}: {b} is in a German zone of control: no repair of a bridge "
                                        f"adjoining it ({BOOK} 10.6.4)")
    st.edit_place("G", H(m, b))
    assert refusal(st, Repair(lab)) == (f"repair {lab}: {b} holds G: no repair of a bridge adjoining a "
                                        f"German-occupied hex ({BOOK} 10.6.4)")


def test_a_repair_out_of_the_engineers_range_names_the_engineer_and_its_figures():
    st, m, b, side = engineer_setup([6])
    lab = st.game.hexside_label(side)
    st.edit_place("E", H(m, "0101"))
    assert refusal(st, Repair(lab)) == (
        f"repair {lab}: no Allied engineer is within its printed MA, in hexes, of {lab}: E at 0101 is 8 hexes away "
        f"with an MA of 7 ({BOOK} 10.6.4)")


def test_one_repair_attempt_per_bridge_and_none_in_a_ferry_turn():
    st, m, b, side = engineer_setup([1])
    lab = st.game.hexside_label(side)
    st.apply_checked(Repair(lab))
    st.apply(st.sample_chance())  # 1: the repair fails
    assert isinstance(st.pending_decision(), EngineerChoice)
    assert refusal(st, Repair(lab)) == (f"repair {lab}: the bridge {lab} has had its repair attempt this GT: one "
                                        f"attempt per bridge per GT ({BOOK} 10.6.4)")
    ferry, *_ = engineer_setup([])
    ferry.apply_checked(next(a for a in ferry.legal_actions() if isinstance(a, Ferry)))  # the GT's operation
    assert refusal(ferry, Repair(lab)) == (
        f"repair {lab}: a repair is attempted only at the beginning of the Allied Movement Phase, before any unit "
        f"moves, and not in a GT of ferry operations ({BOOK} 10.6.4, 10.6.5)")
