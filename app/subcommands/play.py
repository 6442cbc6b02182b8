"""`hexwright play SCENARIO --seed N --bots random|heuristic[,random|heuristic]`: play one game headless by
the scenario's rules and print its log in the rules' words and the result; the bots are those of
engine/bots (the uniform random bot, or the rules family's heuristic bot); `--log FILE` saves the game log;
`hexwright play --replay FILE` replays a saved log (every action checked, every roll re-drawn).

One game searches with the movement kernel's pure-Python loop: numba's import and the loading of the
compiled search cost more than they save in one game (docs/benchmarks.md, "Start-up of validate and
play"); both give the same reachable sets, costs and paths. HEXWRIGHT_PURE_MOVEMENT=0 in the
environment leaves the choice to the kernel (fastdial.py: the compiled search once the pure-Python searches
have paid for it; an MCTS bot loads it when made), =1 the Python loop, as everywhere."""

from __future__ import annotations

import argparse
import os
import sys
from typing import TYPE_CHECKING

from hexwright.engine.bots import BOT_NAMES, make_bot, play
from hexwright.engine.formats import load_scenario
from hexwright.engine.rules.presentation import outcome_text, phase_text
from hexwright.engine.rules.protocol import CHANCE, GameState, new_game

from .checks import USAGE, check_outputs, refuse

if TYPE_CHECKING:
    from hexwright.engine.model import Scenario


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("scenario", nargs="?", metavar="SCENARIO", help="scenario file")
    p.add_argument("--seed", type=int, default=0, help="seed of the dice and of the bots (default 0)")
    p.add_argument("--bots", default="random", help=f"bot for each side in side order, comma separated; one name "
                   f"plays both sides ({', '.join(BOT_NAMES)}; default: random)")
    p.add_argument("--log", metavar="FILE", help="save the game log here")
    p.add_argument("--max-turns", type=int, metavar="N",
                   help="end the game after the first N turns of the scenario's turn track (in a game with "
                   "turns A and B before turn 1: 1 is Turn A, 3 through Turn 1)")
    p.add_argument("--replay", metavar="LOG", help="replay a saved game log instead of playing")
    p.add_argument("--quiet", action="store_true", help="print only the result")


def _load(path: str) -> Scenario | None:
    result = load_scenario(path)
    errors = [d for d in result.diagnostics if d.severity.name == "ERROR"]
    for d in errors:
        print(d.format(), file=sys.stderr)
    if result.scenario is None or errors:
        print(f"{path}: cannot play: the scenario has errors", file=sys.stderr)
        return None
    return result.scenario


def print_log(state: GameState, out=None) -> None:
    """Each action with the phase it was taken in, and the rules' account of what it did."""
    out = sys.stdout if out is None else out  # looked up per call: sys.stdout may be replaced after import
    events: dict[int, list[str]] = {}
    for i, text in getattr(state, "events", []):
        events.setdefault(i, []).append(text)
    for text in events.get(0, []):
        print(f"    {text}", file=out)
    for i, entry in enumerate(state.history(), 1):
        who = "dice" if entry.player == CHANCE else state.side_name(entry.player)
        print(f"{phase_text(state, entry.phase)}: {who}: {entry.action.text()}", file=out)
        for text in events.get(i, []):
            print(f"    {text}", file=out)


def one_game_movement() -> None:
    """The movement kernel's pure-Python search for this process's one game, unless the environment
    chooses (HEXWRIGHT_PURE_MOVEMENT): see the module's docstring."""
    if "HEXWRIGHT_PURE_MOVEMENT" not in os.environ:
        from hexwright.engine.movement import fastdial

        fastdial.enabled = False


def run(args: argparse.Namespace) -> int:
    one_game_movement()
    if args.replay:
        from hexwright.engine.rules.log import GameLog, LogError, replay  # logs: only with --replay or --log

        try:
            log = GameLog.load(args.replay)
        except (OSError, LogError) as exc:
            print(f"{args.replay}: {exc}", file=sys.stderr)
            return 1
        path = args.scenario or str(log.scenario_file(args.replay))
        sc = _load(path)
        if sc is None:
            return 1
        try:
            state = replay(sc, log)
        except (LogError, ValueError) as exc:
            print(f"{args.replay}: does not replay: {exc}", file=sys.stderr)
            return 1
        if not args.quiet:
            print_log(state)
        print(f"replayed {len(log.actions)} actions exactly; result: {outcome_text(state) or 'game not finished'}")
        return 0
    if not args.scenario:
        print("hexwright play: a SCENARIO file (or --replay LOG) is needed", file=sys.stderr)
        return 2
    if args.max_turns is not None and args.max_turns < 1:
        return refuse("play", "--max-turns must be at least 1")
    if check_outputs("play", {"--log": args.log}):  # before the game, not after it
        return USAGE
    sc = _load(args.scenario)
    if sc is None:
        return 1
    options = {"max_turns": args.max_turns} if args.max_turns is not None else {}
    try:
        state = new_game(sc, args.seed, options)
    except ValueError as exc:
        print(f"{args.scenario}: {exc}", file=sys.stderr)
        return 1
    names = [n.strip() for n in args.bots.split(",") if n.strip()] or ["random"]
    sides = [s.id for s in sc.sides]
    if len(names) == 1:
        names = names * len(sides)
    if len(names) != len(sides):
        print(f"--bots names {len(names)} bots for {len(sides)} sides ({', '.join(state.side_name(s) for s in sides)})",
              file=sys.stderr)
        return 2
    try:
        bots = {side: make_bot(name, args.seed * 7919 + i, sc)
                for i, (side, name) in enumerate(zip(sides, names, strict=True))}
    except ValueError as exc:
        print(str(exc), file=sys.stderr)
        return 2
    play(state, bots)
    if not args.quiet:
        print_log(state)
    if args.log:
        from hexwright.engine.rules.log import GameLog

        GameLog.of(state, args.scenario).save(args.log)
        print(f"log saved to {args.log}", file=sys.stderr)
    print(f"result: {outcome_text(state)}")
    return 0
