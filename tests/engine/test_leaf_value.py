"""The leaf evaluation fitted on self-play positions (engine/bots/value.py): the fit recovers known weights,
positions are taken at every game turn's end with the game's result, and the comparison tests on games it
did not fit on."""

from __future__ import annotations

import numpy as np
import pytest
from hexwright.engine.balance.games import scenario_for
from hexwright.engine.balance.selfplay import collect
from hexwright.engine.bots.lead import Lead
from hexwright.engine.bots.value import NAMES, compare, exit_conditions, features, fit, log_loss, names_for

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
    k = len(names_for(sc))  # Koenig's Arnhem Bridge has an exit condition: NAMES and `exit`
    assert k == len(NAMES) + 1
    assert x.shape[1] == 2 * k + 2 and len(x) == len(lead) == len(y) == len(game)
    assert set(game.tolist()) == {0, 1} and set(y.tolist()) <= {0.0, 0.5, 1.0}
    assert len(x) >= 2 * 2  # at least the ends of turns 1 and 2 of each game
    assert (x[:, -1] == 1).all() and ((x[:, -2] > 0) & (x[:, -2] <= 1)).all()  # the constant and the turn share
    assert np.allclose(x[:, k:2 * k], x[:, :k] * x[:, -2:-1])  # the products with t
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
    assert len(row) == 2 * len(names_for(sc)) + 2 and row[-1] == 1.0


def test_the_exit_feature_counts_what_is_left_of_the_units_that_must_exit():
    """Arnhem Bridge exclusive 12.0: the Allies score 10 VP unless the Recon/9th exits off the map. The VPs count
    the exit once it is made; the `exit` feature tells a Recon still able to exit (waiting to enter, on the map,
    by its steps left) from one eliminated, for the German side: the Allies' value less the German's."""
    from hexwright.engine.bots.lead import VP_SCALE
    from hexwright.engine.rules.kit import UnitStatus
    from hexwright.engine.rules.protocol import new_game

    sc = scenario_for(KOENIG)
    assert exit_conditions(sc) == [("german", 10 / VP_SCALE, ["G-Recon9"])]
    lead = Lead(sc)
    at = len(NAMES)
    state = new_game(sc, 3)
    assert state.position.status("G-Recon9") == UnitStatus.WAITING  # enters on Game Turn 2 (exclusive 8.5)
    assert features(lead, state, len(sc.turns))[at] == pytest.approx(-10 / VP_SCALE)
    pos = state.position
    pos.place("G-Recon9", sc.map.hex_at("0903"))
    pos.set_steps_lost("G-Recon9", 1)  # one Hit of three steps
    assert features(lead, state, len(sc.turns))[at] == pytest.approx(-10 / VP_SCALE * 2 / 3)
    pos.remove("G-Recon9")
    assert features(lead, state, len(sc.turns))[at] == 0.0
    # a scenario without exit conditions keeps the four values
    other = scenario_for(str(SCENARIOS / "storm-arnhem" / "the-crossing.yaml"))
    assert exit_conditions(other) == [] and names_for(other) == NAMES
