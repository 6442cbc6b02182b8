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
import resource
import signal
from dataclasses import asdict
from typing import Any

from .harness import FAILURES, SCENARIOS, Outcome, plan, run_case
from .kinds import NO_LINE, is_new_kind

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
        source = scenario.relative_to(SCENARIOS).as_posix() if target in ("scenario", "map") else "?"
        out = Outcome(n, source, target, "?", HANG, f"still running after {HANG_SECONDS} s of CPU")
    finally:
        signal.setitimer(signal.ITIMER_PROF, 0)
    result = asdict(out)
    # the worker's peak memory so far (kilobytes on Linux): a case that needed more shows in every later one
    result["peak_mb"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    return result


def run_many(cases: int, seed: int, workers: int | None = None, first: int = 0,
             progress: str | None = None) -> dict[str, Any]:
    """Run cases first..first+cases-1 of master seed `seed`; the counts by kind and mutation, and every
    failure. With `progress`, each case's result is appended to that file as a JSON line as it ends, so that
    a run stopped early can still be counted (`summarize`)."""
    import json

    workers = workers or os.cpu_count() or 1
    jobs = [(n, seed) for n in range(first, first + cases)]
    ctx = mp.get_context("fork")
    results: list[dict[str, Any]] = []
    with ctx.Pool(workers, maxtasksperchild=200) as pool:
        for r in pool.imap(_bounded_case, jobs, chunksize=4):
            results.append(r)
            if progress:
                with open(progress, "a", encoding="utf-8") as f:
                    f.write(json.dumps(r) + "\n")
    return summarize(results, seed, first)


def summarize(results: list[dict[str, Any]], seed: int, first: int = 0) -> dict[str, Any]:
    """The counts of a run's results (run_many's, or the JSON lines of its progress file)."""
    kinds = collections.Counter(r["kind"] for r in results)
    by_mutation: dict[str, collections.Counter[str]] = collections.defaultdict(collections.Counter)
    for r in results:
        by_mutation[r["mutation"]][r["kind"]] += 1
    by_target: dict[str, collections.Counter[str]] = collections.defaultdict(collections.Counter)
    for r in results:
        by_target[f"{r['target']}: {r['source']}"][r["kind"]] += 1
    failures = [r for r in results if r["kind"] in (*FAILURES, HANG)]
    return {"cases": len(results), "seed": seed, "first": first, "kinds": dict(kinds),
            "new_kinds": sum(1 for r in results if is_new_kind(r["source"], r["target"])),
            "tmx_rejected_without_line": sum(1 for r in results if r["kind"] == "rejected"
                                             and r["detail"].startswith(NO_LINE)),
            "by_mutation": {k: dict(v) for k, v in sorted(by_mutation.items())},
            "by_target": {k: dict(v) for k, v in sorted(by_target.items())},
            "slowest": max((r["seconds"] for r in results), default=0.0),
            "peak_mb": max((r.get("peak_mb", 0.0) for r in results), default=0.0),
            "failures": failures}
