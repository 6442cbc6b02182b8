"""A balance study run beside the GUI thread: a QThread calls the engine's `run_study` / `run_sweep`
(the games themselves run in worker processes, or in that thread for one worker), reports every
finished game by a queued signal, draws the report's plots there too, and stops when asked."""

from __future__ import annotations

import threading
from dataclasses import dataclass, field
from typing import Any

from hexwright.engine.balance import SweepError, run_comparison, run_study, run_sweep
from hexwright.engine.balance.games import GameRecord
from hexwright.engine.balance.report import png_report, sweep_png
from hexwright.engine.balance.summary import Summary
from PySide6.QtCore import QThread, Signal

# the app's workers come from a fork server: forking this process (GUI thread, Qt's own threads) is unsafe
START_METHOD = "forkserver"


@dataclass
class StudyRequest:
    scenario: str
    games: int
    bots: list[str]
    seed: int = 0
    workers: int = 1
    max_turns: int | None = None
    sweep: tuple[str, list[Any]] | None = None  # what-if: (parameter path, values)
    compare: list[str] | None = None  # other bots, one per side: the study again with them, the same seeds

    @property
    def options(self) -> dict[str, Any]:
        return {"max_turns": self.max_turns} if self.max_turns else {}

    @property
    def total_games(self) -> int:
        return self.games * (len(self.sweep[1]) if self.sweep else 2 if self.compare else 1)


@dataclass
class StudyResult:
    request: StudyRequest
    summaries: list[Summary]  # one per sweep value (the values finished), per pair of bots compared, or the one
    played: int  # games finished, over the whole sweep
    cancelled: bool
    seconds: float
    study_png: bytes | None = None  # the report's plots of the (first) study
    sweep_png: bytes | None = None
    values: list[Any] = field(default_factory=list)  # the sweep values of `summaries`

    @property
    def summary(self) -> Summary | None:
        return self.summaries[0] if self.summaries else None


class StudyThread(QThread):
    """Runs one request; `progress(done, total)` per finished game, then `succeeded(StudyResult)` or
    `failed(message)`."""

    progress = Signal(int, int)
    succeeded = Signal(object)
    failed = Signal(str)

    def __init__(self, request: StudyRequest, parent=None) -> None:
        super().__init__(parent)
        self.request = request
        self._stop = threading.Event()
        self._played = 0

    def cancel(self) -> None:
        self._stop.set()

    @property
    def cancelling(self) -> bool:
        return self._stop.is_set()

    def _on_game(self, done: int, total: int, _rec: GameRecord) -> None:
        self._played = done
        self.progress.emit(done, total)

    def run(self) -> None:
        import time

        r = self.request
        t0 = time.monotonic()
        try:
            if r.compare:
                summaries = run_comparison(r.scenario, r.games, [r.bots, r.compare], r.seed, r.workers, None,
                                           r.options, self._on_game, self._stop.is_set, START_METHOD)
            elif r.sweep:
                path, values = r.sweep
                summaries = run_sweep(r.scenario, path, values, r.games, r.bots, r.seed, r.workers, None, r.options,
                                      self._on_game, self._stop.is_set, START_METHOD)
            else:
                summaries = [run_study(r.scenario, r.games, r.bots, r.seed, r.workers, None, r.options, None,
                                       self._on_game, self._stop.is_set, START_METHOD)]
            seconds = time.monotonic() - t0
            result = StudyResult(r, summaries, self._played, self._stop.is_set(), seconds,
                                 values=list(r.sweep[1][:len(summaries)]) if r.sweep else [])
            first = result.summary
            if first is not None and first.games:
                result.study_png = png_report(first)
            if r.sweep and summaries:
                result.sweep_png = sweep_png(r.sweep[0], result.values, summaries)
        except (SweepError, ValueError, RuntimeError, OSError) as exc:
            self.failed.emit(str(exc))
            return
        except Exception as exc:  # a worker's crash: shown, not lost in a thread
            self.failed.emit(f"the study failed: {type(exc).__name__}: {exc}")
            return
        self.succeeded.emit(result)


# -- the time a study will take, from a short timed sample -------------------------------------------------

SAMPLE_GAMES = 3  # games played, on one worker, to time a study before it starts
SAMPLE_BUDGET_S = 10.0  # the sample stops after this long even if its games have not all finished
ESTIMATE_ABOVE = 24  # studies of more games than this are timed on a sample before they run


def estimate_seconds(sample_games: int, sample_seconds: float, total: int, workers: int, cpus: int) -> float:
    """The time `total` games take on `workers` worker processes (no more at once than `cpus`), from
    `sample_games` games that took `sample_seconds` on one: the games shared out, each as long as the sample's
    mean. With no sample game finished, the sample's time is a lower bound of one game's."""
    per_game = sample_seconds / max(1, sample_games)
    lanes = max(1, min(workers, cpus, total))
    return per_game * -(-total // lanes)


class SampleThread(QThread):
    """Times `SAMPLE_GAMES` games of a request on one worker in this thread; `timed(games, seconds)` when
    done (games: how many finished within the budget), `failed(message)` if they cannot be played."""

    timed = Signal(int, float)
    failed = Signal(str)

    def __init__(self, request: StudyRequest, parent=None) -> None:
        super().__init__(parent)
        self.request = request
        self._stop = threading.Event()
        self._done = 0

    def cancel(self) -> None:
        self._stop.set()

    def _on_game(self, done: int, _total: int, _rec: GameRecord) -> None:
        self._done = done

    def run(self) -> None:
        import time

        r = self.request
        t0 = time.monotonic()

        def stop() -> bool:
            return self._stop.is_set() or time.monotonic() - t0 > SAMPLE_BUDGET_S

        sample = min(SAMPLE_GAMES, r.total_games)
        try:
            run_study(r.scenario, sample, r.bots, r.seed, 1, None, r.options,
                      (r.sweep[0], r.sweep[1][0]) if r.sweep else None, self._on_game, stop, START_METHOD)
        except Exception as exc:  # shown in the dialog, not lost in a thread
            self.failed.emit(f"the sample games failed: {type(exc).__name__}: {exc}")
            return
        self.timed.emit(self._done, time.monotonic() - t0)
