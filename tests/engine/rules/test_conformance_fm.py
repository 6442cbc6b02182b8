"""Conformance of the F&M engine on the shipped Arnhem scenarios (issue: "plays thousands of random legal
games of both scenarios to the end with no exception, no stacking or terrain violation, and exact replay
from the log").

Each game is played to the end by choosing uniformly among the legal actions (chance nodes drawn from the
game's seeded sampler). After every action: no unit off the map, in a hex its movement class may not be
in (5.2 e, 10.5), or in a hex with an enemy unit (5.2 d); at the end of every phase: one unit per hex
(5.3). At the end: the game is over with an outcome, and its log (scenario, seed, action texts) replays
exactly through engine/rules/log.py (every action checked, every roll re-drawn from the seed) to the same
position (fingerprint).

The default run plays a few games of each scenario; `pytest -m slow` plays HEXWRIGHT_CONFORMANCE_GAMES
games of each (default 2000) from seed HEXWRIGHT_CONFORMANCE_FIRST_SEED (default 1000) on all cores
(HEXWRIGHT_CONFORMANCE_WORKERS, default the number of CPUs)."""

from __future__ import annotations

import multiprocessing
import os
import random
import time
import traceback
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[3] / "scenarios" / "fm-arnhem"
SCENARIOS = ("scenario-1-historical.yaml", "scenario-2-free-deployment.yaml")
DEFAULT_GAMES = 3  # per scenario in the default run
_LOADED: dict[str, Any] = {}


def _scenario(name: str):
    if name not in _LOADED:
        from hexwright.engine.formats import load_scenario

        _LOADED[name] = load_scenario(ROOT / name).scenario
    return _LOADED[name]


def _position_problems(st, moved: dict[str, Any], phase_ended: bool) -> list[str]:
    """What is wrong with the units' positions: `moved` are the units placed or moved since the last check."""
    from hexwright.engine.validation.checks import hex_prohibited

    g = st.game
    out = []
    for uid, h in moved.items():
        if not g.map.contains(h):
            out.append(f"{uid} is off the map at {h} (F&M 5.2 f)")
        elif hex_prohibited(g.map, h, g.movement_class(uid)):
            out.append(f"{uid} is in {g.label(h)}, prohibited terrain for a {g.movement_class(uid)} unit (F&M 5.2 e)")
    sides: dict[Any, set[str]] = {}
    count: dict[Any, int] = {}
    for uid, h in st.pos.items():
        sides.setdefault(h, set()).add(g.units[uid].side)
        count[h] = count.get(h, 0) + 1
    for h, s in sides.items():
        if len(s) > 1:
            out.append(f"units of both sides in {g.label(h)} (F&M 5.2 d)")
    if phase_ended:
        out.extend(f"{n} units in {g.label(h)} at the end of a phase (F&M 5.3)" for h, n in count.items() if n > 1)
    return out


def play_and_check(name: str, seed: int) -> dict[str, Any]:
    """Play one random game of a shipped scenario and check it; returns its length, outcome and problems."""
    from hexwright.engine.rules.log import GameLog, replay
    from hexwright.engine.rules.protocol import CHANCE, new_game

    problems: list[str] = []
    n = 0
    outcome = ""
    try:
        sc = _scenario(name)
        st = new_game(sc, seed)
        rng = random.Random(seed * 7919 + 1)
        last = dict(st.pos)
        phase = st.phase
        problems += _position_problems(st, last, False)
        while not st.is_terminal() and not problems:
            actions = st.legal_actions()
            if not actions:
                problems.append(f"no legal action at {st.phase}, action {n}")
                break
            if st.current_player == CHANCE:
                a = st.sample_chance()
                if a not in actions:
                    problems.append(f"the sampler drew {a.text()}, not an outcome of the chance node at {st.phase}")
            else:
                a = actions[rng.randrange(len(actions))]
            st.apply(a)
            n += 1
            moved = {u: h for u, h in st.pos.items() if last.get(u) != h}
            ended = st.phase != phase or st.is_terminal()
            problems += [f"after action {n} ({a.text()}, {phase}): {p}" for p in _position_problems(st, moved, ended)]
            last = dict(st.pos)
            phase = st.phase
        if not problems:
            if st.outcome() is None or st.legal_actions():
                problems.append("the game stopped without an outcome")
            outcome = str(st.outcome())
            log = GameLog.loads(GameLog.of(st, str(ROOT / name)).dumps())
            again = replay(sc, log)
            if again.action_texts() != st.action_texts() or again != st:
                problems.append("the log does not replay to the same position")
    except Exception:  # noqa: BLE001 - every exception is a conformance failure, reported with its seed
        problems.append(traceback.format_exc())
    return {"scenario": name, "seed": seed, "actions": n, "outcome": outcome, "problems": problems}


def run_games(names: tuple[str, ...], seeds: range, workers: int) -> tuple[list[dict[str, Any]], float]:
    jobs = [(name, seed) for seed in seeds for name in names]  # the scenarios in turn: a partial run is even
    t0 = time.perf_counter()
    if workers <= 1:
        results = [play_and_check(*job) for job in jobs]
    else:
        ctx = multiprocessing.get_context("spawn")  # no fork of a process that may hold Qt state
        with ProcessPoolExecutor(max_workers=workers, mp_context=ctx) as pool:
            results = []
            progress = os.environ.get("HEXWRIGHT_CONFORMANCE_PROGRESS")  # a file to follow a long run in
            for r in pool.map(play_and_check, *zip(*jobs, strict=True), chunksize=2):
                results.append(r)
                if progress:
                    with open(progress, "a", encoding="utf-8") as f:
                        f.write(f"{len(results)}/{len(jobs)} {time.perf_counter() - t0:.0f}s {r['scenario']} "
                                f"seed {r['seed']}: {r['actions']} actions, {r['outcome'] or 'FAILED'}"
                                f"{' PROBLEMS ' + repr(r['problems'][:2]) if r['problems'] else ''}\n")
    return results, time.perf_counter() - t0


def _report(results: list[dict[str, Any]]) -> str:
    lines = []
    for name in SCENARIOS:
        rs = [r for r in results if r["scenario"] == name]
        if not rs:
            continue
        wins: dict[str, int] = {}
        for r in rs:
            key = r["outcome"].split(":")[0] if r["outcome"] else "failed"
            wins[key] = wins.get(key, 0) + 1
        bad = [r for r in rs if r["problems"]]
        lines.append(f"{name}: {len(rs)} games, {sum(r['actions'] for r in rs)} actions, {len(bad)} failed; "
                     + ", ".join(f"{k} {v}" for k, v in sorted(wins.items())))
    return "\n".join(lines)


def _failures(results: list[dict[str, Any]]) -> str:
    return "\n\n".join(f"{r['scenario']} seed {r['seed']}:\n" + "\n".join(r["problems"][:5])
                       for r in results if r["problems"])


def test_position_checks_catch_stacking_enemy_hexes_and_prohibited_terrain():
    """The checks themselves: a hex with two units at a phase end, units of both sides in one hex and a
    mobile unit in marsh with no road or trail are each reported."""
    from hexwright.engine.rules.protocol import new_game

    st = new_game(_scenario(SCENARIOS[0]), 1)
    g = st.game
    assert _position_problems(st, dict(st.pos), True) == []
    first, second = sorted(st.pos)[:2]  # two units of the side set up on the map
    enemy = next(u for u in g.units if g.units[u].side != g.units[first].side)
    st.pos[second] = st.pos[first]
    assert any("5.3" in p for p in _position_problems(st, {}, True))
    assert not any("5.3" in p for p in _position_problems(st, {}, False))  # moving through friends mid-phase
    st.pos[enemy] = st.pos[first]
    assert any("5.2 d" in p for p in _position_problems(st, {}, False))
    assert any("5.2 f" in p for p in _position_problems(st, {enemy: st.pos[first]._replace(q=-5)}, False))
    mobile = next(u for u in g.units if g.is_mobile(u))
    from hexwright.engine.validation.checks import hex_prohibited

    marsh = next(h for h in g.map.hexes if hex_prohibited(g.map, h, "mobile"))
    assert any("5.2 e" in p for p in _position_problems(st, {mobile: marsh}, False))


@pytest.mark.parametrize("name", SCENARIOS)
def test_random_games_play_to_the_end_legally_and_replay(name):
    games = int(os.environ.get("HEXWRIGHT_CONFORMANCE_DEFAULT_GAMES", DEFAULT_GAMES))
    results, _ = run_games((name,), range(1, 1 + games), 1)
    assert not _failures(results), _failures(results)
    assert all(r["actions"] > 100 and r["outcome"] for r in results)


@pytest.mark.slow
@pytest.mark.timeout(0)  # hours on a small machine: no per-test time limit
def test_thousands_of_random_games_of_both_scenarios():
    games = int(os.environ.get("HEXWRIGHT_CONFORMANCE_GAMES", "2000"))
    first = int(os.environ.get("HEXWRIGHT_CONFORMANCE_FIRST_SEED", "1000"))
    workers = int(os.environ.get("HEXWRIGHT_CONFORMANCE_WORKERS", os.cpu_count() or 1))
    results, seconds = run_games(SCENARIOS, range(first, first + games), workers)
    print(f"\n{_report(results)}\n{len(results)} games in {seconds:.0f} s on {workers} workers")
    assert len(results) == games * len(SCENARIOS)
    assert not _failures(results), _failures(results)
