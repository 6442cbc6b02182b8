"""A unit's reach of the phase is kept across a bridge demolition (F&M 10.6.3) or a change of the Allied
ferry (10.6.5) that changes no hexside with a hex in that reach (movement._reach_across). Checked in
seeded random games of both shipped F&M scenarios: at every decision where the reach was kept, the legal
list equals that of the same position rebuilt from its serialized form (no caches at all), and so does
the list where it could not be kept."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hexwright.engine.formats import load_scenario
from hexwright.engine.rules.fm import movement
from hexwright.engine.rules.protocol import CHANCE, new_game

SCENARIOS = Path(__file__).resolve().parents[4] / "scenarios" / "fm-arnhem"


@pytest.mark.parametrize("name", ["scenario-1-historical.yaml", "scenario-2-free-deployment.yaml"])
def test_a_reach_kept_across_bridges_and_ferry_lists_what_a_rebuilt_position_lists(name, monkeypatch):
    path = SCENARIOS / name
    if not path.exists():
        pytest.skip(f"{name} is not shipped")
    kept: list[bool] = []
    real = movement._reach_across

    def counted(state, key):
        got = real(state, key)
        if state.phase_reach.get(("first where",) + key[:5]) is not None:
            kept.append(got is not None)
        return got

    monkeypatch.setattr(movement, "_reach_across", counted)
    scenario = load_scenario(path).scenario
    compared = 0
    for seed in range(1, 9):
        state = new_game(scenario, seed=seed)
        rng = random.Random(seed)
        while not state.is_terminal():
            if state.current_player == CHANCE:
                state.apply(state.sample_chance())
                continue
            before = len(kept)
            legal = state.legal_actions()
            if len(kept) > before:  # this listing asked for a reach under other bridges or ferry
                twin = state.game.deserialize(state.serialize())
                assert [a.text() for a in legal] == [a.text() for a in twin.legal_actions()]
                compared += 1
            state.apply(legal[rng.randrange(len(legal))])
    assert compared >= 20, compared
    assert kept.count(True) >= 20, kept.count(True)  # reaches were kept, and listed what a fresh search lists
    assert kept.count(False) >= 1  # and some could not be (a change on a hexside beside the unit's reach)
