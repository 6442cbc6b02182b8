"""`hexwright balance SCENARIO --games N --bots heuristic,heuristic --seed S --workers W`: play many games
between bots and report win/draw/loss per side with 95% intervals, the turn each game was decided,
losses per side, the victory conditions that held and heat maps of losses and combats (text; `--json`;
`--report out.html|out.png`). `--scheduler tcp://HOST:PORT` runs the games on a Dask distributed
cluster; `--sweep 'reinforcement[3].turn=2,3,4'` repeats the study for each value of one parameter;
`--compare mcts,heuristic` plays it again with other bots (same seeds) and says whether the verdict
depends on the bots. The same seed gives the same results whatever runs the games.

The command line (output paths, numbers, matplotlib for --report) is checked before any game is played:
a refusal exits with status 2. `--json -` writes the JSON to standard output and the text report to
standard error. Ctrl-C stops the study: the finished games are reported (text and --json, --report)
and the command exits with status 130."""

from __future__ import annotations

import argparse
import sys
import time
from typing import Any

from hexwright.engine.balance import (
    Interrupted,
    SweepError,
    parse_sweep,
    run_comparison,
    run_study,
    run_sweep,
    scenario_for,
)
from hexwright.engine.balance.compare import comparison_json, comparison_text, write_comparison_report
from hexwright.engine.balance.games import GameRecord
from hexwright.engine.balance.progress import ProgressMeter
from hexwright.engine.balance.report import (
    json_report,
    sweep_json,
    sweep_text,
    text_report,
    write_report,
    write_sweep_report,
)
from hexwright.engine.balance.summary import summary_from_dict
from hexwright.engine.formats.atomic import atomic_write_text

from .checks import USAGE, check_outputs, refuse

INTERRUPTED = 130  # the exit status of a study stopped by Ctrl-C (128 + SIGINT, as a shell reports it)


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("scenario", metavar="SCENARIO", help="scenario file")
    p.add_argument("--games", type=int, default=100, help="games to play (default 100)")
    p.add_argument("--bots", default="heuristic,heuristic", help="bot for each side in side order: random, "
                   "heuristic or mcts; one name plays every side (default heuristic,heuristic)")
    p.add_argument("--seed", type=int, default=0, help="master seed: each game's seed derives from it and the "
                   "game's number (default 0)")
    p.add_argument("--workers", type=int, default=1, help="worker processes on this machine (default 1)")
    p.add_argument("--scheduler", metavar="tcp://HOST:PORT", help="run the games on this Dask distributed "
                   "scheduler instead")
    p.add_argument("--max-turns", type=int, metavar="N", help="judge each game after the first N turns of "
                   "the scenario's turn track (turns A and B of a Storm over Arnhem game count)")
    p.add_argument("--sweep", metavar="PATH=V1,V2,...", help="what-if: repeat the study for each value, e.g. "
                   "'reinforcement[3].turn=2,3,4', 'unit[2/9SS].values.attack=3,4,5', 'turns=8,10', "
                   "'turn[2].allotments.allied=4,6'")
    p.add_argument("--compare", metavar="BOTS", action="append", default=[], help="play the study again with these "
                   "bots (same seeds; repeatable), e.g. 'mcts,heuristic', and say whether the verdict depends on "
                   "the bots")
    p.add_argument("--json", metavar="FILE", help="write the results as JSON; '-' writes them to standard output "
                   "(the text report then goes to standard error)")
    p.add_argument("--report", metavar="FILE", help="write a report with plots: .html or .png")
    p.add_argument("--quiet", action="store_true", help="no progress line")
    p.add_argument("--from-json", metavar="FILE", help="play nothing: report the study that --json wrote to FILE "
                   "again (text, and --report), e.g. after a change of the report; SCENARIO gives the map")


def _matplotlib_problem() -> str:
    """Why the plots of --report cannot be drawn here ("" when they can)."""
    try:
        import matplotlib.figure  # noqa: F401 - drawn by report.py, without pyplot
    except ImportError as exc:
        return f"--report needs matplotlib, which cannot be imported ({exc}): pip install matplotlib"
    return ""


def _check(args: argparse.Namespace) -> int:
    """0 when the command line can be carried out, else the refusal's exit status (after saying why):
    everything that would fail after the games is checked before them."""
    if args.games < 1:
        return refuse("balance", "--games must be at least 1")
    if args.workers < 1:
        return refuse("balance", "--workers must be at least 1")
    if args.max_turns is not None and args.max_turns < 1:
        return refuse("balance", "--max-turns must be at least 1")
    if args.compare and args.sweep:
        return refuse("balance", "--compare and --sweep: one at a time")
    if args.report and not args.report.lower().endswith((".html", ".htm", ".png")):
        return refuse("balance", f"--report {args.report}: write the report as .html or .png")
    if check_outputs("balance", {"--json": None if args.from_json else args.json, "--report": args.report},
                     stdout_ok=("--json",)):
        return USAGE
    if args.report:
        problem = _matplotlib_problem()
        if problem:
            return refuse("balance", problem)
    return 0


def run(args: argparse.Namespace) -> int:
    refused = _check(args)
    if refused:
        return refused
    if args.from_json:
        return _report_again(args)
    bots = [n.strip() for n in args.bots.split(",") if n.strip()] or ["heuristic"]
    options = {"max_turns": args.max_turns} if args.max_turns is not None else {}
    meter: ProgressMeter | None = None
    tty = sys.stderr.isatty()

    def progress(done: int, total: int, rec: GameRecord) -> None:
        nonlocal meter
        if args.quiet:
            return
        if meter is None or meter.total != total:
            meter = ProgressMeter(total, start)
        if meter.due(done):  # a line at most every 2 s, and the last one
            line = meter.reading(done).text()
            if tty:
                print(f"\r{line}\033[K", end="\n" if done >= total else "", file=sys.stderr, flush=True)
            else:
                print(line, file=sys.stderr, flush=True)

    start = time.monotonic()
    status = 0
    try:
        if args.compare:
            pairs = [bots] + [[n.strip() for n in c.split(",") if n.strip()] or ["heuristic"] for c in args.compare]
            try:
                summaries = run_comparison(args.scenario, args.games, pairs, args.seed, args.workers, args.scheduler,
                                           options, progress)
            except Interrupted as stop:
                summaries, status = _stopped(stop, tty, f"{len(stop.result)} of {len(pairs)} studies complete")
            if summaries:
                print(comparison_text(summaries), file=_report_out(args))
                _write_json(args, comparison_json(summaries))
                if args.report:
                    write_comparison_report(summaries, args.report)
            return status
        if args.sweep:
            path, values = parse_sweep(args.sweep)
            try:
                summaries = run_sweep(args.scenario, path, values, args.games, bots, args.seed, args.workers,
                                      args.scheduler, options, progress)
            except Interrupted as stop:
                summaries, status = _stopped(stop, tty, f"{len(stop.result)} of {len(values)} values complete")
            if summaries:
                _write_sweep(args, path, [s.parameter[1] for s in summaries if s.parameter], summaries)
            return status
        try:
            summary = run_study(args.scenario, args.games, bots, args.seed, args.workers, args.scheduler, options,
                                progress=progress)
        except Interrupted as stop:
            summary, status = _stopped(stop, tty, "")
            if not summary.games:
                return status
        _write_study(args, summary)
        return status
    except (SweepError, ValueError, RuntimeError, OSError) as exc:
        print(f"hexwright balance: {exc}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:  # Ctrl-C before the games began, or while the results were written
        print("\nhexwright balance: stopped (Ctrl-C)" if tty else "hexwright balance: stopped (Ctrl-C)",
              file=sys.stderr)
        return INTERRUPTED


def _stopped(stop: Interrupted, tty: bool, more: str) -> tuple[Any, int]:
    """The result of a study stopped by Ctrl-C, said on standard error; the exit status."""
    n = len(stop.found)
    what = f"{n} finished game{'s' if n != 1 else ''} reported" if n else "no game finished"
    print(("\n" if tty else "") + f"hexwright balance: stopped (Ctrl-C): {what}" + (f", {more}" if more else ""),
          file=sys.stderr, flush=True)
    return stop.result, INTERRUPTED


def _report_out(args: argparse.Namespace):
    """Where the text report goes: standard error when --json takes standard output."""
    return sys.stderr if args.json == "-" else sys.stdout


def _write_json(args: argparse.Namespace, text: str) -> None:
    if args.json == "-":
        sys.stdout.write(text if text.endswith("\n") else text + "\n")
        sys.stdout.flush()
    elif args.json:
        atomic_write_text(args.json, text)


def _write_study(args: argparse.Namespace, summary: Any) -> None:
    print(text_report(summary), file=_report_out(args))
    _write_json(args, json_report(summary))
    if args.report:
        write_report(summary, args.report)


def _write_sweep(args: argparse.Namespace, path: str, values: list[Any], summaries: list[Any]) -> None:
    print(sweep_text(path, values, summaries), file=_report_out(args))
    _write_json(args, sweep_json(path, values, summaries))
    if args.report:
        write_sweep_report(path, values, summaries, args.report)


def _report_again(args: argparse.Namespace) -> int:
    """The text report and --report of a study (or a sweep) from the JSON that --json wrote."""
    import json

    try:
        with open(args.from_json, encoding="utf-8") as f:
            data = json.load(f)
        studies = data["studies"] if "studies" in data else data["compared"] if "compared" in data else [data]
        summaries = []
        for d in studies:
            parameter = tuple(d["parameter"]) if d.get("parameter") else None
            summaries.append(summary_from_dict(d, scenario_for(args.scenario, parameter)))
    except (OSError, ValueError, KeyError, TypeError) as exc:
        print(f"hexwright balance: {args.from_json}: not a study written by --json ({exc})", file=sys.stderr)
        return 1
    if "compared" in data:
        print(comparison_text(summaries))
        if args.report:
            write_comparison_report(summaries, args.report)
        return 0
    if "studies" in data:
        values = [s.parameter[1] for s in summaries if s.parameter]
        print(sweep_text(data["parameter"], values, summaries))
        if args.report:
            write_sweep_report(data["parameter"], values, summaries, args.report)
        return 0
    print(text_report(summaries[0]))
    if args.report:
        write_report(summaries[0], args.report)
    return 0
