"""Rows of the search-speed benchmark (`--only search-speed`, benchmarks/search_speed.py; issue 31) that time a
balance study's search-bot games on this engine against a named baseline commit in the same run: the F&M and
Koenig rows (search_speed_fm.py, search_speed_koenig.py). Each measurement is a fresh process
(benchmarks/_search_child.py) playing games 0..N-1 of the study as a study's worker plays them (the process's first
game included). The target is the issue's: 2.4 s of CPU a game (100 games in 2 minutes on 2 workers)."""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from pathlib import Path

from .core import Row, Settings, median
from .engine_speed import extract_baseline


def paired_search_rows(settings: Settings, baseline: str, cases: tuple[tuple[str, str, str], ...],
                       full_games: int) -> list[Row]:
    """One row per case (name, scenario, bots): this engine against commit `baseline`, both in the same run, each
    measurement a fresh process playing games 0..full_games-1 of the study (quick: game 0, one run); the
    engines in turns, the order turned every repeat; a digest of each game's record says whether both played the
    very same games."""
    from .search_speed import ROOT, TARGET_CPU, run_child  # (search_speed imports this module)

    repeat = 1 if settings.quick else 2
    games = 1 if settings.quick else full_games
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    tmp = Path(tempfile.mkdtemp(prefix="hexwright-search-baseline-"))
    engines: dict[str, tuple[Path, str | None]] = {"ours": (ROOT, None)}
    problem = ""
    runs: dict[tuple[str, str], list[dict]] = {}
    try:
        try:
            engines[baseline] = (tmp, str(extract_baseline(baseline, tmp)))
        except (RuntimeError, OSError, subprocess.CalledProcessError) as exc:
            problem = str(exc)
        order = list(engines)
        for r in range(repeat):
            for _name, scenario, bots in cases:
                for who in order[r % len(order):] + order[:r % len(order)]:
                    root, path = engines[who]
                    runs.setdefault((scenario, who), []).append(run_child(root / scenario, bots, games, path))
    finally:
        shutil.rmtree(tmp, ignore_errors=True)

    def per_game(got: list[dict]) -> float:
        return median([sum(d["cpu"]) / len(d["cpu"]) for d in got])

    def listed(got: list[dict]) -> str:
        return ", ".join("/".join(f"{c:.2f}" for c in d["cpu"]) for d in got)

    rows = []
    for name, scenario, _bots in cases:
        mine = runs[(scenario, "ours")]
        ours = per_game(mine)
        notes = [f"load average {load:.1f} on {os.cpu_count()} cores at the start; CPU of each game in a fresh "
                 f"process (its first game included), games 0-{games - 1} of the study with seed 7, {repeat} "
                 "run(s) each, the engines in turns",
                 f"ours: {ours:.2f} s of CPU a game (runs: {listed(mine)}); within the {TARGET_CPU:g} s a game of "
                 f"100 games in 2 minutes on 2 workers: {'yes' if ours <= TARGET_CPU else 'NO'}"]
        theirs = runs.get((scenario, baseline), [])
        base_value = per_game(theirs) if theirs else float("nan")
        if theirs:
            same = all(d["digests"] == mine[0]["digests"] for d in mine + theirs)
            notes.append(f"{baseline}: {base_value:.2f} s a game (runs: {listed(theirs)}); speed-up "
                         f"{base_value / ours:.2f}x")
            notes.append(f"the same games (records) on both engines: {'yes' if same else 'NO, the games differ'}")
        else:
            notes.append(f"baseline {baseline} not measured: {problem}")
        case = f"{name}, {games} games of a study" + (" (quick)" if settings.quick else "")
        rows.append(Row("search-speed", case, "CPU s a game", ours, f"commit {baseline}", base_value,
                        target=f"<= {TARGET_CPU:g} s of CPU a game (100 games in 2 min on 2 workers)", notes=notes))
    return rows
