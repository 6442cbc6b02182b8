"""Every command on the largest files the format accepts: CPU time and peak memory of each.

Issue 29's promise: every command of an accepted file runs in under 2 s of CPU on this machine, and no
command on any file takes more than 1 GB. The bounds of `engine/model/bounds.py` are what keeps a file
within that, so this builds, from the bounds in force when it runs, the largest file of each kind:

* `hex map` of 7,488 hexes, the size of the largest real map we know of, with as many values a hex as the
  largest map file: where a real game's map stands;
* `hex map`: a grid of MAX_HEXES hexes (sides at most MAX_GRID_SIDE) on F&M's terrain table, every hex's
  terrain written out, and as many hexsides (a river with a highway bridge and a road) as the loader's
  value budget (MAX_NODES) leaves;
* `levels map`: the ASL fragment's table at the same size, every hex it can afford a building with an
  upper level and a stairwell, and rowhouse walls on the hexsides the budget leaves;
* `area map`: MAX_AREAS square areas, and `area outlines`: the most points (MAX_AREA_POINTS) in outlines
  of MAX_AREA_VERTICES points;
* `scenario`: F&M Scenario 1 with its turn track filled to MAX_TURNS turns and MAX_UNITS units in all
  (the extra ones arriving on turn 1 at the south edge);

and runs each command a user would on it, one process each (`python -m hexwright.app.cli ...`): validate,
info, render to PNG at the default size and to PDF, los, export (TMX; a scenario to a VASSAL module),
counters export and images, sheets, and play of two turns. The CPU time (user + system) and the peak
resident memory of each process are read from `os.wait4`, the rusage of that child alone. The baseline,
in the same run: the same commands on the shipped F&M Scenario 1 and its map.

A row's value is CPU seconds; its notes give the peak memory and the exit status. There is no ratio
target: the target is absolute (2 s, 1 GB), stated in each row and checked by `over_bounds`.
`--quick` builds the files at a tenth of the bounds.
"""

from __future__ import annotations

import math
import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from hexwright.engine.model import bounds

from .core import Row, Settings, register

ROOT = Path(__file__).resolve().parent.parent
SCENARIOS = ROOT / "scenarios"
FM_SCENARIO = SCENARIOS / "fm-arnhem" / "scenario-1-historical.yaml"
FM_MAP = SCENARIOS / "fm-arnhem" / "arnhem-corridor.map.yaml"
ASL_MAP = SCENARIOS / "asl-arnhem-bridge" / "arnhem-bridge-fragment.map.yaml"
CPU_LIMIT_S = 120  # a command still running after this much CPU is stopped (and reported as such)
CPU_TARGET_S = 2.0
MEMORY_TARGET_MB = 1024.0
UNITS_WITHOUT_BOUND = 5_000  # the units measured when the format has no bound on them (before MAX_UNITS)
REAL_HEXES = 7_488  # the largest real map we know of (VASSAL's The Longest Day), as dense as the largest file


@dataclass
class Run:
    command: str
    cpu_s: float
    peak_mb: float
    status: int
    stopped: bool  # stopped at CPU_LIMIT_S


# The child sets its own CPU limit, runs the command and, as it exits, writes its own peak memory: the VmHWM
# of /proc/self/status, the high-water mark of the memory it mapped after exec. (Its rusage's ru_maxrss is no
# use here: Linux carries into it the peak of the memory the child was forked from, this process's.)
CHILD = """
import atexit, resource, runpy, sys
resource.setrlimit(resource.RLIMIT_CPU, ({limit}, {limit} + 5))
def peak():
    with open('/proc/self/status') as f:
        kb = [line.split()[1] for line in f if line.startswith('VmHWM:')]
    with open('peak_kb.txt', 'w') as out:
        out.write(kb[0] if kb else '0')
atexit.register(peak)
sys.argv[0] = 'hexwright'
runpy.run_module('hexwright.app.cli', run_name='__main__')
"""


def run_command(name: str, args: list[str], cwd: Path) -> Run:
    """One `hexwright` command in a process of its own: its CPU time from os.wait4 (the rusage of that child
    alone), its peak memory as it wrote it (nan when it was stopped before it could)."""
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    with open(cwd / "stderr.txt", "wb") as err:
        p = subprocess.Popen([sys.executable, "-c", CHILD.format(limit=CPU_LIMIT_S), *args], cwd=cwd, env=env,
                             stdout=subprocess.DEVNULL, stderr=err)
        _pid, status, usage = os.wait4(p.pid, 0)
    p.returncode = os.waitstatus_to_exitcode(status)
    cpu = usage.ru_utime + usage.ru_stime
    peak = cwd / "peak_kb.txt"
    peak_mb = int(peak.read_text()) / 1024.0 if peak.exists() else math.nan
    return Run(name, cpu, peak_mb, p.returncode, p.returncode in (-9, -24))


# -- the files ------------------------------------------------------------------------------------


def _table(path: Path) -> str:
    lines = path.read_text(encoding="utf-8").splitlines()
    return "\n".join(lines[lines.index("terrain_table:"):lines.index("hexes:")])


def _grid(hexes: int) -> tuple[int, int]:
    columns = min(bounds.MAX_GRID_SIDE, math.isqrt(hexes))
    return columns, min(bounds.MAX_GRID_SIDE, hexes // columns)


def _header(name: str, columns: int, rows: int, table: str, scheme: str = "xxyy") -> tuple[list[str], int]:
    digits = max(2, len(str(max(columns, rows))))
    labels = (f"{{scheme: xxyy, first_column: 1, first_row: 1, digits: {digits}}}" if scheme == "xxyy"
              else "{scheme: letter_number, first_column: 1, first_row: 1}")
    return ["format_version: 1", "kind: hexwright-map", f"name: {name}",
            f"grid: {{columns: {columns}, rows: {rows}, orientation: flat, stagger: odd, hex_size: 32}}",
            f"labels: {labels}", "default_terrain: " + ("mixed" if scheme == "xxyy" else "open"), table], digits


def _hexsides(columns: int, rows: int, n: int, label: Callable[[int, int], str]) -> list[tuple[str, str]]:
    """Up to n distinct pairs of adjacent hexes (each column's hexes with the one below them, then each
    hex with its neighbour in the next column on the same row: adjacent in either stagger)."""
    out: list[tuple[str, str]] = []
    for c in range(columns):
        for r in range(rows - 1):
            if len(out) >= n:
                return out
            out.append((label(c, r), label(c, r + 1)))
    for c in range(columns - 1):
        for r in range(rows):
            if len(out) >= n:
                return out
            out.append((label(c, r), label(c + 1, r)))
    return out


def hex_map(path: Path, hexes: int, nodes: int) -> tuple[str, str]:
    """The F&M table's largest map; returns two hex labels far apart (for `los`)."""
    columns, rows = _grid(hexes)
    lines, digits = _header(f"bounds {columns} x {rows}", columns, rows, _table(FM_MAP))

    def label(c: int, r: int) -> str:
        return f"{c + 1:0{digits}d}{r + 1:0{digits}d}"

    terrain = ("mixed", "woods", "broken", "rough", "marsh", "city", "town")
    lines.append("hexes:")
    lines += [f"  '{label(c, r)}': {terrain[(7 * c + 3 * r) % 7]}" for c in range(columns) for r in range(rows)]
    budget = int(0.99 * nodes) - 2 * columns * rows - 400  # the header and the table take about 300
    lines.append("hexsides:")
    lines += [f"  {a}/{b}: {{features: [river], bridge: highway, paths: [road]}}"
              for a, b in _hexsides(columns, rows, budget // 10, label)]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return label(0, 0), label(columns - 1, rows - 1)


def _letters(c: int) -> str:
    """ASL-style column letters (A..Z, AA..ZZ, AAA..): the column's letter repeated."""
    return chr(ord("A") + c % 26) * (c // 26 + 1)


def levels_map(path: Path, hexes: int, nodes: int) -> tuple[str, str]:
    """The ASL table's largest map: buildings with an upper level on as many hexes as the budget allows,
    rowhouse walls on hexsides with the rest; returns two locations far apart, upper levels."""
    columns, rows = _grid(hexes)
    lines, _ = _header(f"levels {columns} x {rows}", columns, rows, _table(ASL_MAP), scheme="letter_number")

    def label(c: int, r: int) -> str:
        return f"{_letters(c)}{r + 1}"

    per_hex = 17  # key, mapping, terrain, elevation, locations: [{level, terrain, features: [stairwell]}]
    budget = int(0.99 * nodes) - 400
    # half the budget for buildings, but never more than the plain hexes leave
    built = min(columns * rows, budget // (2 * per_hex), max(0, budget - 2 * columns * rows) // (per_hex - 2))
    lines.append("hexes:")
    k = 0
    for c in range(columns):
        for r in range(rows):
            if k < built:
                lines.append(f"  {label(c, r)}: {{terrain: building, elevation: 1, locations: [{{level: 1, "
                             "terrain: building_upper, features: [stairwell]}]}")
            else:
                lines.append(f"  {label(c, r)}: open")
            k += 1
    budget -= built * per_hex + (columns * rows - built) * 2
    lines.append("hexsides:")
    lines += [f"  {a}/{b}: {{features: [rowhouse]}}" for a, b in _hexsides(columns, rows, budget // 5, label)]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return f"{label(0, 0)}:1", f"{label(columns - 1, rows - 1)}"


def _square(x0: float, y0: float, side: float, n: int) -> list[tuple[float, float]]:
    """A square's outline in n points (n a multiple of 4), spread evenly along its four sides."""
    per = n // 4
    corners = [(x0, y0), (x0 + side, y0), (x0 + side, y0 + side), (x0, y0 + side), (x0, y0)]
    return [(ax + (bx - ax) * i / per, ay + (by - ay) * i / per)
            for (ax, ay), (bx, by) in zip(corners, corners[1:], strict=False) for i in range(per)]


def area_map(path: Path, areas: int, vertices: int) -> None:
    """`areas` square areas of `vertices` points each, side by side in rows (each shares its sides with
    its neighbours, as an area map's areas do)."""
    per_row = math.ceil(math.sqrt(areas))
    side = 900.0 / per_row
    lines = ["format_version: 1", "kind: hexwright-area-map", f"name: bounds {areas} areas of {vertices} points",
             "size: {width: 1000, height: 1000}", "terrain_table:", "  name: open ground", "  movement_classes: [leg]",
             "  terrain:", "    open: {name: Open, color: '#e6dfb8', move: {leg: 1}}", "areas:"]
    for k in range(areas):
        pts = _square(50 + side * (k % per_row), 50 + side * (k // per_row), side, vertices)
        outline = ", ".join(f"[{x:.3f}, {y:.3f}]" for x, y in pts)
        lines.append(f"  - {{id: 'a{k}', terrain: open, polygon: [{outline}]}}")
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def scenario(folder: Path, units: int, turns: int) -> Path:
    """F&M Scenario 1 with `turns` turns and `units` units (the extra ones enter on turn 1 at the south edge,
    as XXX Corps does); its map is the shipped one."""
    shutil.copy(FM_MAP, folder / FM_MAP.name)
    lines = FM_SCENARIO.read_text(encoding="utf-8").splitlines()
    have = lines.index("markers:") - lines.index("units:") - 1
    extra = max(0, units - have)
    last_turn = lines.index("units:") - 1
    lines[last_turn + 1:last_turn + 1] = [f"  - {{turn: {t}, allotments: {{allied: 6, german: 5}}}}"
                                          for t in range(11, turns + 1)]
    at = lines.index("markers:")
    lines[at:at] = [f"  - {{id: 'x{k}', name: XXX Corps battalion {k}, side: allied, nationality: british, "
                    "type: infantry, size: battalion, values: {attack: 4, defense: 4, movement: 10}, flags: [mobile]}"
                    for k in range(extra)]
    at = lines.index("victory:")
    ids = ", ".join(f"'x{k}'" for k in range(extra))
    if extra:
        lines.insert(at, f"  - {{turn: 1, side: allied, units: [{ids}], entry: {{edge_range: ['0103', '0106']}}}}")
    path = folder / "scenario.yaml"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


# -- the runs -------------------------------------------------------------------------------------

# name -> the command's words before the file, and after it
COMMON: dict[str, tuple[list[str], list[str]]] = {
    "validate": (["validate"], []), "info": (["info"], []), "render png": (["render"], ["-o", "out.png"]),
    "render pdf": (["render"], ["-o", "out.pdf"])}
MAP_ONLY: dict[str, tuple[list[str], list[str]]] = {"export tmx": (["export"], ["-o", "out.tmx"])}
SCENARIO_ONLY: dict[str, tuple[list[str], list[str]]] = {
    "export vmod": (["export"], ["-o", "out.vmod"]), "counters export": (["counters", "export"], ["-o", "out.csv"]),
    "counters images": (["counters", "images"], ["-o", "images"]), "sheets": (["sheets"], ["-o", "out.pdf"]),
    "play 2 turns": (["play"], ["--max-turns", "2", "--quiet"])}


def _commands(file: Path, los: tuple[str, str] | None, scenario_file: bool) -> dict[str, list[str]]:
    out = {name: [*before, str(file), *after]
           for name, (before, after) in {**COMMON, **(SCENARIO_ONLY if scenario_file else MAP_ONLY)}.items()}
    if los is not None:
        out["los"] = ["los", str(file), *los]
    return out


def measure_files(folder: Path, quick: bool) -> dict[str, list[Run]]:
    """Build every file at the bounds (a tenth of them when quick) and run its commands."""
    scale = 10 if quick else 1
    hexes, nodes = bounds.MAX_HEXES // scale, bounds.MAX_NODES // scale
    units = getattr(bounds, "MAX_UNITS", UNITS_WITHOUT_BOUND) // scale
    files: dict[str, tuple[Path, tuple[str, str] | None, bool]] = {}
    fm = folder / "baseline"
    fm.mkdir()
    shutil.copy(FM_MAP, fm / FM_MAP.name)
    shutil.copy(FM_SCENARIO, fm / FM_SCENARIO.name)
    files["F&M Scenario 1 (baseline)"] = (fm / FM_SCENARIO.name, None, True)
    files["F&M map (baseline)"] = (fm / FM_MAP.name, ("0101", "3926"), False)
    real = REAL_HEXES // scale

    def size(n: int) -> str:  # the grid's own count: the squarest grid of at most n hexes
        c, r = _grid(n)
        return f"{c * r:,} hexes ({c} x {r})"

    los = hex_map(folder / "real.map.yaml", real, real * nodes // bounds.MAX_HEXES)
    files[f"hex map, {size(real)}"] = (folder / "real.map.yaml", los, False)
    los = hex_map(folder / "hex.map.yaml", hexes, nodes)
    files[f"hex map, {size(hexes)}"] = (folder / "hex.map.yaml", los, False)
    los = levels_map(folder / "levels.map.yaml", hexes, nodes)
    files[f"levels map, {size(hexes)}"] = (folder / "levels.map.yaml", los, False)
    area_map(folder / "areas.map.yaml", bounds.MAX_AREAS // scale, 4)
    files[f"area map, {bounds.MAX_AREAS // scale:,} areas"] = (folder / "areas.map.yaml", None, False)
    vertices = bounds.MAX_AREA_VERTICES
    area_map(folder / "outlines.map.yaml", bounds.MAX_AREA_POINTS // vertices // scale, vertices)
    files[f"area map, {bounds.MAX_AREA_POINTS // scale:,} points"] = (folder / "outlines.map.yaml", None, False)
    sc = folder / "big"
    sc.mkdir()
    files[f"scenario, {units:,} units, {bounds.MAX_TURNS} turns"] = (
        scenario(sc, units, bounds.MAX_TURNS), None, True)
    results: dict[str, list[Run]] = {}
    for name, (file, los_pair, is_scenario) in files.items():
        work = folder / "run"
        runs = []
        for command, args in _commands(file, los_pair, is_scenario).items():
            shutil.rmtree(work, ignore_errors=True)
            work.mkdir()
            r = run_command(command, args, work)
            runs.append(r)
            print(f"  {name}: {r.command}: {r.cpu_s:.2f} s CPU, {r.peak_mb:.0f} MB, status {r.status}"
                  f"{' (stopped)' if r.stopped else ''}", file=sys.stderr, flush=True)
        results[name] = runs
    return results


def over_bounds(results: dict[str, list[Run]]) -> list[str]:
    """The commands over 2 s of CPU or 1 GB, as text."""
    return [f"{name}: {r.command} {r.cpu_s:.2f} s, {r.peak_mb:.0f} MB" for name, runs in results.items()
            for r in runs if r.cpu_s > CPU_TARGET_S or r.peak_mb > MEMORY_TARGET_MB]


def markdown(results: dict[str, list[Run]]) -> str:
    """The table for docs/reliability.md: a row per file, a column per command (CPU s / peak MB)."""
    commands = list(dict.fromkeys(r.command for runs in results.values() for r in runs))
    head = "| file | " + " | ".join(commands) + " |"
    lines = [head, "|" + "---|" * (len(commands) + 1)]
    for name, runs in results.items():
        by = {r.command: r for r in runs}
        cells = [(f"{by[c].cpu_s:.2f} s / {by[c].peak_mb:.0f} MB" + ("" if by[c].status == 0 else
                                                                    f" (exit {by[c].status})"))
                 if c in by else "" for c in commands]
        lines.append(f"| {name} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


@register("bounds")
def bounds_benchmark(settings: Settings) -> list[Row]:
    with tempfile.TemporaryDirectory(prefix="hexwright-bounds-") as tmp:
        results = measure_files(Path(tmp), settings.quick)
    base = {r.command: r for r in results["F&M Scenario 1 (baseline)"] + results["F&M map (baseline)"]}
    rows = []
    for name, runs in results.items():
        for r in runs:
            b = base.get(r.command)
            stopped = ", stopped at the CPU limit" if r.stopped else ""
            notes = [f"peak {r.peak_mb:.0f} MB, exit status {r.status}{stopped}"]
            rows.append(Row("bounds", f"{name}: {r.command}", "CPU s", r.cpu_s, "F&M shipped" if b else "",
                            b.cpu_s if b else None, target="< 2 s CPU, < 1 GB", notes=notes))
    print("\n" + markdown(results) + "\n", file=sys.stderr)
    over = over_bounds(results)
    print("over 2 s or 1 GB:\n  " + "\n  ".join(over) if over else "every command within 2 s and 1 GB",
          file=sys.stderr)
    return rows


# -- the sweep: where each slow command crosses 2 s ------------------------------------------------

SWEEP_HEXES = (7_488, 15_000, 20_000, 30_000)  # The Longest Day's map, then monster maps of several sheets
SWEEP_UNITS = (500, 1_000, 2_000)  # a large scenario, then a monster game's counter mix
HEX_COMMANDS = ("validate", "render png", "render pdf", "export tmx")
UNIT_COMMANDS = ("export vmod", "counters images", "sheets", "play 2 turns")


def measure_sweep(folder: Path, quick: bool) -> dict[str, list[Run]]:
    """The commands that take over 2 s at the bounds, on files of the sizes between (a tenth when quick):
    the hex map of `hex_map` (as dense as the one at the bound) at SWEEP_HEXES, and the scenario of
    `scenario` at SWEEP_UNITS; the baseline first, the same commands on the shipped F&M map and Scenario 1."""
    scale = 10 if quick else 1
    results: dict[str, list[Run]] = {}
    work = folder / "run"

    def run_all(label: str, commands: dict[str, list[str]], names: tuple[str, ...]) -> None:
        results[label] = runs = []
        for name in names:
            shutil.rmtree(work, ignore_errors=True)
            work.mkdir()
            runs.append(run_command(name, commands[name], work))
            print(f"  {label}: {name}: {runs[-1].cpu_s:.2f} s CPU", file=sys.stderr, flush=True)

    fm = folder / "baseline"
    fm.mkdir()
    shutil.copy(FM_MAP, fm / FM_MAP.name)
    shutil.copy(FM_SCENARIO, fm / FM_SCENARIO.name)
    run_all("F&M map (baseline)", _commands(fm / FM_MAP.name, None, False), HEX_COMMANDS)
    run_all("F&M Scenario 1 (baseline)", _commands(fm / FM_SCENARIO.name, None, True), UNIT_COMMANDS)
    for n in SWEEP_HEXES:
        hexes = n // scale
        path = folder / f"hex{hexes}.map.yaml"
        hex_map(path, hexes, hexes * bounds.MAX_NODES // bounds.MAX_HEXES)
        c, r = _grid(hexes)
        run_all(f"hex map, {c * r:,} hexes ({c} x {r})", _commands(path, None, False), HEX_COMMANDS)
    for n in SWEEP_UNITS:
        units = n // scale
        sc = folder / f"units{units}"
        sc.mkdir()
        run_all(f"scenario, {units:,} units", _commands(scenario(sc, units, bounds.MAX_TURNS), None, True),
                UNIT_COMMANDS)
    return results


@register("bounds_sweep")
def bounds_sweep_benchmark(settings: Settings) -> list[Row]:
    """CPU s of the commands over 2 s at the bounds, on smaller files: the size each allows."""
    with tempfile.TemporaryDirectory(prefix="hexwright-sweep-") as tmp:
        results = measure_sweep(Path(tmp), settings.quick)
    base = {r.command: r for name, runs in results.items() if "baseline" in name for r in runs}
    rows = [Row("bounds_sweep", f"{name}: {r.command}", "CPU s", r.cpu_s, "F&M shipped", base[r.command].cpu_s,
                target="< 2 s CPU, < 1 GB", notes=[f"peak {r.peak_mb:.0f} MB, exit status {r.status}"])
            for name, runs in results.items() for r in runs]
    print("\n" + markdown(results) + "\n", file=sys.stderr)
    return rows
