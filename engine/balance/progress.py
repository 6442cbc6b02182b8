"""How far a study has come: games done of the total, games per second and the time left, as the CLI's
progress line and the app's progress bar show them."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field


@dataclass(frozen=True)
class ProgressReading:
    done: int
    total: int
    elapsed: float  # seconds since the study started (the workers' start included)

    @property
    def rate(self) -> float:
        """Games per second so far (0 before the first game)."""
        return self.done / self.elapsed if self.done and self.elapsed > 0 else 0.0

    @property
    def eta(self) -> float | None:
        """Seconds left at the rate so far; None before the first game."""
        return (self.total - self.done) / self.rate if self.rate > 0 else None

    def text(self) -> str:
        """`120/1000 games, 1.9 games/s, 7 min 43 s left`."""
        head = f"{self.done}/{self.total} games"
        if not self.done:
            return f"{head}, starting"
        if self.done >= self.total:
            return f"{head} in {duration(self.elapsed)}, {self.rate:.2f} games/s"
        eta = self.eta
        return f"{head}, {self.rate:.2f} games/s, {duration(eta) if eta is not None else '?'} left"


def duration(seconds: float) -> str:
    s = int(round(seconds))
    if s < 60:
        return f"{s} s"
    if s < 3600:
        return f"{s // 60} min {s % 60} s"
    return f"{s // 3600} h {s % 3600 // 60} min"


@dataclass
class ProgressMeter:
    """Readings against the clock from `start` (the moment the meter was made unless given); `due()`
    says when a caller that reports at most every `interval` seconds should report again."""

    total: int
    start: float | None = None
    interval: float = 2.0
    clock: Callable[[], float] = time.monotonic
    _last: float = field(default=float("-inf"), repr=False)

    def __post_init__(self) -> None:
        if self.start is None:
            self.start = self.clock()

    def reading(self, done: int) -> ProgressReading:
        return ProgressReading(done, self.total, self.clock() - (self.start or 0.0))

    def due(self, done: int) -> bool:
        now = self.clock()
        if done >= self.total or now - self._last >= self.interval:
            self._last = now
            return True
        return False
