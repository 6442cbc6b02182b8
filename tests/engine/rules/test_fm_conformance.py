"""Conformance (OpenSpiel games_sim_test style): random playouts of the synthetic corridor and the
shipped Arnhem scenarios to the end, checking after every phase that no hex holds two units and no unit
stands where its movement class may not be, that legal actions exist until the end, that clones are
equal, and that the game log replays exactly.

The default run is small; `pytest -m slow` plays many more games (HEXWRIGHT_FM_GAMES per scenario,
default 1000)."""

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


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.name)
def test_random_playouts_of_the_shipped_scenarios(path):
    sc = load_scenario(path).scenario
    assert sc is not None
    assert playout(sc, 0, clone_every=200, path=str(path)) > 0


@pytest.mark.slow
@pytest.mark.parametrize("path", SHIPPED + ["corridor"], ids=lambda p: getattr(p, "name", p))
def test_many_random_playouts(path):
    games = int(os.environ.get("HEXWRIGHT_FM_GAMES", "1000"))
    sc = corridor() if path == "corridor" else load_scenario(path).scenario
    start = int(os.environ.get("HEXWRIGHT_FM_FIRST_SEED", "100"))
    for seed in range(start, start + games):
        playout(sc, seed)
