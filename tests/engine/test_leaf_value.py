"""The leaf evaluation fitted on self-play positions (engine/bots/value.py): the fit recovers known weights,
positions are taken at every game turn's end with the game's result, and the comparison tests on games it
did not fit on."""

from __future__ import annotations

import numpy as np
import pytest
from hexwright.engine.balance.games import scenario_for
from hexwright.engine.balance.selfplay import collect
from hexwright.engine.bots.lead import Lead
from hexwright.engine.bots.value import NAMES, compare, features, fit, log_loss

from tests.conftest import SCENARIOS

KOENIG = str(SCENARIOS / "koenig-arnhem-bridge" / "arnhem-bridge.yaml")


def test_the_fit_recovers_the_weights_of_a_logistic_model():
    rng = np.random.default_rng(4)
    x = np.column_stack([rng.normal(size=4000), rng.normal(size=4000), np.ones(4000)])
    true = np.array([1.5, -0.7, 0.3])
    y = (rng.random(4000) < 1 / (1 + np.exp(-x @ true))).astype(float)
    w = fit(x, y, ridge=1e-6)
    assert w == pytest.approx(true, abs=0.15)
    p = 1 / (1 + np.exp(-x @ w))
    assert log_loss(p, y) < log_loss(np.full(len(y), y.mean()), y)


def test_positions_at_every_turns_end_labelled_with_the_result():
    sc = scenario_for(KOENIG)
    x, lead, y, game = collect(sc, 2, 5, options={"max_turns": 3})
    assert x.shape[1] == 2 * len(NAMES) + 2 and len(x) == len(lead) == len(y) == len(game)
    assert set(game.tolist()) == {0, 1} and set(y.tolist()) <= {0.0, 0.5, 1.0}
    assert len(x) >= 2 * 2  # at least the ends of turns 1 and 2 of each game
    assert (x[:, -1] == 1).all() and ((x[:, -2] > 0) & (x[:, -2] <= 1)).all()  # the constant and the turn share
    assert np.allclose(x[:, 4:8], x[:, :4] * x[:, -2:-1])  # the products with t
    # Koenig keeps VPs: the first feature is the VP difference over the score's scale, as the lead reads it
    assert np.allclose(x[:, 0], lead)  # a VP family's lead is that difference alone


def test_the_comparison_fits_on_the_first_games_and_tests_on_the_last():
    rng = np.random.default_rng(1)
    n_games, per = 40, 5
    game = np.repeat(np.arange(n_games), per)
    lead = rng.normal(size=n_games * per)
    y = np.repeat((rng.random(n_games) < 0.5).astype(float), per)
    x = np.column_stack([np.where(y == 1, 1.0, -1.0) + rng.normal(size=len(y)), np.ones(len(y))])
    got = compare(x, lead, y, game)
    assert got["train_games"] == 30 and got["test_games"] == 10 and got["test_positions"] == 50
    assert got["log_loss"]["fitted"] < got["log_loss"]["lead"]  # x tells the result, the random lead does not


def test_features_of_the_first_position():
    sc = scenario_for(KOENIG)
    from hexwright.engine.rules.protocol import new_game

    state = new_game(sc, 3)
    row = features(Lead(sc), state, len(sc.turns))
    assert len(row) == 2 * len(NAMES) + 2 and row[-1] == 1.0


def _side_values_by_units_at(lead: Lead, state) -> dict[str, list[float]]:
    """side_values as it read each objective hex's units before (`Position.units_at`, the map's occupancy)."""
    from hexwright.engine.rules.kit import UnitStatus

    sides = list(lead.units_per_side)
    out = {s: [0.0, 0.0, 0.0, 0.0] for s in sides}
    vp_fn = getattr(state, "victory_points", None)
    if callable(vp_fn):
        for side, v in vp_fn().items():
            if side in out:
                out[side][0] = float(v) / 3.0
    pos = state.position
    total_w = sum(lead.objectives.weight.values()) or 1.0
    for h, w in lead.objectives.weight.items():
        for side in {lead.unit_side.get(u) for u in pos.units_at(h) if lead.counts(state, u)}:
            if side in out:
                out[side][1] += w / total_w
    far: dict[str, list[int]] = {}
    for uid in pos.units():
        side = lead.unit_side.get(uid)
        if side not in out:
            continue
        gone = pos.status(uid) == UnitStatus.ELIMINATED
        out[side][2] += (1.0 if gone else min(1.0, 0.35 * pos.steps_lost(uid))) / lead.units_per_side[side]
        where = pos.hex_of(uid)
        if where is not None and not gone and lead.counts(state, uid):
            far.setdefault(side, []).append(lead.objectives.distance(where))
    for side, ds in far.items():
        out[side][3] = sum(ds) / len(ds)
    return out


@pytest.mark.parametrize("path", ["fm-arnhem/scenario-1-historical.yaml", "target-arnhem/target-arnhem.yaml",
                                  "koenig-arnhem-bridge/arnhem-bridge.yaml"])
def test_side_values_read_the_objective_hexes_as_the_maps_occupancy_does(path):
    """side_values finds the units in each objective hex without the map's whole occupancy: the very same
    values, to the last bit, as reading them by `units_at`, along a random game."""
    import random

    from hexwright.engine.bots.value import side_values
    from hexwright.engine.rules.chance import SeededSampler
    from hexwright.engine.rules.protocol import CHANCE, make_game

    sc = scenario_for(str(SCENARIOS / path))
    lead = Lead(sc)
    state = make_game(sc).new_initial_state(5, SeededSampler(5))
    rng = random.Random(5)
    held = 0
    for n in range(2000):
        if state.is_terminal():
            break
        if n % 7 == 0:
            got = side_values(lead, state)
            assert got == _side_values_by_units_at(lead, state)
            held += any(v[1] > 0 for v in got.values())
        legal = state.legal_actions()
        state.apply(state.sample_chance() if state.current_player == CHANCE else legal[rng.randrange(len(legal))])
    assert held > 0  # objective hexes were held in some of the positions compared
