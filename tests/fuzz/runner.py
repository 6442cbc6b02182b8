"""Many fuzz cases (harness.py) on worker processes, each case bounded in time, with the counts the
reliability report records (docs/reliability.md):

    cases, accepted, rejected with a line, and the failures: unlocated rejections, crashes, commands
    refusing a file that validates, and hangs (a case still running after HANG_SECONDS).

A case that spends more than HANG_SECONDS of CPU is stopped by a CPU-time alarm in its worker
(ITIMER_PROF, SIGPROF: CPU time, so a machine busy with other work does not turn slow cases into hangs) and
counted as a hang; its worker goes on with the next case.
"""

from __future__ import annotations

import collections
import multiprocessing as mp
import os
import signal
from dataclasses import asdict
from typing import Any

from .harness import FAILURES, SCENARIOS, Outcome, plan, run_case

HANG_SECONDS = 5
HANG = "hang"


class _Hang(BaseException):  # not an Exception: the harness catches those as crashes
    pass


def _alarm(signum: int, frame: Any) -> None:
    raise _Hang()


def _bounded_case(job: tuple[int, int]) -> dict[str, Any]:
    n, seed = job
    signal.signal(signal.SIGPROF, _alarm)
    signal.setitimer(signal.ITIMER_PROF, HANG_SECONDS)
    try:
        out = run_case(n, seed)
    except _Hang:
        _rng, scenario, _map, target = plan(n, seed)
        out = Outcome(n, scenario.relative_to(SCENARIOS).as_posix(), target, "?", HANG,
                      f"still running after {HANG_SECONDS} s of CPU")
    finally:
        signal.setitimer(signal.ITIMER_PROF, 0)
    return asdict(out)


def run_many(cases: int, seed: int, workers: int | None = None, first: int = 0) -> dict[str, Any]:
    """Run cases first..first+cases-1 of master seed `seed`; the counts by kind and mutation, and every
    failure."""
    workers = workers or os.cpu_count() or 1
    jobs = [(n, seed) for n in range(first, first + cases)]
    ctx = mp.get_context("fork")
    with ctx.Pool(workers, maxtasksperchild=200) as pool:
        results = pool.map(_bounded_case, jobs, chunksize=8)
    kinds = collections.Counter(r["kind"] for r in results)
    by_mutation: dict[str, collections.Counter[str]] = collections.defaultdict(collections.Counter)
    for r in results:
        by_mutation[r["mutation"]][r["kind"]] += 1
    failures = [r for r in results if r["kind"] in (*FAILURES, HANG)]
    return {"cases": cases, "seed": seed, "first": first, "kinds": dict(kinds),
            "by_mutation": {k: dict(v) for k, v in sorted(by_mutation.items())},
            "slowest": max((r["seconds"] for r in results), default=0.0),
            "failures": failures}
