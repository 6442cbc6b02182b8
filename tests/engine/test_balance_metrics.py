"""The designer's metrics of a study (engine/balance/metrics.py), game diversity, and the comparison of bots
that says whether the verdict depends on them (engine/balance/compare.py, `hexwright balance --compare`)."""

from __future__ import annotations

import numpy as np
import pytest
from hexwright.engine.balance import run_comparison, verdict
from hexwright.engine.balance.games import GameRecord
from hexwright.engine.balance.metrics import study_metrics
from hexwright.engine.balance.summary import SideResult, Summary

from tests.conftest import SCENARIOS

FM_1 = str(SCENARIOS / "fm-arnhem" / "scenario-1-historical.yaml")


def _rec(i: int, winner: str | None, leaders: list[str], digest: str, draw: bool = False) -> GameRecord:
    return GameRecord(index=i, seed=i, winner=winner, draw=draw, reason="", decided_turn=len(leaders),
                      actions=10 * len(leaders), first="a", leaders=leaders, digest=digest)


def test_metrics_of_hand_made_games():
    games = [
        _rec(0, "a", ["b", "a", "a", "a"], "x"),  # led for good over 3 of 4 turns; one change
        _rec(1, "b", ["a", "", "b", "a", "b"], "y"),  # changes a->b->a->b (the level turn skipped): 3
        _rec(2, None, ["a", "b", ""], "x", draw=True),  # a repeat of game 0's decisions; one change
        _rec(3, "a", ["a", "a"], "z"),  # led from the first turn's end: 1.0, no change
    ]
    m = study_metrics(games, ["a", "b"])
    assert m.games == 4
    assert m.balance == pytest.approx(1 - (2 / 4 - 1 / 4))
    assert m.drawishness == pytest.approx(1 / 4)
    assert m.decisiveness == pytest.approx((3 / 4 + 1 / 5 + 1.0) / 3)
    assert m.lead_changes == pytest.approx((1 + 3 + 1 + 0) / 4)
    assert m.lead_changes_per_turn == pytest.approx(5 / 14)
    assert m.mean_turns == pytest.approx(14 / 4) and m.mean_actions == pytest.approx(140 / 4)
    assert m.first_side == "a" and m.first_advantage == pytest.approx((2 + 0.5) / 4)
    assert m.distinct == 3 and m.repeats == [[2, 0]]
    assert m.endings == 3  # the records lose no unit: the endings differ by who won (a, b, the draw) ...
    alike = study_metrics([_rec(i, "a", ["a"], str(i)) for i in range(4)] + games[1:2], ["a", "b"])
    assert alike.endings == 2 and alike.distinct == 5  # ... and five distinct games end two ways
    # who led at each turn's end, among the games that lasted that long
    assert m.lead_by_turn["a"] == pytest.approx([3 / 4, 2 / 4, 1 / 3, 2 / 2, 0 / 1])
    assert m.lead_by_turn["b"] == pytest.approx([1 / 4, 1 / 4, 1 / 3, 0 / 2, 1 / 1])


def _summary(bots: list[str], wins: int, games: int = 40) -> Summary:
    sides = [SideResult("allied", bots[0], wins, 0, games - wins, games, 0.0, name="Allied"),
             SideResult("german", bots[1], games - wins, 0, wins, games, 0.0, name="German")]
    empty = np.zeros((1, 1), dtype=np.int64)
    return Summary("T", "t.yaml", bots, 7, games, 0, sides, {}, {}, empty, empty)


def test_the_verdict_says_when_it_depends_on_the_bots():
    heur = _summary(["heuristic", "heuristic"], 0)
    search = _summary(["mcts", "heuristic"], 16)
    (line,) = verdict([heur, search])
    assert line.startswith("Allied 0.0% (0.0% to 8.8%) with heuristic bots, 40.0% (26.3% to 55.4%) with mcts "
                           "(Allied) and heuristic (German)")
    assert line.endswith("the verdict depends on the bots (Allied, German: the 95% intervals are apart, 40 and 40 "
                         "games).")
    (same,) = verdict([heur, _summary(["mcts", "heuristic"], 2)])
    assert "the same verdict with either pair of bots at 40 games" in same
    assert verdict([heur]) == []


def test_a_comparison_plays_the_same_seeds_with_each_pair_and_reports_its_metrics():
    options = {"max_turns": 1}
    first, second = run_comparison(FM_1, 2, [["random"], ["heuristic", "random"]], seed=3, options=options)
    assert [r.bot for r in first.sides] == ["random", "random"]
    assert [r.bot for r in second.sides] == ["heuristic", "random"]
    assert first.metrics is not None and first.metrics.games == 2 and first.metrics.first_side
    assert verdict([first, second])[0].startswith("Allied ")
