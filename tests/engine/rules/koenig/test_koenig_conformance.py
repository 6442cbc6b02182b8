"""Random-playout conformance of the Arnhem Bridge scenario (STYLE.md, OpenSpiel games_sim_test): random
legal games to the end with exact replay from the log (dice checked against the seed), clone equality,
serialize/deserialize round trips, no stacking violations (Koenig 8.2), chance outcomes summing to 1,
and no legal actions once the game is over (002_fe1216aa5df94854.txt).

KOENIG_PLAYOUTS sets the number of games (default 20)."""

from __future__ import annotations

import os
import random
from pathlib import Path

import pytest
from hexwright.engine.rules.koenig import OPTIONS, KoenigGame
from hexwright.engine.rules.log import GameLog, replay
from hexwright.engine.rules.protocol import CHANCE, new_game

GAMES = int(os.environ.get("KOENIG_PLAYOUTS", "20"))


def options_for(seed: int) -> dict[str, bool]:
    rng = random.Random(seed * 7919)
    return {k: rng.random() < 0.5 for k in OPTIONS}


def playout(scenario, seed: int):
    game = KoenigGame(scenario, options_for(seed))
    s = game.new_initial_state(seed)
    rng = random.Random(seed)
    clone_at = rng.randrange(50, 250)
    clone = None
    steps = 0
    while not s.is_terminal():
        if s.current_player == CHANCE:
            outcomes = s.chance_outcomes()
            assert sum(p for _, p in outcomes) == 1
            # the protocol: legal_actions() is empty only once the game is over; at a chance node it lists
            # the outcomes
            assert s.legal_actions() == [o for o, _ in outcomes]
            a = s.sample_chance()
        else:
            legal = s.legal_actions()
            assert legal, f"no legal action in {s.phase}"
            a = rng.choice(legal)
        if clone is not None:
            clone.apply(a)
        s.apply(a)
        steps += 1
        assert not s.stacking_violations(), (s.phase, s.action_texts()[-3:])
        if steps == clone_at:
            clone = s.clone()
            assert clone == s and clone is not s
    assert s.legal_actions() == [] and s.outcome() is not None
    if clone is not None:
        assert clone == s and clone.outcome() == s.outcome()
    return game, s


@pytest.mark.parametrize("seed", range(GAMES))
def test_random_playout_replays_exactly(scenario, seed):
    game, s = playout(scenario, seed)
    log = GameLog.of(s, "scenarios/koenig-arnhem-bridge/arnhem-bridge.yaml")
    again = replay(scenario, GameLog.loads(log.dumps()))
    assert again == s and str(again.outcome()) == log.result
    assert game.deserialize(s.serialize()) == s


def test_family_is_discoverable_through_the_registry(scenario):
    s = new_game(scenario, seed=3, options={"overruns": True})
    assert isinstance(s.game, KoenigGame) and s.game.options["overruns"] is True
    assert s.game.options["leadership"] is False  # the scenario's default


def test_unknown_option_is_refused(scenario):
    with pytest.raises(ValueError, match="14.1"):
        KoenigGame(scenario, {"leadershp": True})


def test_hexwright_play_plays_the_scenario_headless(tmp_path, capsys):
    """`hexwright play` (the CLI) plays a whole Arnhem Bridge game with random bots and replays its log."""
    from hexwright.app.cli import main

    path = str(Path(__file__).resolve().parents[4] / "scenarios" / "koenig-arnhem-bridge" / "arnhem-bridge.yaml")
    log = tmp_path / "game.yaml"
    assert main(["play", path, "--seed", "2", "--quiet", "--log", str(log)]) == 0
    out = capsys.readouterr().out
    assert "result: " in out and "exclusive 12.0" in out
    assert main(["play", "--replay", str(log), "--quiet"]) == 0
    assert "replayed" in capsys.readouterr().out
    assert main(["play", path, "--seed", "2", "--max-turns", "1", "--quiet"]) == 0
