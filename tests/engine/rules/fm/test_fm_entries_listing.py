"""The reinforcements' entries (F&M 11.1) listed with the shortcut for arrival hexes all taken equal the
entries listed one arrival at a time, along seeded random games of Scenario 1."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hexwright.engine.formats import load_scenario
from hexwright.engine.rules.fm import reinforcements
from hexwright.engine.rules.fm.reinforcements import _entries_by_terrain, can_enter, entries
from hexwright.engine.rules.protocol import CHANCE, new_game

SCENARIO = Path(__file__).resolve().parents[4] / "scenarios" / "fm-arnhem" / "scenario-1-historical.yaml"


def one_at_a_time(state, player: str, mobile: bool) -> list:
    """Every due arrival's entries at the hexes neither enemy- nor friendly-occupied, as listed before the
    shortcut."""
    g = state.game
    enemy, occ = state.enemy_hexes(player), state.occupancy()
    return [action for arr in state.arrivals
            if g.units[arr.unit].side == player and can_enter(state, arr, mobile)
            for h, action in _entries_by_terrain(state, arr) if h not in enemy and h not in occ]


@pytest.mark.parametrize("seed", [5, 6])
def test_entries_equal_those_listed_one_arrival_at_a_time(seed, monkeypatch):
    if not SCENARIO.exists():
        pytest.skip("F&M Scenario 1 is not shipped")
    state = new_game(load_scenario(SCENARIO).scenario, seed=seed)
    rng = random.Random(seed)
    # arrivals whose own hexes were all taken (the shortcut), and listings compared with some entry in them
    taken = listed = 0
    real_any = any

    def counting_any(gen):
        nonlocal taken
        got = real_any(gen)
        taken += not got
        return got

    monkeypatch.setattr(reinforcements, "any", counting_any, raising=False)
    while not state.is_terminal() and state.turn <= 6:
        if state.current_player == CHANCE:
            state.apply(state.sample_chance())
            continue
        for player in state.game.side_ids:
            for mobile in (False, True):
                got = entries(state, player, mobile)
                assert got == one_at_a_time(state, player, mobile)
                listed += bool(got)
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    assert listed > 0 and taken > 0
