"""The benchmark registry, the result row and the timing helpers shared by every benchmark."""

from __future__ import annotations

import gc
import math
import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Settings:
    """How hard to measure. `quick` runs shrink the cases (smaller maps, fewer starts, fewer repeats)
    so a run takes seconds; their figures are for checking the machinery, not for docs."""

    quick: bool = False
    repeat: int = 7  # timed repeats per measurement; the median is reported
    warmup: int = 1  # untimed runs first (caches, allocator, lazy imports)


@dataclass
class Row:
    """One measured comparison: `subject` (ours) against `baseline`, both medians in seconds.

    `ratio` is subject / baseline; the target holds when ratio <= `max_ratio` (a 3x speed-up over
    the baseline is max_ratio = 1/3). Rows without a baseline (a save time, a file size) carry only
    `subject` and `unit`, and no verdict."""

    benchmark: str
    case: str
    subject: str
    subject_value: float
    baseline: str = ""
    baseline_value: float | None = None
    max_ratio: float | None = None
    target: str = ""  # the target in words, as the issue states it
    unit: str = "s"
    notes: list[str] = field(default_factory=list)

    @property
    def ratio(self) -> float | None:
        """None when there is nothing to compare (no baseline, or a value is NaN: not measured)."""
        b, s = self.baseline_value, self.subject_value
        if b is None or not math.isfinite(b) or b <= 0 or not math.isfinite(s):
            return None
        return s / b

    @property
    def passed(self) -> bool | None:
        if self.max_ratio is None or self.ratio is None:
            return None
        return self.ratio <= self.max_ratio

    def as_dict(self) -> dict:
        return {
            "benchmark": self.benchmark, "case": self.case, "subject": self.subject,
            "subject_value": self.subject_value, "unit": self.unit, "baseline": self.baseline,
            "baseline_value": self.baseline_value, "ratio": self.ratio, "max_ratio": self.max_ratio,
            "target": self.target, "passed": self.passed, "notes": list(self.notes),
        }


Benchmark = Callable[[Settings], list[Row]]
BENCHMARKS: dict[str, Benchmark] = {}


def register(name: str) -> Callable[[Benchmark], Benchmark]:
    """Decorator: `@register("movement")` adds the function to BENCHMARKS under that name."""

    def deco(fn: Benchmark) -> Benchmark:
        if name in BENCHMARKS and BENCHMARKS[name] is not fn:
            raise ValueError(f"benchmark {name!r} is registered twice")
        BENCHMARKS[name] = fn
        return fn

    return deco


def median(xs: Sequence[float]) -> float:
    return statistics.median(xs)


def measure_round_robin(fns: dict[str, Callable[[], object]], settings: Settings) -> dict[str, float]:
    """Median wall time (time.perf_counter) of each function, measured in turns: every repeat runs
    each function once, so slow drifts of a noisy machine hit all of them alike. A full garbage
    collection runs before each timing so each starts from the same heap; the collector stays on
    during the timing, as it is in real use."""
    for _ in range(settings.warmup):
        for fn in fns.values():
            fn()
    times: dict[str, list[float]] = {name: [] for name in fns}
    for _ in range(max(1, settings.repeat)):
        for name, fn in fns.items():
            gc.collect()
            t0 = time.perf_counter()
            fn()
            times[name].append(time.perf_counter() - t0)
    return {name: median(ts) for name, ts in times.items()}


def measure_interleaved(fns: dict[str, Callable[[Any], object]], args: list[Any], settings: Settings
                        ) -> dict[str, float]:
    """Median over repeats of the total wall time each function spends on all `args` (one sweep),
    with the functions interleaved argument by argument (and their order rotated), so that a busy
    spell of a shared machine lands on every side alike. For short calls (queries of a few hundred
    microseconds) this is steadier than timing each side's sweep as one block."""
    names = list(fns)
    for _ in range(settings.warmup):
        for a in args:
            for name in names:
                fns[name](a)
    totals: dict[str, list[float]] = {name: [] for name in names}
    clock = time.perf_counter
    for _ in range(max(1, settings.repeat)):
        gc.collect()
        spent = dict.fromkeys(names, 0.0)
        for k, a in enumerate(args):
            shift = k % len(names)
            for name in names[shift:] + names[:shift]:
                fn = fns[name]
                t0 = clock()
                fn(a)
                spent[name] += clock() - t0
        for name in names:
            totals[name].append(spent[name])
    return {name: median(ts) for name, ts in totals.items()}
