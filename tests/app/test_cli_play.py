"""`hexwright play SCENARIO --seed N --bots ...` with the bots of engine/bots: the heuristic bot of the
scenario's rules family for one or both sides, the same game from the same seed, the log replays, and an
unknown bot name is refused with the known ones."""

from __future__ import annotations

from hexwright.app.cli import main
from hexwright.engine.rules.log import GameLog

from tests.conftest import SCENARIOS

FM = str(SCENARIOS / "fm-arnhem" / "scenario-1-historical.yaml")
KOENIG = str(SCENARIOS / "koenig-arnhem-bridge" / "arnhem-bridge.yaml")


def _play(tmp_path, bots: str, name: str, capsys, seed: int = 3) -> GameLog:
    log = tmp_path / f"{name}.yaml"
    assert main(["play", FM, "--seed", str(seed), "--bots", bots, "--max-turns", "2", "--quiet",
                 "--log", str(log)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("result: ") and "(max_turns)" in out
    return GameLog.load(log)


def test_play_with_heuristic_bots_is_deterministic_and_replays(tmp_path, capsys):
    heuristic = _play(tmp_path, "heuristic", "h1", capsys)
    assert heuristic.actions == _play(tmp_path, "heuristic", "h2", capsys).actions  # same seed, same game
    random_game = _play(tmp_path, "random", "r", capsys)
    assert heuristic.actions != random_game.actions  # the heuristic bot does play
    assert main(["play", "--replay", str(tmp_path / "h1.yaml"), "--quiet"]) == 0
    assert capsys.readouterr().out.startswith(f"replayed {len(heuristic.actions)} actions exactly")


def test_play_with_one_bot_per_side(tmp_path, capsys):
    mixed = _play(tmp_path, "heuristic,random", "m", capsys)
    assert mixed.actions != _play(tmp_path, "heuristic", "h", capsys).actions
    assert mixed.actions != _play(tmp_path, "random", "r", capsys).actions
    assert main(["play", "--replay", str(tmp_path / "m.yaml"), "--quiet"]) == 0


def test_play_prints_the_log_in_the_rules_words(capsys):
    assert main(["play", FM, "--seed", "1", "--bots", "heuristic", "--max-turns", "1"]) == 0
    out = capsys.readouterr().out
    assert "GT 1 Allied Movement Phase (F&M 4.1, 5.0): Allied: " in out  # sides by their names, never ids
    assert out.rstrip().splitlines()[-1].startswith("result: ")
    own = [line for line in out.splitlines() if not line.startswith("    ")]  # not the rules' own lines
    assert not [line for line in own if " allied " in line or ": allied:" in line or ".txt" in line]


def test_unknown_bot_is_refused_with_the_known_names(capsys):
    assert main(["play", FM, "--bots", "clever"]) == 2
    err = capsys.readouterr().err
    assert "unknown bot 'clever'" in err and "random" in err and "heuristic" in err


def test_play_plays_a_whole_koenig_game_headless_and_replays_it(tmp_path, capsys):
    """A whole Arnhem Bridge game with random bots, its result by the exclusive rules (12.0), its log
    replayed; `--max-turns` stops early."""
    log = tmp_path / "game.yaml"
    assert main(["play", KOENIG, "--seed", "2", "--quiet", "--log", str(log)]) == 0
    out = capsys.readouterr().out
    assert "result: " in out and "exclusive 12.0" in out
    assert main(["play", "--replay", str(log), "--quiet"]) == 0
    assert "replayed" in capsys.readouterr().out
    assert main(["play", KOENIG, "--seed", "2", "--max-turns", "1", "--quiet"]) == 0


def _no_game(monkeypatch):
    """Make playing a game fail the test: the refusals below come before any game is played."""
    from hexwright.app.subcommands import play as play_command

    def played(*args, **kwargs):
        raise AssertionError("a game was played before the command line was checked")

    monkeypatch.setattr(play_command, "play", played)


def test_a_log_that_cannot_be_written_is_refused_before_the_game(tmp_path, capsys, monkeypatch):
    _no_game(monkeypatch)
    for where, why in ((tmp_path / "missing" / "game.yaml", "does not exist"), (tmp_path, "is a folder")):
        assert main(["play", KOENIG, "--quiet", "--log", str(where)]) == 2
        captured = capsys.readouterr()
        assert "--log" in captured.err and why in captured.err and "Traceback" not in captured.err
        assert captured.out == ""
    assert not (tmp_path / "missing").exists()


def test_max_turns_must_be_at_least_one(capsys, monkeypatch):
    _no_game(monkeypatch)
    for value in ("-5", "0"):
        assert main(["play", KOENIG, "--max-turns", value]) == 2
        assert "--max-turns must be at least 1" in capsys.readouterr().err
