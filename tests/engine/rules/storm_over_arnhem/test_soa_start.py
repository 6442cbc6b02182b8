"""A Storm over Arnhem scenario that starts mid-way (start: turn, Tactical Advantage, VP, area control,
perimeter counters, units out of play; engine/rules/storm_over_arnhem/start.py): read, checked at the
line, applied."""

from __future__ import annotations

from hexwright.engine.rules.protocol import make_game

from tests.engine.rules.startkit import with_start

SOA = "storm-arnhem/the-crossing.yaml"


def test_a_game_starts_in_the_turn_and_state_given() -> None:
    res, problems = with_start(SOA, "start:\n  turn: '2'\n  out_of_play: {G-10R1: eliminated}\n"
                                    "  tactical_advantage: german\n  tactical_advantage_used: [british]\n  vp: 4\n"
                                    "  control: {'4': british}\n  perimeter: ['9']\n  recon_entered: true\n")
    assert res.ok, problems
    state = make_game(res.scenario).new_initial_state(seed=2)
    assert state.label() == "2" and state.phase.turn_label == "2"
    assert (state.ta, state.ta_used, state.vp) == ("german", {"british"}, 4)
    assert state.control["4"] == "british" and "9" in state.perimeter and state.recon_entered
    assert state.position.status("G-10R1") == "eliminated"


def test_turn_is_named_as_the_track_prints_it() -> None:
    res, _ = with_start(SOA, "start:\n  turn: B\n")
    assert make_game(res.scenario).new_initial_state(seed=2).label() == "B"


def test_bad_entries_are_reported_at_their_line() -> None:
    res, problems = with_start(SOA, "start:\n  turn: '9'\n  phase: impulse-2\n  tactical_advantage: polish\n"
                                    "  vp: 2.5\n  control: {'99': british}\n  out_of_play: {G-10R1: captured}\n")
    text = "\n".join(problems)
    assert "2: start: turn 9 is not on the turn track: it has turns 1 to 7 (A to 5)" in text
    assert "3: start: a Storm over Arnhem scenario starts at the beginning of a turn" in text
    assert "4: start: tactical_advantage (Tactical Advantage, Storm over Arnhem introduction): no side 'polish'" in text
    assert "5: start: vp (German VP, Storm over Arnhem 3.7) must be a whole number, not 2.5" in text
    assert "6: start: control (Area control, Storm over Arnhem 3.5): the map has no area '99'" in text
    assert "7: start: out_of_play of unit G-10R1 must be eliminated, exited or replaced, not 'captured'" in text
