"""Running a study's games: in this process, on a local process pool (`workers`), or on a Dask
distributed cluster (`scheduler`, e.g. tcp://HOST:PORT). Records come back in task order, so the
same master seed gives the same study whatever runs it. A progress callback hears of every finished
game; a cancel callback stops the study (the finished records are kept).

The process pool is started once per run and each worker loads and compiles the scenario once, in
its initializer (`games.warm_up`), in parallel with the other workers; then the workers take one
game at a time, so a slow game never holds back a queue of others and progress is reported per game
(a game takes about a second, against a fraction of a millisecond to send a task and its record).
Cancelling terminates the workers at once, in the middle of their games. Ctrl-C (KeyboardInterrupt in
the caller) does the same and raises `Interrupted` with the games that finished; the pool's workers
ignore SIGINT (a terminal sends it to every process of the group), so only the caller hears it. On
Linux a caller without other Python threads (the CLI) forks the workers, which then share its loaded
modules and scenario; the app, whose study runs beside the GUI thread, uses a fork server instead,
since forking a process with running threads can leave a lock held in the child."""

from __future__ import annotations

import gc
import multiprocessing
import signal
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

from ..model.scenario import Scenario
from ..rules.registry import playable_families
from .games import (
    SENT,
    GameCancelled,
    GameRecord,
    GameTask,
    play_game,
    receive_scenarios,
    send_scenario,
    warm_up,
)

DASK_CONNECT_TIMEOUT = "10s"  # how long to wait for a --scheduler before giving up
POLL_SECONDS = 0.1  # how often a waiting runner looks at `cancel`
Progress = Callable[[int, int, GameRecord], None]  # (finished, total, the record just finished)
Cancel = Callable[[], bool]
WarmKey = tuple[str, tuple[str, Any] | None, tuple[tuple[str, Any], ...]]


class Interrupted(KeyboardInterrupt):  # it is a KeyboardInterrupt, named as what happened
    """Ctrl-C stopped a run. `found` holds (position in the tasks, record) of the games that finished, in
    task order; `result` what the caller made of them (run_study: their Summary; run_sweep: the Summaries
    of the values whose games all finished)."""

    def __init__(self, found: list[tuple[int, GameRecord]]) -> None:
        super().__init__(f"stopped after {len(found)} finished games")
        self.found = found
        self.result: Any = None


def make_tasks(scenario: str, bots: Sequence[str], games: int, seed: int, options: dict[str, Any] | None = None,
               parameter: tuple[str, Any] | None = None) -> list[GameTask]:
    opts = tuple(sorted((options or {}).items()))
    return [GameTask(scenario, tuple(bots), seed, i, opts, parameter) for i in range(games)]


def sending(tasks: Sequence[GameTask]) -> tuple[list[GameTask], dict[str, Scenario]]:
    """The tasks as a pool or a cluster gets them: each names its scenario by content (games.send_scenario),
    and the scenarios so named, which go to the workers with the tasks: a worker reads no scenario file."""
    names: dict[str, str] = {}
    sent: dict[str, Scenario] = {}
    for path in dict.fromkeys(t.scenario for t in tasks):
        if not path.startswith(SENT):
            names[path], sc = send_scenario(path)
            sent[names[path]] = sc
    return [replace(t, scenario=names.get(t.scenario, t.scenario)) for t in tasks], sent


def warm_keys(tasks: Sequence[GameTask]) -> list[WarmKey]:
    """The distinct (scenario, parameter, options) of the tasks, in first-seen order."""
    return list(dict.fromkeys((t.scenario, t.parameter, t.options) for t in tasks))


def run_tasks(tasks: Sequence[GameTask], workers: int = 1, scheduler: str | None = None,
              progress: Progress | None = None, cancel: Cancel | None = None,
              start_method: str | None = None) -> list[GameRecord]:
    """Play every task; the records in task order (only the finished games' if cancelled).
    `start_method` overrides how pool workers are started (see the module docstring)."""
    return [rec for _, rec in run_tasks_at(tasks, workers, scheduler, progress, cancel, start_method)]


def run_tasks_at(tasks: Sequence[GameTask], workers: int = 1, scheduler: str | None = None,
                 progress: Progress | None = None, cancel: Cancel | None = None,
                 start_method: str | None = None) -> list[tuple[int, GameRecord]]:
    """As run_tasks, each record with the position of its task in `tasks`. KeyboardInterrupt (Ctrl-C)
    stops the run as a cancel does and raises `Interrupted` with the finished games."""
    found: list[tuple[int, GameRecord]] = []
    try:
        if scheduler:
            _run_dask(tasks, scheduler, progress, cancel, found)
        elif workers > 1:
            _run_pool(tasks, workers, progress, cancel, start_method, found)
        else:
            _run_here(tasks, progress, cancel, found)
    except KeyboardInterrupt:
        raise Interrupted(sorted(found, key=lambda pr: pr[0])) from None
    return sorted(found, key=lambda pr: pr[0])


def _run_here(tasks: Sequence[GameTask], progress: Progress | None, cancel: Cancel | None,
              out: list[tuple[int, GameRecord]]) -> None:
    for pos, t in enumerate(tasks):
        if cancel is not None and cancel():
            break
        try:
            rec = play_game(t, stop=cancel)
        except GameCancelled:
            break
        out.append((pos, rec))
        if progress is not None:
            progress(len(out), len(tasks), rec)


def _play_at(item: tuple[int, GameTask]) -> tuple[int, GameRecord]:
    return item[0], play_game(item[1])


# games a pool worker plays from which it loads the compiled movement search in its initializer (before
# `gc.freeze`) rather than when its searches have paid for it: about where it pays in heuristic F&M games
# (docs/benchmarks.md, "Cold start"); a study with the search bot always does
PREPARE_GAMES = 20
# a pool worker's garbage collector runs its youngest generation after this many new containers (Python's
# default is 700): a search allocates and drops positions, listings and memo entries by the hundred thousand,
# and most of them are gone before a larger threshold is reached (docs/benchmarks.md, "Issue 31, item 4,
# fourth round": an F&M search-bot game's collections 0.85-1.03 s of CPU with the default, 0.46-0.50 s with
# this, the same game)
WORKER_GC_THRESHOLD = 20_000


def _start_worker(keys: list[WarmKey], sent: dict[str, Scenario], prepare: bool = False) -> None:
    """A pool worker's initializer: Ctrl-C is the caller's to handle (it stops the pool); the study's
    scenarios, then the warm-up (with `prepare`, the movement kernel's compiled search loaded too). Then
    everything the worker has made so far (its modules, the scenario, the game with its compiled graphs and
    tables) is moved out of the garbage collector's sight (`gc.freeze`): it lives as long as the worker, and
    the collector no longer walks it at every full collection during the games (docs/benchmarks.md,
    "1,000-game study"). The worker is the study's own process; the caller's process (the editor, a
    one-process study) is left as it is. The worker's collector then looks at its youngest objects less often
    (`WORKER_GC_THRESHOLD`): which objects it frees, and when, changes no game."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _receive_and_warm_up(sent, keys)
    if prepare:
        from ..movement import fastdial

        fastdial.prepare()
    gc.collect()
    gc.freeze()
    _, middle, old = gc.get_threshold()
    gc.set_threshold(WORKER_GC_THRESHOLD, middle, old)


def worth_preparing(tasks: Sequence[GameTask], workers: int) -> bool:
    """Whether a pool's workers load the compiled movement search before their games (see PREPARE_GAMES)."""
    return len(tasks) >= PREPARE_GAMES * workers or any("mcts" in t.bots for t in tasks)


def _receive_and_warm_up(sent: dict[str, Scenario], keys: list[WarmKey]) -> None:
    receive_scenarios(sent)
    warm_up(keys)


def _play_sent(item: tuple[int, GameTask], sent: dict[str, Scenario]) -> tuple[int, GameRecord]:
    """A game on a cluster's worker, with the study's scenarios (a worker that joined after the warm-up
    gets them here)."""
    receive_scenarios(sent)
    return _play_at(item)


def pool_start_method(requested: str | None = None) -> str:
    """How pool workers are started here: `requested` if given, else fork when no other Python thread
    runs (the idle thread pool of numpy's BLAS does not count: it is made safe to fork), else a fork
    server (with the engine preloaded), else the platform's default. The app asks for the fork server
    itself: Qt's threads are not Python's."""
    methods = multiprocessing.get_all_start_methods()
    if requested:
        return requested
    if "fork" in methods and threading.active_count() == 1:
        return "fork"
    if "forkserver" in methods:
        return "forkserver"
    return multiprocessing.get_start_method(allow_none=False)


PRELOAD = ["hexwright.engine.balance", "hexwright.engine.bots"]


def preload_modules() -> list[str]:
    """What a fork server imports once for every worker it forks: the balance study, the bots and each
    shipped family's rules engine (the module its registry entry's `game` names)."""
    return PRELOAD + [f.game.partition(":")[0] for f in playable_families()]


def _run_pool(tasks: Sequence[GameTask], workers: int, progress: Progress | None, cancel: Cancel | None,
              start_method: str | None, out: list[tuple[int, GameRecord]]) -> None:
    method = pool_start_method(start_method)
    ctx = multiprocessing.get_context(method)
    if method == "forkserver":
        ctx.set_forkserver_preload(preload_modules())  # imported once in the server, shared by every worker it forks
    tasks, sent = sending(tasks)
    main_thread = threading.current_thread() is threading.main_thread()
    # forked workers ignore SIGINT from their first instant, before their initializer says so again
    before = signal.signal(signal.SIGINT, signal.SIG_IGN) if main_thread else None
    try:
        size = min(workers, max(1, len(tasks)))
        pool = ctx.Pool(size, initializer=_start_worker,
                        initargs=(warm_keys(tasks), sent, worth_preparing(tasks, size)))
    finally:
        if main_thread:
            signal.signal(signal.SIGINT, before)
    finished = False
    try:
        results = pool.imap_unordered(_play_at, list(enumerate(tasks)), chunksize=1)
        while len(out) < len(tasks):
            if cancel is not None and cancel():
                break
            try:
                pos, rec = results.next(timeout=POLL_SECONDS)
            except multiprocessing.TimeoutError:
                continue
            out.append((pos, rec))
            if progress is not None:
                progress(len(out), len(tasks), rec)
        finished = len(out) == len(tasks)
    finally:
        if finished:
            pool.close()
        else:
            pool.terminate()  # cancelled, interrupted or failed: the workers are stopped in the middle of their games
        pool.join()


def _run_dask(tasks: Sequence[GameTask], scheduler: str, progress: Progress | None, cancel: Cancel | None,
              out: list[tuple[int, GameRecord]]) -> None:
    try:
        from distributed import Client, as_completed
    except ImportError as exc:  # pragma: no cover - the lab extra installs it
        raise RuntimeError("--scheduler needs dask.distributed: pip install 'hexwright[lab]'") from exc
    try:
        client = Client(scheduler, timeout=DASK_CONNECT_TIMEOUT, set_as_default=False)
    except OSError as exc:
        raise RuntimeError(f"cannot reach the Dask scheduler at {scheduler}: {exc}") from exc
    tasks, sent = sending(tasks)
    with client, client.as_current():
        # every worker gets the scenario and makes its Game before the games are handed out; the games get
        # it too (sent once to a worker), for a worker that joins later
        client.run(_receive_and_warm_up, sent, warm_keys(tasks))
        shared = client.scatter(sent, broadcast=True)
        futures = client.map(_play_sent, list(enumerate(tasks)), sent=shared, pure=False)
        pending = as_completed(futures)
        try:
            while len(out) < len(tasks):
                if cancel is not None and cancel():
                    client.cancel(futures)
                    break
                batch = pending.next_batch(block=False)
                if not batch:
                    time.sleep(POLL_SECONDS)
                    continue
                for f in batch:
                    pos, rec = f.result()
                    out.append((pos, rec))
                    if progress is not None:
                        progress(len(out), len(tasks), rec)
        except KeyboardInterrupt:
            client.cancel(futures)  # and the games still queued
            raise
