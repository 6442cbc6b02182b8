"""Checks of a command's arguments made before any work starts (a study of many games, a whole game, a
drawing), so that a mistyped output path or a nonsensical number is refused at once with a message and
exit status 2, instead of raising after the work was done and losing it."""

from __future__ import annotations

import argparse
import math
import os
import sys
from pathlib import Path

USAGE = 2  # the exit status of a refused command line (as argparse's)


def output_problem(path: str) -> str:
    """Why a file cannot be written at `path` (it is a folder, its folder is missing or not writable); ""
    when it can."""
    p = Path(path)
    if p.is_dir():
        return f"cannot write {path}: it is a folder; give a file name"
    parent = p.parent if str(p.parent) else Path(".")
    if not parent.is_dir():
        what = "is not a folder" if parent.exists() else "does not exist"
        return f"cannot write {path}: the folder {parent} {what}"
    if not os.access(parent, os.W_OK | os.X_OK):
        return f"cannot write {path}: the folder {parent} is not writable"
    if p.exists() and not os.access(p, os.W_OK):
        return f"cannot write {path}: the file is read-only"
    return ""


def refuse(command: str, message: str) -> int:
    print(f"hexwright {command}: {message}", file=sys.stderr)
    return USAGE


def _same_file(a: str, b: str) -> bool:
    try:
        return Path(a).resolve() == Path(b).resolve()
    except OSError:
        return False


def check_outputs(command: str, outputs: dict[str, str | None], stdout_ok: tuple[str, ...] = (),
                  inputs: list[str] | tuple[str, ...] = ()) -> int:
    """0 when every given output (flag -> path) can be written, else the refusal's exit status (after
    printing why). The flags in `stdout_ok` may be "-" (standard output). An output that is one of the
    command's `inputs`, or that two flags both name, is refused too: writing it would destroy what was read
    or what the other wrote."""
    seen: dict[str, str] = {}
    for flag, path in outputs.items():
        if path is None or (path == "-" and flag in stdout_ok):
            continue
        problem = output_problem(path)
        if problem:
            return refuse(command, f"{flag} {problem}")
        for src in inputs:
            if _same_file(path, src):
                return refuse(command, f"{flag} {path} is the input file {src}; writing it would replace it")
        for other_flag, other in seen.items():
            if _same_file(path, other):
                return refuse(command, f"{flag} and {other_flag} both name {path}; give two different files")
        seen[flag] = path
    return 0


def check_suffix(command: str, flag: str, path: str | None, suffixes: tuple[str, ...], what: str) -> int:
    """0 when `path` (if given) ends in one of `suffixes` (lower case, with the dot), else the refusal's exit
    status: a file named .png that holds a PDF or YAML is a silent wrong output."""
    if path is None or Path(path).suffix.lower() in suffixes:
        return 0
    return refuse(command, f"{flag} {path}: {what} is written to a {' or '.join(suffixes)} file; "
                  f"name it so (the suffix {Path(path).suffix or '(none)'} says otherwise)")


def positive_number(value: float | None) -> bool:
    return value is None or (math.isfinite(value) and value > 0)


def report_written(args: argparse.Namespace, written: list[str], notes: list[str]) -> None:
    """What was written and the notes: as lines (notes on standard error), or as JSON with --json FILE|-."""
    import json

    if args.json == "-":
        print(json.dumps({"input": args.file, "written": written, "notes": notes}, indent=2))
        return
    for note in notes:
        print(f"{args.file}: note: {note}", file=sys.stderr)
    for path in written:
        print(path)
    if args.json:
        from hexwright.engine.formats.atomic import atomic_write_text

        atomic_write_text(args.json, json.dumps({"input": args.file, "written": written, "notes": notes}, indent=2)
                          + "\n")
