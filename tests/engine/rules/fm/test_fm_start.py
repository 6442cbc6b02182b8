"""An F&M scenario that starts mid-way (start: GT, the phase that opens a GT or a player turn, support
fire markers held; engine/rules/fm/start.py): read, checked at the line, applied."""

from __future__ import annotations

from hexwright.engine.rules.protocol import make_game

from tests.engine.rules.startkit import with_start

FM = "fm-arnhem/scenario-1-historical.yaml"


def test_a_game_starts_in_the_gt_and_player_turn_given() -> None:
    res, problems = with_start(FM, "start:\n  turn: 3\n  phase: second-movement\n"
                                   "  support_markers: {german: ['+3:german']}\n")
    assert res.ok, problems
    state = make_game(res.scenario).new_initial_state(seed=5)
    g = state.game
    assert state.turn == 3 and state.phase.player == g.second_player and "Movement" in state.phase.name
    assert [m.token() for m in state.available["german"]] == ["+3:german"]


def test_a_gt_start_opens_with_the_support_fire_marker_phase() -> None:
    res, _ = with_start(FM, "start:\n  turn: 2\n")
    state = make_game(res.scenario).new_initial_state(seed=5)
    assert state.turn == 2 and state.phase.name == "Support Fire Marker Phase"


def test_bad_entries_are_reported_at_their_line() -> None:
    _, problems = with_start(FM, "start:\n  phase: first-combat\n  support_markers: {soviet: ['+2'], us: [three]}\n")
    text = "\n".join(problems)
    assert "2: start: phase 'first-combat' is not a phase of a F&M turn; it is one of support-fire-marker, " \
           "first-movement, second-movement" in text
    assert "3: start: support_markers (Support fire markers held, F&M 7.2): no side 'soviet'" in text
    assert "3: start: support_markers of us: 'three' is not a support fire marker such as +3:us" in text
