"""A Target Arnhem scenario that starts mid-way (start: turn, phase, off-board units, supply points,
lost fortifications; engine/rules/target_arnhem/start.py): read, checked at the line, applied."""

from __future__ import annotations

from hexwright.engine.rules.protocol import make_game

from tests.engine.rules.startkit import with_start

TA = "target-arnhem/target-arnhem.yaml"


def test_a_game_starts_in_the_turn_impulse_and_state_given() -> None:
    res, problems = with_start(TA, "start:\n  turn: 4\n  phase: german-impulse-2\n  offboard: {G-59-1: P}\n"
                                   "  supply_points: {SS: 3, 101st: 0}\n  unfortified: [G-FJWalther]\n")
    assert res.ok and not [p for p in problems if "error" in p], problems
    state = make_game(res.scenario).new_initial_state(seed=3)
    assert (state.turn, state.phase.name, state.phase.player) == (4, "Impulse 2", "german")
    assert state.area["G-59-1"] == "P" and state.position.status("G-59-1") == "off-board"
    assert state.points["SS"] == 3 and not state.is_fortified("G-FJWalther")


def test_bad_entries_are_reported_at_their_line() -> None:
    res, problems = with_start(TA, "start:\n  turn: 12\n  phase: allied-impulse-4\n  offboard: {G-59-1: Q}\n"
                                   "  supply_points: {Luftwaffe: 2}\n  tactical_advantage: allied\n")
    text = "\n".join(problems)
    assert "2: start: turn 12 is not on the turn track: it has turns 1 to 9 (17 Sep to 25 Sep)" in text
    assert "3: start: phase 'allied-impulse-4' is not a phase of a Target Arnhem turn; it is one of adjustment" in text
    assert "4: start: unit G-59-1: the map has no off-board area 'Q'" in text
    assert "5: start: supply_points (Supply points, Target Arnhem: Supply Points): no supply pool 'Luftwaffe'" in text
    assert "6: unknown key 'tactical_advantage'" in text or "6: start: unknown key 'tactical_advantage'" in text
