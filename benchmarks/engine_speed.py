"""Random playouts: actions per CPU second of the play loop, this engine against the engine as it was at
commit 947ba10 (issue 12's named baseline), both measured in the same run.

The baseline's `engine/`, `resources/` and `scenarios/` are taken from the repository with `git archive`
into a temporary folder, as the `hexwright` package of a second import path; every measurement is a fresh
process (benchmarks/_playout_child.py) that plays the same random games (the same seeds; at chance nodes
the state's own seeded sampler) with one engine or the other, each engine reading its own copy of the
scenario. The child times only its play loop (`legal_actions()`, the choice, `apply()`) in CPU seconds, so
imports and the machine's other load weigh on neither. The two engines run in turns, repeat by repeat, and
the medians are compared; a digest of every game's action log and result says whether both played the very
same games (same rules, same games: the row's notes say so, or say they differ).

Targets (issue 12): at least 5x the baseline's actions per CPU second on F&M Arnhem Scenario 1 and 3x on
Koenig's Arnhem Bridge, i.e. CPU time per action at most 1/5 and 1/3 of the baseline's.

The cold-start row (issue 31): the first COLD_GAMES random F&M games of a fresh process (`hexwright play`, a
balance study's first games), no untimed game before them and nothing loaded ahead: the process's whole CPU
time from its start to the end of its last game (interpreter, imports, the scenario, the rules game, the
games), ours against the baseline's, in turns; target: no slower than the baseline.
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

ROOT = Path(__file__).resolve().parents[1]
BASELINE = "947ba10"
CASES = [  # scenario path, games per measurement (quick: 1), target speed-up
    ("F&M Arnhem Scenario 1", "scenarios/fm-arnhem/scenario-1-historical.yaml", 8, 5.0),
    ("Koenig Arnhem Bridge", "scenarios/koenig-arnhem-bridge/arnhem-bridge.yaml", 12, 3.0),
]
FIRST_SEED = 1
COLD_CASE = ("F&M Arnhem Scenario 1", "scenarios/fm-arnhem/scenario-1-historical.yaml")
COLD_GAMES = 3
CHILD = Path(__file__).resolve().with_name("_playout_child.py")


def extract_baseline(commit: str, into: Path) -> Path:
    """`into/hexwright/{engine,resources}` and `into/scenarios` as they were at `commit`; returns the
    folder to put first on PYTHONPATH. Raises RuntimeError when git or the commit is missing."""
    pkg = into / "hexwright"
    pkg.mkdir(parents=True, exist_ok=True)
    for paths, dest in ((["engine", "resources"], pkg), (["scenarios"], into)):
        archive = subprocess.run(["git", "-C", str(ROOT), "archive", "--format=tar", commit, *paths],
                                 capture_output=True)
        if archive.returncode != 0:
            raise RuntimeError(f"git archive {commit} failed: {archive.stderr.decode(errors='replace').strip()}")
        subprocess.run(["tar", "-x", "-C", str(dest)], input=archive.stdout, check=True)
    return into


def run_child(scenario: Path, games: int, pythonpath: str | None, cold: bool = False) -> dict:
    env = dict(os.environ)
    env.pop("PYTHONPATH", None)
    env.pop("HEXWRIGHT_PURE_MOVEMENT", None)
    if pythonpath:
        env["PYTHONPATH"] = pythonpath
    out = subprocess.run([sys.executable, str(CHILD), str(scenario), str(games), str(FIRST_SEED),
                          *(["cold"] if cold else [])], capture_output=True, text=True, env=env, cwd=str(ROOT))
    if out.returncode != 0:
        raise RuntimeError(f"playout child failed ({scenario}):\n{out.stderr[-2000:]}")
    return json.loads(out.stdout.strip().splitlines()[-1])


@register("engine-speed")
def engine_speed_benchmark(settings: Settings) -> list[Row]:
    repeat = 2 if settings.quick else max(3, min(settings.repeat, 5))
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    tmp = Path(tempfile.mkdtemp(prefix="hexwright-baseline-"))
    rows: list[Row] = []
    try:
        try:
            base_path: str | None = str(extract_baseline(BASELINE, tmp))
            problem = ""
        except (RuntimeError, OSError, subprocess.CalledProcessError) as exc:
            base_path, problem = None, str(exc)
        for name, rel, games, target in CASES:
            n = 1 if settings.quick else games
            ours: list[dict] = []
            theirs: list[dict] = []
            for r in range(repeat):  # in turns, the order swapped every repeat
                order = ("ours", "base") if r % 2 == 0 else ("base", "ours")
                for who in order:
                    if who == "ours":
                        ours.append(run_child(ROOT / rel, n, None))
                    elif base_path is not None:
                        theirs.append(run_child(tmp / rel, n, base_path))
            per_ours = [d["cpu"] / d["actions"] for d in ours]
            case = f"{name}, {n} random games" + (" (quick)" if settings.quick else "")
            notes = [f"load average {load:.1f} on {os.cpu_count()} cores at the start; CPU time of the play loop "
                     f"only, {repeat} runs each, in turns"]
            if theirs:
                per_base = [d["cpu"] / d["actions"] for d in theirs]
                digests = {d["digest"] for d in ours}
                same = digests == {d["digest"] for d in theirs} and len(digests) == 1
                notes.append(f"ours {1 / median(per_ours):,.0f} actions per CPU second, {BASELINE} "
                             f"{1 / median(per_base):,.0f}: speed-up {median(per_base) / median(per_ours):.2f}x "
                             f"(runs: {', '.join(f'{b / o:.2f}' for b, o in zip(per_base, per_ours, strict=False))}; "
                             f"their median {median([b / o for b, o in zip(per_base, per_ours, strict=False)]):.2f}x, "
                             "each run's ratio of two runs made one after the other, which a drift of the machine's "
                             "speed during the benchmark moves less)")
                notes.append(f"{ours[0]['actions']} actions in {n} games; the same games (action logs and results) "
                             f"on both engines: {'yes' if same else 'NO, the games differ'}")
                rows.append(Row("engine-speed", case, "CPU s per action", median(per_ours), f"commit {BASELINE}",
                                median(per_base), max_ratio=1 / target, target=f"speed-up >= {target:g}x",
                                notes=notes))
            else:
                notes.append(f"baseline {BASELINE} not measured: {problem}")
                rows.append(Row("engine-speed", case, "CPU s per action", median(per_ours), f"commit {BASELINE}",
                                float("nan"), max_ratio=1 / target, target=f"speed-up >= {target:g}x", notes=notes))
        rows.append(cold_start_row(tmp, base_path, problem, repeat, load))
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return rows


def cold_start_row(tmp: Path, base_path: str | None, problem: str, repeat: int, load: float) -> Row:
    """The first COLD_GAMES random games of a fresh process, ours against the baseline's, in turns."""
    name, rel = COLD_CASE
    ours: list[dict] = []
    theirs: list[dict] = []
    for r in range(repeat):
        for who in (("ours", "base") if r % 2 == 0 else ("base", "ours")):
            if who == "ours":
                ours.append(run_child(ROOT / rel, COLD_GAMES, None, cold=True))
            elif base_path is not None:
                theirs.append(run_child(tmp / rel, COLD_GAMES, base_path, cold=True))
    case = f"{name}, the first {COLD_GAMES} random games of a fresh process"
    notes = [f"load average {load:.1f} on {os.cpu_count()} cores at the start; the process's whole CPU time, "
             f"{repeat} runs each, in turns"]

    def split(runs: list[dict]) -> str:
        games = median([d["cpu"] for d in runs])
        setup = median([d["setup_cpu"] for d in runs])
        whole = median([d["process_cpu"] for d in runs])
        return (f"games {games:.2f} s, rules game {setup:.2f} s, start, imports and scenario "
                f"{whole - games - setup:.2f} s")

    notes.append(f"ours: {split(ours)}")
    base_value = float("nan")
    if theirs:
        base_value = median([d["process_cpu"] for d in theirs])
        same = {d["digest"] for d in ours} == {d["digest"] for d in theirs}
        notes.append(f"{BASELINE}: {split(theirs)}; runs: "
                     + ", ".join(f"{o['process_cpu']:.2f}/{b['process_cpu']:.2f} s"
                                 for o, b in zip(ours, theirs, strict=False)))
        notes.append(f"{ours[0]['actions']} actions; the same games on both engines: {'yes' if same else 'NO'}")
    else:
        notes.append(f"baseline {BASELINE} not measured: {problem}")
    return Row("engine-speed", case, "CPU s of the fresh process", median([d["process_cpu"] for d in ours]),
               f"commit {BASELINE}", base_value, max_ratio=1.0, target=f"no slower than {BASELINE}", notes=notes)
