"""Fit the search bot's leaf evaluation (engine/bots/value.py) for a scenario on self-play positions and keep
the weights where the search reads them (engine/bots/leaf_weights.json, `value.LeafValue`).

    python -m hexwright.engine.balance.fitvalue SCENARIO [--games N] [--bots A,B]... [--seed S] [--workers W]

Every `--bots` pair (one bot a side, in side order; heuristic against heuristic by default) plays `--games`
games with the balance lab's seeds; the positions at every game turn's end are labelled with the game's
result. A pair whose games all end alike teaches nothing (Target Arnhem's heuristic Allies win none): add
another pair (e.g. `--bots heuristic,heuristic --bots heuristic,random`). The weights are fitted twice: on
the first three quarters of every pair's games, to report the log loss on the last quarter beside the
hand-made score calibrated the same way; then on all the games, the weights kept (units lost are never
fitted as helping a side: `value.fit_signed`). They are kept only when
they predict the unseen games better than the hand-made score (else the search keeps the hand-made one)."""

from __future__ import annotations

import argparse
import os
import sys
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import numpy as np

from ..bots.value import LeafValue, compare, fit_signed, save_weights
from .games import scenario_for
from .selfplay import collect


def _collect(args: tuple[str, int, int, int, tuple[str, str]]) -> tuple[Any, Any, Any, Any]:
    path, seed, first, n, bots = args
    return collect(scenario_for(path), first + n, seed, bots=bots, start=first)


def gather(path: str, games: int, seed: int, pairs: list[tuple[str, str]], workers: int
           ) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Every pair's games, split among `workers` processes; the game numbers are renumbered so that each
    pair's first three quarters come before every pair's last quarter (`compare` tests on the highest)."""
    jobs: list[tuple[str, int, int, int, tuple[str, str]]] = []
    per = max(1, -(-games // max(1, workers)))
    for pair in pairs:
        for first in range(0, games, per):
            jobs.append((path, seed, first, min(per, games - first), pair))
    if workers > 1:
        with ProcessPoolExecutor(workers) as pool:
            parts = list(pool.map(_collect, jobs))
    else:
        parts = [_collect(j) for j in jobs]
    xs, leads, ys, gs = [], [], [], []
    cut = int(np.ceil(games * 0.75))
    for job, (x, lead, y, g) in zip(jobs, parts, strict=True):
        k = pairs.index(job[4])
        # train games first (pair k's game i < cut -> k * cut + i), then test games after every pair's train
        g2 = np.where(g < cut, k * cut + g, len(pairs) * cut + k * (games - cut) + (g - cut))
        xs.append(x)
        leads.append(lead)
        ys.append(y)
        gs.append(g2)
    return np.concatenate(xs), np.concatenate(leads), np.concatenate(ys), np.concatenate(gs)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m hexwright.engine.balance.fitvalue", description=__doc__)
    ap.add_argument("scenario")
    ap.add_argument("--games", type=int, default=60)
    ap.add_argument("--bots", action="append", default=None, help="A,B: one bot a side (repeatable)")
    ap.add_argument("--seed", type=int, default=31)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--dry-run", action="store_true", help="report the fit, keep nothing")
    ap.add_argument("--data", help="an .npz of the positions: read if it exists, else written after the games")
    a = ap.parse_args(argv)
    try:
        sc = scenario_for(a.scenario)
    except (OSError, ValueError) as e:
        print(f"{a.scenario}: {e}", file=sys.stderr)
        return 2
    pairs = [tuple(b.split(",")) for b in (a.bots or ["heuristic,heuristic"])]
    if any(len(p) != 2 for p in pairs):
        print("--bots: one bot for each of the two sides, e.g. heuristic,random", file=sys.stderr)
        return 2
    if a.data and os.path.exists(a.data):
        with np.load(a.data) as d:
            x, lead, y, game = d["x"], d["lead"], d["y"], d["game"]
    else:
        x, lead, y, game = gather(a.scenario, a.games, a.seed, [(p[0], p[1]) for p in pairs], a.workers)
        if a.data:
            np.savez(a.data, x=x, lead=lead, y=y, game=game)
    got = compare(x, lead, y, game, cut=int(np.ceil(a.games * 0.75)) * len(pairs))
    ll = got["log_loss"]
    print(f"{sc.title}: {len(x)} positions of {a.games * len(pairs)} games; results: first side wins "
          f"{float((y == 1).mean()):.2f} of positions, draws {float((y == 0.5).mean()):.2f}")
    print(f"test log loss ({got['test_games']} games): fitted {ll['fitted']:.3f}, hand-made {ll['lead']:.3f}, "
          f"the mean {ll['mean']:.3f}")
    w = fit_signed(x, y)
    print("weights (vp, objectives, lost, distance, the same times t, t, 1): "
          + ", ".join(f"{v:.2f}" for v in w))
    if ll["fitted"] >= ll["lead"]:
        print("not kept: the fitted value predicts unseen games no better than the hand-made score")
        return 1
    if not a.dry_run:
        entry = LeafValue(weights=[float(v) for v in w], games=a.games * len(pairs), seed=a.seed,
                          bots=[",".join(p) for p in pairs], test_log_loss=round(ll["fitted"], 4),
                          hand_made_log_loss=round(ll["lead"], 4))
        where = save_weights(sc, entry)
        print(f"kept in {where}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
