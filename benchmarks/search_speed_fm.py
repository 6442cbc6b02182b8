"""The F&M rows of the search-speed benchmark (`--only search-speed`, benchmarks/search_speed.py; issue 31):
the CPU a game of a balance study of F&M Arnhem costs with the search bot Allied (`hexwright balance SCENARIO
--bots mcts,heuristic --seed 7`, Scenarios 1 and 2), this engine against commit 3eb2245 (main before the F&M
search-speed work of 5 December 2026 afternoon, the named baseline), both in the same run. Each measurement
is a fresh process (benchmarks/_search_child.py) playing games 0..N-1 of the study as a study's worker plays
them (the process's first game included, which loads the compiled movement search); the engines in turns,
the order turned every repeat; a digest of each game's record says whether both played the very same games.
The target is the issue's: 2.4 s of CPU a game (100 games in 2 minutes on 2 workers)."""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from pathlib import Path

from .core import Row, Settings, median
from .engine_speed import extract_baseline

ROOT = Path(__file__).resolve().parents[1]
FM_BASELINE = "3eb2245"
FM_CASES = (("F&M Scenario 1, search bot Allied, heuristic German", "scenarios/fm-arnhem/scenario-1-historical.yaml",
             "mcts,heuristic"),
            ("F&M Scenario 2, search bot Allied, heuristic German",
             "scenarios/fm-arnhem/scenario-2-free-deployment.yaml", "mcts,heuristic"))
FM_GAMES = 2  # games 0..FM_GAMES-1 of the study, per measurement (quick: 1)
TARGET_CPU = 2.4  # s of CPU a game: 100 games in 120 s on 2 workers


def fm_search_rows(settings: Settings) -> list[Row]:
    """One row per case of FM_CASES: ours against FM_BASELINE, the same games."""
    from .search_speed import run_child

    repeat = 1 if settings.quick else 2
    games = 1 if settings.quick else FM_GAMES
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    tmp = Path(tempfile.mkdtemp(prefix="hexwright-fm-baseline-"))
    engines: dict[str, tuple[Path, str | None]] = {"ours": (ROOT, None)}
    problem = ""
    runs: dict[tuple[str, str], list[dict]] = {}
    try:
        try:
            engines[FM_BASELINE] = (tmp, str(extract_baseline(FM_BASELINE, tmp)))
        except (RuntimeError, OSError, subprocess.CalledProcessError) as exc:
            problem = str(exc)
        order = list(engines)
        for r in range(repeat):
            for _name, scenario, bots in FM_CASES:
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
    for name, scenario, _bots in FM_CASES:
        mine = runs[(scenario, "ours")]
        ours = per_game(mine)
        notes = [f"load average {load:.1f} on {os.cpu_count()} cores at the start; CPU of each game in a fresh "
                 f"process (its first game included), games 0-{games - 1} of the study with seed 7, {repeat} "
                 "run(s) each, the engines in turns",
                 f"ours: {ours:.2f} s of CPU a game (runs: {listed(mine)}); within the {TARGET_CPU:g} s a game of "
                 f"100 games in 2 minutes on 2 workers: {'yes' if ours <= TARGET_CPU else 'NO'}"]
        theirs = runs.get((scenario, FM_BASELINE), [])
        base_value = per_game(theirs) if theirs else float("nan")
        if theirs:
            same = all(d["digests"] == mine[0]["digests"] for d in mine + theirs)
            notes.append(f"{FM_BASELINE}: {base_value:.2f} s a game (runs: {listed(theirs)}); speed-up "
                         f"{base_value / ours:.2f}x")
            notes.append(f"the same games (records) on both engines: {'yes' if same else 'NO, the games differ'}")
        else:
            notes.append(f"baseline {FM_BASELINE} not measured: {problem}")
        case = f"{name}, {games} games of a study" + (" (quick)" if settings.quick else "")
        rows.append(Row("search-speed", case, "CPU s a game", ours, f"commit {FM_BASELINE}", base_value,
                        target=f"<= {TARGET_CPU:g} s of CPU a game (100 games in 2 min on 2 workers)", notes=notes))
    return rows
