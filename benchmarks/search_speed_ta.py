"""Search speed of Target Arnhem (issue 31): the CPU a game of a balance study costs with the search bot in a
seat, this engine against commit 3eb2245 (main before the work that kept an impulse's listing and the
heuristic's runs of moves: the named baseline), both measured in the same run, the same games checked.

`python -m benchmarks --only search-speed-ta` runs these rows alone (the `search-speed` benchmark runs them
too, with the earlier engines besides, and The Crossing's and Koenig's rows). Each measurement is a fresh
process (benchmarks/_search_child.py) playing games 0..TA_GAMES-1 of `hexwright balance
scenarios/target-arnhem/target-arnhem.yaml --bots BOTS --seed 7` as a study's worker plays them, the
process's first game included; the engines in turns, the order turned every run; a digest of each game's
record says whether every engine played the very same games.

Target (issue 31): 100 games in 2 minutes on 2 workers, at most 2.4 s of CPU a game on 2 free cores.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from pathlib import Path

from .core import Row, Settings, median, register
from .engine_speed import extract_baseline
from .search_speed import ROOT, TARGET_CPU, run_child

TA_SCENARIO = "scenarios/target-arnhem/target-arnhem.yaml"
TA_CASES = (("Target Arnhem, search bot Allied, heuristic German", "mcts,heuristic"),
            ("Target Arnhem, search bot German, heuristic Allied", "heuristic,mcts"))
TA_GAMES = 4  # games 0..TA_GAMES-1 of each seat's study, per measurement (quick: 1)
TA_BASELINE = "3eb2245"  # main before the impulse's listing and the heuristic's runs of moves were kept


@register("search-speed-ta")
def search_speed_ta_benchmark(settings: Settings) -> list[Row]:
    return target_arnhem_rows(settings)


def target_arnhem_rows(settings: Settings, earlier: tuple[str, ...] = ()) -> list[Row]:
    """One row per seat of the search bot: this engine against TA_BASELINE and, in the notes, against each of
    `earlier`, every engine in turns in the same run, each measurement a fresh process playing games
    0..TA_GAMES-1 (quick: game 0, one run)."""
    repeat = 1 if settings.quick else 2
    games = 1 if settings.quick else TA_GAMES
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    tmp = Path(tempfile.mkdtemp(prefix="hexwright-search-ta-"))
    others = (TA_BASELINE, *earlier)
    try:
        engines: dict[str, tuple[Path, str | None]] = {"ours": (ROOT, None)}
        problems: dict[str, str] = {}
        for commit in others:
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
            rows.append(_ta_row(name, games, repeat, load, got, problems, others))
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return rows


def _ta_row(name: str, games: int, repeat: int, load: float, got: dict[str, list[dict]],
            problems: dict[str, str], others: tuple[str, ...]) -> Row:
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
    for commit in others:
        if commit in problems or not got.get(commit):
            notes.append(f"{commit} not measured: {problems.get(commit, 'no run')}")
            continue
        theirs = per_game(got[commit])
        notes.append(f"{commit}: {theirs:.2f} s a game (runs: {runs_text(got[commit])}); speed-up "
                     f"{theirs / ours:.2f}x")
    same = all(d["digests"] == reference for runs in got.values() for d in runs)
    notes.append(f"the same games (records) on every engine: {'yes' if same else 'NO, the games differ'}")
    base_value = per_game(got[TA_BASELINE]) if got.get(TA_BASELINE) else float("nan")
    return Row("search-speed", f"{name}, {games} games of a study", "CPU s a game", ours, f"commit {TA_BASELINE}",
               base_value, target=f"<= {TARGET_CPU:g} s of CPU a game (100 games in 2 min on 2 workers)", notes=notes)
