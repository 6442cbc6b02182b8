"""Search speed (issue 31): the CPU a game of a balance study costs with the search bot (`mcts`) in a seat,
this engine against the engine before the issue-31 search-speed work (commit 36b7815, the named baseline),
both measured in the same run.

The baseline's `engine/`, `resources/` and `scenarios/` are taken from the repository with `git archive`, as
in the engine-speed benchmark; every measurement is a fresh process (benchmarks/_search_child.py) that plays
the same games of a study (`hexwright balance SCENARIO --bots mcts,heuristic --seed 7`, games 0..N-1) as a
study's worker plays them, with one engine or the other, in turns. The child times each game in CPU seconds
(the process's first game included, as a worker pays it) and a digest of each game's record says whether
both engines played the very same games.

Target (issue 31): a 100-game search-bot study of a shipped scenario in under 2 minutes on 2 workers, i.e. at
most 2.4 s of CPU a game on 2 free cores (100 games x 2.4 s / 2 workers = 120 s), besides each worker's start.
The target is absolute: the row carries the baseline's figure and its speed-up in the notes, and says whether
the mean CPU a game is within 2.4 s.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from .core import Row, Settings, median, register
from .engine_speed import extract_baseline
from .search_speed_fm import fm_search_rows
from .search_speed_koenig import koenig_search_rows

ROOT = Path(__file__).resolve().parents[1]
BASELINE = "36b7815"
CASE = ("The Crossing, search bot British, heuristic German", "scenarios/storm-arnhem/the-crossing.yaml",
        "mcts,heuristic")
GAMES = 4  # games 0..GAMES-1 of the study, per measurement (quick: 1)
TARGET_CPU = 2.4  # s of CPU a game: 100 games in 120 s on 2 workers
CHILD = Path(__file__).resolve().with_name("_search_child.py")
# the Target Arnhem rows of this benchmark also measure the engines before the search-speed work (36b7815) and
# before the Target Arnhem work of 5 December 2026's morning (0053a04); `search-speed-ta` measures the last
# baseline alone (search_speed_ta.py)
EARLIER = (BASELINE, "0053a04")


def run_child(scenario: Path, bots: str, games: int, pythonpath: str | None) -> dict:
    env = dict(os.environ)
    env.pop("PYTHONPATH", None)
    if pythonpath:
        env["PYTHONPATH"] = pythonpath
    out = subprocess.run([sys.executable, str(CHILD), str(scenario), bots, "0", str(games)], capture_output=True,
                         text=True, env=env, cwd=str(ROOT))
    if out.returncode != 0:
        raise RuntimeError(f"search child failed ({scenario}):\n{out.stderr[-2000:]}")
    got: dict = json.loads(out.stdout.strip().splitlines()[-1])
    return got


@register("search-speed")
def search_speed_benchmark(settings: Settings) -> list[Row]:
    repeat = 2 if settings.quick else max(2, min(settings.repeat, 3))
    games = 1 if settings.quick else GAMES
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    name, rel, bots = CASE
    tmp = Path(tempfile.mkdtemp(prefix="hexwright-search-baseline-"))
    try:
        try:
            base_path: str | None = str(extract_baseline(BASELINE, tmp))
            problem = ""
        except (RuntimeError, OSError, subprocess.CalledProcessError) as exc:
            base_path, problem = None, str(exc)
        ours: list[dict] = []
        theirs: list[dict] = []
        for r in range(repeat):  # in turns, the order swapped every repeat
            for who in (("ours", "base") if r % 2 == 0 else ("base", "ours")):
                if who == "ours":
                    ours.append(run_child(ROOT / rel, bots, games, None))
                elif base_path is not None:
                    theirs.append(run_child(tmp / rel, bots, games, base_path))
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    per_ours = median([sum(d["cpu"]) / len(d["cpu"]) for d in ours])
    notes = [f"load average {load:.1f} on {os.cpu_count()} cores at the start; CPU of each game in a fresh "
             f"process (its first game included), games 0-{games - 1} of the study with seed 7, {repeat} runs "
             "each, in turns",
             f"ours: {per_ours:.2f} s of CPU a game (runs: "
             + ", ".join("/".join(f"{c:.2f}" for c in d["cpu"]) for d in ours) + "); "
             + (f"within the {TARGET_CPU:g} s a game of 100 games in 2 minutes on 2 workers: "
                f"{'yes' if per_ours <= TARGET_CPU else 'NO'}")]
    base_value = float("nan")
    if theirs:
        base_value = median([sum(d["cpu"]) / len(d["cpu"]) for d in theirs])
        same = all(d["digests"] == ours[0]["digests"] for d in ours + theirs)
        notes.append(f"{BASELINE}: {base_value:.2f} s a game (runs: "
                     + ", ".join("/".join(f"{c:.2f}" for c in d["cpu"]) for d in theirs)
                     + f"); speed-up {base_value / per_ours:.2f}x")
        notes.append(f"the same games (records) on both engines: {'yes' if same else 'NO, the games differ'}")
    else:
        notes.append(f"baseline {BASELINE} not measured: {problem}")
    case = f"{name}, {games} games of a study" + (" (quick)" if settings.quick else "")
    rows = [Row("search-speed", case, "CPU s a game", per_ours, f"commit {BASELINE}", base_value,
                target=f"<= {TARGET_CPU:g} s of CPU a game (100 games in 2 min on 2 workers)", notes=notes)]
    rows += koenig_search_rows(settings)  # Koenig's Arnhem Bridge, both seats (search_speed_koenig.py)
    from .search_speed_ta import target_arnhem_rows  # (that module imports this one's runner)

    rows += target_arnhem_rows(settings, EARLIER)  # Target Arnhem, both seats (search_speed_ta.py)
    rows += fm_search_rows(settings)  # F&M Arnhem Scenarios 1 and 2, search bot Allied (search_speed_fm.py)
    return rows
