"""Conformance (OpenSpiel games_sim_test style): random playouts of the synthetic corridor to the end,
checking after every phase that no hex holds two units and no unit stands where its movement class may
not be, that legal actions exist until the end, that clones are equal, that the game log replays exactly
and that a serialized state deserializes to the same position.

The shipped Arnhem scenarios have their own conformance test (test_conformance_fm.py). The default run
is small; `pytest -m slow` plays many more corridor games (HEXWRIGHT_FM_GAMES, default 1000)."""

from __future__ import annotations

import os
import random
from pathlib import Path

import pytest
from hexwright.engine.formats import load_scenario
from hexwright.engine.rules.log import GameLog, replay
from hexwright.engine.rules.protocol import CHANCE, new_game
from hexwright.engine.validation.checks import hex_prohibited

from .synthetic import corridor

ROOT = Path(__file__).resolve().parents[3] / "scenarios" / "fm-arnhem"
SHIPPED = sorted(ROOT.glob("scenario-*.yaml"))


def check_invariants(st) -> None:
    g = st.game
    hexes = list(st.pos.values())
    assert len(hexes) == len(set(hexes)), f"two units in one hex at {st.phase} (F&M 5.3)"
    for uid, h in st.pos.items():
        assert g.map.contains(h)
        assert not hex_prohibited(g.map, h, g.movement_class(uid)), f"{uid} in prohibited terrain {g.label(h)}"


def playout(sc, seed: int, clone_every: int = 0, path: str = "scenario.yaml", roundtrip: bool = False) -> int:
    st = new_game(sc, seed)
    rng = random.Random(seed * 31 + 7)
    phase = st.phase
    n = 0
    while not st.is_terminal():
        actions = st.legal_actions()
        assert actions, f"no legal action at {st.phase}"
        a = st.sample_chance() if st.current_player == CHANCE else actions[rng.randrange(len(actions))]
        if st.current_player == CHANCE:
            assert a in actions
        st.apply(a)
        n += 1
        if st.phase != phase:
            check_invariants(st)
            phase = st.phase
        if clone_every and n % clone_every == 0:
            assert st.clone() == st
    check_invariants(st)
    assert st.legal_actions() == [] and st.outcome() is not None
    log = GameLog.loads(GameLog.of(st, path).dumps())
    assert replay(sc, log) == st
    if roundtrip:
        assert st.game.deserialize(st.serialize()) == st
    return n


@pytest.mark.parametrize("seed", range(20))
def test_random_playouts_of_the_synthetic_corridor(seed):
    assert playout(corridor(), seed, clone_every=37, roundtrip=True) > 0


def test_clones_of_a_shipped_scenario_game_stay_equal():
    """clone() of Arnhem positions along a random game equals the original (the conformance test of the
    shipped scenarios checks the rest)."""
    sc = load_scenario(SHIPPED[0]).scenario
    assert sc is not None
    assert playout(sc, 0, clone_every=200, path=str(SHIPPED[0])) > 0


@pytest.mark.slow
def test_many_random_playouts_of_the_corridor():
    games = int(os.environ.get("HEXWRIGHT_FM_GAMES", "1000"))
    sc = corridor()
    start = int(os.environ.get("HEXWRIGHT_FM_FIRST_SEED", "100"))
    for seed in range(start, start + games):
        playout(sc, seed)
