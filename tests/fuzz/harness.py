"""One fuzz case: a shipped scenario and its map copied into a folder, one of the two files damaged by a
mutation (mutate.py), then what a user would do with it, through the `hexwright` command in this process:

* `validate` (the loader and validation, app/subcommands/loading.py: `load_any`): the file is either rejected,
  every error naming the file and a line, or accepted;
* an accepted scenario is played for two game turns with random bots (`hexwright play --max-turns 2`),
  rendered (`hexwright render`, a small PNG) and printed as counter sheets (`hexwright sheets`); each must
  end with status 0 and raise nothing (docs/reliability.md: a file that validates never makes a command
  raise).

`run_case(n, seed)` is deterministic: case n of a run with master seed `seed` always draws the same source,
file and mutation. Its `Outcome.kind` is one of ACCEPTED, REJECTED (with a line), and the failures:
UNLOCATED (an error without a line), CRASH (an exception escaped: the traceback is in `detail`), REFUSED (a
command ended with a non-zero status on a file that validates).
"""

from __future__ import annotations

import contextlib
import functools
import io
import random
import shutil
import tempfile
import time
import traceback
from dataclasses import dataclass
from pathlib import Path

from . import kinds
from .mutate import mutate

ROOT = Path(__file__).resolve().parents[2]
SCENARIOS = ROOT / "scenarios"
ACCEPTED, REJECTED, UNLOCATED, CRASH, REFUSED = "accepted", "rejected", "unlocated", "crash", "refused"
FAILURES = (UNLOCATED, CRASH, REFUSED, kinds.BAD_OUTPUT)
# the share of cases of each kind: a damaged scenario or its map file (this module), a damaged map file alone
# and a damaged Tiled map for `import` (kinds.py); the rest are scenario cases
MAP_CASES, TMX_CASES = 0.27, 0.25


@functools.lru_cache(maxsize=1)
def sources() -> list[tuple[Path, Path]]:
    """(scenario, its map file) of every shipped scenario that keeps its map in a file of its own."""
    import yaml

    out = []
    for path in sorted(SCENARIOS.glob("*/*.yaml")):
        head = path.read_text(encoding="utf-8")
        if "kind: hexwright-scenario" not in head:
            continue
        doc = yaml.safe_load(head)
        ref = doc.get("map") if isinstance(doc, dict) else None
        if isinstance(ref, str):
            out.append((path, path.parent / ref))
    return out


@dataclass
class Outcome:
    case: int
    source: str
    target: str  # "scenario" or "map": the file that was damaged
    mutation: str
    kind: str
    detail: str = ""
    seconds: float = 0.0  # CPU seconds of this process for the case


def _cli(argv: list[str]) -> int:
    from hexwright.app.cli import main

    out = io.StringIO()
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(out):
            return int(main(argv) or 0)
    except SystemExit as exc:  # argparse: a refused argument
        return int(exc.code or 0) if isinstance(exc.code, int) else 2


def check(scenario: Path, folder: Path, extra: random.Random | None = None) -> tuple[str, str]:
    """What happens to a (possibly damaged) scenario: (kind, detail)."""
    from hexwright.app.subcommands.loading import load_any
    from hexwright.engine.validation import Severity

    obj, diags = load_any(scenario)
    errors = [d for d in diags if d.severity is Severity.ERROR]
    if obj is None or errors:
        unlocated = [d for d in errors if not d.file or d.line <= 0]
        if unlocated or not errors:
            what = unlocated[0].format() if unlocated else "rejected with no error diagnostic"
            return UNLOCATED, what
        return REJECTED, errors[0].format()
    for name, argv in (
        ("play", ["play", str(scenario), "--seed", "1", "--max-turns", "2", "--bots", "random", "--quiet"]),
        ("render", ["render", str(scenario), "-o", str(folder / "map.png"), "--scale", "0.2"]),
        ("sheets", ["sheets", str(scenario), "-o", str(folder / "sheets.pdf")]),
    ):
        rc = _cli(argv)
        if rc != 0:
            return REFUSED, f"hexwright {name} ended with status {rc} on a file that validates"
    if extra is not None:  # one more command, drawn for the case (kinds.py)
        failed = kinds.scenario_extra(scenario, folder, extra)
        if failed is not None:
            return failed
    return ACCEPTED, ""


def plan(n: int, seed: int) -> tuple[random.Random, Path, Path, str]:
    """Case n's generator (after its draws), scenario, map file and the file to damage ("scenario", "map", or
    "map file" and "tmx" for the cases of kinds.py, whose source those draw)."""
    rng = random.Random(f"{seed}:{n}")
    draw = rng.random()
    if draw < MAP_CASES + TMX_CASES:
        return rng, Path(), Path(), "map file" if draw < MAP_CASES else "tmx"
    scenario, map_file = rng.choice(sources())
    target = "scenario" if rng.random() < 0.6 else "map"
    return rng, scenario, map_file, target


def run_case(n: int, seed: int) -> Outcome:
    rng, scenario, map_file, target = plan(n, seed)
    if target in ("map file", "tmx"):
        return _run_other(n, rng, target)
    folder = Path(tempfile.mkdtemp(prefix="hexwright-fuzz-"))
    t0 = time.process_time()
    try:
        shutil.copy(scenario, folder / scenario.name)
        shutil.copy(map_file, folder / map_file.name)
        victim = folder / (scenario.name if target == "scenario" else map_file.name)
        damaged, mutation = mutate(victim.read_bytes(), rng)
        victim.write_bytes(damaged)
        try:
            kind, detail = check(folder / scenario.name, folder, rng)
        except Exception:  # the point of the suite: nothing may escape
            kind, detail = CRASH, traceback.format_exc(limit=8)
        return Outcome(n, scenario.relative_to(SCENARIOS).as_posix(), target, mutation, kind, detail,
                       time.process_time() - t0)
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def _run_other(n: int, rng: random.Random, target: str) -> Outcome:
    """A case of kinds.py: a damaged map file alone, or a damaged Tiled map imported."""
    folder = kinds.fresh_folder()
    t0 = time.process_time()
    source, mutation = "?", "?"
    try:
        run = kinds.run_map_case if target == "map file" else kinds.run_tmx_case
        try:
            source, target, mutation, (kind, detail) = run(rng, folder)
        except Exception:  # the point of the suite: nothing may escape
            kind, detail = CRASH, traceback.format_exc(limit=8)
        return Outcome(n, source, target, mutation, kind, detail, time.process_time() - t0)
    finally:
        shutil.rmtree(folder, ignore_errors=True)
