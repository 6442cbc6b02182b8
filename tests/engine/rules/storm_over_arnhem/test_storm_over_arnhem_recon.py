"""The 9th SS Recon's entry over the bridge (Storm over Arnhem: The Crossing 3.41-3.47,
003_6afad32bba8815b2.txt), step by step with the rulebook's own numbers: the die before each German impulse
of turn B (1 or 2 enters), consecutive passes, combined border fire at 4/5 without AT units, elimination
only and up to 4 casualty points a unit, 17/18 with the AT units' separate attack and the points expended
after both, entering 18/17 with 3 MF spent or going on to 22/23 (4 MF) where a retreat is allowed, and
the British next impulse."""

from __future__ import annotations

import pytest
from hexwright.engine.rules.protocol import CHANCE, IllegalAction
from hexwright.engine.rules.storm_over_arnhem.board import ON_BRIDGE
from hexwright.engine.rules.storm_over_arnhem.decisions import (
    BorderFire,
    Casualties,
    EntryRoll,
    FireRoll,
    Impulse,
    LeaveBridge,
    Substitute,
)
from hexwright.engine.rules.storm_over_arnhem.recon import leave_options
from hexwright.engine.rules.storm_over_arnhem.state import Stage

from tests.engine.rules.storm_over_arnhem.board_fixtures import Board

RECON = ["G-PSW1", "G-PSW2", "G-SPW1", "G-SPW2", "G-SPW3", "G-SPW4"]


def gauntlet() -> Board:
    """British astride the ramp: five units in 4 and 5 (more than the basic game's fire group) with an AT gun
    in 5, a platoon and an AT gun in 17, 18 empty, engineers in 22; the garrison in 23."""
    b = Board("B")
    for uid, area in (("B-A1", "4"), ("B-A2", "4"), ("B-RE1", "5"), ("B-RE3", "5"), ("B-3P", "5"), ("B-AT1", "5"),
                      ("B-B1", "17"), ("B-AT2", "17"), ("B-RE2", "22"), ("G-Pillbox", "4"), ("G-Gar1", "23"),
                      ("G-Gar2", "23"), ("G-GarHQ", "23")):
        b.put(uid, area)
    return b


def test_a_die_is_rolled_before_every_german_impulse_of_turn_b_and_1_or_2_brings_the_recon_in():
    b = gauntlet()
    b.start("german")
    st = b.state
    assert isinstance(st.pending_decision(), EntryRoll) and st.current_player == CHANCE
    assert [a.text() for a, _ in st.chance_outcomes()] == [f"roll {i}" for i in range(1, 7)]
    b.do("roll 4")  # not 1 or 2: the German moves, fires or passes
    assert isinstance(st.pending_decision(), Impulse) and st.pending_decision().player == "german"
    b.do("pass")
    assert isinstance(st.pending_decision(), Impulse) and st.pending_decision().player == "british"
    b.do("move B-RE2 19", "done")  # the British do not pass
    assert isinstance(st.pending_decision(), EntryRoll), "the die comes before the next German impulse too (3.41)"
    b.do("roll 2")
    assert isinstance(st.pending_decision(), BorderFire) and st.pending_decision().areas == ("4", "5")
    assert all(st.status(u) == ON_BRIDGE for u in RECON), "all six units on the 4/5 border (3.42)"


def test_consecutive_passes_do_not_end_turn_b_but_bring_the_recon_in_and_the_turn_ends_after_it():
    b = Board("B")
    b.put("G-Gar1", "23")
    b.start("german")
    st = b.state
    b.do("roll 6", "pass")
    b.do("pass")  # British: two passes in a row
    assert st.recon_entered
    assert "enters automatically" in " ".join(t for _, t in st.events)
    while isinstance(st.pending_decision(), LeaveBridge):  # no British anywhere: off the bridge
        b.do(st.legal_actions()[0].text())
    # the phase ends with the recon's impulse (the British hold the Tactical Advantage): the end of the turn,
    # where the new halftracks may be replaced (1.3), then turn 1
    assert st.stage is Stage.END and isinstance(st.pending_decision(), Substitute)
    b.do("done")
    assert st.label() == "1"


def test_with_the_tactical_advantage_the_germans_may_continue_turn_b_after_the_recon_enters_on_passes():
    b = Board("B")
    b.put("G-Gar1", "23")
    st = b.state
    st.ta = "german"
    b.start("german")
    b.do("roll 5", "pass", "pass")
    while isinstance(st.pending_decision(), LeaveBridge):
        b.do(st.legal_actions()[0].text())
    assert b.legal() == ["end-turn", "use-ta"]
    b.do("use-ta")
    d = st.pending_decision()
    assert st.ta == "british" and isinstance(d, Impulse) and d.player == "british", \
        "the British have the next impulse (3.46); the Tactical Advantage passes to them"
    assert st.label() == "B"


def test_the_full_entry_sequence():
    b = gauntlet()
    st = b.state
    b.start("german")
    b.do("roll 1")
    # 3.42: uncommitted British units in 4 and 5 fire as one combined group, never the AT gun
    assert b.legal() == ["hold", "with B-A1", "with B-A2", "with B-RE1", "with B-RE3", "with B-3P"]
    b.do("with B-A1", "with B-A2", "with B-RE1", "with B-RE3", "with B-3P", "resolve")
    assert {"B-A1", "B-A2", "B-RE1", "B-RE3", "B-3P"} <= st.committed, "all firing British units become committed"
    assert isinstance(st.pending_decision(), FireRoll)
    b.do("roll 5")  # strength 4+4+3+3+3 = 17: column 17+; buildings -1: row 4: 5 casualty points
    assert "strength 17, roll 5 -1: 5 casualty point(s)" in " ".join(b.last_events(2))
    assert isinstance(st.pending_decision(), Casualties) and st.pending_decision().points == 5
    assert all(t.startswith("eliminate") for t in b.legal()), "by unit elimination only (3.42)"
    b.do("eliminate G-SPW1")  # a 3-2-8 expends 2 points
    assert st.pending_decision().points == 3
    b.do("eliminate G-PSW1")  # a 3-3-10 expends 3
    # 3.43: the four survivors advance to the 18/17 border; infantry fire, then the AT guns separately
    assert st.bridge is not None and st.bridge.border == 1 and st.bridge.spent == 3
    assert b.legal() == ["hold", "with B-B1"]
    b.do("with B-B1", "resolve")
    assert b.legal() == ["hold", "with B-AT2"], "AT units fire as a separate attack (3.43)"
    b.do("with B-AT2", "resolve")
    b.do("roll 6")  # infantry: strength 4, row 5: 2 points, not yet expended
    assert isinstance(st.pending_decision(), FireRoll), "losses only after both attacks are resolved (3.43)"
    b.do("roll 6")  # AT: strength 5, row 5: 2 points
    assert isinstance(st.pending_decision(), Casualties) and st.pending_decision().points == 4
    b.do("eliminate G-SPW2", "eliminate G-SPW3")
    # 3.44: enter 17 (British there: stop) or 18 (no British: on, 3 MF spent), or on to 22/23
    d = st.pending_decision()
    assert isinstance(d, LeaveBridge) and d.unit == "G-PSW2"
    options = leave_options(st, "G-PSW2", 1)
    assert options["17"] == (3 + 3 + 1, ("17",))  # 3 on the bridge + buildings (vehicle 3) + 1 (8.22 B)
    assert options["18"] == (7, ("18",))
    assert options["25"] == (10, ("18", "25")), "on from an area without British units, 10 MF in all"
    assert not any(p[0] == "17" and len(p) > 1 for _, p in options.values()), "a unit entering 17 stops there"
    assert "onward G-PSW2" in b.legal()
    b.do("move G-PSW2 25")
    assert st.area_of("G-PSW2") == "25"
    assert "move G-SPW4 25" not in b.legal(), "a 3-2-8 has no MF left after 18 (3 + 3 + 1 = 7 of 8)"
    b.do("onward G-SPW4")
    # 3.44: fire at the 22/23 border as in 3.43, but the Germans may retreat
    assert isinstance(st.pending_decision(), BorderFire) and st.pending_decision().areas == ("22", "23")
    assert st.bridge.spent == 4
    b.do("with B-RE2", "resolve")  # no AT gun in 22 or 23: that attack is skipped
    b.do("roll 5")  # strength 3, row 4: 1 point
    assert b.legal() == ["eliminate G-SPW4", "retreat G-SPW4 18"], "a retreat back to 18 (17 is British)"
    b.do("retreat G-SPW4 18")
    # 3.46: nobody on a border; the survivors committed; the British have the next impulse
    assert not st.bridge_units()
    assert {"G-PSW2", "G-SPW4"} <= st.committed
    assert isinstance(st.pending_decision(), Impulse) and st.pending_decision().player == "british"


def test_off_the_22_23_border_into_22_23_or_28_with_4_mf_spent():
    b = Board("B")
    b.put("B-RE2", "22")
    st = b.state
    b.start("german")
    b.do("roll 2")
    while not isinstance(st.pending_decision(), LeaveBridge):
        b.do(st.legal_actions()[0].text())  # no British at 4/5 or 17/18: no fire
    for uid in RECON:
        b.do(f"onward {uid}")
    b.do("with B-RE2", "resolve", "roll 1")  # strength 3, 1 - 1: the first row, no casualty
    d = st.pending_decision()
    assert isinstance(d, LeaveBridge) and d.border == 2
    options = leave_options(st, d.unit, 2)
    assert options["22"] == (4 + 3 + 1, ("22",)), "22 holds the British: the unit stops there"
    assert options["28"] == (4 + 1 + 1, ("28",))  # open, next to the British in 22
    assert options["9"] == (8, ("28", "9")), "on from 28, which no British unit holds"
    assert "onward" not in " ".join(b.legal()), "no unit may end the impulse on a border (3.46)"
    with pytest.raises(IllegalAction):
        b.do(f"onward {d.unit}")


def test_no_at_unit_fires_at_the_4_5_border():
    b = Board("B")
    b.put("B-AT1", "4")
    st = b.state
    b.start("german")
    b.do("roll 1")
    assert not isinstance(st.pending_decision(), BorderFire), "the AT gun alone may not fire: nothing to decide"
