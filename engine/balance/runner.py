"""Running a study's games: in this process, on a local process pool (`workers`), or on a Dask
distributed cluster (`scheduler`, e.g. tcp://HOST:PORT). Records come back in game order, so the
same master seed gives the same study whatever runs it. A progress callback hears of every finished
game; a cancel callback stops the study between games (the finished records are kept)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from typing import Any

from .games import GameRecord, GameTask, play_game

DASK_CONNECT_TIMEOUT = "10s"  # how long to wait for a --scheduler before giving up
Progress = Callable[[int, int, GameRecord], None]  # (finished, total, the record just finished)
Cancel = Callable[[], bool]


def make_tasks(scenario: str, bots: Sequence[str], games: int, seed: int, options: dict[str, Any] | None = None,
               parameter: tuple[str, Any] | None = None) -> list[GameTask]:
    opts = tuple(sorted((options or {}).items()))
    return [GameTask(scenario, tuple(bots), seed, i, opts, parameter) for i in range(games)]


def run_tasks(tasks: Sequence[GameTask], workers: int = 1, scheduler: str | None = None,
              progress: Progress | None = None, cancel: Cancel | None = None) -> list[GameRecord]:
    """Play every task; the records sorted by game index (fewer if cancelled)."""
    if scheduler:
        records = _run_dask(tasks, scheduler, progress, cancel)
    elif workers > 1:
        records = _run_pool(tasks, workers, progress, cancel)
    else:
        records = []
        for t in tasks:
            if cancel is not None and cancel():
                break
            records.append(play_game(t))
            if progress is not None:
                progress(len(records), len(tasks), records[-1])
    return sorted(records, key=lambda r: r.index)


def _run_pool(tasks: Sequence[GameTask], workers: int, progress: Progress | None,
              cancel: Cancel | None) -> list[GameRecord]:
    records: list[GameRecord] = []
    with ProcessPoolExecutor(max_workers=workers) as pool:
        pending: set[Future] = {pool.submit(play_game, t) for t in tasks}
        try:
            while pending:
                done, pending = wait(pending, timeout=0.25, return_when=FIRST_COMPLETED)
                for f in done:
                    records.append(f.result())
                    if progress is not None:
                        progress(len(records), len(tasks), records[-1])
                if cancel is not None and cancel():
                    break
        finally:
            for f in pending:
                f.cancel()
    return records


def _run_dask(tasks: Sequence[GameTask], scheduler: str, progress: Progress | None,
              cancel: Cancel | None) -> list[GameRecord]:
    try:
        from distributed import Client, as_completed
    except ImportError as exc:  # pragma: no cover - the lab extra installs it
        raise RuntimeError("--scheduler needs dask.distributed: pip install 'hexwright[lab]'") from exc
    records: list[GameRecord] = []
    try:
        client = Client(scheduler, timeout=DASK_CONNECT_TIMEOUT, set_as_default=False)
    except OSError as exc:
        raise RuntimeError(f"cannot reach the Dask scheduler at {scheduler}: {exc}") from exc
    with client, client.as_current():
        futures = client.map(play_game, list(tasks), pure=False)
        for f in as_completed(futures):
            records.append(f.result())
            if progress is not None:
                progress(len(records), len(tasks), records[-1])
            if cancel is not None and cancel():
                client.cancel(futures)
                break
    return records
