"""How well a position's value is predicted: the leaf evaluation fitted on self-play positions
(engine/bots/value.py) against the search bot's hand-made score calibrated on the same games, by the log
loss and Brier score of game results predicted from positions of games neither was fitted on.

The positions are every game turn's end of heuristic-against-heuristic games of a scenario (the balance
lab's seeds from seed 31), collected on 2 worker processes; the first 75% of the games fit, the last 25%
test. A smaller log loss is a better prediction; the target is the fitted model's test log loss below the
hand-made score's (ratio < 1). `--quick`: 8 games."""

from __future__ import annotations

import os
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import numpy as np

from .core import Row, Settings, register

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CASES = [("F&M Arnhem Scenario 1", "scenarios/fm-arnhem/scenario-1-historical.yaml", 120),
         ("Koenig Arnhem Bridge", "scenarios/koenig-arnhem-bridge/arnhem-bridge.yaml", 120)]
SEED = 31


def _collect(args: tuple[str, int, int]) -> tuple[Any, Any, Any, Any]:
    from hexwright.engine.balance.games import scenario_for
    from hexwright.engine.balance.selfplay import collect

    path, first, n = args
    x, lead, y, game = collect(scenario_for(path), first + n, SEED, start=first)
    return x, lead, y, game


@register("leaf-value")
def leaf_value_benchmark(settings: Settings) -> list[Row]:
    from hexwright.engine.bots.value import compare

    rows = []
    for name, rel, games in CASES:
        n = 8 if settings.quick else games
        path = os.path.join(ROOT, rel)
        half = n // 2
        with ProcessPoolExecutor(2) as pool:
            parts = list(pool.map(_collect, [(path, 0, half), (path, half, n - half)]))
        x, lead, y, game = (np.concatenate([p[k] for p in parts]) for k in range(4))
        got = compare(x, lead, y, game)
        ll, br = got["log_loss"], got["brier"]
        notes = [f"{got['train_games']} games ({got['train_positions']} positions) fit, {got['test_games']} games "
                 f"({got['test_positions']} positions) test; heuristic against heuristic, seeds from {SEED}",
                 f"log loss: fitted {ll['fitted']:.3f}, hand-made score {ll['lead']:.3f}, the mean result "
                 f"{ll['mean']:.3f}; Brier: fitted {br['fitted']:.3f}, hand-made {br['lead']:.3f}, "
                 f"mean {br['mean']:.3f}",
                 "results: first side wins " + f"{float((y == 1).mean()):.2f} of positions, draws "
                 f"{float((y == 0.5).mean()):.2f}",
                 "weights (vp, objectives, lost, distance, the same times t, t, 1): "
                 + ", ".join(f"{w:.2f}" for w in got["weights"])]
        rows.append(Row("leaf-value", f"{name}, {n} heuristic games", "fitted value, test log loss", ll["fitted"],
                        "hand-made score, calibrated", ll["lead"], max_ratio=1.0,
                        target="log loss below the hand-made score's", unit="", notes=notes))
    return rows
