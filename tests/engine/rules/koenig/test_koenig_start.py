"""A Koenig scenario that starts mid-way (start: turn, units on the map with Hits, units out of play in
Koenig's own states; engine/rules/koenig/start.py): read, checked at the line, applied."""

from __future__ import annotations

from hexwright.engine.rules.protocol import make_game
from hexwright.engine.validation import validate_scenario

from tests.engine.rules.startkit import with_start

KOENIG = "koenig-arnhem-bridge/arnhem-bridge.yaml"


def test_a_game_starts_in_the_turn_given_with_units_gone() -> None:
    res, problems = with_start(KOENIG, "start:\n  turn: 3\n  out_of_play: {B-1Para: eliminated, B-2Para: lost}\n")
    assert res.ok, problems
    state = make_game(res.scenario).new_initial_state(seed=5)
    assert state.turn == 3 and state.phase.turn == 3
    assert state.status("B-1Para") == "eliminated" and state.status("B-2Para") == "lost"
    # a reinforcement due before the start turn with neither a hex nor a place out of play is reported
    found = [d for d in validate_scenario(res.scenario, res.source_map) if d.code == "start-arrived"]
    assert any("reinforcement of turn 1 is due before the start turn" in d.message and "B-3Para" in d.message
               and d.line == res.source_map.get(("reinforcement", 0)).line for d in found)


def test_koenig_has_no_phases_to_start_in_nor_off_board_areas() -> None:
    _, problems = with_start(KOENIG, "start:\n  phase: operations\n  offboard: {B-1Para: E}\n")
    text = "\n".join(problems)
    assert "2: start: a Koenig scenario starts at the beginning of a turn" in text
    assert "3: start: a Koenig scenario has no off-board areas (unit B-1Para in E)" in text
