"""Hexwright benchmarks: each module in this package registers its benchmarks in BENCHMARKS.

Run them all with `python -m benchmarks` from the repository root (see benchmarks/README.md and
docs/benchmarks.md). A benchmark is a function taking the run's Settings and returning Rows: one
row per measured comparison (our median time against a baseline measured in the same run).
"""

from .core import BENCHMARKS, Row, Settings, measure_interleaved, measure_round_robin, median, register

__all__ = ["BENCHMARKS", "Row", "Settings", "measure_interleaved", "measure_round_robin", "median", "register"]
