"""Random-bot playouts of "Arnhem: The Farthest Bridge" Scenario 1 (F&M) to the end of the game.

Rows:

* games per second on one core (the games played one after another in this process);
* the same games on 2 worker processes (the balance lab's process pool as `hexwright balance --workers
  2` runs it: forked workers, each warmed up once, one game at a time; the pool's start included)
  against one core: the issue's target is a speed-up of at least 1.7x;
* the same games on a 2-worker local Dask cluster (processes, one thread each; the cluster is started
  before the timing, as an existing `--scheduler` would be; the workers' warm-up is timed) against
  one core;
* the speed-up that 2 processes of plain Python arithmetic get at the same moment, in the notes: other
  programs on the machine share its cores, and this ceiling says how much of the target the machine
  allowed when it was measured;
* the mean time of one `legal_actions()` call and one `apply()` in those games, with the phases and
  actions that cost most in the notes (the hot spots).

The games are the balance lab's tasks (engine/balance): seeds from the master seed and the game's
index, so every runner plays the very same games. 32 games: a game takes about a second, so the
pool's start and the last game's tail (one worker idle while the other finishes) weigh on the
speed-up as they would in a study of a few minutes, not more. `--quick` cuts the games to two game
turns.
"""

from __future__ import annotations

import contextlib
import os
import random
import time
from collections import defaultdict
from typing import Any

from hexwright.engine.balance import make_tasks, run_tasks, scenario_for
from hexwright.engine.balance.runner import pool_start_method
from hexwright.engine.rules.protocol import CHANCE, new_game

from .core import Row, Settings, median, register

SCENARIO = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "scenarios", "fm-arnhem",
                        "scenario-1-historical.yaml")
GAMES = 32
QUICK_GAMES = 4


def _tasks(settings: Settings):
    options = {"max_turns": 2} if settings.quick else {}
    return make_tasks(SCENARIO, ["random", "random"], QUICK_GAMES if settings.quick else GAMES, 2026, options)


def _timed(fn) -> float:
    t0 = time.perf_counter()
    fn()
    return time.perf_counter() - t0


def per_call_times(settings: Settings, games: int = 2) -> dict[str, dict[str, list[float]]]:
    """Seconds of each `legal_actions()` call (by phase) and each `apply()` (by action verb)."""
    sc = scenario_for(SCENARIO)
    out: dict[str, dict[str, list[float]]] = {"legal_actions": defaultdict(list), "apply": defaultdict(list)}
    for g in range(games):
        state = new_game(sc, 100 + g, {"max_turns": 2} if settings.quick else {})
        rng = random.Random(g)
        while not state.is_terminal():
            if state.current_player == CHANCE:
                action = state.sample_chance()
            else:
                phase = state.phase.name
                t0 = time.perf_counter()
                actions = state.legal_actions()
                out["legal_actions"][phase].append(time.perf_counter() - t0)
                action = actions[rng.randrange(len(actions))]
            verb = action.text().split(" ", 1)[0]
            t0 = time.perf_counter()
            state.apply(action)
            out["apply"][verb].append(time.perf_counter() - t0)
    return out


def _spin(n: int) -> int:
    """Pure-Python work with nothing shared: the speed-up two processes can have on this machine now."""
    s = 0
    for i in range(n):
        s += i * i % 7
    return s


def machine_ceiling(settings: Settings) -> float:
    """The speed-up of 4 equal pure-Python jobs on 2 processes against one after another: what the
    machine's free cores allow at the time of the measurement (other programs share them)."""
    from concurrent.futures import ProcessPoolExecutor

    n = 500_000 if settings.quick else 6_000_000
    serial = _timed(lambda: [_spin(n) for _ in range(4)])

    def pooled() -> None:
        with ProcessPoolExecutor(2) as pool:
            list(pool.map(_spin, [n] * 4))

    return serial / _timed(pooled)


def _children_cpu() -> float:
    """CPU seconds used by this process's finished child processes (the pool's workers, once joined)."""
    import resource

    ru = resource.getrusage(resource.RUSAGE_CHILDREN)
    return ru.ru_utime + ru.ru_stime


def _cpu_note(serial_cpu: list[float], pooled_cpu: list[float], pooled: list[float]) -> str:
    """What the pool costs in work, apart from the machine's load: the workers' CPU time against the
    one-core run's, and how much of 2 cores the workers got while they ran."""
    work = median([b / a for a, b in zip(serial_cpu, pooled_cpu, strict=True)])
    share = median([c / (2 * w) for c, w in zip(pooled_cpu, pooled, strict=True)])
    return (f"the workers' CPU time was {work:.2f}x the one-core run's; they got {share:.2f} of the 2 cores "
            "while they ran (1.00: both cores to themselves)")


def _ratios(serial: list[float], other: list[float]) -> str:
    """Each repeat's speed-up against the one-core run of the same turn: the spread of the medians."""
    return ", ".join(f"{a / b:.2f}x" for a, b in zip(serial, other, strict=True))


def _hot(groups: dict[str, list[float]], label: str) -> str:
    total = sum(sum(v) for v in groups.values()) or 1.0
    top = sorted(groups.items(), key=lambda kv: -sum(kv[1]))[:4]
    return f"{label} time by kind: " + "; ".join(
        f"{k}: {len(v)} calls, {1e3 * sum(v) / len(v):.2f} ms each, {100 * sum(v) / total:.0f}%" for k, v in top)


@register("playouts")
def playouts_benchmark(settings: Settings) -> list[Row]:
    """The runners are measured in turns (one core, the pool, Dask, the machine's ceiling, then again),
    so a change of the machine's load hits them alike."""
    tasks = _tasks(settings)
    n = len(tasks)
    repeat = max(1, min(settings.repeat, 3))
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    run_tasks(tasks[:1])  # warm-up: the scenario loaded and the movement graphs built in this process
    method = pool_start_method()  # what the CLI uses, chosen before the Dask cluster's threads start here
    cluster: contextlib.AbstractContextManager[Any]
    try:
        from distributed import LocalCluster
    except ImportError:  # pragma: no cover - the test/lab extras install it
        cluster = contextlib.nullcontext()
    else:
        cluster = LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None,
                               host="127.0.0.1")
    serial: list[float] = []
    pooled: list[float] = []
    dasked: list[float] = []
    ceilings: list[float] = []
    serial_cpu: list[float] = []  # CPU seconds of the one-core runs
    pooled_cpu: list[float] = []  # CPU seconds the pool's workers spent
    with cluster:
        addr = getattr(cluster, "scheduler_address", None)
        for _ in range(repeat):
            c0 = time.process_time()
            serial.append(_timed(lambda: run_tasks(tasks)))
            serial_cpu.append(time.process_time() - c0)
            before = _children_cpu()
            pooled.append(_timed(lambda: run_tasks(tasks, workers=2, start_method=method)))
            pooled_cpu.append(_children_cpu() - before)
            if addr:
                dasked.append(_timed(lambda: run_tasks(tasks, scheduler=addr)))
            ceilings.append(machine_ceiling(settings))
    case = f"F&M Arnhem Scenario 1, {n} random games" + (" (2 GT)" if settings.quick else "")
    note = (f"load average {load:.1f} on {os.cpu_count()} cores at the start; pure-Python jobs on 2 processes got "
            f"{median(ceilings):.2f}x in the same turns (the machine's ceiling then)")
    rows = [
        Row("playouts", case, "games per second, one core", n / median(serial), unit="games/s", notes=[note]),
        Row("playouts", case, "2 worker processes", median(pooled), "one core", median(serial), max_ratio=1 / 1.7,
            target="speed-up >= 1.7x", notes=[f"speed-up {median(serial) / median(pooled):.2f}x (workers by {method}, "
                                              "pool start included); runs: " + _ratios(serial, pooled),
                                              _cpu_note(serial_cpu, pooled_cpu, pooled)]),
    ]
    if dasked:
        rows.append(Row("playouts", case, "2-worker local Dask cluster", median(dasked), "one core", median(serial),
                        max_ratio=1 / 1.7, target="speed-up >= 1.7x",
                        notes=[f"Dask speed-up {median(serial) / median(dasked):.2f}x (cluster already running); "
                               "runs: " + _ratios(serial, dasked)]))
    calls = per_call_times(settings)
    for name, groups in calls.items():
        every = [t for v in groups.values() for t in v]
        rows.append(Row("playouts", "per call in random playouts", f"{name}()", sum(every) / len(every),
                        notes=[_hot(groups, f"{name}()")]))
    return rows
