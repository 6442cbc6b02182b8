"""The balance lab: many games of a scenario between bots, in parallel (a process pool or a Dask
distributed cluster), summarised with 95% intervals, heat maps and plots; what-if sweeps over one
scenario parameter. `run_study` and `run_sweep` are what the CLI (`hexwright balance`) and the app call."""

from __future__ import annotations

from typing import Any

from .games import GameRecord, GameTask, game_seed, play_game, scenario_for
from .runner import Cancel, Progress, make_tasks, run_tasks
from .stats import overlaps, wilson
from .summary import Summary, summarize
from .sweep import SweepError, apply_parameter, parse_sweep


def run_study(scenario: str, games: int, bots: list[str], seed: int = 0, workers: int = 1,
              scheduler: str | None = None, options: dict[str, Any] | None = None,
              parameter: tuple[str, Any] | None = None, progress: Progress | None = None,
              cancel: Cancel | None = None) -> Summary:
    """Play `games` games of the scenario file between `bots` (one name per side) and summarise them."""
    sc = scenario_for(scenario, parameter)
    if len(bots) == 1:
        bots = bots * len(sc.sides)
    if len(bots) != len(sc.sides):
        raise ValueError(f"{len(bots)} bots named for {len(sc.sides)} sides "
                         f"({', '.join(s.id for s in sc.sides)})")
    from ..bots import make_bot

    for name in bots:
        make_bot(name, 0, sc)  # an unknown name or a family without that bot fails here, not in a worker
    tasks = make_tasks(scenario, bots, games, seed, options, parameter)
    records = run_tasks(tasks, workers, scheduler, progress, cancel)
    return summarize(sc, scenario, records, list(bots), seed, parameter, options)


def run_sweep(scenario: str, path: str, values: list[Any], games: int, bots: list[str], seed: int = 0,
              workers: int = 1, scheduler: str | None = None, options: dict[str, Any] | None = None,
              progress: Progress | None = None, cancel: Cancel | None = None) -> list[Summary]:
    """One study per value of the parameter at `path` (each on a copy of the scenario), same seeds."""
    base = scenario_for(scenario)
    for v in values:
        apply_parameter(base, path, v)  # validate every value before playing any game
    out = []
    for v in values:
        if cancel is not None and cancel():
            break
        out.append(run_study(scenario, games, bots, seed, workers, scheduler, options, (path, v), progress, cancel))
    return out


__all__ = ["Cancel", "GameRecord", "GameTask", "Progress", "Summary", "SweepError", "apply_parameter", "game_seed",
           "make_tasks", "overlaps", "parse_sweep", "play_game", "run_study", "run_sweep", "run_tasks", "summarize",
           "wilson"]
