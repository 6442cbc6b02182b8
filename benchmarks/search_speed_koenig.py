"""The Koenig rows of the search-speed benchmark (`--only search-speed`, benchmarks/search_speed.py; issue 31):
the CPU a game of a balance study of Koenig's Arnhem Bridge costs with the search bot in either seat, this
engine against commit 0053a04 (main before the Koenig search-speed work, the named baseline), both in the same
run, each measurement a fresh process (benchmarks/_search_child.py) playing games 0..N-1 of `hexwright balance
scenarios/koenig-arnhem-bridge/arnhem-bridge.yaml --bots BOTS --seed 7` as a study's worker plays them (the
process's first game included), the two engines in turns; a digest of each game's record says whether both
played the very same games. The target is the issue's: 2.4 s of CPU a game (100 games in 2 minutes on 2
workers)."""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from pathlib import Path

from .core import Row, Settings, median
from .engine_speed import extract_baseline

ROOT = Path(__file__).resolve().parents[1]
KOENIG_BASELINE = "0053a04"
KOENIG = "scenarios/koenig-arnhem-bridge/arnhem-bridge.yaml"
KOENIG_CASES = (("Koenig's Arnhem Bridge, search bot Allied, heuristic German", "mcts,heuristic"),
                ("Koenig's Arnhem Bridge, heuristic Allied, search bot German", "heuristic,mcts"))
KOENIG_GAMES = 2  # games 0..KOENIG_GAMES-1 of the study, per measurement (quick: 1)
TARGET_CPU = 2.4  # s of CPU a game: 100 games in 120 s on 2 workers


def koenig_search_rows(settings: Settings) -> list[Row]:
    """One row per seat of the search bot: ours against KOENIG_BASELINE, the same games."""
    from .search_speed import run_child

    repeat = 1 if settings.quick else 2
    games = 1 if settings.quick else KOENIG_GAMES
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    tmp = Path(tempfile.mkdtemp(prefix="hexwright-koenig-baseline-"))
    ours: dict[str, list[dict]] = {bots: [] for _n, bots in KOENIG_CASES}
    theirs: dict[str, list[dict]] = {bots: [] for _n, bots in KOENIG_CASES}
    try:
        try:
            base_path: str | None = str(extract_baseline(KOENIG_BASELINE, tmp))
            problem = ""
        except (RuntimeError, OSError, subprocess.CalledProcessError) as exc:
            base_path, problem = None, str(exc)
        for r in range(repeat):
            for _name, bots in KOENIG_CASES:
                for who in (("ours", "base") if r % 2 == 0 else ("base", "ours")):  # in turns
                    if who == "ours":
                        ours[bots].append(run_child(ROOT / KOENIG, bots, games, None))
                    elif base_path is not None:
                        theirs[bots].append(run_child(tmp / KOENIG, bots, games, base_path))
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    rows = []
    for name, bots in KOENIG_CASES:
        mine = ours[bots]
        per_ours = median([sum(d["cpu"]) / len(d["cpu"]) for d in mine])
        notes = [f"load average {load:.1f} on {os.cpu_count()} cores at the start; CPU of each game in a fresh "
                 f"process (its first game included), games 0-{games - 1} of the study with seed 7, {repeat} "
                 "run(s) each, in turns",
                 f"ours: {per_ours:.2f} s of CPU a game (runs: "
                 + ", ".join("/".join(f"{c:.2f}" for c in d["cpu"]) for d in mine) + "); "
                 + f"within the {TARGET_CPU:g} s a game of 100 games in 2 minutes on 2 workers: "
                 + ("yes" if per_ours <= TARGET_CPU else "NO")]
        base_value = float("nan")
        if theirs[bots]:
            base_value = median([sum(d["cpu"]) / len(d["cpu"]) for d in theirs[bots]])
            same = all(d["digests"] == mine[0]["digests"] for d in mine + theirs[bots])
            notes.append(f"{KOENIG_BASELINE}: {base_value:.2f} s a game (runs: "
                         + ", ".join("/".join(f"{c:.2f}" for c in d["cpu"]) for d in theirs[bots])
                         + f"); speed-up {base_value / per_ours:.2f}x")
            notes.append(f"the same games (records) on both engines: {'yes' if same else 'NO, the games differ'}")
        else:
            notes.append(f"baseline {KOENIG_BASELINE} not measured: {problem}")
        case = f"{name}, {games} games of a study" + (" (quick)" if settings.quick else "")
        rows.append(Row("search-speed", case, "CPU s a game", per_ours, f"commit {KOENIG_BASELINE}", base_value,
                        target=f"<= {TARGET_CPU:g} s of CPU a game (100 games in 2 min on 2 workers)", notes=notes))
    return rows
