"""A balance study run beside the GUI thread: a QThread calls the engine's `run_study` / `run_sweep`
(the games themselves run in worker processes, or in that thread for one worker), reports every
finished game by a queued signal, draws the report's plots there too, and stops when asked."""

from __future__ import annotations

import threading
from dataclasses import dataclass, field
from typing import Any

from hexwright.engine.balance import SweepError, run_study, run_sweep
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

    @property
    def options(self) -> dict[str, Any]:
        return {"max_turns": self.max_turns} if self.max_turns else {}

    @property
    def total_games(self) -> int:
        return self.games * (len(self.sweep[1]) if self.sweep else 1)


@dataclass
class StudyResult:
    request: StudyRequest
    summaries: list[Summary]  # one per sweep value (the values finished), or the study's one
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
            if r.sweep:
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
