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
