"""The playouts benchmark's machinery at a tiny size (no timing assertions): it is registered, plays the
balance lab's tasks, and times legal_actions() by phase and apply() by action."""

from __future__ import annotations

from benchmarks import BENCHMARKS, Settings
from benchmarks import playouts as playouts_bench
from benchmarks.__main__ import discover


def test_playouts_is_registered_and_times_the_protocol_calls():
    discover()
    assert "playouts" in BENCHMARKS
    tasks = playouts_bench._tasks(Settings(quick=True))
    assert len({t.index for t in tasks}) == len(tasks) and dict(tasks[0].options) == {"max_turns": 2}
    calls = playouts_bench.per_call_times(Settings(quick=True), games=1)
    assert "Movement Phase" in calls["legal_actions"]
    assert "roll" in calls["apply"] and "move" in calls["apply"]
    assert all(t >= 0 for v in calls["apply"].values() for t in v)
    assert "calls" in playouts_bench._hot(calls["apply"], "apply()")


def test_playouts_report_each_runs_speed_up_and_use_the_clis_start_method():
    assert playouts_bench._ratios([2.0, 4.0], [1.0, 2.5]) == "2.00x, 1.60x"
    assert playouts_bench.GAMES >= 24  # enough games that the pool's start and the last game's tail are amortised
    import multiprocessing
    import threading

    from hexwright.engine.balance.runner import pool_start_method

    assert pool_start_method("spawn") == "spawn"
    if "forkserver" in multiprocessing.get_all_start_methods():
        release = threading.Event()
        other = threading.Thread(target=release.wait)
        other.start()
        try:
            assert pool_start_method() == "forkserver"  # never fork beside a running thread
        finally:
            release.set()
            other.join()
