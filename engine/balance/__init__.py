"""The balance lab: many games of a scenario between bots, in parallel (a process pool or a Dask
distributed cluster), summarised with 95% intervals, heat maps and plots; what-if sweeps over one
scenario parameter. `run_study` and `run_sweep` are what the CLI (`hexwright balance`) and the app call."""

from __future__ import annotations

from typing import Any

from ..model.scenario import Scenario
from .compare import run_comparison, verdict
from .games import GameRecord, GameTask, game_seed, play_game, scenario_for
from .runner import Cancel, Interrupted, Progress, make_tasks, run_tasks, run_tasks_at
from .stats import overlaps, wilson
from .summary import Summary, summarize
from .sweep import SweepError, apply_parameter, parse_sweep


def _check_bots(sc: Scenario, bots: list[str]) -> list[str]:
    """One bot name per side (one name plays every side); an unknown name fails here, not in a worker."""
    if len(bots) == 1:
        bots = bots * len(sc.sides)
    if len(bots) != len(sc.sides):
        raise ValueError(f"{len(bots)} bots named for {len(sc.sides)} sides "
                         f"({', '.join(s.id for s in sc.sides)})")
    from ..bots import make_bot

    for name in bots:
        make_bot(name, 0, sc)
    return list(bots)


def run_study(scenario: str, games: int, bots: list[str], seed: int = 0, workers: int = 1,
              scheduler: str | None = None, options: dict[str, Any] | None = None,
              parameter: tuple[str, Any] | None = None, progress: Progress | None = None,
              cancel: Cancel | None = None, start_method: str | None = None) -> Summary:
    """Play `games` games of the scenario file between `bots` (one name per side) and summarise them.
    When cancelled, the summary is of the games that finished; when interrupted (Ctrl-C), `Interrupted`
    is raised with that summary as its `result`."""
    sc = scenario_for(scenario, parameter)
    bots = _check_bots(sc, bots)
    tasks = make_tasks(scenario, bots, games, seed, options, parameter)
    try:
        records = run_tasks(tasks, workers, scheduler, progress, cancel, start_method)
    except Interrupted as stop:
        stop.result = summarize(sc, scenario, [r for _, r in stop.found], bots, seed, parameter, options)
        raise
    return summarize(sc, scenario, records, bots, seed, parameter, options)


def run_sweep(scenario: str, path: str, values: list[Any], games: int, bots: list[str], seed: int = 0,
              workers: int = 1, scheduler: str | None = None, options: dict[str, Any] | None = None,
              progress: Progress | None = None, cancel: Cancel | None = None,
              start_method: str | None = None) -> list[Summary]:
    """One study per value of the parameter at `path` (each on a copy of the scenario), same seeds.
    Every value is checked before any game is played; all the games run as one batch (one pool, one
    warm-up per worker), and `progress` counts games over the whole sweep. When cancelled, the values
    whose games all finished are summarised (and when interrupted by Ctrl-C, raised as `Interrupted`'s
    `result`)."""
    scenario_for(scenario)
    per_value = []
    for v in values:
        sc = scenario_for(scenario, (path, v))  # SweepError for a value that does not fit the path
        per_value.append((v, sc, _check_bots(sc, bots)))
    tasks = [t for v, _, b in per_value for t in make_tasks(scenario, b, games, seed, options, (path, v))]
    try:
        found = dict(run_tasks_at(tasks, workers, scheduler, progress, cancel, start_method))
    except Interrupted as stop:
        stop.result = _sweep_summaries(scenario, games, seed, options, path, per_value, dict(stop.found))
        raise
    return _sweep_summaries(scenario, games, seed, options, path, per_value, found)


def _sweep_summaries(scenario: str, games: int, seed: int, options: dict[str, Any] | None, path: str,
                     per_value: list[tuple[Any, Scenario, list[str]]], found: dict[int, GameRecord]) -> list[Summary]:
    out = []
    for k, (v, sc, b) in enumerate(per_value):
        mine = [found.get(pos) for pos in range(k * games, (k + 1) * games)]
        if any(r is None for r in mine):
            break  # cancelled: this value and the ones after it are incomplete
        out.append(summarize(sc, scenario, [r for r in mine if r is not None], b, seed, (path, v), options))
    return out


__all__ = ["Cancel", "GameRecord", "GameTask", "Interrupted", "Progress", "Summary", "SweepError", "apply_parameter",
           "game_seed", "make_tasks", "overlaps", "parse_sweep", "play_game", "run_comparison", "run_study",
           "run_sweep", "run_tasks", "scenario_for", "summarize", "verdict", "wilson"]
