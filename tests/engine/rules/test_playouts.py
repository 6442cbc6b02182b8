"""The large random-playout run (playouts.py): a game is played, replayed from its log's text and compared,
and a log that does not replay to the same game is counted as a mismatch."""

from __future__ import annotations

import json

import pytest
from hexwright.engine.rules.log import GameLog

from . import playouts

KOENIG = "koenig-arnhem-bridge/arnhem-bridge.yaml"


def test_a_game_is_played_to_its_end_and_replayed_exactly():
    r = playouts.play_and_replay(KOENIG, 7)
    assert r["problem"] == ""
    assert r["actions"] > 100
    assert "wins" in r["outcome"] or "draw" in r["outcome"], r["outcome"]


def test_a_log_that_replays_to_another_position_is_a_mismatch(monkeypatch: pytest.MonkeyPatch):
    dumps = GameLog.dumps

    def short(self: GameLog) -> str:  # the log loses its last action
        return dumps(GameLog(self.scenario, self.seed, self.options, self.actions[:-1], self.rules, self.result))

    monkeypatch.setattr(GameLog, "dumps", short)
    r = playouts.play_and_replay(KOENIG, 7)
    assert r["problem"].startswith("replay mismatch"), r["problem"]


def test_the_run_resumes_and_summarises(tmp_path):
    out = tmp_path / "run.jsonl"
    playouts.run([KOENIG], range(3, 5), 1, out)
    playouts.run([KOENIG], range(3, 6), 1, out)  # the two recorded games are not played again
    lines = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    assert [r["seed"] for r in lines[1:]] == [3, 4, 5]
    (line,) = playouts.summary(lines[1:])
    assert line.startswith(f"{KOENIG}: 3 games") and "0 failed" in line
