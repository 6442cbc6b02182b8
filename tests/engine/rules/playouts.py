"""Random playouts at scale: many games of every shipped scenario, each played to its end with random
legal actions, its log written as text, read back and replayed through the checked path (what a saved game
or a play-by-e-mail file goes through), and the replay's final position and outcome compared with the game's.

Each game is counted as one of: played and replayed exactly, or failed with the first problem:

- an exception anywhere (the game, the log, the replay), with its traceback;
- a dead end: no legal action while the game is not over;
- a runaway: more than MAX_ACTIONS actions without an end;
- a replay mismatch: the log does not replay, or replays to another position or outcome.

The per-action position checks of the conformance run (test_conformance.play_and_check: stacking, both sides
in a hex, prohibited terrain, clones, refused actions) cost about six times the game itself; they run in the
conformance tests. This run is the one whose games docs/reliability.md counts per scenario.

    python -m tests.engine.rules.playouts --games 10000 --first-seed 100000 --workers 2 --out run.jsonl
    python -m tests.engine.rules.playouts --report run.jsonl

The output is one JSON line a game after a header naming the commit. Run again with the same `--out` and it
goes on where it stopped, at the same commit only (a run counts the games of one commit).
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import random
import subprocess
import sys
import time
import traceback
from collections import Counter, defaultdict
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

from hexwright.engine.rules.log import GameLog, LogError, replay
from hexwright.engine.rules.protocol import new_game
from hexwright.engine.rules.registry import family

from .test_conformance import _load, options_for, shipped_scenarios

MAX_ACTIONS = 20_000  # the longest shipped game plays about 1,000


def play_and_replay(name: str, seed: int) -> dict[str, Any]:
    """One random game of the shipped scenario `name` (its path under scenarios/) from `seed`, replayed
    from its log's text; the record of one output line."""
    t0 = time.process_time()
    n = 0
    outcome = ""
    problem = ""
    try:
        sc = _load(name)
        state = new_game(sc, seed, options_for(sc, seed))
        rng = random.Random(seed * 7919 + 1)
        while not state.is_terminal():
            if n >= MAX_ACTIONS:
                problem = f"runaway: no end after {n} actions at {state.phase}"
                break
            if state.is_chance_node():
                state.apply(state.sample_chance())
            else:
                legal = state.legal_actions()
                if not legal:
                    problem = f"dead end: no legal action at {state.phase}, action {n}"
                    break
                state.apply(legal[rng.randrange(len(legal))])
            n += 1
        if not problem:
            outcome = str(state.outcome())
            text = GameLog.of(state, name).dumps()
            try:
                again = replay(sc, GameLog.loads(text))
            except LogError as exc:
                problem = f"replay mismatch: {exc}"
            else:
                if again.fingerprint() != state.fingerprint():
                    problem = "replay mismatch: the log replays to another position"
                elif str(again.outcome()) != outcome:
                    problem = f"replay mismatch: the log replays to {again.outcome()}, not {outcome}"
    except Exception:  # every exception is a failure, reported with its seed
        problem = "exception: " + traceback.format_exc()
    return {"scenario": name, "seed": seed, "actions": n, "outcome": outcome, "problem": problem,
            "cpu": round(time.process_time() - t0, 3)}


def _job(job: tuple[str, int]) -> dict[str, Any]:
    return play_and_replay(*job)


def commit() -> str:
    """The checkout's commit, with "+changes" when its tracked files differ from it."""
    root = Path(__file__).resolve().parents[3]
    try:
        head = subprocess.run(["git", "rev-parse", "HEAD"], cwd=root, capture_output=True, text=True,
                              check=True).stdout.strip()
        dirty = subprocess.run(["git", "status", "--porcelain", "--untracked-files=no"], cwd=root,
                               capture_output=True, text=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"
    return head + ("+changes" if dirty else "")


def _read(path: Path) -> tuple[dict[str, Any] | None, list[dict[str, Any]]]:
    if not path.exists():
        return None, []
    lines = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    if not lines:
        return None, []
    return lines[0], lines[1:]


def run(names: list[str], seeds: range, workers: int, out: Path) -> None:
    header, done = _read(out)
    here = commit()
    if header is not None and header.get("commit") != here:
        sys.exit(f"{out}: a run of commit {header.get('commit')}; this checkout is {here} (a run counts the "
                 "games of one commit: use another --out)")
    if header is None:
        header = {"commit": here, "started": time.strftime("%Y-%m-%d %H:%M:%S UTC", time.gmtime()),
                  "first_seed": seeds.start, "games": len(seeds), "scenarios": names}
        out.write_text(json.dumps(header) + "\n", encoding="utf-8")
    finished = {(r["scenario"], r["seed"]) for r in done}
    jobs = [(name, seed) for seed in seeds for name in names if (name, seed) not in finished]
    print(f"{len(finished)} games already recorded, {len(jobs)} to play on {workers} workers", flush=True)
    ctx = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(max_workers=workers, mp_context=ctx) as pool, out.open("a", encoding="utf-8") as f:
        for i, r in enumerate(pool.map(_job, jobs, chunksize=4), 1):
            f.write(json.dumps(r) + "\n")
            f.flush()
            if r["problem"]:
                print(f"FAILED {r['scenario']} seed {r['seed']}: {r['problem'][:300]}", flush=True)
            if i % 500 == 0:
                print(f"{i}/{len(jobs)} {time.strftime('%H:%M:%S')}", flush=True)


def summary(records: list[dict[str, Any]]) -> Iterator[str]:
    """Per scenario: games, actions, outcomes, failures by kind and CPU time."""
    by: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for r in records:
        by[r["scenario"]].append(r)
    for name, rs in by.items():
        kinds = Counter(r["problem"].split(":")[0] for r in rs if r["problem"])
        wins = Counter(r["outcome"].split(":")[0] for r in rs if not r["problem"])
        cpu = sum(r["cpu"] for r in rs)
        yield (f"{name}: {len(rs)} games, {sum(r['actions'] for r in rs):,} actions, "
               f"{sum(1 for r in rs if r['problem'])} failed"
               + "".join(f" ({k} {v})" for k, v in sorted(kinds.items()))
               + f"; {', '.join(f'{k} {v}' for k, v in sorted(wins.items()))}; {cpu:,.0f} s CPU")


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(prog="python -m tests.engine.rules.playouts", description=__doc__.split("\n\n")[0])
    p.add_argument("--games", type=int, default=100, help="games of each shipped scenario")
    p.add_argument("--first-seed", type=int, default=100_000)
    p.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    p.add_argument("--out", type=Path, help="the JSON-lines record (resumed when it exists)")
    p.add_argument("--report", type=Path, help="print the summary of a record and stop")
    args = p.parse_args(argv)
    if args.report:
        header, records = _read(args.report)
        print(f"commit {header and header.get('commit')}, started {header and header.get('started')}")
        for line in summary(records):
            print(line)
        return
    if args.out is None:
        p.error("--out is needed to play (or --report to summarise)")
    names = [name for name, rules in shipped_scenarios().items() if family(rules).plays]
    run(names, range(args.first_seed, args.first_seed + args.games), args.workers, args.out)
    for line in summary(_read(args.out)[1]):
        print(line)


if __name__ == "__main__":
    main()
