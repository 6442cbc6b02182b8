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
    rows += target_arnhem_rows(settings)  # Target Arnhem, both seats (below)
    rows += fm_search_rows(settings)  # F&M Arnhem Scenarios 1 and 2, search bot Allied (search_speed_fm.py)
    return rows


# -- Target Arnhem ------------------------------------------------------------------------------------------------
TA_SCENARIO = "scenarios/target-arnhem/target-arnhem.yaml"
TA_CASES = (("Target Arnhem, search bot Allied, heuristic German", "mcts,heuristic"),
            ("Target Arnhem, search bot German, heuristic Allied", "heuristic,mcts"))
TA_GAMES = 2  # games 0..TA_GAMES-1 of each seat's study, per measurement (quick: 1)
TA_BEFORE = "0053a04"  # main before the Target Arnhem search-speed work of 5 December 2026 (a second baseline)


def target_arnhem_rows(settings: Settings) -> list[Row]:
    """The same measurement for Target Arnhem, one row per seat of the search bot (`hexwright balance
    scenarios/target-arnhem/target-arnhem.yaml --bots mcts,heuristic --seed 7`, and `--bots heuristic,mcts`):
    this engine against BASELINE, and in the notes against TA_BEFORE, all three engines in turns in the
    same run, each measurement a fresh process playing games 0..TA_GAMES-1."""
    repeat = 1 if settings.quick else 2
    games = 1 if settings.quick else TA_GAMES
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    tmp = Path(tempfile.mkdtemp(prefix="hexwright-search-ta-"))
    try:
        engines: dict[str, tuple[Path, str | None]] = {"ours": (ROOT, None)}
        problems: dict[str, str] = {}
        for commit in (BASELINE, TA_BEFORE):
            try:
                engines[commit] = (tmp / commit, str(extract_baseline(commit, tmp / commit)))
            except (RuntimeError, OSError, subprocess.CalledProcessError) as exc:
                problems[commit] = str(exc)
        rows = []
        for name, bots in TA_CASES:
            got: dict[str, list[dict]] = {e: [] for e in engines}
            order = list(engines)
            for r in range(repeat):  # in turns, the order turned every repeat
                for who in order[r % len(order):] + order[:r % len(order)]:
                    root, path = engines[who]
                    got[who].append(run_child(root / TA_SCENARIO, bots, games, path))
            rows.append(_ta_row(name, games, repeat, load, got, problems))
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return rows


def _ta_row(name: str, games: int, repeat: int, load: float, got: dict[str, list[dict]],
            problems: dict[str, str]) -> Row:
    def per_game(runs: list[dict]) -> float:
        return median([sum(d["cpu"]) / len(d["cpu"]) for d in runs])

    def runs_text(runs: list[dict]) -> str:
        return ", ".join("/".join(f"{c:.2f}" for c in d["cpu"]) for d in runs)

    ours = per_game(got["ours"])
    notes = [f"load average {load:.1f} on {os.cpu_count()} cores at the start; CPU of each game in a fresh process "
             f"(its first game included), games 0-{games - 1} of the study with seed 7, {repeat} runs each, the "
             "engines in turns",
             f"ours: {ours:.2f} s of CPU a game (runs: {runs_text(got['ours'])}); within the {TARGET_CPU:g} s a "
             f"game of 100 games in 2 minutes on 2 workers: {'yes' if ours <= TARGET_CPU else 'NO'}"]
    reference = got["ours"][0]["digests"]
    for commit in (BASELINE, TA_BEFORE):
        if commit in problems or not got.get(commit):
            notes.append(f"{commit} not measured: {problems.get(commit, 'no run')}")
            continue
        theirs = per_game(got[commit])
        notes.append(f"{commit}: {theirs:.2f} s a game (runs: {runs_text(got[commit])}); speed-up "
                     f"{theirs / ours:.2f}x")
    same = all(d["digests"] == reference for runs in got.values() for d in runs)
    notes.append(f"the same games (records) on every engine: {'yes' if same else 'NO, the games differ'}")
    base_value = per_game(got[BASELINE]) if got.get(BASELINE) else float("nan")
    return Row("search-speed", f"{name}, {games} games of a study", "CPU s a game", ours, f"commit {BASELINE}",
               base_value, target=f"<= {TARGET_CPU:g} s of CPU a game (100 games in 2 min on 2 workers)", notes=notes)
